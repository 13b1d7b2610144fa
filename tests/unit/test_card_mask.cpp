// CardMask: sets of card kinds built from ranks, suits and colours, and their iteration.
#include <catch2/catch.hpp>

#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/core/card_mask.hpp"

using namespace switchcards;

TEST_CASE("CardMask selectors hold the right kinds", "[card_mask]") {
  CHECK(CardMask::all().size() == kCardKinds);
  CHECK(CardMask().empty());
  for (int r = 0; r < kRankCount; ++r) {
    const CardMask m = CardMask::of_rank(static_cast<Rank>(r));
    CHECK(m.size() == 4);
    for (int s = 0; s < kSuitCount; ++s)
      CHECK(m.contains(Card(static_cast<Rank>(r), static_cast<Suit>(s))));
  }
  for (int s = 0; s < kSuitCount; ++s) {
    const CardMask m = CardMask::of_suit(static_cast<Suit>(s));
    CHECK(m.size() == kRankCount);
    for (int r = 0; r < kRankCount; ++r)
      CHECK(m.contains(Card(static_cast<Rank>(r), static_cast<Suit>(s))));
  }
  CHECK(CardMask::of_rank(Rank::joker) == CardMask::of(Card::joker()));
  CHECK(CardMask::of_suit(Suit::none) == CardMask::of(Card::joker()));
  CHECK(CardMask::of_colour(Colour::red).size() == 26);
  CHECK(CardMask::of_colour(Colour::black).size() == 26);
  CHECK((CardMask::of_colour(Colour::red) & CardMask::of_colour(Colour::black)).empty());
  CHECK((CardMask::of_colour(Colour::red) | CardMask::of_colour(Colour::black) |
         CardMask::of(Card::joker())) == CardMask::all());

  const CardMask black_jacks = CardMask::of_rank(Rank::jack) & CardMask::of_colour(Colour::black);
  CHECK(black_jacks.size() == 2);
  CHECK(black_jacks.contains(parse_card("JC")));
  CHECK(black_jacks.contains(parse_card("JS")));
  CHECK((CardMask::of_rank(Rank::jack) - black_jacks).contains(parse_card("JH")));
}

TEST_CASE("CardMask iterates in index order", "[card_mask]") {
  CardMask m;
  for (const char* text : {"KS", "AC", "JOKER", "10H"}) m.insert(parse_card(text));
  std::vector<Card> seen;
  for (CardMask it = m; !it.empty();) seen.push_back(it.pop_first());
  CHECK(seen ==
        std::vector<Card>{parse_card("AC"), parse_card("10H"), parse_card("KS"), Card::joker()});
  m.erase(parse_card("AC"));
  CHECK(m.first() == parse_card("10H"));
  CHECK(m.size() == 3);
}
