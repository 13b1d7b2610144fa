// Exact counts as a safety net for changes to the engine (Stockfish's "perft"): from fixed
// positions of the seed variants, the number of distinct legal action sequences to depths 3,
// 4 and 6, and the checksum of 1000 seeded random rounds that bench/count_instructions prints.
// Any change to legal_actions, apply, dealing or reshuffling that changes a game changes one
// of these numbers. A deliberate rule change re-pins them (and says so in its commit).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "../../bench/bench_support.hpp"
#include "switchcards/engine/action.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/state.hpp"

using namespace switchcards;

namespace {

// The number of leaves of the game tree below `s` to `depth` decisions, a finished round
// counting as one leaf wherever it ends. Every listed action must be accepted.
std::uint64_t perft(const Engine& engine, const State& s, int depth) {
  if (depth == 0 || s.over()) return 1;
  ActionList legal;
  engine.legal_actions(s, legal);
  std::uint64_t leaves = 0;
  for (const Action a : legal) {
    State next = s;
    if (!engine.apply(next, a)) FAIL("a listed action was refused");
    leaves += perft(engine, next, depth - 1);
  }
  return leaves;
}

// A fixed position: the deal of `seed`, then `moves` decisions of the bench's random player
// (its generator seeded with the same seed), so positions mid-round are covered too.
State position(const Engine& engine, int players, std::uint64_t seed, int moves) {
  State s = engine.deal(players, seed);
  Pcg32 rng(seed);
  ActionList legal;
  for (int i = 0; i < moves && !s.over(); ++i) bench::decide(engine, s, legal, rng);
  return s;
}

struct PerftCase {
  const char* variant;
  int players;
  std::uint64_t seed;
  int moves;
  std::uint64_t depth3;
  std::uint64_t depth4;
  std::uint64_t depth6;  // deeper than asked for: the shallow trees of Switch are narrow
};

}  // namespace

TEST_CASE("perft: legal action sequences to depths 3, 4 and 6 from fixed positions", "[perft]") {
  // Pinned from the engine at commit ace575b. {variant, players, seed, moves, depth 3, 4, 6}.
  const PerftCase cases[] = {
      {"british", 2, 1, 0, 19, 53, 364},    {"british", 2, 2, 12, 23, 86, 797},
      {"british", 2, 3, 30, 11, 23, 84},    {"british", 4, 1, 0, 47, 119, 739},
      {"british", 4, 2, 12, 8, 16, 125},    {"british", 4, 3, 30, 2, 5, 29},
      {"balkan", 3, 1, 0, 46, 105, 1199},   {"balkan", 3, 2, 12, 9, 23, 226},
      {"balkan", 3, 3, 30, 71, 347, 4047},  {"balkan", 4, 1, 0, 78, 397, 5536},
      {"balkan", 4, 2, 12, 54, 94, 742},    {"balkan", 4, 3, 30, 27, 80, 1000},
      {"mobile-app", 2, 1, 0, 33, 65, 253}, {"mobile-app", 2, 2, 12, 5, 7, 33},
      {"mobile-app", 2, 3, 30, 5, 8, 29},   {"mobile-app", 4, 1, 0, 59, 122, 456},
      {"mobile-app", 4, 2, 12, 7, 13, 27},  {"mobile-app", 4, 3, 30, 2, 2, 2},
  };
  for (const PerftCase& c : cases) {
    const bench::Table* table = bench::table_of(c.variant);
    REQUIRE(table != nullptr);
    const State s = position(table->engine, c.players, c.seed, c.moves);
    INFO(c.variant << " players " << c.players << " seed " << c.seed << " after " << c.moves
                   << " moves");
    CHECK(perft(table->engine, s, 3) == c.depth3);
    CHECK(perft(table->engine, s, 4) == c.depth4);
    CHECK(perft(table->engine, s, 6) == c.depth6);
  }
}

TEST_CASE("checksums of 1000 seeded random rounds, as bench/count_instructions prints them",
          "[perft]") {
  struct Expected {
    const char* variant;
    int players;
    std::uint64_t decisions;
    std::uint64_t stalemates;
    std::uint64_t checksum;
  };
  const Expected expected[] = {
      {"british", 4, 1064700, 239, 0x5356f7d82f411a76},
      {"balkan", 4, 849563, 138, 0xa104483e04d06fef},
      {"mobile-app", 4, 83973, 0, 0xdb335c59ceae5bd1},
      {"crazy-eights", 5, 346917, 0, 0x96d3b00b19a27628},
  };
  for (const Expected& e : expected) {
    const bench::Table* table = bench::table_of(e.variant);
    REQUIRE(table != nullptr);
    // What count_instructions counts (seed 1, 1000 rounds).
    const bench::RoundTotals totals = bench::play_random_rounds(*table, e.players, 1000, 1);
    INFO(e.variant << "/" << e.players);
    CHECK(totals.decisions == e.decisions);
    CHECK(totals.stalemates == e.stalemates);
    CHECK(totals.checksum == e.checksum);
  }
}

TEST_CASE("the eager style of the benchmark's player plays the same rounds", "[perft]") {
  // scripts/bench-instructions --style eager british 4 --rounds 4000 prints these (the table of
  // docs/performance.md, "The engine alone in eager play").
  const bench::Table* table = bench::table_of("british");
  REQUIRE(table != nullptr);
  const bench::RoundTotals totals =
      bench::play_random_rounds<bench::Style::eager>(*table, 4, 4000, 1);
  CHECK(totals.decisions == 238145);
  CHECK(totals.stalemates == 0);
  CHECK(totals.checksum == 0x307a9da98a005f79);
}
