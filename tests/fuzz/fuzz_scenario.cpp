// Fuzz target: the scenario runner (any text as a scenario file). See switchcards::fuzz::scenario
// in targets.hpp.
#include <cstdint>

#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return switchcards::fuzz::verdict(
      "fuzz_scenario", switchcards::fuzz::scenario(switchcards::fuzz::as_text(data, size)));
}
