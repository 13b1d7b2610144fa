// Events as English sentences, for logs, the terminal player and the demo: "Seat 2 plays 7♥",
// "You draw 2 penalty cards: 5♣ 9♦". Consecutive draws of one seat become one line, and a
// viewer seat sees other seats' drawn cards only as a count.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/event.hpp"
#include "switchcards/engine/state.hpp"

namespace switchcards {

inline constexpr int kSeesEverything = -1;  // a viewer who sees every drawn card
inline constexpr int kAtTheTable = -2;      // a spectator at the table: draws are only counted

struct EventTextOptions {
  // The seat whose view this is: its own events read "You ...", other seats' drawn cards are
  // counted, not shown. Or kSeesEverything, or kAtTheTable.
  int viewer = kSeesEverything;
  bool colour = false;  // cards as coloured symbols for a terminal ({:c})
  // If given, demands are spelled out ("J, Q or K") and the last-card call is said in the
  // variant's words (last_card.call_name); else "last card".
  const Engine* engine = nullptr;
  // The players at the table, if known (0: not): skips that go round it past the player who
  // misses the turn are said as turns ("the next 3 turns after seat 1's"), not players.
  int players = 0;
};

// One line per event (draws merged), without a trailing newline.
std::vector<std::string> describe_events(std::span<const Event> events,
                                         const EventTextOptions& options = {});

// "Seat 3", or "You" for the viewer.
std::string seat_text(int seat, const EventTextOptions& options = {});

// A card for people: `7♥`, coloured if asked.
std::string card_text(Card card, bool colour);

// The words of the last-card call in quotes, as the text says them: "\"last card\"", or
// last_card.call_name's ("\"Mau\""); with `final_card`, those of the final card's call.
std::string quoted_call(const LastCardRules& rules, bool final_card = false);

// A selector of cards in words, for sentences: a list ("[J, Q, K]") reads "J, Q or K", words
// ("black J") read as written, and a selector built in code lists its cards.
std::string selector_words(const Selector& selector);

// The whole position for people, every hidden card included (for `replay --until`, logs and
// debugging; a player is shown its PlayerView instead): one line per seat with its cards, then
// the table (top card, suit in force, demand, pending penalty), the piles, the direction, the
// seat to act and its legal actions, or the result.
std::vector<std::string> describe_position(const Engine& engine, const State& state,
                                           bool colour = false);

}  // namespace switchcards
