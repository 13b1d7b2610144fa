// GreedyAgent: always plays if it can, shedding first the card whose loss lowers its hand's
// penalty points the most (with the variant's scoring: a Balkan 2 that doubles the hand goes
// early). Names the suit it holds most of, always calls "last card", challenges every
// opponent it can (never its partner, whose penalty its team would pay). Deterministic: ties go
// to the longer suit left in hand, then to the lower card.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "switchcards/agents/agent.hpp"
#include "switchcards/agents/hand_value.hpp"

namespace switchcards {

namespace detail {
// Whether `c` counts towards its suit's length: jokers have no suit, and the kinds in `except`
// (e.g. the wilds, which follow any suit) are left out.
constexpr bool counts_in_suit(Card c, CardMask except) {
  return !c.is_joker() && !except.contains(c);
}
// Cards held per suit, leaving out the kinds in `except`.
inline std::array<int, kSuitCount> suit_lengths(const Hand& hand, CardMask except = {}) {
  std::array<int, kSuitCount> n{};
  for (CardMask m = hand.kinds() - except; !m.empty();) {
    const Card c = m.pop_first();
    if (counts_in_suit(c, except)) n[static_cast<int>(c.suit())] += hand.count(c);
  }
  return n;
}
// The suit lengths of a hand once one card `c` of it is played, from the hand's own `lengths`
// (as suit_lengths counted them with the same `except`): a bot rating every play of a decision
// counts its hand once.
inline std::array<int, kSuitCount> suit_lengths_after(std::array<int, kSuitCount> lengths, Card c,
                                                      CardMask except = {}) {
  if (counts_in_suit(c, except)) --lengths[static_cast<int>(c.suit())];
  return lengths;
}
// The suit the hand holds most of (ties: the first suit in C D H S order).
inline Suit longest_suit(const std::array<int, kSuitCount>& lengths) {
  int best = 0;
  for (int s = 1; s < kSuitCount; ++s)
    if (lengths[s] > lengths[best]) best = s;
  return static_cast<Suit>(best);
}
}  // namespace detail

class GreedyAgent final : public Agent {
 public:
  explicit GreedyAgent(std::uint64_t /*seed*/ = 0) {}

  Action choose(const PlayerView& view, std::span<const Action> legal) override {
    const Hand& hand = view.hand();
    const HandScorer& scorer = scorer_.get(view.engine());
    const Action* best = nullptr;
    int best_gain = 0;
    int best_length = 0;
    // The hand's score and suit lengths, counted at the first play rated.
    bool counted = false;
    int score_now = 0;
    std::array<int, kSuitCount> lengths_now{};
    for (const Action& a : legal) {
      if (a.kind() == ActionKind::call) return a;
      if (a.kind() == ActionKind::challenge) {
        if (challenges(view, a.target())) return a;
        continue;
      }
      if (a.kind() != ActionKind::play) continue;
      if (!counted) {
        score_now = scorer.score(hand);
        lengths_now = detail::suit_lengths(hand);
        counted = true;
      }
      const auto lengths = detail::suit_lengths_after(lengths_now, a.card());
      if (a.named_suit() != Suit::none && a.named_suit() != detail::longest_suit(lengths)) continue;
      const int gain = detail::shedding_gain(scorer, hand, score_now, a.card());
      const Suit follows = a.named_suit() != Suit::none ? a.named_suit() : a.card().suit();
      const int length = a.card().is_joker() ? 0 : lengths[static_cast<int>(follows)];
      if (!best || gain > best_gain || (gain == best_gain && length > best_length)) {
        best = &a;
        best_gain = gain;
        best_length = length;
      }
    }
    if (!best) {
      // Draw, or pass: a challenge of its partner may be listed after them.
      for (const Action& a : legal)
        if (a.kind() == ActionKind::draw || a.kind() == ActionKind::pass) return a;
      return legal.front();
    }
    return view.call_due() ? best->with_last() : *best;
  }
  bool challenges(const PlayerView& view, int target) override {
    return !view.variant().teams.partners(view.players(), view.seat(), target);
  }
  // A jump-in sheds a card and takes the turns of the seats before it: always, its best play.
  // Mostly one card jumps in, with no suit to name: a choice of one needs no rating.
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override {
    if (jumps.size() == 1 && jumps[0].named_suit() == Suit::none)
      return view.call_due() ? jumps[0].with_last() : jumps[0];
    return choose(view, jumps);
  }
  std::string name() const override { return "greedy"; }

 private:
  detail::ScorerCache scorer_;
};

}  // namespace switchcards
