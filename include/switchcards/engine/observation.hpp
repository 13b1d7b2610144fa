// Observation: a seat's view of a round as a fixed-length vector of floats for learning
// agents, with a layout table naming every slice (name, offset, size), so code can find a
// feature by name. Built from a PlayerView, the cards the seat saw played since the last
// reshuffle (its own memory: CardKnowledge::discard_seen in engine/card_knowledge.hpp) and the
// match totals, and from nothing else: two positions a seat cannot tell apart give it the same
// vector (tests/unit/test_hidden_information.cpp).
//
// Seats other than the observer appear in order of play from it: entry k of a per-seat slice
// is the seat k places on in the current direction (entry 0 is the observer itself), so the
// vector reads the same from every chair.
//
// A match that eliminates seats deals its later rounds to fewer seats. Laid out for the
// match's seats (ObservationSeats::match), the vector keeps one size for the whole match: the
// per-seat slices have an entry for every match seat, in order of play among the match's seats
// (the round's seats keep the match's seat order), and the slice out_of_match, added at the
// end, flags the seats that are out (zero cards, never to act); the slices before it are those
// of the round layout, at the same offsets.
//
// Writing allocates nothing: it fills a caller-owned span (bench/bench_engine.cpp times it).
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/engine/card_knowledge.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/view.hpp"

namespace switchcards {

struct ObservationSlice {
  std::string name;
  int offset = 0;
  int size = 0;
  std::string meaning;
};

// Whose seats the per-seat slices describe.
enum class ObservationSeats : std::uint8_t {
  round,  // the round's: `players` is the round's seat count
  match,  // the match's, also those eliminated: `players` is the match's seat count
};

class ObservationLayout {
 public:
  ObservationLayout(const Engine& engine, int players,
                    ObservationSeats seats = ObservationSeats::round)
      : players_(players), seats_(seats) {
    const Variant& v = engine.variant();
    require_player_count(v, players);
    specials_ = static_cast<int>(v.specials.size());
    const int k = players;
    // The order of this table is the order of the vector.
    hand_ = add("hand", kCardKinds, "copies of each card kind held (by card index)");
    top_ = add("top", kCardKinds, "the top card of the discard pile, one-hot");
    suit_ = add("suit_in_force", kSuitCount, "the suit the next card must follow, one-hot");
    named_ = add("named_suit", kSuitCount, "a suit named by a wild, one-hot (all 0: none)");
    demand_ = add("demand", kCardKinds, "the cards a demand in force allows (all 0: none)");
    pending_draw_ = add("pending_draw", 1, "cards the seat to act must draw unless answered");
    pending_skip_ = add("pending_skip", 1, "turns the seat to act must miss unless answered");
    pending_effect_ = add("pending_effect", specials_,
                          "the special that set the pending penalty, one-hot by its place in "
                          "the variant's specials");
    direction_ = add("direction", 1, "0 clockwise, 1 counterclockwise");
    // Phase::naming only where a card names a rank: the other variants' vectors keep four.
    const bool names_ranks = std::ranges::any_of(
        v.specials, [](const Effect& e) { return !e.names_rank.cards.empty(); });
    phase_ = names_ranks
                 ? add("phase", kPhaseCount, "play, after_draw, laying, over, naming, one-hot")
                 : add("phase", kPhaseCount - 1, "play, after_draw, laying, over, one-hot");
    to_act_ = add("to_act", k, "the seat to act, one-hot in order of play (0: this seat)");
    hand_sizes_ = add("hand_sizes", k, "cards held by each seat, in order of play (0: this seat)");
    catchable_ = add("catchable", k,
                     "the seat that may be caught for a missed last-card call, one-hot in order "
                     "of play (all 0: none)");
    owes_ = add("owes_last_card", k, "seats that owe a last-card penalty, in order of play");
    misses_ = add("misses_turn", k, "seats that will miss their next turn, in order of play");
    drawn_ = add("drawn", kCardKinds, "the card this seat may play after drawing, one-hot");
    seen_ = add("discard_seen", kCardKinds,
                "copies of each card kind seen played since the last reshuffle (the discard "
                "pile as this seat remembers it)");
    stock_ = add("stock_size", 1, "cards in the stock");
    discard_ = add("discard_size", 1, "cards in the discard pile");
    // Only where a turn may lay several cards: the other variants' vectors do not grow.
    if (v.play.several_cards()) {
      turn_cards_ = add("turn_cards", kCardKinds,
                        "copies of each card kind laid so far in the turn under way (phase "
                        "laying; all 0 otherwise)");
      run_direction_ = add("run_direction", 2,
                           "the run of the turn under way goes up, goes down, one-hot (all 0: "
                           "no run, or its direction not fixed yet)");
    }
    // Only where a special's `waits` lets a seat miss several turns: misses_turn says the rest.
    if (std::ranges::any_of(v.specials, [](const Effect& e) { return e.waits; }))
      turns_to_miss_ =
          add("turns_to_miss", k, "turns each seat will miss, one after another, in order of play");
    // Only where a card names a rank (a special's names_rank).
    if (names_ranks) {
      named_rank_ = add("named_rank", kRankCount,
                        "the rank named, which every seat in turn must play (or draw), one-hot by "
                        "rank A, 2, ..., K (all 0: none)");
      named_by_ = add("named_by", k,
                      "the seat that named it, whose turn it binds last, one-hot in order of play");
    }
    scores_ = add("match_totals", k, "each seat's match total, in order of play (0: no match)");
    if (seats == ObservationSeats::match)
      out_ = add("out_of_match", k,
                 "seats out of the match, sitting the round out (no cards), in order of play");
  }

  int size() const { return size_; }
  int players() const { return players_; }
  ObservationSeats seats() const { return seats_; }
  std::span<const ObservationSlice> slices() const { return slices_; }
  const ObservationSlice& slice(std::string_view name) const {
    for (const ObservationSlice& s : slices_)
      if (s.name == name) return s;
    throw std::out_of_range("no observation slice '" + std::string(name) + "'");
  }

  // The same, with the seat's memory kept by a CardKnowledge fed the seat's events (as the
  // ismcts agent keeps it): its discard_seen(). A template taking exactly a CardKnowledge, so
  // that `{}` (no memory) is deduced for nothing here and goes to the span overload below: as a
  // plain `const CardKnowledge&` it made write(view, {}, {}, out) ambiguous.
  template <std::same_as<CardKnowledge> Memory>
  void write(const PlayerView& view, const Memory& memory, std::span<const int> match_totals,
             std::span<float> out) const {
    write(view, memory.discard_seen(), match_totals, out);
  }

  // Writes the observation of `view` into `out` (size() floats). `discard_seen`: the cards
  // the seat saw played since the last reshuffle; `match_totals`: by seat, or empty. A layout
  // of the match's seats takes this for a round that every match seat plays.
  void write(const PlayerView& view, std::span<const Card> discard_seen,
             std::span<const int> match_totals, std::span<float> out) const {
    if (view.players() != players_)
      throw std::invalid_argument("this layout is for " + std::to_string(players_) + " players");
    const Seats& seats = view.seats();
    write_view(view, discard_seen, match_totals, out, [&](int k) {
      const int seat = seats.after(view.seat(), k);
      return SeatAt{seat, seat};
    });
  }

  // The same for a layout of the match's seats (ObservationSeats::match), in a round dealt to
  // some of them: `round_seats[i]` is the match seat of round seat i (RoundDeal::seats, in
  // match seat order); `match_totals` is by match seat.
  void write(const PlayerView& view, std::span<const Card> discard_seen,
             std::span<const int> match_totals, std::span<const int> round_seats,
             std::span<float> out) const {
    std::array<int, kMaxSeats> round_seat_of;  // by match seat; -1: out of the match
    const int observer = match_seating(view.players(), round_seats, round_seat_of)[view.seat()];
    const int way = view.direction() == Direction::clockwise ? 1 : players_ - 1;
    write_view(view, discard_seen, match_totals, out, [&](int k) {
      const int match_seat = (observer + way * k) % players_;
      return SeatAt{round_seat_of[static_cast<std::size_t>(match_seat)], match_seat};
    });
  }

  // The observation of a match seat that is out (a layout of the match's seats): nothing of
  // the round it does not play but who is out, in seat order from it, and the match totals.
  void write_out(int match_seat, std::span<const int> round_seats,
                 std::span<const int> match_totals, std::span<float> out) const {
    std::array<int, kMaxSeats> round_seat_of;
    match_seating(static_cast<int>(round_seats.size()), round_seats, round_seat_of);
    if (match_seat < 0 || match_seat >= players_)
      throw std::invalid_argument("seat " + std::to_string(match_seat) +
                                  " is not one of the layout's " + std::to_string(players_) +
                                  " seats");
    if (round_seat_of[static_cast<std::size_t>(match_seat)] >= 0)
      throw std::invalid_argument("seat " + std::to_string(match_seat) + " is not out");
    if (static_cast<int>(out.size()) != size_)
      throw std::invalid_argument("an observation has " + std::to_string(size_) + " floats");
    std::fill(out.begin(), out.end(), 0.0f);
    for (int k = 0; k < players_; ++k) {
      const int seat = (match_seat + k) % players_;
      if (round_seat_of[static_cast<std::size_t>(seat)] < 0) out[out_ + k] = 1.0f;
      if (static_cast<std::size_t>(seat) < match_totals.size())
        out[scores_ + k] = static_cast<float>(match_totals[static_cast<std::size_t>(seat)]);
    }
  }

 private:
  // Entry k of the per-seat slices: the round seat there (-1: out of the match) and its match
  // seat (the index of match_totals).
  struct SeatAt {
    int round_seat;
    int match_seat;
  };

  // round_seat_of[match seat] from the match seat of each of the `players` round seats;
  // returns round_seats, checked against this layout.
  std::span<const int> match_seating(int players, std::span<const int> round_seats,
                                     std::array<int, kMaxSeats>& round_seat_of) const {
    if (seats_ != ObservationSeats::match)
      throw std::invalid_argument("this layout is not laid out for a match's seats");
    if (static_cast<int>(round_seats.size()) != players || players > players_)
      throw std::invalid_argument("round_seats: the match seat of each of the round's " +
                                  std::to_string(players) + " seats");
    round_seat_of.fill(-1);
    for (int i = 0; i < players; ++i) {
      const int m = round_seats[static_cast<std::size_t>(i)];
      if (m < 0 || m >= players_ || (i > 0 && m <= round_seats[static_cast<std::size_t>(i - 1)]))
        throw std::invalid_argument("round_seats: match seats in increasing order, below " +
                                    std::to_string(players_));
      round_seat_of[static_cast<std::size_t>(m)] = i;
    }
    return round_seats;
  }

  // Everything but the per-seat entries from `view`, and those from seat_at(k) (a SeatAt) for
  // k = 0..players()-1, entry 0 being the observer.
  template <typename SeatAtK>
  void write_view(const PlayerView& view, std::span<const Card> discard_seen,
                  std::span<const int> match_totals, std::span<float> out, SeatAtK seat_at) const {
    if (static_cast<int>(out.size()) != size_)
      throw std::invalid_argument("an observation has " + std::to_string(size_) + " floats");
    // discard_seen comes from the caller (a Card holds any index it is made from): checked
    // before anything is written, so a refused call leaves `out` as it was.
    for (const Card c : discard_seen)
      if (c.index() >= kCardKinds)
        throw std::invalid_argument("discard_seen: card index " + std::to_string(c.index()) +
                                    " is no card");
    float* o = out.data();
    for (int i = 0; i < size_; ++i) o[i] = 0.0f;
    const Hand& hand = view.hand();
    for (CardMask m = hand.kinds(); !m.empty();) {
      const Card c = m.pop_first();
      o[hand_ + c.index()] = static_cast<float>(hand.count(c));
    }
    o[top_ + view.top().index()] = 1.0f;
    if (const Suit s = view.suit_in_force(); s != Suit::none) o[suit_ + static_cast<int>(s)] = 1;
    if (const Suit s = view.named_suit(); s != Suit::none) o[named_ + static_cast<int>(s)] = 1;
    for (CardMask m = view.demand(); !m.empty();) o[demand_ + m.pop_first().index()] = 1.0f;
    o[pending_draw_] = static_cast<float>(view.pending_draw());
    o[pending_skip_] = static_cast<float>(view.pending_skip());
    if (const int e = view.pending_effect(); e >= 0 && e < specials_) o[pending_effect_ + e] = 1;
    o[direction_] = view.direction() == Direction::clockwise ? 0.0f : 1.0f;
    o[phase_ + static_cast<int>(view.phase())] = 1.0f;
    for (int k = 0; k < players_; ++k) {
      const SeatAt at = seat_at(k);
      if (static_cast<std::size_t>(at.match_seat) < match_totals.size())
        o[scores_ + k] = static_cast<float>(match_totals[static_cast<std::size_t>(at.match_seat)]);
      const int seat = at.round_seat;
      if (seat < 0) {
        o[out_ + k] = 1.0f;
        continue;
      }
      if (seat == view.turn()) o[to_act_ + k] = 1.0f;
      o[hand_sizes_ + k] = static_cast<float>(view.hand_size(seat));
      if (seat == view.catchable()) o[catchable_ + k] = 1.0f;
      if (view.owes_last_card(seat)) o[owes_ + k] = 1.0f;
      if (view.misses_turn(seat)) o[misses_ + k] = 1.0f;
      if (turns_to_miss_ >= 0) o[turns_to_miss_ + k] = static_cast<float>(view.turns_to_miss(seat));
      if (named_by_ >= 0 && seat == view.named_by()) o[named_by_ + k] = 1.0f;
    }
    if (const std::optional<Card> d = view.drawn()) o[drawn_ + d->index()] = 1.0f;
    if (named_rank_ >= 0 && view.named_by() >= 0)
      o[named_rank_ + static_cast<int>(view.named_rank())] = 1.0f;
    for (const Card c : discard_seen) o[seen_ + c.index()] += 1.0f;
    o[stock_] = static_cast<float>(view.stock_size());
    o[discard_] = static_cast<float>(view.discard_size());
    if (turn_cards_ >= 0) {
      for (const Card c : view.turn_cards()) o[turn_cards_ + c.index()] += 1.0f;
      if (view.run_step() != 0) o[run_direction_ + (view.run_step() > 0 ? 0 : 1)] = 1.0f;
    }
  }

  int add(std::string name, int size, std::string meaning) {
    slices_.push_back({std::move(name), size_, size, std::move(meaning)});
    size_ += size;
    return size_ - size;
  }

  int players_;
  ObservationSeats seats_;
  int specials_ = 0;
  int size_ = 0;
  std::vector<ObservationSlice> slices_;
  int hand_, top_, suit_, named_, demand_, pending_draw_, pending_skip_, pending_effect_,
      direction_, phase_, to_act_, hand_sizes_, catchable_, owes_, misses_, drawn_, seen_, stock_,
      discard_, scores_, out_ = -1;
  int turn_cards_ = -1, run_direction_ = -1;  // -1: the variant lays one card a turn
  int turns_to_miss_ = -1;                    // -1: no special of the variant waits
  int named_rank_ = -1, named_by_ = -1;       // -1: no card of the variant names a rank
};

}  // namespace switchcards
