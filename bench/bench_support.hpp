// What the benchmarks and bench/count_instructions.cpp share: the minimal random player that
// defines "one player decision" for issue 7, seeded mid-round positions, and variants loaded
// once per program. See docs/performance.md for the numbers and the commands.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "switchcards/agents/random_agent.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/action.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/engine/state.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards::bench {

// A variant compiled once: the engine and the scorer are built outside every timed or counted
// region (like loading the file, they are one-time costs of a program).
struct Table {
  Variant variant;
  Engine engine;
  HandScorer scorer;
  explicit Table(Variant v) : variant(v), engine(std::move(v)), scorer(variant) {}
};

// Whether `name` is one of the variants built into the library (crazy-eights may not be yet).
inline bool has_builtin_variant(const std::string& name) {
  const std::vector<std::string> names = builtin_variant_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The table of a built-in variant, loaded on first use; nullptr if there is no such variant.
inline const Table* table_of(const std::string& name) {
  static std::map<std::string, std::unique_ptr<Table>> tables;
  auto it = tables.find(name);
  if (it == tables.end()) {
    std::unique_ptr<Table> t;
    if (has_builtin_variant(name)) t = std::make_unique<Table>(load_variant(name));
    it = tables.emplace(name, std::move(t)).first;
  }
  return it->second.get();
}

// The two styles of the minimal player. uniform is the one issue 7 counts; eager is
// RandomAgent's eager style, a uniform pick among the plays whenever there is one: its rounds
// end (about 60 decisions in British rather than about 1,000), so the deal weighs in each
// decision as it does in the studies users run (docs/performance.md, "The engine alone in eager
// play"). The style is a template parameter so that the uniform loop carries no test for it.
enum class Style { uniform, eager };

// One player decision as issue 7 counts it: the legal actions, a uniform pick with
// Pcg32::below (among the plays, in the eager style), the "last card" call added when the play
// leaves one card, and apply.
template <Style style = Style::uniform>
inline void decide(const Engine& engine, State& s, ActionList& legal, Pcg32& rng) {
  engine.legal_actions(s, legal);
  auto choices = static_cast<std::uint32_t>(legal.size());
  if constexpr (style == Style::eager)
    if (legal[0].kind() == ActionKind::play) choices = plays_listed(legal.span());
  Action a = legal[static_cast<int>(rng.below(choices))];
  if (a.kind() == ActionKind::play && s.hands[s.turn].size() == 2) a = a.with_last();
  engine.apply(s, a);
}

// The scores of a finished round summed (the winner scores 0), as round_scores computes them
// but without its vector: end-of-round scoring is part of a round's cost.
inline std::int64_t score_round(const HandScorer& scorer, const State& s) {
  std::int64_t sum = 0;
  for (int seat = 0; seat < s.players(); ++seat)
    if (seat != s.winner) sum += scorer.score(s.hand(seat));
  return sum;
}

struct RoundTotals {
  std::uint64_t rounds = 0;
  std::uint64_t decisions = 0;
  std::uint64_t stalemates = 0;  // rounds ended by the variant's turn limit
  std::uint64_t checksum = 0;    // depends on every game played: changes if the games change
};

// One whole round from the deal to the scores. The round's seed is derive_seed(seed, index);
// `rng` is the agents' generator, shared by every seat.
template <Style style = Style::uniform>
inline void play_random_round(const Table& t, int players, std::uint64_t seed, std::uint64_t index,
                              Pcg32& rng, RoundTotals& totals) {
  State s = t.engine.deal(players, derive_seed(seed, index));
  ActionList legal;
  std::uint64_t decisions = 0;
  while (!s.over()) {
    decide<style>(t.engine, s, legal, rng);
    ++decisions;
  }
  const std::int64_t score = score_round(t.scorer, s);
  ++totals.rounds;
  totals.decisions += decisions;
  totals.stalemates += s.stalemate ? 1 : 0;
  totals.checksum = totals.checksum * 1000003u + static_cast<std::uint64_t>(score) * 31u +
                    static_cast<std::uint64_t>(s.winner + 1);
}

// Rounds 0 to rounds - 1 from `seed`, the agents' generator seeded from it too: what
// count_instructions counts and the checksum tests (tests/unit/test_perft.cpp) pin.
template <Style style = Style::uniform>
inline RoundTotals play_random_rounds(const Table& t, int players, std::uint64_t rounds,
                                      std::uint64_t seed) {
  RoundTotals totals;
  Pcg32 agents(derive_seed(seed, ~std::uint64_t{0}));
  for (std::uint64_t i = 0; i < rounds; ++i)
    play_random_round<style>(t, players, seed, i, agents, totals);
  return totals;
}

// Positions a seat must decide in, taken from seeded random rounds: every 7th decision of
// round after round until `count` are collected, so they are spread over whole rounds in the
// proportions random play meets them. `actions[i]` is a legal action for `states[i]`, chosen
// as decide() would.
struct Positions {
  std::vector<State> states;
  std::vector<Action> actions;
};

inline Positions mid_round_positions(const Table& t, int players, std::size_t count,
                                     std::uint64_t seed = 7) {
  Positions p;
  p.states.reserve(count);
  p.actions.reserve(count);
  Pcg32 rng(seed);
  ActionList legal;
  for (std::uint64_t round = 0; p.states.size() < count; ++round) {
    State s = t.engine.deal(players, derive_seed(seed, round));
    for (int d = 0; !s.over() && p.states.size() < count; ++d) {
      t.engine.legal_actions(s, legal);
      Action a = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      if (a.kind() == ActionKind::play && s.hands[s.turn].size() == 2) a = a.with_last();
      if (d % 7 == 3) {
        p.states.push_back(s);
        p.actions.push_back(a);
      }
      t.engine.apply(s, a);
    }
  }
  return p;
}

}  // namespace switchcards::bench
