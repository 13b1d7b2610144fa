// Hand: the cards one player holds, as a count per card kind (duplicates happen with two
// decks) plus the set of kinds present, so "which of my cards are playable" is one AND.
// Fixed size, no heap; order of cards in a hand is not meaningful.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/core/card_mask.hpp"

namespace switchcards {

class Hand {
 public:
  constexpr int size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr int count(Card c) const { return counts_[c.index()]; }
  constexpr bool contains(Card c) const { return kinds_.contains(c); }
  // The kinds present (not how many of each).
  constexpr CardMask kinds() const { return kinds_; }

  constexpr void add(Card c) {
    ++counts_[c.index()];
    kinds_.insert(c);
    ++size_;
  }
  constexpr void remove(Card c) {
    assert(counts_[c.index()] > 0);
    if (--counts_[c.index()] == 0) kinds_.erase(c);
    --size_;
  }
  constexpr void clear() { *this = Hand{}; }

  // Calls f(card) for every card held, duplicates repeated, in card index order.
  template <typename F>
  constexpr void for_each(F&& f) const {
    for (CardMask m = kinds_; !m.empty();) {
      const Card c = m.pop_first();
      for (int i = 0; i < counts_[c.index()]; ++i) f(c);
    }
  }

  friend constexpr bool operator==(const Hand&, const Hand&) = default;

 private:
  CardMask kinds_;
  std::array<std::uint8_t, kCardKinds> counts_{};
  std::uint8_t size_ = 0;
};

// The cards held, each copy, in card index order (Hand::for_each's): a hand written out.
inline std::vector<Card> cards_of(const Hand& hand) {
  std::vector<Card> out;
  out.reserve(static_cast<std::size_t>(hand.size()));
  hand.for_each([&](Card c) { out.push_back(c); });
  return out;
}

}  // namespace switchcards
