// specials' `waits` (the Makao stop): the seat that takes a stacked skip misses a turn for each
// skip on it. The scenarios (tests/scenarios/house/british-eights-wait--*.yaml) pin the plain
// cases; these test the rest: a seat still waiting when another chain reaches it, what the
// view, its JSON and the observation show, a saved state, and the refusals of bad input.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "switchcards/agents/human_agent.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/observation.hpp"
#include "switchcards/engine/view.hpp"
#include "switchcards/io/describe.hpp"
#include "switchcards/io/event_text.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"

#include "../common/cards.hpp"
#include "../common/replaced.hpp"

using namespace switchcards;
using testing::cards;

namespace {

Card card(const char* name) {
  return parse_card(name);
}

// Four seats: seats 0 and 1 stack two eights on seat 2, which holds none.
State two_eights_on_seat_2(const Engine& e) {
  Position p;
  p.hands = {cards({"8S", "5H"}), cards({"8D", "5C"}), cards({"3C", "4S"}), cards({"9D", "KS"})};
  p.discard = cards({"7S"});
  p.stock = cards({"10D", "10H"});
  State s = e.position(p);
  REQUIRE(e.apply(s, Action::play(0, card("8S"))).ok());
  REQUIRE(e.apply(s, Action::play(1, card("8D"))).ok());
  return s;
}

// What the terminal player at `seat` (the seat to act) is shown before its first move.
std::string terminal_screen(const Engine& e, const State& s, int seat) {
  ActionList legal;
  e.legal_actions(s, legal);
  std::istringstream in("1\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  (void)human.choose(PlayerView(e, s, seat), legal.span());
  return out.str();
}

// Seven seats (two decks): a chain of three eights from seats 6, 0 and 1 reaches seat 2, which
// holds none; the table plays round once, and seats 0 and 1 stack a chain of two on seat 2,
// still waiting.
State two_chains(const Engine& e) {
  Position p;
  p.hands = {cards({"8S", "8C", "5H", "5S"}),
             cards({"8D", "8H", "5C", "5D"}),
             cards({"3C", "4S", "KD"}),
             cards({"9D", "KS"}),
             cards({"9C", "KC"}),
             cards({"10C", "KH"}),
             cards({"8H", "6C", "QD"})};
  p.discard = cards({"4H"});
  p.stock = cards({"10D", "10H", "10S", "2C"});
  p.turn = 6;
  State s = e.position(p);
  const auto play = [&](int seat, const char* c) {
    INFO(seat << " play " << c);
    REQUIRE(e.apply(s, Action::play(seat, card(c))).ok());
  };
  play(6, "8H");
  play(0, "8S");
  play(1, "8D");
  REQUIRE(e.apply(s, Action::pass(2)).ok());
  // Three eights: this turn and two more.
  CHECK(turns_to_miss(s, 2) == 2);
  CHECK(s.turn == 3);
  play(3, "9D");
  play(4, "9C");
  play(5, "10C");
  play(6, "6C");
  play(0, "8C");
  play(1, "8H");
  return s;
}

}  // namespace

TEST_CASE("waits: a chain that reaches a seat still waiting adds its turns after the one due",
          "[waits]") {
  const Engine e(load_variant("british-eights-wait"));
  const State s = two_chains(e);
  // Seat 2 missed the turn it was due to miss anyway, took the two eights with it (that turn
  // and one more), and has the last of the first chain's turns still to come: two.
  CHECK(turns_to_miss(s, 2) == 2);
  CHECK(s.turn == 3);
  CHECK_FALSE(s.pending.active());
  // The same chains in british-stacked-eights skip players instead: nobody waits.
  const Engine skipping(load_variant("british-stacked-eights"));
  State t = two_eights_on_seat_2(skipping);
  REQUIRE(skipping.apply(t, Action::pass(2)).ok());
  CHECK(t.turn == 0);  // seats 2 and 3 skipped
  for (int seat = 0; seat < 4; ++seat) CHECK(turns_to_miss(t, seat) == 0);
}

TEST_CASE("waits: the view, its JSON and the observation show the turns to miss", "[waits]") {
  const Engine e(load_variant("british-eights-wait"));
  const State s = two_chains(e);
  const PlayerView view(e, s, 3);
  CHECK(view.misses_turn(2));
  CHECK(view.turns_to_miss(2) == 2);
  CHECK(view.turns_to_miss(0) == 0);
  const ViewSnapshot snap = snapshot(view);
  CHECK(snap.turns_to_miss == std::vector<int>{0, 0, 2, 0, 0, 0, 0});
  const std::string text = to_json(view);
  CHECK(text.find("\"turns_to_miss\":[0,0,2,0,0,0,0]") != std::string::npos);
  CHECK(view_from_json(text) == snap);
  // The observation has the slice in a variant with waits only, by seat in order of play
  // (seat 3 first: seat 2 is the last).
  const ObservationLayout layout(e, 7);
  const ObservationSlice& slice = layout.slice("turns_to_miss");
  std::vector<float> o(static_cast<std::size_t>(layout.size()));
  layout.write(view, {}, {}, o);
  CHECK(o[static_cast<std::size_t>(slice.offset + 6)] == 2.0f);
  CHECK(o[static_cast<std::size_t>(slice.offset)] == 0.0f);
  const Engine british(load_variant("british"));
  CHECK_THROWS_AS(ObservationLayout(british, 4).slice("turns_to_miss"), std::out_of_range);
  // A variant without waits writes no turns_to_miss.
  const State dealt = british.deal(4, 1);
  CHECK(to_json(PlayerView(british, dealt, 0)).find("turns_to_miss") == std::string::npos);
}

TEST_CASE("waits: a saved state keeps the turns to miss, and bad counts are refused", "[waits]") {
  const Engine e(load_variant("british-eights-wait"));
  const State s = two_chains(e);
  const std::string text = to_json(e, s);
  CHECK(text.find("\"more_turns_missed\":[0,0,1,0,0,0,0]") != std::string::npos);
  CHECK(state_from_json(e, text) == s);
  // Written only when a seat has more turns to miss.
  const Engine british(load_variant("british"));
  CHECK(to_json(british, british.deal(4, 1)).find("more_turns_missed") == std::string::npos);
  const auto edited = [&](std::string_view from, std::string_view to) {
    return testing::replaced(text, from, to);
  };

  CHECK_THROWS_WITH(state_from_json(e, edited("\"more_turns_missed\":[0,0,1,0,0,0,0]",
                                              "\"more_turns_missed\":[0,1,0,0,0,0,0]")),
                    Catch::Contains("/more_turns_missed/1: more turns missed by a seat "
                                    "/misses_turn does not list"));
  CHECK_THROWS_WITH(state_from_json(e, edited("\"more_turns_missed\":[0,0,1,0,0,0,0]",
                                              "\"more_turns_missed\":[0,0,1]")),
                    Catch::Contains("/more_turns_missed: expected one count per seat (7)"));
  CHECK_THROWS_WITH(state_from_json(e, edited("\"more_turns_missed\":[0,0,1,0,0,0,0]",
                                              "\"more_turns_missed\":[0,0,-1,0,0,0,0]")),
                    Catch::Contains("/more_turns_missed/2"));
  // Counts no round of the variant could reach: in a variant without waits, and more than the
  // cards played this round could make.
  State other = british.deal(4, 1);
  other.misses_turn = 0b10;
  other.more_turns_missed[1] = 2;
  CHECK(check_state(british, other) ==
        "/more_turns_missed/1: more turns to miss come from a special's waits, and this variant "
        "has none");
  // (The position leaves cards out of play, which only its save lists: read from it.)
  CHECK_THROWS_WITH(state_from_json(e, edited("\"more_turns_missed\":[0,0,1,0,0,0,0]",
                                              "\"more_turns_missed\":[0,0,1000,0,0,0,0]")),
                    Catch::Contains("/more_turns_missed/2: more turns to miss than"));
  // A card without waits stacks its skips onto a penalty that has them: its skips count too
  // (a 9 skipping 7, answered by an 8, costs seat 2 eight turns).
  const Engine nines(load_variant("british-eights-wait",
                                  "specials: {skip: {stack: [8, 9]}, nine: {cards: 9, skip: 7, "
                                  "stack: [8, 9]}}",
                                  "--rules"));
  State deep = nines.deal(3, 7);
  for (const char* a : {"0 play 9H", "1 play 8S", "2 pass"}) {
    INFO(a);
    REQUIRE(nines.apply(deep, parse_action(a)).ok());
  }
  CHECK(turns_to_miss(deep, 2) == 7);  // eight skips: the turn it passed, and seven more
  CHECK(check_state(nines, deep) == "");
  CHECK(state_from_json(nines, to_json(nines, deep)) == deep);
  // A view whose counts disagree with misses_turn.
  const std::string view_text = to_json(PlayerView(e, s, 3));
  std::string bad = view_text;
  const std::string counts = "\"turns_to_miss\":[0,0,2,0,0,0,0]";
  bad.replace(bad.find(counts), counts.size(), "\"turns_to_miss\":[0,2,0,0,0,0,0]");
  CHECK_THROWS_WITH(view_from_json(bad),
                    Catch::Contains("/turns_to_miss/1: a seat misses turns exactly when "
                                    "/misses_turn lists it"));
}

TEST_CASE("waits: the terminal player sees the turns the others will miss", "[waits]") {
  const Engine e(load_variant("british-eights-wait"));
  CHECK(terminal_screen(e, two_chains(e), 3).find("seat 2: 3 cards (misses the next 2 turns).") !=
        std::string::npos);
}

TEST_CASE("waits: the terminal player facing a chain is told what taking it costs", "[waits]") {
  // Two eights on seat 2: under waits two turns; without, one turn and the player after. The
  // header says it, and so does the move that takes the chain.
  struct Case {
    const char* variant;
    std::string cost, after;
  };
  for (const Case& c : {Case{"british-eights-wait", "miss 2 turns", ""},
                        Case{"british-stacked-eights", "miss a turn",
                             ", and the player after you is skipped too"}}) {
    INFO(c.variant);
    const Engine e(load_variant(c.variant));
    const State s = two_eights_on_seat_2(e);
    const std::string screen = terminal_screen(e, s, 2);
    CHECK(screen.find("Penalty pending: " + c.cost + " unless you answer it" + c.after + ".\n") !=
          std::string::npos);
    CHECK(screen.find(") take the penalty: " + c.cost + c.after + "\n") != std::string::npos);
    // The whole position (replay --until) says it in the same words, of seat 2.
    std::string position;
    for (const std::string& line : describe_position(e, s)) position += line + "\n";
    std::string of_seat_2 = c.after;
    if (!of_seat_2.empty()) of_seat_2.replace(of_seat_2.find("you"), 3, "seat 2");
    CHECK(position.find("): " + c.cost + " unless answered" + of_seat_2 + ".\n") !=
          std::string::npos);
  }
}

TEST_CASE("waits: the play-by-play says what a pending chain costs", "[waits]") {
  // QA: "must miss a turn unless answered, and the turn after it is missed too" read the same
  // under waits (the same seat's next turn) and without (the next player's turn).
  const auto line = [](const Engine& e, const char* card, std::uint32_t skip) {
    const Event pending{EventKind::penalty_pending, 2, parse_card(card), 0, skip};
    return describe_events(std::span(&pending, 1), {.engine = &e}).at(0);
  };
  const Engine wait(load_variant("british-eights-wait"));
  const Engine stacked(load_variant("british-stacked-eights"));
  CHECK(line(wait, "8S", 2) == "Seat 2 must miss 2 turns unless answered.");
  CHECK(line(wait, "8S", 1) == "Seat 2 must miss a turn unless answered.");
  CHECK(line(stacked, "8S", 2) ==
        "Seat 2 must miss a turn unless answered, and the player after seat 2 is skipped too.");
  // Deflected by an ace (a reverse, no penalty of its own): the 8's waits counts.
  const Engine deflected(
      load_variant("british-eights-wait", "{specials: {skip: {deflect: [A]}}}", "--rules"));
  CHECK(line(deflected, "AS", 3) == "Seat 2 must miss 3 turns unless answered.");
  // Without the engine the event cannot tell: the plain skip's words.
  const Event bare{EventKind::penalty_pending, 2, parse_card("8S"), 0, 2};
  CHECK(describe_events(std::span(&bare, 1)).at(0) ==
        "Seat 2 must miss a turn unless answered, and the player after seat 2 is skipped too.");
}

TEST_CASE("waits: describe says how many turns a draw penalty with skips costs", "[waits]") {
  Variant v = load_variant("british-eights-wait");
  for (Effect& fx : v.specials)
    if (fx.name == "draw-two") {
      fx.skip = 2;
      fx.waits = true;
    }
  const Engine e(v);  // checked as a file is
  // One long line: no sentence is broken.
  const std::string text = describe_variant(v, 100000);
  CHECK(text.find("must draw 2 and miss 2 turns") != std::string::npos);
  CHECK(text.find("misses a turn for each skip on it") != std::string::npos);
}

TEST_CASE("waits: a Variant built in C++ is checked as a file is", "[waits]") {
  Variant v = load_variant("british-eights-wait");
  for (Effect& fx : v.specials)
    if (fx.name == "skip") fx.stack = {};  // a skip nobody answers: no penalty to take
  CHECK_THROWS_WITH(Engine(v), Catch::Contains("waits counts the skips of a penalty"));
}

TEST_CASE("the terminal player says a penalty nothing answers without 'unless you answer it'",
          "[waits]") {
  // QA: Makao's K of hearts, which no card answers, read "draw 5 unless you answer it".
  const Engine e(load_variant("makao"));
  Position p;
  p.hands = {cards({"KH", "5C", "6D"}), cards({"9S", "7S", "8C"})};
  p.discard = cards({"9H"});
  p.stock = cards({"10D", "10H", "10S", "6C", "6H", "7D"});
  State s = e.position(p);
  REQUIRE(e.apply(s, Action::play(0, card("KH"))).ok());
  REQUIRE(s.pending.active());
  const std::string screen = terminal_screen(e, s, 1);
  CHECK(screen.find("Penalty pending: draw 5.\n") != std::string::npos);
  CHECK(screen.find("unless") == std::string::npos);
}
