// Card: a playing card of the standard French-suited deck, or a joker, in one byte.
// Knows nothing of any game: ranks, suits, colours, pictures, and the text notation
// (`AS`, `10H`, `TH`, `qd`, `7♣`, `JOKER`) used by variant files, scenarios and logs.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace switchcards {

enum class Suit : std::uint8_t { clubs = 0, diamonds = 1, hearts = 2, spades = 3, none = 4 };
enum class Rank : std::uint8_t {
  ace = 0,
  two,
  three,
  four,
  five,
  six,
  seven,
  eight,
  nine,
  ten,
  jack,
  queen,
  king,
  joker  // jokers have this rank and Suit::none
};
enum class Colour : std::uint8_t { black, red, none };

// No rank (a rank named where none is): the joker's, which no suited card has.
inline constexpr Rank kNoRank = Rank::joker;

inline constexpr int kSuitCount = 4;
inline constexpr int kRankCount = 13;  // ranks of suited cards; jokers are apart
inline constexpr int kCardKinds = 53;  // 52 suited cards + the joker

// Thrown for text that does not name a card (or suit, or rank). The message names the text.
class NotationError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class Card {
 public:
  // The default card is the joker only so that arrays of cards can exist; parsing never
  // produces a default card for bad text (it throws).
  constexpr Card() = default;
  constexpr Card(Rank rank, Suit suit)
      : index_(rank == Rank::joker ? kJokerIndex
                                   : static_cast<std::uint8_t>(static_cast<int>(suit) * kRankCount +
                                                               static_cast<int>(rank))) {}
  static constexpr Card joker() { return Card{}; }
  // Dense index 0..52: suit * 13 + rank for suited cards, 52 for the joker. Used to index
  // per-card tables and bit masks. The index is taken on trust, as this is on every hot path:
  // a Card of any other index is no card. Where cards come from a caller, the entry point
  // checks them (Engine::position, ObservationLayout::write, hand_problem, the JSON readers);
  // Hand and score_hand take them as given.
  static constexpr Card from_index(int index) {
    Card c;
    c.index_ = static_cast<std::uint8_t>(index);
    return c;
  }
  constexpr int index() const { return index_; }

  constexpr bool is_joker() const { return index_ == kJokerIndex; }
  constexpr Rank rank() const {
    return is_joker() ? Rank::joker : static_cast<Rank>(index_ % kRankCount);
  }
  constexpr Suit suit() const {
    return is_joker() ? Suit::none : static_cast<Suit>(index_ / kRankCount);
  }
  constexpr Colour colour() const {
    switch (suit()) {
      case Suit::clubs:
      case Suit::spades:
        return Colour::black;
      case Suit::diamonds:
      case Suit::hearts:
        return Colour::red;
      default:
        return Colour::none;
    }
  }
  // Picture (court) cards: J, Q, K.
  constexpr bool is_picture() const {
    const Rank r = rank();
    return r == Rank::jack || r == Rank::queen || r == Rank::king;
  }

  friend constexpr bool operator==(Card, Card) = default;
  friend constexpr auto operator<=>(Card, Card) = default;

 private:
  static constexpr std::uint8_t kJokerIndex = 52;
  std::uint8_t index_ = kJokerIndex;
};
static_assert(sizeof(Card) == 1);

// ---- notation ---------------------------------------------------------------------------

constexpr std::string_view rank_symbol(Rank r) {
  constexpr std::array<std::string_view, 14> kSymbols = {"A", "2", "3",  "4", "5", "6", "7",
                                                         "8", "9", "10", "J", "Q", "K", "JOKER"};
  return kSymbols[static_cast<int>(r)];
}
constexpr char suit_letter(Suit s) {
  constexpr std::array<char, 5> kLetters = {'C', 'D', 'H', 'S', '?'};
  return kLetters[static_cast<int>(s)];
}
constexpr std::string_view suit_name(Suit s) {
  constexpr std::array<std::string_view, 5> kNames = {"clubs", "diamonds", "hearts", "spades",
                                                      "none"};
  return kNames[static_cast<int>(s)];
}
constexpr std::string_view suit_glyph(Suit s) {
  constexpr std::array<std::string_view, 5> kGlyphs = {"♣", "♦", "♥", "♠", "?"};
  return kGlyphs[static_cast<int>(s)];
}

namespace detail {
constexpr char ascii_upper(char c) {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
}
constexpr bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_upper(a[i]) != ascii_upper(b[i])) return false;
  return true;
}
}  // namespace detail

namespace detail {
// The ranks that have a word as well as a letter; the selector grammar suggests these words.
struct RankWord {
  std::string_view word;
  Rank rank;
};
inline constexpr std::array<RankWord, 4> kRankWords = {
    {{"ace", Rank::ace}, {"jack", Rank::jack}, {"queen", Rank::queen}, {"king", Rank::king}}};

// The forms of each suit, by Suit: letter, word, singular word, symbol, white symbol.
inline constexpr std::array<std::array<std::string_view, 5>, 4> kSuitForms = {{
    {"C", "clubs", "club", "♣", "♧"},
    {"D", "diamonds", "diamond", "♦", "♢"},
    {"H", "hearts", "heart", "♥", "♡"},
    {"S", "spades", "spade", "♠", "♤"},
}};
}  // namespace detail

// Rank text: A, 2..10, T (ten), J, Q, K, case-insensitive. Also the words ace, jack, queen, king.
constexpr std::optional<Rank> try_parse_rank(std::string_view s) {
  using detail::iequals;
  if (iequals(s, "A")) return Rank::ace;
  if (iequals(s, "J")) return Rank::jack;
  if (iequals(s, "Q")) return Rank::queen;
  if (iequals(s, "K")) return Rank::king;
  if (iequals(s, "T") || s == "10") return Rank::ten;
  for (const detail::RankWord& w : detail::kRankWords)
    if (iequals(s, w.word)) return w.rank;
  if (s.size() == 1 && s[0] >= '2' && s[0] <= '9') return static_cast<Rank>(s[0] - '1');
  return std::nullopt;
}

// Suit text: a letter C D H S, a word (clubs, diamonds, hearts, spades, singular too), or a
// symbol ♣ ♦ ♥ ♠ (also the white variants ♧ ♢ ♡ ♤), case-insensitive.
constexpr std::optional<Suit> try_parse_suit(std::string_view s) {
  using detail::iequals;
  for (int suit = 0; suit < kSuitCount; ++suit)
    for (std::string_view form : detail::kSuitForms[suit])
      if (iequals(s, form)) return static_cast<Suit>(suit);
  return std::nullopt;
}

// Card text: rank then suit (`AS`, `10H`, `TH`, `qd`, `7♣`), or `JOKER` (any case).
constexpr std::optional<Card> try_parse_card(std::string_view s) {
  if (detail::iequals(s, "JOKER")) return Card::joker();
  // The rank is 1 character, or 2 for "10"; the rest is the suit.
  for (std::size_t rank_len : {std::size_t{2}, std::size_t{1}}) {
    if (s.size() <= rank_len) continue;
    auto rank = try_parse_rank(s.substr(0, rank_len));
    auto suit = try_parse_suit(s.substr(rank_len));
    if (rank && suit) return Card(*rank, *suit);
  }
  return std::nullopt;
}

inline Card parse_card(std::string_view s) {
  if (auto c = try_parse_card(s)) return *c;
  throw NotationError("'" + std::string(s) +
                      "' is not a card (expected rank A 2..10 T J Q K then suit C D H S or "
                      "♣ ♦ ♥ ♠, e.g. AS, 10H, qd; or JOKER)");
}
inline Suit parse_suit(std::string_view s) {
  if (auto suit = try_parse_suit(s)) return *suit;
  throw NotationError("'" + std::string(s) +
                      "' is not a suit (expected clubs, diamonds, hearts or spades)");
}
inline Rank parse_rank(std::string_view s) {
  if (auto r = try_parse_rank(s)) return *r;
  throw NotationError("'" + std::string(s) + "' is not a rank (expected A, 2..10, J, Q or K)");
}

// Canonical text: `AS`, `10H`, `QD`, `JOKER`.
inline std::string to_string(Card c) {
  if (c.is_joker()) return "JOKER";
  std::string out(rank_symbol(c.rank()));
  out += suit_letter(c.suit());
  return out;
}

}  // namespace switchcards

template <>
struct std::hash<switchcards::Card> {
  std::size_t operator()(switchcards::Card c) const noexcept {
    return static_cast<std::size_t>(c.index());
  }
};
