// What the cards in a hand would cost their holder if the round ended now, as the bots see it:
// the marginal cost of each card (with the variant's scoring, modifiers and formula included)
// tells the greedy and heuristic agents what to shed first.
#pragma once

#include <optional>

#include "switchcards/core/card.hpp"
#include "switchcards/core/hand.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/rules/scoring_rules.hpp"

namespace switchcards::detail {

// A HandScorer for the scoring rules an agent last saw, rebuilt when they change (an agent
// may be reused across variants). Compared by value, not by address, so a new variant at an
// old address is noticed.
class ScorerCache {
 public:
  const HandScorer& get(const ScoringRules& rules) {
    if (!scorer_ || !(rules_ == rules)) {
      rules_ = rules;
      scorer_.emplace(rules);
    }
    return *scorer_;
  }

 private:
  ScoringRules rules_;
  std::optional<HandScorer> scorer_;
};

// How many penalty points the hand loses by shedding one copy of `c` (which it holds).
inline int shedding_gain(const HandScorer& scorer, const Hand& hand, Card c) {
  Hand without = hand;
  without.remove(c);
  return scorer.score(hand) - scorer.score(without);
}

}  // namespace switchcards::detail
