// PlayerView: what one seat may know of a round — its own hand, the others' hand sizes, the
// top card, the suit in force, the pending penalty, whose turn it is. It refers to the State
// rather than copying it, and exposes no accessor for hidden cards, so an agent given a view
// cannot cheat. Beginner mode (where the variant offers it) reveals the other hands and the
// stock, as the app's help page describes. A seat asked about that is not at the table throws
// std::out_of_range.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/state.hpp"

namespace switchcards {

namespace detail {
// Out of line: the accessors that take a seat are called in agents' loops.
[[noreturn]] SWITCHCARDS_NOINLINE inline void throw_not_a_seat(int seat, int players) {
  throw std::out_of_range("seat " + std::to_string(seat) + " is not at the table (0 to " +
                          std::to_string(players - 1) + ")");
}
}  // namespace detail

class PlayerView {
 public:
  PlayerView(const Engine& engine, const State& state, int seat, bool revealed = false)
      : engine_(&engine), state_(&state), seat_(seat), revealed_(revealed) {
    if (seat < 0 || seat >= state.players()) detail::throw_not_a_seat(seat, state.players());
    if (revealed && !engine.variant().beginner_mode)
      throw std::invalid_argument("this variant has no beginner mode: hands stay hidden");
  }

  const Engine& engine() const { return *engine_; }
  const Variant& variant() const { return engine_->variant(); }
  int seat() const { return seat_; }
  int players() const { return state_->players(); }
  int turn() const { return state_->turn; }
  bool my_turn() const { return state_->turn == seat_; }
  Direction direction() const { return state_->seats.direction(); }
  const Seats& seats() const { return state_->seats; }
  int dealer() const { return state_->dealer; }
  Phase phase() const { return state_->phase; }

  // Public table.
  Card top() const { return state_->top(); }
  Suit named_suit() const { return state_->named_suit; }
  Suit suit_in_force() const { return engine_->suit_in_force(*state_); }
  CardMask demand() const { return engine_->demand_cards(*state_); }
  int pending_draw() const { return state_->pending.draw; }
  int pending_skip() const { return state_->pending.skip; }
  bool penalty_pending() const { return state_->pending.active(); }
  int stock_size() const { return state_->stock.size(); }
  int discard_size() const { return state_->discard.size(); }
  int hand_size(int seat) const { return state_->hands[at_table(seat)].size(); }
  int catchable() const { return state_->catchable; }  // a seat that may be challenged, or -1
  // identical.jump_in: a card was just played and the seat to act has not acted, so a seat
  // holding one identical to it may jump in (Engine::jump_ins; Agent::jumps_in).
  bool jump_open() const { return state_->jump_open; }
  int winner() const { return state_->winner; }
  // Public too, though no viewer shows them as such: everyone saw the card that set them, the
  // missed "last card" call, the catch, and every action. A searcher rebuilding a State from
  // the view (engine/determinize.hpp) needs them exactly.
  int pending_effect() const { return state_->pending.effect; }  // index in specials, or -1
  // The seat that played the pending penalty's last card (where a reverse deflects it), or -1.
  int pending_from() const { return state_->pending.from; }
  int demand_effect() const { return state_->demand; }  // index in specials, or -1
  // A rank named by a card of a special's names_rank (part of demand()), and the seat that
  // named it, whose turn it binds last; kNoRank and -1 when none is named.
  Rank named_rank() const { return state_->named_rank; }
  int named_by() const { return state_->demand_by; }
  // Phase::laying: the cards laid so far this turn (the top ones of the discard pile, first
  // laid first, in view of all) and the run's direction once its first step fixed it (+1 up,
  // -1 down, 0); none and 0 in the other phases.
  std::span<const Card> turn_cards() const { return state_->laid_cards(); }
  int run_step() const { return state_->run_step; }
  bool owes_last_card(int seat) const { return (state_->owes_last_card >> at_table(seat)) & 1u; }
  bool misses_turn(int seat) const { return (state_->misses_turn >> at_table(seat)) & 1u; }
  // The turns the seat will miss, one after another: 1 for misses_turn, more where it took a
  // penalty of a special's `waits` (the Makao 4); 0 when it misses none.
  std::uint32_t turns_to_miss(int seat) const {
    return switchcards::turns_to_miss(*state_, at_table(seat));
  }
  int decisions() const { return static_cast<int>(state_->decisions); }  // actions this round
  int reshuffles() const { return state_->reshuffles; }
  // Why the engine would refuse this seat's action now (Refusal::none: it would accept it),
  // so a player can be told the reason; another seat's action is not this seat's to ask about.
  Refusal check(Action a) const {
    if (a.seat() != seat_) return Refusal::not_your_turn;
    return engine_->check(*state_, a);
  }
  // The plays this seat may jump in with now (empty when none, and for the seat to act).
  void jump_ins(ActionList& out) const { engine_->jump_ins(*state_, seat_, out); }

  // Own cards.
  const Hand& hand() const { return state_->hands[seat_]; }
  // Whether a play of this seat now carries the "last card" call (LastCardRules::call_expected):
  // it leaves one card where the variant enforces the call, or it is the final card where the
  // variant has last_card.final_call. Most plays are from three cards or more: one test, before
  // the variant is looked at.
  bool call_due() const {
    const int n = hand().size();
    return n <= 2 && variant().last_card.call_expected(n);
  }
  // The card this seat just drew and may play, during its after-draw decision.
  std::optional<Card> drawn() const {
    if (state_->phase == Phase::after_draw && my_turn()) return state_->drawn;
    return std::nullopt;
  }

  // Beginner mode only.
  bool revealed() const { return revealed_; }
  const Hand& hand_of(int seat) const {
    if (seat != seat_ && !revealed_) throw std::logic_error("another seat's hand is hidden");
    return state_->hands[at_table(seat)];
  }
  std::span<const Card> stock() const {
    if (!revealed_) throw std::logic_error("the stock is hidden");
    return state_->stock.cards();
  }
  // The discard pile below its top card (bottom first): squared up on the table, so only
  // beginner mode shows it (app 002/004); others know it only from the events they saw.
  std::span<const Card> discard_pile() const {
    if (!revealed_) throw std::logic_error("the discard pile below the top card is hidden");
    return state_->discard.cards();
  }

 private:
  int at_table(int seat) const {
    if (static_cast<unsigned>(seat) >= static_cast<unsigned>(state_->players())) [[unlikely]]
      detail::throw_not_a_seat(seat, state_->players());
    return seat;
  }

  const Engine* engine_;
  const State* state_;
  int seat_;
  bool revealed_;
};

}  // namespace switchcards
