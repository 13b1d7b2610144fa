// ActionSpace: dense ids 0..size()-1 for every action a seat can ever take in one variant with
// a given number of players, for learning agents (a policy's output layer, an action mask).
// Ids are relative to the acting seat, so one id is one move whoever makes it:
//
//   plays    for each card kind the deck holds, in card index order: the plain play, or one
//            per suit (clubs, diamonds, hearts, spades) for a card that names a suit, or one
//            per other seat (+1 .. +(players-1) in seat order) for a card that swaps hands;
//            each once without and once with the "last card" call (ids 2k and 2k+1)
//   draw, pass
//   call     the late "last card" call, where the variant has one (last_card.late_call)
//   challenge +1 .. +(players-1): the seat that many places on in seat order (not in the
//            direction of play), where opponents catch a missed call (enforce: when_caught)
//   name     each rank a card of the variant may name (specials' names_rank), in rank order
//
// id() and action() are table lookups. The mask of a position marks the legal actions the
// engine lists plus each listed play with the call where it is due (two cards held, or one
// under last_card.final_call); it refuses a State of another seat count.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "switchcards/core/compiler.hpp"
#include "switchcards/engine/action.hpp"
#include "switchcards/engine/engine.hpp"

namespace switchcards {

class ActionSpace {
 public:
  ActionSpace(const Engine& engine, int players)
      : players_(players), last_card_(engine.variant().last_card) {
    const Variant& v = engine.variant();
    require_player_count(v, players);
    play_ids_.fill(-1);
    swap_ids_.fill(-1);
    const DeckSpec deck = v.deck_for(players);
    for (int i = 0; i < kCardKinds; ++i) {
      const Card c = Card::from_index(i);
      if (deck.copies(c) == 0) continue;
      if (engine.swaps_hands(c)) {
        for (int offset = 1; offset < players; ++offset)
          for (int last = 0; last < 2; ++last) {
            swap_ids_[swap_slot(c, offset, last)] = static_cast<std::int16_t>(size());
            actions_.push_back(Action::play_swap(0, c, offset, last != 0));
          }
        continue;
      }
      const bool names = engine.names_suit(c);
      for (int s = names ? 0 : kSuitCount; s <= (names ? kSuitCount - 1 : kSuitCount); ++s)
        for (int last = 0; last < 2; ++last) {
          play_ids_[play_slot(c, static_cast<Suit>(s), last)] = static_cast<std::int16_t>(size());
          actions_.push_back(Action::play(0, c, static_cast<Suit>(s), last != 0));
        }
    }
    draw_ = add(Action::draw(0));
    pass_ = add(Action::pass(0));
    if (v.last_card.late_call) call_ = add(Action::call(0));
    if (v.last_card.enforce == LastCardEnforcement::when_caught) {
      first_challenge_ = size();
      for (int k = 1; k < players; ++k) add(Action::challenge(0, k));
    }
    name_ids_.fill(-1);
    std::uint16_t ranks = 0;
    for (int i = 0; i < kCardKinds; ++i) ranks |= engine.rank_choices(Card::from_index(i));
    for (int r = 0; r < kRankCount; ++r)
      if ((ranks >> r) & 1u)
        name_ids_[r] = static_cast<std::int16_t>(add(Action::name(0, Rank(r))));
  }

  int size() const { return static_cast<int>(actions_.size()); }
  int players() const { return players_; }

  // The id of `a` as made by its own seat, or -1 if no seat can ever take it here.
  int id(Action a) const {
    if (!a.well_formed() || a.seat() >= players_) return -1;
    switch (a.kind()) {
      case ActionKind::play:
        if (const int target = a.swap_target(); target >= 0) {
          if (target >= players_ || target == a.seat()) return -1;
          return swap_ids_[swap_slot(a.card(), (target - a.seat() + players_) % players_,
                                     a.calls_last() ? 1 : 0)];
        }
        return play_ids_[play_slot(a.card(), a.named_suit(), a.calls_last() ? 1 : 0)];
      case ActionKind::draw:
        return draw_;
      case ActionKind::pass:
        return pass_;
      case ActionKind::call:
        return call_;
      case ActionKind::challenge:
        if (first_challenge_ < 0 || a.target() >= players_ || a.target() == a.seat()) return -1;
        return first_challenge_ + (a.target() - a.seat() + players_) % players_ - 1;
      case ActionKind::name:
        return name_ids_[static_cast<int>(a.named_rank())];
    }
    return -1;
  }

  // The action `id` stands for, made by `seat`.
  Action action(int id, int seat) const {
    if (id < 0 || id >= size()) throw std::out_of_range("no action id " + std::to_string(id));
    if (seat < 0 || seat >= players_) throw std::out_of_range("no seat " + std::to_string(seat));
    // The table's actions are seat 0's, with targets as offsets from it.
    return with_seats_mapped(actions_[static_cast<std::size_t>(id)],
                             [&](int offset) { return (seat + offset) % players_; });
  }

  // Text of an id, seat-free: "play 8S hearts last", "play 7H swap +1", "draw", "challenge +2".
  std::string name(int id) const {
    const Action a = action(id, 0);
    if (a.kind() == ActionKind::challenge) return "challenge +" + std::to_string(a.target());
    if (a.swap_target() >= 0)
      return "play " + to_string(a.card()) + " swap +" + std::to_string(a.swap_target()) +
             (a.calls_last() ? " last" : "");
    return to_string(a).substr(2);  // drop "0 "
  }

  // out[i] = 1 where action i is legal, else 0: the actions `legal` that Engine::legal_actions
  // listed for `state` (its seat to act), and each listed play with the "last card" call where
  // the call is allowed (LastCardRules::call_allowed: it holds two, or one under
  // last_card.final_call). `out` has size() entries. Throws std::invalid_argument for a State
  // of another seat count than players(): ids are relative to the acting seat, so a
  // challenge's id would name another seat. Writes no memory but `out`.
  void mask(const State& state, std::span<const Action> legal, std::span<std::uint8_t> out) const {
    if (state.players() != players_) [[unlikely]]
      throw std::invalid_argument("this action space is for " + std::to_string(players_) +
                                  " players, not a State of " + std::to_string(state.players()));
    mask(legal, state.hand(state.turn).size(), out);
  }
  // As above for a list whose seats are this space's (a round's legal actions with its seats
  // mapped to the seats of a match of players() seats; a seat's jump-ins), made by a seat
  // holding `hand_size` cards. An action no seat of players() can take here (a seat or a
  // target past the last, a card the deck does not hold) throws std::invalid_argument; a
  // list of a table of another size whose seats all fit cannot be told apart: give the State.
  void mask(std::span<const Action> legal, int hand_size, std::span<std::uint8_t> out) const {
    if (static_cast<int>(out.size()) != size())
      throw std::invalid_argument("an action mask has " + std::to_string(size()) + " entries");
    for (std::uint8_t& m : out) m = 0;
    for (const Action a : legal) {
      const int i = id(a);
      if (i < 0) [[unlikely]]
        throw_no_id(a);
      out[static_cast<std::size_t>(i)] = 1;
      if (a.kind() == ActionKind::play && last_card_.call_allowed(hand_size))
        out[static_cast<std::size_t>(id(a.with_last()))] = 1;
    }
  }

 private:
  static constexpr int play_slot(Card c, Suit s, int last) {
    return (c.index() * (kSuitCount + 1) + static_cast<int>(s)) * 2 + last;
  }
  static constexpr int swap_slot(Card c, int offset, int last) {
    return (c.index() * kMaxSeats + offset) * 2 + last;
  }
  int add(Action a) {
    actions_.push_back(a);
    return size() - 1;
  }
  // Out of line: the message stays out of the mask's loop.
  [[noreturn]] SWITCHCARDS_NOINLINE void throw_no_id(Action a) const {
    throw std::invalid_argument("'" + to_string(a) + "' has no id in this action space of " +
                                std::to_string(players_) +
                                " players: is the list of another table?");
  }

  int players_;
  LastCardRules last_card_;
  std::array<std::int16_t, kCardKinds*(kSuitCount + 1) * 2> play_ids_{};
  std::array<std::int16_t, kCardKinds * kMaxSeats * 2> swap_ids_{};  // by card, offset, call
  std::vector<Action> actions_;  // by id, made by seat 0 (a challenge's target: the offset)
  int draw_ = -1, pass_ = -1, call_ = -1, first_challenge_ = -1;
  std::array<std::int16_t, kRankCount> name_ids_{};  // by rank; -1: no card names it
};

}  // namespace switchcards
