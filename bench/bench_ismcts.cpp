// The ISMCTS agent's speed (issue 18): search iterations per second on one core, for British
// with 4 players at mid-round, the seat to act having seen every event since the deal. One
// benchmark iteration is one decision of 1000 search iterations. docs/performance.md.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "search_positions.hpp"

namespace switchcards::bench {
namespace {

constexpr int kSearchIterations = 1000;

void BM_ismcts(benchmark::State& state, IsmctsConfig::Rollout rollout) {
  const Table& t = *table_of("british");
  IsmctsConfig config;
  config.iterations = kSearchIterations;
  config.rollout = rollout;
  std::vector<SearchPosition> positions = mid_round_search_positions(t, 4, 16, config);
  ActionList legal;
  std::uint64_t iterations = 0, rollout_decisions = 0, nodes = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    SearchPosition& p = positions[i];
    t.engine.legal_actions(p.state, legal);
    const Action a = p.agent->choose(PlayerView(t.engine, p.state, p.state.turn), legal.span());
    benchmark::DoNotOptimize(a);
    iterations += static_cast<std::uint64_t>(p.agent->last_search().iterations);
    rollout_decisions += p.agent->last_search().rollout_decisions;
    nodes += static_cast<std::uint64_t>(p.agent->last_search().nodes);
    i = (i + 1) % positions.size();
  }
  state.counters["iterations/s"] =
      benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
  state.counters["time/iteration"] = benchmark::Counter(
      static_cast<double>(iterations), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["rollout decisions/iteration"] =
      static_cast<double>(rollout_decisions) / static_cast<double>(iterations);
  state.counters["nodes/decision"] =
      static_cast<double>(nodes) / static_cast<double>(state.iterations());
}
BENCHMARK_CAPTURE(BM_ismcts, eager, IsmctsConfig::Rollout::eager)
    ->Name("ismcts/british/4/eager")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ismcts, heuristic, IsmctsConfig::Rollout::heuristic)
    ->Name("ismcts/british/4/heuristic")
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace switchcards::bench
