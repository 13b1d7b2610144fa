// Paired comparison of two rule sets: game i of A and game i of B are both played from
// derive_seed(seed, i) (the same deal seed, dealer and agent seeds), and for each measure the
// difference B - A is summed over the pairs as exact integers, so the 95% interval of the mean
// difference comes from the pairs' own spread, and shards and threads merge exactly.
// The measures and formulas: docs/studies.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/agents/simulate.hpp"
#include "switchcards/agents/simulation_results.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

// Exact sums over the pairs (a, b) of one measure; every value is a whole number (a count, a
// 0/1 indicator, a length), so the sums are exact and `add` is associative and commutative.
struct PairedSums {
  std::uint64_t n = 0;
  std::int64_t sum_a = 0, sum_b = 0;
  std::uint64_t sum_d2 = 0;  // sum of (b - a)^2
  void add(std::int64_t a, std::int64_t b) {
    ++n;
    sum_a += a;
    sum_b += b;
    const std::int64_t d = b - a;
    sum_d2 += static_cast<std::uint64_t>(d * d);
  }
  void add(const PairedSums& o) {
    n += o.n;
    sum_a += o.sum_a;
    sum_b += o.sum_b;
    sum_d2 += o.sum_d2;
  }
  friend bool operator==(const PairedSums&, const PairedSums&) = default;
};

// One measure of a comparison: its key (JSON), a label (reports) and its sums.
struct PairedMeasure {
  std::string key;
  std::string label;
  // A rate: each game counts 0 or 1 (a win, a stalemate), or a difference of two such. Reports
  // show rates in percent and their differences in points.
  bool rate = false;
  PairedSums sums;
  friend bool operator==(const PairedMeasure&, const PairedMeasure&) = default;
};

// The measures of a study of `players` players (game kind `kind`), in report order, with
// empty sums.
std::vector<PairedMeasure> paired_measures(int players, GameKind kind);

// The two-sided 95% quantile of Student's t with `df` (>= 1) degrees of freedom, t(0.975, df),
// shifted so that its large-df limit is 1.96 exactly, the normal quantile of a large sample:
// 1.96 + (t(0.975, df) - 1.959964). 12.706 at df 1, 2.228 at 10, 2.042 at 30, 1.96 + 2.4 / df
// beyond.
double student_t95(std::uint64_t df);

// The mean difference d = B - A of a measure and its 95% interval: d +- t s / sqrt(n), s the
// standard deviation of the pairs' differences (n - 1 in the denominator) and t the 0.975
// quantile of Student's t with n - 1 degrees of freedom, shifted to tend to 1.96 exactly
// (12.71 at one degree of freedom, 2.04 at 30, 1.96 + 2.4 / n beyond). `resolved`: the interval
// excludes 0. `games_needed`: the pairs that would resolve a true difference of the observed
// size with 80% power at the 5% level, the least m with m >= (t(m - 1) + 0.84)^2 s^2 / d^2
// ((1.96 + 0.84)^2 s^2 / d^2 rounded up, and a pair or two more for the t quantile; none when
// d = 0). With fewer than two pairs s is not defined: sd, low, high and games_needed are empty
// and nothing is resolved. With none (n = 0) the means and the difference are not defined
// either: they read 0 here, and the JSON writes them as null.
struct PairedDifference {
  std::uint64_t n = 0;
  double mean_a = 0, mean_b = 0;
  double diff = 0;
  std::optional<double> sd, low, high;
  bool resolved = false;
  std::optional<std::uint64_t> games_needed;
};
PairedDifference paired_difference(const PairedSums& s);

// A comparison as a program keeps it: each side's results (as simulate's, for its own
// statistics: positional wins, round-length percentiles, effects) and the paired sums.
struct ComparisonResults {
  ShardResults a, b;
  std::vector<PairedMeasure> measures;
  double seconds = 0;  // wall time (not part of the results)
};

// Plays the configured shard of the paired study: each game index under `a` and under `b`.
// `a_name`/`a_rules` (and b's) name the sides as simulate's results do. Throws
// std::invalid_argument for a configuration simulate would refuse (under either variant).
ComparisonResults compare(const Variant& a, const Variant& b, const SimulationConfig& config,
                          const std::string& a_name, const std::string& a_rules,
                          const std::string& b_name, const std::string& b_rules,
                          const SimulationProgress& progress = {});

// The JSON text (format "switchcards-comparison/1"), indented by two spaces, no final newline.
std::string to_json(const ComparisonResults& r);
// Throws std::runtime_error naming `file` and the bad or missing field.
ComparisonResults comparison_from_json(std::string_view text, const std::string& file);
// Adds shards of one comparison exactly (as merge_shards does for simulations).
ComparisonResults merge_comparisons(std::vector<ComparisonResults> parts,
                                    const std::vector<std::string>& files);

}  // namespace switchcards
