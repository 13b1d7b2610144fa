// The JSON value of simulation results (simulation_results.hpp), private to src/agents/, for
// the files that hold several of them (a comparison's two sides, a sweep's rows). Reading is
// strict (io/json_at.hpp): these files are read back by `merge`, and a value that is not what
// the writer writes (a negative count, a fraction, a number past 2^64, a duplicate key) is
// refused with the file and its place rather than converted into a wrong number.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "io/json_at.hpp"
#include "switchcards/agents/simulation_results.hpp"

namespace switchcards::detail {

nlohmann::ordered_json results_json(const ShardResults& r);
// Throws JsonError naming the file and the JSON Pointer (RFC 6901) of the bad or missing value
// ("FILE: /games: expected ..."), also when the counts contradict each other.
ShardResults results_from_json(const JsonAt& doc);

// Why merge refuses a file as a shard of the first file's study: `what` differs, "(seed: 2 here,
// 1 in s1.json)". The values are written as JSON.
inline std::string differs_from_first(std::string_view what, const Json& here, const Json& first,
                                      std::string_view first_file) {
  return "(" + std::string(what) + ": " + here.dump() + " here, " + first.dump() + " in " +
         std::string(first_file) + ")";
}

// A measure that may have no value (a rate of no games, an advantage where nobody won) as the
// files write it: the number, or null (not 0, which would read as measured).
inline nlohmann::ordered_json number_or_null(const std::optional<double>& x) {
  return x ? nlohmann::ordered_json(*x) : nlohmann::ordered_json(nullptr);
}

// wins / rounds, or null when there were no rounds.
inline nlohmann::ordered_json rate_or_null(std::uint64_t wins, std::uint64_t rounds) {
  return number_or_null(
      rounds ? std::optional<double>(static_cast<double>(wins) / static_cast<double>(rounds))
             : std::nullopt);
}

// `text` parsed as a JSON object whose "format" is `format`; JsonError "FILE: not a switchcards
// WHAT file (format FORMAT)" for any other document.
inline Json parse_json_document(std::string_view text, const std::string& file,
                                std::string_view format, std::string_view what) {
  Json j = parse_json(text, file);
  if (!j.is_object() || !j.contains("format") || j["format"] != format)
    throw JsonError(
        file, "",
        "not a switchcards " + std::string(what) + " file (format " + std::string(format) + ")");
  return j;
}

}  // namespace switchcards::detail
