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
// only spaces, with no control character (a newline or a tab) and no double quote, which
// quotes them.
constexpr std::string_view call_name_problem(std::string_view words) {
  static_assert(kMaxCallLength == 32, "the message below names the length");
  if (words.empty() || words.size() > kMaxCallLength)
    return "the words of a call are 1 to 32 bytes long";
  bool blank = true;
  for (const char c : words) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) return "the words of a call hold no control character";
    if (c == '"') return "the words of a call hold no double quote (\")";
    if (c != ' ') blank = false;
  }
  if (blank) return "the words of a call are not only spaces";
  return {};
}

}  // namespace switchcards
