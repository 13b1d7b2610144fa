// Pile: an ordered stack of cards in fixed storage (no heap), used for the stock (drawn from
// the top) and the discard pile (top card visible; all but the top can be taken back for a
// reshuffle). The top is the last element.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <span>

#include "switchcards/core/card.hpp"

namespace switchcards {

// The most cards any deck specification may hold: three full decks and four jokers. Fixed so
// that piles and game states are plain values without heap memory.
inline constexpr int kMaxCards = 160;

template <int Capacity = kMaxCards>
class FixedPile {
 public:
  constexpr int size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  static constexpr int capacity() { return Capacity; }
  constexpr Card top() const {
    assert(size_ > 0);
    return cards_[size_ - 1];
  }
  constexpr void push(Card c) {
    assert(size_ < Capacity);
    cards_[size_++] = c;
  }
  constexpr Card pop() {
    assert(size_ > 0);
    return cards_[--size_];
  }
  constexpr void clear() { size_ = 0; }
  // Bottom first.
  constexpr std::span<const Card> cards() const { return {cards_.data(), size_t(size_)}; }
  constexpr std::span<Card> cards() { return {cards_.data(), size_t(size_)}; }
  constexpr Card operator[](int i) const { return cards_[i]; }

  // Moves every card but the top `keep` onto `to` (bottom first), leaving only those here:
  // the discard pile's contribution to a reshuffled stock (a game may keep more than the top
  // card on the table, such as the cards of a turn still being laid).
  template <int N>
  constexpr int take_all_but_top(FixedPile<N>& to, int keep = 1) {
    if (size_ <= keep) return 0;
    const int moved = size_ - keep;
    assert(to.size_ + moved <= N);
    std::copy_n(cards_.data(), moved, to.cards_.data() + to.size_);  // one block copy
    to.size_ = static_cast<std::uint8_t>(to.size_ + moved);
    for (int i = 0; i < keep; ++i) cards_[i] = cards_[moved + i];  // usually one card
    size_ = static_cast<std::uint8_t>(keep);
    return moved;
  }

  friend constexpr bool operator==(const FixedPile& a, const FixedPile& b) {
    if (a.size_ != b.size_) return false;
    for (int i = 0; i < a.size_; ++i)
      if (a.cards_[i] != b.cards_[i]) return false;
    return true;
  }

 private:
  template <int>
  friend class FixedPile;  // take_all_but_top copies into a pile of another capacity
  std::array<Card, Capacity> cards_{};
  std::uint8_t size_ = 0;
  static_assert(Capacity <= 255, "size is kept in one byte");
};

using Pile = FixedPile<kMaxCards>;

}  // namespace switchcards
