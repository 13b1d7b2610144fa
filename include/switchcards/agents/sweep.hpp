// Rule sweeps: every combination of a sweep grid (io/sweep_grid.hpp) simulated with the same
// configuration and seeds, each row exactly the results `simulate --rules ROW_RULES` gives; one
// table of the measures (CSV and JSON), and the exact merge of sweep shards.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/agents/simulate.hpp"
#include "switchcards/agents/simulation_results.hpp"
#include "switchcards/io/sweep_grid.hpp"

namespace switchcards {

struct SweepRow {
  std::vector<std::string> values;  // by key, as YAML flow text
  ShardResults results;             // results.rules: the row's --rules
};

struct SweepResults {
  std::string variant, base_rules, title, grid;  // grid: the grid file's name
  std::vector<std::string> keys;
  std::vector<SweepRow> rows;  // in grid order (the first key varying slowest)
  double seconds = 0;          // wall time (not part of the results)
};

// Simulates every combination of `grid` on `variant` (a built-in name or a path, with
// `base_rules` under the grid's overrides). Progress counts games over all rows. Throws
// LoadError, naming the grid file, for a combination that does not load or that simulate
// refuses with `config` (a player count the combination does not allow, say).
SweepResults sweep(const std::string& variant, const std::string& base_rules, const SweepGrid& grid,
                   const SimulationConfig& config, const SimulationProgress& progress = {});

// The JSON text (format "switchcards-sweep/1"): the keys, then per row its values, rules, a
// summary of the measures and the row's whole simulation results.
std::string to_json(const SweepResults& r);
// One line per row: the keys' values, then the measures (the summary's fields).
std::string to_csv(const SweepResults& r);
// The measures of one study as a sweep's row states them: a JSON object, by name in the
// table's order ("games", "first_player_win_rate", "first_player_ci95": [low, high], ...,
// "place_2_win_rate" for the second player to act, ...; null for a measure with no value).
// Python's summary_row is this row.
std::string summary_json(const ShardResults& r);
// Throws std::runtime_error naming `file`.
SweepResults sweep_from_json(std::string_view text, const std::string& file);
// Merges shards of one sweep row by row (merge_shards); the grids must agree.
SweepResults merge_sweeps(std::vector<SweepResults> parts, const std::vector<std::string>& files);

}  // namespace switchcards
