// Match: plays the rounds of a match between agents, one per seat, under a variant's `match:`
// rules: each round as its MatchDriver deals it, asking the seat to act for each decision and
// feeding every seat the events it may see; then the driver scores the round and keeps the
// standings. Round, elimination and match-over events go to an observer, every action to an
// optional hook.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "switchcards/agents/agent.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/event.hpp"
#include "switchcards/engine/match_driver.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

// Called after the deal (action null) and after each action applied in a round, with the
// events it made (unmasked: the hook sees the table, not a seat) and the round's State (round
// seats; deal.seats maps them to match seats).
using RoundHook = std::function<void(const RoundDeal& deal, const State& state,
                                     const Action* action, std::span<const Event> events)>;

struct MatchOptions : MatchStart {
  // How each round is played. `round.revealed` holds one bit per match seat (Match maps it to
  // the round's seats); with `round.observe` false agents observe nothing (agents that say
  // they need nothing to observe, Agent::observes, are never sent events anyway).
  RoundOptions round;
  RoundHook on_action;
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
  const RoundDeal* deal{};       // round_started, round_scored: the round's seats, seed, dealer
  const State* state{};          // round_scored: the round as it ended (round seats)
};

using MatchObserver = std::function<void(const MatchEvent&)>;

// Rules of play:
//  - Rounds are dealt, scored and added up by a MatchDriver (engine/match_driver.hpp): seats
//    that are out sit out, round k is dealt from round_seed(seed, k), the dealer rotates among
//    the seats still in. An agent's PlayerView shows round seats.
//  - Before a round each agent playing is reset with RoundDeal::agent_seed(match seat).
//  - Each round is played by play_round (agents/play_round.hpp) with MatchOptions::round: the
//    seat to act chooses among the legal actions, the other seats are asked whether they
//    challenge a missing last-card call, an illegal choice throws IllegalChoice, and after the
//    deal and every action each seat that observes sees the events it may see.
class Match {
 public:
  // `agents[i]` plays match seat i; the agents are not owned and must outlive the Match.
  // Throws std::invalid_argument for a variant that Engine refuses (check_variant), a seat
  // count outside the variant's players range, a null agent, a round.revealed bit for a seat
  // past the last, or options that MatchDriver refuses (max_rounds below 1, a first_dealer
  // that is neither a seat nor -1, start totals or resumed standings out of range or
  // contradicting the match rules).
  Match(Variant variant, std::vector<Agent*> agents, std::uint64_t seed, MatchOptions options = {});

  void set_observer(MatchObserver observer) { observer_ = std::move(observer); }

  const Variant& variant() const { return engine_.variant(); }
  const Engine& engine() const { return engine_; }
  std::uint64_t seed() const { return seed_; }
  int players() const { return static_cast<int>(agents_.size()); }
  const Standings& standings() const { return driver_.standings(); }
  bool over() const { return driver_.over(); }
  int winner() const { return standings().winner; }
  int loser() const { return standings().loser; }
  // The dealer of the next round (match seat).
  int dealer() const { return driver_.dealer(); }
  const std::vector<RoundRecord>& history() const { return history_; }
  bool stopped_at_round_limit() const { return driver_.stopped_at_round_limit(); }

  // Plays one round. Throws std::logic_error if the match is over.
  const RoundRecord& play_round();
  // Plays rounds until the match is over (or the round cap); returns the final standings.
  const Standings& play();

 private:
  void emit(const MatchEvent& e) const {
    if (observer_) observer_(e);
  }

  Engine engine_;
  std::vector<Agent*> agents_;
  std::uint64_t seed_;
  MatchOptions options_;
  MatchDriver driver_;
  std::vector<RoundRecord> history_;
  MatchObserver observer_;
};

}  // namespace switchcards
