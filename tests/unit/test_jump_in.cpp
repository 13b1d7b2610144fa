// Jump-in (identical.jump_in): who may jump in and when (Engine::jump_ins, check's refusals),
// what a jump-in does to the turn and the events, the priority play_round gives when several
// seats may (order of play after the seat to act), how the agents answer, and the State's
// window in JSON and describe. The scenarios (tests/scenarios/house/balkan-jump-in--*.yaml)
// pin the rule's cases; these tests pin the machinery around it.
#include <catch2/catch.hpp>

#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "switchcards/agents/greedy_agent.hpp"
#include "switchcards/agents/heuristic_agent.hpp"
#include "switchcards/agents/human_agent.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/agents/random_agent.hpp"
#include "switchcards/core/card_format.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/io/describe.hpp"
#include "switchcards/io/event_text.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"

#include "../common/cards.hpp"

using namespace switchcards;

namespace {

using testing::cards;

// Seat 0 is about to play the 7H; seat 2 holds the other 7H (two decks), seat 3 a 7C.
State position(const Engine& e) {
  Position p;
  p.hands = {cards({"7H", "3C", "4C"}), cards({"6D", "9C", "KC"}), cards({"7H", "10S", "QS"}),
             cards({"7C", "6S", "9D"})};
  p.discard = cards({"9H"});
  p.stock = cards({"3D", "4S", "6C", "10D", "3H", "5D", "5S"});
  return e.position(p);
}

// Jumps in whenever asked (the first listed), and says who it is.
struct Jumper final : Agent {
  int seat;
  std::vector<int>* jumped;
  Jumper(int s, std::vector<int>& log) : seat(s), jumped(&log) {}
  Action choose(const PlayerView&, std::span<const Action> legal) override { return legal.back(); }
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override {
    REQUIRE(view.jump_open());
    REQUIRE_FALSE(view.my_turn());
    jumped->push_back(seat);
    return jumps.front();
  }
  std::string name() const override { return "jumper"; }
};

}  // namespace

TEST_CASE("jump-in: the window opens with a play and closes with the next seat's own action") {
  const Engine e(load_variant("balkan-jump-in"));
  State s = position(e);
  CHECK_FALSE(s.jump_open);
  REQUIRE(e.apply(s, Action::play(0, parse_card("7H"))));
  CHECK(s.jump_open);
  ActionList jumps;
  e.jump_ins(s, 2, jumps);
  REQUIRE(jumps.size() == 1);
  CHECK(jumps[0] == Action::play(2, parse_card("7H")));
  e.jump_ins(s, 3, jumps);  // same_card: the 7C is no jump-in
  CHECK(jumps.empty());
  CHECK(e.check(s, Action::play(3, parse_card("7C"))) == Refusal::cannot_jump_in);
  CHECK(e.check(s, Action::draw(3)) == Refusal::not_your_turn);
  State closed = s;
  REQUIRE(e.apply(closed, Action::draw(1)));
  CHECK_FALSE(closed.jump_open);
  e.jump_ins(closed, 0, jumps);
  CHECK(jumps.empty());

  EventBuffer events;
  REQUIRE(e.apply(s, Action::play(2, parse_card("7H")), &events));
  REQUIRE(events.size() >= 2);
  CHECK(events[0] == Event{EventKind::jumped_in, 2, parse_card("7H"), 0, 1});
  CHECK(events[1].kind == EventKind::card_played);
  CHECK(s.turn == 2);  // balkan's identical bonus: the jumper plays again
  EventTextOptions text;
  text.viewer = 1;
  const std::string line = describe_events(std::span<const Event>(events.begin(), 1), text).front();
  CHECK_THAT(line, Catch::StartsWith("Seat 2 jumps in with 7") && Catch::EndsWith(", before you."));
}

TEST_CASE("jump-in: without identical.jump_in an out-of-turn play stays not_your_turn") {
  const Engine e(load_variant("balkan"));
  State s = position(e);
  REQUIRE(e.apply(s, Action::play(0, parse_card("7H"))));
  CHECK_FALSE(s.jump_open);
  CHECK(e.check(s, Action::play(2, parse_card("7H"))) == Refusal::not_your_turn);
  ActionList jumps;
  e.jump_ins(s, 2, jumps);
  CHECK(jumps.empty());
}

TEST_CASE(
    "jump-in: same_rank lets any card of the rank jump in, and the first after the seat to act "
    "has priority") {
  const Engine e(load_variant("balkan-jump-in", "{identical: {jump_in: same_rank}}", "test"));
  State s = position(e);
  REQUIRE(e.apply(s, Action::play(0, parse_card("7H"))));
  ActionList jumps;
  e.jump_ins(s, 3, jumps);
  REQUIRE(jumps.size() == 1);  // the 7C now
  // Seats 2 and 3 both may: play_round asks seat 2 first (after seat 1, the seat to act).
  std::vector<int> jumped;
  std::vector<std::unique_ptr<Agent>> owned;
  std::vector<Agent*> agents;
  for (int seat = 0; seat < 4; ++seat) {
    owned.push_back(std::make_unique<Jumper>(seat, jumped));
    agents.push_back(owned.back().get());
  }
  RoundBuffers buffers;
  State t = s;
  const RoundOptions options;
  const auto act = [&](int, Action a) {
    CHECK(a == Action::play(2, parse_card("7H")));
    REQUIRE(e.apply(t, a));
  };
  REQUIRE(detail::ask_jump_ins(e, t, agents, options, buffers.legal, act));
  REQUIRE(jumped.size() == 1);
  CHECK(jumped[0] == 2);
  CHECK(t.turn == 2);
  CHECK(t.hands[2].size() == 2);
  CHECK(t.hands[1].size() == 4);  // skipped, but drew one for the identical card
}

TEST_CASE("jump-in: play_round asks nobody out of turn when told not to") {
  const Engine e(load_variant("balkan-jump-in"));
  std::vector<std::unique_ptr<Agent>> owned;
  std::vector<Agent*> agents;
  for (int seat = 0; seat < 4; ++seat) {
    owned.push_back(make_agent("heuristic:0.5", 0));
    agents.push_back(owned.back().get());
  }
  const auto out_of_turn = [&](bool ask) {
    RoundOptions options;
    options.ask_out_of_turn = ask;
    int asked = 0;  // jump-ins, catches and late calls
    for (std::uint64_t round = 0; round < 20; ++round) {
      for (int seat = 0; seat < 4; ++seat) agents[seat]->reset(round * 4 + seat);
      State s = e.deal(4, round);
      play_round(e, s, agents, options, [&](const State&, Action a, std::span<const Event> events) {
        asked += a.kind() == ActionKind::challenge || a.kind() == ActionKind::call;
        for (const Event& ev : events) asked += ev.kind == EventKind::jumped_in;
      });
    }
    return asked;
  };
  CHECK(out_of_turn(true) > 0);
  CHECK(out_of_turn(false) == 0);
}

TEST_CASE("jump-in: a seat owing a last-card penalty cannot jump in") {
  const Engine e(load_variant("balkan-jump-in"));
  Position p;
  p.hands = {cards({"7H", "3C", "4C"}), cards({"6D", "9C", "KC"}), cards({"7H", "QH"}),
             cards({"7C", "6S", "9D"})};
  p.discard = cards({"9H"});
  p.stock = cards({"3D", "4S", "6C", "10D"});
  p.turn = 2;
  State s = e.position(p);
  REQUIRE(e.apply(s, Action::play(2, parse_card("QH"))));  // no "Zadnja" call
  REQUIRE(s.owes_last_card == 0b100);
  REQUIRE(e.apply(s, Action::draw(3)));
  REQUIRE(e.apply(s, Action::play(0, parse_card("7H"))));
  ActionList jumps;
  e.jump_ins(s, 2, jumps);
  CHECK(jumps.empty());
  CHECK(e.check(s, Action::play(2, parse_card("7H"))) == Refusal::cannot_jump_in);
}

TEST_CASE("jump-in: the agents answer the question") {
  const Engine e(load_variant("balkan-jump-in"));
  State s = position(e);
  REQUIRE(e.apply(s, Action::play(0, parse_card("7H"))));
  ActionList jumps;
  e.jump_ins(s, 2, jumps);
  const PlayerView view(e, s, 2);
  RandomAgent eager(1, 0.0, RandomAgent::Style::eager);
  GreedyAgent greedy(1);
  HeuristicAgent heuristic(1, 0.0);
  for (int k = 0; k < 20; ++k) CHECK(eager.jumps_in(view, jumps.span()) == jumps[0]);
  CHECK(greedy.jumps_in(view, jumps.span()) == jumps[0]);
  CHECK(heuristic.jumps_in(view, jumps.span()) == jumps[0]);
  // Uniform random jumps in about half the time with one jump-in on offer.
  RandomAgent random(7);
  int yes = 0;
  for (int k = 0; k < 200; ++k) yes += random.jumps_in(view, jumps.span()).has_value();
  CHECK(yes > 60);
  CHECK(yes < 140);
}

TEST_CASE("jump-in: the greedy and heuristic bots jump in with what their choice would take") {
  // They take a jump-in of one card without rating it; asked to choose among the same
  // jump-ins, a twin (same seed, the same draws of its generator) must give the same answer,
  // the "last card" call included. Every open window of random rounds, every seat.
  const Engine e(load_variant("balkan-jump-in"));
  HeuristicAgent heuristic(5, 0.3), heuristic_twin(5, 0.3);
  GreedyAgent greedy(5), greedy_twin(5);
  Pcg32 rng(11);
  ActionList legal, jumps;
  int single = 0, several = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    State s = e.deal(4, seed);
    while (!s.over() && s.decisions < 400) {
      if (s.jump_open) {
        for (int seat = 0; seat < s.players(); ++seat) {
          e.jump_ins(s, seat, jumps);
          if (jumps.empty()) continue;
          ++(jumps.size() == 1 ? single : several);
          const PlayerView view(e, s, seat);
          INFO("seed " << seed << ", seat " << seat << ", decision " << s.decisions);
          CHECK(heuristic.jumps_in(view, jumps.span()) ==
                std::optional(heuristic_twin.choose(view, jumps.span())));
          CHECK(greedy.jumps_in(view, jumps.span()) ==
                std::optional(greedy_twin.choose(view, jumps.span())));
        }
      }
      e.legal_actions(s, legal);
      REQUIRE(
          e.apply(s, legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]));
    }
  }
  CHECK(single > 200);
  CHECK(several > 0);
}

TEST_CASE("jump-in: the heuristic does not jump in to skip only its partner") {
  // Teams of neighbours ([0, 1] and [2, 3]) on two decks with jump-in.
  const Engine e(load_variant(
      "british-partnerships",
      "{deck: {decks: 2}, identical: {jump_in: same_card}, teams: {seats: [[0, 1], [2, 3]]}}",
      "test"));
  HeuristicAgent heuristic(1, 0.0);
  ActionList jumps;
  Position p;
  p.hands = {cards({"5C", "3C", "4C"}), cards({"7H", "9C", "KC"}), cards({"6D", "10S", "QS"}),
             cards({"7H", "6S", "9D"})};
  p.discard = cards({"9H"});
  p.stock = cards({"3D", "4S", "6C", "10D"});
  p.turn = 3;
  State s = e.position(p);
  REQUIRE(e.apply(s, Action::play(3, parse_card("7H"))));  // seat 0 to act
  e.jump_ins(s, 1, jumps);
  REQUIRE(jumps.size() == 1);
  // Seat 1 jumping in would skip seat 0 only, its partner: it declines.
  CHECK_FALSE(heuristic.jumps_in(PlayerView(e, s, 1), jumps.span()).has_value());
  // The same cards with seat 2 holding the twin and seat 1 to act: skipping an opponent, it does.
  p.hands = {cards({"7H", "3C", "4C"}), cards({"5C", "9C", "KC"}), cards({"7H", "10S", "QS"}),
             cards({"6D", "6S", "9D"})};
  p.turn = 0;
  State t = e.position(p);
  REQUIRE(e.apply(t, Action::play(0, parse_card("7H"))));  // seat 1 to act
  e.jump_ins(t, 2, jumps);
  REQUIRE(jumps.size() == 1);
  CHECK(heuristic.jumps_in(PlayerView(e, t, 2), jumps.span()) == jumps[0]);
}

TEST_CASE("jump-in: the open window survives JSON, and describe says the rule") {
  const Engine e(load_variant("balkan-jump-in"));
  State s = e.deal(4, 1);
  ActionList legal;
  while (!s.jump_open) {
    e.legal_actions(s, legal);
    REQUIRE(e.apply(s, legal[0]));  // plays come first in the list
  }
  const State back = state_from_json(e, to_json(e, s));
  CHECK(back == s);
  CHECK(back.jump_open);
  // A window in a variant without jump-in is refused.
  const Engine plain(load_variant("balkan"));
  std::string text = to_json(e, s);
  const auto at = text.find("\"variant\":\"balkan-jump-in\"");
  REQUIRE(at != std::string::npos);
  text.replace(at, std::string("\"variant\":\"balkan-jump-in\"").size(), "\"variant\":\"balkan\"");
  text.erase(text.find(",\"variant_fingerprint\""), 41);  // as saved before fingerprints
  CHECK_THROWS_WITH(state_from_json(plain, text), Catch::Contains("/jump_open"));
  const std::string d = describe_variant(e.variant());
  CHECK_THAT(d, Catch::Contains("Jump-in: right after a card is played"));
  CHECK_THAT(d, Catch::Contains("same rank and suit"));
  CHECK_THAT(describe_variant(load_variant("balkan")), !Catch::Contains("Jump-in"));
}

TEST_CASE("jump-in: ismcts and heuristic play whole rounds with jump-ins, legally") {
  // Short searches (20 iterations) whose simulations jump in too (IsmctsAgent's
  // jump_in_out_of_turn); play_round checks every answer against the seat's jump-ins.
  const Engine e(load_variant("balkan-jump-in"));
  int jumps = 0, rounds_won = 0;
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    std::vector<std::unique_ptr<Agent>> owned;
    owned.push_back(make_agent("ismcts:20", seed));
    owned.push_back(make_agent("heuristic", seed + 1));
    owned.push_back(make_agent("ismcts:20", seed + 2));
    std::vector<Agent*> agents;
    for (auto& a : owned) agents.push_back(a.get());
    State s = e.deal(3, seed);
    play_round(e, s, agents, {}, [&](const State&, Action, std::span<const Event> events) {
      for (const Event& ev : events) jumps += ev.kind == EventKind::jumped_in;
    });
    rounds_won += s.winner >= 0;
  }
  CHECK(jumps > 0);
  CHECK(rounds_won == 4);
}

TEST_CASE("jump-in: the human agent lists the jump-ins and reads the answer") {
  const Engine e(load_variant("balkan-jump-in"));
  State s = position(e);
  REQUIRE(e.apply(s, Action::play(0, parse_card("7H"))));
  ActionList jumps;
  e.jump_ins(s, 2, jumps);
  const PlayerView view(e, s, 2);
  std::istringstream yes("5\n1\n"), no("0\n");
  std::ostringstream out;
  HumanAgent jumper(yes, out, false), decliner(no, out, false);
  CHECK(jumper.jumps_in(view, jumps.span()) == jumps[0]);  // "5" is out of range: asked again
  CHECK_FALSE(decliner.jumps_in(view, jumps.span()).has_value());
  CHECK_THAT(out.str(), Catch::Contains("jump in") && Catch::Contains("1) "));
  CHECK_THAT(out.str(), Catch::Contains("identical to"));
  // With one jump-in offered, y or yes takes it; NO declines in any case; help explains; the
  // card itself may be typed.
  REQUIRE(jumps.size() == 1);
  std::istringstream words("help\nYes\nNO\ny\n7h\n");
  std::ostringstream told;
  HumanAgent typist(words, told, false);
  CHECK(typist.jumps_in(view, jumps.span()) == jumps[0]);
  CHECK_FALSE(typist.jumps_in(view, jumps.span()).has_value());
  CHECK(typist.jumps_in(view, jumps.span()) == jumps[0]);
  CHECK(typist.jumps_in(view, jumps.span()) == jumps[0]);
  CHECK_THAT(told.str(), Catch::Contains("Jump in? [y or 1, or 0 to let play go on, help, quit]") &&
                             Catch::Contains("Jumping in plays your card now"));
}

TEST_CASE(
    "jump-in: by rank, the human agent and describe speak of the rank, not an identical card") {
  Variant v = load_variant("balkan-jump-in");
  v.identical.jump_in = JumpIn::same_rank;
  const Engine e(v);
  State s = position(e);
  REQUIRE(e.apply(s, Action::play(0, parse_card("7H"))));
  ActionList jumps;
  e.jump_ins(s, 2, jumps);
  REQUIRE_FALSE(jumps.empty());
  std::istringstream no("0\n");
  std::ostringstream out;
  HumanAgent decliner(no, out, false);
  CHECK_FALSE(decliner.jumps_in(PlayerView(e, s, 2), jumps.span()).has_value());
  CHECK_THAT(out.str(), Catch::Contains("of the same rank as") && !Catch::Contains("identical"));
  // Both wordings name the seat that has just played among those who may jump in (onto its
  // own card), as Engine::jump_ins allows.
  for (const JumpIn kind : {JumpIn::same_card, JumpIn::same_rank}) {
    v.identical.jump_in = kind;
    std::string d = describe_variant(v);
    for (char& c : d)
      if (c == '\n') c = ' ';
    for (std::size_t at; (at = d.find("  ")) != std::string::npos;) d.erase(at, 1);
    CHECK_THAT(d, Catch::Contains("the player who just played it included") &&
                      !Catch::Contains("any other player"));
  }
}

// Two identical draw cards can circle for ever once every other card is in a hand: each
// jump-in's identical-card bonus reshuffles the one it covered into the stock, the next seat
// draws it and jumps in with it, and each adds its draw to the pending penalty, which nobody
// pays (no seat to act acts). So the pending draw is bounded by the turn limit, not by the
// deck: it must count on past 65,535 exactly (the log of balkan-jump-in's stalled heuristic
// rounds shows this cycle at "must draw 3470").
TEST_CASE("jump-in: a pending draw that two cards keep stacking counts on without wrapping") {
  Variant v = load_variant("balkan-jump-in");
  v.round.turn_limit = kMaxTurnLimit;
  const Engine e(v);
  // The whole deck in the hands, dealt round the table, but for the two 2H: one on the
  // discard pile, one in seat 0's hand. The stock is empty.
  const Card two = parse_card("2H");
  Position p;
  p.hands.resize(3);
  int next = 0;
  const Pile deck = e.deck(3);  // kept: cards() is a view into it
  for (const Card c : deck.cards())
    if (c != two) p.hands[static_cast<std::size_t>(next++ % 3)].push_back(c);
  p.hands[0].push_back(two);
  p.discard = {two};
  const State start = e.position(p);
  REQUIRE(start.stock.empty());
  State s = start;
  // Seat 0 plays its 2H on the 2H (identical: the others draw one, seat 0 plays again); from
  // then on the seat that drew the covered 2H jumps in with it.
  REQUIRE(e.apply(s, Action::play(0, two)));
  ActionList jumps;
  const int cycles = 40'000;  // 2 cards each: past 65,535
  for (int k = 1; k <= cycles; ++k) {
    int jumper = -1;
    for (int seat = 0; seat < s.players() && jumper < 0; ++seat) {
      e.jump_ins(s, seat, jumps);
      if (!jumps.empty()) jumper = seat;
    }
    REQUIRE(jumper >= 0);
    REQUIRE(e.apply(s, jumps[0]));
    REQUIRE(s.pending.active());
    if (std::cmp_not_equal(s.pending.draw, 2 * (k + 1)))
      FAIL("after " << k << " jump-ins the pending draw is " << s.pending.draw << ", not "
                    << 2 * (k + 1));
  }
  CHECK(std::cmp_equal(s.pending.draw, 2 * (cycles + 1)));
  // A save keeps it: the JSON state reads back whole.
  CHECK(state_from_json(e, to_json(e, s)) == s);
  CHECK(s.hands[0].size() + s.hands[1].size() + s.hands[2].size() == 103);  // and the top card
}
