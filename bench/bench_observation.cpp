// What a learning agent pays per step beyond the engine (issue 15): writing the observation
// vector of a seat and the legal-action mask, on fixed mid-round British positions (4 players).
// Wall-clock numbers; docs/performance.md records them with the command.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "bench_support.hpp"
#include "switchcards/engine/action_space.hpp"
#include "switchcards/engine/observation.hpp"

namespace switchcards::bench {
namespace {

const Positions& positions() {
  static const Positions p = mid_round_positions(*table_of("british"), 4, 256);
  return p;
}

// One iteration: the observation of the seat to act in one position.
void BM_observation(benchmark::State& state) {
  const Table& t = *table_of("british");
  const ObservationLayout layout(t.engine, 4);
  std::vector<float> out(static_cast<std::size_t>(layout.size()));
  const Positions& p = positions();
  std::size_t i = 0;
  for (auto _ : state) {
    const State& s = p.states[i++ % p.states.size()];
    layout.write(PlayerView(t.engine, s, s.turn), s.discard.cards(), {}, out);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.counters["floats"] = layout.size();
}
BENCHMARK(BM_observation)->Name("observation/british/4");

// One iteration: legal_actions and the action mask of one position.
void BM_action_mask(benchmark::State& state) {
  const Table& t = *table_of("british");
  const ActionSpace space(t.engine, 4);
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(space.size()));
  ActionList legal;
  const Positions& p = positions();
  std::size_t i = 0;
  for (auto _ : state) {
    const State& s = p.states[i++ % p.states.size()];
    t.engine.legal_actions(s, legal);
    space.mask(legal.span(), s.hands[s.turn].size(), mask);
    benchmark::DoNotOptimize(mask.data());
    benchmark::ClobberMemory();
  }
  state.counters["ids"] = space.size();
}
BENCHMARK(BM_action_mask)->Name("action_mask/british/4");

}  // namespace
}  // namespace switchcards::bench
