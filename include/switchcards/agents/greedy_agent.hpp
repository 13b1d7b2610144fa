// GreedyAgent: always plays if it can, shedding first the card whose loss lowers its hand's
// penalty points the most (with the variant's scoring: a Balkan 2 that doubles the hand goes
// early). Names the suit it holds most of, always calls "last card", challenges whenever it
// can. Deterministic: ties go to the longer suit left in hand, then to the lower card.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "switchcards/agents/agent.hpp"
#include "switchcards/agents/hand_value.hpp"

namespace switchcards {

namespace detail {
// Cards held per suit, leaving out the kinds in `except` (e.g. the wilds, which follow any suit).
inline std::array<int, kSuitCount> suit_lengths(const Hand& hand, CardMask except = {}) {
  std::array<int, kSuitCount> n{};
  hand.for_each([&](Card c) {
    if (!c.is_joker() && !except.contains(c)) ++n[static_cast<int>(c.suit())];
  });
  return n;
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
    const HandScorer& scorer = scorer_.get(view.variant().scoring);
    const Action* best = nullptr;
    int best_gain = 0;
    int best_length = 0;
    for (const Action& a : legal) {
      if (a.kind() == ActionKind::challenge || a.kind() == ActionKind::call) return a;
      if (a.kind() != ActionKind::play) continue;
      Hand after = hand;
      after.remove(a.card());
      const auto lengths = detail::suit_lengths(after);
      if (a.named_suit() != Suit::none && a.named_suit() != detail::longest_suit(lengths)) continue;
      const int gain = detail::shedding_gain(scorer, hand, a.card());
      const Suit follows = a.named_suit() != Suit::none ? a.named_suit() : a.card().suit();
      const int length = a.card().is_joker() ? 0 : lengths[static_cast<int>(follows)];
      if (!best || gain > best_gain || (gain == best_gain && length > best_length)) {
        best = &a;
        best_gain = gain;
        best_length = length;
      }
    }
    if (!best) return legal.back();  // draw, or pass (the only non-play actions left)
    return hand.size() == 2 ? best->with_last() : *best;
  }
  bool challenges(const PlayerView& /*view*/, int /*target*/) override { return true; }
  // A jump-in sheds a card and takes the turns of the seats before it: always, its best play.
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override {
    return choose(view, jumps);
  }
  std::string name() const override { return "greedy"; }

 private:
  detail::ScorerCache scorer_;
};

}  // namespace switchcards
