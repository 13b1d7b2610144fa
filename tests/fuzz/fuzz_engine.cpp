// Fuzz target: random rounds of the built-in variants with rule switches, legal and illegal
// actions, invariants checked after every step. See switchcards::fuzz::engine in targets.hpp.
#include <cstdint>

#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return switchcards::fuzz::verdict(
      "fuzz_engine", switchcards::fuzz::engine(std::span<const std::uint8_t>(data, size)));
}
