// ScoringRules: how the cards left in a hand become penalty points at the end of a round
// (lower is better; the round winner scores 0). Plain data filled from the `scoring:` key.
#pragma once

#include <string>
#include <vector>

#include "switchcards/core/card_mask.hpp"

namespace switchcards {

// `scoring.values`: points per card, by selector. Entries are applied in order and a later
// entry overrides an earlier one for the cards it selects, over the defaults: 2..10 face
// value, J Q K 10, A 1, joker 50.
struct CardValue {
  CardMask cards;
  std::string selector;
  int points = 0;
  friend bool operator==(const CardValue&, const CardValue&) = default;
};

// `scoring.multipliers`: the hand's total is multiplied by `factor` once per card held that
// the selector matches (Balkan: x2 for each 2).
struct HandMultiplier {
  CardMask cards;
  std::string selector;
  double factor = 1.0;
  friend bool operator==(const HandMultiplier&, const HandMultiplier&) = default;
};

enum class Rounding { down, up, nearest };  // scoring.rounding; nearest rounds halves up

struct ScoringRules {
  std::vector<CardValue> values;
  std::vector<HandMultiplier> multipliers;
  // scoring.pair_factor: multiply the total once per pair of identical cards (same rank and
  // suit) in the hand (Balkan: 0.5, each pair halves the hand).
  double pair_factor = 1.0;
  Rounding rounding = Rounding::down;
  // scoring.formula: optional expression replacing the structured modifiers, over the
  // variables total, cards, pairs and count(rank), e.g. "total * 2^count(2) / 2^pairs".
  std::string formula;
  friend bool operator==(const ScoringRules&, const ScoringRules&) = default;
};

}  // namespace switchcards
