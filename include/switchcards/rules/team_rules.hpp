// TeamRules: partnerships, from the `teams:` key. Seats form teams that win, score and stand in
// a match together; a round still ends when one player empties their hand. Without the key
// every seat plays for itself.
#pragma once

#include <cstddef>
#include <vector>

namespace switchcards {

enum class TeamSeating {
  none,      // no `teams:` key: every seat is its own team
  opposite,  // teams.seats: opposite — partners sit opposite: seat s and s + players / 2
  listed     // teams.seats: [[0, 2], [1, 3]] — the teams as lists of seats
};

enum class TeamScore {
  losing_teams,  // teams.score: losing_teams — the round winner's team scores 0, every other
                 // team the sum of its players' hands
  each_hand      // each_hand — every team scores the sum of its players' hands (the round
                 // winner's hand is empty, its partner's still counts)
};

struct TeamRules {
  TeamSeating seating = TeamSeating::none;
  std::vector<std::vector<int>> listed;  // teams.seats as lists (seating: listed)
  TeamScore score = TeamScore::losing_teams;

  bool enabled() const { return seating != TeamSeating::none; }
  // The team of each seat of a table of `players` (teams numbered from 0: with `opposite`,
  // team t is seats t and t + players / 2; `listed`, in the order listed). Empty without
  // teams. The loader makes sure the seating fits every player count the variant allows.
  std::vector<int> team_of_seats(int players) const {
    std::vector<int> team;
    if (seating == TeamSeating::opposite) {
      for (int seat = 0; seat < players; ++seat) team.push_back(seat % (players / 2));
    } else if (seating == TeamSeating::listed) {
      team.assign(static_cast<std::size_t>(players), 0);
      for (std::size_t t = 0; t < listed.size(); ++t)
        for (int seat : listed[t])
          if (seat < players) team[static_cast<std::size_t>(seat)] = static_cast<int>(t);
    }
    return team;
  }
  // The seats of `seat`'s team at a full table of `players` (itself among them), in seat
  // order; just `seat` without teams.
  std::vector<int> team_seats(int players, int seat) const {
    const std::vector<int> team = team_of_seats(players);
    if (team.empty()) return {seat};
    std::vector<int> seats;
    for (int s = 0; s < players; ++s)
      if (team[static_cast<std::size_t>(s)] == team[static_cast<std::size_t>(seat)])
        seats.push_back(s);
    return seats;
  }
  // Whether seats `a` and `b` of a round of `players` seats are partners. A round after an
  // elimination is dealt to the seats still in, in order, and whole teams go out together:
  // partners sitting opposite still sit opposite, but listed teams are known only at the full
  // table (false otherwise).
  bool partners(int players, int a, int b) const {
    if (a == b || seating == TeamSeating::none) return false;
    if (seating == TeamSeating::opposite)
      return players % 2 == 0 && (a - b + players) % (players / 2) == 0;
    int count = 0;
    for (const std::vector<int>& team : listed) count += static_cast<int>(team.size());
    if (count != players) return false;
    const std::vector<int> team = team_of_seats(players);
    return team[static_cast<std::size_t>(a)] == team[static_cast<std::size_t>(b)];
  }
  friend bool operator==(const TeamRules&, const TeamRules&) = default;
};

}  // namespace switchcards
