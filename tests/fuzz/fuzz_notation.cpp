// Fuzz target: card, suit, rank and action notation round trips. See switchcards::fuzz::notation in
// targets.hpp.
#include <cstdint>

#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return switchcards::fuzz::verdict(
      "fuzz_notation", switchcards::fuzz::notation(switchcards::fuzz::as_text(data, size)));
}
