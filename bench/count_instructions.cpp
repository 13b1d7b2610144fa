// count_instructions: plays ROUNDS seeded random rounds of a variant with the minimal random
// player (bench/bench_support.hpp) and prints the decisions made, for counting instructions per
// player decision under callgrind. Loading the variant and building the engine happen before
// play_rounds; run with --toggle-collect on play_rounds so that only the rounds are counted:
// deal, shuffle, legal actions, agent choice, apply and end-of-round scoring (issue 7). STYLE
// eager plays RandomAgent's eager style instead of the uniform pick (bench_support.hpp).
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null
//            --toggle-collect='*count_instructions_play_rounds*'
//            build/bin/switchcards_count_instructions british 4 1000      (one command line)
//
// callgrind's "Collected" line, divided by the printed decisions, is instructions per decision;
// scripts/bench-instructions does exactly that.
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>

#include "bench_support.hpp"

// The eager style's counted region, in count_instructions_eager.cpp: in a translation unit of
// its own, so that each unit calls Engine::apply from one place and the compiler inlines it
// into both loops as it does into one (a second call site here made the uniform count 15%
// higher with the same games).
switchcards::bench::RoundTotals count_instructions_play_rounds_eager(
    const switchcards::bench::Table& table, int players, std::uint64_t rounds, std::uint64_t seed);

namespace {

// The counted region (callgrind --toggle-collect matches this name). noinline keeps it a
// function of its own in the binary.
[[gnu::noinline]] switchcards::bench::RoundTotals count_instructions_play_rounds(
    const switchcards::bench::Table& table, int players, std::uint64_t rounds, std::uint64_t seed) {
  return switchcards::bench::play_random_rounds(table, players, rounds, seed);
}

bool parse_number(std::string_view text, std::uint64_t& out) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc{} && ptr == end;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4 || argc > 6) {
    std::fprintf(stderr,
                 "usage: %s VARIANT PLAYERS ROUNDS [SEED [uniform|eager]]\n"
                 "Plays ROUNDS seeded random rounds and prints the decisions made.\n",
                 argv[0]);
    return 2;
  }
  std::uint64_t players = 0, rounds = 0, seed = 1;
  if (!parse_number(argv[2], players) || players < 1 || players > 8 ||
      !parse_number(argv[3], rounds) || (argc >= 5 && !parse_number(argv[4], seed))) {
    std::fprintf(stderr, "%s: PLAYERS (1..8), ROUNDS and SEED are whole numbers\n", argv[0]);
    return 2;
  }
  const std::string_view style = argc == 6 ? std::string_view(argv[5]) : "uniform";
  if (style != "uniform" && style != "eager") {
    std::fprintf(stderr, "%s: the style is uniform or eager, not '%s'\n", argv[0], argv[5]);
    return 2;
  }
  try {
    const switchcards::bench::Table table(switchcards::load_variant(argv[1]));
    const int n = static_cast<int>(players);
    if (n < table.variant.deal.min_players || n > table.variant.deal.max_players) {
      std::fprintf(stderr, "%s: %s is for %d to %d players\n", argv[0], argv[1],
                   table.variant.deal.min_players, table.variant.deal.max_players);
      return 2;
    }
    const switchcards::bench::RoundTotals t =
        style == "eager" ? count_instructions_play_rounds_eager(table, n, rounds, seed)
                         : count_instructions_play_rounds(table, n, rounds, seed);
    std::printf(
        "variant %s players %d rounds %llu decisions %llu stalemates %llu checksum %016llx\n",
        argv[1], n, static_cast<unsigned long long>(t.rounds),
        static_cast<unsigned long long>(t.decisions), static_cast<unsigned long long>(t.stalemates),
        static_cast<unsigned long long>(t.checksum));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", argv[0], e.what());
    return 1;
  }
  return 0;
}
