// DeckSpec and build_deck: sizes and the exact multiset of cards.
#include <catch2/catch.hpp>

#include <array>
#include <stdexcept>

#include "switchcards/core/card.hpp"
#include "switchcards/core/deck.hpp"

using namespace switchcards;

namespace {

std::array<int, kCardKinds> counts_of(const Pile& pile) {
  std::array<int, kCardKinds> counts{};
  for (Card c : pile.cards()) ++counts[c.index()];
  return counts;
}

// The built pile holds exactly spec.copies(c) of every kind c, and spec.size() cards.
void check_contents(const DeckSpec& spec) {
  const Pile pile = build_deck(spec);
  CHECK(pile.size() == spec.size());
  const auto counts = counts_of(pile);
  for (int i = 0; i < kCardKinds; ++i) {
    const Card c = Card::from_index(i);
    INFO(to_string(c));
    CHECK(counts[i] == spec.copies(c));
    CHECK(spec.kinds().contains(c) == (spec.copies(c) > 0));
  }
}

}  // namespace

TEST_CASE("Standard deck: 52 cards, one of each", "[deck]") {
  const DeckSpec spec = DeckSpec::standard();
  CHECK(spec.size() == 52);
  CHECK(spec.kinds() == CardMask::all() - CardMask::of(Card::joker()));
  for (int i = 0; i < 52; ++i) CHECK(spec.copies(Card::from_index(i)) == 1);
  CHECK(spec.copies(Card::joker()) == 0);
  check_contents(spec);
  // Fixed order: deck by deck, suit by suit, rank by rank.
  const Pile pile = build_deck(spec);
  for (int i = 0; i < 52; ++i) CHECK(pile[i] == Card::from_index(i));
}

TEST_CASE("Two decks: 104 cards, two of each", "[deck]") {
  const DeckSpec spec = DeckSpec::standard(2);
  CHECK(spec.size() == 104);
  for (int i = 0; i < 52; ++i) CHECK(spec.copies(Card::from_index(i)) == 2);
  check_contents(spec);
}

TEST_CASE("Piquet deck: 32 cards, 7 to ace", "[deck]") {
  const DeckSpec spec = DeckSpec::piquet();
  CHECK(spec.size() == 32);
  for (Rank r : {Rank::two, Rank::three, Rank::four, Rank::five, Rank::six})
    CHECK(spec.copies(Card(r, Suit::hearts)) == 0);
  for (Rank r : {Rank::seven, Rank::eight, Rank::nine, Rank::ten, Rank::jack, Rank::queen,
                 Rank::king, Rank::ace})
    CHECK(spec.copies(Card(r, Suit::spades)) == 1);
  CHECK(spec.kinds().size() == 32);
  check_contents(spec);
  check_contents(DeckSpec::piquet(2));
  CHECK(DeckSpec::piquet(2).size() == 64);
}

TEST_CASE("Standard deck with two jokers: 54 cards", "[deck]") {
  const DeckSpec spec = DeckSpec::standard(1, 2);
  CHECK(spec.size() == 54);
  CHECK(spec.copies(Card::joker()) == 2);
  CHECK(spec.kinds() == CardMask::all());
  check_contents(spec);
  const Pile pile = build_deck(spec);
  CHECK(pile[52] == Card::joker());
  CHECK(pile[53] == Card::joker());
}

TEST_CASE("Deck size limits", "[deck]") {
  CHECK(build_deck(DeckSpec::standard(3, 4)).size() == kMaxCards);
  CHECK_THROWS_AS(build_deck(DeckSpec::standard(4)), std::length_error);
  CHECK_THROWS_AS(build_deck(DeckSpec::standard(3, 5)), std::length_error);
  CHECK(build_deck(DeckSpec::standard(0)).empty());
  CHECK(DeckSpec::standard() == DeckSpec{});
  CHECK_FALSE(DeckSpec::standard() == DeckSpec::piquet());
}
