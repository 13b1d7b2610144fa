// Seats: next, previous, skipping and reversing, checked against explicit tables for 3 and 4
// seats and against a step-by-step walk (not the modulo formula) for 2..8 seats.
#include <catch2/catch.hpp>

#include <array>

#include "switchcards/core/seats.hpp"

using namespace switchcards;

namespace {

// One step in the direction of play, written out without modulo arithmetic.
int step(int seat, int count, Direction d) {
  if (d == Direction::clockwise) return seat == count - 1 ? 0 : seat + 1;
  return seat == 0 ? count - 1 : seat - 1;
}

int walk(int seat, int steps, int count, Direction d) {
  for (int i = 0; i < steps; ++i) seat = step(seat, count, d);
  return seat;
}

}  // namespace

TEST_CASE("Three seats: explicit table", "[seats]") {
  // Row: seat; columns: next, previous, skipping(seat, 1).
  constexpr std::array<std::array<int, 3>, 3> kClockwise = {{{1, 2, 2}, {2, 0, 0}, {0, 1, 1}}};
  constexpr std::array<std::array<int, 3>, 3> kCounter = {{{2, 1, 1}, {0, 2, 2}, {1, 0, 0}}};
  Seats seats(3);
  for (int s = 0; s < 3; ++s) {
    INFO("seat " << s);
    CHECK(seats.next(s) == kClockwise[s][0]);
    CHECK(seats.previous(s) == kClockwise[s][1]);
    CHECK(seats.skipping(s, 1) == kClockwise[s][2]);
  }
  seats.reverse();
  CHECK(seats.direction() == Direction::counterclockwise);
  for (int s = 0; s < 3; ++s) {
    INFO("seat " << s);
    CHECK(seats.next(s) == kCounter[s][0]);
    CHECK(seats.previous(s) == kCounter[s][1]);
    CHECK(seats.skipping(s, 1) == kCounter[s][2]);
  }
}

TEST_CASE("Four seats: explicit table", "[seats]") {
  // Row: seat; columns: next, previous, skipping(seat, 1), skipping(seat, 2).
  constexpr std::array<std::array<int, 4>, 4> kClockwise = {
      {{1, 3, 2, 3}, {2, 0, 3, 0}, {3, 1, 0, 1}, {0, 2, 1, 2}}};
  constexpr std::array<std::array<int, 4>, 4> kCounter = {
      {{3, 1, 2, 1}, {0, 2, 3, 2}, {1, 3, 0, 3}, {2, 0, 1, 0}}};
  for (Direction d : {Direction::clockwise, Direction::counterclockwise}) {
    const auto& table = d == Direction::clockwise ? kClockwise : kCounter;
    const Seats seats(4, d);
    for (int s = 0; s < 4; ++s) {
      INFO("seat " << s << (d == Direction::clockwise ? " clockwise" : " counterclockwise"));
      CHECK(seats.next(s) == table[s][0]);
      CHECK(seats.previous(s) == table[s][1]);
      CHECK(seats.skipping(s, 1) == table[s][2]);
      CHECK(seats.skipping(s, 2) == table[s][3]);
    }
  }
}

TEST_CASE("Two seats: a skip or a reverse gives the same player again", "[seats]") {
  Seats seats(2);
  CHECK(seats.next(0) == 1);
  CHECK(seats.next(1) == 0);
  CHECK(seats.skipping(0, 1) == 0);
  CHECK(seats.skipping(1, 1) == 1);
  seats.reverse();
  CHECK(seats.next(0) == 1);
  CHECK(seats.previous(0) == 1);
}

TEST_CASE("Seats agree with a step-by-step walk for 2..8 seats", "[seats]") {
  for (int n = 2; n <= kMaxSeats; ++n) {
    for (Direction d : {Direction::clockwise, Direction::counterclockwise}) {
      const Seats seats(n, d);
      CHECK(seats.count() == n);
      for (int s = 0; s < n; ++s) {
        INFO(n << " seats, seat " << s
               << (d == Direction::clockwise ? " clockwise" : " counterclockwise"));
        CHECK(seats.next(s) == step(s, n, d));
        CHECK(seats.previous(s) == step(s, n, reversed(d)));
        CHECK(seats.next(seats.previous(s)) == s);
        CHECK(seats.previous(seats.next(s)) == s);
        for (int steps = 0; steps <= 2 * n + 1; ++steps) {
          CHECK(seats.after(s, steps) == walk(s, steps, n, d));
          CHECK(seats.after(s, -steps) == walk(s, steps, n, reversed(d)));
        }
        for (int k = 0; k <= 2 * n; ++k) CHECK(seats.skipping(s, k) == walk(s, k + 1, n, d));
        // Skipping everyone else comes back round to the same seat.
        CHECK(seats.skipping(s, n - 1) == s);
      }
    }
  }
}

TEST_CASE("Reversing flips the direction and twice restores it", "[seats]") {
  for (int n = 2; n <= kMaxSeats; ++n) {
    Seats seats(n);
    const Seats original = seats;
    seats.reverse();
    CHECK(seats.direction() == Direction::counterclockwise);
    CHECK_FALSE(seats == original);
    for (int s = 0; s < n; ++s) CHECK(seats.next(s) == original.previous(s));
    seats.reverse();
    CHECK(seats == original);
    seats.set_direction(Direction::counterclockwise);
    CHECK(seats.direction() == Direction::counterclockwise);
  }
  CHECK(reversed(Direction::clockwise) == Direction::counterclockwise);
  CHECK(reversed(Direction::counterclockwise) == Direction::clockwise);
  CHECK(Seats().count() == 2);
}
