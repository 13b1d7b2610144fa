// The JSON value of simulation results (simulation_results.hpp), private to src/agents/, for
// the files that hold several of them (a comparison's two sides, a sweep's rows).
#pragma once

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <string_view>

#include "switchcards/agents/simulation_results.hpp"

namespace switchcards::detail {

nlohmann::ordered_json results_json(const ShardResults& r);
// Throws std::runtime_error naming `file` and the bad or missing field.
ShardResults results_from_json(const nlohmann::json& j, const std::string& file);

// `text` parsed as JSON; std::runtime_error "FILE: not JSON: ..." when it is not.
inline nlohmann::json parse_json(std::string_view text, const std::string& file) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw std::runtime_error(file + ": not JSON: " + e.what());
  }
}

// `text` parsed as a JSON object whose "format" is `format`; std::runtime_error "FILE: not a
// switchcards WHAT file (format FORMAT)" for any other document.
inline nlohmann::json parse_json_document(std::string_view text, const std::string& file,
                                          std::string_view format, std::string_view what) {
  nlohmann::json j = parse_json(text, file);
  if (!j.is_object() || !j.contains("format") || j["format"] != format)
    throw std::runtime_error(file + ": not a switchcards " + std::string(what) + " file (format " +
                             std::string(format) + ")");
  return j;
}

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
