// Simulation at scale: plays many games between agents named as make_agent names them, on
// several threads, and adds up what happened: wins per seat, decisions, round lengths (as an
// exact histogram), how often each event fired, stalemates. Game i of a study is played from
// derive_seed(seed, i) alone, and the statistics are sums, so the result does not depend on
// the number of threads, and shards of a study merge into exactly the unsharded result.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "switchcards/engine/event.hpp"
#include "switchcards/io/replay.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

enum class GameKind {
  round,  // a game is one round: the first round of a match dealt from the game's seed
  match   // a game is a whole match under the variant's `match:` rules
};

struct SimulationConfig {
  int players = 4;
  // By seat, cycled when shorter; longer is refused (simulate throws). The default's rounds
  // end (random bots, which draw when they could play, stall at the turn limit in a quarter of
  // British rounds).
  std::vector<std::string> agents = {"heuristic"};
  std::uint64_t games = 1000;  // games in the whole study (all shards)
  std::uint64_t seed = 1;
  GameKind kind = GameKind::round;
  int threads = 1;
  int shard = 1;                // play the shard-th (1-based) ...
  int shards = 1;               // ... of this many contiguous ranges of game indices
  std::uint64_t record = 0;     // keep game records of the first `record` games of the range
  int max_match_rounds = 1000;  // matches: a match still running after this many rounds stops

  // The most shards a study splits into: simulate, `--shard K/M` and the results files refuse
  // more.
  static constexpr int kMaxShards = 1'000'000;
  // The most threads a study runs on: more than any machine has cores, so a larger number is a
  // mistake (each thread is started, with its own buffers), refused by simulate, `--threads`
  // and Python alike.
  static constexpr int kMaxThreads = 1024;

  // The agent name of a seat.
  const std::string& agent_of(int seat) const {
    return agents[static_cast<std::size_t>(seat) % agents.size()];
  }
  // The game indices [first, end) of this shard: floor(games * (k-1) / M) to floor(games * k / M).
  std::uint64_t first_game() const;
  std::uint64_t end_game() const;
  // The records a study written to a file keeps (`simulate --record`, Python's
  // simulate_json(record=)): every game this shard plays if they are at most
  // kRecordEveryGameUpTo, else the first, so that a file of records stays readable.
  static constexpr std::uint64_t kRecordEveryGameUpTo = 10;
  std::uint64_t games_to_record() const;
};

// Sums over games; `add` is exact and commutative, so any split of the games adds up to the
// same totals.
struct SimulationStats {
  std::uint64_t games = 0;
  std::uint64_t rounds = 0;
  std::uint64_t decisions = 0;        // actions applied, over all rounds
  std::uint64_t stalemates = 0;       // rounds ended by the turn limit
  std::uint64_t unfinished = 0;       // matches stopped at max_match_rounds
  std::vector<std::uint64_t> wins;    // by seat: games won
  std::vector<std::uint64_t> losses;  // by seat: matches lost (matches only)
  // Games won by place at the table, counted in the order of play at the deal (of the first
  // round, for matches): [k] = won by the seat k places after the first player to act (0: the
  // first player), and after the dealer (0: the dealer, 1: the seat after the dealer).
  std::vector<std::uint64_t> wins_from_first;
  std::vector<std::uint64_t> wins_from_dealer;
  std::array<std::uint64_t, kEventKindCount> events{};  // by EventKind
  std::vector<std::uint64_t> round_lengths;             // [n]: rounds that took n decisions
  std::uint64_t penalty_cards = 0;  // cards drawn as penalties (attacks and last card)
  // Decisiveness and drama (docs/studies.md), of single rounds (not of --matches): the leader
  // is the seat with strictly fewer cards than every other. A lead change: the leader becomes
  // a seat other than the last leader. Rounds won with a leader after half their actions, and
  // those of them won by that leader.
  std::uint64_t lead_changes = 0;
  std::uint64_t mid_leader_rounds = 0;
  std::uint64_t mid_leader_wins = 0;

  void add(const SimulationStats& other);
  double mean_round_length() const;
  // Nearest rank: the smallest n such that at least q of the rounds took n decisions or fewer.
  std::uint64_t round_length_percentile(double q) const;
  std::uint64_t longest_round() const;
  friend bool operator==(const SimulationStats&, const SimulationStats&) = default;
};

// A 95% (z = 1.96) Wilson score interval for a proportion of successes in trials.
struct Interval {
  double low = 0, high = 0;
};
Interval wilson_interval(std::uint64_t successes, std::uint64_t trials, double z = 1.96);

// Wins of each agent name over the seats it held. `trials` = games x seats held, so `rate` is
// the chance that one seat of this agent wins a game, comparable between agents.
struct AgentSummary {
  std::string agent;
  int seats = 0;
  std::uint64_t wins = 0;
  std::uint64_t trials = 0;
  double rate = 0;
  Interval interval;
};
std::vector<AgentSummary> summarize_agents(const SimulationConfig& config,
                                           const SimulationStats& stats);

struct SimulationResult {
  SimulationConfig config;
  std::uint64_t first_game = 0, end_game = 0;
  SimulationStats stats;
  std::vector<GameRecord> records;  // the first config.record games, by index
  std::vector<int> teams;           // the team of each seat (variant `teams:`); empty: none
  std::string variant_fingerprint;  // of the rules played (io/variant_fingerprint.hpp)
  double seconds = 0;               // wall time (not part of the results)
};

// Called from the calling thread about ten times a second with the games done so far. It may
// throw to stop the study: the workers stop after the games they are playing, and simulate
// rethrows its exception.
using SimulationProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// Plays the configured shard of the study. Throws std::invalid_argument for a bad
// configuration (an unknown agent, a player count the variant does not allow, a bad shard)
// and rethrows the first error of a worker (e.g. IllegalChoice).
SimulationResult simulate(const Variant& variant, const SimulationConfig& config,
                          const SimulationProgress& progress = {});

// Plays one game (index `game` of the study) alone, as simulate would; for tests.
SimulationStats simulate_game(const Variant& variant, const SimulationConfig& config,
                              std::uint64_t game, GameRecord* record = nullptr);

}  // namespace switchcards
