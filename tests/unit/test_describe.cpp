// `describe` says what the engine does: for every special with a skip or a penalty of every
// shipped variant, and of one-key overrides of them, the effect is played at a table and the
// sentence describe_variant writes for it is held against what happened (who was skipped, how
// many cards the victim must draw, whether it missed its turn, how a stacked answer adds up,
// play again, not_on, a reverse with two players). The expected words are built from the
// observed behaviour, never from the variant's numbers.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../common/cards.hpp"
#include "../common/temp_dir.hpp"
#include "switchcards/core/deck.hpp"
#include "switchcards/engine/card_knowledge.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/view.hpp"
#include "switchcards/io/describe.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;
using switchcards::testing::TempDir;

namespace {

// describe's text with line wrapping undone.
std::string flat(std::string text) {
  for (char& c : text)
    if (c == '\n') c = ' ';
  std::string out;
  for (char c : text)
    if (!(c == ' ' && !out.empty() && out.back() == ' ')) out += c;
  return out;
}

// The sentence of one special: from "(name): " to the next list item.
std::string sentence_of(const std::string& text, const std::string& name) {
  const std::string head = "(" + name + "): ";
  const std::size_t at = text.find(head);
  if (at == std::string::npos) return "";
  const std::size_t end = text.find(" - ", at);
  const std::size_t from = at + head.size();
  return text.substr(from, end == std::string::npos ? std::string::npos : end - from);
}

int count_skips(const EventBuffer& ev, int seat = -1, bool other_than = false) {
  int n = 0;
  for (const Event& e : ev)
    if (e.kind == EventKind::seat_skipped &&
        (seat < 0 || (other_than ? e.seat != seat : e.seat == seat)))
      ++n;
  return n;
}

struct Table {
  std::vector<Card> plain;  // cards of the deck with no effect, not wild, distinct
  Card pop() {
    REQUIRE(!plain.empty());
    const Card c = plain.back();
    plain.pop_back();
    return c;
  }
};

// A card of `cards` in the deck, not a joker, other than `not_this`.
std::optional<Card> pick(const Engine& e, CardMask cards, int players, CardMask not_these = {}) {
  const Pile deck = build_deck(e.variant().deck_for(players));
  for (Card c : deck.cards())
    if (cards.contains(c) && !c.is_joker() && !not_these.contains(c)) return c;
  return std::nullopt;
}

Table plain_cards(const Engine& e, int players) {
  Table t;
  CardMask seen;
  const Pile deck = build_deck(e.variant().deck_for(players));
  for (Card c : deck.cards()) {
    if (c.is_joker() || e.effect_of(c) != nullptr || seen.contains(c)) continue;
    seen.insert(c);
    t.plain.push_back(c);
  }
  std::reverse(t.plain.begin(), t.plain.end());
  return t;
}

// Seat 0 holds `card` and two plain cards, each other seat two plain cards (and seat 1 also
// `answer`, if given); the top card is a plain card of `card`'s suit (or `top`, if given).
struct Setup {
  State state;
  bool ok = false;
};
Setup set_up(const Engine& e, int players, Card card, std::optional<Card> answer = {},
             std::optional<Card> top = {}) {
  Table t = plain_cards(e, players);
  Position p;
  Card on;
  if (top) {
    on = *top;
    t.plain.erase(std::remove(t.plain.begin(), t.plain.end(), on), t.plain.end());
  } else {
    auto it = std::find_if(t.plain.begin(), t.plain.end(),
                           [&](Card c) { return c.suit() == card.suit() && c != card; });
    if (it == t.plain.end()) return {};
    on = *it;
    t.plain.erase(it);
  }
  p.discard = {on};
  p.hands.push_back({card, t.pop(), t.pop()});
  for (int seat = 1; seat < players; ++seat) {
    p.hands.push_back({t.pop(), t.pop()});
    if (seat == 1 && answer) p.hands.back().push_back(*answer);
  }
  p.stock = t.plain;
  Setup s;
  s.state = e.position(p);
  s.ok = true;
  return s;
}

// Plays `c` for `seat` as a whole turn: under play.several a seat that could lay more ends its
// turn there (pass), so the card's effect comes at once.
ApplyResult play_turn(const Engine& e, State& s, int seat, Card c, EventBuffer* ev = nullptr);

Action play_of(const Engine& e, int seat, Card c) {
  const Effect* fx = e.effect_of(c);
  const bool names = fx && fx->names_suit;
  return Action::play(seat, c, names ? c.suit() : Suit::none);
}

ApplyResult play_turn(const Engine& e, State& s, int seat, Card c, EventBuffer* ev) {
  const ApplyResult r = e.apply(s, play_of(e, seat, c), ev);
  if (r.ok() && s.phase == Phase::laying) return e.apply(s, Action::pass(seat), ev);
  return r;
}

// Holds the sentence of every special against the engine; returns how many claims it checked.
int check_variant(const std::string& label, const Variant& v) {
  const Engine e(v);
  const std::string text = flat(describe_variant(v));
  const int players = std::clamp(6, v.deal.min_players, v.deal.max_players);
  int claims = 0;
  for (const Effect& fx : v.specials) {
    const auto card = pick(e, fx.cards.cards, players);
    if (!card) continue;
    const std::string said = sentence_of(text, fx.name);
    INFO(label << ", " << fx.name << " (" << to_string(*card) << "): \"" << said << "\"");
    REQUIRE(!said.empty());
    const auto contains = [&](const std::string& part) {
      INFO("expected: \"" << part << "\"");
      CHECK(said.find(part) != std::string::npos);
      ++claims;
    };
    const auto lacks = [&](const std::string& part) {
      INFO("not expected: \"" << part << "\"");
      CHECK(said.find(part) == std::string::npos);
      ++claims;
    };

    if (fx.draw > 0 || fx.skip > 0 || fx.play_again) {
      Setup s = set_up(e, players, *card);
      if (!s.ok) continue;
      EventBuffer ev;
      const ApplyResult r = play_turn(e, s.state, 0, *card, &ev);
      INFO("play refused: " << r.reason());
      REQUIRE(r.ok());
      if (fx.play_again) {
        CHECK(s.state.turn == 0);
        contains("its player plays again");
      } else if (!s.state.pending.active()) {
        const int n = count_skips(ev);
        // Skipped going the other way (a reverse turned play round first): "before".
        const bool before = count_skips(ev, players - 1) > 0;
        contains(n == 1 ? std::string(before ? "the player before" : "the next player") +
                              " misses a turn"
                        : fmt::format("the {} {} players miss their turn",
                                      before ? "previous" : "next", n));
      } else {
        const int victim = s.state.turn;
        // The sentence names the victim the engine chose: the player after seat 0, or the one
        // before it (play sent back or reversed).
        REQUIRE((victim == 1 || victim == players - 1));
        const std::string who = victim == 1 ? "the next player" : "the player before";
        const int owed = s.state.pending.draw;
        State taken = s.state;
        EventBuffer ev2;
        REQUIRE(e.apply(taken, owed > 0 ? Action::draw(victim) : Action::pass(victim), &ev2).ok());
        const bool missed = count_skips(ev2, victim) > 0;
        const int after = count_skips(ev2, victim, true);
        // specials' `waits`: the victim's further turns to miss, instead of players skipped.
        const int waits = static_cast<int>(turns_to_miss(taken, victim));
        if (waits > 0) contains("whoever takes the penalty misses a turn for each skip on it");
        if (owed > 0) {
          const std::string draws = fmt::format("{} must draw {}", who, owed);
          contains(draws);
          if (waits > 0)
            contains(fmt::format("{} and miss {} turns", draws, 1 + waits));
          else if (missed)
            contains(draws + " and miss the turn");
          else
            lacks(draws + " and miss the turn");
          if (after == 1) contains("the player after its victim is skipped too");
          if (after > 1)
            contains(fmt::format("the {} players after its victim are skipped", after));
          if (after == 0) lacks("after its victim");
        } else {
          const int n = (missed ? 1 : 0) + after;
          if (waits > 0)
            contains(fmt::format("{} misses {} turns", who, n + waits));
          else
            contains(n == 1 ? who + " misses a turn"
                            : fmt::format("the {} {} players miss their turn",
                                          victim == 1 ? "next" : "previous", n));
        }
        // A stacked answer with a card of the same effect.
        if (const auto answer = pick(e, fx.stack.cards & fx.cards.cards, players,
                                     CardMask::of(*card) | fx.cancel.cards)) {
          Setup st = set_up(e, players, *card, answer);
          REQUIRE(st.ok);
          REQUIRE(play_turn(e, st.state, 0, *card).ok());
          const int first = st.state.pending.draw, first_skip = st.state.pending.skip;
          if (e.check(st.state, play_of(e, 1, *answer)) == Refusal::none) {
            REQUIRE(play_turn(e, st.state, 1, *answer).ok());
            const int second = st.state.pending.draw, second_skip = st.state.pending.skip;
            // Where the stack mixes cards that draw differently (Makao's 2s and 3s), each
            // card's own draw is told instead of one series.
            bool mixed = false;
            for (CardMask m = fx.stack.cards; !m.empty();)
              if (const Effect* other = e.effect_of(m.pop_first()); other && other->draw != fx.draw)
                mixed = true;
            if (first > 0 && second == 2 * first && mixed)
              contains(fmt::format("{} adds {}", rank_symbol(card->rank()), first));
            else if (first > 0 && second == 2 * first)
              contains(fmt::format("({}, {}, {}...)", first, second, 3 * first));
            else if (first > 0 && second == first)
              contains("which passes it on unchanged");
            if (const int more = second_skip - first_skip; first == 0 && more > 0) {
              // Taken: the skips pass over players, or (waits) are turns its taker misses.
              State taken = st.state;
              const int taker = taken.turn;
              REQUIRE(e.apply(taken, Action::pass(taker)).ok());
              if (turns_to_miss(taken, taker) > 0)
                contains(fmt::format("with {} more {} to miss per answer", more,
                                     more == 1 ? "turn" : "turns"));
              else if (more == 1)
                contains("with one more player skipped per answer");
              else
                contains(fmt::format("with {} more players skipped per answer", more));
            }
          } else if (fx.cap > 0) {
            // Refused only because the cap would be passed.
            CHECK(e.check(st.state, play_of(e, 1, *answer)) == Refusal::cap_exceeded);
            contains(fmt::format("up to {}", fx.cap));
          }
        }
      }
    }
    if (fx.reverse && v.deal.min_players <= 2) {
      // With two players: the same player again (a skip), or a plain change of direction.
      Setup s = set_up(e, 2, *card);
      if (s.ok) {
        REQUIRE(play_turn(e, s.state, 0, *card).ok());
        // A penalty it sets is the other player's: skipped past them, it fell on seat 0.
        if (s.state.pending.active()) CHECK(s.state.turn == 1);
        if (s.state.turn == 0)
          contains(fx.skip > 0 ? "(with two players only its own skip counts)"
                               : "(with two players it acts as a skip)");
        else
          lacks("(with two players it acts as a skip)");
      }
    }
    if (!fx.not_on.cards.empty()) {
      // A card it may not go on, of its own suit (else it would not match anyway).
      if (const auto top = pick(e, fx.not_on.cards & CardMask::of_suit(card->suit()), players,
                                CardMask::of(*card))) {
        Setup s = set_up(e, players, *card, {}, top);
        REQUIRE(s.ok);
        CHECK(e.check(s.state, play_of(e, 0, *card)) != Refusal::none);
        contains("it may not be played on");
      }
    }
  }
  return claims;
}

}  // namespace

TEST_CASE("describe: every shipped variant's specials say what the engine does") {
  int claims = 0;
  for (const std::string& name : builtin_variant_names())
    claims += check_variant(name, load_variant(name));
  CHECK(claims >= 40);
}

TEST_CASE("describe: one-key overrides say what the engine does") {
  // Regression: `skip: 2` was described as "the next player misses 2 turns"; the engine skips
  // two players.
  const char* overrides[] = {
      "{specials: {skip: {skip: 2}}}",
      "{specials: {skip: {skip: 3}}}",
      "{specials: {skip: {stack: 8}}}",
      "{specials: {skip: {stack: 8, skip: 2}}}",
      "{specials: {draw-two: {skip: 1}}}",
      "{specials: {draw-two: {skip: 2}}}",
      "{specials: {draw-two: {skip: 3}}}",
      "{specials: {draw-two: {miss_turn: false}}}",
      "{specials: {draw-two: {stack_adds: false}}}",
      "{specials: {draw-two: {cap: 4}}}",
      "{specials: {draw-two: {draw: 100}}}",
      "{specials: {pick-up-seven: {miss_turn: false}}}",
      "{specials: {pick-up-seven: {stack: black J}}}",
      "{specials: {reverse: {two_players: reverse}}}",
      "{specials: {reverse: {draw: 2}}}",
      "{specials: {go-back: {cards: 5, back: true, draw: 3}}}",
      "{specials: {nines: {cards: 9, play_again: true}}}",
      "{specials: {skip: {not_on: 7}}}",
  };
  int claims = 0;
  for (const char* o : overrides) {
    const Variant v = load_variant("british", o, "override");
    const int before = claims;
    claims += check_variant(std::string("british ") + o, v);
    INFO(o);
    CHECK(claims > before);  // each override was observed
  }
}

TEST_CASE("describe: an answer that moves play says the penalty goes on from where it sends it") {
  // Found while writing house rules: `stack: [2, A]` read as "passes the penalty on", and the
  // A's reverse sent it back to the 2's player. The sentence now says the answer moves play.
  const Variant v = load_variant("british", "{specials: {draw-two: {stack: [2, A]}}}", "override");
  const std::string text = flat(describe_variant(v));
  CHECK(text.find("A also moves play as usual, and the penalty goes on from there") !=
        std::string::npos);
  // The engine: seat 1 answers seat 0's 2 with an A, and the 2's player faces the two.
  const Engine e(v);
  Position p;
  p.hands = {testing::cards({"2H", "3C", "4C"}), testing::cards({"AH", "5D", "6D"}),
             testing::cards({"7S", "9S", "3D"}), testing::cards({"9C", "10C", "4S"})};
  p.discard = testing::cards({"5H"});
  p.stock = testing::cards({"KC", "KD", "QC", "QD", "JC", "JD"});
  State s = e.position(p);
  REQUIRE(e.apply(s, Action::play(0, testing::cards({"2H"})[0])).ok());
  REQUIRE(e.apply(s, Action::play(1, testing::cards({"AH"})[0])).ok());
  CHECK(s.turn == 0);
  CHECK(s.pending.draw == 2);  // "A adds 0"
  // Without such an answer, no such words.
  CHECK(flat(describe_variant(load_variant("british"))).find("also moves play") ==
        std::string::npos);
}

// ---- the draw and the end of a round --------------------------------------------------------

namespace {

using switchcards::testing::cards;

// What the engine does with draws and last cards, observed at one table: the top card 7H, no
// special among the cards used (every variant tried here treats 3, 4, 5, 6, 9, 10, K as plain).
struct DrawBehaviour {
  bool may_draw_holding_playable = false;
  bool keeps_drawing = false;   // a draw took the unplayable KC and went on to the 9H
  bool may_keep_drawn = false;  // after drawing the playable 9H, pass is legal
  bool may_play_drawn = false;  // ... and so is playing it
};

DrawBehaviour observe_draws(const Engine& engine) {
  DrawBehaviour b;
  Position p;
  p.hands = {cards({"9H", "3C"}), cards({"5C", "6C"})};
  p.discard = cards({"7H"});
  p.stock = cards({"KC", "10D"});
  b.may_draw_holding_playable = engine.check(engine.position(p), Action::draw(0)) == Refusal::none;
  p.hands = {cards({"3C", "4C"}), cards({"5C", "6C"})};
  p.stock = cards({"KC", "9H", "10D"});
  State s = engine.position(p);
  REQUIRE(engine.apply(s, Action::draw(0)));
  b.keeps_drawing = s.hand(0).size() == 4;
  // Whatever was drawn, the 9H (playable) is in hand only if the draw went on; test the
  // phase after a draw of the playable card itself.
  p.stock = cards({"9H", "10D"});
  s = engine.position(p);
  REQUIRE(engine.apply(s, Action::draw(0)));
  b.may_keep_drawn = s.turn == 0 && engine.check(s, Action::pass(0)) == Refusal::none;
  b.may_play_drawn =
      s.turn == 0 && engine.check(s, Action::play(0, parse_card("9H"))) == Refusal::none;
  return b;
}

}  // namespace

TEST_CASE("describe: the draw rules say what the engine does") {
  const char* names[] = {"british", "balkan", "british-forced-play",
                         "crazy-eights-draw-until-playable", "crazy-eights"};
  for (const char* name : names) {
    INFO(name);
    const Variant v = load_variant(name);
    const Engine engine(v);
    const DrawBehaviour b = observe_draws(engine);
    const std::string text = flat(describe_variant(v));
    CHECK((text.find("You may draw even when you could play.") != std::string::npos) ==
          b.may_draw_holding_playable);
    CHECK((text.find("You must play if you can") != std::string::npos) ==
          !b.may_draw_holding_playable);
    CHECK((text.find("until one can be played") != std::string::npos) == b.keeps_drawing);
    if (!b.may_play_drawn)
      CHECK(text.find("Drawing ends the turn") != std::string::npos);
    else if (b.may_keep_drawn)
      CHECK(text.find("may be played at once") != std::string::npos);
    else
      CHECK(text.find("must be played at once") != std::string::npos);
  }
}

TEST_CASE("describe: the deal gives the hand size of each seat count the table allows") {
  // British deals 7 cards, 5 from 5 players and 4 from 7. A table of 5 to 7 players never
  // deals 7, and one of 3 to 5 never deals 4.
  const auto deal_of = [](const std::string& rules) {
    const std::string text = flat(describe_variant(load_variant("british", rules, "override")));
    const std::size_t from = text.find("Deal: ");
    REQUIRE(from != std::string::npos);
    return text.substr(from, text.find('.', from) - from);
  };
  CHECK(deal_of("{}") == "Deal: 7 cards each; 5 from 5 players; 4 from 7 players");
  CHECK(deal_of("{players: {min: 5, max: 7}}") == "Deal: 5 cards each; 4 from 7 players");
  CHECK(deal_of("{players: {min: 3, max: 5}, deal: {hand_size: {2: 9, 3: 6, 5: 5}}}") ==
        "Deal: 6 cards each; 5 from 5 players");
  CHECK(deal_of("{players: {min: 2, max: 4}}") == "Deal: 7 cards each");
}

TEST_CASE("describe: the deck line gives each change of the deck count, back down too") {
  // A deck count that rises and falls again: each change is said against the count shown
  // last, not the smallest table's (which dropped "from 6 players, 1 deck").
  const auto deck_of = [](const std::string& rules) {
    const std::string text = flat(describe_variant(load_variant("british", rules, "override")));
    const std::size_t from = text.find("Deck: ");
    REQUIRE(from != std::string::npos);
    return text.substr(from, text.find('.', from) - from);
  };
  CHECK(deck_of("{players: {max: 6}, deck: {decks: {2: 1, 4: 2, 6: 1}}}") ==
        "Deck: one deck of 52 cards; from 4 players, 2 decks (104 cards); from 6 players, 1 "
        "deck (52 cards)");
  CHECK(deck_of("{}") == "Deck: one deck of 52 cards; from 7 players, 2 decks (104 cards)");
}

TEST_CASE("describe: a draw of several cards offers the last card drawn") {
  // tests/scenarios/british/draw-three-only-the-last-drawn-may-be-played-by-override.yaml
  const std::string three =
      flat(describe_variant(load_variant("british", "{draw: {cards: 3}}", "override")));
  CHECK(three.find("The last card drawn may be played at once if it can be (the others stay in "
                   "the hand)") != std::string::npos);
  const std::string one = flat(describe_variant(load_variant("british")));
  CHECK(one.find("A drawn card that can be played may be played at once") != std::string::npos);
}

TEST_CASE("describe: jokers that no wild special plays are said to be nearly dead cards") {
  // The engine lets a joker follow only a joker unless a wild special plays it.
  const Engine engine(load_variant("british", "{deck: {jokers: 2}}", "override"));
  Position p;
  p.hands = {cards({"JOKER", "3C"}), cards({"9S", "9C"})};
  p.discard = cards({"7H"});
  p.stock = cards({"10C"});
  CHECK(engine.check(engine.position(p), Action::play(0, Card::joker())) != Refusal::none);
  const std::string dead = flat(describe_variant(engine.variant()));
  CHECK(dead.find("no wild special plays it: it may follow only another joker") !=
        std::string::npos);
  const std::string wild = flat(describe_variant(load_variant("british-jokers")));
  CHECK(wild.find("no wild special plays it") == std::string::npos);
}

TEST_CASE("describe: a final call without a last-card call says only going out needs one") {
  const std::string text = flat(describe_variant(
      load_variant("british", "{last_card: {enforce: none, final_call: 2}}", "override")));
  CHECK(text.find("nobody needs to announce it") == std::string::npos);
  CHECK(text.find("need not announce it; only going out needs the call") != std::string::npos);
  CHECK(text.find("The final card is played with the call \"last card\". A player who goes out "
                  "without it") != std::string::npos);
  const std::string british =
      flat(describe_variant(load_variant("british", "{last_card: {final_call: 2}}", "override")));
  CHECK(british.find("The final card is played with the call \"last card\" too.") !=
        std::string::npos);
}

TEST_CASE("describe: a reverse that also skips adds no skip with two players") {
  // QA: it said "(with two players it acts as a skip)" beside its own skip, which reads as two
  // skips; the engine gives its player the next turn (scenario two-players-reverse-that-skips).
  const std::string text = flat(describe_variant(load_variant(
      "british", "{specials: {reverse: {cards: A, reverse: true, skip: 1}}}", "override")));
  CHECK(text.find("play changes direction (with two players only its own skip counts)") !=
        std::string::npos);
  CHECK(text.find("acts as a skip") == std::string::npos);
}

TEST_CASE("describe: the last-card call in its own words (last_card.call_name, final_call_name)") {
  const std::string mau = flat(describe_variant(load_variant("mau-mau-final-call")));
  CHECK(mau.find("must say \"Mau\" with the play") != std::string::npos);
  // Other words for the final card: no "too".
  CHECK(mau.find("The final card is played with the call \"Mau-Mau\". A player") !=
        std::string::npos);
  CHECK(mau.find("last card\"") == std::string::npos);
  // final_call_name defaults to call_name.
  const std::string makao = flat(describe_variant(
      load_variant("british", "{last_card: {call_name: Makao, final_call: 1}}", "override")));
  CHECK(makao.find("must say \"Makao\" with the play") != std::string::npos);
  CHECK(makao.find("The final card is played with the call \"Makao\" too.") != std::string::npos);
  // A hand moved by a swap owes no call, said in the variant's words.
  const std::string swaps = flat(describe_variant(load_variant(
      "crazy-eights-swaps", "{last_card: {enforce: when_caught, call_name: Eights}}", "override")));
  CHECK(swaps.find("needs no \"Eights\" call") != std::string::npos);
}

TEST_CASE("describe: answers that add their own draws are described by what each adds") {
  // A black J of pick-up-seven stacked on a 2 leaves 2 + 7 = 9 to draw, not 4.
  const Variant v = load_variant(
      "british",
      "{specials: {draw-two: {stack: [2, black J]}, pick-up-seven: {stack: [2, black J]}}}",
      "override");
  const Engine engine(v);
  Position p;
  p.hands = {cards({"2H", "5C", "6C"}), cards({"JS", "9D", "4D"}), cards({"KS", "QS", "3D"})};
  p.discard = cards({"7H"});
  p.stock = cards({"10C", "10D", "10S", "10H", "9C", "9S", "9H", "8C", "8D", "8S", "8H"});
  State s = engine.position(p);
  REQUIRE(engine.apply(s, Action::play(0, parse_card("2H"))));
  REQUIRE(engine.apply(s, Action::play(1, parse_card("JS"))));
  CHECK(s.pending.draw == 9);
  const std::string text = flat(describe_variant(v));
  CHECK(text.find("(2, 4, 6...)") == std::string::npos);
  CHECK(text.find("with the answer's own draw added (2 adds 2, black J adds 7)") !=
        std::string::npos);
  // Where every answer adds the same, the progression stays.
  CHECK(flat(describe_variant(load_variant("british"))).find("(2, 4, 6...)") != std::string::npos);
}

TEST_CASE("describe: no going out on a card says what the engine does") {
  // british-no-power-finish: a last 8 is refused; mau-mau-no-jack-finish: a last J costs cards.
  struct Case {
    const char* variant;
    const char* last;  // the only card of seat 0, playable on the top card
    const char* top;
    const char* suit;  // for a card that names one
  };
  const Case cases[] = {{"british", "8H", "7H", ""},
                        {"british-no-power-finish", "8H", "7H", ""},
                        {"british-no-power-finish", "9H", "7H", ""},
                        {"mau-mau-no-jack-finish", "JH", "9H", "spades"},
                        {"mau-mau-no-jack-finish", "9S", "9H", ""}};
  for (const Case& c : cases) {
    INFO(c.variant << " " << c.last);
    const Variant v = load_variant(c.variant);
    const Engine engine(v);
    Position p;
    p.hands = {cards({c.last}), cards({"10C", "KC"})};
    p.discard = cards({c.top});
    p.stock = cards({"10D", "KD", "QS"});
    State s = engine.position(p);
    const Suit named = *c.suit ? *try_parse_suit(c.suit) : Suit::none;
    const Action play = Action::play(0, parse_card(c.last), named);
    const bool refused = engine.check(s, play) == Refusal::cannot_finish_on;
    int drawn_instead = 0;
    if (!refused) {
      REQUIRE(engine.apply(s, play));
      if (!s.over()) drawn_instead = s.hand(0).size();
    }
    const std::string text = flat(describe_variant(v));
    const bool says_refused = text.find("Nobody may go out on") != std::string::npos;
    const bool says_draws = text.find("instead, and the round goes on") != std::string::npos;
    const bool barred = v.round.no_finish.cards.cards.contains(parse_card(c.last));
    CHECK(refused == (says_refused && barred));
    if (says_draws && barred)
      CHECK(text.find(fmt::format("draws {} cards instead", drawn_instead)) != std::string::npos);
    else
      CHECK(drawn_instead == 0);
  }
}

namespace {

// Where a pending 2 played by seat 0 at a four-seat table ends up after seat 1 answers it with
// `card` (and, with `second`, seat 1's deflection is answered by its victim with `second`):
// the seat that then faces it, or -1 if the answer was refused (with the refusal).
struct Deflected {
  int victim = -1;
  Refusal refusal = Refusal::none;
};
Deflected deflect_two(const Engine& engine, const char* card, const char* second = nullptr) {
  Position p;
  p.hands = {cards({"2H", "5C", "7C"}), cards({card, "6C", "7H"}),
             cards({second ? second : "5D", "6D", "7D"}), cards({"7S", "9S"})};
  p.discard = cards({"9H"});
  p.stock = cards({"KS", "10C", "4C", "3S"});
  State s = engine.position(p);
  REQUIRE(engine.apply(s, Action::play(0, parse_card("2H"))));
  const Action answer = Action::play(1, parse_card(card));
  if (const Refusal r = engine.check(s, answer); r != Refusal::none) return {-1, r};
  REQUIRE(engine.apply(s, answer));
  if (second) REQUIRE(engine.apply(s, Action::play(s.turn, parse_card(second))));
  REQUIRE(s.pending.draw == 2);
  return {s.turn, Refusal::none};
}

}  // namespace

TEST_CASE("describe: deflection says what the engine does") {
  // british-deflection: an A (a reverse) sends a pending 2 back to the player who played it, an
  // 8 (a skip) passes it to the player after the deflector; a K does not deflect.
  const Variant v = load_variant("british-deflection");
  const Engine engine(v);
  const std::string text = sentence_of(flat(describe_variant(v)), "draw-two");
  CHECK(deflect_two(engine, "AH").victim == 0);
  CHECK(text.find("with A, which reverses the direction and sends the penalty, unchanged, back "
                  "to the player who played its last penalty card (that player's own sends it "
                  "on to the next player in the new direction)") != std::string::npos);
  CHECK(deflect_two(engine, "8H").victim == 2);
  CHECK(text.find("with 8, which passes the penalty, unchanged, to the player after them") !=
        std::string::npos);
  // An 8 then an A: back to seat 0 (the attacker), not seat 1 (next in the new direction).
  CHECK(deflect_two(engine, "8H", "AD").victim == 0);
  const Variant next = load_variant(
      "british-deflection", "specials: {draw-two: {deflect_reverse_to: next_player}}", "rules");
  CHECK(deflect_two(Engine(next), "8H", "AD").victim == 1);
  CHECK(sentence_of(flat(describe_variant(next)), "draw-two")
            .find("to the next player in the new direction") != std::string::npos);
  // A card that deflects nothing is refused with the reason that names deflection; in a variant
  // without deflection the refusal stays the plain "answer the penalty".
  CHECK(deflect_two(engine, "KH").refusal == Refusal::not_a_deflection);
  CHECK(deflect_two(Engine(load_variant("british")), "AH").refusal == Refusal::must_answer_penalty);
  CHECK(flat(describe_variant(load_variant("british"))).find("deflect") == std::string::npos);
}

TEST_CASE("describe: hand swaps say what the engine does, and the swap is public, the cards not") {
  // crazy-eights-swaps: a 7 swaps its player's hand with the seat the play names, a 10 passes
  // every hand one seat on in the direction of play.
  const Variant v = load_variant("crazy-eights-swaps");
  const Engine engine(v);
  const std::string text = flat(describe_variant(v));
  Position p;
  p.hands = {cards({"7H", "10H", "KC", "QC"}), cards({"5D", "6D"}), cards({"9S", "9D", "3C"})};
  p.discard = cards({"9H"});
  p.stock = cards({"KS", "10C"});
  State s = engine.position(p);
  CHECK(engine.check(s, Action::play(0, parse_card("7H"))) == Refusal::swap_target_required);
  CHECK(engine.check(s, Action::play_swap(0, parse_card("7H"), 0)) ==
        Refusal::cannot_swap_with_self);
  CHECK(engine.check(s, Action::play_swap(0, parse_card("10H"), 1)) ==
        Refusal::swap_target_not_allowed);
  CardKnowledge knows;  // seat 0's record of where the hidden cards are
  knows.sync(PlayerView(engine, s, 0));
  EventBuffer ev;
  REQUIRE(engine.apply(s, Action::play_swap(0, parse_card("7H"), 2), &ev));
  CHECK(s.hand(0).size() == 3);
  CHECK(s.hand(2).contains(parse_card("10H")));
  CHECK(sentence_of(text, "seven-swap").find("swaps hands with a player of their choice") !=
        std::string::npos);
  // Every seat sees who swapped with whom; seat 0 knows its old cards are seat 2's now.
  const auto swapped = std::find_if(
      ev.begin(), ev.end(), [](const Event& e) { return e.kind == EventKind::hands_swapped; });
  REQUIRE(swapped != ev.end());
  CHECK((swapped->seat == 0 && swapped->extra == 2 && seen_by(*swapped, 1, false) == *swapped));
  knows.observe(PlayerView(engine, s, 0), ev.span());
  CHECK(knows.agrees_with(PlayerView(engine, s, 0)));
  bool known_in_two = false;
  for (const CardKnowledge::Group& g : knows.groups())
    known_in_two = known_in_two ||
                   (g.size == 3 && g.in_hand[2] == 3 && g.cards[parse_card("10H").index()] == 1 &&
                    g.cards[parse_card("KC").index()] == 1);
  CHECK(known_in_two);
  // A 10: hands move one seat on (clockwise: 0 -> 1 -> 2 -> 0), after the 10 has left.
  p.hands = {cards({"10H", "KC", "QC"}), cards({"5D", "6D"}), cards({"9S", "9D", "3C", "4C"})};
  s = engine.position(p);
  REQUIRE(engine.apply(s, Action::play(0, parse_card("10H"))));
  CHECK((s.hand(1).size() == 2 && s.hand(1).contains(parse_card("KC"))));
  CHECK(s.hand(0).size() == 4);
  CHECK(sentence_of(text, "ten-rotate")
            .find("every player passes their hand to the next player in the direction of "
                  "play") != std::string::npos);
  // The text form and the JSON form keep the target.
  CHECK(to_string(Action::play_swap(0, parse_card("7H"), 2)) == "0 play 7H swap 2");
  CHECK(parse_action("0 play 7H swap 2") == Action::play_swap(0, parse_card("7H"), 2));
}

// QA: the paragraph on several cards a turn gave British examples ("two 2s on a 2 make the
// next player draw six") as every variant's own, and one card or one round read "1 cards
// each", "matches of 1 rounds".
TEST_CASE("describe: examples fit any variant, and one of a thing is singular") {
  const std::string mau_mau = flat(describe_variant(load_variant(
      "mau-mau", "play: {several: same_rank, effects: each, answers: several}", "override")));
  CHECK(mau_mau.find("2s") == std::string::npos);
  CHECK(mau_mau.find("two penalty cards make the next player draw both") != std::string::npos);
  CHECK(mau_mau.find("each adding its own draw") != std::string::npos);
  const Variant one = load_variant(
      "british",
      "players: {min: 2, max: 2}\ndeal: {hand_size: 1}\nmatch: {end: fixed_rounds, rounds: 1}",
      "one");
  const std::string text = flat(describe_variant(one));
  CHECK(text.find("Deal: 1 card each") != std::string::npos);
  CHECK(text.find("1 round; the lowest total wins") != std::string::npos);
  CHECK(summarize_variant(one).find("1 card each, ") != std::string::npos);
  CHECK(summarize_variant(one).find("matches of 1 round") != std::string::npos);
  // QA: british-partnerships (4 players exactly) read "4-4 players".
  const std::string four = summarize_variant(load_variant("british-partnerships"));
  CHECK(four.find(": 4 players, ") != std::string::npos);
  CHECK(four.find("4-4") == std::string::npos);
  CHECK(summarize_variant(load_variant("british")).find(": 2-7 players, ") != std::string::npos);
  // QA: the summary gave only the smallest table's deck and hand ("52 cards, 7 cards each").
  CHECK(summarize_variant(load_variant("british"))
            .find("52 cards (104 from 7 players), 7 cards each (5 from 5, 4 from 7 players),") !=
        std::string::npos);
  CHECK(summarize_variant(load_variant("british", "players: {max: 4}", "o"))
            .find(", 52 cards, 7 cards each, ") != std::string::npos);
}

TEST_CASE("describe: what answers a penalty, as the specials' lists combine") {
  // The list item, its wrapped lines (indented four spaces) joined.
  const auto answers_of = [](const Variant& v) {
    const std::string text = describe_variant(v);
    std::size_t at = text.find("Only the cards listed with a penalty answer it");
    REQUIRE(at != std::string::npos);
    std::string item;
    for (std::size_t end; (end = text.find('\n', at)) != std::string::npos; at = end + 5) {
      item += (item.empty() ? "" : " ") + text.substr(at, end - at);
      if (text.compare(end + 1, 4, "    ") != 0) break;
    }
    return item;
  };
  // British: each penalty answered by its own cards (and a red J, which is no special).
  CHECK(answers_of(load_variant("british")) ==
        "Only the cards listed with a penalty answer it: different specials do not combine.");
  // QA: last-card's suggested "a 2 on a 5" was told "different specials do not combine". A 2
  // that stacks on a 5 carries its own penalty, whose list (2 only) answers next.
  const std::string passes_on =
      answers_of(load_variant("last-card", "specials: {draw-five: {stack: [5, 2]}}", "o"));
  CHECK(passes_on.find("do not combine") == std::string::npos);
  CHECK(passes_on.find("passes it on under its own entry: what may answer next is what that "
                       "card's entry lists") != std::string::npos);
  // A deflection answers with another special's card, which carries no penalty of its own.
  CHECK(answers_of(load_variant("british-deflection")) ==
        "Only the cards listed with a penalty answer it.");
}

TEST_CASE("describe: a wild turned up first names no suit, where the first card applies") {
  const std::string note =
      "A card that names a suit names none when turned up: its own suit holds.";
  CHECK(flat(describe_variant(load_variant("balkan"))).find(note) != std::string::npos);
  // Ignored first cards, or no card that names a suit: nothing to say.
  CHECK(flat(describe_variant(load_variant("crazy-eights"))).find(note) == std::string::npos);
  CHECK(flat(describe_variant(load_variant("balkan", "specials: {wild-ace: null}", "o")))
            .find(note) == std::string::npos);
}

TEST_CASE("describe: an extending file without a description has none of its base's") {
  // QA: a file deleting British's black jacks opened with "a black jack makes the next player
  // pick up seven".
  TempDir dir;
  const auto file =
      dir.write("house.yaml", "name: house\nextends: british\nspecials: {pick-up-seven: null}\n");
  const std::string text = describe_variant(load_variant(file.string()));
  CHECK(text.find("pick up seven") == std::string::npos);
  CHECK(text.find("Players: 2 to 7") != std::string::npos);
  // Its own is kept, and a file extending it inherits nothing of it either.
  const auto own = dir.write("own.yaml", "name: own\nextends: house.yaml\ndescription: Ours.\n");
  CHECK(load_variant(own.string()).description == "Ours.");
  const auto next = dir.write("next.yaml", "name: next\nextends: own.yaml\n");
  CHECK(load_variant(next.string()).description.empty());
  CHECK(load_variant(next.string()).title == load_variant("british").title);
}

TEST_CASE("describe: the rules wrap to the width asked, counting a character as one column") {
  for (const std::string& name : builtin_variant_names()) {
    const Variant v = load_variant(name);
    CHECK(describe_variant(v, 96) == describe_variant(v));
    for (const int width : {30, 40, 60, 96}) {
      INFO(name << " at " << width << " columns");
      const std::string text = describe_variant(v, width);
      CHECK(flat(text) == flat(describe_variant(v)));
      std::istringstream lines(text);
      std::string line;
      for (int i = 0; std::getline(lines, line); ++i) {
        if (i < 2) continue;  // the heading and its underline, a line each however long
        std::size_t columns = 0;
        for (const char c : line) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        // A word longer than a line stands alone: the only line that may be longer.
        const bool one_word = line.find(' ', line.find_first_not_of(" -")) == std::string::npos;
        CHECK((columns <= static_cast<std::size_t>(width) || one_word));
      }
    }
  }
  // "é" is two bytes and one column: sixteen words of five make a line of 95 columns.
  Variant accented = load_variant("british");
  accented.description.clear();
  for (int i = 0; i < 16; ++i) accented.description += (i ? " " : "") + std::string("ééééé");
  const std::string text = describe_variant(accented);
  CHECK(text.find("\n" + accented.description + "\n") != std::string::npos);
  // The underline is as long as the heading looks.
  accented.title = "Switch à la maison";
  CHECK(describe_variant(accented).starts_with("Switch à la maison (british)\n" +
                                               std::string(28, '=') + "\n"));
  CHECK_THROWS_AS(describe_variant(accented, 0), std::invalid_argument);
}

TEST_CASE("describe: the identical-card rule names only the bonuses it gives") {
  // Once "makes every other player draw 0" for a rule whose others draw nothing.
  const auto identical_of = [](const std::string& rules) {
    const std::string text = flat(describe_variant(load_variant("balkan", rules, "override")));
    const std::size_t from = text.find("Identical card: ");
    REQUIRE(from != std::string::npos);
    return text.substr(from, text.find('.', from) + 1 - from);
  };
  const std::string lead =
      "Identical card: playing a card identical to the top card (same rank and suit) ";
  CHECK(identical_of("{identical: {others_draw: 2, play_again: true}}") ==
        lead + "makes every other player draw 2, and its player plays again.");
  CHECK(identical_of("{identical: {others_draw: 1, play_again: false}}") ==
        lead + "makes every other player draw 1.");
  CHECK(identical_of("{identical: {others_draw: 0, play_again: true}}") ==
        lead + "lets its player play again.");
  CHECK(identical_of("{identical: {others_draw: 0, play_again: false}}") ==
        lead + "brings no bonus.");
}

TEST_CASE(
    "describe: the first card turned again, answers that must match, a card anything goes on") {
  const auto text = [](const char* rules) {
    return flat(describe_variant(load_variant("british", rules, "--rules")));
  };
  // turn_again names the cards in words; with every special turned again, no sentence says
  // what a special first card does.
  const std::string again = text("{deal: {turn_again: special}}");
  CHECK_THAT(again, Catch::Contains("If that card is a special card (2, 8, black J, A), it goes "
                                    "to the bottom of the stock"));
  CHECK_THAT(again, !Catch::Contains("If that card is special, its effect"));
  CHECK_THAT(text("{deal: {turn_again: [8, black J]}}"),
             Catch::Contains("If that card is an 8 or black J, it goes to the bottom"));
  CHECK_THAT(text("{deal: {turn_again: [J, Q]}}"),
             Catch::Contains("If that card is a J or Q, it goes to the bottom"));
  // answers_match, after what taking the penalty costs; "(or be wild)" only where a card is.
  const std::string match = text("{specials: {draw-two: {stack: [2, 3], answers_match: true}}}");
  CHECK_THAT(match, Catch::Contains("an answer to its penalty must also be a card any play could "
                                    "lay on the top card: of its suit or rank, or of the suit "
                                    "named if one is."));
  CHECK_THAT(text("{specials: {draw-two: {answers_match: true}, joker: {cards: K, wild: true}}}"),
             Catch::Contains("or of the suit named if one is (or be wild)"));
  // anything_on holds for the card on top, turned up at the deal too.
  const std::string on = text("{specials: {queen: {cards: Q, anything_on: true}}}");
  CHECK_THAT(on, Catch::Contains("Q (queen): any card may be played on it while it is on top "
                                 "(turned up at the deal too)"));
  CHECK_THAT(on, Catch::Contains("its effect does not apply, but any card may still be played on "
                                 "a card that takes any card."));
}

TEST_CASE("describe: a penalty's later skips and an answer's own draw are told apart (QA)") {
  const auto text = [](const char* rules) {
    return flat(describe_variant(load_variant("british", rules, "--rules")));
  };
  // Once "...cancels the penalty: nobody draws and play goes on to the following player and
  // when the penalty is taken, ...": as if a cancelled penalty skipped a player too.
  const std::string skips = text("{specials: {pick-up-seven: {draw: 5, skip: 2}}}");
  CHECK(skips.find("play goes on to the following player; when the penalty is taken, the player "
                   "after its victim is skipped too") != std::string::npos);
  CHECK(skips.find("player and when the penalty") == std::string::npos);
  // Under stack_adds: false an answer passes on its own draw: "unchanged" only where every
  // answer draws what the penalty does.
  CHECK(text("{specials: {draw-two: {stack_adds: false}}}").find("which passes it on unchanged") !=
        std::string::npos);
  const std::string own =
      text("{specials: {draw-two: {stack: [2, black J], stack_adds: false, cap: 5}}}");
  CHECK(own.find("which passes on the answer's own draw instead (2: 2, black J: 7), up to 5") !=
        std::string::npos);
}
