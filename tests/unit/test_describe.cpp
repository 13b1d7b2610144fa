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
#include <string>
#include <vector>

#include "switchcards/core/deck.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/io/describe.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

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

Action play_of(const Engine& e, int seat, Card c) {
  const Effect* fx = e.effect_of(c);
  const bool names = fx && fx->names_suit;
  return Action::play(seat, c, names ? c.suit() : Suit::none);
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
      const ApplyResult r = e.apply(s.state, play_of(e, 0, *card), &ev);
      INFO("play refused: " << r.reason());
      REQUIRE(r.ok());
      if (fx.play_again) {
        CHECK(s.state.turn == 0);
        contains("its player plays again");
      } else if (!s.state.pending.active()) {
        const int n = count_skips(ev);
        contains(n == 1 ? std::string("the next player misses a turn")
                        : fmt::format("the next {} players miss their turn", n));
      } else {
        const int victim = s.state.turn;
        const int owed = s.state.pending.draw;
        State taken = s.state;
        EventBuffer ev2;
        REQUIRE(e.apply(taken, owed > 0 ? Action::draw(victim) : Action::pass(victim), &ev2).ok());
        const bool missed = count_skips(ev2, victim) > 0;
        const int after = count_skips(ev2, victim, true);
        if (owed > 0) {
          const std::string draws = fmt::format("the next player must draw {}", owed);
          contains(draws);
          if (missed)
            contains(draws + " and miss the turn");
          else
            lacks(draws + " and miss the turn");
          if (after == 1) contains("the player after its victim is skipped too");
          if (after > 1)
            contains(fmt::format("the {} players after its victim are skipped", after));
          if (after == 0) lacks("after its victim");
        } else {
          const int n = (missed ? 1 : 0) + after;
          contains(n == 1 ? std::string("the next player misses a turn")
                          : fmt::format("the next {} players miss their turn", n));
        }
        // A stacked answer with a card of the same effect.
        if (const auto answer = pick(e, fx.stack.cards & fx.cards.cards, players,
                                     CardMask::of(*card) | fx.cancel.cards)) {
          Setup st = set_up(e, players, *card, answer);
          REQUIRE(st.ok);
          REQUIRE(e.apply(st.state, play_of(e, 0, *card)).ok());
          const int first = st.state.pending.draw, first_skip = st.state.pending.skip;
          if (e.check(st.state, play_of(e, 1, *answer)) == Refusal::none) {
            REQUIRE(e.apply(st.state, play_of(e, 1, *answer)).ok());
            const int second = st.state.pending.draw, second_skip = st.state.pending.skip;
            if (first > 0 && second == 2 * first)
              contains(fmt::format("({}, {}, {}...)", first, second, 3 * first));
            else if (first > 0 && second == first)
              contains("which passes it on unchanged");
            if (first == 0 && second_skip == first_skip + 1)
              contains("with one more player skipped per answer");
            if (first == 0 && second_skip > first_skip + 1)
              contains(
                  fmt::format("with {} more players skipped per answer", second_skip - first_skip));
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
        REQUIRE(e.apply(s.state, play_of(e, 0, *card)).ok());
        if (s.state.turn == 0)
          contains("(with two players it acts as a skip)");
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
