// The JSON value of simulation results (simulation_results.hpp), private to src/agents/, for
// the files that hold several of them (a comparison's two sides, a sweep's rows). Reading is
// strict: these files are read back by `merge`, and a value that is not what the writer writes
// (a negative count, a fraction, a number past 2^64, a duplicate key) is refused with the file
// and its place rather than converted into a wrong number.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "io/strict_json.hpp"
#include "switchcards/agents/simulation_results.hpp"

namespace switchcards::detail {

nlohmann::ordered_json results_json(const ShardResults& r);
// Throws std::runtime_error naming `file` and the JSON Pointer (RFC 6901) of the bad or missing
// value ("FILE: /games: expected ..."), also when the counts contradict each other.
ShardResults results_from_json(const nlohmann::json& j, const std::string& file);

// Why merge refuses a file as a shard of the first file's study: `what` differs, "(seed: 2 here,
// 1 in s1.json)". The values are written as JSON.
inline std::string differs_from_first(std::string_view what, const nlohmann::json& here,
                                      const nlohmann::json& first, std::string_view first_file) {
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

// A JSON value in a message: numbers and short strings as written, else what it is.
inline std::string json_value_text(const nlohmann::json& v) {
  if (v.is_array()) return "a list";
  if (v.is_object()) return "an object";
  std::string text = v.dump();
  if (text.size() > 40) text = text.substr(0, 40) + "...";
  return text;
}

// `v` as an integer T when it is a JSON integer within T's range. nlohmann's get<T>() would
// wrap -5 to 2^64 - 5, cut 10.5 to 10 and turn 2^64 (read as a double) into 0.
template <typename T>
std::optional<T> json_integer(const nlohmann::json& v) {
  static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>);
  if (v.is_number_unsigned()) {
    const std::uint64_t x = v.get<std::uint64_t>();
    if (x > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return std::nullopt;
    return static_cast<T>(x);
  }
  if (v.is_number_integer()) {  // negative: nlohmann keeps non-negative integers as unsigned
    const std::int64_t x = v.get<std::int64_t>();
    if constexpr (std::is_unsigned_v<T>) {
      // -0, JSON's zero with a sign, which nlohmann reads as a signed 0: zero, as a signed T
      // takes it, and not a refusal that would say "got 0".
      if (x == 0) return T{0};
      return std::nullopt;
    } else {
      if (x < static_cast<std::int64_t>(std::numeric_limits<T>::min())) return std::nullopt;
      return static_cast<T>(x);
    }
  }
  return std::nullopt;
}

// "a whole number from 0 to 18446744073709551615 (2^64 - 1)", as the command line says it.
inline std::string whole_range_text(std::int64_t min, std::uint64_t max) {
  std::string text = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
  if (max == std::numeric_limits<std::uint64_t>::max()) text += " (2^64 - 1)";
  return text;
}

// A value of a JSON file being read, with its place in the file for messages.
class JsonAt {
 public:
  JsonAt(const nlohmann::json& j, const std::string& file, std::string pointer = "")
      : j_(&j), file_(&file), pointer_(std::move(pointer)) {}

  const nlohmann::json& json() const { return *j_; }
  const std::string& pointer() const { return pointer_; }

  // Throws "FILE: /POINTER: message" ("FILE: message" for the whole document).
  [[noreturn]] void fail(const std::string& message) const {
    throw std::runtime_error(*file_ + ": " + (pointer_.empty() ? "" : pointer_ + ": ") + message);
  }

  bool has(const char* key) const { return j_->is_object() && j_->contains(key); }
  // The member `key`, which must be there.
  JsonAt operator[](const char* key) const {
    if (!j_->is_object()) fail("expected an object, got " + json_value_text(*j_));
    const auto it = j_->find(key);
    if (it == j_->end()) fail(std::string("missing field '") + key + "'");
    return JsonAt(*it, *file_, pointer_ + "/" + json_pointer_token(key));
  }
  // The elements of a list, which must have `size` of them (any number when nullopt);
  // `what` says what one is for the message ("one per seat (4)").
  std::vector<JsonAt> elements(std::optional<std::size_t> size = std::nullopt,
                               const std::string& what = "") const {
    if (!j_->is_array()) fail("expected a list, got " + json_value_text(*j_));
    if (size && j_->size() != *size)
      fail("expected a list of " + std::to_string(*size) + " entries (" + what + "), got " +
           std::to_string(j_->size()));
    std::vector<JsonAt> out;
    for (std::size_t i = 0; i < j_->size(); ++i)
      out.emplace_back((*j_)[i], *file_, pointer_ + "/" + std::to_string(i));
    return out;
  }
  // The members of an object: (key, value).
  std::vector<std::pair<std::string, JsonAt>> members() const {
    if (!j_->is_object()) fail("expected an object, got " + json_value_text(*j_));
    std::vector<std::pair<std::string, JsonAt>> out;
    for (const auto& [key, value] : j_->items())
      out.emplace_back(key, JsonAt(value, *file_, pointer_ + "/" + json_pointer_token(key)));
    return out;
  }

  std::string text() const {
    if (!j_->is_string()) fail("expected a string, got " + json_value_text(*j_));
    return j_->get<std::string>();
  }
  std::uint64_t whole(std::uint64_t min = 0,
                      std::uint64_t max = std::numeric_limits<std::uint64_t>::max()) const {
    return whole(min, max, whole_range_text(static_cast<std::int64_t>(min), max));
  }
  // The same, with the range as the message gives it ("a whole number from 0 to games (10)").
  std::uint64_t whole(std::uint64_t min, std::uint64_t max, const std::string& range) const {
    const std::optional<std::uint64_t> x = json_integer<std::uint64_t>(*j_);
    if (!x || *x < min || *x > max) fail("expected " + range + ", got " + json_value_text(*j_));
    return *x;
  }
  int small(int min, int max) const {
    const std::optional<int> x = json_integer<int>(*j_);
    if (!x || *x < min || *x > max)
      fail("expected " + whole_range_text(min, static_cast<std::uint64_t>(max)) + ", got " +
           json_value_text(*j_));
    return *x;
  }

 private:
  const nlohmann::json* j_;
  const std::string* file_;
  std::string pointer_;
};

// `text` parsed as JSON by the library's one strict parse (src/io/strict_json.hpp): a syntax
// error, a number too large for a double (1e400), a key given twice or nesting too deep is a
// JsonError (a std::runtime_error) naming `file` and, where there is one, the place.
inline nlohmann::json parse_json(std::string_view text, const std::string& file) {
  return parse_strict_json<nlohmann::json>(text, file);
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

namespace json_field {
template <typename T>
struct is_vector : std::false_type {};
template <typename T>
struct is_vector<std::vector<T>> : std::true_type {};

// `v` as a T, or nullopt when it is not one: integers strictly (json_integer), vectors element
// by element, anything else as nlohmann converts it.
template <typename T>
std::optional<T> convert(const nlohmann::json& v) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    return json_integer<T>(v);
  } else if constexpr (is_vector<T>::value) {
    if (!v.is_array()) return std::nullopt;
    T out;
    for (const nlohmann::json& item : v) {
      auto x = convert<typename T::value_type>(item);
      if (!x) return std::nullopt;
      out.push_back(std::move(*x));
    }
    return out;
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!v.is_string()) return std::nullopt;
    return v.get<std::string>();
  } else {
    try {
      return v.get<T>();
    } catch (const nlohmann::json::exception&) {
      return std::nullopt;
    }
  }
}
}  // namespace json_field

// The field `key` of object `j` as a T; std::runtime_error naming `file` and the field when it
// is missing or not a T (or `j` is no object). Integers must be whole numbers within T's range.
template <typename T>
T field(const nlohmann::json& j, const char* key, const std::string& file) {
  if (!j.is_object() || !j.contains(key))
    throw std::runtime_error(file + ": missing field '" + key + "'");
  std::optional<T> value = json_field::convert<T>(j.at(key));
  if (!value) {
    std::string expected = " has the wrong type";
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
      expected = ": expected " +
                 whole_range_text(static_cast<std::int64_t>(std::numeric_limits<T>::min()),
                                  static_cast<std::uint64_t>(std::numeric_limits<T>::max())) +
                 ", got " + json_value_text(j.at(key));
    throw std::runtime_error(file + ": field '" + key + "'" + expected);
  }
  return std::move(*value);
}

}  // namespace switchcards::detail
