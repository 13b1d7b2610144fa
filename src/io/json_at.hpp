// JsonAt: a value of a JSON document being read, with its place (the document's name and the
// value's JSON Pointer), and the strict accessors every JSON reader of the library uses: the
// JSON forms of values (json.cpp) and the files of simulation results (src/agents/). A missing
// key, a value of the wrong type or out of range is a JsonError naming the document and the
// place, and saying what was expected and what was found ("save.json: /players: expected a
// whole number from 2 to 7, got 9"): never a value converted into a wrong one (nlohmann's
// get<T>() would wrap -5 to 2^64 - 5, cut 10.5 to 10 and turn 2^64, read as a double, into 0).
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "io/strict_json.hpp"
#include "switchcards/io/json.hpp"

namespace switchcards::detail {

// Documents are read insertion-ordered, as they are written: format and version first.
using Json = nlohmann::ordered_json;

// `text` parsed as JSON by the library's one strict parse (strict_json.hpp).
inline Json parse_json(std::string_view text, const std::string& source) {
  return parse_strict_json<Json>(text, source);
}

// `v` as an integer T when it is a JSON integer within T's range; nullopt otherwise.
template <typename T>
std::optional<T> json_integer(const Json& v) {
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
template <typename Min, typename Max>
std::string whole_range_text(Min min, Max max) {
  std::string text = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
  if constexpr (std::is_same_v<Max, std::uint64_t>)
    if (max == std::numeric_limits<std::uint64_t>::max()) text += " (2^64 - 1)";
  return text;
}

// A JSON value in a message: numbers, booleans, null and short strings as written, else what
// it is.
inline std::string json_value_text(const Json& v) {
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  std::string text = v.dump();
  if (text.size() > 40) text = text.substr(0, 40) + "...";
  return text;
}

class JsonAt {
 public:
  JsonAt(const Json& value, const std::string& source, std::string path = "")
      : value_(&value), source_(&source), path_(std::move(path)) {}

  // Throws JsonError "SOURCE: /PATH: message" ("SOURCE: message" for the whole document).
  [[noreturn]] void fail(const std::string& message) const {
    throw JsonError(*source_, path_, message);
  }
  // fail("expected WHAT, got VALUE").
  [[noreturn]] void expected(const std::string& what) const {
    fail("expected " + what + ", got " + json_value_text(*value_));
  }
  const Json& value() const { return *value_; }
  const std::string& path() const { return path_; }
  bool is_null() const { return value_->is_null(); }

  bool has(std::string_view key) const {
    return value_->is_object() && value_->contains(std::string(key));
  }
  // The member `key` of an object, which must be there.
  JsonAt operator[](std::string_view key) const {
    if (!value_->is_object()) expected("an object");
    const auto it = value_->find(std::string(key));
    if (it == value_->end()) fail("missing key '" + std::string(key) + "'");
    return child(*it, key);
  }
  // An object whose keys are exactly `required` plus any of `optional`.
  void expect_object(std::initializer_list<std::string_view> required,
                     std::initializer_list<std::string_view> optional = {}) const {
    if (!value_->is_object()) expected("an object");
    for (std::string_view k : required)
      if (!value_->contains(std::string(k))) fail("missing key '" + std::string(k) + "'");
    for (const auto& [k, v] : value_->items()) {
      const bool known = std::find(required.begin(), required.end(), k) != required.end() ||
                         std::find(optional.begin(), optional.end(), k) != optional.end();
      if (!known) child(v, k).fail("unknown key '" + k + "'");
    }
  }
  // The members of an object: (key, value).
  std::vector<std::pair<std::string, JsonAt>> members() const {
    if (!value_->is_object()) expected("an object");
    std::vector<std::pair<std::string, JsonAt>> out;
    for (const auto& [key, value] : value_->items()) out.emplace_back(key, child(value, key));
    return out;
  }
  // The elements of an array, which must have `size` of them (any number when nullopt);
  // `what` says what one is for the message ("one per seat, 4 players").
  std::vector<JsonAt> elements(std::optional<std::size_t> size = std::nullopt,
                               std::string_view what = "") const {
    if (!value_->is_array()) expected("an array");
    if (size && value_->size() != *size)
      fail("expected an array of " + std::to_string(*size) + " entries (" + std::string(what) +
           "), got " + std::to_string(value_->size()));
    std::vector<JsonAt> out;
    out.reserve(value_->size());
    for (std::size_t i = 0; i < value_->size(); ++i)
      out.emplace_back((*value_)[i], *source_, path_ + "/" + std::to_string(i));
    return out;
  }

  // A whole number from `min` to `max`.
  std::int64_t integer(std::int64_t min, std::int64_t max) const {
    const std::optional<std::int64_t> x = json_integer<std::int64_t>(*value_);
    if (!x || *x < min || *x > max) expected(whole_range_text(min, max));
    return *x;
  }
  int small(int min, int max) const { return static_cast<int>(integer(min, max)); }
  std::uint64_t whole(std::uint64_t min = 0,
                      std::uint64_t max = std::numeric_limits<std::uint64_t>::max()) const {
    return whole(min, max, whole_range_text(min, max));
  }
  // The same, with the range as the message gives it ("a whole number from 0 to games (10)").
  std::uint64_t whole(std::uint64_t min, std::uint64_t max, const std::string& range) const {
    const std::optional<std::uint64_t> x = json_integer<std::uint64_t>(*value_);
    if (!x || *x < min || *x > max) expected(range);
    return *x;
  }
  bool boolean() const {
    if (!value_->is_boolean()) expected("true or false");
    return value_->get<bool>();
  }
  std::string string() const {
    if (!value_->is_string()) expected("a string");
    return value_->get<std::string>();
  }

 private:
  JsonAt child(const Json& value, std::string_view key) const {
    return JsonAt(value, *source_, path_ + "/" + json_pointer_token(key));
  }

  const Json* value_;
  const std::string* source_;
  std::string path_;
};

}  // namespace switchcards::detail
