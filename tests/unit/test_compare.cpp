// Paired comparisons (agents/compare.hpp): the interval against a direct computation from the
// games played one by one, independence of threads, exact merge of shards, the formulas on
// hand-made sums, and a rule set compared with itself.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "switchcards/agents/compare.hpp"
#include "switchcards/agents/sweep.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

namespace {

SimulationConfig small_study(std::uint64_t games) {
  SimulationConfig c;
  c.players = 4;
  c.games = games;
  c.seed = 77;
  c.agents = {"heuristic", "eager"};
  return c;
}

const PairedMeasure& measure(const ComparisonResults& r, const std::string& key) {
  for (const PairedMeasure& m : r.measures)
    if (m.key == key) return m;
  FAIL("no measure " << key);
  throw;
}

}  // namespace

TEST_CASE("a paired interval equals the direct computation from the games one by one") {
  const Variant a = load_variant("british");
  const Variant b = load_variant("british-stacked-eights");
  SimulationConfig c = small_study(400);
  c.threads = 2;
  const ComparisonResults r = compare(a, b, c, "british", "", "british-stacked-eights", "");

  // Each game alone, through simulate_game (its own stats), as the definitions say.
  std::vector<double> first, decisions, penalty;
  std::vector<double> a_first;
  for (std::uint64_t i = 0; i < c.games; ++i) {
    const SimulationStats ga = simulate_game(a, c, i);
    const SimulationStats gb = simulate_game(b, c, i);
    first.push_back(double(gb.wins_from_first[0]) - double(ga.wins_from_first[0]));
    a_first.push_back(double(ga.wins_from_first[0]));
    decisions.push_back(double(gb.decisions) - double(ga.decisions));
    penalty.push_back(double(gb.penalty_cards) - double(ga.penalty_cards));
  }
  const auto check = [&](const std::string& key, const std::vector<double>& d) {
    double mean = 0;
    for (double x : d) mean += x;
    mean /= double(d.size());
    double ss = 0;
    for (double x : d) ss += (x - mean) * (x - mean);
    const double sd = std::sqrt(ss / double(d.size() - 1));
    const double half = student_t95(d.size() - 1) * sd / std::sqrt(double(d.size()));
    const PairedDifference p = paired_difference(measure(r, key).sums);
    INFO(key);
    CHECK(p.n == d.size());
    CHECK(p.diff == Approx(mean).margin(1e-12));
    REQUIRE(p.sd);
    CHECK(*p.sd == Approx(sd).epsilon(1e-9));
    CHECK(*p.low == Approx(mean - half).margin(1e-9));
    CHECK(*p.high == Approx(mean + half).margin(1e-9));
    CHECK(p.resolved == (mean - half > 0 || mean + half < 0));
    if (mean != 0) {
      // The normal value and a pair or a few more for the t quantile of that many pairs.
      REQUIRE(p.games_needed);
      const double normal = std::ceil(2.8 * 2.8 * sd * sd / (mean * mean));
      CHECK(double(*p.games_needed) >= normal);
      CHECK(double(*p.games_needed) <= normal + 2 + 0.1 * normal);
    }
  };
  check("first_player_win", first);
  check("decisions", decisions);
  check("penalty_cards", penalty);
  double a_mean = 0;
  for (double x : a_first) a_mean += x;
  CHECK(paired_difference(measure(r, "first_player_win").sums).mean_a ==
        Approx(a_mean / double(c.games)));
  // Each side is exactly what simulate gives for that variant.
  SimulationConfig plain = c;
  CHECK(r.a.stats == simulate(a, plain).stats);
  CHECK(r.b.stats == simulate(b, plain).stats);
  // Stacked eights are played: the sides differ somewhere.
  CHECK(measure(r, "decisions").sums.sum_d2 > 0);
}

TEST_CASE("a comparison does not depend on the threads, and its shards merge exactly") {
  const Variant a = load_variant("british");
  const Variant b = load_variant("british", "{last_card: {penalty: 4}}", "--rules");
  SimulationConfig c = small_study(250);
  const ComparisonResults one =
      compare(a, b, c, "british", "", "british", "{last_card: {penalty: 4}}");
  c.threads = 3;
  const ComparisonResults three =
      compare(a, b, c, "british", "", "british", "{last_card: {penalty: 4}}");
  CHECK(one.measures == three.measures);
  CHECK(to_json(one) == to_json(three));

  std::vector<ComparisonResults> parts;
  std::vector<std::string> files;
  for (int k = 1; k <= 3; ++k) {
    c.shard = k;
    c.shards = 3;
    const ComparisonResults part =
        compare(a, b, c, "british", "", "british", "{last_card: {penalty: 4}}");
    // Through the JSON, as `merge` reads the files.
    parts.push_back(comparison_from_json(to_json(part), "part" + std::to_string(k)));
    files.push_back("part" + std::to_string(k));
  }
  std::swap(parts[0], parts[2]);  // any order
  std::swap(files[0], files[2]);
  const ComparisonResults merged = merge_comparisons(parts, files);
  CHECK(to_json(merged) == to_json(one));
  parts.erase(parts.begin() + 1);  // the middle shard
  files.erase(files.begin() + 1);
  CHECK_THROWS_WITH(merge_comparisons(parts, files), Catch::Contains("a shard is missing"));
}

TEST_CASE("the paired formulas on hand-made pairs") {
  // Pairs (a, b): (0, 1), (0, 1), (1, 1), (1, 0), (0, 0): d = 1, 1, 0, -1, 0.
  PairedSums s;
  for (auto [a, b] : std::vector<std::pair<int, int>>{{0, 1}, {0, 1}, {1, 1}, {1, 0}, {0, 0}})
    s.add(a, b);
  CHECK(s.n == 5);
  CHECK(s.sum_a == 2);
  CHECK(s.sum_b == 3);
  CHECK(s.sum_d2 == 3);
  const PairedDifference d = paired_difference(s);
  CHECK(d.mean_a == Approx(0.4));
  CHECK(d.mean_b == Approx(0.6));
  CHECK(d.diff == Approx(0.2));
  // s^2 = (3 - 5 * 0.04) / 4 = 0.7
  REQUIRE(d.sd);
  CHECK(*d.sd == Approx(std::sqrt(0.7)));
  // Student's t with 4 degrees of freedom: 2.776445 (R: qt(0.975, 4)), shifted by 1.96 -
  // 1.959964.
  const double t4 = 2.7764451051977944 + (1.96 - 1.9599639845400542);
  CHECK(*d.low == Approx(0.2 - t4 * std::sqrt(0.7 / 5)));
  CHECK(*d.high == Approx(0.2 + t4 * std::sqrt(0.7 / 5)));
  CHECK_FALSE(d.resolved);
  // The normal value, ceil((1.96 + 0.84)^2 0.7 / 0.04) = 138, is one short of what the t
  // quantile of 138 pairs asks: (t(137) + 0.84)^2 17.5 = 138.9, so 139.
  REQUIRE(d.games_needed);
  CHECK(*d.games_needed == 139);
  // Many pairs of the same kind resolve it.
  PairedSums many;
  for (int i = 0; i < 200; ++i) many.add(s);
  CHECK(paired_difference(many).resolved);
  CHECK(*paired_difference(many).low > 0);
  CHECK(paired_difference(PairedSums{}).n == 0);
  // One pair has a difference but no spread: no interval, no verdict, no estimate of the pairs
  // needed (a standard deviation of 0 made the interval [d, d] and the estimate 0).
  PairedSums one;
  one.add(3, 11);
  const PairedDifference single = paired_difference(one);
  CHECK(single.diff == 8);
  CHECK_FALSE(single.sd);
  CHECK_FALSE(single.low);
  CHECK_FALSE(single.high);
  CHECK_FALSE(single.resolved);
  CHECK_FALSE(single.games_needed);
  // Pairs that all differ by the same amount have no spread: two pairs, the fewest with an
  // interval, resolve it (the estimate was 0, read in the report as "no games needed").
  PairedSums same;
  for (int i = 0; i < 5; ++i) same.add(0, 1);
  const PairedDifference agreed = paired_difference(same);
  REQUIRE(agreed.sd);
  CHECK(*agreed.sd == 0);
  CHECK(agreed.resolved);
  REQUIRE(agreed.games_needed);
  CHECK(*agreed.games_needed == 2);
}

TEST_CASE("the paired interval's quantile is Student's t and tends to 1.96") {
  // t(0.975, df) (R: qt(0.975, df)) + 1.96 - 1.959964: the table to 17 digits, and the
  // Cornish-Fisher expansion above 30 (its error is 2.6e-8 at 31, 7.4e-11 at 100).
  const double shift = 1.96 - 1.9599639845400542;
  CHECK(student_t95(1) == Approx(12.706204736174705 + shift).epsilon(1e-12));
  CHECK(student_t95(2) == Approx(4.302652729749464 + shift).epsilon(1e-12));
  CHECK(student_t95(10) == Approx(2.2281388519862747 + shift).epsilon(1e-12));
  CHECK(student_t95(30) == Approx(2.0422724563012383 + shift).epsilon(1e-12));
  CHECK(student_t95(31) == Approx(2.0395134463964085 + shift).margin(3e-8));
  CHECK(student_t95(40) == Approx(2.0210753903062734 + shift).margin(1e-8));
  CHECK(student_t95(100) == Approx(1.9839715185235523 + shift).margin(1e-10));
  CHECK(student_t95(1000) == Approx(1.9623390808264085 + shift).margin(1e-12));
  // The large-df limit is 1.96 itself, so large studies print what they printed.
  CHECK(student_t95(1000000000) == Approx(1.96).margin(1e-8));
  for (std::uint64_t df = 1; df < 200; ++df) CHECK(student_t95(df + 1) < student_t95(df));
}

TEST_CASE("two pairs get an interval of Student's t and no verdict the normal one would give") {
  // Round lengths of two pairs whose differences are 3 and 8: d = 5.5, s = 3.54. The normal
  // interval 5.5 +- 4.9 excluded 0 ("B higher"); t with one degree of freedom gives 5.5 +- 31.8.
  PairedSums s;
  s.add(40, 43);
  s.add(35, 43);
  const PairedDifference d = paired_difference(s);
  REQUIRE(d.sd);
  CHECK(*d.sd == Approx(std::sqrt(12.5)));
  const double half = student_t95(1) * std::sqrt(12.5) / std::sqrt(2.0);
  CHECK(half == Approx(31.77).margin(0.01));
  CHECK(*d.low == Approx(5.5 - half));
  CHECK(*d.high == Approx(5.5 + half));
  CHECK_FALSE(d.resolved);
  // Not the normal figure, 4 ((2.8 s / d)^2 = 3.2, rounded up), but the least m that the t
  // quantile of m pairs resolves: (t(m - 1) + 0.84)^2 12.5 / 30.25 <= m.
  REQUIRE(d.games_needed);
  const auto resolves = [&](std::uint64_t m) {
    const double q = student_t95(m - 1) + 0.84;
    return std::ceil(q * q * 12.5 / 30.25) <= double(m);
  };
  CHECK(resolves(*d.games_needed));
  CHECK_FALSE(resolves(*d.games_needed - 1));
  CHECK(*d.games_needed > 4);
}

TEST_CASE("a rule set compared with itself differs in nothing") {
  const Variant a = load_variant("balkan");
  const ComparisonResults r = compare(a, a, small_study(120), "balkan", "", "balkan", "");
  for (const PairedMeasure& m : r.measures) {
    INFO(m.key);
    CHECK(m.sums.sum_a == m.sums.sum_b);
    CHECK(m.sums.sum_d2 == 0);
    const PairedDifference d = paired_difference(m.sums);
    CHECK_FALSE(d.resolved);
    CHECK_FALSE(d.games_needed);
  }
  CHECK(r.a.stats == r.b.stats);
}

TEST_CASE("matches compare their length and the winner's margin") {
  const Variant a = load_variant("british");
  const Variant b = load_variant("british-stacked-eights");
  SimulationConfig c = small_study(30);
  c.kind = GameKind::match;
  const ComparisonResults r = compare(a, b, c, "british", "", "british-stacked-eights", "");
  CHECK(measure(r, "match_rounds").sums.n == 30);
  CHECK(measure(r, "match_rounds").sums.sum_a >= 30);
  CHECK(measure(r, "winner_margin").sums.n > 0);
  CHECK(measure(r, "winner_margin").sums.sum_a > 0);
  CHECK(comparison_from_json(to_json(r), "m").measures == r.measures);
}

TEST_CASE("the winner's margin is points ahead: under first_to the winner's total less the next") {
  // QA: under first_to the margin was the runner-up's total less the winner's, always
  // negative, so no pair counted; and a negative total once stood for "no runner-up yet".
  const Variant a = load_variant("crazy-eights-to-100");
  const Variant b = load_variant("crazy-eights-to-100", "{match: {limit: 200}}", "override");
  SimulationConfig c = small_study(30);
  c.kind = GameKind::match;
  const ComparisonResults r = compare(a, b, c, "crazy-eights-to-100", "", "to 200", "");
  CHECK(measure(r, "winner_margin").sums.n == 30);
  CHECK(measure(r, "winner_margin").sums.sum_a > 0);
  // Totals below zero (a formula's negative points, lower still better) keep their runner-up.
  const Variant neg = load_variant(
      "crazy-eights", "{scoring: {formula: \"0 - total\"}, match: {end: fixed_rounds, rounds: 3}}",
      "override");
  const ComparisonResults n = compare(neg, neg, c, "neg", "", "neg", "");
  CHECK(measure(n, "winner_margin").sums.n == 30);
}

TEST_CASE("simulation files of format /2 are still read, merged and written back as /2") {
  const Variant v = load_variant("british");
  SimulationConfig c = small_study(60);
  c.shards = 2;
  std::vector<ShardResults> parts;
  std::vector<std::string> files;
  for (int k = 1; k <= 2; ++k) {
    c.shard = k;
    std::string text = to_json(shard_results(simulate(v, c), "british", "", "British Switch"));
    // A /2 file: the same, without the fields /3 added.
    const auto cut = text.find(",\n  \"penalty_cards\"");
    REQUIRE(cut != std::string::npos);
    text = text.substr(0, cut) + "\n}";
    text.replace(text.find("simulation/3"), 12, "simulation/2");
    parts.push_back(shard_results_from_json(text, "old" + std::to_string(k)));
    files.push_back("old" + std::to_string(k));
    CHECK(parts.back().format_version == 2);
  }
  const std::string merged = to_json(merge_shards(parts, files));
  CHECK_THAT(merged, Catch::Contains("\"format\": \"switchcards-simulation/2\""));
  CHECK_THAT(merged, !Catch::Contains("\"lead\""));
  CHECK_THAT(merged, !Catch::Contains("penalty_cards"));
  // A sweep's row of a /2 file (and Python's summary_row) states what /2 did not count as null,
  // not as a 0 that reads as measured.
  const std::string row = summary_json(parts[0]);
  for (const char* unmeasured :
       {"penalty_cards_per_round", "lead_changes_per_round", "mid_leader_win_rate"})
    CHECK_THAT(row, Catch::Contains("\"" + std::string(unmeasured) + "\":null"));
  CHECK_THAT(row, Catch::Contains("\"specials_per_round\":"));
  CHECK_THAT(row, !Catch::Contains("\"specials_per_round\":null"));
  // A /3 file round-trips with its lead sums.
  c.shards = 1;
  c.shard = 1;
  const ShardResults now = shard_results(simulate(v, c), "british", "", "British Switch");
  CHECK(now.stats.mid_leader_rounds > 0);
  CHECK(shard_results_from_json(to_json(now), "new").stats == now.stats);
}
