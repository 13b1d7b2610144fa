// Variant: everything that makes one house's Switch differ from another's, as plain data.
// A variant file (YAML, loaded in src/io) fills these structs; the engine compiles them
// into flat per-card tables. No YAML type and no variant name appears here or in the engine.
// The YAML key for each field is named in its comment (see docs/variant-format.md).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/core/card_mask.hpp"
#include "switchcards/core/deck.hpp"
#include "switchcards/core/seats.hpp"
#include "switchcards/rules/match_rules.hpp"
#include "switchcards/rules/scoring_rules.hpp"
#include "switchcards/rules/team_rules.hpp"
#include "switchcards/rules/variant_limits.hpp"

namespace switchcards {

// A value that depends on the number of players, as steps: the value of the last step whose
// `from_players` is <= the player count. YAML: a number, or a map `{2: 7, 5: 5, 7: 4}`.
struct ByPlayers {
  std::vector<std::pair<int, int>> steps;  // (from_players, value), ascending from_players

  static ByPlayers constant(int v) { return ByPlayers{{{1, v}}}; }
  int at(int players) const {
    int value = steps.empty() ? 0 : steps.front().second;
    for (const auto& [from, v] : steps)
      if (players >= from) value = v;
    return value;
  }
  friend bool operator==(const ByPlayers&, const ByPlayers&) = default;
};

// A set of card kinds together with the text it was written as, for messages and `describe`.
struct Selector {
  CardMask cards;
  std::string text;  // e.g. "black J", "[2, A]"
  friend bool operator==(const Selector&, const Selector&) = default;
};

// ---- deal -------------------------------------------------------------------------------

enum class FirstCardRule {
  ignore,  // YAML first_card: ignore — the turned-up card is a neutral start (British)
  apply    // YAML first_card: apply — it acts as if the dealer had played it
};

struct DealRules {
  int min_players = 2;  // players: {min, max}
  int max_players = 7;
  ByPlayers decks = ByPlayers::constant(1);      // deck.decks
  DeckSpec deck;                                 // deck.ranks, deck.jokers (decks filled per round)
  ByPlayers hand_size = ByPlayers::constant(7);  // deal.hand_size
  FirstCardRule first_card = FirstCardRule::ignore;  // deal.first_card
  // deal.turn_again: a turned-up card of these goes to the bottom of the stock and the next
  // card is turned up in its place (Crazy Eights: "an 8 turned up is buried"). Empty: none.
  Selector turn_again;
  friend bool operator==(const DealRules&, const DealRules&) = default;
};

// ---- turns --------------------------------------------------------------------------------

enum class AfterDraw {
  end_turn,        // YAML draw.after: end_turn — drawing ends the turn (Balkan)
  may_play_drawn,  // YAML draw.after: may_play_drawn — a playable drawn card may be played at once
  must_play_drawn  // YAML draw.after: must_play_drawn — a playable drawn card must be played
};

struct DrawRules {
  AfterDraw after = AfterDraw::may_play_drawn;  // draw.after
  // draw.when_playable: may draw while holding a playable card (false: forced play, a player
  // who can play must)
  bool when_playable = true;
  int cards = 1;  // draw.cards: cards taken by a plain draw
  // draw.cards: until_playable — a plain draw takes cards one at a time until a playable one
  // comes (or `limit` cards, or the stock and the discard pile run out); `cards` is then 1.
  bool until_playable = false;
  int limit = 0;  // draw.limit: with until_playable, the most cards one draw takes (0: no limit)
  friend bool operator==(const DrawRules&, const DrawRules&) = default;
};

// How long a constraint set by a card (a named suit, a demand) binds when the player it binds
// draws instead of playing.
enum class Lasts {
  next_player,  // only the next player: after they draw, the top card matches normally
  until_played  // until a card is played on it
};

struct ConstraintRules {
  Lasts named_suit = Lasts::until_played;  // constraints.named_suit
  Lasts demand = Lasts::next_player;       // constraints.demand
  friend bool operator==(const ConstraintRules&, const ConstraintRules&) = default;
};

// ---- special cards ------------------------------------------------------------------------

// One entry of `specials:`: the effect primitives attached to a selector of cards. Every
// field is optional; an entry may combine several (e.g. wild + names_suit).
struct Effect {
  std::string name;  // the key of the entry, e.g. "draw-two"
  Selector cards;    // cards: which cards carry the effect
  // Playability.
  bool wild = false;        // wild: playable on anything (pending penalties and demands still bind)
  bool names_suit = false;  // names_suit: its player names the suit the next card must have
  Selector demand;          // demand: the next card must be one of these (any suit)
  // names_rank: its player names one rank of these cards (the Makao jack: 5 to 10), and every
  // player in turn, its player last, must play a card of that rank (or one of `demand`, which
  // may name another) or draw; the demand lapses when its player's turn ends.
  Selector names_rank;
  // Penalties on the next player, answerable by the cards listed.
  int draw = 0;            // draw: cards the next player must draw
  int skip = 0;            // skip: players skipped after this one
  Selector stack;          // stack: cards that may answer a pending draw or skip, passing it on
  bool stack_adds = true;  // stack_adds: answers add up (2, 4, 6); false: each answer restarts
  int cap = 0;             // cap: an answer may not raise the pending draw above this (0: none)
  Selector cancel;         // cancel: cards that answer the pending penalty by cancelling it
  bool miss_turn = true;   // miss_turn: the player who draws the penalty also misses the turn
  // waits: the player who takes the penalty waits one turn for each skip on it (three 4s
  // stacked: three turns, the Makao 4), where otherwise the skips after the first pass over
  // the players after it. Only on a penalty with a skip.
  bool waits = false;
  // deflect: cards that answer the pending penalty by deflecting it, unchanged: a card of a
  // reverse special sends it back the other way, a card of a skip special passes it on to the
  // player after the deflector. Each must carry a reverse or a skip (the loader checks).
  Selector deflect;
  // deflect_reverse_to: attacker — a reverse sends the penalty to the player who played its
  // last penalty card; next_player — to the next player in the new direction. They differ
  // once a skip has passed the penalty over a seat.
  bool deflect_to_attacker = true;
  // answers_match: an answer (stack, cancel or deflect) must also match the top card as a plain
  // play would, by suit or rank, or be wild (Makao: a 3 of hearts on a 2 of hearts, not on a 2
  // of spades).
  bool answers_match = false;
  // Movement.
  bool reverse = false;  // reverse: the direction of play flips
  bool reverse_skips_with_two =
      true;           // two_players: skip — with two players a reverse acts as a skip
  bool back = false;  // back: play goes back to the player before the one who played it (once)
  bool play_again = false;  // play_again: its player plays again at once (no draw, skip or back)
  // Hands. swap_hands: its player swaps hands with a player of their choice (the play names
  // the seat); rotate_hands: every player passes their hand to the next player in the
  // direction of play. Either happens after the card has left its player's hand.
  bool swap_hands = false;
  bool rotate_hands = false;
  // Playability.
  // anything_on: any card may be played on it, as on a joker (Makao: "everything on a queen");
  // `wild` is the other way round, a card that may be played on anything.
  bool anything_on = false;
  Selector not_on;  // not_on: may not be played on a top card of these ("no J on a J"); answers
                    // to a pending penalty are not affected
  // only_without_suit: played only by a player who holds no other card of the suit in force
  // (the top card's, or the suit named): Uno's wild draw four, without its challenge.
  bool only_without_suit = false;

  // A pending penalty (draw, or a skip that can be answered) rather than an immediate effect.
  bool is_attack() const { return draw > 0 || (skip > 0 && !(stack.cards | cancel.cards).empty()); }
  // Whether some card may answer its penalty (stack on it, cancel or deflect it), as the text
  // that says "unless answered" asks.
  bool answerable() const { return !(stack.cards | cancel.cards | deflect.cards).empty(); }
  friend bool operator==(const Effect&, const Effect&) = default;
};

// ---- identical card, last card, round end ---------------------------------------------------

// identical.jump_in: which cards a seat may play out of turn onto the card just played.
enum class JumpIn {
  none,       // no jump-in (the default)
  same_card,  // same_card — a card identical to the top (rank and suit)
  same_rank   // same_rank — a card of the top's rank
};

struct IdenticalCardRules {
  bool enabled = false;    // identical.enabled: a card identical to the top (rank and suit)...
  int others_draw = 1;     // identical.others_draw: ...makes every other player draw this many
  bool play_again = true;  // identical.play_again: ...and its player plays again
  // identical.card_effect: applies — the card's own special effect still binds, aimed at the
  // player who plays again ("if the top card is special, its rule binds"); none — it does not.
  bool card_effect = true;
  // identical.jump_in: out of turn, right after a card was played, a seat holding a card
  // identical to it may play it at once; play continues from that seat (engine.hpp jump_ins).
  JumpIn jump_in = JumpIn::none;
  friend bool operator==(const IdenticalCardRules&, const IdenticalCardRules&) = default;
};

enum class LastCardEnforcement {
  none,       // last_card.enforce: none — no call needed
  next_turn,  // next_turn — the engine applies the penalty when the offender's turn comes (Balkan)
  when_caught  // when_caught — any opponent may challenge before the next player acts (British)
};

struct LastCardRules {
  LastCardEnforcement enforce = LastCardEnforcement::when_caught;  // last_card.enforce
  int penalty = 2;         // last_card.penalty: cards drawn by an offender
  bool miss_turn = false;  // last_card.miss_turn: the offender also misses a turn
  // last_card.late_call: the call may also come after the play ("or shortly after"), until
  // the offender is caught or the next player acts (meaningful with enforce: when_caught).
  bool late_call = false;
  // last_card.final_call: 0 — going out needs no call; N — the play of a player's final card
  // carries the call too (Mau-Mau's "Mau-Mau"), and a final card played without it stands, its
  // player draws N cards at once and the round goes on.
  int final_call = 0;
  // last_card.call_name: the words of the call as describe, the events' text and the terminal
  // game say them ("Mau", "Makao"); empty: "last card". last_card.final_call_name: those of the
  // final card's call (Mau-Mau's "Mau-Mau"); empty: call_name's. They change no play, so the
  // fingerprint leaves them out. call_name_problem (variant_limits.hpp) says which words may be.
  std::string call_name;
  std::string final_call_name;
  std::string_view call_words() const {
    return call_name.empty() ? std::string_view("last card") : std::string_view(call_name);
  }
  std::string_view final_call_words() const {
    return final_call_name.empty() ? call_words() : std::string_view(final_call_name);
  }
  // Whether a play from a hand of `hand_size` cards may carry the call: the play that leaves one
  // card, and with final_call the play of the final card. The engine refuses a call elsewhere.
  constexpr bool call_allowed(int hand_size) const {
    return hand_size == 2 || (hand_size == 1 && final_call > 0);
  }
  // Whether the call is asked for there (PlayerView::call_due; agents call with exactly these):
  // under enforce: none nobody needs to call the card that leaves one, which the engine still
  // accepts with the call but nothing follows from.
  constexpr bool call_expected(int hand_size) const {
    return hand_size == 1 ? final_call > 0 : hand_size == 2 && enforce != LastCardEnforcement::none;
  }
  friend bool operator==(const LastCardRules&, const LastCardRules&) = default;
};

// What happens to a play that would empty its player's hand with a card that may not finish.
enum class NoFinish {
  refused,  // YAML round.no_finish.then: refused — the play is not legal
  draw      // YAML round.no_finish.then: draw — it stands, then its player draws and play goes on
};

// Which of the cards of round.no_finish may go out after all.
enum class NoFinishUnless {
  none,         // YAML round.no_finish.unless: none — none of them
  follows_suit  // YAML ...: follows_suit — one of the suit in force (the top card's, or the
                // suit a wild named), as Last Card's ace must match to go out
};

struct NoFinishRules {
  Selector cards;                     // round.no_finish.cards (empty: any card may finish)
  NoFinish then = NoFinish::refused;  // round.no_finish.then
  int draw = 0;                       // round.no_finish.draw: cards drawn with then: draw
  NoFinishUnless unless = NoFinishUnless::none;  // round.no_finish.unless (then: refused only)
  friend bool operator==(const NoFinishRules&, const NoFinishRules&) = default;
};

struct RoundRules {
  // round.turn_limit: a round still running after this many decisions ends as a stalemate
  // (a guard against endless rounds, counted and reported by simulations).
  int turn_limit = 2000;
  // round.final_card_draws: a pending draw created by a player's final card is still drawn
  // by its victim before the hands are scored.
  bool final_card_draws = false;
  // round.no_finish: "you cannot go out on a power card".
  NoFinishRules no_finish;
  friend bool operator==(const RoundRules&, const RoundRules&) = default;
};

// ---- a turn of several cards -------------------------------------------------------------------

// play.several: which further cards a player may lay in the same turn, each judged against the
// card laid before it.
enum class Several {
  none,       // play.several: none — one card a turn
  same_rank,  // same_rank — any number of cards of the first card's rank
  runs,       // runs — a run: consecutive ranks in the first card's suit
  both        // both — each further card either has the rank of the card before it or continues
              // the run from it
};
enum class RunDirection {
  ascending,   // play.runs.direction: ascending — 4, 5, 6
  descending,  // descending — 6, 5, 4
  either       // either — set by the turn's first step and kept for the turn
};
enum class RunAce {
  low,   // play.runs.ace: low — A, 2, 3
  high,  // high — Q, K, A
  both   // both — either, but not both in one run unless play.runs.turn_corner
};
enum class RunJokers : std::uint8_t {
  none,     // play.runs.jokers: none — a joker is no card of a run (one laid ends the turn)
  stand_in  // stand_in — a joker laid in a run stands for its next card, which it then is for
            // what follows (5, joker, 7); the turn's first card is never a stand-in
};
enum class SeveralEffects {
  each,  // play.effects: each — every special laid takes effect (two 2s draw four, two
         // reverses cancel, two skips skip two players)
  last   // last — only the last card laid takes effect, as if it alone had been played
};

struct PlayRules {
  Several several = Several::none;                    // play.several
  RunDirection run_direction = RunDirection::either;  // play.runs.direction
  RunAce run_ace = RunAce::both;                      // play.runs.ace
  bool turn_corner = false;  // play.runs.turn_corner: a run may go K, A, 2 (and 2, A, K)
  RunJokers run_jokers = RunJokers::none;         // play.runs.jokers
  SeveralEffects effects = SeveralEffects::each;  // play.effects
  // play.answers: several — a pending penalty may be answered with several cards in a turn,
  // each following the card before it and stacking on the penalty as it stands (within the
  // cap); one: the answer is one card. Needs several_cards() and effects: each.
  bool several_answers = false;
  bool several_cards() const { return several != Several::none; }
  bool same_rank() const { return several == Several::same_rank || several == Several::both; }
  bool runs() const { return several == Several::runs || several == Several::both; }
  // The rank a run steps to from `rank` going `step` (+1 up, -1 down), or Rank::joker where it
  // cannot go that way (the direction aside: run_direction is the caller's). `from`: the rank
  // the run came to `rank` from (Rank::joker at its start); without turn_corner an ace reached
  // from a king goes no further up, and one reached from a 2 no further down.
  Rank run_step(Rank rank, int step, Rank from) const {
    const bool ace_low = run_ace != RunAce::high, ace_high = run_ace != RunAce::low;
    if (rank == Rank::joker) return Rank::joker;
    if (step > 0) {
      if (rank == Rank::king) return ace_high ? Rank::ace : Rank::joker;
      if (rank == Rank::ace)
        return ace_low && (turn_corner || from != Rank::king) ? Rank::two : Rank::joker;
    } else {
      if (rank == Rank::two) return ace_low ? Rank::ace : Rank::joker;
      if (rank == Rank::ace)
        return ace_high && (turn_corner || from != Rank::two) ? Rank::king : Rank::joker;
    }
    return static_cast<Rank>(static_cast<int>(rank) + step);
  }
  friend bool operator==(const PlayRules&, const PlayRules&) = default;
};

// ---- the variant ------------------------------------------------------------------------------

struct Variant {
  std::string name;         // name: short identifier, e.g. "british"
  std::string title;        // title: human-readable name
  std::string description;  // description: one paragraph, with sources
  std::string source;       // where it was loaded from (a path or "built-in:NAME")

  DealRules deal;
  DrawRules draw;
  PlayRules play;  // play: several cards a turn
  ConstraintRules constraints;
  std::vector<Effect> specials;  // specials: a map from name to effect, in file order
  IdenticalCardRules identical;
  LastCardRules last_card;
  RoundRules round;
  ScoringRules scoring;
  MatchRules match;
  TeamRules teams;             // teams: partnerships
  bool beginner_mode = false;  // beginner_mode: seats may be shown every hand and the stock

  // The player count taken when none is given (the command line, the Python package): four, or
  // the nearest count deal.min_players..max_players allows.
  static constexpr int kDefaultPlayers = 4;
  int default_players() const {
    return std::clamp(kDefaultPlayers, deal.min_players, deal.max_players);
  }
  // The fewest players a round is dealt to: an elimination match deals its later rounds to the
  // seats still in, down to two; otherwise every round has deal.min_players or more.
  int fewest_players_dealt() const {
    return match.end == MatchKind::elimination ? 2 : deal.min_players;
  }
  // The seat counts a round may be dealt to, for messages: "3 to 4 players", and
  // " (2 in the later rounds of a match)" after it when an elimination match deals fewer.
  std::string players_dealt_text() const {
    std::string text =
        std::to_string(deal.min_players) + " to " + std::to_string(deal.max_players) + " players";
    if (fewest_players_dealt() < deal.min_players)
      text += " (" + std::to_string(fewest_players_dealt()) + " in the later rounds of a match)";
    return text;
  }
  // The deck used with `players` players.
  DeckSpec deck_for(int players) const {
    DeckSpec d = deal.deck;
    d.decks = deal.decks.at(players);
    return d;
  }
  // Whether the deck holds some card twice for some player count the variant allows (two
  // decks or more, or two jokers): identical.jump_in: same_card needs one.
  bool deck_has_twins() const {
    for (int n = deal.min_players; n <= deal.max_players; ++n) {
      const DeckSpec d = deck_for(n);
      if (d.decks > 1 || d.jokers > 1) return true;
    }
    return false;
  }
  friend bool operator==(const Variant&, const Variant&) = default;
};

// Throws std::invalid_argument "players 9: british is for 2 to 7 players" unless the variant
// is for `players` players (for tables built per player count: action spaces, observation
// layouts), in the words Engine::deal's callers use.
inline void require_player_count(const Variant& v, int players) {
  if (players < v.deal.min_players || players > v.deal.max_players)
    throw std::invalid_argument("players " + std::to_string(players) + ": " +
                                (v.name.empty() ? std::string("the variant") : v.name) +
                                " is for " + std::to_string(v.deal.min_players) + " to " +
                                std::to_string(v.deal.max_players) + " players");
}

}  // namespace switchcards
