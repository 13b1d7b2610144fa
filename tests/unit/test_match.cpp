// Matches: every end condition of `match:` from given totals (single round, fixed rounds,
// elimination, the Balkan threshold with its hard limit), the tie rule, the dealer rotation and
// the cut; then whole matches between simple bots: a Balkan match to 250/500 and a British
// elimination match to 100, played to the end, with their events.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/match.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

namespace {

MatchRules rules(MatchKind end, int limit = 100, int hard_limit = 0, int rounds = 1) {
  MatchRules r;
  r.end = end;
  r.limit = limit;
  r.hard_limit = hard_limit;
  r.rounds = rounds;
  return r;
}

Standings add(const MatchRules& r, const Standings& s, std::vector<int> scores, int winner = -1) {
  return after_round(r, s, scores, winner);
}

// Plays the first legal action; calls "last card" when it can.
class FirstLegal final : public Agent {
 public:
  Action choose(const PlayerView& view, std::span<const Action> legal) override {
    const Action a = legal[0];
    return a.kind() == ActionKind::play && view.hand().size() == 2 ? a.with_last() : a;
  }
  std::string name() const override { return "first-legal"; }
};

// Uniform among the legal actions, seeded; forgets "last card" one time in four and challenges
// when it may, so the last-card rules are exercised too.
class SeededRandom final : public Agent {
 public:
  Action choose(const PlayerView& view, std::span<const Action> legal) override {
    ++choices;
    const Action a = legal[rng_.below(static_cast<std::uint32_t>(legal.size()))];
    const bool call = rng_.below(4) != 0;
    return a.kind() == ActionKind::play && view.hand().size() == 2 && call ? a.with_last() : a;
  }
  bool challenges(const PlayerView&, int) override { return rng_.below(2) == 0; }
  void reset(std::uint64_t seed) override { rng_ = Pcg32(seed); }
  std::string name() const override { return "seeded-random"; }
  int choices = 0;

 private:
  Pcg32 rng_;
};

// Never legal: for the error path.
class Cheater final : public Agent {
 public:
  Action choose(const PlayerView& view, std::span<const Action>) override {
    return Action::play(view.seat(), Card::joker());
  }
  std::string name() const override { return "cheater"; }
};

struct Log {
  std::vector<MatchEventKind> kinds;
  std::vector<int> eliminated;
  int rounds_started = 0, rounds_scored = 0, overs = 0, over_winner = -1, over_loser = -1;
  std::vector<std::vector<int>> scores;
  MatchObserver observer() {
    return [this](const MatchEvent& e) {
      kinds.push_back(e.kind);
      switch (e.kind) {
        case MatchEventKind::round_started:
          ++rounds_started;
          break;
        case MatchEventKind::round_scored:
          ++rounds_scored;
          scores.emplace_back(e.scores.begin(), e.scores.end());
          break;
        case MatchEventKind::player_eliminated:
          eliminated.push_back(e.seat);
          CHECK_FALSE(e.standings->is_in(e.seat));
          break;
        case MatchEventKind::match_over:
          ++overs;
          over_winner = e.seat;
          over_loser = e.loser;
          CHECK(e.standings->over);
          break;
      }
    };
  }
};

}  // namespace

// ---- end conditions from given totals ---------------------------------------------------------

TEST_CASE("single round: over after one round, and the round winner wins", "[match][standings]") {
  const MatchRules r = rules(MatchKind::single_round);
  const Standings s = add(r, Standings::start(3), {0, 12, 30}, 0);
  CHECK(s.over);
  CHECK(s.rounds == 1);
  CHECK(s.winner == 0);
  CHECK(s.loser == 2);
  CHECK(s.totals == std::vector<int>{0, 12, 30});
  CHECK_THROWS_AS(add(r, s, {0, 0, 0}), std::logic_error);
  SECTION("a stalemate: the lowest hand wins") {
    const Standings t = add(r, Standings::start(3), {14, 9, 30}, -1);
    CHECK(t.winner == 1);
    CHECK(t.loser == 2);
  }
  SECTION("the round winner beats a seat that also scored 0 (zero-valued cards)") {
    const Standings t = add(r, Standings::start(3), {0, 5, 0}, 2);
    CHECK(t.winner == 2);
    CHECK(t.loser == 1);
  }
  SECTION("equal losers: the higher seat loses") {
    const Standings t = add(r, Standings::start(3), {0, 5, 5}, 0);
    CHECK(t.loser == 2);
  }
  // QA: from start totals {50, 0, 0, 0} the round's winner (seat 0) lost the match to the
  // lowest total. The round decides, not the totals; equal round scores go by the tie rule.
  SECTION("from start totals: the round decides, not the totals") {
    const Standings from = standings_from_totals(r, {50, 0, 0, 0});
    const Standings t = add(r, from, {0, 5, 52, 5}, 0);
    CHECK(t.totals == std::vector<int>{50, 5, 52, 5});
    CHECK(t.winner == 0);
    CHECK(t.loser == 2);
    const Standings stalemate = add(r, from, {3, 9, 40, 9}, -1);
    CHECK(stalemate.winner == 0);
    CHECK(stalemate.loser == 2);
    const Standings tied = add(r, standings_from_totals(r, {0, 0, 20, 10}), {0, 6, 6, 6}, 0);
    CHECK(tied.loser == 2);  // the highest total of the three that scored 6
  }
}

TEST_CASE("fixed rounds: lowest total after the last round", "[match][standings]") {
  const MatchRules r = rules(MatchKind::fixed_rounds, 100, 0, 3);
  Standings s = Standings::start(3);
  s = add(r, s, {0, 20, 35}, 0);
  CHECK_FALSE(s.over);
  s = add(r, s, {15, 0, 5}, 1);
  CHECK_FALSE(s.over);
  s = add(r, s, {25, 20, 0}, 2);
  REQUIRE(s.over);
  CHECK(s.totals == std::vector<int>{40, 40, 40});
  // All equal: the lower score in the last round (seat 2, the round winner, scored 0), then
  // the lower seat: 1 (20) before 0 (25).
  CHECK(s.winner == 2);
  CHECK(s.loser == 0);
  CHECK(rank_seats(MatchRules{}, s, {0, 1, 2}) == std::vector<int>{2, 1, 0});

  SECTION("resumed from totals, the final round decides") {
    Standings t = standings_from_totals(r, {50, 60, 70});
    t = add(r, t, {0, 0, 0});
    t = add(r, t, {0, 0, 0});
    t = add(r, t, {30, 0, 5}, 1);
    REQUIRE(t.over);
    CHECK(t.winner == 1);  // 60
    CHECK(t.loser == 0);   // 80 against 75
  }
  SECTION("complete tie: the lower seat ranks first") {
    Standings t = standings_from_totals(r, {10, 10});
    for (int i = 0; i < 3; ++i) t = add(r, t, {5, 5});
    CHECK(t.winner == 0);
    CHECK(t.loser == 1);
  }
}

TEST_CASE("elimination: a seat reaching the cap sits out, and the last under it wins",
          "[match][standings]") {
  const MatchRules r = rules(MatchKind::elimination, 100);
  Standings s = standings_from_totals(r, {90, 50, 99, 20});
  CHECK(s.active_seats() == std::vector<int>{0, 1, 2, 3});
  s = add(r, s, {20, 10, 0, 5}, 2);  // seat 0 reaches 110
  CHECK_FALSE(s.over);
  CHECK_FALSE(s.is_in(0));
  CHECK(s.first_at_limit == 0);
  CHECK(s.active_seats() == std::vector<int>{1, 2, 3});
  s = add(r, s, {40, 45, 5, 0}, 3);  // seat 0 sits out: its 40 is ignored
  CHECK(s.totals[0] == 110);
  CHECK(s.last_round[0] == 0);
  CHECK_FALSE(s.is_in(1));  // 105
  CHECK_FALSE(s.is_in(2));  // 104
  // Seats 1 and 2 went out together; seat 3 is the last under the cap.
  CHECK(s.over);
  CHECK(s.winner == 3);
  CHECK(s.loser == 0);  // the first eliminated

  SECTION("the last seats all reach the cap in one round: the best of them wins") {
    Standings t = standings_from_totals(r, {150, 95, 90});
    CHECK_FALSE(t.is_in(0));
    CHECK(t.first_at_limit == 0);
    t = add(r, t, {0, 10, 14});  // 105 and 104
    REQUIRE(t.over);
    CHECK(t.winner == 2);
    CHECK(t.loser == 0);
  }
  SECTION("two reach the cap in the first elimination round: the worse is the loser") {
    Standings t = standings_from_totals(r, {95, 95, 10});
    t = add(r, t, {10, 20, 0}, 2);  // 105 and 115
    REQUIRE(t.over);
    CHECK(t.winner == 2);
    CHECK(t.first_at_limit == 1);
    CHECK(t.loser == 1);
  }
  SECTION("equal totals when going out together: the worse last round is eliminated first") {
    Standings t = standings_from_totals(r, {90, 80, 10});
    t = add(r, t, {20, 30, 0}, 2);  // 110 and 110
    CHECK(t.first_at_limit == 1);
  }
}

TEST_CASE("threshold (Balkan): play on until one seat is below the limit", "[match][standings]") {
  const MatchRules r = rules(MatchKind::threshold, 250, 500);
  Standings s = standings_from_totals(r, {240, 100, 245, 200});
  s = add(r, s, {20, 10, 0, 30}, 2);  // seat 0: 260, the first to reach 250
  CHECK(s.first_at_limit == 0);
  CHECK_FALSE(s.over);
  CHECK(s.is_in(0));  // everyone keeps playing
  CHECK(s.active_seats().size() == 4);
  s = add(r, s, {300, 5, 10, 25}, 1);  // 560, 115, 255, 255
  CHECK(s.first_at_hard_limit == 0);
  REQUIRE(s.over);
  CHECK(s.winner == 1);  // the only one below 250
  CHECK(s.loser == 0);   // reached 500 (also the first at 250)

  SECTION("without reaching the hard limit the first at the limit loses") {
    Standings t = standings_from_totals(r, {240, 100, 245});
    t = add(r, t, {20, 0, 0}, 1);  // 260: first at the limit
    t = add(r, t, {0, 5, 10}, 0);  // 255
    REQUIRE(t.over);
    CHECK(t.winner == 1);
    CHECK(t.loser == 0);
  }
  SECTION("a seat reaching the hard limit later is the loser instead") {
    Standings t = standings_from_totals(r, {240, 100, 200});
    t = add(r, t, {20, 0, 0}, 1);   // seat 0: 260, first at the limit
    t = add(r, t, {0, 0, 310}, 1);  // seat 2: 510, first at the hard limit
    REQUIRE(t.over);
    CHECK(t.first_at_limit == 0);
    CHECK(t.first_at_hard_limit == 2);
    CHECK(t.winner == 1);
    CHECK(t.loser == 2);
  }
  SECTION("reaching the hard limit does not end the match by itself") {
    Standings t = standings_from_totals(r, {0, 0, 0});
    t = add(r, t, {600, 0, 0}, 1);
    CHECK_FALSE(t.over);
    CHECK(t.first_at_hard_limit == 0);
  }
  SECTION("two reach the limit in the same round: the higher total is first") {
    Standings t = standings_from_totals(r, {240, 245, 100, 100});
    t = add(r, t, {20, 5, 0, 0}, 2);  // 260 and 250
    CHECK(t.first_at_limit == 0);
    CHECK_FALSE(t.over);
  }
  SECTION("two reach the limit with equal totals: the worse last round, then the higher seat") {
    Standings t = standings_from_totals(r, {240, 245, 100});
    t = add(r, t, {10, 5, 0}, 2);  // 250 and 250
    CHECK(t.first_at_limit == 0);  // scored 10 against 5
    Standings u = standings_from_totals(r, {240, 240, 100});
    u = add(r, u, {10, 10, 0}, 2);
    CHECK(u.first_at_limit == 1);
  }
  SECTION("several pass the hard limit in one round: the highest total is the loser") {
    Standings t = standings_from_totals(r, {480, 490, 100, 100});
    t = add(r, t, {30, 40, 0, 0}, 2);  // 510 and 530
    CHECK(t.first_at_hard_limit == 1);
    t = add(r, t, {0, 0, 200, 0}, 3);  // 300: only seat 3 below
    REQUIRE(t.over);
    CHECK(t.winner == 3);
    CHECK(t.loser == 1);
  }
  SECTION("the last seats below all reach the limit together: the best of them wins") {
    Standings t = standings_from_totals(r, {260, 240, 245});
    CHECK(t.first_at_limit == 0);
    t = add(r, t, {0, 20, 10}, 0);  // 260 and 255
    REQUIRE(t.over);
    CHECK(t.winner == 2);
    CHECK(t.loser == 0);
  }
  SECTION("no hard limit configured") {
    const MatchRules soft = rules(MatchKind::threshold, 250, 0);
    Standings t = standings_from_totals(soft, {240, 0});
    t = add(soft, t, {900, 0}, 1);
    REQUIRE(t.over);
    CHECK(t.first_at_hard_limit == -1);
    CHECK(t.winner == 1);
    CHECK(t.loser == 0);
  }
}

TEST_CASE("first_to: the round's winner scores the others' hands, the first to the target wins",
          "[match][standings]") {
  const MatchRules r = rules(MatchKind::first_to, 100);
  // The round's points: the winner takes the sum of the other hands, the others 0; a stalemate
  // scores nothing.
  CHECK(round_points(TeamRules{}, r, {0, 30, 12}, 0) == std::vector<int>{42, 0, 0});
  CHECK(round_points(TeamRules{}, r, {25, 0, 8}, 1) == std::vector<int>{0, 33, 0});
  CHECK(round_points(TeamRules{}, r, {25, 14, 8}, -1) == std::vector<int>{0, 0, 0});
  CHECK(round_points(TeamRules{}, MatchRules{}, {0, 30, 12}, 0) == std::vector<int>{0, 30, 12});
  // In partnerships the winning team takes the other teams' hands (not its partners'), and
  // each partner carries the take: seats 0 and 2 against 1 and 3.
  TeamRules pairs;
  pairs.seating = TeamSeating::opposite;
  CHECK(round_points(pairs, r, {0, 30, 12, 8}, 0) == std::vector<int>{38, 0, 38, 0});
  CHECK(round_points(pairs, r, {25, 0, 12, 8}, 1) == std::vector<int>{0, 37, 0, 37});
  CHECK(round_points(pairs, r, {25, 30, 12, 8}, -1) == std::vector<int>{0, 0, 0, 0});

  Standings s = Standings::start(3);
  s = add(r, s, {60, 0, 0}, 0);
  CHECK_FALSE(s.over);
  CHECK(check_standings(r, s) == "");
  s = add(r, s, {0, 0, 90}, 2);
  CHECK_FALSE(s.over);
  // Higher is better: seat 2 (90) before seat 0 (60) before seat 1 (0).
  CHECK(rank_seats(r, s, {0, 1, 2}) == std::vector<int>{2, 0, 1});
  CHECK(ranks_before(r, s, 2, 0));
  CHECK_FALSE(ranks_before(MatchRules{}, s, 2, 0));
  s = add(r, s, {0, 0, 10}, 2);
  REQUIRE(s.over);
  CHECK(s.totals == std::vector<int>{60, 0, 100});  // 100 reaches the target
  CHECK(s.winner == 2);
  CHECK(s.loser == 1);
  CHECK(check_standings(r, s) == "");

  SECTION("equal lowest totals: the lower latest score loses, then the higher seat") {
    Standings t = standings_from_totals(r, {95, 20, 20});
    t = add(r, t, {10, 0, 0}, 0);
    REQUIRE(t.over);
    CHECK(t.winner == 0);
    CHECK(t.loser == 2);  // seats 1 and 2 tie on 20 and on 0: the higher seat loses
  }
  SECTION("start totals past the target: the best of the seats there wins after a round") {
    Standings t = standings_from_totals(r, {0, 150, 20});
    CHECK_FALSE(t.over);
    CHECK(check_standings(r, t) == "");
    t = add(r, t, {110, 0, 0}, 0);
    REQUIRE(t.over);
    CHECK(t.winner == 1);  // 150 before 110
    CHECK(t.loser == 2);
  }
  SECTION("ended early: the highest total wins, the lowest loses") {
    Standings t = end_match_now(r, add(r, Standings::start(3), {0, 40, 0}, 1));
    CHECK(t.winner == 1);
    CHECK(t.loser == 2);
  }
  SECTION("check_standings: only the round's winner scores, and nobody at the target plays on") {
    Standings t = add(r, Standings::start(3), {50, 0, 0}, 0);
    t.last_round = {50, 5, 0};
    CHECK(check_standings(r, t) ==
          "seat 1's latest round's score is 5, but under first_to only the round's winner "
          "scores (seat 0)");
    // With teams the round's winner's partners score the take too, and only they.
    const std::vector<int> team = {0, 1, 0, 1};
    Standings p = add(r, Standings::start(4), {50, 0, 50, 0}, 0);
    CHECK(check_standings(r, p, team) == "");
    p.last_round = {50, 50, 50, 50};
    p.totals = {50, 50, 50, 50};
    CHECK(check_standings(r, p, team) ==
          "seat 1's latest round's score is 50, but under first_to only the round's winner "
          "scores (seat 0, with its partners)");
    t = add(r, Standings::start(3), {50, 0, 0}, 0);
    t.totals = {50, 120, 0};
    CHECK(check_standings(r, t) ==
          "seat 1 has 120 points, at or past the target 100, after a round, but the match is "
          "not over");
  }
}

TEST_CASE("standings: errors and ending a match early", "[match][standings]") {
  const MatchRules r = rules(MatchKind::threshold, 250, 500);
  CHECK_THROWS_AS(add(r, Standings::start(3), {1, 2}), std::invalid_argument);
  Standings s = standings_from_totals(r, {100, 260, 40});
  s = end_match_now(r, s);
  CHECK(s.over);
  CHECK(s.winner == 2);
  CHECK(s.loser == 1);  // first at the limit
  Standings e = end_match_now(rules(MatchKind::elimination),
                              standings_from_totals(rules(MatchKind::elimination), {10, 50}));
  CHECK(e.winner == 0);
  CHECK(e.loser == 1);
}

// QA: start totals of INT_MAX - 5 made a Balkan match overflow an int at its first round
// (UBSan: standings.cpp signed integer overflow), with the same seat as winner and loser.
TEST_CASE("standings: totals, scores and rounds stay within their ranges", "[match][standings]") {
  const MatchRules r = rules(MatchKind::threshold, 250, 500);
  CHECK_THROWS_WITH(standings_from_totals(r, {2147483642, 0, 0}),
                    "the start total of seat 0, 2147483642, is outside -1000000000 to 1000000000");
  CHECK_THROWS_AS(standings_from_totals(r, {0, -1'000'000'001}), std::invalid_argument);
  CHECK_THROWS_AS(standings_from_totals(r, {}), std::invalid_argument);
  const MatchRules long_rules = rules(MatchKind::fixed_rounds, 100, 0, 1000);
  Standings s = standings_from_totals(long_rules, {kMaxMatchTotal, 0, -kMaxMatchTotal});
  // A round that would take a total past the range is refused, not wrapped.
  CHECK_THROWS_WITH(add(long_rules, s, {1, 0, 0}),
                    "after_round: seat 0's total 1000000000 + 1 = 1000000001 is outside "
                    "-1000000000 to 1000000000, the range of a match's totals");
  CHECK_THROWS_AS(add(long_rules, s, {0, 0, -1}), std::overflow_error);
  s = add(long_rules, s, {-kMaxRoundScore, kMaxRoundScore, kMaxRoundScore});
  CHECK(s.totals == std::vector<int>{kMaxMatchTotal - kMaxRoundScore, kMaxRoundScore,
                                     -kMaxMatchTotal + kMaxRoundScore});
  CHECK_THROWS_WITH(add(long_rules, s, {0, kMaxRoundScore + 1, 0}),
                    "after_round: seat 1's score 800001 is outside -800000 to 800000");
  // Standings made by hand with any int are added to without overflowing either.
  Standings wild = Standings::start(2);
  wild.totals = {std::numeric_limits<int>::max(), std::numeric_limits<int>::min()};
  CHECK_THROWS_AS(add(long_rules, wild, {kMaxRoundScore, 0}), std::overflow_error);
  CHECK_THROWS_AS(add(long_rules, wild, {0, -kMaxRoundScore}), std::overflow_error);
  Standings long_match = Standings::start(3);
  long_match.rounds = kMaxMatchRounds;
  CHECK_THROWS_AS(add(long_rules, long_match, {0, 0, 0}), std::overflow_error);
  long_match.rounds = kMaxMatchRounds - 1;
  CHECK(add(long_rules, long_match, {0, 0, 0}).rounds == kMaxMatchRounds);
}

// QA: standings that no match of the rules reaches were resumed: a British match with three
// of four seats out but not over dealt a round to one seat; a seat still in at 500 points
// (British eliminates at 100) won the match on 1114.
TEST_CASE("standings: check_standings names what contradicts the match rules",
          "[match][standings]") {
  const MatchRules elim = rules(MatchKind::elimination, 100);
  const auto st = [](std::vector<int> totals, std::vector<bool> out = {}, int rounds = 1) {
    Standings s = Standings::start(static_cast<int>(totals.size()));
    s.totals = std::move(totals);
    if (!out.empty()) s.out = std::move(out);
    s.rounds = rounds;
    for (std::size_t seat = 0; seat < s.out.size(); ++seat)
      if (s.out[seat] && s.first_at_limit < 0) s.first_at_limit = static_cast<int>(seat);
    return s;
  };
  // What a match reaches is accepted: from start totals, after rounds, and once over.
  CHECK(check_standings(elim, Standings::start(4)) == "");
  CHECK(check_standings(elim, standings_from_totals(elim, {150, 20, 30})) == "");
  Standings played = add(elim, Standings::start(3), {120, 0, 30}, 1);
  CHECK(check_standings(elim, played) == "");
  played = add(elim, played, {0, 0, 80}, 0);
  REQUIRE(played.over);
  CHECK(check_standings(elim, played) == "");
  CHECK(check_standings(elim, end_match_now(elim, Standings::start(3))) == "");

  // Elimination: out exactly at the limit.
  CHECK(check_standings(elim, st({0, 0, 0, 0}, {false, true, true, true})) ==
        "seat 1 is out with 0 points, below the elimination limit 100");
  CHECK(check_standings(elim, st({500, 8, 0, 9})) ==
        "seat 0 is in play with 500 points, at or past the elimination limit 100");
  CHECK(check_standings(elim, st({10, 100, 120, 150}, {false, true, true, true})) ==
        "only seat 0 is in play, but the match is not over: a round needs two players");
  CHECK(check_standings(elim, st({10, 100, 120, 150}, {false, true, true, true}, 0)) ==
        "only seat 0 is in play, but the match is not over: a round needs two players");
  Standings unnamed = st({10, 100, 20}, {false, true, false});
  unnamed.first_at_limit = -1;
  CHECK(check_standings(elim, unnamed) ==
        "seat 1 has 100 points, at or past the limit 100, but first_at_limit is none");
  unnamed.first_at_limit = 0;
  CHECK(check_standings(elim, unnamed) ==
        "first_at_limit is seat 0, whose 10 points are below the limit 100");
  // Partners (who carry one total): one team left in play ends the match, and start totals
  // that leave one team in are refused too (QA: they dealt a round between partners).
  const std::vector<int> teams = {0, 1, 0, 1};
  CHECK(check_standings(elim, st({120, 10, 120, 10}, {true, false, true, false}), teams) ==
        "only seats 1, 3 of one team are in play, but the match is not over: a round needs two "
        "teams");
  CHECK(check_standings(elim, standings_from_totals(elim, {100, 0, 100, 0}), teams) ==
        "only seats 1, 3 of one team are in play, but the match is not over: a round needs two "
        "teams");
  CHECK(check_standings(elim, standings_from_totals(elim, {50, 0, 50, 0}), teams) == "");

  // Rules without elimination or limits.
  const MatchRules single = rules(MatchKind::single_round);
  CHECK(check_standings(single, st({0, 10}, {false, false}, 0)) == "");
  CHECK(check_standings(single, st({0, 10})) ==
        "a single_round match has played its round, but it is not over");
  CHECK(check_standings(single, st({0, 10}, {false, true}, 0)) ==
        "seat 1 is out, but a single_round match eliminates nobody");
  const MatchRules fixed = rules(MatchKind::fixed_rounds, 100, 0, 3);
  CHECK(check_standings(fixed, st({0, 10}, {}, 2)) == "");
  CHECK(check_standings(fixed, st({0, 10}, {}, 3)) ==
        "3 rounds played of a match of 3, but it is not over");
  Standings limited = st({0, 10});
  limited.first_at_limit = 1;
  CHECK(check_standings(fixed, limited) ==
        "first_at_limit is seat 1, but a fixed_rounds match has no limit");

  // Threshold: every seat plays on; after a round, one seat below the limit ends the match.
  const MatchRules balkan = rules(MatchKind::threshold, 250, 500);
  CHECK(check_standings(balkan, standings_from_totals(balkan, {260, 300, 10})) == "");
  Standings over_limit = st({260, 300, 10});
  over_limit.first_at_limit = 1;
  CHECK(check_standings(balkan, over_limit) ==
        "only seat 2 is below the limit 250 after a round, but the match is not over");
  Standings hard = st({600, 10, 20});
  hard.first_at_limit = 0;
  CHECK(check_standings(balkan, hard) ==
        "seat 0 has 600 points, at or past the hard limit 500, but first_at_hard_limit is none");
  hard.first_at_hard_limit = 0;
  CHECK(check_standings(balkan, hard) == "");
  CHECK(check_standings(rules(MatchKind::threshold, 250), hard) ==
        "first_at_hard_limit is seat 0, but these match rules have no hard limit");

  // What every match is held to.
  Standings bad = Standings::start(3);
  bad.last_round = {0, 0};
  CHECK(check_standings(elim, bad) == "out and last_round need one entry per seat (3)");
  bad = Standings::start(3);
  bad.rounds = -1;
  CHECK(check_standings(elim, bad) == "rounds -1 is outside 0 to 1250");
  bad = Standings::start(3);
  bad.totals[2] = std::numeric_limits<int>::max();
  CHECK(check_standings(elim, bad) ==
        "the total of seat 2, 2147483647, is outside -1000000000 to 1000000000");
  bad = Standings::start(3);
  bad.loser = 3;
  CHECK(check_standings(elim, bad) == "loser 3 is not a seat of 3 (or -1 for none)");
  bad.loser = 1;
  CHECK(check_standings(elim, bad) == "a match that is not over has no winner or loser");
  bad = Standings::start(3);
  bad.last_round_winner = 1;
  CHECK(check_standings(elim, bad) ==
        "no round has been played, yet last_round or last_round_winner tell of one");
}

TEST_CASE("dealer rotation and the cut for the first dealer", "[match][standings]") {
  const MatchRules r = rules(MatchKind::elimination, 100);
  Standings s = standings_from_totals(r, {0, 120, 0, 0});
  CHECK(next_dealer(s, 0) == 2);  // seat 1 is out
  CHECK(next_dealer(s, 3) == 0);  // clockwise wraps
  CHECK(next_dealer(s, 1) == 2);  // the dealer itself just went out

  // British, and British with two jokers in the deck: a joker cuts highest.
  int jokers_cut = 0;
  for (const char* name : {"british", "british-jokers"}) {
    const Variant british = load_variant(name);
    CHECK(british.match.first_dealer == FirstDealer::lowest_cut);
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      const Cut cut = cut_for_dealer(british, 5, seed);
      REQUIRE(cut.cards.size() == 5);
      auto rank_of = [](Card c) {  // A low, joker high
        return c.is_joker() ? 14 : static_cast<int>(c.rank()) + 1;
      };
      const Card low = cut.cards[static_cast<std::size_t>(cut.dealer)];
      for (int seat = 0; seat < 5; ++seat) {
        const Card c = cut.cards[static_cast<std::size_t>(seat)];
        jokers_cut += c.is_joker();
        CHECK(rank_of(c) >= rank_of(low));
        if (seat < cut.dealer) CHECK(rank_of(c) > rank_of(low));  // ties go to the lower seat
      }
      CHECK(first_dealer(british, 5, seed) == cut.dealer);
      CHECK(cut_for_dealer(british, 5, seed).cards == cut.cards);  // seeded
      // The engine's prebuilt deck cuts the same.
      const Engine engine(british);
      CHECK(cut_for_dealer(engine.deck(5), 5, seed).cards == cut.cards);
      CHECK(first_dealer(british, engine.deck(5), 5, seed) == cut.dealer);
    }
  }
  CHECK(jokers_cut > 0);  // the seeds above do cut a joker
  const Variant balkan = load_variant("balkan");
  CHECK(first_dealer(balkan, 4, 99) == 0);  // seat_zero
  CHECK(round_seed(7, 3) == derive_seed(7, 3));
}

// ---- whole matches between bots ----------------------------------------------------------------

TEST_CASE("a Crazy Eights match to 100 between bots: the winner scores, the first to 100 wins",
          "[match]") {
  const Variant v = load_variant("crazy-eights-to-100");
  const auto heuristic = [](std::uint64_t seed) { return make_agent("heuristic", seed); };
  const std::unique_ptr<Agent> a = heuristic(1), b = heuristic(2), c = heuristic(3);
  Match match(v, {a.get(), b.get(), c.get()}, 77);
  const Standings& s = match.play();
  REQUIRE(s.over);
  CHECK_FALSE(match.stopped_at_round_limit());
  CHECK(s.rounds > 1);
  // Every round: the winner took the others' hands, nobody else scored; the totals add up.
  std::vector<int> sums(3, 0);
  for (const RoundRecord& rec : match.history()) {
    for (int i = 0; i < 3; ++i) {
      sums[static_cast<std::size_t>(i)] += rec.scores[static_cast<std::size_t>(i)];
      if (i != rec.winner) CHECK(rec.scores[static_cast<std::size_t>(i)] == 0);
    }
    if (rec.winner >= 0) CHECK(rec.scores[static_cast<std::size_t>(rec.winner)] > 0);
  }
  CHECK(sums == s.totals);
  // Only the last round took a total to 100: its winner's, who wins the match.
  CHECK(s.winner == match.history().back().winner);
  CHECK(s.totals[static_cast<std::size_t>(s.winner)] >= 100);
  CHECK(s.totals[static_cast<std::size_t>(s.winner)] -
            match.history().back().scores[static_cast<std::size_t>(s.winner)] <
        100);
  CHECK(s.loser == rank_seats(v.match, s, {0, 1, 2}).back());
  CHECK(s.totals[static_cast<std::size_t>(s.loser)] ==
        *std::min_element(s.totals.begin(), s.totals.end()));
}

TEST_CASE("a full Balkan match between bots, to 250 and 500", "[match][balkan]") {
  const Variant balkan = load_variant("balkan");
  SeededRandom a, b, c;
  FirstLegal d;
  Log log;
  Match match(balkan, {&a, &b, &c, &d}, 2024);
  match.set_observer(log.observer());
  const Standings& s = match.play();
  REQUIRE(s.over);
  CHECK_FALSE(match.stopped_at_round_limit());
  INFO("rounds " << s.rounds << ", totals " << s.totals[0] << " " << s.totals[1] << " "
                 << s.totals[2] << " " << s.totals[3]);
  CHECK(s.rounds > 1);
  CHECK(a.choices > 0);

  // The end condition: at most one seat below 250, and it is the winner.
  int below = 0;
  for (int t : s.totals) below += t < 250;
  CHECK(below <= 1);
  if (below == 1) CHECK(s.totals[static_cast<std::size_t>(s.winner)] < 250);
  CHECK(s.loser != s.winner);
  if (s.first_at_hard_limit >= 0)
    CHECK(s.loser == s.first_at_hard_limit);
  else
    CHECK(s.loser == s.first_at_limit);
  // Everyone played every round (nobody sits out in the threshold game).
  for (const RoundRecord& rec : match.history()) CHECK(rec.seats.size() == 4);

  // Totals are the sums of the round scores; a round winner scored 0.
  std::vector<int> sums(4, 0);
  for (const RoundRecord& rec : match.history()) {
    for (int i = 0; i < 4; ++i)
      sums[static_cast<std::size_t>(i)] += rec.scores[static_cast<std::size_t>(i)];
    if (rec.winner >= 0) CHECK(rec.scores[static_cast<std::size_t>(rec.winner)] == 0);
  }
  CHECK(sums == s.totals);
  // The deal rotates clockwise from seat 0.
  for (std::size_t k = 0; k < match.history().size(); ++k)
    CHECK(match.history()[k].dealer == static_cast<int>(k % 4));

  // Events: one start and one score per round, one match_over, last.
  CHECK(log.rounds_started == s.rounds);
  CHECK(log.rounds_scored == s.rounds);
  CHECK(log.overs == 1);
  CHECK(log.kinds.back() == MatchEventKind::match_over);
  CHECK(log.over_winner == s.winner);
  CHECK(log.over_loser == s.loser);
  CHECK(log.eliminated.empty());
  CHECK_THROWS_AS(match.play_round(), std::logic_error);

  SECTION("reproducible from the seed") {
    SeededRandom a2, b2, c2;
    FirstLegal d2;
    Match again(balkan, {&a2, &b2, &c2, &d2}, 2024);
    again.play();
    CHECK(again.standings() == s);
    REQUIRE(again.history().size() == match.history().size());
    for (std::size_t k = 0; k < again.history().size(); ++k)
      CHECK(again.history()[k].scores == match.history()[k].scores);
  }
}

TEST_CASE("a British elimination match between bots, to 100", "[match][british]") {
  const Variant british = load_variant("british");
  REQUIRE(british.match.end == MatchKind::elimination);
  REQUIRE(british.match.limit == 100);
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    SeededRandom a, b, c, d, e;
    Log log;
    Match match(british, {&a, &b, &c, &d, &e}, seed);
    match.set_observer(log.observer());
    const int dealer0 = match.dealer();
    CHECK(dealer0 == first_dealer(british, 5, seed));
    const Standings& s = match.play();
    REQUIRE(s.over);
    INFO("seed " << seed << ", rounds " << s.rounds);
    CHECK(match.history().front().dealer == dealer0);

    // Everyone but the winner went out at 100 or more; the winner is the last one under the
    // cap, or the best of those who went out together in the last round.
    int still_in = 0;
    for (int seat = 0; seat < 5; ++seat) still_in += s.is_in(seat);
    CHECK(still_in <= 1);
    if (still_in == 1) {
      CHECK(s.is_in(s.winner));
      CHECK(s.totals[static_cast<std::size_t>(s.winner)] < 100);
    }
    CHECK(s.loser == s.first_at_limit);
    CHECK(log.eliminated.size() == static_cast<std::size_t>(5 - still_in));
    CHECK(log.eliminated.front() == s.first_at_limit);

    // Eliminated seats sit out: after its elimination round a seat is dealt no more cards and
    // scores nothing; the dealer is always a seat still in, moving clockwise.
    std::vector<bool> out(5, false);
    for (const RoundRecord& rec : match.history()) {
      CHECK(std::find(rec.seats.begin(), rec.seats.end(), rec.dealer) != rec.seats.end());
      for (int seat = 0; seat < 5; ++seat) {
        const bool plays = std::find(rec.seats.begin(), rec.seats.end(), seat) != rec.seats.end();
        CHECK(plays == !out[static_cast<std::size_t>(seat)]);
        if (!plays) CHECK(rec.scores[static_cast<std::size_t>(seat)] == 0);
      }
      std::vector<int> totals(5, 0);
      for (const RoundRecord& upto : match.history()) {
        for (int seat = 0; seat < 5; ++seat)
          totals[static_cast<std::size_t>(seat)] += upto.scores[static_cast<std::size_t>(seat)];
        if (&upto == &rec) break;
      }
      for (int seat = 0; seat < 5; ++seat)
        if (totals[static_cast<std::size_t>(seat)] >= 100)
          out[static_cast<std::size_t>(seat)] = true;
    }
    for (std::size_t k = 1; k < match.history().size(); ++k) {
      const RoundRecord& prev = match.history()[k - 1];
      const RoundRecord& cur = match.history()[k];
      // The next seat clockwise after the previous dealer that is still in.
      int expected = prev.dealer;
      do expected = (expected + 1) % 5;
      while (std::find(cur.seats.begin(), cur.seats.end(), expected) == cur.seats.end());
      CHECK(cur.dealer == expected);
    }
    CHECK(log.over_winner == s.winner);
  }
}

TEST_CASE("single-round and fixed-round matches, resumed totals, stalemates", "[match]") {
  SECTION("mobile app: one round, whoever empties their hand wins") {
    const Variant app = load_variant("mobile-app");
    SeededRandom a, b, c;
    Match match(app, {&a, &b, &c}, 5);
    match.play();
    REQUIRE(match.over());
    REQUIRE(match.history().size() == 1);
    const RoundRecord& rec = match.history()[0];
    if (rec.winner >= 0) CHECK(match.winner() == rec.winner);
  }
  SECTION("fixed rounds from a house rule") {
    const Variant v = load_variant("british", "match: {end: fixed_rounds, rounds: 4}", "house");
    FirstLegal a, b, c;
    Match match(v, {&a, &b, &c}, 11);
    match.play();
    CHECK(match.standings().rounds == 4);
    CHECK(match.winner() == rank_seats(v.match, match.standings(), {0, 1, 2}).front());
  }
  SECTION("resumed from totals: the Balkan final round") {
    const Variant balkan = load_variant("balkan");
    SeededRandom a, b, c;
    MatchOptions options;
    options.start_totals = {249, 249, 0};
    Match match(balkan, {&a, &b, &c}, 3, options);
    match.play_round();
    // Seats 0 and 1 both lose some points unless they win the round.
    const Standings& s = match.standings();
    CHECK(s.rounds == 1);
    if (s.over) CHECK(s.winner == 2);
  }
  SECTION("a round at the turn limit is a stalemate: everyone scores, nobody wins it") {
    Variant v = load_variant("british", "match: {end: fixed_rounds, rounds: 2}", "house");
    v.round.turn_limit = 3;
    FirstLegal a, b;
    Match match(v, {&a, &b}, 8);
    match.play();
    REQUIRE(match.history().size() == 2);
    for (const RoundRecord& rec : match.history()) {
      CHECK(rec.stalemate);
      CHECK(rec.winner == -1);
      CHECK(rec.scores[0] > 0);
      CHECK(rec.scores[1] > 0);
    }
  }
  SECTION("the round cap ends a long match as it stands") {
    const Variant balkan = load_variant("balkan");
    FirstLegal a, b, c;
    MatchOptions options;
    options.max_rounds = 1;
    Match match(balkan, {&a, &b, &c}, 3, options);
    match.play();
    CHECK(match.over());
    CHECK(match.stopped_at_round_limit());
    CHECK(match.standings().rounds == 1);
  }
  SECTION("bad set-ups") {
    const Variant balkan = load_variant("balkan");  // 3 to 5 players
    FirstLegal a, b;
    CHECK_THROWS_AS(Match(balkan, {&a, &b}, 1), std::invalid_argument);
    CHECK_THROWS_AS(Match(balkan, {&a, &b, nullptr}, 1), std::invalid_argument);
    // QA: a revealed bit for a seat past the last was ignored, silently.
    FirstLegal c;
    MatchOptions options;
    options.round.revealed = 0x80;
    CHECK_THROWS_MATCHES(Match(balkan, {&a, &b, &c}, 1, options), std::invalid_argument,
                         Catch::Message("round.revealed has bit 7 set, for a seat this match of "
                                        "3 seats does not have (bits 0 to 2)"));
    options.round.revealed = 0x0c;  // seats 2 and 3
    CHECK_THROWS_MATCHES(Match(balkan, {&a, &b, &c}, 1, options), std::invalid_argument,
                         Catch::Message("round.revealed has bit 3 set, for a seat this match of "
                                        "3 seats does not have (bits 0 to 2)"));
    options.round.revealed = 0x07;
    CHECK_NOTHROW(Match(balkan, {&a, &b, &c}, 1, options));
    Cheater x;
    Match match(balkan, {&a, &b, &x}, 1);
    CHECK_THROWS_AS(match.play(), std::logic_error);
  }
}

TEST_CASE("Match: a match continued between rounds from its standings plays on identically",
          "[match]") {
  for (const char* name : {"british", "balkan"}) {
    INFO(name);
    const Variant v = load_variant(name);
    const auto seats = [] {
      std::vector<std::unique_ptr<Agent>> a;
      for (int i = 0; i < 3; ++i) a.push_back(make_agent("heuristic", 0));
      return a;
    };
    auto whole = seats();
    Match uninterrupted(v, {whole[0].get(), whole[1].get(), whole[2].get()}, 77);
    uninterrupted.play_round();
    uninterrupted.play_round();
    // Saved here (as JSON, the way a program would keep it), then continued by a new Match.
    const Standings saved = standings_from_json(to_json(uninterrupted.standings()));
    const int dealer = uninterrupted.dealer();
    const Standings end = uninterrupted.play();
    auto fresh = seats();
    MatchOptions options;
    options.resume = saved;
    options.first_dealer = dealer;
    Match resumed(v, {fresh[0].get(), fresh[1].get(), fresh[2].get()}, 77, options);
    CHECK(resumed.play() == end);
  }
}
