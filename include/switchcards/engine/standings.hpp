// Standings: the cumulative totals of a match of several rounds and the end conditions of
// `match:` (a single round, a fixed number of rounds, elimination at a cap, the Balkan
// threshold game with its hard limit, the race to a target of first_to), plus the dealer rotation
// and the seeded cut for the first dealer. Pure functions over plain data: MatchDriver
// (engine/match_driver.hpp), which every match runner uses, the scenario runner and replays use
// them. Readings and tie rules: docs/scoring.md.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/core/pile.hpp"
#include "switchcards/rules/match_rules.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

// The range of the numbers of Standings. No real match comes near them, and they leave room
// for a round's scores (at most kMaxRoundScore a seat: kMaxSeats hands of kMaxHandScore added
// up by a partnership), so adding a round never overflows an int. Whatever reads standings
// (standings_from_json, standings_from_totals, MatchDriver's start totals and resume) refuses
// numbers outside them, and after_round throws rather than leave them (which only start
// totals or resumed standings near the edges can make it do).
inline constexpr int kMaxMatchTotal = 1'000'000'000;  // a total: -kMaxMatchTotal to kMaxMatchTotal
inline constexpr int kMaxRoundScore = 800'000;        // a seat's score in one round, either sign
// Rounds played: as many as keep every match from zero totals within kMaxMatchTotal whatever
// its rounds score (1,250), so a variant that validates never overflows a total, however its
// formula scores and however long a round cap lets a match run.
inline constexpr int kMaxMatchRounds = kMaxMatchTotal / kMaxRoundScore;

// Seats are match seats 0..players-1 throughout (a seat keeps its number when others are
// eliminated).
struct Standings {
  // Points so far: penalty points (lower is better), or under first_to points won (higher is
  // better: MatchRules::higher_wins).
  std::vector<int> totals;
  std::vector<bool> out;        // eliminated (elimination only): sits out the later rounds
  std::vector<int> last_round;  // the latest round's scores (0 for a seat that sat out)
  int rounds = 0;               // rounds played
  int last_round_winner = -1;   // the seat that emptied its hand in the latest round, or -1
  bool over = false;
  int winner = -1;               // set when over
  int loser = -1;                // set when over
  int first_at_limit = -1;       // elimination, threshold: the first seat to reach `limit`
  int first_at_hard_limit = -1;  // threshold: the first seat to reach `hard_limit`

  // A match of `players` seats before its first round.
  static Standings start(int players);

  int players() const { return static_cast<int>(totals.size()); }
  bool is_in(int seat) const { return !out[static_cast<std::size_t>(seat)]; }
  // The seats that play the next round, in seat order.
  std::vector<int> active_seats() const;

  friend bool operator==(const Standings&, const Standings&) = default;
};

// The tie rule, used wherever seats are compared: `a` ranks before (better than) `b` when it
// has the lower total; on equal totals, the lower score in the latest round; then the latest
// round's winner first; then the lower seat number. Under first_to (rules.higher_wins()) the
// higher total and then the higher latest score rank first. A winner is the first of the seats
// in question under this order, a loser the last (so on a complete tie the higher seat loses).
bool ranks_before(const MatchRules& rules, const Standings& s, int a, int b);

// `seats` sorted best first by ranks_before.
std::vector<int> rank_seats(const MatchRules& rules, const Standings& s, std::vector<int> seats);

// Standings that resume a match from given totals (a scenario's `setup.scores`): no round
// played yet. Under elimination, seats already at or over the limit are out; under elimination
// and threshold, seats already at the limit (hard limit) are taken to have reached it worst
// first (highest total first, then the tie rule), which fixes first_at_limit and
// first_at_hard_limit. The match is not judged over until a round has been added. Throws
// std::invalid_argument for no totals, more than kMaxSeats or a total outside
// -kMaxMatchTotal..kMaxMatchTotal.
Standings standings_from_totals(const MatchRules& rules, std::vector<int> totals);

// "" if `standings` are ones a match under `rules` (with `teams`, as after_round takes them)
// can be in before its first round or between two rounds, else what contradicts the rules:
// entries not one per seat, a number outside the ranges above, partners (`teams`) whose
// totals or latest round's scores differ, a seat field (winner, ...)
// that is not a seat, a latest round's winner that scored points (without teams) or is out, a
// winner or loser of a match not over, seats out or reaching a limit
// under rules that have none, a seat in play at or over the elimination limit or out below
// it, a seat at a limit but no first_at_limit (first_at_hard_limit), fewer than two seats (or
// teams) left to deal to while not over, or a match not over that its rules would have ended
// after the last round (single_round after a round, fixed_rounds after `rounds`, elimination
// and threshold with the seats of one team left in play or below the limit). A match that
// is over is checked only for what every match is held to: end_match_now ends one anywhere.
// MatchDriver refuses resumed standings with a problem.
std::string check_standings(const MatchRules& rules, const Standings& standings,
                            std::span<const int> teams = {});

// Adds one round and applies the end condition. `round_scores` has one entry per match seat
// (entries of seats that sat out are ignored); `round_winner` is the match seat that emptied
// its hand, or -1 after a stalemate. Throws std::invalid_argument for a wrong number of scores
// and std::logic_error if the match is already over. Also throws std::invalid_argument for a
// score outside -kMaxRoundScore..kMaxRoundScore, and std::overflow_error (leaving `standings`
// as they were) when a total would leave -kMaxMatchTotal..kMaxMatchTotal or the rounds pass
// kMaxMatchRounds.
//
//  - single_round: over after the round; the winner is the first of the ranking (the round
//    winner, who scored 0), the loser the last.
//  - fixed_rounds: over after `rounds` rounds (at least 1); lowest total wins, highest loses.
//  - elimination: a seat whose total reaches `limit` is out and sits out later rounds. Over
//    when at most one seat is still in: that seat wins; if the last seats all reach the limit
//    in the same round, the best of them (by the tie rule) wins. The loser is the first seat
//    eliminated (several in one round: the worst of them).
//  - threshold (Balkan): every seat keeps playing, also after reaching `limit`. Over when at
//    most one seat is below `limit`: that seat wins; if the last seats below all reach it in
//    the same round, the best of them wins. The loser is the first seat to reach `hard_limit`
//    if any seat has (hard_limit > 0), else the first to reach `limit`; seats reaching it in
//    the same round: the worst of them (highest total, then the tie rule). Reaching
//    `hard_limit` does not end the match by itself.
//  - first_to: the round's winner scores the others' hands (round_points), every other seat 0.
//    Over when a seat's total reaches `limit`: the best of the seats there wins (the round's
//    winner, unless start totals put another seat higher), the worst seat of all loses.
//
// With partnerships, `teams` gives the team of each seat (TeamRules::team_of_seats; empty: every
// seat alone) and the round scores are team scores (team_scores), equal for partners, so
// partners reach a limit together; "at most one seat" above then reads "the seats of at most
// one team", and the winner is the best seat of that team.
Standings after_round(const MatchRules& rules, Standings standings,
                      std::span<const int> round_scores, int round_winner = -1,
                      std::span<const int> teams = {});

// Ends a match as it stands (a round cap in a simulation): the winner is the best seat still
// in (under threshold: below the limit, if any is); the loser is first_at_hard_limit, else
// first_at_limit, else the worst seat still in. No-op if already over.
Standings end_match_now(const MatchRules& rules, Standings standings);

// ---- dealing ------------------------------------------------------------------------------

// The seed of round `round` (0-based) of a match: derive_seed(match_seed, round).
std::uint64_t round_seed(std::uint64_t match_seed, int round);

// The cut for the first dealer: each seat, in seat order, takes the next card from the top
// of the variant's deck for `players` shuffled with derive_seed(match_seed, kCutStream).
// Ranks count A low (A 1, 2..10, J 11, Q 12, K 13, joker 14); suits do not count; the lowest
// card deals and equal ranks go to the lower seat.
inline constexpr std::uint64_t kCutStream = std::uint64_t{1} << 63;
struct Cut {
  int dealer = 0;
  std::vector<Card> cards;  // by seat
};
Cut cut_for_dealer(const Variant& variant, int players, std::uint64_t match_seed);
// The same cut from the variant's unshuffled deck for `players` (Engine::deck), built once.
Cut cut_for_dealer(Pile deck, int players, std::uint64_t match_seed);

// The dealer of the first round: seat 0 (`first_dealer: seat_zero`) or the cut (`lowest_cut`).
int first_dealer(const Variant& variant, int players, std::uint64_t match_seed);
// The same from the variant's unshuffled deck for `players` (Engine::deck).
int first_dealer(const Variant& variant, const Pile& deck, int players, std::uint64_t match_seed);

// The dealer of the next round: the deal passes clockwise (to the next higher seat, wrapping)
// to the next seat still in. `dealer` itself may have just been eliminated.
int next_dealer(const Standings& standings, int dealer);

}  // namespace switchcards
