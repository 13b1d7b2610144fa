// Fuzz target: the game record loader and the replayer. See switchcards::fuzz::replay in
// targets.hpp.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string broken =
      switchcards::fuzz::replay(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!broken.empty()) {
    std::fprintf(stderr, "fuzz_replay: %s\n", broken.c_str());
    std::abort();
  }
  return 0;
}
