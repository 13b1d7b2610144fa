// What the cards in a hand would cost their holder if the round ended now, as the bots see it:
// the marginal cost of each card (with the variant's scoring, modifiers and formula included)
// tells the greedy and heuristic agents what to shed first.
#pragma once

#include <cstdint>
#include <optional>

#include "switchcards/core/card.hpp"
#include "switchcards/core/hand.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/scoring.hpp"

namespace switchcards::detail {

// A HandScorer for the scoring rules of the engine an agent last played with, rebuilt when
// the engine changes (an agent may be reused across variants). Known by Engine::id, not by
// address, so a new variant at an old address is noticed.
class ScorerCache {
 public:
  const HandScorer& get(const Engine& engine) {
    if (!scorer_ || engine_ != engine.id()) {
      scorer_.emplace(engine.variant().scoring);
      engine_ = engine.id();
    }
    return *scorer_;
  }

 private:
  std::uint64_t engine_ = 0;  // Engine::id of the rules scored (ids start at 1)
  std::optional<HandScorer> scorer_;
};

// How many penalty points the hand, which scores `score_now`, loses by shedding one copy of
// `c` (which it holds). A bot rating every play of a decision scores its hand once.
inline int shedding_gain(const HandScorer& scorer, const Hand& hand, int score_now, Card c) {
  Hand without = hand;
  without.remove(c);
  return score_now - scorer.score(without);
}

}  // namespace switchcards::detail
