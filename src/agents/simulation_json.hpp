// The JSON value of simulation results (simulation_results.hpp), private to src/agents/, for
// the files that hold several of them (a comparison's two sides, a sweep's rows).
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "switchcards/agents/simulation_results.hpp"

namespace switchcards::detail {

nlohmann::ordered_json results_json(const ShardResults& r);
// Throws std::runtime_error naming `file` and the bad or missing field.
ShardResults results_from_json(const nlohmann::json& j, const std::string& file);

}  // namespace switchcards::detail
