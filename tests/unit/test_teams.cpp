// Partnerships (`teams:`): the team of each seat for both seatings, team scores under both
// scoring keys and after a stalemate, the end conditions read by team (elimination, threshold),
// and whole British partnership matches between bots: partners always carry the same total,
// and a match ends when one team is left; simulation results count each team's wins, through
// their JSON and the merge of shards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "switchcards/agents/heuristic_agent.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/match.hpp"
#include "switchcards/agents/simulation_results.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/io/describe.hpp"
#include "switchcards/io/load_variant.hpp"

#include "../common/cards.hpp"

using namespace switchcards;

namespace {

using testing::cards;

TeamRules opposite(TeamScore score = TeamScore::losing_teams) {
  TeamRules t;
  t.seating = TeamSeating::opposite;
  t.score = score;
  return t;
}

}  // namespace

TEST_CASE("team_of_seats: partners sit opposite, or as listed", "[teams]") {
  CHECK(opposite().team_of_seats(4) == std::vector<int>{0, 1, 0, 1});
  CHECK(opposite().team_of_seats(6) == std::vector<int>{0, 1, 2, 0, 1, 2});
  TeamRules listed;
  listed.seating = TeamSeating::listed;
  listed.listed = {{2, 0}, {1}, {3, 4}};
  CHECK(listed.team_of_seats(5) == std::vector<int>{0, 1, 0, 2, 2});
  CHECK(TeamRules{}.team_of_seats(4).empty());
}

TEST_CASE("partners: at the full table, and opposite after a team is out", "[teams]") {
  const TeamRules t = opposite();
  CHECK(t.partners(4, 0, 2));
  CHECK(t.partners(4, 3, 1));
  CHECK_FALSE(t.partners(4, 0, 1));
  CHECK_FALSE(t.partners(4, 2, 2));
  // Six seats, three teams; with team {1, 4} out the round seats 0..3 are match seats 0, 2, 3,
  // 5: round seats 0 and 2 (match 0 and 3) are partners, as are 1 and 3 (match 2 and 5).
  CHECK(t.partners(6, 1, 4));
  CHECK_FALSE(t.partners(6, 1, 2));
  CHECK(t.partners(4, 0, 2));
  TeamRules listed;
  listed.seating = TeamSeating::listed;
  listed.listed = {{0, 1}, {2}};
  CHECK(listed.partners(3, 0, 1));
  CHECK_FALSE(listed.partners(3, 1, 2));
  CHECK_FALSE(listed.partners(2, 0, 1));  // not the full table: unknown
  CHECK_FALSE(TeamRules{}.partners(4, 0, 2));
}

TEST_CASE("the heuristic catches a forgetful opponent, never its partner", "[teams]") {
  const Engine engine(load_variant("british-partnerships"));
  Position p;
  p.hands = {cards({"4H", "9C", "3D"}), cards({"5H", "6C", "2D"}), cards({"7H", "8C"}),
             cards({"KS", "QS", "JD"})};
  p.discard = cards({"9H"});
  p.stock = cards({"2S", "3S", "4S"});
  p.turn = 2;
  State s = engine.position(p);
  // Seat 2 plays its 7H without calling "last card": seat 3, an opponent, is to act and
  // seat 0 (its partner) and seat 1 (an opponent) are asked out of turn.
  REQUIRE(engine.apply(s, Action::play(2, parse_card("7H"))));
  REQUIRE(s.catchable == 2);
  HeuristicAgent agent(1);
  CHECK_FALSE(agent.challenges(PlayerView(engine, s, 0), 2));
  CHECK(agent.challenges(PlayerView(engine, s, 1), 2));
  ActionList legal;
  engine.legal_actions(s, legal);
  CHECK(agent.choose(PlayerView(engine, s, 3), legal.span()).kind() == ActionKind::challenge);
}

TEST_CASE("team_scores: the winning team scores 0, the others their hands added up", "[teams]") {
  // Hands of 0 (the winner), 7, 5 and 9 points; teams {0, 2} and {1, 3}.
  const std::vector<int> hands{0, 7, 5, 9};
  CHECK(team_scores(opposite(), hands, 0) == std::vector<int>{0, 16, 0, 16});
  // each_hand: the winner's partner's 5 counts for team 0.
  CHECK(team_scores(opposite(TeamScore::each_hand), hands, 0) == std::vector<int>{5, 16, 5, 16});
  // A stalemate: nobody won, every team scores its hands, under both keys.
  const std::vector<int> all{3, 7, 5, 9};
  CHECK(team_scores(opposite(), all, -1) == std::vector<int>{8, 16, 8, 16});
  CHECK(team_scores(opposite(TeamScore::each_hand), all, -1) == std::vector<int>{8, 16, 8, 16});
  // Without teams, nothing changes.
  CHECK(team_scores(TeamRules{}, hands, 0) == hands);
}

TEST_CASE("after_round with teams: one team left ends the match", "[teams]") {
  const std::vector<int> teams{0, 1, 0, 1};
  MatchRules elimination;
  elimination.end = MatchKind::elimination;
  elimination.limit = 100;
  {
    // Seats 1 and 3 reach the limit together: team 0 is the only one left and wins.
    const Standings s =
        after_round(elimination, standings_from_totals(elimination, {40, 90, 40, 90}),
                    std::vector<int>{0, 12, 0, 12}, 0, teams);
    CHECK(s.over);
    CHECK(s.winner == 0);
    CHECK(s.out == std::vector<bool>{false, true, false, true});
  }
  {
    // Without teams the same round leaves two seats in, and the match goes on.
    const Standings s =
        after_round(elimination, standings_from_totals(elimination, {40, 90, 40, 90}),
                    std::vector<int>{0, 12, 0, 12}, 0);
    CHECK_FALSE(s.over);
  }
  MatchRules threshold;
  threshold.end = MatchKind::threshold;
  threshold.limit = 100;
  {
    // Only team 1's seats are below the limit: it wins, with its best seat.
    const Standings s = after_round(threshold, standings_from_totals(threshold, {95, 30, 95, 30}),
                                    std::vector<int>{10, 0, 10, 0}, 3, teams);
    CHECK(s.over);
    CHECK(s.winner == 3);
  }
  CHECK_THROWS_AS(after_round(threshold, Standings::start(3), std::vector<int>{0, 0, 0}, 0, teams),
                  std::invalid_argument);
}

TEST_CASE("check_standings: partners carry one total and one latest score", "[teams]") {
  // Every player of a team gets the team's score: standings where partners differ were never
  // reached by play, and a match resumed from them would score them apart.
  const std::vector<int> teams{0, 1, 0, 1};
  MatchRules elimination;
  elimination.end = MatchKind::elimination;
  elimination.limit = 100;
  CHECK(check_standings(elimination, standings_from_totals(elimination, {40, 90, 40, 90}), teams) ==
        "");
  CHECK(check_standings(elimination, standings_from_totals(elimination, {40, 90, 40, 20}), teams) ==
        "seats 1 and 3 are partners, but their totals differ (90 and 20): partners carry their "
        "team's total");
  // Without teams every seat has its own total.
  CHECK(check_standings(elimination, standings_from_totals(elimination, {40, 90, 40, 20})) == "");
  Standings scored = standings_from_totals(elimination, {40, 90, 40, 90});
  scored.rounds = 1;
  scored.last_round = {12, 0, 5, 0};
  CHECK(check_standings(elimination, scored, teams) ==
        "seats 0 and 2 are partners, but their latest round's scores differ (12 and 5): partners "
        "carry their team's latest round's score");
}

// QA: start totals that put one team out dealt a round between the partners left.
TEST_CASE("a partnership match from start totals needs two teams in play", "[teams]") {
  const Variant v = load_variant("british-partnerships");
  HeuristicAgent a0(0), a1(1), a2(2), a3(3);
  MatchOptions options;
  options.start_totals = {100, 0, 100, 0};
  try {
    Match match(v, {&a0, &a1, &a2, &a3}, 3, options);
    FAIL("a match with one team in play was made");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()) ==
          "start_totals [100, 0, 100, 0]: only seats 1, 3 of one team are in play, but the match "
          "is not over: a "
          "round needs two teams (under the match rules of british-partnerships)");
  }
  options.start_totals = {99, 0, 99, 0};
  Match match(v, {&a0, &a1, &a2, &a3}, 3, options);
  CHECK(match.play().rounds >= 1);
}

TEST_CASE("British partnership matches between bots: partners stand together", "[teams]") {
  const Variant v = load_variant("british-partnerships");
  CHECK(describe_variant(v).find("Teams: seats 0 and 2; seats 1 and 3") != std::string::npos);
  std::set<int> winning_teams;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::vector<std::unique_ptr<Agent>> owned;
    std::vector<Agent*> agents;
    for (int seat = 0; seat < 4; ++seat) {
      owned.push_back(make_agent("heuristic", seed * 10 + static_cast<std::uint64_t>(seat)));
      agents.push_back(owned.back().get());
    }
    Match match(v, agents, seed);
    const Standings& s = match.play();
    REQUIRE(s.over);
    for (const RoundRecord& r : match.history()) {
      CHECK(r.scores[0] == r.scores[2]);
      CHECK(r.scores[1] == r.scores[3]);
      if (r.winner >= 0) CHECK(r.scores[static_cast<std::size_t>(r.winner)] == 0);
    }
    CHECK(s.totals[0] == s.totals[2]);
    CHECK(s.totals[1] == s.totals[3]);
    // The losing team is out (both partners), the winning team is not.
    const int winner = s.winner, partner = (s.winner + 2) % 4;
    CHECK(s.is_in(winner));
    CHECK(s.is_in(partner));
    CHECK_FALSE(s.is_in((winner + 1) % 4));
    CHECK_FALSE(s.is_in((winner + 3) % 4));
    winning_teams.insert(winner % 2);
  }
  // Twenty matches are not all won by one team.
  CHECK(winning_teams.size() == 2);
}

TEST_CASE("simulations count each team's wins, in the JSON and across shards", "[teams]") {
  const Variant v = load_variant("british-partnerships");
  SimulationConfig c;
  c.players = 4;
  c.games = 120;
  c.agents = {"heuristic"};
  c.kind = GameKind::match;
  c.seed = 7;
  const ShardResults whole = shard_results(simulate(v, c), "british-partnerships", "", v.title);
  REQUIRE(whole.teams == std::vector<int>{0, 1, 0, 1});
  const std::vector<TeamWins> teams = team_wins(whole.teams, whole.stats);
  REQUIRE(teams.size() == 2);
  CHECK(teams[0].seats == std::vector<int>{0, 2});
  CHECK(teams[0].wins == whole.stats.wins[0] + whole.stats.wins[2]);
  CHECK(teams[1].wins == whole.stats.wins[1] + whole.stats.wins[3]);
  CHECK(teams[0].wins + teams[1].wins == whole.stats.games);  // every match has a winning team
  const std::string text = to_json(whole);
  CHECK(text.find("\"wins_by_team\"") != std::string::npos);
  CHECK(shard_results_from_json(text, "whole.json").teams == whole.teams);
  // Two shards merge into the whole study, teams and all.
  std::vector<ShardResults> parts;
  for (int k = 1; k <= 2; ++k) {
    SimulationConfig shard = c;
    shard.shard = k;
    shard.shards = 2;
    parts.push_back(shard_results_from_json(
        to_json(shard_results(simulate(v, shard), "british-partnerships", "", v.title)), "part"));
  }
  CHECK(to_json(merge_shards(parts, {"a.json", "b.json"})) == text);
  // A variant without teams writes neither field.
  const Variant british = load_variant("british");
  c.games = 4;
  const std::string plain = to_json(shard_results(simulate(british, c), "british", "", "British"));
  CHECK(plain.find("\"teams\"") == std::string::npos);
  CHECK(plain.find("wins_by_team") == std::string::npos);
}
