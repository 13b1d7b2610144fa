// IsmctsAgent: information-set Monte Carlo tree search (single observer; Cowling, Powley and
// Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012). Each
// iteration deals the cards its seat cannot see at random (engine/determinize.hpp, from the
// seat's view and the events it saw, never the real State), walks a tree of actions chosen by
// UCB1 with availability counts (by default over its own seat's decisions, the others playing
// the rollout policy in between), adds one node, plays the rest of the round with a cheap
// policy and scores the result for every seat. It knows no rule: every move is the engine's.
// docs/agents.md describes the choices and the measured strength.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "switchcards/agents/agent.hpp"
#include "switchcards/agents/hand_value.hpp"
#include "switchcards/agents/heuristic_agent.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/card_knowledge.hpp"
#include "switchcards/engine/determinize.hpp"

namespace switchcards {

struct IsmctsConfig {
  // How the simulations play after the tree: `eager` picks uniformly among the plays when
  // there is one (calling "last card"), else draws or passes; `heuristic` asks a
  // HeuristicAgent that never forgets its call (stronger, several times slower).
  enum class Rollout { eager, heuristic };
  // What a simulated round is worth to a seat: `win` 1 to the winner, 0 to the others (and to
  // all after a stalemate); `score` also ranks the losers by their hands' penalty points
  // (rules.scoring): 0.5 x (1 - points / the most points anyone holds). With two players the
  // two are the same; with more, `score` tells the search more per simulation (and is what a
  // match counts).
  enum class Reward { win, score };

  // Who has nodes in the tree: `tree` every seat (single-observer ISMCTS proper: the others
  // choose by UCB1 too, in the searching seat's determinization, so they play as if they saw
  // its hand); `policy` the searching seat alone, the others playing the rollout policy
  // between its decisions (they then play as the policy does, not as if they saw its hand).
  enum class Opponents { tree, policy };

  static constexpr int kDefaultIterations = 1000;
  // The largest budgets: 10^9 iterations take about an hour (some 400,000 a second), and an
  // hour a decision is more than any game waits; a typo of a few zeros would stall it for days.
  static constexpr int kMaxIterations = 1'000'000'000;
  static constexpr double kMaxSeconds = 3600;
  int iterations = kDefaultIterations;  // per decision; 0: the time budget alone
  double seconds = 0;        // per decision; 0: none. Given both, whichever runs out first.
  double exploration = 0.7;  // UCB1's constant c
  Rollout rollout = Rollout::eager;
  Reward reward = Reward::score;
  Opponents opponents = Opponents::policy;
  // Believe that a seat that drew could not play (CardKnowledge::set_assume_plays_when_able):
  // the samples then keep from it the cards it could have played. Draws the rules force tell
  // that either way.
  bool assume_plays_when_able = true;
  // The heuristic's choice stands unless the search found an action better by more than
  // `prior_margin` standard errors of the two means (0: no prior, the most visited action is
  // played). Few iterations cannot tell close actions apart; the heuristic's knowledge is then
  // worth more than the search's noise.
  double prior_margin = 1.0;
  int max_nodes = 1 << 20;  // the tree never holds more (a time budget grows it up to here)
  // A simulation still running this many decisions after the position searched stops there
  // and is scored as a stalemate: the search's own turn limit. Under a round.turn_limit far
  // above the default 2,000 and rules under which rounds need not end, every simulation would
  // otherwise run to the round's limit (up to 1,000,000 decisions, seconds each). Under the
  // default limit no simulation reaches it.
  int horizon = 2000;
};

class IsmctsAgent final : public Agent {
 public:
  explicit IsmctsAgent(std::uint64_t seed = 0, IsmctsConfig config = {});

  Action choose(const PlayerView& view, std::span<const Action> legal) override;
  void observe(const PlayerView& view, std::span<const Event> events) override;
  bool observes() const override { return true; }
  // Out of turn it takes the sure gain: catching a forgetter (not its partner: the penalty
  // cards would cost its own team), calling late itself.
  bool challenges(const PlayerView& view, int target) override {
    return !view.variant().teams.partners(view.players(), view.seat(), target);
  }
  bool calls_late(const PlayerView& /*view*/) override { return true; }
  // A jump-in is the heuristic's call (HeuristicAgent::jumps_in); simulations jump in the same
  // way, outside the tree (jump_in_out_of_turn).
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override {
    return rollout_agent_.jumps_in(view, jumps);
  }
  void reset(std::uint64_t seed) override;
  std::string name() const override { return "ismcts"; }

  const IsmctsConfig& config() const { return config_; }

  // A test the search asks every 16 iterations, when it reads the clock: true ends it before its
  // budget, and the action best so far is chosen ("move now"); an exception the test throws
  // leaves choose() (the Python module raises Ctrl-C's KeyboardInterrupt this way, which a long
  // search would otherwise hold back until it ended). An empty test (the default) is never asked.
  void stop_when(std::function<bool()> test) { stop_when_ = std::move(test); }

  // What the last search did (no search: a single legal action).
  struct SearchStats {
    int iterations = 0;
    int nodes = 0;
    std::uint64_t rollout_decisions = 0;  // actions applied after leaving the tree
    int rollouts_cut = 0;                 // simulations stopped at the horizon
    double seconds = 0;
    bool stopped = false;  // ended by the stop_when test before its budget ran out
  };
  const SearchStats& last_search() const { return stats_; }

 private:
  struct Node {
    Action action;  // the move that led here, as legal_actions lists it (no "last" call)
    std::int32_t parent = -1, first_child = -1, next_sibling = -1;
    std::uint32_t visits = 0, available = 0;
    double reward = 0;  // summed for `mover`
    std::uint8_t mover = 0;
  };
  using Rewards = std::array<double, kMaxSeats>;

  void iterate(const Engine& engine, int root_seat);
  // A challenge or late call out of turn, as play_round asks for them (forgetters call late,
  // everyone else catches): applied outside the tree.
  void answer_out_of_turn(const Engine& engine, State& s) const;
  // identical.jump_in in a simulation: the first seat in play_round's order that may jump in
  // does, with the rollout policy's jump. Returns whether one did.
  bool jump_in_out_of_turn(const Engine& engine, State& s);
  void apply_listed(const Engine& engine, State& s, Action listed) const;
  Action rollout_choice(const Engine& engine, const State& s);
  Rewards score(const State& s);

  IsmctsConfig config_;
  Pcg32 rng_;
  CardKnowledge knowledge_;
  Determinizer determinizer_;
  std::vector<Node> nodes_;
  State sim_;         // the iteration's determinization, played out
  ActionList legal_;  // scratch for the simulations
  HeuristicAgent rollout_agent_{0, 0.0};
  detail::ScorerCache scorer_;
  const HandScorer* hand_scorer_ = nullptr;  // the variant's, for this decision
  // Each seat's team for this decision (variant `teams:`), or the seat itself without teams:
  // a round won by a partner is won, and nobody catches a partner.
  std::array<std::uint8_t, kMaxSeats> team_{};
  SearchStats stats_;
  std::function<bool()> stop_when_;
};

}  // namespace switchcards
