// The counted region of `switchcards_count_instructions VARIANT PLAYERS ROUNDS SEED eager`
// (count_instructions.cpp, which says why it is a file of its own).
#include <cstdint>

#include "bench_support.hpp"

[[gnu::noinline]] switchcards::bench::RoundTotals count_instructions_play_rounds_eager(
    const switchcards::bench::Table& table, int players, std::uint64_t rounds, std::uint64_t seed) {
  return switchcards::bench::play_random_rounds<switchcards::bench::Style::eager>(table, players,
                                                                                  rounds, seed);
}
