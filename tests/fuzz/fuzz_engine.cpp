// Fuzz target: random rounds of the built-in variants with rule switches, legal and illegal
// actions, invariants checked after every step. See switchcards::fuzz::engine in targets.hpp.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string broken = switchcards::fuzz::engine(std::span<const std::uint8_t>(data, size));
  if (!broken.empty()) {
    std::fprintf(stderr, "fuzz_engine: %s\n", broken.c_str());
    std::abort();
  }
  return 0;
}
