// Seats and turn order: N seats round a table, a direction of play, next / previous seat,
// skipping k seats and reversing. Clockwise means increasing seat numbers (seat 0, 1, 2, ...).
#pragma once

#include <cassert>
#include <cstdint>
#include <string_view>

namespace switchcards {

inline constexpr int kMaxSeats = 8;

enum class Direction : std::uint8_t { clockwise, counterclockwise };

// Its name in files and messages.
constexpr std::string_view direction_name(Direction d) {
  return d == Direction::clockwise ? "clockwise" : "counterclockwise";
}

constexpr Direction reversed(Direction d) {
  return d == Direction::clockwise ? Direction::counterclockwise : Direction::clockwise;
}

class Seats {
 public:
  constexpr Seats() = default;
  constexpr explicit Seats(int count, Direction direction = Direction::clockwise)
      : count_(static_cast<std::uint8_t>(count)), direction_(direction) {
    assert(count >= 1 && count <= kMaxSeats);
  }
  constexpr int count() const { return count_; }
  constexpr Direction direction() const { return direction_; }
  constexpr void set_direction(Direction d) { direction_ = d; }
  constexpr void reverse() { direction_ = reversed(direction_); }

  // The seat `steps` places after `seat` in the direction of play (negative: before).
  constexpr int after(int seat, int steps = 1) const {
    const int n = count_;
    const int r = seat + (direction_ == Direction::clockwise ? steps : -steps);
    if (r >= 0 && r < n) return r;  // the usual short step: no division on the hot path
    return (r % n + n) % n;
  }
  // One seat on: called for every turn, so it wraps round by comparison, not division.
  constexpr int next(int seat) const {
    const int n = count_;
    const int r = seat + (direction_ == Direction::clockwise ? 1 : -1);
    return r == n ? 0 : r < 0 ? n - 1 : r;
  }
  constexpr int previous(int seat) const { return after(seat, -1); }
  // The seat that plays after `seat` when the k seats following it are skipped.
  constexpr int skipping(int seat, int k) const { return after(seat, 1 + k); }

  friend constexpr bool operator==(const Seats&, const Seats&) = default;

 private:
  std::uint8_t count_ = 2;
  Direction direction_ = Direction::clockwise;
};

}  // namespace switchcards
