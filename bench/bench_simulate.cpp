// `switchcards simulate` throughput (issue 7: 2 threads must play at least 1.8 times the rounds
// per second of 1): the library's simulate(), as the command runs it, with random agents.
// Measured in wall time (UseRealTime), which on a shared machine only indicates.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "bench_support.hpp"
#include "switchcards/agents/simulate.hpp"

namespace switchcards::bench {
namespace {

// Each iteration is one study of `kGames` rounds of british with 4 random players.
constexpr std::uint64_t kGames = 20000;

void BM_simulate(benchmark::State& state) {
  const Table& t = *table_of("british");
  SimulationConfig config;
  config.players = 4;
  config.agents = {"random"};
  config.games = kGames;
  config.threads = static_cast<int>(state.range(0));
  std::uint64_t rounds = 0, decisions = 0;
  for (auto _ : state) {
    const SimulationResult r = simulate(t.variant, config);
    rounds += r.stats.rounds;
    decisions += r.stats.decisions;
    ++config.seed;  // a new study each time, as fresh as the first
  }
  state.counters["rounds/s"] =
      benchmark::Counter(static_cast<double>(rounds), benchmark::Counter::kIsRate);
  state.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_simulate)
    ->Name("simulate/british/4/threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->MeasureProcessCPUTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace switchcards::bench
