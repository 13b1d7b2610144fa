// Hand: counts per kind with duplicates, the mask of kinds, and iteration.
#include <catch2/catch.hpp>

#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/core/card_mask.hpp"
#include "switchcards/core/hand.hpp"

using namespace switchcards;

TEST_CASE("An empty hand", "[hand]") {
  Hand h;
  CHECK(h.empty());
  CHECK(h.size() == 0);
  CHECK(h.kinds().empty());
  CHECK(cards_of(h).empty());
  CHECK(h.count(Card::joker()) == 0);
}

TEST_CASE("Hand counts duplicates from two decks", "[hand]") {
  const Card ace = parse_card("AS");
  Hand h;
  h.add(ace);
  h.add(ace);
  CHECK(h.size() == 2);
  CHECK(h.count(ace) == 2);
  CHECK(h.contains(ace));
  CHECK(h.kinds() == CardMask::of(ace));
  CHECK(h.kinds().size() == 1);

  h.remove(ace);
  CHECK(h.size() == 1);
  CHECK(h.count(ace) == 1);
  CHECK(h.contains(ace));

  h.remove(ace);
  CHECK(h.empty());
  CHECK_FALSE(h.contains(ace));
  CHECK(h.kinds().empty());
}

TEST_CASE("Hand kinds intersect with a selector mask", "[hand]") {
  Hand h;
  for (const char* text : {"JC", "JH", "7D", "7D", "KS", "JOKER"}) h.add(parse_card(text));
  CHECK(h.size() == 6);
  CHECK(h.kinds().size() == 5);

  const CardMask jacks = h.kinds() & CardMask::of_rank(Rank::jack);
  CHECK(jacks == (CardMask::of(parse_card("JC")) | CardMask::of(parse_card("JH"))));
  const CardMask red = h.kinds() & CardMask::of_colour(Colour::red);
  CHECK(red.size() == 2);  // JH and 7D (7D twice, one kind)
  CHECK((h.kinds() & CardMask::of_suit(Suit::clubs)).size() == 1);
  CHECK(h.kinds().contains(Card::joker()));
}

TEST_CASE("for_each visits every card, duplicates repeated, in index order", "[hand]") {
  Hand h;
  for (const char* text : {"KS", "2C", "JOKER", "2C", "10H", "KS", "KS"}) h.add(parse_card(text));
  const std::vector<Card> expected = {parse_card("2C"), parse_card("2C"), parse_card("10H"),
                                      parse_card("KS"), parse_card("KS"), parse_card("KS"),
                                      Card::joker()};
  CHECK(cards_of(h) == expected);
  CHECK(static_cast<int>(cards_of(h).size()) == h.size());
}

TEST_CASE("Hands compare by contents, not by order of arrival", "[hand]") {
  Hand a, b;
  for (const char* text : {"AS", "3D", "AS"}) a.add(parse_card(text));
  for (const char* text : {"3D", "AS", "AS"}) b.add(parse_card(text));
  CHECK(a == b);
  b.remove(parse_card("AS"));
  CHECK_FALSE(a == b);
  a.clear();
  CHECK(a == Hand{});
}
