// CardKnowledge: what one seat has learned, from the events it saw, about where the cards it
// cannot see are. The determinizer (determinize.hpp) samples full States from it. It holds no
// card the seat may not see: it is built only from the seat's PlayerView and its masked events.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "switchcards/core/card.hpp"
#include "switchcards/core/pile.hpp"
#include "switchcards/core/seats.hpp"
#include "switchcards/engine/event.hpp"
#include "switchcards/engine/state.hpp"
#include "switchcards/engine/view.hpp"

namespace switchcards {

// The hidden cards come in groups. Group 0 is what the seat did not see of the deal; each
// reshuffle makes a new group of the cards the seat saw played (the discard pile below its
// top), which become the stock. A group is a known multiset of cards spread over hidden places
// in known numbers: so many in each other seat's hand, so many in the stock, so many in the
// part of the discard pile the seat did not see played. Within a group every arrangement is
// equally likely (the seat knows nothing that tells the cards apart), so a uniform sample deals
// each group's cards at random to its places.
//
// Where a card could come from two groups (two decks or several jokers), the group more likely
// to hold it is charged (and should a later copy then fit no group, two groups swap a card):
// the record stays consistent with the view, but is then an approximation. A record fed a
// new round without its deal (fewer decisions than the last view it saw, or more than one on
// with cards its events do not account for), or events it cannot place, starts over from the
// view at once, in observe(); one that otherwise disagrees with the
// view (events it was never shown) is rebuilt from the view alone by sync(): everything unseen in
// one group, the discard pile below its top (and below the cards of a turn under way, which lie in
// view) hidden too. After such a rebuild a reshuffle can leave the stock with cards of two groups;
// another seat's draw is then charged to the larger share, a guess the determinizer corrects when
// the drawn card could not be of it. The table as `view` shows it, as a State without cards: the
// seat order, the seat to act, the phase, the suit named, the demand and the pending penalty. The
// record keeps it to tell what a drawing seat could have played; the determinizer builds its
// samples on it.
State public_table(const PlayerView& view);

class CardKnowledge {
 public:
  static constexpr int kMaxGroups = 12;

  struct Group {
    std::array<std::uint8_t, kCardKinds> cards{};   // copies of each kind still hidden
    int size = 0;                                   // sum of cards
    std::array<std::uint8_t, kMaxSeats> in_hand{};  // of them, held by each other seat
    int in_stock = 0;
    int in_discard = 0;  // below the discard pile's top, not seen played
    // Not in the round at all: a position set up with fewer cards than the deck (a scenario)
    // leaves the rest out, and the seat cannot tell which.
    int out_of_play = 0;
  };

  // What a seat that drew instead of playing told: none of the cards it could have played
  // (`kinds`) was among the cards it held then, `held` of which it still holds (a play of
  // another card may have been one of them, so each counts one off).
  struct Voids {
    CardMask kinds;
    int held = 0;
  };

  // Forgets everything; the next sync() rebuilds the record from the view.
  void reset() {
    valid_ = false;
    table_valid_ = false;
  }

  // Draws the rules force (no draw while holding a playable card) always tell the seat's
  // voids. With this on, every draw of another seat does: the record assumes the others play
  // whenever they can, as the eager and heuristic agents do (a belief, not knowledge: against a
  // player who draws at will it is wrong, and the samples are then merely less accurate).
  void set_assume_plays_when_able(bool on) { assume_plays_ = on; }

  // The events of one action (or of the deal) as the seat saw them, with its view after them.
  void observe(const PlayerView& view, std::span<const Event> events);

  // Makes the record agree with the view: if it does not (or was never built), rebuilds it
  // from the view alone. Call before determinizing.
  void sync(const PlayerView& view);

  // Whether the record agrees with everything the view shows (the places' sizes, the top card,
  // every card of the seat's deck accounted for once).
  bool agrees_with(const PlayerView& view) const;

  int seat() const { return seat_; }
  std::span<const Group> groups() const { return {groups_.data(), std::size_t(group_count_)}; }
  // The discard pile as far as the seat saw it played since the last reshuffle, bottom first;
  // its last card is the top. The cards below it that it did not see are the groups'
  // in_discard.
  std::span<const Card> discard_seen() const { return discard_seen_.cards(); }
  // The group the seat's last drawn card came from (for a seat deciding after its draw), -1 if
  // unknown.
  int last_draw_group(int seat) const { return last_draw_group_[seat]; }
  const Voids& voids(int seat) const { return voids_[seat]; }

 private:
  void rebuild_from_view(const PlayerView& view);
  void start_from_deal(const PlayerView& view, Card first);
  void learn_from_draw(const PlayerView& view, int seat);
  // Keeps the view's public table (table_) for the next action's draw.
  void remember_table(const PlayerView& view);
  void apply_event(const PlayerView& view, const Event& e);
  // hands_swapped and hands_rotated: the hidden cards move with their hands; the seat's own
  // old hand becomes a group of known cards in the hand it went to, and the hand it received
  // (its view's hand, less the cards it draws later in `rest`, the events of the same action)
  // is shown to it.
  void move_hands(const PlayerView& view, const Event& e, std::span<const Event> rest);
  // The group charged with a card leaving `place` (a seat, or kStock), or -1 if none can be.
  int group_holding(int place, Card c) const;
  // group_holding, or, where an earlier copy was charged to the wrong group, the group with
  // the most cards in the place after it swaps a card with one that holds `c`.
  int group_giving(int place, Card c);
  // A card of `place` (a seat, or kStock) shown to the seat: it leaves its hidden group. False
  // (and the record invalid) if no group can have held it there.
  bool take_shown(int place, Card c);
  int new_group();
  void drop_empty_groups();

  static constexpr int kStock = kMaxSeats;

  std::array<Group, kMaxGroups> groups_{};
  int group_count_ = 0;
  Pile discard_seen_;
  Hand own_;  // the seat's own hand as the events so far leave it (for the hand it passes on)
  std::array<std::int8_t, kMaxSeats> last_draw_group_{};
  std::array<Voids, kMaxSeats> voids_{};
  // The public table before the next action (top card, constraints, penalty, seat to act),
  // to tell what a seat that drew could have played instead.
  State table_;
  // The decisions of the round when table_ was kept: they only grow within a round, so a view
  // with fewer is of a new round (observe).
  int table_decisions_ = 0;
  bool table_valid_ = false;
  bool assume_plays_ = false;
  int seat_ = -1;
  int players_ = 0;
  bool valid_ = false;
};

}  // namespace switchcards
