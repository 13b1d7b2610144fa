// The JSON value of simulation results (simulation_results.hpp), private to src/agents/, for
// the files that hold several of them (a comparison's two sides, a sweep's rows).
#pragma once

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

#include "switchcards/agents/simulation_results.hpp"

namespace switchcards::detail {

nlohmann::ordered_json results_json(const ShardResults& r);
// Throws std::runtime_error naming `file` and the bad or missing field.
ShardResults results_from_json(const nlohmann::json& j, const std::string& file);

// The field `key` of object `j` as a T; std::runtime_error naming `file` and the field when it
// is missing or of another type (or `j` is no object).
template <typename T>
T field(const nlohmann::json& j, const char* key, const std::string& file) {
  if (!j.is_object() || !j.contains(key))
    throw std::runtime_error(file + ": missing field '" + key + "'");
  try {
    return j.at(key).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw std::runtime_error(file + ": field '" + key + "' has the wrong type");
  }
}

}  // namespace switchcards::detail
