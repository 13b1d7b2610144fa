// MatchRules: how rounds add up to a match, from the `match:` key: a single round, a fixed
// number of rounds, elimination at a cap, the Balkan threshold game, or a race to a target in
// which the round's winner scores the others' hands.
#pragma once

namespace switchcards {

enum class MatchKind {
  single_round,  // match.end: single_round — whoever empties their hand wins
  fixed_rounds,  // fixed_rounds — after `rounds` rounds the lowest total wins
  elimination,   // elimination — a player reaching `limit` sits out; the last under it wins
  threshold,     // threshold — play until one player is below `limit`: that player wins; the
                 // first to reach `limit` loses, unless someone reaches `hard_limit` (Balkan)
  first_to       // first_to — the round's winner scores the points of every other hand (the
                 // others 0); the first to reach `limit` wins (Crazy Eights to 100, Uno to 500)
};

enum class FirstDealer {
  seat_zero,  // match.first_dealer: seat_zero
  lowest_cut  // lowest_cut — each seat cuts a card from a seeded shuffle; lowest deals
};

struct MatchRules {
  MatchKind end = MatchKind::single_round;
  int rounds = 1;      // match.rounds (fixed_rounds)
  int limit = 100;     // match.limit (elimination, threshold, first_to)
  int hard_limit = 0;  // match.hard_limit (threshold; 0: none)
  FirstDealer first_dealer = FirstDealer::seat_zero;
  // Whether a higher total ranks better: under first_to a total is points won; under the
  // others, penalty points.
  constexpr bool higher_wins() const { return end == MatchKind::first_to; }
  friend bool operator==(const MatchRules&, const MatchRules&) = default;
};

}  // namespace switchcards
