// Pile: stack operations and taking back all but the top card for a reshuffle.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/core/deck.hpp"
#include "switchcards/core/pile.hpp"
#include "switchcards/core/rng.hpp"

using namespace switchcards;

namespace {

std::vector<Card> sorted_cards(const Pile& a, const Pile& b) {
  std::vector<Card> all(a.cards().begin(), a.cards().end());
  all.insert(all.end(), b.cards().begin(), b.cards().end());
  std::sort(all.begin(), all.end());
  return all;
}

}  // namespace

TEST_CASE("Pile push, top and pop", "[pile]") {
  Pile p;
  CHECK(p.empty());
  CHECK(p.size() == 0);
  CHECK(Pile::capacity() == kMaxCards);
  p.push(parse_card("AS"));
  p.push(parse_card("10H"));
  p.push(parse_card("QD"));
  CHECK(p.size() == 3);
  CHECK(p.top() == parse_card("QD"));
  CHECK(p[0] == parse_card("AS"));  // bottom first
  CHECK(p.cards().size() == 3);
  CHECK(p.cards().back() == p.top());
  CHECK(p.pop() == parse_card("QD"));
  CHECK(p.pop() == parse_card("10H"));
  CHECK(p.top() == parse_card("AS"));
  CHECK(p.size() == 1);
  p.clear();
  CHECK(p.empty());

  FixedPile<4> small;
  for (const char* text : {"2C", "3C", "4C", "5C"}) small.push(parse_card(text));
  CHECK(small.size() == FixedPile<4>::capacity());
}

TEST_CASE("Pile equality compares the cards in order", "[pile]") {
  Pile a, b;
  a.push(parse_card("AS"));
  a.push(parse_card("KH"));
  b.push(parse_card("KH"));
  b.push(parse_card("AS"));
  CHECK_FALSE(a == b);
  b.clear();
  b.push(parse_card("AS"));
  b.push(parse_card("KH"));
  CHECK(a == b);
  b.pop();
  CHECK_FALSE(a == b);
}

TEST_CASE("take_all_but_top keeps every card and the top", "[pile]") {
  Pcg32 rng(5);
  for (int discard_size : {0, 1, 2, 7, 52}) {
    for (int stock_size : {0, 3}) {
      INFO("discard " << discard_size << ", stock " << stock_size);
      Pile deck = build_deck(DeckSpec::standard(2));
      shuffle(deck.cards(), rng);
      Pile discard, stock;
      for (int i = 0; i < discard_size; ++i) discard.push(deck.pop());
      for (int i = 0; i < stock_size; ++i) stock.push(deck.pop());
      const Pile discard_before = discard;
      const Pile stock_before = stock;
      const auto all_before = sorted_cards(discard, stock);

      const int moved = discard.take_all_but_top(stock);

      CHECK(sorted_cards(discard, stock) == all_before);
      if (discard_size == 0) {
        CHECK(moved == 0);
        CHECK(discard.empty());
        CHECK(stock == stock_before);
        continue;
      }
      CHECK(moved == discard_size - 1);
      CHECK(discard.size() == 1);
      CHECK(discard.top() == discard_before.top());
      CHECK(stock.size() == stock_size + moved);
      // The stock's own cards stay underneath; the discards follow, bottom first.
      for (int i = 0; i < stock_size; ++i) CHECK(stock[i] == stock_before[i]);
      for (int i = 0; i < moved; ++i) CHECK(stock[stock_size + i] == discard_before[i]);
    }
  }
}

TEST_CASE("take_all_but_top works across capacities", "[pile]") {
  FixedPile<8> discard;
  for (const char* text : {"2C", "3D", "4H", "5S"}) discard.push(parse_card(text));
  Pile stock;
  CHECK(discard.take_all_but_top(stock) == 3);
  CHECK(discard.size() == 1);
  CHECK(discard.top() == parse_card("5S"));
  CHECK(stock.size() == 3);
  CHECK(stock.top() == parse_card("4H"));
}

TEST_CASE("take_all_but_top can keep more than the top, in order", "[pile]") {
  // A turn of several cards keeps the cards it laid on the table through a reshuffle.
  Pile discard;
  for (const char* text : {"2C", "3D", "4H", "5S", "6S"}) discard.push(parse_card(text));
  Pile stock;
  CHECK(discard.take_all_but_top(stock, 3) == 2);
  REQUIRE(discard.size() == 3);
  CHECK(discard.cards()[0] == parse_card("4H"));
  CHECK(discard.cards()[1] == parse_card("5S"));
  CHECK(discard.top() == parse_card("6S"));
  CHECK(stock.size() == 2);
  CHECK(stock.top() == parse_card("3D"));
  CHECK(discard.take_all_but_top(stock, 3) == 0);  // nothing below the kept cards
  CHECK(discard.size() == 3);
}
