// Selectors: the text that names a set of card kinds in variant files and scenarios ("black J",
// "hearts", "10H", "[2, A]"), parsed to a CardMask. Pure text, no YAML: the variant loader
// turns a NotationError into a LoadError with the file position, other code calls it directly.
//
// Grammar (docs/variant-format.md, "Selectors"): a selector string is tokens separated by
// spaces; each token is a set and the sets are intersected. A token is
//   a rank    A 2..10 T J Q K, or ace jack queen king (any case);
//   a suit    clubs diamonds hearts spades, singular, letters C D H S, symbols ♣ ♦ ♥ ♠;
//   a colour  red, black;
//   a card    core notation: JS, 10H, qd, 7♣;
//   joker     (or JOKER: the joker kind);
//   picture   the court cards J, Q and K;
//   any       every kind;
// and, where the caller names them (a variant file's round.no_finish.cards), words for sets
// the variant defines: `special` (every card with an entry in specials:) and `wild`.
// A list of selector strings is the union of its items.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/core/card_mask.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

namespace detail {
// The grammar's words for sets that are not a rank, suit or card.
struct SetWord {
  std::string_view word;
  CardMask cards;
};
inline constexpr std::array<SetWord, 5> kSetWords = {{
    {"any", CardMask::all()},
    {"red", CardMask::of_colour(Colour::red)},
    {"black", CardMask::of_colour(Colour::black)},
    {"joker", CardMask::of(Card::joker())},
    {"picture", CardMask::of_rank(Rank::jack) | CardMask::of_rank(Rank::queen) |
                    CardMask::of_rank(Rank::king)},
}};
}  // namespace detail

// The set one token names; nullopt if the token is not a rank, suit, colour, card, joker or any.
constexpr std::optional<CardMask> try_parse_selector_token(std::string_view token) {
  for (const detail::SetWord& w : detail::kSetWords)
    if (detail::iequals(token, w.word)) return w.cards;
  if (auto rank = try_parse_rank(token)) return CardMask::of_rank(*rank);
  if (auto suit = try_parse_suit(token)) return CardMask::of_suit(*suit);
  if (auto card = try_parse_card(token)) return CardMask::of(*card);
  return std::nullopt;
}

// Every word of the grammar (any, red, picture, ace, hearts, heart...), for suggesting one
// close to a misspelt token.
inline std::vector<std::string_view> selector_words() {
  std::vector<std::string_view> words;
  for (const detail::SetWord& w : detail::kSetWords) words.push_back(w.word);
  for (const detail::RankWord& w : detail::kRankWords) words.push_back(w.word);
  for (const auto& forms : detail::kSuitForms) words.insert(words.end(), {forms[1], forms[2]});
  return words;
}

// A word for a set of cards that only the caller knows (`special`: the variant's specials).
struct SelectorWord {
  std::string_view word;
  CardMask cards;
};

// Parses one selector string. The result may be empty ("hearts joker"): whether that is an
// error depends on the deck, which the caller knows. `words` adds tokens of the caller's.
// Throws NotationError naming the text.
inline Selector parse_selector(std::string_view text, std::span<const SelectorWord> words = {}) {
  constexpr std::string_view kSpace = " \t";
  const std::string whole(text);
  if (text.find(',') != std::string_view::npos)
    throw NotationError("selector '" + whole +
                        "' contains a comma: write a union as a list, e.g. [black J, red Q]");
  CardMask cards = CardMask::all();
  int tokens = 0;
  std::size_t pos = text.find_first_not_of(kSpace);
  while (pos != std::string_view::npos) {
    const std::size_t end = std::min(text.find_first_of(kSpace, pos), text.size());
    const std::string_view token = text.substr(pos, end - pos);
    auto set = try_parse_selector_token(token);
    std::string extra;
    for (const SelectorWord& w : words) {
      if (detail::iequals(token, w.word)) set = w.cards;
      extra += ", " + std::string(w.word);
    }
    if (!set)
      throw NotationError("'" + std::string(token) + "' in selector '" + whole +
                          "' is not a rank (A, 2..10, J, Q, K; T for 10; ace, jack, queen, "
                          "king), suit (clubs, diamonds, hearts, spades, or singular; C, D, H, "
                          "S; ♣, ♦, ♥, ♠), colour (red, black), card (JS, 10H, 7♣), joker, "
                          "picture" +
                          extra + " or any");
    cards &= *set;
    ++tokens;
    pos = text.find_first_not_of(kSpace, end);
  }
  if (tokens == 0) throw NotationError("empty selector: name a rank, suit, colour, card or any");
  return Selector{cards, whole};
}

// The union of several selectors; its text is the list form "[2, A]" (or the single item's
// text for a list of one).
inline Selector selector_union(std::span<const Selector> parts) {
  if (parts.size() == 1) return parts.front();
  Selector out;
  out.text = "[";
  for (const Selector& part : parts) {
    out.cards |= part.cards;
    if (out.text.size() > 1) out.text += ", ";
    out.text += part.text;
  }
  out.text += "]";
  return out;
}

// Parses each string and returns their union. Throws NotationError for a bad item.
inline Selector parse_selector_list(std::span<const std::string> items) {
  std::vector<Selector> parts;
  parts.reserve(items.size());
  for (const std::string& item : items) parts.push_back(parse_selector(item));
  return selector_union(parts);
}

}  // namespace switchcards
