// Action: one choice a seat makes — play a card (naming a suit for a wild, choosing the seat
// to swap hands with for a swap card, calling "last card"), draw, pass, challenge a seat that
// forgot to call last card, call it late, or name the rank a card of names_rank demands. Four
// bytes, trivially copyable; the text form is the one used by scenarios, replays and the CLI:
// `0 play JS`, `1 play AH spades`, `2 play 7D last`, `0 play 7H swap 2`, `1 draw`, `2 pass`,
// `0 challenge 2`, `2 call`, `1 name 7`.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/core/seats.hpp"

namespace switchcards {

// `call`: the "last card" call made after the play (last_card.late_call), before anyone
// catches the caller and before the next player acts. `name`: the rank demanded by the card
// just played (a special's names_rank, Phase::naming), by the seat that played it.
enum class ActionKind : std::uint8_t { play, draw, pass, challenge, call, name };

class Action {
 public:
  constexpr Action() = default;
  static constexpr Action play(int seat, Card card, Suit named = Suit::none, bool last = false) {
    return Action(ActionKind::play, seat, card,
                  static_cast<std::uint8_t>(static_cast<int>(named) | (last ? kLastBit : 0)));
  }
  // A play of a swap card (specials' swap_hands): its player swaps hands with `target`.
  static constexpr Action play_swap(int seat, Card card, int target, bool last = false) {
    return Action(ActionKind::play, seat, card,
                  static_cast<std::uint8_t>(kNoSuit | kTargetFlag | (target << kTargetShift) |
                                            (last ? kLastBit : 0)));
  }
  static constexpr Action draw(int seat) { return Action(ActionKind::draw, seat, Card{}, kNoSuit); }
  static constexpr Action pass(int seat) { return Action(ActionKind::pass, seat, Card{}, kNoSuit); }
  static constexpr Action challenge(int seat, int target) {
    return Action(ActionKind::challenge, seat, Card{}, static_cast<std::uint8_t>(target));
  }
  static constexpr Action call(int seat) { return Action(ActionKind::call, seat, Card{}, kNoSuit); }
  static constexpr Action name(int seat, Rank rank) {
    return Action(ActionKind::name, seat, Card{}, rank_arg(rank));
  }

  constexpr ActionKind kind() const { return kind_; }
  constexpr int seat() const { return seat_; }
  constexpr Card card() const { return card_; }  // play only
  constexpr Suit named_suit() const {            // play only; Suit::none when none is named
    return static_cast<Suit>(arg_ & kSuitBits);
  }
  constexpr bool calls_last() const { return kind_ == ActionKind::play && (arg_ & kLastBit); }
  constexpr int target() const { return arg_; }  // challenge only
  // name only: the rank named; kNoRank for any other action.
  constexpr Rank named_rank() const {
    return kind_ == ActionKind::name ? static_cast<Rank>((arg_ & 0x07) | ((arg_ >> 4) << 3))
                                     : kNoRank;
  }
  // play only: the seat a swap card's player swaps hands with; -1 for a play without one.
  constexpr int swap_target() const {
    return (arg_ & kTargetFlag) ? (arg_ & kTargetBits) >> kTargetShift : -1;
  }
  // The bits of a play past its suit: the call and the swap target. The engine's fast check
  // tests them at once (zero: a plain play without the call).
  constexpr std::uint8_t play_extras() const { return arg_ & (kLastBit | kTargetFlag); }
  // The same action with the "last card" call added or removed.
  constexpr Action with_last(bool last = true) const {
    Action a = *this;
    if (kind_ == ActionKind::play)
      a.arg_ = static_cast<std::uint8_t>((arg_ & (kSuitBits | kTargetFlag | kTargetBits)) |
                                         (last ? kLastBit : 0));
    return a;
  }
  // Whether this is a value the factories make. An Action copied in as raw bytes (from a file,
  // another program) may hold an unknown kind, a card index past the joker or stray bits: the
  // engine refuses it (Refusal::malformed) instead of indexing tables with it.
  constexpr bool well_formed() const {
    switch (kind_) {
      case ActionKind::play:
        return card_.index() < kCardKinds &&
               (arg_ & ~(kSuitBits | kLastBit | kTargetFlag | kTargetBits)) == 0 &&
               (arg_ & kSuitBits) <= kNoSuit &&
               // a swap target names no suit, and only a swap target uses its bits
               ((arg_ & kTargetFlag) ? (arg_ & kSuitBits) == kNoSuit : (arg_ & kTargetBits) == 0);
      case ActionKind::draw:
      case ActionKind::pass:
      case ActionKind::call:
        return card_ == Card{} && arg_ == kNoSuit;
      case ActionKind::challenge:
        return card_ == Card{};
      case ActionKind::name:
        return card_ == Card{} && (arg_ & ~0x17) == 0 &&
               static_cast<int>(named_rank()) < kRankCount;
    }
    return false;
  }
  // A dense 32-bit encoding (for hashing and compact replays).
  constexpr std::uint32_t packed() const {
    return std::uint32_t(kind_) | std::uint32_t(seat_) << 8 | std::uint32_t(card_.index()) << 16 |
           std::uint32_t(arg_) << 24;
  }

  friend constexpr bool operator==(Action, Action) = default;

 private:
  static constexpr std::uint8_t kLastBit = 0x80;
  static constexpr std::uint8_t kTargetFlag = 0x08;  // a play with a swap target
  static constexpr std::uint8_t kTargetBits = 0x70;  // the target seat, 0..7
  static constexpr int kTargetShift = 4;
  static constexpr std::uint8_t kSuitBits = 0x07;
  static constexpr std::uint8_t kNoSuit = static_cast<std::uint8_t>(Suit::none);
  // A name's rank, 0 to 12, with its fourth bit moved past kTargetFlag: swap_target(), which
  // the play path reads without asking the kind, sees no target in it.
  static constexpr std::uint8_t rank_arg(Rank r) {
    const int v = static_cast<int>(r);
    return static_cast<std::uint8_t>((v & 0x07) | ((v >> 3) << 4));
  }
  constexpr Action(ActionKind kind, int seat, Card card, std::uint8_t arg)
      : kind_(kind), seat_(static_cast<std::uint8_t>(seat)), card_(card), arg_(arg) {}

  ActionKind kind_ = ActionKind::draw;
  std::uint8_t seat_ = 0;
  Card card_{};
  std::uint8_t arg_ = kNoSuit;
};
static_assert(sizeof(Action) == 4);
static_assert(kMaxSeats <= 8, "a swap target takes three bits of Action");

// The same action with every seat in it (its actor, a challenge's or a swap's target) mapped by
// `seat_of` (an int -> int function: round seats to match seats, offsets to seats...).
template <typename SeatOf>
constexpr Action with_seats_mapped(Action a, SeatOf&& seat_of) {
  const int seat = seat_of(a.seat());
  switch (a.kind()) {
    case ActionKind::play:
      if (a.swap_target() >= 0)
        return Action::play_swap(seat, a.card(), seat_of(a.swap_target()), a.calls_last());
      return Action::play(seat, a.card(), a.named_suit(), a.calls_last());
    case ActionKind::draw:
      return Action::draw(seat);
    case ActionKind::pass:
      return Action::pass(seat);
    case ActionKind::call:
      return Action::call(seat);
    case ActionKind::challenge:
      return Action::challenge(seat, seat_of(a.target()));
    case ActionKind::name:
      return Action::name(seat, a.named_rank());
  }
  return a;
}

// Text form: `S play CARD [SUIT] [swap T] [last]`, `S draw`, `S pass`, `S challenge T`,
// `S call`, `S name RANK`.
inline std::string to_string(Action a) {
  if (!a.well_formed()) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex = "malformed action 0x";
    for (int shift = 28; shift >= 0; shift -= 4) hex += kHex[(a.packed() >> shift) & 0xf];
    return hex;
  }
  std::string out = std::to_string(a.seat());
  switch (a.kind()) {
    case ActionKind::play:
      out += " play " + to_string(a.card());
      if (a.named_suit() != Suit::none) out += " " + std::string(suit_name(a.named_suit()));
      if (a.swap_target() >= 0) out += " swap " + std::to_string(a.swap_target());
      if (a.calls_last()) out += " last";
      break;
    case ActionKind::draw:
      out += " draw";
      break;
    case ActionKind::pass:
      out += " pass";
      break;
    case ActionKind::challenge:
      out += " challenge " + std::to_string(a.target());
      break;
    case ActionKind::call:
      out += " call";
      break;
    case ActionKind::name:
      out += " name " + std::string(rank_symbol(a.named_rank()));
      break;
  }
  return out;
}

namespace detail {
inline std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) words.push_back(s.substr(i, j - i));
    i = j;
  }
  return words;
}
// A seat of the largest table, 0 to kMaxSeats-1: what an Action holds (and the JSON form
// reads back); a number past it would make an action no table has.
inline bool parse_seat_number(std::string_view w, int& out) {
  if (w.empty() || w.size() > 2) return false;
  int v = 0;
  for (char c : w) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v >= kMaxSeats) return false;
  out = v;
  return true;
}
inline std::string seat_range() {
  return "(0 to " + std::to_string(kMaxSeats - 1) + ")";
}
}  // namespace detail

// Parses the text form; throws NotationError naming the text and what is wrong. Seat numbers
// are 0 to kMaxSeats-1; whether the table has the seat is the engine's to check.
inline Action parse_action(std::string_view text) {
  const auto words = detail::split_words(text);
  auto fail = [&](const std::string& why) -> Action {
    throw NotationError("action '" + std::string(text) + "': " + why +
                        " (expected 'S play CARD [SUIT] [swap T] [last]', 'S draw', 'S pass', "
                        "'S challenge T', 'S call' or 'S name RANK')");
  };
  int seat = 0;
  if (words.size() < 2) return fail("too few words");
  if (!detail::parse_seat_number(words[0], seat))
    return fail("'" + std::string(words[0]) + "' is not a seat number " + detail::seat_range());
  const std::string_view verb = words[1];
  if (verb == "draw" || verb == "pass" || verb == "call") {
    if (words.size() != 2) return fail("'" + std::string(verb) + "' takes no arguments");
    return verb == "draw"   ? Action::draw(seat)
           : verb == "pass" ? Action::pass(seat)
                            : Action::call(seat);
  }
  if (verb == "name") {
    const auto rank = words.size() == 3 ? try_parse_rank(words[2]) : std::nullopt;
    if (!rank || *rank == kNoRank) return fail("'name' takes one rank (A, 2 to 10, J, Q, K)");
    return Action::name(seat, *rank);
  }
  if (verb == "challenge") {
    int target = 0;
    if (words.size() != 3 || !detail::parse_seat_number(words[2], target))
      return fail("'challenge' takes one seat number " + detail::seat_range());
    return Action::challenge(seat, target);
  }
  if (verb == "play") {
    if (words.size() < 3 || words.size() > 6)
      return fail("'play' takes a card, then an optional suit or 'swap T', and 'last'");
    auto card = try_parse_card(words[2]);
    if (!card) return fail("'" + std::string(words[2]) + "' is not a card");
    Suit named = Suit::none;
    int target = -1;
    bool last = false;
    for (std::size_t i = 3; i < words.size(); ++i) {
      if (words[i] == "last" && !last && i == words.size() - 1) {
        last = true;
      } else if (words[i] == "swap" && target < 0 && named == Suit::none && !last) {
        if (i + 1 >= words.size() || !detail::parse_seat_number(words[i + 1], target))
          return fail("'swap' takes one seat number " + detail::seat_range());
        ++i;
      } else if (auto s = try_parse_suit(words[i]);
                 s && named == Suit::none && target < 0 && !last) {
        named = *s;
      } else {
        return fail("unexpected '" + std::string(words[i]) + "'");
      }
    }
    if (target >= 0) return Action::play_swap(seat, *card, target, last);
    return Action::play(seat, *card, named, last);
  }
  return fail("unknown verb '" + std::string(verb) + "'");
}

// A caller-owned buffer of actions, large enough for any position: every card kind, a wild
// expanded once per suit or a swap card once per other seat (the loader refuses a wild that
// names a suit and swaps), plus draw, pass and a challenge per seat.
inline constexpr int kMaxActions = 512;
static_assert(kMaxActions >= kCardKinds * (kMaxSeats - 1) + 2 + kMaxSeats);

class ActionList {
 public:
  constexpr int size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr void clear() { size_ = 0; }
  void push(Action a) { std::construct_at(&storage_.items[size_++], a); }
  // For producers that fill the buffer in a loop: write through data(), then set the count
  // once (keeps the count in a register instead of storing it after every element).
  Action* data() { return storage_.items; }
  void set_size(int n) { size_ = n; }
  Action operator[](int i) const { return storage_.items[i]; }
  const Action* begin() const { return storage_.items; }
  const Action* end() const { return storage_.items + size_; }
  std::span<const Action> span() const { return {storage_.items, std::size_t(size_)}; }
  bool contains(Action a) const {
    for (int i = 0; i < size_; ++i)
      if (storage_.items[i] == a) return true;
    return false;
  }

 private:
  // Left uninitialised (Action is trivially copyable): a list is made for every round, and
  // filling all kMaxActions entries would cost more than the actions listed. Only the first
  // size_ items are ever read.
  union Storage {
    Storage() {}
    Action items[kMaxActions];
  } storage_;
  int size_ = 0;
};

}  // namespace switchcards
