// CardMask: a set of card kinds (not copies) as 53 bits, one per Card::index(). Selectors
// ("all jacks", "black jacks", "hearts") compile to masks so the hot path tests membership
// and intersects hands with one AND.
#pragma once

#include <bit>
#include <cstdint>

#include "switchcards/core/card.hpp"

namespace switchcards {

class CardMask {
 public:
  constexpr CardMask() = default;
  constexpr explicit CardMask(std::uint64_t bits) : bits_(bits & kAll) {}
  static constexpr CardMask all() { return CardMask(kAll); }
  static constexpr CardMask of(Card c) { return CardMask(std::uint64_t{1} << c.index()); }
  static constexpr CardMask of_rank(Rank r) {
    if (r == Rank::joker) return of(Card::joker());
    // One bit per suit, 13 apart: the rank's bit in each suit's block.
    constexpr std::uint64_t kEverySuit = 1 | (1ULL << 13) | (1ULL << 26) | (1ULL << 39);
    return CardMask(kEverySuit << static_cast<int>(r));
  }
  static constexpr CardMask of_suit(Suit s) {
    if (s == Suit::none) return of(Card::joker());
    return CardMask(((std::uint64_t{1} << kRankCount) - 1) << (static_cast<int>(s) * kRankCount));
  }
  static constexpr CardMask of_colour(Colour c) {
    if (c == Colour::black) return of_suit(Suit::clubs) | of_suit(Suit::spades);
    if (c == Colour::red) return of_suit(Suit::diamonds) | of_suit(Suit::hearts);
    return of(Card::joker());
  }

  constexpr std::uint64_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool contains(Card c) const { return (bits_ >> c.index()) & 1u; }
  constexpr void insert(Card c) { bits_ |= std::uint64_t{1} << c.index(); }
  constexpr void erase(Card c) { bits_ &= ~(std::uint64_t{1} << c.index()); }
  // Lowest card of a non-empty mask; with pop_first, iterates a mask in index order.
  constexpr Card first() const { return Card::from_index(std::countr_zero(bits_)); }
  constexpr Card pop_first() {
    Card c = first();
    bits_ &= bits_ - 1;
    return c;
  }

  friend constexpr CardMask operator|(CardMask a, CardMask b) {
    return from_valid_bits(a.bits_ | b.bits_);
  }
  friend constexpr CardMask operator&(CardMask a, CardMask b) {
    return from_valid_bits(a.bits_ & b.bits_);
  }
  friend constexpr CardMask operator-(CardMask a, CardMask b) {
    return from_valid_bits(a.bits_ & ~b.bits_);
  }
  constexpr CardMask& operator|=(CardMask o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr CardMask& operator&=(CardMask o) {
    bits_ &= o.bits_;
    return *this;
  }
  friend constexpr bool operator==(CardMask, CardMask) = default;

 private:
  static constexpr std::uint64_t kAll = (std::uint64_t{1} << kCardKinds) - 1;
  // Combining two masks cannot set a bit past the joker: no need to clear them again.
  static constexpr CardMask from_valid_bits(std::uint64_t bits) {
    CardMask m;
    m.bits_ = bits;
    return m;
  }
  std::uint64_t bits_ = 0;
};

}  // namespace switchcards
