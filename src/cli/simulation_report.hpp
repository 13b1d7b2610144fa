// The text report of `simulate` and `merge` (their JSON is the library's,
// switchcards/agents/simulation_results.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "switchcards/agents/simulation_results.hpp"

namespace switchcards::cli {

// The text report; `seconds` < 0 leaves out the timing line.
void print_report(const ShardResults& r, double seconds);

}  // namespace switchcards::cli
