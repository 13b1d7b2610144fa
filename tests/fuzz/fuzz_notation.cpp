// Fuzz target: card, suit, rank and action notation round trips. See switchcards::fuzz::notation in
// targets.hpp.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string broken =
      switchcards::fuzz::notation(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!broken.empty()) {
    std::fprintf(stderr, "fuzz_notation: %s\n", broken.c_str());
    std::abort();
  }
  return 0;
}
