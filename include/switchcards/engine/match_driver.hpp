// MatchDriver: the rounds of a match without the players. It says which seats play round k,
// from which seed and with which dealer, and turns the end of a round into round scores by
// match seat and new standings. Match (agents/match.hpp), `play`, replays and simulations all
// run their rounds through it, so they deal and score every round the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

// Where a match starts.
struct MatchStart {
  // A guard for simulations: a match still running after this many rounds ends as it stands
  // (end_match_now) and stopped_at_round_limit() says so. At least 1; at most kMaxMatchRounds
  // (a larger value counts as that).
  int max_rounds = 1000;
  // Totals to resume from (empty: all 0), as standings_from_totals reads them: each within
  // -kMaxMatchTotal..kMaxMatchTotal, and under elimination at least two seats (two teams)
  // below the limit.
  std::vector<int> start_totals;
  // A match to continue between rounds: its standings (from standings(), or
  // standings_from_json) with the rounds already played, so round k is dealt from
  // round_seed(seed, k) as in the uninterrupted match; give first_dealer = the old dealer() too.
  // Takes the place of start_totals. Standings that the variant's match rules cannot reach
  // (check_standings) or a match that is over are refused.
  std::optional<Standings> resume;
  // The first round's dealer (a match seat still in); -1: the variant's `match.first_dealer`.
  int first_dealer = -1;
};

// One round as it is dealt. Seats that are out (elimination) sit out: the round is dealt to
// the seats still in, in seat order, so round seat i is match seat seats[i].
struct RoundDeal {
  int round = 0;           // 0-based
  std::uint64_t seed = 0;  // round_seed(match seed, round): the deal and its reshuffles
  int dealer = 0;          // match seat
  int round_dealer = 0;    // the dealer's round seat
  std::vector<int> seats;  // the match seats that play, in round-seat order

  int players() const { return static_cast<int>(seats.size()); }
  // The round seat of a match seat, or -1 if it sits this round out.
  int round_seat(int match_seat) const;
  // The seed an agent playing `match_seat` is reset with before the round:
  // derive_seed(seed, 1 + match_seat).
  std::uint64_t agent_seed(int match_seat) const;
  // The dealt State (Engine::deal with this round's seat count, seed and dealer).
  State deal(const Engine& engine, EventBuffer* events = nullptr,
             DealEvents shown = DealEvents::turned_up_card) const;
};

// The first round of a fresh match of `players` seats from `match_seed` (every seat plays;
// the variant's first dealer), as MatchDriver(variant, players, match_seed).next_round()
// deals it, without the standings: simulations of single rounds deal from it.
RoundDeal first_round(const Engine& engine, int players, std::uint64_t match_seed);

// What one round did.
struct RoundRecord {
  int round = 0;
  std::uint64_t seed = 0;   // as RoundDeal
  int dealer = 0;           // match seat
  std::vector<int> seats;   // the match seats that played, in round-seat order
  std::vector<int> scores;  // by match seat (0 for seats sitting out)
  int winner = -1;          // match seat that emptied its hand; -1: stalemate
  bool stalemate = false;
  int decisions = 0;
};

// Rules of play:
//  - The dealer rotates clockwise among the seats still in (next_dealer); the first dealer is
//    MatchStart::first_dealer or the variant's `match.first_dealer`.
//  - Round k (0-based) is dealt with round_seed(seed, k).
//  - A round that reaches the variant's turn limit is a stalemate: every seat scores its hand,
//    nobody wins the round, and the round counts like any other.
class MatchDriver {
 public:
  // Throws std::invalid_argument for a seat count outside the variant's players range,
  // max_rounds below 1, bad start totals or resumed standings, or a first dealer that is
  // neither a seat still in nor -1.
  MatchDriver(const Variant& variant, int players, std::uint64_t seed,
              const MatchStart& start = {});

  int players() const { return standings_.players(); }
  std::uint64_t seed() const { return seed_; }
  const Standings& standings() const { return standings_; }
  bool over() const { return standings_.over; }
  // The dealer of the next round (match seat).
  int dealer() const { return dealer_; }
  bool stopped_at_round_limit() const { return stopped_at_round_limit_; }

  // The next round to play. Throws std::logic_error if the match is over.
  RoundDeal next_round() const;
  // Scores the finished round `deal` (its State at the end, dealt from next_round()), adds it
  // to the standings (ending the match at the round cap) and moves the deal on. Throws
  // std::logic_error if the round is not over or not the next one, and std::invalid_argument
  // (a logic_error too) if `deal` is not what next_round() gives or the State was not dealt
  // from it (another seat count or dealer).
  RoundRecord finish_round(const RoundDeal& deal, const State& final_state);
  // The team of each match seat (empty without `teams:`).
  const std::vector<int>& team_of_seat() const { return team_of_seat_; }

  // The round's scores by match seat (0 for seats sitting out; with partnerships, team scores),
  // without adding them. Throws std::invalid_argument if the deal's seats are not distinct
  // seats of this match or the State has another number of seats.
  std::vector<int> match_scores(const RoundDeal& deal, const State& final_state) const;
  // Ends the match as it stands (end_match_now); no-op if it is over.
  void end_now();

 private:
  // Throws std::invalid_argument, naming `caller`, for a deal whose seats are not distinct
  // seats of this match or a State of another seat count.
  void check_round(const RoundDeal& deal, const State& final_state, const char* caller) const;
  // match_scores without the check, for a round check_round has passed.
  std::vector<int> scores_of(const RoundDeal& deal, const State& final_state) const;

  MatchRules rules_;
  TeamRules teams_;
  std::vector<int> team_of_seat_;
  HandScorer scorer_;
  std::uint64_t seed_;
  int max_rounds_;
  Standings standings_;
  int dealer_ = 0;
  bool stopped_at_round_limit_ = false;
};

}  // namespace switchcards
