// Engine tests on variants built in code: each effect primitive in a small position, and
// random playouts checking the invariants (every card in one place, refusals change nothing,
// a decision always exists, determinism).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "../common/invariants.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

namespace {

Selector sel(CardMask m, std::string text = "") {
  return Selector{m, std::move(text)};
}
CardMask rank(Rank r) {
  return CardMask::of_rank(r);
}
Card C(const char* s) {
  return parse_card(s);
}

Effect effect(std::string name, CardMask cards) {
  Effect e;
  e.name = std::move(name);
  e.cards = sel(cards);
  return e;
}

// Something of everything: 2s draw and stack, black jacks draw 7 cancelled by red jacks, 8s
// skip, aces reverse, queens name a suit (wild, but not on a queen), kings demand a picture,
// 5s go back, 9s let their player play again.
Variant kitchen_sink() {
  Variant v;
  v.name = "kitchen-sink";
  v.deal.min_players = 2;
  v.deal.max_players = 7;
  v.deal.decks = ByPlayers{{{2, 1}, {5, 2}}};
  v.deal.hand_size = ByPlayers{{{2, 7}, {5, 5}}};
  Effect two = effect("draw-two", rank(Rank::two));
  two.draw = 2;
  two.stack = sel(rank(Rank::two));
  v.specials.push_back(two);
  Effect bj = effect("pick-up-seven", rank(Rank::jack) & CardMask::of_colour(Colour::black));
  bj.draw = 7;
  bj.cancel = sel(rank(Rank::jack) & CardMask::of_colour(Colour::red));
  v.specials.push_back(bj);
  Effect eight = effect("skip", rank(Rank::eight));
  eight.skip = 1;
  v.specials.push_back(eight);
  Effect ace = effect("reverse", rank(Rank::ace));
  ace.reverse = true;
  v.specials.push_back(ace);
  Effect queen = effect("wild-queen", rank(Rank::queen));
  queen.wild = true;
  queen.names_suit = true;
  queen.not_on = sel(rank(Rank::queen));  // no wild queen on a queen
  v.specials.push_back(queen);
  Effect nine = effect("nine-again", rank(Rank::nine));
  nine.play_again = true;
  v.specials.push_back(nine);
  Effect king = effect("picture-demand", rank(Rank::king));
  king.demand = sel(rank(Rank::jack) | rank(Rank::queen) | rank(Rank::king));
  v.specials.push_back(king);
  Effect five = effect("go-back", rank(Rank::five));
  five.back = true;
  v.specials.push_back(five);
  v.identical.enabled = true;
  return v;
}

Position pos(std::vector<std::vector<const char*>> hands, std::vector<const char*> discard,
             std::vector<const char*> stock = {}, int turn = 0) {
  Position p;
  for (auto& h : hands) {
    p.hands.emplace_back();
    for (auto c : h) p.hands.back().push_back(C(c));
  }
  for (auto c : discard) p.discard.push_back(C(c));
  for (auto c : stock) p.stock.push_back(C(c));
  p.turn = turn;
  return p;
}

void must(const Engine& e, State& s, const char* action) {
  const ApplyResult r = e.apply(s, parse_action(action));
  INFO(action << ": " << r.reason());
  REQUIRE(r.ok());
}

// Random playouts per player count; under the sanitizers (about ten times slower) fewer, and
// tests/unit/test_invariants.cpp covers every built-in variant.
#ifdef SWITCHCARDS_SANITIZED
constexpr std::uint64_t kPlayoutSeeds = 8;
#else
constexpr std::uint64_t kPlayoutSeeds = 40;
#endif

using switchcards::testing::census;

}  // namespace

TEST_CASE("draw penalties stack and the first seat unable to answer pays the total") {
  const Engine e(kitchen_sink());
  State s = e.position(
      pos({{"2H", "3C"}, {"2S", "4D"}, {"9C", "9D"}}, {"7H"}, {"3D", "4S", "5C", "6C", "7C"}));
  must(e, s, "0 play 2H");
  CHECK(s.pending.draw == 2);
  CHECK(s.turn == 1);
  must(e, s, "1 play 2S");
  CHECK(s.pending.draw == 4);
  CHECK(e.check(s, parse_action("2 play 9C")) == Refusal::must_answer_penalty);
  must(e, s, "2 draw");
  CHECK(s.hands[2].size() == 6);
  CHECK(s.turn == 0);  // the victim also missed the turn
  CHECK_FALSE(s.pending.active());
}

TEST_CASE("a position holding a card more often than the deck does is refused") {
  const Engine e(kitchen_sink());  // one deck for 2 to 4 players, no jokers
  try {
    e.position(pos({{"AS", "AS"}, {"2C"}}, {"3D"}));
    FAIL("accepted two aces of spades from one deck");
  } catch (const std::invalid_argument& x) {
    CHECK(std::string(x.what()) == "card AS appears 2 times, but the deck for 2 players holds 1");
  }
  CHECK_THROWS_AS(e.position(pos({{"JOKER"}, {"2C"}}, {"3D"})), std::invalid_argument);
  Position bad = pos({{"AS"}, {"2C"}}, {"3D"});
  bad.stock.push_back(Card::from_index(99));
  CHECK_THROWS_AS(e.position(bad), std::invalid_argument);
  // Five players: two decks, so two of a card is a position a deal can reach.
  CHECK_NOTHROW(e.position(pos({{"AS", "AS"}, {"2C"}, {"4C"}, {"5C"}, {"6C"}}, {"3D"})));
}

// API misuse QA: a suit made by a cast from 7 shifted a mask past its width. Enum values out of
// their range are refused.
TEST_CASE("a position of a suit or direction cast from a number out of range is refused") {
  const Engine e(kitchen_sink());
  const auto refusal = [&](const Position& p) -> std::string {
    try {
      (void)e.position(p);
    } catch (const std::invalid_argument& x) {
      return x.what();
    }
    return "";
  };
  Position bad = pos({{"7H"}, {"2C"}}, {"3D", "QS"});
  bad.suit = static_cast<Suit>(7);
  CHECK(refusal(bad) == "suit 7 is no suit");
  bad.suit = Suit::none;
  bad.direction = static_cast<Direction>(2);
  CHECK(refusal(bad) == "direction 2 is no direction");
  bad.direction = Direction::counterclockwise;
  CHECK(refusal(bad).empty());
}

TEST_CASE("a position names a suit only over a card that names one") {
  const Engine e(kitchen_sink());  // the queens are wild and name a suit
  Position named = pos({{"7H"}, {"2C"}}, {"3D", "QS"});
  named.suit = Suit::hearts;
  const State s = e.position(named);
  CHECK(s.named_suit == Suit::hearts);
  CHECK(e.check(s, parse_action("0 play 7H")) == Refusal::none);  // hearts, on a spade
  // Over a plain card the suit would hold until the next card, which is no position a round
  // reaches (and a save of it is refused): once accepted without a word.
  Position plain = pos({{"7H"}, {"2C"}}, {"QS", "3D"});
  plain.suit = Suit::hearts;
  try {
    (void)e.position(plain);
    FAIL("accepted hearts named over 3D");
  } catch (const std::invalid_argument& x) {
    CHECK(std::string(x.what()) ==
          "the suit hearts is in force only over a card that names a "
          "suit, and the top card 3D names none");
  }
}

TEST_CASE("a red jack cancels a black jack and play goes on to the following seat") {
  const Engine e(kitchen_sink());
  State s =
      e.position(pos({{"JS", "4H"}, {"JH", "9C"}, {"5D", "6D", "7D"}}, {"4S"}, {"2C", "3C", "KD"}));
  must(e, s, "0 play JS");
  CHECK(s.pending.draw == 7);
  must(e, s, "1 play JH");
  CHECK_FALSE(s.pending.active());
  CHECK(s.turn == 2);
  const State before = s;
  CHECK_FALSE(e.apply(s, parse_action("2 play 4H")).ok());
  CHECK(s == before);
}

TEST_CASE("skip, reverse, back and the two-player reverse") {
  const Engine e(kitchen_sink());
  State s = e.position(pos({{"8H", "3C"}, {"4H"}, {"5H", "6C"}, {"7H", "7C"}}, {"9H"}));
  must(e, s, "0 play 8H");
  CHECK(s.turn == 2);
  must(e, s, "2 play 5H");  // back to the player before seat 2
  CHECK(s.turn == 1);

  State r = e.position(pos({{"AH", "3C"}, {"4H", "4C"}, {"5S"}, {"7H"}}, {"9H"}, {}, 1));
  must(e, r, "1 play 4H");
  CHECK(r.turn == 2);
  State t = e.position(pos({{"AH", "3C"}, {"4H", "4C"}, {"5S", "6S"}, {"7H"}}, {"9H"}));
  must(e, t, "0 play AH");
  CHECK(t.seats.direction() == Direction::counterclockwise);
  CHECK(t.turn == 3);

  State two = e.position(pos({{"AH", "3C", "3D"}, {"4H", "4C"}}, {"9H"}));
  must(e, two, "0 play AH");
  CHECK(two.turn == 0);  // with two players a reverse acts as a skip
  CHECK(two.seats.direction() == Direction::clockwise);
}

TEST_CASE("a wild names a suit that binds, and a demand restricts the next card") {
  const Engine e(kitchen_sink());
  State s = e.position(pos({{"QH", "3C"}, {"4S", "4C", "9H"}}, {"9C"}));
  CHECK(e.check(s, parse_action("0 play QH")) == Refusal::suit_required);
  CHECK(e.check(s, parse_action("0 play 3C hearts")) == Refusal::suit_not_allowed);
  must(e, s, "0 play QH spades");
  CHECK(e.suit_in_force(s) == Suit::spades);
  CHECK(e.check(s, parse_action("1 play 9H")) == Refusal::suit_not_followed);
  must(e, s, "1 play 4S");

  State d = e.position(pos({{"KH", "3C"}, {"4H", "JC", "QS"}}, {"9H"}));
  must(e, d, "0 play KH");
  CHECK(e.check(d, parse_action("1 play 4H")) == Refusal::demand_not_met);
  CHECK(e.check(d, parse_action("1 play JC")) == Refusal::none);
}

TEST_CASE("play_again gives the same seat a normal turn, and not_on refuses a card on given tops") {
  const Engine e(kitchen_sink());
  // A 9: the same seat acts again and must match the 9 (or draw); the next seat waits.
  State s = e.position(pos({{"9H", "9C", "4D", "3S"}, {"4S", "5C"}, {"6S"}}, {"7H"}, {"KD"}));
  must(e, s, "0 play 9H");
  CHECK(s.turn == 0);
  CHECK(e.check(s, parse_action("1 play 4S")) == Refusal::not_your_turn);
  CHECK(e.check(s, parse_action("0 play 4D")) == Refusal::not_playable);
  ActionList legal;
  e.legal_actions(s, legal);
  CHECK(legal.contains(parse_action("0 play 9C")));
  CHECK(legal.contains(parse_action("0 draw")));
  must(e, s, "0 play 9C");  // again
  CHECK(s.turn == 0);
  must(e, s, "0 draw");  // KD does not go on the 9C: the turn passes
  CHECK(s.turn == 1);

  // A queen is wild on anything but a queen, also when the named suit is its own.
  State q = e.position(pos({{"QH", "4C"}, {"QS", "QD", "4S", "7D"}}, {"9C"}));
  must(e, q, "0 play QH spades");
  CHECK(e.check(q, parse_action("1 play QS spades")) == Refusal::not_on_top);
  CHECK(e.check(q, parse_action("1 play QD hearts")) == Refusal::not_on_top);
  CHECK(e.check(q, parse_action("1 play 7D")) == Refusal::suit_not_followed);
  e.legal_actions(q, legal);
  for (Action a : legal) CHECK(!(a.kind() == ActionKind::play && a.card().rank() == Rank::queen));
  must(e, q, "1 play 4S");
  CHECK(e.check(q, parse_action("0 play 4C")) == Refusal::none);  // the suit named has lapsed
  // On a card that is not a queen, a queen is wild again.
  State r = e.position(pos({{"QH", "4C"}, {"5D"}}, {"9C"}));
  CHECK(e.check(r, parse_action("0 play QH clubs")) == Refusal::none);
  CHECK(std::string(describe(Refusal::not_on_top)).find("not_on") != std::string::npos);
}

TEST_CASE("only_without_suit: a card played only without another card of the suit in force") {
  // The wild 8 of crazy-eights under the rule, with two decks so that a hand may hold two 8H.
  const Engine e(load_variant(
      "crazy-eights", "{deck: {decks: 2}, specials: {wild-eight: {only_without_suit: true}}}",
      "test"));
  // The card itself does not count; another of the suit, or a second copy of it, does.
  CHECK(e.check(e.position(pos({{"8H", "KS"}, {"5D"}}, {"9H"})), parse_action("0 play 8H clubs")) ==
        Refusal::none);
  State blocked = e.position(pos({{"8H", "4H", "KS"}, {"5D"}}, {"9H"}));
  CHECK(e.check(blocked, parse_action("0 play 8H clubs")) == Refusal::holds_suit_in_force);
  CHECK(e.check(blocked, parse_action("0 play 4H")) == Refusal::none);
  CHECK(e.check(e.position(pos({{"8H", "8H", "KS"}, {"5D"}}, {"9H"})),
                parse_action("0 play 8H clubs")) == Refusal::holds_suit_in_force);
  // An 8 of another suit: the hearts held count, not the card's own suit.
  CHECK(e.check(blocked, parse_action("0 play 8H clubs")) ==
        e.check(e.position(pos({{"8S", "4H", "KS"}, {"5D"}}, {"9H"})),
                parse_action("0 play 8S clubs")));
  ActionList legal;
  e.legal_actions(blocked, legal);
  for (Action a : legal) CHECK(!(a.kind() == ActionKind::play && a.card() == C("8H")));
  // The refused play leaves the state as it was.
  const State before = blocked;
  CHECK_FALSE(e.apply(blocked, parse_action("0 play 8H clubs")));
  CHECK(blocked == before);
  CHECK(std::string(describe(Refusal::holds_suit_in_force)).find("only_without_suit") !=
        std::string::npos);
  CHECK(refusal_name(Refusal::holds_suit_in_force) == "holds_suit_in_force");
}

TEST_CASE("only_without_suit under forced play: a card it refuses leaves the draw open") {
  // 5H may not go on 9H (not_on), and beside it the joker may not be played either: nothing
  // can be played, so forced play lets the seat draw.
  const Engine e(load_variant("crazy-eights-wild-draw-four",
                              "{draw: {when_playable: false}, specials: {five: {cards: 5H, "
                              "not_on: 9H}}}",
                              "test"));
  State s = e.position(pos({{"JOKER", "5H"}, {"5D"}}, {"9H"}, {"KS"}));
  ActionList legal;
  e.legal_actions(s, legal);
  REQUIRE(legal.size() == 1);
  CHECK(legal[0] == parse_action("0 draw"));
  CHECK(e.check(s, parse_action("0 draw")) == Refusal::none);
  CHECK(e.check(s, parse_action("0 play JOKER hearts")) == Refusal::holds_suit_in_force);
  // Without the 5H the joker may be played, and the draw is refused as forced play says.
  State free = e.position(pos({{"JOKER", "KS"}, {"5D"}}, {"9H"}, {"4C"}));
  CHECK(e.check(free, parse_action("0 draw")) == Refusal::draw_not_allowed);
  e.legal_actions(free, legal);
  CHECK_FALSE(legal.contains(parse_action("0 draw")));
}

TEST_CASE("identical card: the others draw one and the same seat plays again") {
  // Identical cards (same rank and suit) exist only with two decks.
  Variant v = kitchen_sink();
  v.deal.decks = ByPlayers::constant(2);
  const Engine e(v);
  State s = e.position(pos({{"9H", "3H", "4C"}, {"4D"}, {"5S"}}, {"9H"}, {"6C", "6D", "6H"}));
  must(e, s, "0 play 9H");
  CHECK(s.turn == 0);
  CHECK(s.hands[1].size() == 2);
  CHECK(s.hands[2].size() == 2);
}

TEST_CASE("a refused action leaves the state untouched, and every listed action is accepted") {
  const Engine e(kitchen_sink());
  Pcg32 rng(99);
  ActionList legal;
  // Plain checks in the loop (Catch assertions per step would dominate the run time); the
  // first broken invariant is reported with its game.
  std::string broken;
  for (int players = 2; players <= 7 && broken.empty(); ++players) {
    for (std::uint64_t seed = 0; seed < kPlayoutSeeds && broken.empty(); ++seed) {
      State s = e.deal(players, seed);
      const auto deck = census(s);
      const std::string game =
          "players " + std::to_string(players) + " seed " + std::to_string(seed);
      while (!s.over() && broken.empty()) {
        e.legal_actions(s, legal);
        if (legal.empty()) broken = game + ": no legal action";
        for (Action a : legal) {
          State copy = s;
          if (!e.apply(copy, a).ok()) broken = game + ": listed action refused: " + to_string(a);
        }
        // Something illegal: a card the seat does not hold, or another seat acting.
        const State before = s;
        for (int i = 0; i < kCardKinds; ++i)
          if (!s.hands[s.turn].contains(Card::from_index(i))) {
            if (e.apply(s, Action::play(s.turn, Card::from_index(i))).ok())
              broken = game + ": played a card not held";
            break;
          }
        if (e.apply(s, Action::draw((s.turn + 1) % players)).ok())
          broken = game + ": drew out of turn";
        if (!(s == before)) broken = game + ": a refused action changed the state";
        if (legal.empty()) break;
        Action a = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
        if (a.kind() == ActionKind::play && s.hands[s.turn].size() == 2 && rng.below(2))
          a = a.with_last();
        if (!e.apply(s, a).ok()) broken = game + ": refused " + to_string(a);
        if (census(s) != deck) broken = game + ": cards lost or made after " + to_string(a);
      }
    }
  }
  CHECK(broken == "");
}

// apply_at_once's contract on States no round reaches (a State is a plain struct a program may
// build): it takes only what apply accepts, and exactly as apply does.
TEST_CASE("apply_at_once takes only what apply accepts, even from a hand-built State") {
  const Engine e(kitchen_sink());
  State s = e.position(pos({{"3H", "4H", "6C", "7D"}, {"6D", "7C", "10H"}}, {"3S"}, {"4C", "6S"}));
  s.phase = Phase::after_draw;
  s.drawn = C("4S");  // not in the hand: no round gets here
  const State before = s;
  CHECK(e.apply(s, Action::play(0, C("4S"))).refusal == Refusal::card_not_in_hand);
  CHECK_FALSE(e.apply_at_once(s, Action::play(0, C("4S"))));
  CHECK(s == before);

  s.drawn = C("3H");  // held: the fast path takes it, as apply does
  State full = s;
  EventBuffer fast_events, full_events;
  CHECK_FALSE(e.apply_at_once(s, Action::play(0, C("4H")), &fast_events));  // not the drawn card
  CHECK(fast_events.size() == 0);
  REQUIRE(e.apply_at_once(s, Action::play(0, C("3H")), &fast_events));
  REQUIRE(e.apply(full, Action::play(0, C("3H")), &full_events));
  CHECK(s == full);
  CHECK(std::equal(fast_events.begin(), fast_events.end(), full_events.begin(), full_events.end()));
}

// A drawn card is kept only while it may be played (phase after_draw): however that phase ends,
// the State holds the joker again, so one position reached two ways is one value.
TEST_CASE("the after-draw phase leaves no drawn card behind") {
  const Engine british(load_variant("british"));
  // Seat 0 can play nothing on the 3H and draws the 4H, which it may play.
  const State dealt =
      british.position(pos({{"5C", "6D", "9S"}, {"7C", "10S", "QC"}}, {"3H"}, {"4H", "KD", "9D"}));
  State drew = dealt;
  REQUIRE(british.apply(drew, Action::draw(0)));
  REQUIRE(drew.phase == Phase::after_draw);
  REQUIRE(drew.drawn == C("4H"));

  State passed = drew;
  REQUIRE(british.apply(passed, Action::pass(0)));
  CHECK(passed.phase == Phase::play);
  CHECK(passed.drawn == Card::joker());

  State played = drew, played_at_once = drew;
  REQUIRE(british.apply(played, Action::play(0, C("4H"))));
  CHECK(played.drawn == Card::joker());
  REQUIRE(british.apply_at_once(played_at_once, Action::play(0, C("4H"))));
  CHECK(played_at_once == played);

  // The turn limit reached by the draw itself ends the round there.
  State last = dealt;
  last.decisions = static_cast<std::uint32_t>(british.variant().round.turn_limit) - 1;
  REQUIRE(british.apply(last, Action::draw(0)));
  CHECK(last.phase == Phase::over);
  CHECK(last.drawn == Card::joker());
}

// The special cards apply_at_once takes (no suit to name, no hands to move): a penalty, a
// skip and a reverse of British Switch, applied exactly as apply applies them; a wild, which
// names a suit, is left to apply.
TEST_CASE("apply_at_once applies British specials as apply does, and leaves a wild to apply") {
  const Engine british(load_variant("british"));
  const Position p = pos({{"2H", "8H", "AH", "5C"}, {"6D", "7C", "10S"}, {"9S", "QC", "KD"}},
                         {"3H"}, {"4C", "6S", "9D"});
  for (const char* card : {"2H", "8H", "AH"}) {
    INFO(card);
    State fast = british.position(p), full = fast;
    EventBuffer fast_events, full_events;
    REQUIRE(british.apply_at_once(fast, Action::play(0, C(card)), &fast_events));
    REQUIRE(british.apply(full, Action::play(0, C(card)), &full_events));
    CHECK(fast == full);
    CHECK(
        std::equal(fast_events.begin(), fast_events.end(), full_events.begin(), full_events.end()));
  }
  State s = british.position(p);
  REQUIRE(british.apply_at_once(s, Action::play(0, C("2H"))));
  CHECK(s.pending.draw == 2);  // the two is pending on the next seat
  CHECK(s.turn == 1);

  const Engine jacks_wild(load_variant("british-jack-wild"));
  State wild =
      jacks_wild.position(pos({{"JH", "8H", "5C"}, {"6D", "7C", "10S"}}, {"3H"}, {"4C", "6S"}));
  const State before = wild;
  CHECK_FALSE(jacks_wild.apply_at_once(wild, Action::play(0, C("JH"), Suit::clubs)));
  CHECK(wild == before);
}

TEST_CASE("the same seed and actions give the same states") {
  const Engine e(kitchen_sink());
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    State a = e.deal(4, seed), b = e.deal(4, seed);
    REQUIRE(a == b);
    ActionList legal;
    Pcg32 rng(seed);
    while (!a.over()) {
      e.legal_actions(a, legal);
      const Action x = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      e.apply(a, x);
      e.apply(b, x);
      REQUIRE(a == b);
    }
  }
}
