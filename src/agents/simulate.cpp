// Simulation at scale; see include/switchcards/agents/simulate.hpp.
#include "switchcards/agents/simulate.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "agents/game_player.hpp"
#include "engine/seat_index.hpp"
#include "io/yaml_text_guard.hpp"
#include "switchcards/agents/ismcts_agent.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/match.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/match_driver.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/io/variant_fingerprint.hpp"

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

std::uint64_t SimulationConfig::games_to_record() const {
  const std::uint64_t played = end_game() - first_game();  // a shard's, not the study's
  return played <= kRecordEveryGameUpTo ? played : 1;
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
  penalty_cards += o.penalty_cards;
  lead_changes += o.lead_changes;
  mid_leader_rounds += o.mid_leader_rounds;
  mid_leader_wins += o.mid_leader_wins;
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

namespace detail {

namespace {

// Events whose count is of cards drawn as a penalty: all bits of the count, the others none, so
// that counting them costs no branch on the path every event takes.
constexpr std::array<std::uint32_t, kEventKindCount> kPenaltyCards = [] {
  std::array<std::uint32_t, kEventKindCount> mask{};
  mask[static_cast<int>(EventKind::penalty_paid)] = 0xffffffffu;
  mask[static_cast<int>(EventKind::last_card_penalty)] = 0xffffffffu;
  return mask;
}();

void count_event(SimulationStats& stats, const Event& e) {
  ++stats.events[static_cast<int>(e.kind)];
  stats.penalty_cards += e.count & kPenaltyCards[static_cast<int>(e.kind)];
}

void count_round(SimulationStats& stats, std::uint64_t decisions, bool stalemate) {
  ++stats.rounds;
  stats.decisions += decisions;
  if (stalemate) ++stats.stalemates;
  if (stats.round_lengths.size() <= decisions) stats.round_lengths.resize(decisions + 1);
  ++stats.round_lengths[decisions];
}

}  // namespace

GamePlayer::GamePlayer(const Variant& variant, const Engine& engine, const SimulationConfig& config,
                       SimulationStats& stats, const std::atomic<bool>* stop)
    : variant_(&variant),
      engine_(&engine),
      config_(&config),
      stats_(&stats),
      scorer_(variant),
      lead_(variant) {
  for (int seat = 0; seat < config.players; ++seat) {
    owned_.push_back(make_agent(config.agent_of(seat), 0));
    agents_.push_back(owned_.back().get());
    if (auto* search = dynamic_cast<IsmctsAgent*>(agents_.back()); search && stop)
      search->stop_when([stop] { return stop->load(std::memory_order_relaxed); });
    observe_ = observe_ || agents_.back()->observes();
  }
  stats.wins.resize(static_cast<std::size_t>(config.players));
  stats.losses.resize(static_cast<std::size_t>(config.players));
  stats.wins_from_first.resize(static_cast<std::size_t>(config.players));
  stats.wins_from_dealer.resize(static_cast<std::size_t>(config.players));
}

GamePlayer::~GamePlayer() = default;

namespace {

// The fewest bytes an action takes in a record's text (a line "        - 0 draw"): a game of
// more actions makes a record larger than `replay` reads.
constexpr std::uint64_t kShortestActionLine = 10;
constexpr std::uint64_t kMaxRecordedActions = detail::yaml::kMaxRecordBytes / kShortestActionLine;

}  // namespace

void GamePlayer::record_action(Action a) {
  if (++recorded_ > kMaxRecordedActions)
    throw std::runtime_error(fmt::format(
        "the record of game {} passed {} actions, more than a record `switchcards replay` reads "
        "({} MiB) can hold; record fewer or shorter games (round.turn_limit, the match's rounds)",
        game_ + 1, kMaxRecordedActions, detail::yaml::kMaxRecordBytes >> 20));
  log_.push_back(a);
}

GameOutcome GamePlayer::play(std::uint64_t game, GameRecord* record) {
  const std::uint64_t seed = derive_seed(config_->seed, game);
  game_ = game;
  recorded_ = 0;
  if (record) {
    record->players = config_->players;
    record->seed = seed;
    record->match = config_->kind == GameKind::match;
    for (int seat = 0; seat < config_->players; ++seat)
      record->agents.push_back(config_->agent_of(seat));
  }
  // The game's share of the sums, for its outcome.
  const SimulationStats& st = *stats_;
  const std::uint64_t rounds = st.rounds, decisions = st.decisions, stalemates = st.stalemates,
                      penalty_cards = st.penalty_cards, lead_changes = st.lead_changes,
                      specials = special_effects(st);
  GameOutcome out;
  ++stats_->games;
  if (config_->kind == GameKind::round)
    play_round_game(seed, record, out);
  else
    play_match_game(seed, record, out);
  out.rounds = st.rounds - rounds;
  out.decisions = st.decisions - decisions;
  out.stalemates = st.stalemates - stalemates;
  out.penalty_cards = st.penalty_cards - penalty_cards;
  out.lead_changes = st.lead_changes - lead_changes;
  out.specials = special_effects(st) - specials;
  return out;
}

// The first round of a match dealt from `seed`. Events are counted and actions recorded in
// play_round's hook; they are delivered to the agents only if one of them observes (a search
// agent learns from them where the cards are), which costs a view and a call per seat and action.
void GamePlayer::play_round_game(std::uint64_t seed, GameRecord* record, GameOutcome& out) {
  const RoundDeal deal = first_round(*engine_, config_->players, seed);
  for (int seat : deal.seats) agents_[seat]->reset(deal.agent_seed(seat));
  EventBuffer& events = deal_events_;
  events.clear();
  State s = deal.deal(*engine_, &events);
  const int first = s.turn;
  const Direction direction = s.seats.direction();  // as the deal left it
  SimulationStats& stats = *stats_;
  for (const Event& e : events) count_event(stats, e);
  log_.clear();
  lead_.start(s);
  RoundOptions options;
  options.observe = observe_;
  if (options.observe)
    deliver_events(*engine_, s, std::span<Agent* const>(agents_), events.span(), options);
  play_round(
      *engine_, s, agents_, options,
      [&](const State& now, Action a, std::span<const Event> ev) SWITCHCARDS_LAMBDA_ALWAYS_INLINE {
        for (const Event& e : ev) count_event(stats, e);
        lead_.after(now, a.seat());
        if (record) record_action(a);
      },
      buffers_);
  count_round(stats, s.decisions, s.stalemate);
  stats.lead_changes += lead_.changes();
  out.first = first;
  out.dealer = deal.dealer;
  out.direction = direction;
  out.mid_leader = lead_.at_middle();
  if (s.winner >= 0) {
    out.winner = s.winner;
    count_win(out);
    if (out.mid_leader >= 0) {
      ++stats.mid_leader_rounds;
      stats.mid_leader_wins += out.mid_leader == s.winner;
    }
  }
  if (record) {
    RecordedRound r;
    r.seed = deal.seed;
    r.dealer = deal.dealer;
    r.seats = deal.seats;
    r.actions = log_;
    r.winner = s.winner;
    // Every seat plays round 0, in seat order.
    r.scores = round_points(variant_->teams, variant_->match, round_scores(scorer_, s), s.winner);
    record->rounds.push_back(std::move(r));
  }
}

// A whole match: Match deals and scores the rounds; its action hook counts the events and
// records the actions, and tells the first round's dealer and first player.
void GamePlayer::play_match_game(std::uint64_t seed, GameRecord* record, GameOutcome& out) {
  MatchOptions options;
  options.max_rounds = config_->max_match_rounds;
  options.round.observe = observe_;
  log_.clear();
  options.on_action = [&](const RoundDeal& deal, const State& s, const Action* a,
                          std::span<const Event> events) {
    for (const Event& e : events) count_event(*stats_, e);
    if (a == nullptr && deal.round == 0) {
      out.first = s.turn;
      out.dealer = deal.dealer;
      out.direction = s.seats.direction();
    }
    if (a && record) record_action(*a);
  };
  Match match(*variant_, agents_, seed, options);
  match.set_observer([&](const MatchEvent& e) {
    if (e.kind != MatchEventKind::round_scored) return;
    count_round(*stats_, e.state->decisions, e.state->stalemate);
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
  if (match.winner() >= 0) {
    out.winner = match.winner();
    count_win(out);
    const std::vector<int>& totals = match.standings().totals;
    // The runner-up is the best seat of another team: a partner carries the winner's total.
    const std::vector<int> team = variant_->teams.team_of_seats(config_->players);
    const auto rival = [&](int seat) {
      return team.empty() ? seat != out.winner
                          : team[seat_index(seat)] != team[seat_index(out.winner)];
    };
    // The margin is how far ahead the winner finished, in points: the runner-up's total less
    // the winner's, or under first_to (points won) the winner's less the runner-up's.
    const bool higher_wins = variant_->match.higher_wins();
    std::optional<int> runner_up;  // totals may be negative (a formula's scores)
    for (int seat = 0; seat < static_cast<int>(totals.size()); ++seat) {
      const int total = totals[seat_index(seat)];
      if (rival(seat) && (!runner_up || (higher_wins ? total > *runner_up : total < *runner_up)))
        runner_up = total;
    }
    if (runner_up)
      out.margin = higher_wins ? totals[out.winner] - *runner_up : *runner_up - totals[out.winner];
  }
  if (match.loser() >= 0) ++stats_->losses[static_cast<std::size_t>(match.loser())];
  if (record) {
    record->totals = match.standings().totals;
    record->match_winner = match.winner();
    record->match_loser = match.loser();
    if (match.stopped_at_round_limit()) record->round_cap = config_->max_match_rounds;
  }
}

void GamePlayer::count_win(const GameOutcome& out) {
  const int n = config_->players;
  const auto place = [&](int from) {
    return static_cast<std::size_t>(place_of(out.winner, from, n, out.direction));
  };
  ++stats_->wins[seat_index(out.winner)];
  ++stats_->wins_from_first[place(out.first)];
  ++stats_->wins_from_dealer[place(out.dealer)];
}

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
  // A list longer than the seats would lose its last names without a word.
  if (c.agents.size() > static_cast<std::size_t>(c.players))
    throw std::invalid_argument(
        fmt::format("simulate: {} agents for {} seats: name one agent a seat, or fewer, which "
                    "are repeated to fill the seats",
                    c.agents.size(), c.players));
  // A study of no games has no rates, and its results would be refused by their own reader
  // (study_games is 1 or more), as the CLI and Python refuse --games 0.
  if (c.games < 1) throw std::invalid_argument("simulate: games 0: a study plays at least 1 game");
  if (c.shards < 1 || c.shard < 1 || c.shard > c.shards || c.shards > SimulationConfig::kMaxShards)
    throw std::invalid_argument(fmt::format("shard {}/{}: K/M needs 1 <= K <= M <= {}", c.shard,
                                            c.shards, SimulationConfig::kMaxShards));
  // A shard of no games has no rates either, and merge refuses its file.
  if (c.games < static_cast<std::uint64_t>(c.shards))
    throw std::invalid_argument(fmt::format(
        "simulate: games {} in {} shards: every shard needs a game", c.games, c.shards));
  if (c.threads < 1 || c.threads > SimulationConfig::kMaxThreads)
    throw std::invalid_argument(
        fmt::format("simulate: threads {}: 1 to {}", c.threads, SimulationConfig::kMaxThreads));
  // Checked here, not counted as kMaxMatchRounds as MatchDriver counts it: the results and the
  // records name the cap, which must be the one the matches were stopped at.
  if (c.max_match_rounds < 1 || c.max_match_rounds > kMaxMatchRounds)
    throw std::invalid_argument(
        fmt::format("simulate: max_match_rounds {}: 1 to {}", c.max_match_rounds, kMaxMatchRounds));
}

}  // namespace detail

SimulationStats simulate_game(const Variant& variant, const SimulationConfig& config,
                              std::uint64_t game, GameRecord* record) {
  detail::check_config(variant, config);
  const Engine engine(variant);
  SimulationStats stats;
  detail::GamePlayer player(variant, engine, config, stats);
  player.play(game, record);
  return stats;
}

SimulationResult simulate(const Variant& variant, const SimulationConfig& config,
                          const SimulationProgress& progress) {
  detail::check_config(variant, config);
  const auto start = std::chrono::steady_clock::now();
  SimulationResult result;
  result.config = config;
  result.teams = variant.teams.team_of_seats(config.players);
  result.variant_fingerprint = variant_fingerprint(variant);
  result.first_game = config.first_game();
  result.end_game = config.end_game();
  const std::uint64_t first = result.first_game, end = result.end_game;
  const Engine engine(variant);

  // Each thread keeps its own sums, added up at the end.
  const int threads = detail::study_threads(config.threads, end - first);
  std::vector<SimulationStats> partial(static_cast<std::size_t>(threads));
  std::vector<std::vector<std::pair<std::uint64_t, GameRecord>>> records(partial.size());
  detail::run_games(first, end, threads, progress, [&](int t, const std::atomic<bool>& stop) {
    return [&, t,
            player = std::make_shared<detail::GamePlayer>(variant, engine, config, partial[t],
                                                          &stop)](std::uint64_t game) {
      if (game - first < config.record) {
        GameRecord r;
        player->play(game, &r);
        records[t].emplace_back(game, std::move(r));
      } else {
        player->play(game, nullptr);
      }
    };
  });

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
