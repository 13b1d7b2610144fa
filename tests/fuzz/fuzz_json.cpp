// Fuzz target: the JSON readers of io/json.hpp, and a State read from JSON played on. See
// switchcards::fuzz::json in targets.hpp.
#include <cstdint>

#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return switchcards::fuzz::verdict(
      "fuzz_json", switchcards::fuzz::json(switchcards::fuzz::as_text(data, size)));
}
