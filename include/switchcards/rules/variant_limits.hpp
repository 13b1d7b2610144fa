// The bounds of a variant's numbers and the form of its names, defined once: the loader
// (src/io) refuses a file outside them, check_variant (engine/check_variant.hpp) a Variant built
// in code, and the engine sizes its counters from them (engine/state.hpp).
#pragma once

#include <cstddef>
#include <string_view>

#include "switchcards/core/pile.hpp"
#include "switchcards/core/seats.hpp"

namespace switchcards {

inline constexpr int kMinPlayers = 2;  // players.min and players.max, up to kMaxSeats
inline constexpr int kMaxDecks = 3;    // deck.decks
inline constexpr int kMaxJokers = 4;   // deck.jokers
// deal.hand_size is 1 to kMaxCards, draw.limit 0 to kMaxCards, a special's skip 0 to
// kMaxSeats - 1.
// Cards drawn at once: draw.cards, a special's draw, last_card.penalty and final_call,
// identical.others_draw, round.no_finish.draw.
inline constexpr int kMaxEffectDraw = 100;
inline constexpr int kMaxEffectCap = 1000;         // a special's cap
inline constexpr int kMaxTurnLimit = 1'000'000;    // round.turn_limit (from 1)
inline constexpr int kMaxCardPoints = 1000;        // scoring.values
inline constexpr double kMaxScoreFactor = 1000.0;  // scoring.multipliers, pair_factor (> 0)
inline constexpr int kMaxMatchPoints = 1'000'000;  // match.limit (from 1), match.hard_limit
inline constexpr int kMaxFixedRounds = 1000;       // match.rounds (from 1)
inline constexpr std::size_t kMaxNameLength = 64;  // name, a special's name (from 1)
inline constexpr std::size_t kMaxCallLength = 32;  // last_card.call_name, final_call_name (bytes)

// Whether `name` is a variant name: 1 to kMaxNameLength characters a-z, 0-9 and '-'.
constexpr bool is_variant_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxNameLength) return false;
  for (const char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

// "" if `words` may be the words of the last-card call (last_card.call_name, final_call_name),
// else why not: they are said inside a line of text, so 1 to kMaxCallLength bytes (UTF-8), not
// only spaces (a Unicode space counts as one), with no control character (C0, DEL, C1, or a
// line or paragraph separator) and no double quote, which quotes them.
constexpr std::string_view call_name_problem(std::string_view words) {
  static_assert(kMaxCallLength == 32, "the message below names the length");
  if (words.empty() || words.size() > kMaxCallLength)
    return "the words of a call are 1 to 32 bytes long";
  // The UTF-8 of the spaces that print blank, and of the separators that end a line.
  constexpr std::string_view kSpaces[] = {" ",      "\u00a0", "\u1680", "\u2000", "\u2001",
                                          "\u2002", "\u2003", "\u2004", "\u2005", "\u2006",
                                          "\u2007", "\u2008", "\u2009", "\u200a", "\u200b",
                                          "\u202f", "\u205f", "\u3000", "\ufeff"};
  constexpr std::string_view kSeparators[] = {"\u2028", "\u2029"};
  bool blank = true;
  for (std::size_t i = 0; i < words.size();) {
    const std::string_view rest = words.substr(i);
    const auto byte = static_cast<unsigned char>(words[i]);
    // C0 and DEL, C1 (U+0080..U+009F: C2 80..C2 9F), the separators.
    const bool c1 = byte == 0xc2 && rest.size() > 1 &&
                    static_cast<unsigned char>(rest[1]) >= 0x80 &&
                    static_cast<unsigned char>(rest[1]) <= 0x9f;
    bool separator = false;
    for (const std::string_view s : kSeparators) separator = separator || rest.starts_with(s);
    if (byte < 0x20 || byte == 0x7f || c1 || separator)
      return "the words of a call hold no control character";
    if (words[i] == '"') return "the words of a call hold no double quote (\")";
    std::size_t space = 0;
    for (const std::string_view s : kSpaces)
      if (rest.starts_with(s)) space = s.size();
    if (space == 0) blank = false;
    i += space > 0 ? space : 1;
  }
  if (blank) return "the words of a call are not only spaces";
  return {};
}

}  // namespace switchcards
