// specials' `names_rank` (the Makao jack): its player names a rank that every player in turn,
// its player last, must play or draw. The scenarios (tests/scenarios/house/makao--*.yaml) pin
// the rule at the table; these test the rest: the action's encoding and text, the State's size,
// a saved state and its refusals, the view, its JSON and the observation, action-space ids, a
// card turned up under first_card: apply, the heuristic's choice and the words shown.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/agents/heuristic_agent.hpp"
#include "switchcards/agents/human_agent.hpp"
#include "switchcards/engine/action_space.hpp"
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

// Three seats of makao: seat 0 has played JH on 5H and named 7; seat 1 is to act.
State seven_named(const Engine& e, EventBuffer* events = nullptr) {
  Position p;
  p.hands = {cards({"JH", "7D", "5C", "KC"}), cards({"7S", "9C", "QD", "3H"}),
             cards({"2D", "9H", "7C", "4S"})};
  p.discard = cards({"5H"});
  p.stock = cards({"10D", "10H", "10S", "6C", "6D"});
  State s = e.position(p);
  REQUIRE(e.apply(s, Action::play(0, card("JH"))).ok());
  REQUIRE(e.apply(s, Action::name(0, Rank::seven), events).ok());
  return s;
}

}  // namespace

TEST_CASE("names_rank: a name action's rank, text and JSON, apart from the swap target",
          "[names_rank]") {
  for (int r = 0; r < kRankCount; ++r) {
    const Rank rank = static_cast<Rank>(r);
    const Action a = Action::name(3, rank);
    INFO(r);
    CHECK(a.well_formed());
    CHECK(a.kind() == ActionKind::name);
    CHECK(a.seat() == 3);
    CHECK(a.named_rank() == rank);
    // The play path reads the swap target without asking the kind: a name has none.
    CHECK(a.swap_target() < 0);
    CHECK(parse_action(to_string(a)) == a);
    CHECK(action_from_json(to_json(a)) == a);
  }
  CHECK(to_string(Action::name(1, Rank::ten)) == "1 name 10");
  CHECK(to_json(Action::name(1, Rank::ten)) == R"({"seat":1,"kind":"name","rank":"10"})");
  CHECK(Action::play(0, card("7H")).named_rank() == kNoRank);
  CHECK_THROWS_WITH(parse_action("0 name 11"),
                    Catch::Contains("'name' takes one rank (A, 2 to 10, J, Q, K)"));
  CHECK_THROWS_WITH(parse_action("0 name"),
                    Catch::Contains("'name' takes one rank (A, 2 to 10, J, Q, K)"));
  CHECK_THROWS_WITH(action_from_json(R"({"seat":0,"kind":"name"})"),
                    Catch::Contains("missing key 'rank'"));
}

TEST_CASE("names_rank: the State keeps the rank named in its padding", "[names_rank]") {
  // The three bytes sit before `decisions`, where the State had padding: a variant without
  // names_rank copies no more bytes for them (docs/performance.md records 928).
  CHECK(sizeof(State) == 928);
}

TEST_CASE("names_rank: a saved state keeps the rank named, and bad ones are refused",
          "[names_rank]") {
  const Engine e(load_variant("makao"));
  const State s = seven_named(e);
  CHECK(s.named_rank == Rank::seven);
  CHECK(s.demand_by == 0);
  const std::string text = to_json(e, s);
  CHECK(text.find(R"("named_rank":{"rank":"7","by":0})") != std::string::npos);
  CHECK(state_from_json(e, text) == s);
  // Not written where no rank is named.
  CHECK(to_json(e, e.deal(3, 1)).find("named_rank") == std::string::npos);
  // (The position leaves cards out of play, which only its save lists: read from it.)
  const auto edited = [&](std::string_view from, std::string_view to) {
    return testing::replaced(text, from, to);
  };

  // A rank the special may not name, a rank without its special's demand, a seat or rank that
  // is none.
  CHECK_THROWS_WITH(state_from_json(e, edited(R"("rank":"7")", R"("rank":"J")")),
                    Catch::Contains("/named_rank/rank: the demand in force does not name J"));
  CHECK_THROWS_WITH(state_from_json(e, edited(R"("demand":"jack-demand")", R"("demand":null)")),
                    Catch::Contains("/named_rank/rank: the demand in force does not name 7"));
  // QA: the jack's demand without the rank named loaded, and bound as a plain demand of a J.
  std::string unnamed = text;
  const std::size_t from = unnamed.find(R"(,"named_rank":)");
  REQUIRE(from != std::string::npos);
  unnamed.erase(from, unnamed.find('}', from) + 1 - from);
  CHECK_THROWS_WITH(state_from_json(e, unnamed),
                    Catch::Contains("/named_rank: 'jack-demand' binds with the rank its player "
                                    "named, and none is named"));
  State dealt = e.deal(3, 1);
  REQUIRE(check_state(e, dealt) == "");
  dealt.named_rank = Rank::seven;
  dealt.demand_by = 0;
  dealt.demand = s.demand;  // the jack's special, its rank_demand left at none
  CHECK(check_state(e, dealt) ==
        "/named_rank: a rank named, its namer and its special (the demand) go together");
  CHECK_THROWS_WITH(state_from_json(e, edited(R"("rank":"7")", R"("rank":"11")")),
                    Catch::Contains("/named_rank/rank"));
  CHECK_THROWS_WITH(state_from_json(e, edited(R"("by":0)", R"("by":5)")),
                    Catch::Contains("/named_rank/by"));
  // A variant in which nothing names a rank.
  const Engine british(load_variant("british"));
  State other = british.deal(3, 1);
  other.named_rank = Rank::seven;
  other.demand_by = 0;
  CHECK_FALSE(check_state(british, other).empty());
}

TEST_CASE("names_rank: the view, its JSON and the observation show the rank and its namer",
          "[names_rank]") {
  const Engine e(load_variant("makao"));
  const State s = seven_named(e);
  const PlayerView view(e, s, 2);
  CHECK(view.named_rank() == Rank::seven);
  CHECK(view.named_by() == 0);
  const std::string text = to_json(view);
  CHECK(text.find(R"("named_rank":{"rank":"7","by":0})") != std::string::npos);
  CHECK(view_from_json(text) == snapshot(view));
  // The demand holds every 7 and the J that may name anew.
  const CardMask demand = e.demand_cards(s);
  CHECK(demand == (CardMask::of_rank(Rank::seven) | CardMask::of_rank(Rank::jack)));

  const ObservationLayout layout(e, 3);
  CHECK(layout.slice("phase").size == 5);
  const ObservationSlice& rank = layout.slice("named_rank");
  const ObservationSlice& by = layout.slice("named_by");
  CHECK(rank.size == kRankCount);
  CHECK(by.size == 3);
  std::vector<float> o(static_cast<std::size_t>(layout.size()));
  layout.write(view, {}, {}, o);
  for (int r = 0; r < kRankCount; ++r)
    CHECK(o[static_cast<std::size_t>(rank.offset + r)] ==
          (r == static_cast<int>(Rank::seven) ? 1.0f : 0.0f));
  // Seat 2 observes: in order of play seat 0 is its next, entry 1.
  CHECK(o[static_cast<std::size_t>(by.offset + 1)] == 1.0f);
  CHECK(o[static_cast<std::size_t>(by.offset)] == 0.0f);
  CHECK(o[static_cast<std::size_t>(by.offset + 2)] == 0.0f);
  // A variant in which nothing names a rank keeps its vector as it was.
  const Engine british(load_variant("british"));
  const ObservationLayout plain(british, 4);
  CHECK(plain.slice("phase").size == 4);
  CHECK_THROWS_AS(plain.slice("named_rank"), std::out_of_range);
  CHECK_THROWS_AS(plain.slice("named_by"), std::out_of_range);
}

TEST_CASE("names_rank: the action space has a name for each rank a card may name", "[names_rank]") {
  const Engine e(load_variant("makao"));
  const ActionSpace space(e, 3);
  for (int r = 0; r < kRankCount; ++r) {
    const Rank rank = static_cast<Rank>(r);
    const bool nameable = r >= static_cast<int>(Rank::five) && r <= static_cast<int>(Rank::ten);
    INFO(r);
    const int id = space.id(Action::name(2, rank));
    CHECK((id >= 0) == nameable);
    if (id >= 0) CHECK(space.action(id, 2) == Action::name(2, rank));
  }
  const Engine british(load_variant("british"));
  CHECK(ActionSpace(british, 3).id(Action::name(0, Rank::seven)) == -1);
}

TEST_CASE("names_rank: a card turned up under first_card: apply is named by the dealer",
          "[names_rank]") {
  const Engine e(load_variant("makao", "deal: {first_card: apply}", "--rules"));
  int found = 0;
  for (std::uint64_t seed = 0; seed < 400 && found < 3; ++seed) {
    const State s = e.deal(3, seed, 1);
    if (s.top().rank() != Rank::jack) continue;
    ++found;
    INFO(seed);
    CHECK(s.phase == Phase::naming);
    CHECK(s.turn == 1);
    ActionList legal;
    e.legal_actions(s, legal);
    CHECK(legal.size() == 6);
    for (const Action a : legal.span()) CHECK(a.kind() == ActionKind::name);
    State t = s;
    REQUIRE(e.apply(t, Action::name(1, Rank::nine)).ok());
    CHECK(t.turn == 2);
    CHECK(t.named_rank == Rank::nine);
    CHECK(t.demand_by == 1);
  }
  CHECK(found == 3);
}

TEST_CASE("names_rank: the heuristic names the rank it holds most", "[names_rank]") {
  const Engine e(load_variant("makao"));
  Position p;
  p.hands = {cards({"JH", "9C", "9S", "6D", "KC"}), cards({"7S", "9D", "QD"}),
             cards({"2D", "9H", "7C"})};
  p.discard = cards({"5H"});
  p.stock = cards({"10D", "10H", "10S"});
  State s = e.position(p);
  REQUIRE(e.apply(s, Action::play(0, card("JH"))).ok());
  ActionList legal;
  e.legal_actions(s, legal);
  HeuristicAgent bot;
  CHECK(bot.choose(PlayerView(e, s, 0), legal.span()) == Action::name(0, Rank::nine));
}

TEST_CASE("names_rank: the play-by-play and the terminal say what the name binds", "[names_rank]") {
  const Engine e(load_variant("makao"));
  EventBuffer events;
  const State named = seven_named(e, &events);
  // Without the engine the event cannot tell which cards besides the rank answer it.
  const std::vector<std::string> lines = describe_events(events.span());
  CHECK(std::find(lines.begin(), lines.end(),
                  "Seat 0 names 7: each player in turn, seat 0 last, must play a 7 or draw.") !=
        lines.end());
  EventTextOptions with_engine;
  with_engine.engine = &e;
  const std::vector<std::string> worded = describe_events(events.span(), with_engine);
  CHECK(std::find(worded.begin(), worded.end(),
                  "Seat 0 names 7: each player in turn, seat 0 last, must play a 7 or a J, or "
                  "draw.") != worded.end());
  // QA: the position and the terminal said "the next card must be J" while a 7 was named (the
  // special's demand alone), and "what the top card demands" once a 7 had answered it.
  State answered = named;
  REQUIRE(e.apply(answered, Action::play(1, card("7S"))).ok());
  for (const State& s : {named, answered}) {
    std::string position;
    for (const std::string& line : describe_position(e, s)) position += line + "\n";
    CHECK(position.find("; seat 0 named 7: each player in turn, seat 0 last, must play a 7 or a "
                        "J, or draw (") != std::string::npos);
    ActionList moves;
    e.legal_actions(s, moves);
    std::istringstream draw("quit\n");
    std::ostringstream screen;
    HumanAgent reader(draw, screen, false);
    try {
      (void)reader.choose(PlayerView(e, s, s.turn), moves.span());
    } catch (const PlayerQuit&) {  // the screen is printed before the question
    }
    CHECK(screen.str().find("Seat 0 named 7: each player in turn, seat 0 last, must play a 7 or "
                            "a J, or draw.\n") != std::string::npos);
    CHECK(screen.str().find("must be") == std::string::npos);
  }
  // The terminal player who just played an 8-naming jack is offered the names, with articles.
  Position p;
  p.hands = {cards({"JH", "8C", "KC"}), cards({"7S", "9D"})};
  p.discard = cards({"5H"});
  p.stock = cards({"10D"});
  State s = e.position(p);
  REQUIRE(e.apply(s, Action::play(0, card("JH"))).ok());
  ActionList legal;
  e.legal_actions(s, legal);
  std::istringstream in("name 8\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  CHECK(human.choose(PlayerView(e, s, 0), legal.span()) == Action::name(0, Rank::eight));
  CHECK(out.str().find("name 8: each player in turn, you last, must play an 8 or a J, or draw") !=
        std::string::npos);
}

TEST_CASE("names_rank: describe lists each rank once, in order", "[names_rank]") {
  // QA: the list was repeated as written ("5, 5 or 6").
  const std::string text = describe_variant(
      load_variant("makao", "specials: {jack-demand: {names_rank: [6, 5, 5]}}", "--rules"), 1000);
  CHECK(text.find("its player names a rank, 5 or 6, which every player") != std::string::npos);
}
