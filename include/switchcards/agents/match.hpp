// Match: plays the rounds of a match between agents, one per seat, under a variant's `match:`
// rules: deals with the rotating dealer, asks the seat to act for each decision, feeds every
// seat the events it may see, scores each round (scoring.hpp), keeps the standings
// (standings.hpp) and reports round, elimination and match-over events to an observer.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "switchcards/agents/agent.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/event.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

struct MatchOptions {
  // A guard for simulations: a match still running after this many rounds ends as it stands
  // (end_match_now) and stopped_at_round_limit() says so.
  int max_rounds = 1000;
  // Totals to resume from (empty: all 0), as standings_from_totals reads them.
  std::vector<int> start_totals;
  // A match to continue between rounds: its standings (from standings(), or
  // standings_from_json) with the rounds already played, so round k is dealt from
  // round_seed(seed, k) as in the uninterrupted match; give first_dealer = the old dealer() too.
  // Takes the place of start_totals.
  std::optional<Standings> resume;
  // The first round's dealer (a match seat still in); -1: the variant's `match.first_dealer`.
  int first_dealer = -1;
};

enum class MatchEventKind {
  round_started,      // seat: the dealer
  round_scored,       // seat: the round's winner (-1 after a stalemate); scores: by match seat
  player_eliminated,  // seat: the eliminated seat (elimination)
  match_over          // seat: the winner; loser: the loser
};

struct MatchEvent {
  MatchEventKind kind;
  int round = 0;  // 0-based index of the round the event belongs to
  int seat = -1;
  int loser = -1;
  bool stalemate = false;        // round_scored: the round hit the turn limit
  std::span<const int> scores;   // round_scored: this round's scores (0 for seats sitting out)
  const Standings* standings{};  // the standings after the event; valid during the call
};

using MatchObserver = std::function<void(const MatchEvent&)>;

// What one round did.
struct RoundRecord {
  int round = 0;
  std::uint64_t seed = 0;   // round_seed(match seed, round): the deal, reshuffles, agent seeds
  int dealer = 0;           // match seat
  std::vector<int> seats;   // the match seats that played, in round-seat order
  std::vector<int> scores;  // by match seat (0 for seats sitting out)
  int winner = -1;          // match seat that emptied its hand; -1: stalemate
  bool stalemate = false;
  int decisions = 0;
};

// Rules of play:
//  - Seats that are out (elimination) sit out: the round is dealt to the seats still in, in
//    seat order, so round seat i is match seat seats[i]; an agent's PlayerView shows round
//    seats. The dealer rotates clockwise among the seats still in (next_dealer); the first
//    dealer is MatchOptions::first_dealer or the variant's `match.first_dealer`.
//  - Round k (0-based) is dealt with round_seed(seed, k); before it each agent playing is
//    reset with derive_seed(round seed, 1 + match seat).
//  - Each round is played by play_round (agents/play_round.hpp) with its default options:
//    the seat to act chooses among the legal actions, the other seats are asked whether they
//    challenge a missing last-card call, an illegal choice throws IllegalChoice, and after the
//    deal and every action each seat observes the events it may see.
//  - A round that reaches the variant's turn limit is a stalemate: every seat scores its hand,
//    nobody wins the round, and the round counts like any other.
class Match {
 public:
  // `agents[i]` plays match seat i; the agents are not owned and must outlive the Match.
  // Throws std::invalid_argument for a seat count outside the variant's players range, a null
  // agent, or a scoring formula that check_scoring_formula refuses.
  Match(Variant variant, std::vector<Agent*> agents, std::uint64_t seed, MatchOptions options = {});

  void set_observer(MatchObserver observer) { observer_ = std::move(observer); }

  const Variant& variant() const { return engine_.variant(); }
  const Engine& engine() const { return engine_; }
  std::uint64_t seed() const { return seed_; }
  int players() const { return static_cast<int>(agents_.size()); }
  const Standings& standings() const { return standings_; }
  bool over() const { return standings_.over; }
  int winner() const { return standings_.winner; }
  int loser() const { return standings_.loser; }
  // The dealer of the next round (match seat).
  int dealer() const { return dealer_; }
  const std::vector<RoundRecord>& history() const { return history_; }
  bool stopped_at_round_limit() const { return stopped_at_round_limit_; }

  // Plays one round. Throws std::logic_error if the match is over.
  const RoundRecord& play_round();
  // Plays rounds until the match is over (or the round cap); returns the final standings.
  const Standings& play();

 private:
  void emit(const MatchEvent& e) const {
    if (observer_) observer_(e);
  }

  Engine engine_;
  HandScorer scorer_;
  std::vector<Agent*> agents_;
  std::uint64_t seed_;
  MatchOptions options_;
  Standings standings_;
  int dealer_ = 0;
  bool stopped_at_round_limit_ = false;
  std::vector<RoundRecord> history_;
  MatchObserver observer_;
};

}  // namespace switchcards
