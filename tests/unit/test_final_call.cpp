// The call with the final card (last_card.final_call): the machinery around the rule, which the
// scenarios (tests/scenarios/house/mau-mau-final-call--*.yaml) pin case by case. The Engine
// checks a Variant built in C++ as the loader checks a file; a jump-in that goes out takes the
// call too; every agent calls where the call is due, so a bot that never forgets never pays;
// the action mask, the JSON view and describe say when it is due.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/core/card_format.hpp"
#include "switchcards/engine/action_space.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/view.hpp"
#include "switchcards/io/describe.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"

#include "../common/cards.hpp"

using namespace switchcards;
using testing::cards;

TEST_CASE("final call: the Engine refuses a penalty out of the loader's bounds", "[final_call]") {
  Variant v = load_variant("mau-mau");
  v.last_card.final_call = -1;
  CHECK_THROWS_AS(Engine(v), std::invalid_argument);
  v.last_card.final_call = 101;
  CHECK_THROWS_AS(Engine(v), std::invalid_argument);
  v.last_card.final_call = 100;
  CHECK_NOTHROW(Engine(v));
}

TEST_CASE("final call: the call is due with the play that leaves one card, and the final one",
          "[final_call]") {
  LastCardRules r;
  CHECK(r.call_allowed(2));
  CHECK_FALSE(r.call_allowed(1));
  CHECK_FALSE(r.call_allowed(3));
  r.final_call = 2;
  CHECK(r.call_allowed(2));
  CHECK(r.call_allowed(1));
  CHECK_FALSE(r.call_allowed(3));
  CHECK_FALSE(r.call_allowed(0));
}

// QA: crazy-eights-swaps (last_card.enforce: none) asked the person at the terminal to call
// "last card" and every bot called it, though nobody needs to: the call is accepted there but
// not asked for, except with the final card under final_call.
TEST_CASE("final call: the call is asked for only where the variant enforces it", "[final_call]") {
  LastCardRules r;
  for (const LastCardEnforcement enforce :
       {LastCardEnforcement::when_caught, LastCardEnforcement::next_turn}) {
    r.enforce = enforce;
    CHECK(r.call_expected(2));
    CHECK_FALSE(r.call_expected(1));
  }
  r.enforce = LastCardEnforcement::none;
  CHECK(r.call_allowed(2));  // the engine accepts it
  CHECK_FALSE(r.call_expected(2));
  r.final_call = 2;
  CHECK(r.call_expected(1));
  CHECK_FALSE(r.call_expected(2));

  const Engine swaps(load_variant("crazy-eights-swaps"));
  Position p;
  p.hands = {cards({"9S", "10S"}), cards({"7S", "9C", "KD"})};
  p.discard = cards({"9H"});
  p.stock = cards({"7C", "8C"});
  const State s = swaps.position(p);
  CHECK_FALSE(PlayerView(swaps, s, 0).call_due());
  State called = s;
  CHECK(swaps.apply(called, Action::play(0, parse_card("9S")).with_last()));
  const std::unique_ptr<Agent> eager = make_agent("eager", 1);
  ActionList legal;
  swaps.legal_actions(s, legal);
  CHECK_FALSE(eager->choose(PlayerView(swaps, s, 0), legal.span()).calls_last());
}

TEST_CASE("final call: a jump-in with the final card goes out with the call, else draws",
          "[final_call]") {
  // Balkan's jump-in: seat 2 holds only the other 7H when seat 0 plays one.
  const Engine e(load_variant("balkan-jump-in", "{last_card: {final_call: 1}}", "test"));
  Position p;
  p.hands = {cards({"7H", "3C", "4C"}), cards({"6D", "9C", "KC"}), cards({"7H"}),
             cards({"7C", "6S", "9D"})};
  p.discard = cards({"9H"});
  p.stock = cards({"3D", "4S", "6C", "10D", "3H", "5D", "5S"});
  const State start = e.position(p);
  State s = start;
  REQUIRE(e.apply(s, Action::play(0, parse_card("7H"))));
  const Action jump = Action::play(2, parse_card("7H"));
  CHECK(e.check(s, jump.with_last()) == Refusal::none);

  State called = s;
  EventBuffer said;
  REQUIRE(e.apply(called, jump.with_last(), &said));
  CHECK(called.over());
  CHECK(called.winner == 2);
  // The call is an event, marked as the final call, between the card and the round's end.
  std::vector<EventKind> kinds;
  for (const Event& ev : said) kinds.push_back(ev.kind);
  const auto call = std::ranges::find(kinds, EventKind::last_card_called);
  REQUIRE(call != kinds.end());
  CHECK(said[static_cast<int>(call - kinds.begin())].seat == 2);
  CHECK(said[static_cast<int>(call - kinds.begin())].extra == 1);
  CHECK(call[-1] == EventKind::card_played);
  CHECK(call[1] == EventKind::round_over);

  State forgot = s;
  EventBuffer events;
  REQUIRE(e.apply(forgot, jump, &events));
  CHECK_FALSE(forgot.over());
  CHECK(forgot.hands[2].size() >= 1);  // the penalty card (and the identical bonus's play again)
  bool missed = false, paid = false;
  for (const Event& ev : events) {
    missed = missed || (ev.kind == EventKind::last_card_missed && ev.seat == 2 && ev.extra == 1);
    paid = paid || (ev.kind == EventKind::last_card_penalty && ev.seat == 2 && ev.count == 1);
  }
  CHECK(missed);
  CHECK(paid);

  // Without the rule the same jump-in goes out, and the call is refused with it.
  const Engine plain(load_variant("balkan-jump-in"));
  State t = plain.position(p);
  REQUIRE(plain.apply(t, Action::play(0, parse_card("7H"))));
  CHECK(plain.check(t, jump.with_last()) == Refusal::last_not_allowed);
  REQUIRE(plain.apply(t, jump));
  CHECK(t.winner == 2);
}

TEST_CASE("final call: bots that never forget call with every final card, and forgetful ones pay",
          "[final_call]") {
  const Engine e(load_variant("mau-mau-final-call"));
  // The heuristic forgets one call in ten unless told otherwise (HeuristicAgent::kDefaultForget).
  for (const char* name :
       {"random", "eager", "greedy", "heuristic:0", "random:0.5", "eager:0.5", "heuristic"}) {
    INFO(name);
    std::vector<std::unique_ptr<Agent>> owned;
    std::vector<Agent*> agents;
    for (int seat = 0; seat < 3; ++seat) {
      owned.push_back(make_agent(name, 0));
      agents.push_back(owned.back().get());
    }
    const std::string agent = name;
    const bool forgetful = agent == "heuristic" || agent.find(":0.5") != std::string::npos;
    long final_misses = 0, won = 0;
    for (std::uint64_t round = 0; round < 200; ++round) {
      for (int seat = 0; seat < 3; ++seat) agents[seat]->reset(round * 3 + seat);
      State s = e.deal(3, round);
      play_round(e, s, agents, RoundOptions{},
                 [&](const State&, Action a, std::span<const Event> events) {
                   // A final card without the call: its player drew and the round went on.
                   for (const Event& ev : events)
                     if (ev.kind == EventKind::last_card_missed && ev.extra == 1) {
                       CHECK(a.kind() == ActionKind::play);
                       CHECK_FALSE(a.calls_last());
                       ++final_misses;
                     }
                 });
      won += s.winner >= 0;
    }
    CHECK(won > 150);
    if (forgetful)
      CHECK(final_misses > 0);
    else
      CHECK(final_misses == 0);
  }
}

TEST_CASE("final call: the mask, the JSON view and describe say when the call is due",
          "[final_call]") {
  const Engine e(load_variant("mau-mau-final-call"));
  const Engine plain(load_variant("mau-mau"));
  Position p;
  p.hands = {cards({"9S"}), cards({"7S", "9C"}), cards({"10D", "KD", "QD"})};
  p.discard = cards({"9H"});
  p.stock = cards({"7C", "8C", "AD", "QS"});
  for (const Engine* engine : {&e, &plain}) {
    const bool rule = engine == &e;
    INFO(engine->variant().name);
    const State s = engine->position(p);
    const ActionSpace space(*engine, 3);
    ActionList legal;
    engine->legal_actions(s, legal);
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(space.size()));
    space.mask(s, legal.span(), mask);
    const Action final_call = Action::play(0, parse_card("9S")).with_last();
    CHECK(mask[static_cast<std::size_t>(space.id(final_call))] == (rule ? 1 : 0));
    for (int seat = 0; seat < 3; ++seat) {
      const PlayerView view(*engine, s, seat);
      // Seat 0 holds one card, seat 1 two (the call is due with either play), seat 2 three.
      const bool due = seat == 1 || (seat == 0 && rule);
      CHECK(view.call_due() == due);
      const ViewSnapshot snap = snapshot(view);
      CHECK(snap.call_due == due);
      CHECK(view_from_json(to_json(snap)) == snap);
    }
  }
  CHECK(describe_variant(e.variant()).find("final card is played with the call") !=
        std::string::npos);
  CHECK(describe_variant(plain.variant()).find("final card is played with the call") ==
        std::string::npos);
}
