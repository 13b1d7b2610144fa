// State: the whole position of one round as a plain value — piles, hands, seats, the pending
// penalty, constraints in force, last-card offences and the seeded generator used for
// reshuffles. No heap memory: copying a State is a memcpy, so search and simulation can
// clone it freely. Only the Engine changes it (legal_actions / apply in engine.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <span>
#include <string_view>

#include "switchcards/core/card.hpp"
#include "switchcards/core/hand.hpp"
#include "switchcards/core/pile.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/core/seats.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

enum class Phase : std::uint8_t {
  play,        // the seat to act plays, draws or answers a pending penalty
  after_draw,  // the seat to act drew a playable card: it may play that card or pass
  laying,      // the seat to act is laying several cards (play.several): it may lay one more
               // that follows the card below, or pass to end the turn
  over,        // the round has ended (a winner, or a stalemate at the turn limit)
  naming       // the seat to act played a card of a special's names_rank: it names the rank
               // (Action::name) before play moves on. Last, so that the phases of a variant
               // without names_rank are numbered as before.
};
inline constexpr int kPhaseCount = static_cast<int>(Phase::naming) + 1;

// The phase's name as the enumerator spells it (JSON, the Python package).
constexpr std::string_view phase_name(Phase p) {
  constexpr std::string_view kNames[] = {"play", "after_draw", "laying", "over", "naming"};
  static_assert(std::size(kNames) == kPhaseCount);
  return kNames[static_cast<int>(p)];
}

// A penalty waiting for the seat to act: draw `draw` cards and/or miss turns, unless answered
// by a card of the source effect's stack or cancel selectors.
struct Pending {
  // Wide enough for any penalty a round can build, so stacking never saturates or wraps (see
  // kMaxPendingDraw).
  std::uint32_t draw = 0;
  std::uint32_t skip = 0;
  std::int8_t effect = -1;  // index of the source effect in Variant::specials; -1: none
  // The seat that played the last penalty card (the first or a stacked one; a deflection does
  // not change it): where a reverse deflects it with `deflect_reverse_to: attacker`.
  std::int8_t from = -1;
  constexpr bool active() const { return effect >= 0; }
  friend constexpr bool operator==(const Pending&, const Pending&) = default;
};

// The largest pending penalty. Each action stacks at most one card on it (kMaxEffectDraw cards
// and kMaxSeats - 1 skips), and a round has at most kMaxTurnLimit actions after the turned-up
// card. The deck does not bound it: cards come back through reshuffles while a penalty stands
// (two identical draw cards jumping in on each other for ever, with every other card in a
// hand), so a pending draw can count far past the cards in play.
inline constexpr int kMaxPendingDraw = (kMaxTurnLimit + 1) * kMaxEffectDraw;
inline constexpr int kMaxPendingSkip = (kMaxTurnLimit + 1) * (kMaxSeats - 1);
static_assert(kMaxTurnLimit + 1 <= INT32_MAX / kMaxEffectDraw && kMaxEffectCap <= UINT16_MAX);
static_assert(kMaxTurnLimit < UINT32_MAX - 1);

struct State {
  Pile stock;    // top = last
  Pile discard;  // top = last: the card to match
  std::array<Hand, kMaxSeats> hands{};
  Pcg32 rng;  // drives reshuffles, so a seed and an action list replay a round exactly
  Seats seats;
  std::uint8_t turn = 0;
  std::uint8_t dealer = 0;
  Phase phase = Phase::play;
  Suit named_suit = Suit::none;  // a suit named by a wild, in force while it binds
  std::int8_t demand = -1;       // effect whose demand binds the seat to act; -1: none
  Pending pending;
  Card drawn{};                     // after_draw: the card that may be played (else the joker)
  std::int8_t catchable = -1;       // seat that forgot "last card" and may be challenged now
  std::uint8_t owes_last_card = 0;  // bit per seat: penalty applied when its turn comes
  std::uint8_t misses_turn = 0;     // bit per seat: its next turn is skipped (see also below)
  std::int8_t winner = -1;          // after the round: the seat that emptied its hand
  bool stalemate = false;           // after the round: the turn limit ended it
  // Phase laying: the cards laid so far this turn (they are the top `laid` cards of the
  // discard pile, their effects still to come) and the direction of the run, once its first
  // step fixed it (+1 up, -1 down, 0 not yet). Both 0 in the other phases.
  std::uint8_t laid = 0;
  std::int8_t run_step = 0;
  // identical.jump_in: a card was just played and the seat to act has not acted yet, so
  // another seat may jump in (Engine::jump_ins). Always false in a variant without jump-in.
  bool jump_open = false;
  // A rank named by a card of a special's names_rank (the Makao jack): part of the demand in
  // force (`demand` is its special), it binds every seat in turn until the turn of the seat
  // that named it, `demand_by`, ends. kNoRank and -1 when no rank is named.
  // In the padding before `decisions`, so a State is no larger for them.
  Rank named_rank = kNoRank;
  std::int8_t demand_by = -1;
  std::int8_t rank_demand = -1;  // the special of the rank named: `demand` while it binds
  // Neither count can wrap: a round ends at its turn limit (at most kMaxTurnLimit decisions),
  // and a reshuffle leaves one card on the discard pile, so the next one needs a play first.
  std::uint32_t decisions = 0;   // actions applied this round
  std::uint32_t reshuffles = 0;  // times the discard pile became the stock
  // A special's `waits` (the Makao 4): per seat, the turns it misses after the next one, which
  // its bit in misses_turn says it misses; 0 without that bit. At most kMaxPendingSkip: each
  // turn counted was a skip on a card played this round.
  // All 0 in a variant without waits.
  std::array<std::uint32_t, kMaxSeats> more_turns_missed{};

  int players() const { return seats.count(); }
  bool over() const { return phase == Phase::over; }
  Card top() const { return discard.top(); }
  const Hand& hand(int seat) const { return hands[seat]; }
  // The `laid` cards of the turn under way, first laid first (the last on top).
  std::span<const Card> laid_cards() const {
    return discard.cards().last(static_cast<std::size_t>(laid));
  }

  friend bool operator==(const State&, const State&) = default;
};

// The turns `seat` will miss, one after another: its bit in misses_turn and the more turns a
// special's `waits` added; 0 when it misses none.
inline std::uint32_t turns_to_miss(const State& s, int seat) {
  return ((s.misses_turn >> seat) & 1u) ? 1 + s.more_turns_missed[seat] : 0;
}

// The copies of each card kind in the State's places (the hands of its seats, the discard pile
// and the stock), by card index: what a check compares with the deck.
inline std::array<int, kCardKinds> card_counts(const State& s) {
  std::array<int, kCardKinds> counts{};
  for (int seat = 0; seat < s.players(); ++seat)
    s.hands[seat].for_each([&](Card c) { ++counts[c.index()]; });
  for (const Card c : s.discard.cards()) ++counts[c.index()];
  for (const Card c : s.stock.cards()) ++counts[c.index()];
  return counts;
}

}  // namespace switchcards
