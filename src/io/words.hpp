// English text for the library's readers (describe, event lines, the terminal player): counts
// ("1 card", "3 cards"), articles ("an 8") and paragraphs wrapped to a width.
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace switchcards::detail {

inline std::string plural(long long n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

// "an 8 or black J", "a J, Q or K": words that name cards, read as one card. Words that carry
// their own ("a special card (2, 8)") are kept.
inline std::string with_article(std::string_view words) {
  if (words.starts_with("a ") || words.starts_with("an ")) return std::string(words);
  const bool vowel_sound = words.starts_with('8') || words.starts_with('A') ||
                           words.starts_with("11") || words.starts_with("18");
  return (vowel_sound ? "an " : "a ") + std::string(words);
}

// What taking a pending penalty costs the player who takes it, in two parts around "unless
// answered": `cost` ("draw 2", "miss 2 turns", "draw 4 and miss a turn") and `after`, what it
// does to the players after the taker (", and the player after you is skipped too"; empty if
// nothing). A stacked skip costs the taker that many turns only under the special's `waits`;
// else the taker misses one and the skips after it pass over the players after it. `taker`
// names the taker as an object ("you", "seat 2"). `players`, if known (else 0): skips that go
// round the table past the taker are turns, not that many players ("the next 3 turns after
// seat 1's"). The play-by-play, the position's description and the terminal player say it in
// these words.
struct PenaltyCost {
  std::string cost;
  std::string after;
};
inline PenaltyCost penalty_cost(int draw, int skip, bool waits, std::string_view taker,
                                int players = 0) {
  PenaltyCost p;
  if (draw > 0) p.cost = fmt::format("draw {}", draw);
  if (skip > 0) {
    p.cost += p.cost.empty() ? "miss " : " and miss ";
    p.cost += waits && skip > 1 ? plural(skip, "turn") : std::string("a turn");
  }
  if (skip > 1 && !waits && players > 0 && skip > players)
    p.after =
        fmt::format(", and the next {} turns after {} are skipped too, round the table", skip - 1,
                    taker == "you" ? std::string("yours") : fmt::format("{}'s", taker));
  else if (skip > 1 && !waits)
    p.after = skip == 2
                  ? fmt::format(", and the player after {} is skipped too", taker)
                  : fmt::format(", and the {} players after {} are skipped too", skip - 1, taker);
  return p;
}

// A rank named round the table (a special's names_rank) as a clause: "each player in turn,
// seat 0 last, must play a 7 or a J, or draw". `answers`: the special's demand in words ("J",
// "J, Q or K"; empty if it has none), `namer`: the seat that named it as an object ("you",
// "seat 0").
inline std::string named_rank_words(std::string_view rank, std::string_view answers,
                                    std::string_view namer) {
  const std::string card = with_article(rank);
  if (answers.empty())
    return fmt::format("each player in turn, {} last, must play {} or draw", namer, card);
  return fmt::format("each player in turn, {} last, must play {} or {}, or draw", namer, card,
                     with_article(answers));
}

// The columns UTF-8 text without escape sequences takes on a terminal: its code points ("♣" is
// three bytes and one column).
inline std::size_t text_width(std::string_view s) {
  std::size_t n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// `text`'s words (split at spaces and line ends) filled into lines of at most `width` columns,
// each ending in '\n': the first line begins with `first_indent`, the others with `indent` (a
// list item's hanging indent). A word wider than a line stands on a line of its own. No words,
// no lines.
inline std::string fill(std::string_view text, std::size_t width, std::string_view indent = "",
                        std::string_view first_indent = "") {
  std::string out, line(first_indent);
  std::size_t used = text_width(first_indent);
  bool empty = true;  // no word on `line` yet
  const auto is_space = [](char c) { return c == ' ' || c == '\n'; };
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && is_space(text[i])) ++i;
    std::size_t j = i;
    while (j < text.size() && !is_space(text[j])) ++j;
    if (j == i) break;
    const std::string_view word = text.substr(i, j - i);
    const std::size_t columns = text_width(word);
    if (!empty && used + 1 + columns > width) {
      out += line + "\n";
      line = indent;
      used = text_width(indent);
      empty = true;
    }
    if (!empty) {
      line += ' ';
      ++used;
    }
    line += word;
    used += columns;
    empty = false;
    i = j;
  }
  if (!empty) out += line + "\n";
  return out;
}

}  // namespace switchcards::detail
