// Card: notation (parse and print), properties, hashing and fmt formatting.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <string>
#include <unordered_set>
#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/core/card_format.hpp"

using namespace switchcards;

namespace {

// The message of the NotationError that parse_card throws for `text`, or a marker if none.
std::string notation_error(const std::string& text) {
  try {
    (void)parse_card(text);
  } catch (const NotationError& e) {
    return e.what();
  }
  return "<no NotationError>";
}

std::vector<Card> all_kinds() {
  std::vector<Card> cards;
  for (int s = 0; s < kSuitCount; ++s)
    for (int r = 0; r < kRankCount; ++r)
      cards.emplace_back(static_cast<Rank>(r), static_cast<Suit>(s));
  cards.push_back(Card::joker());
  return cards;
}

}  // namespace

TEST_CASE("Card is one byte and indexes densely", "[card]") {
  STATIC_REQUIRE(sizeof(Card) == 1);
  const auto cards = all_kinds();
  REQUIRE(cards.size() == kCardKinds);
  for (int i = 0; i < kCardKinds; ++i) {
    CHECK(cards[i].index() == i);
    CHECK(Card::from_index(i) == cards[i]);
  }
  CHECK(Card(Rank::ace, Suit::clubs).index() == 0);
  CHECK(Card(Rank::king, Suit::spades).index() == 51);
  CHECK(Card::joker().index() == 52);
  CHECK(Card() == Card::joker());
  CHECK(Card(Rank::joker, Suit::hearts) == Card::joker());
}

TEST_CASE("Card rank and suit come back out", "[card]") {
  for (int s = 0; s < kSuitCount; ++s)
    for (int r = 0; r < kRankCount; ++r) {
      const Card c(static_cast<Rank>(r), static_cast<Suit>(s));
      CHECK(c.rank() == static_cast<Rank>(r));
      CHECK(c.suit() == static_cast<Suit>(s));
      CHECK_FALSE(c.is_joker());
    }
  CHECK(Card::joker().is_joker());
  CHECK(Card::joker().rank() == Rank::joker);
  CHECK(Card::joker().suit() == Suit::none);
}

TEST_CASE("Notation round-trips for all 52 cards and the joker", "[card][notation]") {
  for (Card c : all_kinds()) {
    const std::string text = to_string(c);
    INFO(text);
    CHECK(parse_card(text) == c);
    CHECK(try_parse_card(text) == c);
  }
  CHECK(to_string(Card(Rank::ace, Suit::spades)) == "AS");
  CHECK(to_string(Card(Rank::ten, Suit::hearts)) == "10H");
  CHECK(to_string(Card(Rank::queen, Suit::diamonds)) == "QD");
  CHECK(to_string(Card(Rank::seven, Suit::clubs)) == "7C");
  CHECK(to_string(Card::joker()) == "JOKER");
}

TEST_CASE("Notation accepts T for ten, any case, and suit symbols", "[card][notation]") {
  const Card ten_hearts(Rank::ten, Suit::hearts);
  CHECK(parse_card("TH") == ten_hearts);
  CHECK(parse_card("th") == ten_hearts);
  CHECK(parse_card("10h") == ten_hearts);
  CHECK(parse_card("10♥") == ten_hearts);
  CHECK(parse_card("qd") == Card(Rank::queen, Suit::diamonds));
  CHECK(parse_card("as") == Card(Rank::ace, Suit::spades));
  CHECK(parse_card("Kc") == Card(Rank::king, Suit::clubs));
  CHECK(parse_card("7♣") == Card(Rank::seven, Suit::clubs));
  CHECK(parse_card("2♦") == Card(Rank::two, Suit::diamonds));
  CHECK(parse_card("J♥") == Card(Rank::jack, Suit::hearts));
  CHECK(parse_card("A♠") == Card(Rank::ace, Suit::spades));
  CHECK(parse_card("joker") == Card::joker());
  CHECK(parse_card("Joker") == Card::joker());

  CHECK(parse_suit("♣") == Suit::clubs);
  CHECK(parse_suit("Hearts") == Suit::hearts);
  CHECK(parse_suit("d") == Suit::diamonds);
  CHECK(parse_rank("t") == Rank::ten);
  CHECK(parse_rank("queen") == Rank::queen);
}

TEST_CASE("Notation rejects bad text with a NotationError naming it", "[card][notation]") {
  for (const std::string bad : {"", "1S", "11H", "AX", "JOKERS", "10", "ZZ"}) {
    INFO("text: '" << bad << "'");
    CHECK_THROWS_AS(parse_card(bad), NotationError);
    CHECK_FALSE(try_parse_card(bad).has_value());
    CHECK_THAT(notation_error(bad), Catch::Contains("'" + bad + "'"));
  }
  CHECK_THROWS_AS(parse_suit("X"), NotationError);
  CHECK_THROWS_AS(parse_rank("1"), NotationError);
  CHECK_THROWS_AS(parse_rank("11"), NotationError);
}

TEST_CASE("Colour and picture cards", "[card]") {
  for (Card c : all_kinds()) {
    INFO(to_string(c));
    switch (c.suit()) {
      case Suit::clubs:
      case Suit::spades:
        CHECK(c.colour() == Colour::black);
        break;
      case Suit::diamonds:
      case Suit::hearts:
        CHECK(c.colour() == Colour::red);
        break;
      case Suit::none:
        CHECK(c.colour() == Colour::none);
        break;
    }
    const Rank r = c.rank();
    CHECK(c.is_picture() == (r == Rank::jack || r == Rank::queen || r == Rank::king));
  }
  CHECK_FALSE(Card::joker().is_picture());
  CHECK_FALSE(Card(Rank::ace, Suit::spades).is_picture());
}

TEST_CASE("Cards order by index and hash distinctly", "[card]") {
  CHECK(Card(Rank::ace, Suit::clubs) < Card(Rank::two, Suit::clubs));
  CHECK(Card(Rank::king, Suit::clubs) < Card(Rank::ace, Suit::diamonds));
  CHECK(Card(Rank::king, Suit::spades) < Card::joker());

  std::unordered_set<Card> set;
  std::unordered_set<std::size_t> hashes;
  for (Card c : all_kinds()) {
    set.insert(c);
    hashes.insert(std::hash<Card>{}(c));
  }
  CHECK(set.size() == kCardKinds);
  CHECK(hashes.size() == kCardKinds);
  CHECK(set.count(parse_card("10H")) == 1);
}

TEST_CASE("fmt prints notation, symbols and coloured symbols", "[card][format]") {
  const Card ten_hearts(Rank::ten, Suit::hearts);
  const Card ace_spades(Rank::ace, Suit::spades);
  CHECK(fmt::format("{}", ten_hearts) == "10H");
  CHECK(fmt::format("{:s}", ten_hearts) == "10♥");
  CHECK(fmt::format("{:s}", ace_spades) == "A♠");
  CHECK(fmt::format("{:s}", Card(Rank::queen, Suit::diamonds)) == "Q♦");
  CHECK(fmt::format("{:s}", Card(Rank::seven, Suit::clubs)) == "7♣");
  CHECK(fmt::format("{}", Card::joker()) == "JOKER");
  CHECK(fmt::format("{:s}", Card::joker()) == "JOKER");

  CHECK(fmt::format("{:c}", ten_hearts) == "\x1b[31m10♥\x1b[0m");
  CHECK(fmt::format("{:c}", ace_spades) == "\x1b[1mA♠\x1b[0m");
  CHECK(fmt::format("{:c}", Card::joker()) == "\x1b[35mJOKER\x1b[0m");

  CHECK(fmt::format("{}", Suit::hearts) == "hearts");
  CHECK_THROWS_AS(fmt::format(fmt::runtime("{:x}"), ten_hearts), fmt::format_error);
}
