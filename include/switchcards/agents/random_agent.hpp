// RandomAgent: picks uniformly among the legal actions with its own seeded Pcg32. It calls
// "last card" with every play that leaves one card, unless given a probability P of forgetting;
// having forgotten, it remembers in time (a late call, where the variant allows one) with
// probability 1 - P (P = 1: never; a late call among its legal actions, after a play again, is
// then left out of its choice).
// The baseline of simulations, and a fuzzer of the engine.
// Its eager style ("eager" in make_agent) picks uniformly among the plays whenever it has one,
// and among all its actions otherwise: uniform random play draws whenever the variant lets it
// (British, Balkan), so hands swell and about a quarter of British rounds reach the turn
// limit; eager play ends its rounds, which is what a fairness study wants of a weak baseline.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "switchcards/agents/agent.hpp"
#include "switchcards/core/rng.hpp"

namespace switchcards {

// How many of `legal` are plays, for a list from Engine::legal_actions that begins with a play:
// it lists the plays first and at most two other actions after them (a draw or pass, a
// challenge or late call), so they are counted from the end, a step or two.
inline std::uint32_t plays_listed(std::span<const Action> legal) {
  auto plays = static_cast<std::uint32_t>(legal.size());
  while (legal[plays - 1].kind() != ActionKind::play) --plays;
  return plays;
}

class RandomAgent final : public Agent {
 public:
  enum class Style { uniform, eager };

  explicit RandomAgent(std::uint64_t seed = 0, double forget_last_card = 0.0,
                       Style style = Style::uniform)
      : rng_(seed), forget_(forget_last_card), style_(style) {}

  Action choose(const PlayerView& view, std::span<const Action> legal) override {
    std::uint32_t choices = static_cast<std::uint32_t>(legal.size());
    if (style_ == Style::eager && legal[0].kind() == ActionKind::play) {
      choices = plays_listed(legal);
    } else if (forget_ >= 1.0 && choices > 1 && legal[choices - 1].kind() == ActionKind::call) {
      --choices;  // it never calls late
    }
    const Action a = legal[rng_.below(choices)];
    return a.kind() == ActionKind::play ? with_call(view, a) : a;
  }
  // Uniform: declining is one choice more among the jump-ins; eager: it always jumps in.
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override {
    const auto n = static_cast<std::uint32_t>(jumps.size());
    const std::uint32_t k = rng_.below(style_ == Style::eager ? n : n + 1);
    if (k == n) return std::nullopt;
    return with_call(view, jumps[k]);
  }
  bool calls_late(const PlayerView& /*view*/) override {
    return forget_ < 1.0 && rng_.unit() >= forget_;
  }
  void reset(std::uint64_t seed) override { rng_ = Pcg32(seed); }
  std::string name() const override { return style_ == Style::eager ? "eager" : "random"; }

 private:
  // A play with the "last card" call where it is due (PlayerView::call_due), unless the agent
  // forgets it.
  Action with_call(const PlayerView& view, Action play) {
    if (!view.call_due()) return play;
    // Draw from the generator only when forgetting is possible, so a forget probability of 0
    // leaves the stream (and every game) as it was.
    const bool forgets = forget_ > 0.0 && rng_.unit() < forget_;
    return play.with_last(!forgets);
  }

  Pcg32 rng_;
  double forget_;
  Style style_;
};

}  // namespace switchcards
