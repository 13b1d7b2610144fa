// A sweep grid: the rule overrides a sweep tries, read from a YAML file whose keys are dotted
// paths into a variant and whose values list what each key takes, e.g.
//   last_card.penalty: [1, 2, 3, 4]
//   specials.skip.stack: [true, false]
// Every combination (the first key varying slowest) becomes one `--rules` override.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/io/load_variant.hpp"

namespace switchcards {

struct SweepKey {
  std::string path;                 // "last_card.penalty"
  std::vector<std::string> values;  // each value as YAML flow text: "1", "true", "[2, 3]"
  int line = 0, column = 0;         // of the key in the grid file, 1-based
  std::vector<int> value_lines, value_columns;
};

struct SweepGrid {
  std::string file;
  std::vector<SweepKey> keys;
  std::size_t combinations() const;
  // The value index of each key in combination `index` (0 <= index < combinations()).
  std::vector<std::size_t> choice(std::size_t index) const;
};

// The most combinations a grid may have.
inline constexpr std::size_t kMaxSweepCombinations = 10'000;

// Reads a grid file. Throws LoadError (file:line:column, key) for a file that is not a map of
// dotted keys to non-empty lists of distinct values, duplicate keys, a key that is a prefix of
// another, or more than kMaxSweepCombinations combinations.
SweepGrid load_sweep_grid(const std::string& path);
SweepGrid parse_sweep_grid(std::string_view text, const std::string& file);

// The override YAML (one flow mapping) of combination `choice` merged onto `base_rules` (YAML
// overrides given with --rules, or ""): e.g. "{last_card: {penalty: 2}}". Throws
// std::invalid_argument unless `choice` holds one index a key, each below its key's count of
// values.
std::string sweep_rules(const SweepGrid& grid, const std::vector<std::size_t>& choice,
                        std::string_view base_rules = "");

// Loads `variant` with each value of each key alone (onto `base_rules`), so that a bad key or
// value is reported at its place in the grid file: LoadError "grid.yaml:3:22: key: ..." with
// the variant loader's reason.
void check_sweep_grid(const SweepGrid& grid, std::string_view variant,
                      std::string_view base_rules = "");

}  // namespace switchcards
