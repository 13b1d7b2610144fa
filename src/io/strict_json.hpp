// The one strict JSON parse of the library, private to it: the JSON forms of values (json.cpp)
// and the files of simulation results (src/agents/) read their text through it.
//
// nlohmann accepts what a strict reader must refuse, and reports what it refuses in its own
// words: it keeps the last of two equal keys (either could be the one meant), nests as deep as
// the text does (its ordered objects copy their members recursively, so 50,000 levels overflow
// the stack), and says "number overflow parsing '1e400'" with neither file nor place. Every
// refusal here is a JsonError naming the source and, where there is one, the JSON Pointer of
// the place.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "io/nesting_limit.hpp"
#include "switchcards/io/json.hpp"

namespace switchcards::detail {

// `key` escaped as one token of a JSON Pointer (RFC 6901): "~" as "~0", "/" as "~1".
inline std::string json_pointer_token(std::string_view key) {
  std::string out;
  for (char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

// Where the parse is, as the parser's callback events tell it: the path of open objects and
// arrays, the key or index being read in each, and each object's keys so far.
class JsonParsePlace {
 public:
  explicit JsonParsePlace(const std::string& source) : source_(&source) {}

  template <class Json>
  bool on_event(int depth, typename Json::parse_event_t event, Json& parsed) {
    using Event = typename Json::parse_event_t;
    switch (event) {
      case Event::object_start:
      case Event::array_start:
        // Refused at the opening bracket, before the parser builds (and copies) the deep value.
        if (depth >= kMaxNesting)
          throw JsonError(*source_, pointer(),
                          "nesting deeper than " + std::to_string(kMaxNesting) + " levels");
        frames_.push_back(Frame{event == Event::array_start, 0, "", {}});
        break;
      case Event::key: {
        Frame& top = frames_.back();
        top.key = parsed.template get<std::string>();
        if (!top.keys.insert(top.key).second)
          throw JsonError(*source_, pointer(),
                          "the key '" + top.key + "' is given twice in one object");
        break;
      }
      case Event::object_end:
      case Event::array_end:
        frames_.pop_back();
        next_element();
        break;
      case Event::value:
        next_element();
        break;
    }
    return true;
  }

  // The pointer of the value being read: "" for the whole document.
  std::string pointer() const {
    std::string out;
    for (const Frame& f : frames_)
      out += "/" + (f.array ? std::to_string(f.index) : json_pointer_token(f.key));
    return out;
  }

 private:
  struct Frame {
    bool array;
    std::size_t index;  // of the element being read (arrays)
    std::string key;    // being read (objects)
    std::set<std::string> keys;
  };
  void next_element() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
  }

  const std::string* source_;
  std::vector<Frame> frames_;
};

// `text` parsed as JSON (nlohmann::json or nlohmann::ordered_json). Throws JsonError:
// "SOURCE: not JSON: parse error at line L, column C: ..." for a syntax error,
// "SOURCE: /POINTER: number overflow parsing '1e400'" for a number too large for a double,
// "SOURCE: /POINTER: the key 'K' is given twice in one object", and
// "SOURCE: /POINTER: nesting deeper than 64 levels".
template <class Json>
Json parse_strict_json(std::string_view text, const std::string& source) {
  JsonParsePlace place(source);
  try {
    return Json::parse(text.begin(), text.end(),
                       [&place](int depth, typename Json::parse_event_t event, Json& parsed) {
                         return place.on_event(depth, event, parsed);
                       });
  } catch (const nlohmann::json::exception& e) {
    // e.what() is "[json.exception.KIND.N] what": the bracket names nlohmann's class. A
    // syntax error (parse_error) says its line and column itself; an overflow (out_of_range,
    // thrown while the number is read, before the callback sees it) is at the place the
    // callback reached.
    const std::string what = e.what();
    const std::size_t at = what.find("] ");
    const std::string message = at == std::string::npos ? what : what.substr(at + 2);
    if (dynamic_cast<const nlohmann::json::parse_error*>(&e) != nullptr)
      throw JsonError(source, "", "not JSON: " + message);
    throw JsonError(source, place.pointer(), message);
  }
}

}  // namespace switchcards::detail
