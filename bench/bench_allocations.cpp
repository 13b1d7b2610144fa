// Heap allocations per player decision after the deal (issue 7: it must be 0), counted by
// replacing the global operator new / delete of the benchmark binary. The count covers only
// the decisions; the deal and the end-of-round scoring are counted apart.
//
// A non-zero count is found with a debugger: while the decisions are counted, every allocation
// calls switchcards_bench_allocation_seen(), so
//   gdb -batch -ex 'break switchcards_bench_allocation_seen' -ex run -ex bt
//       --args build/bin/switchcards_bench --benchmark_filter='^allocations'   (one line)
// stops at the first one with its call stack.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "bench_support.hpp"
#include "search_positions.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/agents/random_agent.hpp"

namespace {

std::atomic<std::uint64_t> g_allocations{0};
std::atomic<bool> g_watching{false};

}  // namespace

// A breakpoint target: called for each allocation made while decisions are being counted.
extern "C" [[gnu::noinline]] void switchcards_bench_allocation_seen(std::size_t bytes) {
  benchmark::DoNotOptimize(bytes);
}

namespace {

void note_allocation(std::size_t bytes) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (g_watching.load(std::memory_order_relaxed)) switchcards_bench_allocation_seen(bytes);
}

void* allocate(std::size_t bytes) {
  note_allocation(bytes);
  void* p = std::malloc(bytes == 0 ? 1 : bytes);
  if (!p) throw std::bad_alloc();
  return p;
}

void* allocate_aligned(std::size_t bytes, std::align_val_t align) {
  note_allocation(bytes);
  void* p = nullptr;
  const auto a = std::max(static_cast<std::size_t>(align), sizeof(void*));
  if (posix_memalign(&p, a, bytes == 0 ? 1 : bytes) != 0) throw std::bad_alloc();
  return p;
}

}  // namespace

// ---- the replaced global allocation functions ([new.delete]) --------------------------------

void* operator new(std::size_t n) {
  return allocate(n);
}
void* operator new[](std::size_t n) {
  return allocate(n);
}
void* operator new(std::size_t n, std::align_val_t a) {
  return allocate_aligned(n, a);
}
void* operator new[](std::size_t n, std::align_val_t a) {
  return allocate_aligned(n, a);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  try {
    return allocate_aligned(n, a);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  try {
    return allocate_aligned(n, a);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  std::free(p);
}

namespace switchcards::bench {
namespace {

// Allocations counted in three parts of each round.
struct AllocationCounts {
  std::uint64_t deal = 0, decisions = 0, scoring = 0;
  std::uint64_t rounds = 0, decisions_made = 0;

  void report(benchmark::State& state) const {
    const double r = static_cast<double>(rounds);
    state.counters["allocs/decision"] =
        decisions_made == 0 ? 0.0
                            : static_cast<double>(decisions) / static_cast<double>(decisions_made);
    state.counters["allocs/deal"] = static_cast<double>(deal) / r;
    state.counters["allocs/scoring"] = static_cast<double>(scoring) / r;
    state.counters["decisions/round"] = static_cast<double>(decisions_made) / r;
  }
};

std::uint64_t allocations() {
  return g_allocations.load(std::memory_order_relaxed);
}

// One round from the deal to the scores, its allocations counted in three parts; `play(s)`
// makes the decisions (watched: any allocation there calls switchcards_bench_allocation_seen)
// and returns how many it made.
template <typename Play>
void count_round(const Table& t, int players, AllocationCounts& counts, Play&& play) {
  std::uint64_t before = allocations();
  State s = t.engine.deal(players, derive_seed(3, counts.rounds));
  counts.deal += allocations() - before;
  before = allocations();
  g_watching.store(true, std::memory_order_relaxed);
  counts.decisions_made += play(s);
  g_watching.store(false, std::memory_order_relaxed);
  counts.decisions += allocations() - before;
  before = allocations();
  benchmark::DoNotOptimize(score_round(t.scorer, s));
  counts.scoring += allocations() - before;
  ++counts.rounds;
}

// The minimal random player of bench_support.hpp (the one issue 7's targets are about).
void BM_allocations(benchmark::State& state, const std::string& variant, int players) {
  const Table* t = table_of(variant);
  if (!t) {
    state.SkipWithError(("variant '" + variant + "' is not built in (yet)").c_str());
    return;
  }
  Pcg32 agents(99);
  ActionList legal;
  AllocationCounts counts;
  for (auto _ : state) {
    count_round(*t, players, counts, [&](State& s) {
      std::uint64_t made = 0;
      for (; !s.over(); ++made) decide(t->engine, s, legal, agents);
      return made;
    });
  }
  counts.report(state);
}

// The library's own path: play_round with a RandomAgent per seat (PlayerViews, events
// delivered to every agent, out-of-turn questions), as simulations run it.
void BM_allocations_play_round(benchmark::State& state, const std::string& variant, int players) {
  const Table* t = table_of(variant);
  if (!t) {
    state.SkipWithError(("variant '" + variant + "' is not built in (yet)").c_str());
    return;
  }
  std::vector<std::unique_ptr<RandomAgent>> agents;
  std::vector<Agent*> seats;
  for (int seat = 0; seat < players; ++seat) {
    agents.push_back(
        std::make_unique<RandomAgent>(derive_seed(5, static_cast<std::uint64_t>(seat))));
    seats.push_back(agents.back().get());
  }
  AllocationCounts counts;
  RoundBuffers buffers;  // kept from round to round, as a program that plays many rounds does
  for (auto _ : state) {
    count_round(*t, players, counts, [&](State& s) {
      play_round(t->engine, s, seats, {}, NoActionCallback{}, buffers);
      return std::uint64_t{s.decisions};
    });
  }
  counts.report(state);
}

// The ISMCTS agent's decisions on british/4 mid-round positions (100 search iterations each),
// after one decision per position has sized its node pool: no allocation per iteration.
void BM_allocations_ismcts(benchmark::State& state) {
  const Table& t = *table_of("british");
  IsmctsConfig config;
  config.iterations = 100;
  std::vector<SearchPosition> positions = mid_round_search_positions(t, 4, 16, config);
  ActionList legal;
  auto decide_all = [&] {
    for (SearchPosition& p : positions) {
      t.engine.legal_actions(p.state, legal);
      benchmark::DoNotOptimize(
          p.agent->choose(PlayerView(t.engine, p.state, p.state.turn), legal.span()));
    }
  };
  decide_all();  // warm-up
  std::uint64_t allocated = 0, decisions = 0;
  for (auto _ : state) {
    const std::uint64_t before = allocations();
    g_watching.store(true, std::memory_order_relaxed);
    decide_all();
    g_watching.store(false, std::memory_order_relaxed);
    allocated += allocations() - before;
    decisions += positions.size();
  }
  state.counters["allocs/decision"] =
      static_cast<double>(allocated) / static_cast<double>(decisions);
}
BENCHMARK(BM_allocations_ismcts)->Name("allocations_ismcts/british/4");

[[maybe_unused]] const bool kRegistered = [] {
  const std::pair<const char*, int> kTables[] = {
      {"balkan", 4}, {"british", 4}, {"mobile-app", 4}, {"crazy-eights", 5}};
  for (const auto& [variant, players] : kTables) {
    const std::string suffix = std::string(variant) + "/" + std::to_string(players);
    benchmark::RegisterBenchmark(("allocations/" + suffix).c_str(), BM_allocations,
                                 std::string(variant), players);
    benchmark::RegisterBenchmark(("allocations_play_round/" + suffix).c_str(),
                                 BM_allocations_play_round, std::string(variant), players);
  }
  return true;
}();

}  // namespace
}  // namespace switchcards::bench
