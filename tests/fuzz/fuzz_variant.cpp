// Fuzz target: the variant loader (YAML text as a variant file and as overrides). See
// switchcards::fuzz::variant in targets.hpp.
#include <cstdint>

#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return switchcards::fuzz::verdict(
      "fuzz_variant", switchcards::fuzz::variant(switchcards::fuzz::as_text(data, size)));
}
