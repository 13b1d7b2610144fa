// Scoring: the penalty points of the cards left in a hand at the end of a round (lower is
// better; the round winner scores 0), from a variant's `scoring:` rules — card values per
// selector, per-card multipliers, a factor per identical pair, one rounding at the end — or
// from a house-rule formula (evaluated by muparser, which stays inside src/). See
// docs/scoring.md for the YAML keys, worked examples and the exact arithmetic.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/core/hand.hpp"
#include "switchcards/engine/state.hpp"
#include "switchcards/rules/scoring_rules.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

// Every hand score is clamped to [-kMaxHandScore, kMaxHandScore], so a formula's infinity has
// a defined value and no match a variant allows can take a total out of its range
// (standings.hpp: kMaxMatchRounds rounds of kMaxRoundScore stay within kMaxMatchTotal).
inline constexpr int kMaxHandScore = 100'000;

// ---- formulas ---------------------------------------------------------------------------

// Why a `scoring.formula` cannot be used: the 1-based character (byte) position in the formula
// where the problem was found (one past the end for "unexpected end"), and a message that
// does not repeat the position.
struct FormulaError {
  int position = 1;
  std::string message;
  // "position 7: unknown name "totl" (...)"
  std::string to_string() const { return "position " + std::to_string(position) + ": " + message; }
  friend bool operator==(const FormulaError&, const FormulaError&) = default;
};

// Thrown by the scoring functions for a formula that check_scoring_formula refuses (a Variant
// built in code without the loader's check). Loaded variants never throw this.
class FormulaException : public std::invalid_argument {
 public:
  explicit FormulaException(FormulaError error)
      : std::invalid_argument("scoring.formula: " + error.to_string()), error_(std::move(error)) {}
  const FormulaError& error() const { return error_; }

 private:
  FormulaError error_;
};

// Checks a `scoring.formula` for the YAML loader, so that a bad formula is a load error with
// its position and never a failure at scoring time. Returns nullopt when the formula is usable
// (an empty or all-blank formula means "no formula" and is usable). Refused:
//  - syntax errors (muparser's, with its position);
//  - names other than the variables `total`, `cards`, `pairs`, the function `count(r)` and
//    muparser's built-in functions (min, max, abs, rint, sum, avg, sqrt, ...) and constants
//    (_pi, _e);
//  - assignments (`total = 3`) and several comma-separated results (`total, 5`);
//  - a formula whose value is not finite (division by zero, sqrt of a negative, ...) for one
//    of a few sample hands (documented in docs/scoring.md). A formula that goes non-finite
//    only on other hands is clamped at scoring time: +inf and NaN score kMaxHandScore, -inf
//    scores -kMaxHandScore.
// Never throws (every muparser exception is caught and becomes the FormulaError).
std::optional<FormulaError> check_scoring_formula(std::string_view formula);

// ---- card values --------------------------------------------------------------------------

// The default points of a card before any `scoring.values` entry: 2..10 face value, J Q K 10,
// A 1, joker 50.
constexpr int default_card_value(Card c) {
  switch (c.rank()) {
    case Rank::ace:
      return 1;
    case Rank::jack:
    case Rank::queen:
    case Rank::king:
      return 10;
    case Rank::joker:
      return 50;
    default:
      return static_cast<int>(c.rank()) + 1;
  }
}

// The points of one card under `rules.values`: the last entry whose selector holds the card,
// else the default.
int card_value(const ScoringRules& rules, Card c);

// ---- scoring hands ------------------------------------------------------------------------

// The parts of one hand's score, for `switchcards score --explain` and for tests.
struct HandScore {
  int total = 0;   // the sum of the card values
  int cards = 0;   // cards held
  int pairs = 0;   // pairs of identical cards: count / 2 per card kind (3 copies: 1 pair)
  double raw = 0;  // the value before rounding (the formula's, or total x the modifiers)
  int score = 0;   // the final penalty points: raw rounded once by `rounding`, clamped
};

// A ScoringRules compiled for fast repeated scoring: the card values as a table and every
// factor as an exact fraction. Cheap to build (no parsing: a formula is parsed once per thread
// and formula text, on first use, and cached). Immutable after construction, so one scorer may
// be shared by many threads. Throws FormulaException if the rules' formula is refused by
// check_scoring_formula.
//
// Structured rules (no formula): score = total x product(factor^matching cards) x
// pair_factor^pairs, computed exactly as a fraction (each factor is read as the fraction it
// was written as: 0.5 = 1/2, 1.1 = 11/10, 0.3333333333333333 = 1/3; precisely, the first
// continued-fraction convergent within 1e-12 relative error, denominators up to 10^6) and
// rounded once. With a formula: the formula's value, read with a tolerance of 1e-9 relative
// to land exactly on an integer or a half when it is that close (so 11.000000000000002 rounds
// up to 11, not 12), then rounded once. `down` is floor, `up` is ceiling, `nearest` rounds
// halves up (towards +infinity).
//
// An empty hand scores 0 (the round winner's score), whatever the formula says.
class HandScorer {
 public:
  explicit HandScorer(const ScoringRules& rules);
  explicit HandScorer(const Variant& variant) : HandScorer(variant.scoring) {}

  int score(const Hand& hand) const { return breakdown(hand).score; }
  int score(std::span<const Card> cards) const;
  int operator()(const Hand& hand) const { return score(hand); }
  HandScore breakdown(const Hand& hand) const;
  // The sum of the hand's card values (breakdown's total), without the rest of its work.
  int total(const Hand& hand) const;
  int card_value(Card c) const { return values_[c.index()]; }
  bool uses_formula() const { return !formula_.empty(); }
  // Whether a hand scores the sum of its card values (no multiplier, pair factor or formula),
  // clamped: then a card's marginal cost is its value, and a bot rating many plays need not
  // score every hand left.
  bool sums_values() const { return plain_ && formula_.empty(); }
  // The score of a hand whose card values sum to `total`, where sums_values().
  static int summed_score(int total) { return std::clamp(total, -kMaxHandScore, kMaxHandScore); }

 private:
  struct Fraction {
    std::int64_t num = 1;
    std::int64_t den = 1;
  };
  struct Multiplier {
    CardMask cards;
    Fraction factor;
    double approx = 1;
  };
  std::array<int, kCardKinds> values_{};
  std::vector<Multiplier> multipliers_;
  Fraction pair_factor_;
  double pair_approx_ = 1;
  Rounding rounding_ = Rounding::down;
  bool exact_ = false;   // every factor has a short fraction (else: floating point)
  bool plain_ = false;   // every factor is 1: the score is the total
  std::string formula_;  // not blank: the formula replaces the structured modifiers
};

// The penalty points of a hand under the variant's scoring rules. Builds a HandScorer: for
// millions of hands build one HandScorer and reuse it.
int score_hand(const Variant& variant, const Hand& hand);
int score_hand(const Variant& variant, std::span<const Card> cards);
int score_hand(const ScoringRules& rules, const Hand& hand);

// "" if `cards` could be a hand of the variant: each card of its deck (a rank it holds, a joker
// only with jokers), no more copies of a card than its largest deck (over the player counts it
// allows) holds. Else what is wrong, naming the card: for a hand given by a person (`score`,
// Python's score_hand), which score_hand itself takes as given.
std::string hand_problem(const Variant& variant, std::span<const Card> cards);

// The scores of a finished round, seat 0 first: the seat that emptied its hand scores 0, every
// other seat scores its hand. After a stalemate (the turn limit) every seat scores its hand
// and nobody wins. The HandScorer form is also usable on an unfinished state (every seat
// scores its hand; under first_to the Variant form then gives every seat 0, as after a
// stalemate: nobody has won). round_scores(variant, state) gives the round's points under the match
// and team rules (round_points: team scores with `teams:`, the winner's take under match.end:
// first_to); the HandScorer form always gives each seat its own hand.
std::vector<int> round_scores(const Variant& variant, const State& state);
std::vector<int> round_scores(const HandScorer& scorer, const State& state);

// A round's scores by seat under the variant's match and team rules, from `hand_scores` (each
// seat its hand, the winner 0, as round_scores(HandScorer) gives them) and the seat that
// emptied its hand (`winner`, -1 after a stalemate): with partnerships the team scores
// (team_scores); under match.end: first_to the winner's take: the winner scores the sum of the
// others' hands and every other seat 0 (after a stalemate, nobody scores); with partnerships the
// winner and its partners each score the sum of the other teams' hands. Else unchanged.
std::vector<int> round_points(const TeamRules& teams, const MatchRules& match,
                              std::vector<int> hand_scores, int winner);

// Partnerships: the round's scores by seat (each seat its hand, the winner 0) turned into team
// scores, which every player of the team gets: under `teams.score: losing_teams` the winner's
// team scores 0 and every other team the sum of its players' scores; under `each_hand` every
// team scores that sum. `winner` is the seat that emptied its hand, or -1 (a stalemate: every
// team scores its hands). The seats are numbered as the team seating numbers them (match
// seats). Without teams the scores come back unchanged.
std::vector<int> team_scores(const TeamRules& teams, std::vector<int> seat_scores, int winner);

}  // namespace switchcards
