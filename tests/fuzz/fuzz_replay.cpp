// Fuzz target: the game record loader and the replayer. See switchcards::fuzz::replay in
// targets.hpp.
#include <cstdint>

#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return switchcards::fuzz::verdict(
      "fuzz_replay", switchcards::fuzz::replay(switchcards::fuzz::as_text(data, size)));
}
