// The shape every game record must have, whichever form it is read from (YAML in replay.cpp,
// JSON in json.cpp): each reader reports a problem at its own node, with file, line and column
// or JSON path. Private to src/io/.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace switchcards::detail {

// A list by seat ("agents", "scores", "totals") must have one entry per seat. Returns the
// problem, or "" if there is none.
inline std::string per_seat_problem(std::size_t size, int players, const char* entry) {
  if (static_cast<int>(size) == players) return "";
  return "expected one " + std::string(entry) + " per seat (" + std::to_string(players) +
         "), not " + std::to_string(size);
}

// A round's seats (match seats, in round-seat order) name each seat once, in ascending order, as
// every deal seats them: a seat listed twice would be dealt two hands and scored twice, and
// seats out of order replayed every action as another seat's ("not this seat's turn").
// Returns the problem, or "" if there is none.
inline std::string seats_problem(const std::vector<int>& seats) {
  for (std::size_t i = 0; i < seats.size(); ++i)
    for (std::size_t k = 0; k < i; ++k)
      if (seats[k] == seats[i]) return "seat " + std::to_string(seats[i]) + " is listed twice";
  for (std::size_t i = 1; i < seats.size(); ++i)
    if (seats[i] < seats[i - 1])
      return "seat " + std::to_string(seats[i]) + " is listed after seat " +
             std::to_string(seats[i - 1]) + ": a round's seats are in ascending order";
  return "";
}

}  // namespace switchcards::detail
