// Engine benchmarks of issue 7: whole random rounds per variant, legal_actions and apply alone
// on fixed mid-round positions, State copy, and loading a variant file. Wall-clock numbers;
// the deterministic instruction count is bench/count_instructions.cpp. docs/performance.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "bench_support.hpp"

namespace switchcards::bench {
namespace {

// ---- whole rounds -----------------------------------------------------------------------

// One iteration is one round: deal, shuffle, every decision, scoring.
void BM_random_round(benchmark::State& state, const std::string& variant, int players) {
  const Table* t = table_of(variant);
  if (!t) {
    state.SkipWithError(("variant '" + variant + "' is not built in (yet)").c_str());
    return;
  }
  Pcg32 agents(12345);
  RoundTotals totals;
  std::uint64_t index = 0;
  for (auto _ : state) play_random_round(*t, players, 1, index++, agents, totals);
  benchmark::DoNotOptimize(totals.checksum);
  state.counters["rounds/s"] =
      benchmark::Counter(static_cast<double>(totals.rounds), benchmark::Counter::kIsRate);
  state.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(totals.decisions), benchmark::Counter::kIsRate);
  state.counters["decisions/round"] =
      static_cast<double>(totals.decisions) / static_cast<double>(totals.rounds);
  state.counters["ns/decision"] =
      benchmark::Counter(static_cast<double>(totals.decisions),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
// Named random_round/VARIANT/PLAYERS.
[[maybe_unused]] const bool kRoundsRegistered = [] {
  const std::pair<const char*, int> kTables[] = {
      {"balkan", 4}, {"british", 4}, {"mobile-app", 4}, {"crazy-eights", 5}};
  for (const auto& [variant, players] : kTables)
    benchmark::RegisterBenchmark(
        ("random_round/" + std::string(variant) + "/" + std::to_string(players)).c_str(),
        BM_random_round, std::string(variant), players);
  return true;
}();

// ---- one step alone, on fixed positions -----------------------------------------------------

// 256 positions (about 250 KB of States): they stay in the L2 cache, as the state of a running
// round does.
constexpr std::size_t kPositions = 256;

const Positions& british_positions() {
  static const Positions p = mid_round_positions(*table_of("british"), 4, kPositions);
  return p;
}

void BM_legal_actions(benchmark::State& state) {
  const Table& t = *table_of("british");
  const Positions& p = british_positions();
  ActionList legal;
  std::size_t i = 0;
  std::int64_t listed = 0;
  for (auto _ : state) {
    t.engine.legal_actions(p.states[i], legal);
    listed += legal.size();
    benchmark::DoNotOptimize(legal);
    i = (i + 1) % p.states.size();
  }
  state.counters["actions/call"] =
      static_cast<double>(listed) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_legal_actions)->Name("legal_actions/british/4");

// Each iteration copies a position and applies its listed action to the copy (the copy alone
// is BM_state_copy).
void BM_apply(benchmark::State& state) {
  const Table& t = *table_of("british");
  const Positions& p = british_positions();
  std::size_t i = 0;
  for (auto _ : state) {
    State s = p.states[i];
    const ApplyResult r = t.engine.apply(s, p.actions[i]);
    benchmark::DoNotOptimize(r);
    benchmark::DoNotOptimize(s);
    i = (i + 1) % p.states.size();
  }
}
BENCHMARK(BM_apply)->Name("copy+apply/british/4");

// apply alone: each iteration applies the 256 positions' actions to fresh copies made with the
// timer paused (one pause per 256 applies, so its own cost hardly shows). ns/apply is the
// number to read.
void BM_apply_alone(benchmark::State& state) {
  const Table& t = *table_of("british");
  const Positions& p = british_positions();
  std::vector<State> copies(p.states.size());
  for (auto _ : state) {
    state.PauseTiming();
    std::copy(p.states.begin(), p.states.end(), copies.begin());
    state.ResumeTiming();
    for (std::size_t i = 0; i < copies.size(); ++i) {
      const ApplyResult r = t.engine.apply(copies[i], p.actions[i]);
      benchmark::DoNotOptimize(r);
    }
    benchmark::ClobberMemory();
  }
  const auto applies = static_cast<double>(state.iterations() * copies.size());
  state.counters["ns/apply"] =
      benchmark::Counter(applies, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_apply_alone)->Name("apply/british/4");

// ---- State ----------------------------------------------------------------------------------

static_assert(std::is_trivially_copyable_v<State>,
              "State must stay a plain value: no heap memory, copied as bytes");

void BM_state_copy(benchmark::State& state) {
  const Positions& p = british_positions();
  State s;
  std::size_t i = 0;
  for (auto _ : state) {
    s = p.states[i];
    benchmark::DoNotOptimize(s);
    benchmark::ClobberMemory();
    i = (i + 1) % p.states.size();
  }
  state.counters["bytes"] = sizeof(State);
}
BENCHMARK(BM_state_copy)->Name("State_copy");

// ---- loading a variant ---------------------------------------------------------------------

// Parse, `extends:` merge, validation: what load_variant does for a built-in name.
void BM_load_variant(benchmark::State& state, const std::string& name) {
  if (!has_builtin_variant(name)) {
    state.SkipWithError(("variant '" + name + "' is not built in (yet)").c_str());
    return;
  }
  for (auto _ : state) {
    Variant v = load_variant(name);
    benchmark::DoNotOptimize(v);
  }
}
[[maybe_unused]] const bool kLoadsRegistered = [] {
  for (const char* name : {"british", "crazy-eights"})
    benchmark::RegisterBenchmark(("load_variant/" + std::string(name)).c_str(), BM_load_variant,
                                 std::string(name))
        ->Unit(benchmark::kMicrosecond);
  return true;
}();

// Compiling a loaded variant into the engine's tables (a one-time cost, like loading).
void BM_engine_build(benchmark::State& state) {
  const Variant v = load_variant("british");
  for (auto _ : state) {
    Engine e(v);
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_engine_build)->Name("Engine_build/british")->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace switchcards::bench
