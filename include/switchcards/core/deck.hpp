// Deck specification: how many standard decks are shuffled together, which ranks they keep
// (all 13, or e.g. 7..A for the 32-card German deck) and how many jokers are added. Builds the
// exact multiset of cards, in a fixed order, ready to be shuffled.
#pragma once

#include <bitset>
#include <stdexcept>
#include <string>

#include "switchcards/core/card.hpp"
#include "switchcards/core/card_mask.hpp"
#include "switchcards/core/pile.hpp"

namespace switchcards {

struct DeckSpec {
  int decks = 1;
  std::bitset<kRankCount> ranks = std::bitset<kRankCount>().set();  // bit i: Rank(i) included
  int jokers = 0;

  // Not `return {decks, {}, jokers}`: the `{}` would value-initialise `ranks` to no ranks at
  // all, overriding the default member initialiser.
  static DeckSpec standard(int decks = 1, int jokers = 0) {
    DeckSpec d;
    d.decks = decks;
    d.jokers = jokers;
    return d;
  }
  // The 32-card piquet deck: 7, 8, 9, 10, J, Q, K, A.
  static DeckSpec piquet(int decks = 1) {
    DeckSpec d;
    d.decks = decks;
    d.ranks.reset();
    for (Rank r : {Rank::seven, Rank::eight, Rank::nine, Rank::ten, Rank::jack, Rank::queen,
                   Rank::king, Rank::ace})
      d.ranks.set(static_cast<int>(r));
    return d;
  }

  // Not constexpr: std::bitset::count() is constexpr only from C++23.
  int size() const { return decks * static_cast<int>(ranks.count()) * kSuitCount + jokers; }
  // The card kinds that exist in this deck.
  CardMask kinds() const {
    CardMask m;
    for (int r = 0; r < kRankCount; ++r)
      if (ranks.test(r)) m |= CardMask::of_rank(static_cast<Rank>(r));
    if (jokers > 0) m.insert(Card::joker());
    return m;
  }
  // How many copies of `c` the deck holds.
  int copies(Card c) const {
    if (c.is_joker()) return jokers;
    return ranks.test(static_cast<int>(c.rank())) ? decks : 0;
  }

  friend bool operator==(const DeckSpec&, const DeckSpec&) = default;
};

// Every card of the spec, deck by deck, suit by suit, rank by rank, then the jokers.
inline Pile build_deck(const DeckSpec& spec) {
  if (spec.decks < 0 || spec.jokers < 0 || spec.size() > kMaxCards)
    throw std::length_error("deck of " + std::to_string(spec.size()) + " cards: at most " +
                            std::to_string(kMaxCards) + " are supported");
  Pile pile;
  for (int d = 0; d < spec.decks; ++d)
    for (int s = 0; s < kSuitCount; ++s)
      for (int r = 0; r < kRankCount; ++r)
        if (spec.ranks.test(r)) pile.push(Card(static_cast<Rank>(r), static_cast<Suit>(s)));
  for (int j = 0; j < spec.jokers; ++j) pile.push(Card::joker());
  return pile;
}

}  // namespace switchcards
