// The shape every game record must have, whichever form it is read from (YAML in replay.cpp,
// JSON in json.cpp): each reader reports a problem at its own node, with file, line and column
// or JSON path. Private to src/io/.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "switchcards/engine/standings.hpp"

namespace switchcards::detail {

// A round's recorded scores and a match's totals lie in the ranges of Standings: a record with
// others could never have been played, and its numbers could not be added up.
inline constexpr int kRecordScoreLimit = kMaxRoundScore;  // a score: -limit to limit
inline constexpr int kRecordTotalLimit = kMaxMatchTotal;  // a total: -limit to limit

// Only a match's record has a result: a single round's totals, winner or loser would be read
// and never checked.
inline constexpr const char* kResultOfNoMatch =
    "only a match's record has a result (totals, winner, loser); this one has match: false";

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
