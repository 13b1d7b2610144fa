// The text reports of `simulate`, `compare`, `sweep` and `merge` (their JSON is the library's,
// switchcards/agents/simulation_results.hpp, compare.hpp and sweep.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/agents/compare.hpp"
#include "switchcards/agents/simulation_results.hpp"
#include "switchcards/agents/sweep.hpp"

namespace switchcards::cli {

// "26.9%"; "1,234,567".
std::string percent(double x);
std::string grouped(std::uint64_t n);
// ", rules {last_card: {penalty: 4}}" for a study's --rules, on one line (a block-style YAML
// value's line breaks and indents become one space); "" for none.
std::string rules_note(const std::string& rules);
// What a study played: "10,000 games (single rounds) of 4 players, agents heuristic,random,
// heuristic,random, seed 1" ("1 game (a single round)", "12 matches").
std::string study_text(const SimulationConfig& c, std::uint64_t games);
// "Games 300..600 of a study of 900 (shard 2/3)" when the results cover part of the study (a
// shard, or a merge of some of its shards); empty when they cover all of it.
std::string range_text(const ShardResults& r);

// The timing line: "Time: 2.31 s on 2 threads, 4,329 games/s" (`what`: "games", "paired
// games"); a study of fewer than 10 games a second gives the time a game took ("10.8 s a
// game"), where a whole rate would say little or round to 0.
std::string time_text(double seconds, int threads, std::uint64_t games, std::string_view what);

// The text report; `seconds` < 0 leaves out the timing line.
void print_report(const ShardResults& r, double seconds);
// The text report of `compare` and of a merged comparison (compare.cpp).
void print_comparison(const ComparisonResults& r);
// The table of `sweep` and of a merged sweep (sweep.cpp).
void print_sweep(const SweepResults& r);

}  // namespace switchcards::cli
