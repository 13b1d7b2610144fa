// Simulation at scale; see include/switchcards/agents/simulate.hpp.
#include "switchcards/agents/simulate.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/match.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/match_driver.hpp"
#include "switchcards/engine/scoring.hpp"

namespace switchcards {

// ---- configuration ----------------------------------------------------------------------

namespace {
std::uint64_t shard_bound(std::uint64_t games, int k, int shards) {
  // games * k / shards without overflow for any games < 2^64 and shards < 2^31.
  const std::uint64_t m = static_cast<std::uint64_t>(shards);
  const std::uint64_t kk = static_cast<std::uint64_t>(k);
  return games / m * kk + games % m * kk / m;
}
}  // namespace

std::uint64_t SimulationConfig::first_game() const {
  return shard_bound(games, shard - 1, shards);
}
std::uint64_t SimulationConfig::end_game() const {
  return shard_bound(games, shard, shards);
}

// ---- statistics ---------------------------------------------------------------------------

void SimulationStats::add(const SimulationStats& o) {
  games += o.games;
  rounds += o.rounds;
  decisions += o.decisions;
  stalemates += o.stalemates;
  unfinished += o.unfinished;
  const auto add_vectors = [](std::vector<std::uint64_t>& to,
                              const std::vector<std::uint64_t>& from) {
    if (to.size() < from.size()) to.resize(from.size());
    for (std::size_t i = 0; i < from.size(); ++i) to[i] += from[i];
  };
  add_vectors(wins, o.wins);
  add_vectors(losses, o.losses);
  add_vectors(wins_from_first, o.wins_from_first);
  add_vectors(wins_from_dealer, o.wins_from_dealer);
  add_vectors(round_lengths, o.round_lengths);
  for (int k = 0; k < kEventKindCount; ++k) events[k] += o.events[k];
}

double SimulationStats::mean_round_length() const {
  std::uint64_t n = 0;
  double sum = 0;
  for (std::size_t len = 0; len < round_lengths.size(); ++len) {
    n += round_lengths[len];
    sum += static_cast<double>(len) * static_cast<double>(round_lengths[len]);
  }
  return n == 0 ? 0.0 : sum / static_cast<double>(n);
}

std::uint64_t SimulationStats::round_length_percentile(double q) const {
  std::uint64_t n = 0;
  for (std::uint64_t c : round_lengths) n += c;
  if (n == 0) return 0;
  // The rank of the q-quantile, 1-based: ceil(q * n), at least 1.
  auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(n)));
  rank = std::clamp<std::uint64_t>(rank, 1, n);
  std::uint64_t seen = 0;
  for (std::size_t len = 0; len < round_lengths.size(); ++len) {
    seen += round_lengths[len];
    if (seen >= rank) return len;
  }
  return round_lengths.size() - 1;
}

std::uint64_t SimulationStats::longest_round() const {
  for (std::size_t len = round_lengths.size(); len > 0; --len)
    if (round_lengths[len - 1] > 0) return len - 1;
  return 0;
}

Interval wilson_interval(std::uint64_t successes, std::uint64_t trials, double z) {
  if (trials == 0) return {0.0, 1.0};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::vector<AgentSummary> summarize_agents(const SimulationConfig& config,
                                           const SimulationStats& stats) {
  std::vector<AgentSummary> out;
  for (int seat = 0; seat < config.players; ++seat) {
    const std::string& name = config.agent_of(seat);
    auto it = std::find_if(out.begin(), out.end(),
                           [&](const AgentSummary& a) { return a.agent == name; });
    if (it == out.end()) {
      out.push_back(AgentSummary{name, 0, 0, 0, 0, {}});
      it = out.end() - 1;
    }
    ++it->seats;
    if (static_cast<std::size_t>(seat) < stats.wins.size()) it->wins += stats.wins[seat];
  }
  for (AgentSummary& a : out) {
    a.trials = stats.games * static_cast<std::uint64_t>(a.seats);
    a.rate = a.trials == 0 ? 0.0 : static_cast<double>(a.wins) / static_cast<double>(a.trials);
    a.interval = wilson_interval(a.wins, a.trials);
  }
  return out;
}

// ---- playing games ------------------------------------------------------------------------

namespace {

void count_round(SimulationStats& stats, const State& s) {
  ++stats.rounds;
  stats.decisions += s.decisions;
  if (s.stalemate) ++stats.stalemates;
  if (stats.round_lengths.size() <= s.decisions) stats.round_lengths.resize(s.decisions + 1);
  ++stats.round_lengths[s.decisions];
}

void count_events(SimulationStats& stats, std::span<const Event> events) {
  for (const Event& e : events) ++stats.events[static_cast<int>(e.kind)];
}

// Everything one thread needs to play games of a study, built once per thread. The agents are
// called directly; events are counted and actions recorded by the round's action hook, and
// delivered to the agents only if one of them observes (a search agent learns from them where
// the cards are), which costs a view and a call per seat and action.
class GamePlayer {
 public:
  GamePlayer(const Variant& variant, const Engine& engine, const SimulationConfig& config,
             SimulationStats& stats)
      : variant_(&variant), engine_(&engine), config_(&config), stats_(&stats) {
    for (int seat = 0; seat < config.players; ++seat) {
      owned_.push_back(make_agent(config.agent_of(seat), 0));
      agents_.push_back(owned_.back().get());
      observe_ = observe_ || agents_.back()->observes();
    }
    stats.wins.resize(static_cast<std::size_t>(config.players));
    stats.losses.resize(static_cast<std::size_t>(config.players));
    stats.wins_from_first.resize(static_cast<std::size_t>(config.players));
    stats.wins_from_dealer.resize(static_cast<std::size_t>(config.players));
  }

  void play(std::uint64_t game, GameRecord* record) {
    const std::uint64_t seed = derive_seed(config_->seed, game);
    if (record) {
      record->players = config_->players;
      record->seed = seed;
      record->match = config_->kind == GameKind::match;
      for (int seat = 0; seat < config_->players; ++seat)
        record->agents.push_back(config_->agent_of(seat));
    }
    ++stats_->games;
    if (config_->kind == GameKind::round)
      play_round_game(seed, record);
    else
      play_match_game(seed, record);
  }

 private:
  // The first round of a match dealt from `seed`.
  void play_round_game(std::uint64_t seed, GameRecord* record) {
    const RoundDeal deal = first_round(*engine_, config_->players, seed);
    for (int seat : deal.seats) agents_[seat]->reset(deal.agent_seed(seat));
    EventBuffer events;
    State s = deal.deal(*engine_, &events);
    const int first = s.turn;
    SimulationStats& stats = *stats_;
    count_events(stats, events.span());
    RoundOptions options;
    options.observe = observe_;
    if (options.observe)
      deliver_events(*engine_, s, std::span<Agent* const>(agents_), events.span(), options);
    log_.clear();
    play_round(*engine_, s, agents_, options,
               [&](const State&, Action a, std::span<const Event> ev) {
                 count_events(stats, ev);
                 if (record) log_.push_back(a);
               });
    count_round(stats, s);
    if (s.winner >= 0) count_win(s.winner, first, deal.dealer);
    if (record) {
      RecordedRound r;
      r.seed = deal.seed;
      r.dealer = deal.dealer;
      r.seats = deal.seats;
      r.actions = log_;
      r.winner = s.winner;
      r.scores = round_scores(*variant_, s);  // every seat plays round 0, in seat order
      record->rounds.push_back(std::move(r));
    }
  }

  void play_match_game(std::uint64_t seed, GameRecord* record) {
    MatchOptions options;
    options.max_rounds = config_->max_match_rounds;
    options.round.observe = observe_;
    int first = -1, dealer = -1;  // of the first round
    log_.clear();
    options.on_action = [&](const RoundDeal& deal, const State& s, const Action* a,
                            std::span<const Event> events) {
      count_events(*stats_, events);
      if (a == nullptr && deal.round == 0) {
        first = s.turn;
        dealer = deal.dealer;
      }
      if (a && record) log_.push_back(*a);
    };
    Match match(*variant_, agents_, seed, options);
    match.set_observer([&](const MatchEvent& e) {
      if (e.kind != MatchEventKind::round_scored) return;
      count_round(*stats_, *e.state);
      if (record) {
        const RoundRecord& done = match.history().back();
        RecordedRound r;
        r.seed = done.seed;
        r.dealer = done.dealer;
        r.seats = done.seats;
        r.actions = log_;
        r.winner = done.winner;
        r.scores = done.scores;
        record->rounds.push_back(std::move(r));
      }
      log_.clear();
    });
    match.play();
    // Matches ended by the round cap count as unfinished; their winner still counts.
    if (match.stopped_at_round_limit()) ++stats_->unfinished;
    if (match.winner() >= 0) count_win(match.winner(), first, dealer);
    if (match.loser() >= 0) ++stats_->losses[static_cast<std::size_t>(match.loser())];
    if (record) {
      record->totals = match.standings().totals;
      record->match_winner = match.winner();
      record->match_loser = match.loser();
    }
  }

  void count_win(int winner, int first, int dealer) {
    const int n = config_->players;
    ++stats_->wins[static_cast<std::size_t>(winner)];
    ++stats_->wins_from_first[static_cast<std::size_t>((winner - first + n) % n)];
    ++stats_->wins_from_dealer[static_cast<std::size_t>((winner - dealer + n) % n)];
  }

  const Variant* variant_;
  const Engine* engine_;
  const SimulationConfig* config_;
  SimulationStats* stats_;
  std::vector<Action> log_;  // the actions of the round being recorded
  std::vector<std::unique_ptr<Agent>> owned_;
  std::vector<Agent*> agents_;
  bool observe_ = false;  // some seat's agent observes
};

void check_config(const Variant& variant, const SimulationConfig& c) {
  if (c.agents.empty()) throw std::invalid_argument("simulate: no agents given");
  for (const std::string& name : c.agents) {
    if (name.rfind("human", 0) == 0)
      throw std::invalid_argument(
          "simulate: a human cannot play thousands of games; use "
          "`switchcards play`");
    (void)make_agent(name, 0);  // throws for an unknown name
  }
  if (c.players < variant.deal.min_players || c.players > variant.deal.max_players)
    throw std::invalid_argument(
        variant.name + " is for " + std::to_string(variant.deal.min_players) + " to " +
        std::to_string(variant.deal.max_players) + " players, not " + std::to_string(c.players));
  if (c.shards < 1 || c.shard < 1 || c.shard > c.shards)
    throw std::invalid_argument("shard " + std::to_string(c.shard) + "/" +
                                std::to_string(c.shards) + ": K/M needs 1 <= K <= M");
  if (c.threads < 1) throw std::invalid_argument("simulate: threads must be at least 1");
}

}  // namespace

SimulationStats simulate_game(const Variant& variant, const SimulationConfig& config,
                              std::uint64_t game, GameRecord* record) {
  check_config(variant, config);
  const Engine engine(variant);
  SimulationStats stats;
  GamePlayer player(variant, engine, config, stats);
  player.play(game, record);
  return stats;
}

SimulationResult simulate(const Variant& variant, const SimulationConfig& config,
                          const SimulationProgress& progress) {
  check_config(variant, config);
  const auto start = std::chrono::steady_clock::now();
  SimulationResult result;
  result.config = config;
  result.first_game = config.first_game();
  result.end_game = config.end_game();
  const std::uint64_t first = result.first_game, end = result.end_game;
  const std::uint64_t total = end - first;
  const Engine engine(variant);

  // Workers take chunks of game indices; each keeps its own sums, added up at the end.
  constexpr std::uint64_t kChunk = 64;
  std::atomic<std::uint64_t> next{first};
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::exception_ptr error;
  const int threads = static_cast<int>(std::min<std::uint64_t>(
      static_cast<std::uint64_t>(config.threads), std::max<std::uint64_t>(1, total)));
  std::vector<SimulationStats> partial(static_cast<std::size_t>(threads));
  std::vector<std::vector<std::pair<std::uint64_t, GameRecord>>> records(partial.size());

  const auto work = [&](int t) {
    try {
      GamePlayer player(variant, engine, config, partial[t]);
      for (;;) {
        const std::uint64_t begin = next.fetch_add(kChunk);
        if (begin >= end || failed.load()) break;
        const std::uint64_t stop = std::min(end, begin + kChunk);
        for (std::uint64_t game = begin; game < stop; ++game) {
          if (game - first < config.record) {
            GameRecord r;
            player.play(game, &r);
            records[t].emplace_back(game, std::move(r));
          } else {
            player.play(game, nullptr);
          }
        }
        done.fetch_add(stop - begin);
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex);
      if (!error) error = std::current_exception();
      failed.store(true);
    }
  };
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) workers.emplace_back(work, t);
  if (progress) {
    while (done.load() < total && !failed.load()) {
      progress(done.load(), total);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  for (std::thread& w : workers) w.join();
  if (error) std::rethrow_exception(error);
  if (progress) progress(total, total);

  result.stats.wins.assign(static_cast<std::size_t>(config.players), 0);
  result.stats.losses.assign(static_cast<std::size_t>(config.players), 0);
  result.stats.wins_from_first.assign(static_cast<std::size_t>(config.players), 0);
  result.stats.wins_from_dealer.assign(static_cast<std::size_t>(config.players), 0);
  for (const SimulationStats& p : partial) result.stats.add(p);
  std::vector<std::pair<std::uint64_t, GameRecord>> all;
  for (auto& r : records)
    for (auto& item : r) all.push_back(std::move(item));
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& item : all) result.records.push_back(std::move(item.second));
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace switchcards
