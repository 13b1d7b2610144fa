// The results of `simulate` and `merge`: as JSON (the shard files that `merge` adds up) and as
// a text report. A ShardResults holds what one run, or a merge of runs, covers.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "switchcards/agents/simulate.hpp"

namespace switchcards::cli {

struct ShardResults {
  std::string variant;      // as given on the command line
  std::string rules;        // --rules overrides ("" for none)
  std::string title;        // the variant's title, for the report
  SimulationConfig config;  // agents expanded to one per seat; shard/shards as run
  std::uint64_t first_game = 0, end_game = 0;
  SimulationStats stats;
};

nlohmann::ordered_json to_json(const ShardResults& r);
// Throws std::runtime_error naming `file` and the bad or missing field.
ShardResults shard_from_json(const nlohmann::json& j, const std::string& file);

// Adds shard files of one study. Throws std::runtime_error if they are not of the same study
// (variant, rules, players, agents, seed, game count, game kind), overlap, or leave a gap.
ShardResults merge_shards(std::vector<ShardResults> parts, const std::vector<std::string>& files);

// The text report; `seconds` < 0 leaves out the timing line.
void print_report(const ShardResults& r, double seconds);

}  // namespace switchcards::cli
