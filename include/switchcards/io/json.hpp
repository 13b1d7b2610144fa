// JSON forms of the library's values, both ways, for network clients, saved games and tools in
// other languages: Card, Action, Event, a seat's view (exactly what it may know), the whole
// State (for saving), match Standings and game records. The view, State and Standings documents
// carry a format name and version (the small values, cards, actions and events, are versioned with
// the document or protocol that carries them); reading is strict (unknown, missing or mistyped keys
// are errors) and names the JSON path of the problem (`/hands/2/3: '11H' is not a card`). A State
// read back is checked like a dealt position, so no input yields a corrupt state. The JSON library
// is private to src/io/json.cpp: these functions take and give text. Schema: docs/json-schema.json.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/engine/action.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/event.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/engine/state.hpp"
#include "switchcards/engine/view.hpp"
#include "switchcards/io/replay.hpp"

namespace switchcards {

// The version of every JSON form below; a reader refuses other versions.
inline constexpr int kJsonFormatVersion = 1;

// A JSON document that is not a valid form of what was asked for. what() is
// "SOURCE: PATH: MESSAGE", e.g. "save.json: /hands/2/3: '11H' is not a card", or
// "SOURCE: MESSAGE" for a fault of the whole document (path() ""), e.g. "save.json: missing
// key 'seat'". Control characters of the document that the path or message quote are shown
// as JSON escapes (\u001b) in what() and message(); path() is the pointer as it is.
class JsonError : public std::runtime_error {
 public:
  JsonError(std::string source, std::string path, std::string message);
  const std::string& source() const { return source_; }
  const std::string& path() const { return path_; }  // JSON pointer; "" for the whole document
  const std::string& message() const { return message_; }

 private:
  std::string source_, path_, message_;
};

// What one seat knows of a round, as a plain value: a PlayerView copied out, or read from
// JSON by a client that has no State. `hands`, `stock` and `discard` are filled only for a
// revealed (beginner-mode) view.
struct ViewSnapshot {
  std::string variant;  // the variant's name
  int seat = 0;
  int players = 0;
  int turn = 0;
  int dealer = 0;
  Direction direction = Direction::clockwise;
  Phase phase = Phase::play;
  Card top{};
  Suit named_suit = Suit::none;
  Suit suit_in_force = Suit::none;
  std::vector<Card> demand;  // the cards a demand in force allows, or empty
  // A rank named (a special's names_rank; its cards are among `demand`) and the seat that
  // named it; kNoRank and -1 when none is. The JSON view writes them only while one binds.
  Rank named_rank = kNoRank;
  int named_by = -1;
  int pending_draw = 0;
  int pending_skip = 0;
  std::string pending_effect;  // the special that set the pending penalty, or ""
  int stock_size = 0;
  int discard_size = 0;
  std::vector<int> hand_sizes;  // by seat
  int catchable = -1;
  bool jump_open = false;           // identical.jump_in: another seat may jump in now
  std::vector<Card> turn_cards;     // Phase::laying: the cards laid so far this turn, in order
  int run_step = 0;                 // Phase::laying: the run's direction (+1 up, -1 down, 0)
  std::vector<int> owes_last_card;  // seats that owe a last-card penalty
  std::vector<int> misses_turn;     // seats that will miss their next turn
  // By seat, the turns each will miss (PlayerView::turns_to_miss): 1 for a seat misses_turn
  // lists, more after a penalty of a special's `waits`. The JSON view writes it only where a
  // seat misses more than one, and a view read without it has 1 for each seat misses_turn
  // lists.
  std::vector<int> turns_to_miss;
  int winner = -1;
  int decisions = 0;          // actions so far this round
  int reshuffles = 0;         // times the discard pile became the stock
  std::vector<Card> hand;     // this seat's cards, in card order
  std::optional<Card> drawn;  // the card this seat may play after drawing
  bool call_due = false;      // a play of this seat now carries the "last card" call
                              // (PlayerView::call_due)
  bool revealed = false;
  std::vector<std::vector<Card>> hands;  // revealed only: every hand, by seat
  std::vector<Card> stock;               // revealed only: top first
  std::vector<Card> discard;             // revealed only: bottom first, the top last
  friend bool operator==(const ViewSnapshot&, const ViewSnapshot&) = default;
};
ViewSnapshot snapshot(const PlayerView& view);

// ---- writing (compact, one line; keys in a fixed order) ----------------------------------
std::string to_json(Card card);  // "7H"
std::string to_json(
    Action action);  // {"seat":0,"kind":"play","card":"7H","suit":null,"last":false}
std::string to_json(const Event& event);
std::string to_json(std::span<const Event> events);  // an array
std::string to_json(const PlayerView& view);         // the snapshot's form
std::string to_json(const ViewSnapshot& view);
// The whole position of a round of `engine`'s variant (every hidden card too: for saving), with
// the fingerprint of the rules it is played under (io/variant_fingerprint.hpp).
std::string to_json(const Engine& engine, const State& state);
std::string to_json(const Standings& standings);
// The standings of a match of `engine`'s variant, for saving: the form above with the
// fingerprint of the variant's rules, which standings_from_json(engine, ...) checks.
std::string to_json(const Engine& engine, const Standings& standings);
// A game record (io/replay.hpp), its actions in their text form ("0 play 7H last").
std::string to_json(const GameRecord& record);

// ---- reading (`source` names the document in messages) -----------------------------------
Card card_from_json(std::string_view json, std::string_view source = "<json>");
Action action_from_json(std::string_view json, std::string_view source = "<json>");
Event event_from_json(std::string_view json, std::string_view source = "<json>");
std::vector<Event> events_from_json(std::string_view json, std::string_view source = "<json>");
ViewSnapshot view_from_json(std::string_view json, std::string_view source = "<json>");
// Standings as a value: a variant_fingerprint in them is read (it must be one) but not checked.
Standings standings_from_json(std::string_view json, std::string_view source = "<json>");
// Standings to resume a match of `engine`'s variant: a variant_fingerprint in them (to_json
// with an engine writes it) that is not the variant's is an error at /variant_fingerprint
// naming both. Standings without one (saved by earlier versions) are read as they are.
Standings standings_from_json(const Engine& engine, std::string_view json,
                              std::string_view source = "<json>");
GameRecord record_from_json(std::string_view json, std::string_view source = "<json>");
// A State of `engine`'s variant, checked: the variant's name matches, and so does the
// fingerprint of its rules where the save has one (a variant file edited since the save keeps
// its name: an error at /variant_fingerprint naming both; saves of earlier versions have none
// and load as they did), every card of the deck
// for that many players is in exactly one place (or, for a position set up with fewer cards,
// listed in out_of_play, which to_json writes), every counter is within what the rules and
// the State can hold, the phase agrees with the rest (a drawn card in the hand of the seat to
// act, a winner with an empty hand) and a round in play gives the seat to act a decision.
State state_from_json(const Engine& engine, std::string_view json,
                      std::string_view source = "<json>");

// The check state_from_json makes, for a State from anywhere: "" if it is a position a round
// of `engine` can be in (its seats from Variant::fewest_players_dealt() to deal.max_players:
// an elimination match deals to two), else what is wrong (with the JSON path of the field at
// fault). Every card of the deck must be in a place: a position with cards out of play reports
// one missing.
std::string check_state(const Engine& engine, const State& state);

// The part of check_state that needs no variant, for a State made from raw bytes (a pickle, a
// memcpy) before anything reads through it: "" if every enumeration, count and card is one the
// State's types can hold (a seat count 1 to kMaxSeats, seats within it, a phase, a suit or
// none, booleans, cards that are cards, piles within their capacity, laid cards within the
// discard pile, hands whose counts, kinds and sizes agree), else
// what is wrong, with the JSON path of the field at fault ("/named_suit: not a suit"). A State
// it accepts may still be no position of any variant: check_state says that.
std::string check_representation(const State& state);

}  // namespace switchcards
