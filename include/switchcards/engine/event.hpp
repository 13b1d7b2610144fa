// Event: one change a viewer would show (a card dealt, played or drawn, a seat skipped, a suit
// named, a penalty pending / paid / cancelled / deflected, hands swapped or passed on, last card
// called / caught, a jump-in, a reshuffle, the end of the round). `apply` appends them to a
// caller-owned buffer, so nothing allocates.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "switchcards/core/card.hpp"

namespace switchcards {

enum class EventKind : std::uint8_t {
  card_played,         // seat played card
  card_drawn,          // seat drew card (private to seat: others see only that a card was drawn)
  seat_skipped,        // seat misses its turn
  direction_reversed,  // count: the new direction (0 clockwise, 1 counterclockwise)
  play_again,          // seat plays again (identical card)
  back_to_previous,    // play goes back to seat
  suit_named,          // seat named suit (card's suit holds the named suit)
  demand_set,          // the next card must satisfy the demand of card
  penalty_pending,     // seat (the victim) faces count cards / extra turns skipped
  penalty_paid,        // seat drew count cards for a penalty
  penalty_cancelled,   // seat cancelled the pending penalty with card
  last_card_called,    // seat called last card; extra 1: the final call, with its final card
                       // (last_card.final_call); 2: a late call, an action of its own after
                       // the play that left one card (0: with that play)
  last_card_missed,    // seat left itself one card without calling; extra 1: seat played its
                       // final card without the call (last_card.final_call)
  last_card_caught,    // seat (the challenger) caught extra (the offender)
  last_card_penalty,   // seat drew count cards as a last-card penalty; extra 1: for the final
                       // call forgotten (last_card.final_call)
  stock_reshuffled,    // count cards of the discard pile became the new stock
  stock_exhausted,     // seat could draw only count of the cards owed
  round_over,          // seat won (kNoSeat: stalemate, the turn limit was reached)
  card_dealt,          // seat was dealt card (private to seat; only with DealEvents::every_card)
  finish_penalty,      // seat went out on card, which may not finish (round.no_finish), and
                       // drew count cards instead
  penalty_deflected,   // seat deflected the pending penalty with card to extra (the new victim)
  hands_swapped,       // seat swapped hands with extra (public: who with whom, not the cards)
  hands_rotated,       // seat's card passed every hand on; count: the direction they moved (0
                       // clockwise: each to the next seat up, 1 counterclockwise)
  jumped_in,           // seat jumped in out of turn with card (identical.jump_in), before extra
                       // (the seat that was to act) acted; its card_played follows
  rank_named,          // seat named a rank (a special's names_rank): card's rank is the rank
                       // named, its suit the suit of the card played
};

inline constexpr int kEventKindCount = static_cast<int>(EventKind::rank_named) + 1;
inline constexpr std::uint8_t kNoSeat = 0xff;

struct Event {
  EventKind kind;
  std::uint8_t seat = kNoSeat;
  Card card{};
  std::uint32_t count = 0;  // wide enough for a stacked penalty (penalty_pending, Pending)
  std::uint32_t extra = 0;  // penalty_pending: the turns to skip, which stack too
  friend constexpr bool operator==(const Event&, const Event&) = default;
};

constexpr std::string_view event_name(EventKind k) {
  constexpr std::array<std::string_view, kEventKindCount> kNames = {
      "card_played",       "card_drawn",       "seat_skipped",      "direction_reversed",
      "play_again",        "back_to_previous", "suit_named",        "demand_set",
      "penalty_pending",   "penalty_paid",     "penalty_cancelled", "last_card_called",
      "last_card_missed",  "last_card_caught", "last_card_penalty", "stock_reshuffled",
      "stock_exhausted",   "round_over",       "card_dealt",        "finish_penalty",
      "penalty_deflected", "hands_swapped",    "hands_rotated",     "jumped_in",
      "rank_named"};
  return kNames[static_cast<int>(k)];
}

// Whether the event's `extra` is a seat: the offender caught, the new victim of a deflection,
// the seat swapped with, the seat jumped in before.
constexpr bool extra_is_seat(EventKind k) {
  return k == EventKind::last_card_caught || k == EventKind::penalty_deflected ||
         k == EventKind::hands_swapped || k == EventKind::jumped_in;
}

// `e` with its seats (`seat`, and `extra` where extra_is_seat) renumbered by `seat_of`: seat r
// becomes seat_of[r]. A round a match deals to fewer seats numbers them 0.. (MatchDriver's
// deal.seats are their match seats), so its events are told with the match's numbers this
// way. A seat past the end of `seat_of` keeps its number.
inline Event with_seats(Event e, std::span<const int> seat_of) {
  const auto renumbered = [&](std::uint32_t seat) {
    return seat < seat_of.size() ? static_cast<std::uint32_t>(seat_of[seat]) : seat;
  };
  if (e.seat != kNoSeat) e.seat = static_cast<std::uint8_t>(renumbered(e.seat));
  if (extra_is_seat(e.kind)) e.extra = renumbered(e.extra);
  return e;
}

// Every event of `events` renumbered so.
inline std::vector<Event> with_seats(std::span<const Event> events, std::span<const int> seat_of) {
  std::vector<Event> out;
  out.reserve(events.size());
  for (const Event& e : events) out.push_back(with_seats(e, seat_of));
  return out;
}

// The event as `seat` may see it: a card another seat was dealt or drew becomes the joker
// placeholder, unless the seat sees every hand (beginner mode). Everything else is public.
constexpr Event seen_by(Event e, int seat, bool revealed) {
  if (!revealed && (e.kind == EventKind::card_drawn || e.kind == EventKind::card_dealt) &&
      e.seat != seat)
    e.card = Card::joker();
  return e;
}

// Fixed capacity; events past it are counted in `dropped` rather than stored (only a draw of
// hundreds of cards could get there).
class EventBuffer {
 public:
  static constexpr int kCapacity = 256;
  void clear() { size_ = 0, dropped_ = 0; }
  void push(const Event& e) {
    if (size_ < kCapacity)
      std::construct_at(&storage_.items[size_++], e);
    else
      ++dropped_;
  }
  int size() const { return size_; }
  int dropped() const { return dropped_; }
  const Event& operator[](int i) const { return storage_.items[i]; }
  const Event* begin() const { return storage_.items; }
  const Event* end() const { return storage_.items + size_; }
  std::span<const Event> span() const { return {storage_.items, std::size_t(size_)}; }

 private:
  // Left uninitialised: a buffer is made for every round (and often per action), and filling
  // 256 events there would cost more than the events pushed into it. Only the first size_
  // items are ever read.
  union Storage {
    Storage() {}
    Event items[kCapacity];
  } storage_;
  int size_ = 0;
  int dropped_ = 0;
};

}  // namespace switchcards
