// The JSON form and the merge of simulation results; see simulation_results.hpp.
#include "switchcards/agents/simulation_results.hpp"

#include "agents/simulation_json.hpp"
#include "io/write_file.hpp"
#include "io/yaml_text_guard.hpp"
#include "switchcards/core/seats.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"
#include "switchcards/io/variant_fingerprint.hpp"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <numeric>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace switchcards {

namespace {

using detail::json_value_text;
using detail::JsonAt;

// Round lengths (decisions) read from a file: far above any turn limit, and a guard against a
// histogram key that would make the round-length table huge.
constexpr std::uint64_t kMaxRoundLength = 100'000'000;

// Sums of 64-bit counts, which cannot wrap (__extension__: g++'s 128-bit integer under
// -Wpedantic).
__extension__ typedef unsigned __int128 Uint128;

// a * b, or 2^64 - 1 when it is larger.
std::uint64_t capped_product(std::uint64_t a, std::uint64_t b) {
  const Uint128 p = static_cast<Uint128>(a) * b;
  return p > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                       : static_cast<std::uint64_t>(p);
}

// The sum of counts.
Uint128 sum128(const std::vector<std::uint64_t>& v) {
  Uint128 total = 0;
  for (std::uint64_t x : v) total += x;
  return total;
}

std::string decimal_text(Uint128 x) {
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(x % 10)));
    x /= 10;
  } while (x > 0);
  return digits;
}

// A decimal as the writer writes it: digits only, no sign, no leading zero; nullopt otherwise.
std::optional<std::uint64_t> decimal(std::string_view text) {
  if (text.empty() || text.size() > 19 || (text.size() > 1 && text[0] == '0')) return std::nullopt;
  std::uint64_t x = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    x = x * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return x;
}

// "K/M" as the writer writes it, with 1 <= K <= M <= kMaxShards; false for anything else.
bool parse_shard(std::string_view text, int& shard, int& shards) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) return false;
  const std::optional<std::uint64_t> k = decimal(text.substr(0, slash));
  const std::optional<std::uint64_t> m = decimal(text.substr(slash + 1));
  if (!k || !m || *k < 1 || *k > *m ||
      *m > static_cast<std::uint64_t>(SimulationConfig::kMaxShards))
    return false;
  shard = static_cast<int>(*k);
  shards = static_cast<int>(*m);
  return true;
}

// "a whole number from 0 to games (10)": a count bounded by another of the file.
std::string up_to(std::string_view bound, std::uint64_t max) {
  return fmt::format("a whole number from 0 to {} ({})", bound, max);
}

// A list of counts, one per seat, each at most `most` and all of them together too (`what`
// says what they are bounded by).
std::vector<std::uint64_t> counts(const JsonAt& list, std::size_t seats,
                                  const std::string& per_seat, std::uint64_t most,
                                  const char* what) {
  std::vector<std::uint64_t> out;
  for (const JsonAt& item : list.elements(seats, per_seat))
    out.push_back(item.whole(0, most, up_to("games", most)));
  if (sum128(out) > most)
    list.fail(fmt::format("the counts add up to {}, more than the {} {}", decimal_text(sum128(out)),
                          most, what));
  return out;
}

// /2: wins by place at the table (wins_by_position). /3: penalty cards, fairness and the lead
// (decisiveness and drama). /2 files are still read (and written back as /2: they lack /3's sums).
constexpr const char* kSimulationFormat = "switchcards-simulation/3";
constexpr const char* kSimulationFormat2 = "switchcards-simulation/2";
// The event kinds there were when format 3 came (EventKind only grows at its end): every /3
// file counts them; a file written before a later kind has no count of it.
constexpr int kEventKindsOfFormat3 = static_cast<int>(EventKind::card_dealt) + 1;

nlohmann::ordered_json interval_json(Interval i) {
  return nlohmann::ordered_json::array({i.low, i.high});
}

const char* kind_name(GameKind k) {
  return k == GameKind::round ? "round" : "match";
}

nlohmann::ordered_json places_json(const std::vector<std::uint64_t>& wins, std::uint64_t games,
                                   bool from_dealer) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (std::size_t k = 0; k < wins.size(); ++k)
    out.push_back(
        {{"place", k},
         {"name", place_name(static_cast<int>(k), from_dealer)},
         {"wins", wins[k]},
         {"win_rate", games ? static_cast<double>(wins[k]) / static_cast<double>(games) : 0.0},
         {"ci95", interval_json(wilson_interval(wins[k], games))}});
  return out;
}

// Throws if adding `b` to `a` would wrap a count past 2^64 - 1: each file's counts fit in 64
// bits (the reader checks them), but nothing bounds the sum of unrelated counts such as events.
void check_sum_fits(const SimulationStats& a, const SimulationStats& b, const std::string& file) {
  const auto fits = [&](std::uint64_t x, std::uint64_t y, std::string_view what) {
    if (x > std::numeric_limits<std::uint64_t>::max() - y)
      throw std::runtime_error(
          fmt::format("merge: {}: the {} of the files add up to more than 2^64 - 1", file, what));
  };
  const auto fit_lists = [&](const std::vector<std::uint64_t>& x,
                             const std::vector<std::uint64_t>& y, std::string_view what) {
    for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) fits(x[i], y[i], what);
  };
  fits(a.games, b.games, "games");
  fits(a.rounds, b.rounds, "rounds");
  fits(a.decisions, b.decisions, "decisions");
  fits(a.stalemates, b.stalemates, "stalemates");
  fits(a.unfinished, b.unfinished, "unfinished matches");
  fit_lists(a.wins, b.wins, "wins");
  fit_lists(a.losses, b.losses, "losses");
  fit_lists(a.wins_from_first, b.wins_from_first, "wins by place");
  fit_lists(a.wins_from_dealer, b.wins_from_dealer, "wins by place");
  fit_lists(a.round_lengths, b.round_lengths, "round-length counts");
  for (int k = 0; k < kEventKindCount; ++k)
    fits(a.events[k], b.events[k],
         fmt::format("'{}' events", event_name(static_cast<EventKind>(k))));
  fits(a.penalty_cards, b.penalty_cards, "penalty cards");
  fits(a.lead_changes, b.lead_changes, "lead changes");
  fits(a.mid_leader_rounds, b.mid_leader_rounds, "mid-round leaders");
  fits(a.mid_leader_wins, b.mid_leader_wins, "mid-round leaders' wins");
}

}  // namespace

nlohmann::ordered_json detail::results_json(const ShardResults& r) {
  using json = nlohmann::ordered_json;
  const SimulationStats& s = r.stats;
  json j;
  j["format"] = kSimulationFormat;
  j["variant"] = r.variant;
  if (!r.rules.empty()) j["rules"] = r.rules;
  j["title"] = r.title;
  if (!r.variant_fingerprint.empty()) j["variant_fingerprint"] = r.variant_fingerprint;
  j["game"] = kind_name(r.config.kind);
  j["players"] = r.config.players;
  json agents = json::array();
  for (int seat = 0; seat < r.config.players; ++seat) agents.push_back(r.config.agent_of(seat));
  j["agents"] = agents;
  j["seed"] = r.config.seed;
  j["study_games"] = r.config.games;
  if (r.config.kind == GameKind::match) j["max_match_rounds"] = r.config.max_match_rounds;
  if (r.config.shards > 1) j["shard"] = fmt::format("{}/{}", r.config.shard, r.config.shards);
  j["first_game"] = r.first_game;
  j["end_game"] = r.end_game;

  j["games"] = s.games;
  j["rounds"] = s.rounds;
  j["decisions"] = s.decisions;
  j["stalemates"] = s.stalemates;
  j["stalemate_rate"] =
      s.rounds ? static_cast<double>(s.stalemates) / static_cast<double>(s.rounds) : 0.0;
  if (r.config.kind == GameKind::match) j["unfinished_matches"] = s.unfinished;
  j["wins"] = s.wins;
  if (r.config.kind == GameKind::match) j["losses"] = s.losses;
  json seats = json::array();
  for (int seat = 0; seat < r.config.players; ++seat) {
    const std::uint64_t wins = seat < static_cast<int>(s.wins.size()) ? s.wins[seat] : 0;
    seats.push_back(
        {{"seat", seat},
         {"agent", r.config.agent_of(seat)},
         {"wins", wins},
         {"win_rate", s.games ? static_cast<double>(wins) / static_cast<double>(s.games) : 0.0},
         {"ci95", interval_json(wilson_interval(wins, s.games))}});
  }
  j["seats"] = seats;
  if (!r.teams.empty()) {
    j["teams"] = r.teams;
    json by_team = json::array();
    for (const TeamWins& t : team_wins(r.teams, s))
      by_team.push_back(
          {{"team", t.team},
           {"seats", t.seats},
           {"wins", t.wins},
           {"win_rate", s.games ? static_cast<double>(t.wins) / static_cast<double>(s.games) : 0.0},
           {"ci95", interval_json(wilson_interval(t.wins, s.games))}});
    j["wins_by_team"] = by_team;
  }
  j["wins_by_position"] = {{"from_first_player", places_json(s.wins_from_first, s.games, false)},
                           {"from_dealer", places_json(s.wins_from_dealer, s.games, true)}};
  json by_agent = json::array();
  for (const AgentSummary& a : summarize_agents(r.config, s))
    by_agent.push_back({{"agent", a.agent},
                        {"seats", a.seats},
                        {"wins", a.wins},
                        {"win_rate_per_seat", a.rate},
                        {"ci95", interval_json(a.interval)}});
  j["by_agent"] = by_agent;
  json histogram = json::object();
  for (std::size_t len = 0; len < s.round_lengths.size(); ++len)
    if (s.round_lengths[len] > 0) histogram[std::to_string(len)] = s.round_lengths[len];
  j["round_length"] = {{"mean", s.mean_round_length()},
                       {"p50", s.round_length_percentile(0.5)},
                       {"p90", s.round_length_percentile(0.9)},
                       {"p99", s.round_length_percentile(0.99)},
                       {"max", s.longest_round()},
                       {"histogram", histogram}};
  json events = json::object();
  for (int k = 0; k < kEventKindCount; ++k)
    events[std::string(event_name(static_cast<EventKind>(k)))] = s.events[k];
  j["events"] = events;
  j["reshuffles"] = s.events[static_cast<int>(EventKind::stock_reshuffled)];
  if (r.format_version < 3) {
    j["format"] = kSimulationFormat2;
    return j;
  }
  j["penalty_cards"] = s.penalty_cards;
  j["penalty_cards_per_round"] =
      s.rounds ? static_cast<double>(s.penalty_cards) / static_cast<double>(s.rounds) : 0.0;
  const Fairness f = fairness(s);
  j["fairness"] = {{"first_player_win_rate", f.first_player_win_rate},
                   {"first_player_share_of_won", number_or_null(f.first_player_share_of_won)},
                   {"first_player_advantage", number_or_null(f.first_player_advantage)},
                   {"positional_spread", f.positional_spread}};
  if (r.config.kind == GameKind::round) {
    j["lead"] = {
        {"lead_changes", s.lead_changes},
        {"lead_changes_per_round",
         s.rounds ? static_cast<double>(s.lead_changes) / static_cast<double>(s.rounds) : 0.0},
        {"mid_leader_rounds", s.mid_leader_rounds},
        {"mid_leader_wins", s.mid_leader_wins},
        {"mid_leader_win_rate", rate_or_null(s.mid_leader_wins, s.mid_leader_rounds)},
        // No round to measure: no interval, as no rate (an interval of [0, 1] claimed one).
        {"ci95", s.mid_leader_rounds > 0
                     ? interval_json(wilson_interval(s.mid_leader_wins, s.mid_leader_rounds))
                     : nlohmann::ordered_json(nullptr)}};
  }
  return j;
}

ShardResults detail::results_from_json(const JsonAt& doc) {
  const Json& j = doc.value();
  if (!j.is_object() || !j.contains("format") ||
      (j["format"] != kSimulationFormat && j["format"] != kSimulationFormat2))
    doc.fail(std::string("not a switchcards simulation file (format ") + kSimulationFormat +
             " or " + kSimulationFormat2 + ")");
  // Only the counts are read: the rates, intervals, per-seat, per-agent and per-team lists, the
  // round-length summary, `reshuffles` and `fairness` are computed from them again when written.
  ShardResults r;
  r.format_version = j["format"] == kSimulationFormat ? 3 : 2;
  r.variant = doc["variant"].string();
  if (doc.has("rules")) r.rules = doc["rules"].string();
  r.title = doc["title"].string();
  // Optional: files written before results carried it have none (merge then cannot compare).
  if (doc.has("variant_fingerprint")) {
    const JsonAt fingerprint = doc["variant_fingerprint"];
    r.variant_fingerprint = fingerprint.string();
    if (!is_variant_fingerprint(r.variant_fingerprint))
      fingerprint.fail("expected 16 hexadecimal digits (0-9, a-f), got " +
                       json_value_text(fingerprint.value()));
  }
  const JsonAt game = doc["game"];
  const std::string kind = game.string();
  if (kind != "round" && kind != "match")
    game.fail("expected \"round\" or \"match\", got " + json_value_text(game.value()));
  r.config.kind = kind == "round" ? GameKind::round : GameKind::match;
  const bool matches = r.config.kind == GameKind::match;
  const int players = doc["players"].small(1, kMaxSeats);
  const auto seats = static_cast<std::size_t>(players);
  const std::string per_seat = fmt::format("one per seat, {} players", players);
  r.config.players = players;
  r.config.agents.clear();  // of the default config
  for (const JsonAt& agent : doc["agents"].elements(seats, per_seat))
    r.config.agents.push_back(agent.string());
  r.config.seed = doc["seed"].whole();
  r.config.games = doc["study_games"].whole(1);
  if (matches) r.config.max_match_rounds = doc["max_match_rounds"].small(1, kMaxMatchRounds);
  if (doc.has("shard")) {
    const JsonAt shard = doc["shard"];
    if (!parse_shard(shard.string(), r.config.shard, r.config.shards))
      shard.fail(fmt::format("expected \"K/M\", the K-th of M parts with 1 <= K <= M <= {}, got {}",
                             SimulationConfig::kMaxShards, json_value_text(shard.value())));
  }

  // The games covered, [first_game, end_game): a shard's are fixed by K/M; a merge of some of
  // the shards (no "shard") covers any range of the study.
  const JsonAt first_at = doc["first_game"], end_at = doc["end_game"];
  r.first_game = first_at.whole(0, r.config.games, up_to("study_games", r.config.games));
  r.end_game = end_at.whole(r.first_game, r.config.games,
                            fmt::format("a whole number from first_game ({}) to study_games ({})",
                                        r.first_game, r.config.games));
  if (r.config.shards > 1 &&
      (r.first_game != r.config.first_game() || r.end_game != r.config.end_game()))
    (r.first_game != r.config.first_game() ? first_at : end_at)
        .fail(fmt::format("shard {}/{} of a study of {} games covers games {}..{}, not {}..{}",
                          r.config.shard, r.config.shards, r.config.games, r.config.first_game(),
                          r.config.end_game(), r.first_game, r.end_game));

  SimulationStats& s = r.stats;
  const JsonAt games_at = doc["games"];
  s.games = games_at.whole();
  if (s.games != r.end_game - r.first_game)
    games_at.fail(fmt::format("expected end_game - first_game = {}, got {}",
                              r.end_game - r.first_game, s.games));
  // A game is one round, or a match of 1 to max_match_rounds rounds.
  const JsonAt rounds_at = doc["rounds"];
  s.rounds = rounds_at.whole();
  const std::uint64_t most_rounds =
      matches ? capped_product(s.games, static_cast<std::uint64_t>(r.config.max_match_rounds))
              : s.games;
  if (s.rounds < s.games || s.rounds > most_rounds)
    rounds_at.fail(
        matches ? fmt::format("expected {} to {} for {} matches of at most {} rounds, got {}",
                              s.games, most_rounds, s.games, r.config.max_match_rounds, s.rounds)
                : fmt::format("expected {}, one per game, got {}", s.games, s.rounds));
  s.decisions = doc["decisions"].whole();
  s.stalemates = doc["stalemates"].whole(0, s.rounds, up_to("rounds", s.rounds));
  if (matches) {
    s.unfinished = doc["unfinished_matches"].whole(0, s.games, up_to("games", s.games));
    s.losses = counts(doc["losses"], seats, per_seat, s.games, "games (a match has one loser)");
  } else {
    s.losses.assign(seats, 0);
  }
  // A game has at most one winner (none when it stalls), and each win is counted by seat and by
  // the two places at the table.
  s.wins = counts(doc["wins"], seats, per_seat, s.games, "games (a game has one winner)");
  const auto won = static_cast<std::uint64_t>(sum128(s.wins));
  if (doc.has("teams")) {
    for (const JsonAt& team : doc["teams"].elements(seats, per_seat))
      r.teams.push_back(team.small(0, players - 1));
  }
  const JsonAt places = doc["wins_by_position"];
  for (const char* key : {"from_first_player", "from_dealer"}) {
    const JsonAt list = places[key];
    std::vector<std::uint64_t>& out =
        key[5] == 'f' ? s.wins_from_first : s.wins_from_dealer;  // "from_first_player"
    for (const JsonAt& place : list.elements(seats, "one per place, " + per_seat))
      out.push_back(place["wins"].whole(0, s.games, up_to("games", s.games)));
    if (sum128(out) != won)
      list.fail(fmt::format("the wins of the places add up to {}, but the wins of the seats to {}",
                            decimal_text(sum128(out)), won));
  }

  // The histogram: round length (decisions, a decimal) -> rounds; its rounds and decisions are
  // the study's.
  const JsonAt histogram = doc["round_length"]["histogram"];
  Uint128 histogram_rounds = 0, histogram_decisions = 0;
  for (const auto& [key, value] : histogram.members()) {
    const std::optional<std::uint64_t> len = decimal(key);
    if (!len || *len > kMaxRoundLength)
      value.fail(fmt::format("expected a round length from 0 to {} as the key, got '{}'",
                             kMaxRoundLength, key));
    const std::uint64_t n = value.whole(0, s.rounds, up_to("rounds", s.rounds));
    if (s.round_lengths.size() <= *len) s.round_lengths.resize(*len + 1);
    s.round_lengths[*len] = n;
    histogram_rounds += n;
    histogram_decisions += static_cast<Uint128>(*len) * n;
  }
  if (histogram_rounds != s.rounds)
    histogram.fail(fmt::format("the histogram counts {} rounds, but /rounds is {}",
                               decimal_text(histogram_rounds), s.rounds));
  if (histogram_decisions != s.decisions)
    histogram.fail(
        fmt::format("the rounds of the histogram take {} decisions in all, but /decisions is {}",
                    decimal_text(histogram_decisions), s.decisions));

  // Every event by name. A file may lack the kinds added after it was written (read as 0),
  // but not one that every file of its format counts: a count lost from the file would pass
  // into a merge as 0.
  const JsonAt events = doc["events"];
  for (const auto& [name, value] : events.members()) {
    int k = 0;
    while (k < kEventKindCount && event_name(static_cast<EventKind>(k)) != name) ++k;
    if (k == kEventKindCount) value.fail("not an event of this version of switchcards");
    s.events[k] = value.whole();
  }
  if (r.format_version >= 3)
    for (int k = 0; k < kEventKindsOfFormat3; ++k) {
      const std::string name(event_name(static_cast<EventKind>(k)));
      if (!events.has(name.c_str()))
        events.fail(fmt::format("missing '{}', which every file of format {} counts", name,
                                kSimulationFormat));
    }
  if (r.format_version >= 3) {
    s.penalty_cards = doc["penalty_cards"].whole();
    if (!matches) {
      // A lead changes only after an action, and the leader at mid-round is counted only in
      // rounds that were won.
      const JsonAt lead = doc["lead"];
      s.lead_changes = lead["lead_changes"].whole(0, s.decisions, up_to("decisions", s.decisions));
      s.mid_leader_rounds = lead["mid_leader_rounds"].whole(0, won, up_to("the rounds won", won));
      s.mid_leader_wins = lead["mid_leader_wins"].whole(
          0, s.mid_leader_rounds, up_to("mid_leader_rounds", s.mid_leader_rounds));
    }
  }
  return r;
}

ShardResults shard_results(const SimulationResult& result, std::string variant, std::string rules,
                           std::string title) {
  ShardResults r;
  r.variant = std::move(variant);
  r.rules = std::move(rules);
  r.title = std::move(title);
  r.config = result.config;
  r.config.agents.clear();
  for (int seat = 0; seat < result.config.players; ++seat)
    r.config.agents.push_back(result.config.agent_of(seat));
  r.first_game = result.first_game;
  r.end_game = result.end_game;
  r.stats = result.stats;
  r.teams = result.teams;
  r.variant_fingerprint = result.variant_fingerprint;
  return r;
}

std::vector<TeamWins> team_wins(const std::vector<int>& teams, const SimulationStats& stats) {
  std::vector<TeamWins> out;
  for (std::size_t seat = 0; seat < teams.size(); ++seat) {
    const int t = teams[seat];
    if (static_cast<int>(out.size()) <= t) out.resize(static_cast<std::size_t>(t) + 1);
    out[static_cast<std::size_t>(t)].team = t;
    out[static_cast<std::size_t>(t)].seats.push_back(static_cast<int>(seat));
    if (seat < stats.wins.size()) out[static_cast<std::size_t>(t)].wins += stats.wins[seat];
  }
  return out;
}

std::string to_json(const ShardResults& r) {
  return detail::results_json(r).dump(2);
}

ShardResults shard_results_from_json(std::string_view text, const std::string& file) {
  const detail::Json j = detail::parse_json(text, file);
  return detail::results_from_json(JsonAt(j, file));
}

// "first to act", "2nd to act", ...; "the dealer", "1st after the dealer", ...
Fairness fairness(const SimulationStats& s) {
  Fairness f;
  if (s.games == 0 || s.wins_from_first.empty()) return f;
  const double games = static_cast<double>(s.games);
  const auto [low, high] = std::minmax_element(s.wins_from_first.begin(), s.wins_from_first.end());
  f.first_player_win_rate = static_cast<double>(s.wins_from_first[0]) / games;
  f.won = std::accumulate(s.wins_from_first.begin(), s.wins_from_first.end(), std::uint64_t{0});
  if (f.won > 0) {
    f.first_player_share_of_won =
        static_cast<double>(s.wins_from_first[0]) / static_cast<double>(f.won);
    f.first_player_advantage =
        *f.first_player_share_of_won - 1.0 / static_cast<double>(s.wins_from_first.size());
  }
  f.positional_spread = static_cast<double>(*high - *low) / games;
  return f;
}

namespace {

// The YAML of a study's records; std::runtime_error naming `where` when replay could not read
// it back.
std::string study_records_text(std::vector<GameRecord> records, const RecordedVariant& variant,
                               const std::string& where) {
  for (GameRecord& rec : records) {
    rec.variant = variant.name;
    rec.variant_text = variant.text;
  }
  std::ostringstream out;
  write_game_records(out, records);
  // A string stream that cannot grow (no memory) fails quietly: the text would be cut short.
  if (!out)
    throw std::runtime_error(where + ": the game records could not be written out (out of memory)");
  std::string yaml = std::move(out).str();
  if (yaml.size() > detail::yaml::kMaxRecordBytes)
    throw std::runtime_error(fmt::format(
        "{}: the game records take {} bytes, more than the {} bytes ({} MiB) `switchcards "
        "replay` reads; record fewer or shorter games",
        where, yaml.size(), detail::yaml::kMaxRecordBytes, detail::yaml::kMaxRecordBytes >> 20));
  return yaml;
}

}  // namespace

RecordedVariant recorded_variant(const std::string& variant, const std::string& rules) {
  return {variant, resolved_variant_yaml(variant, rules)};
}

void write_study_records(const std::string& file, std::vector<GameRecord> records,
                         const RecordedVariant& variant) {
  detail::write_text_file(file, study_records_text(std::move(records), variant, file));
}

void check_records_file(const std::string& file) {
  if (file.empty()) throw std::invalid_argument("the records file: expected a file name");
  if (const std::string problem = detail::output_file_problem(file); !problem.empty())
    throw std::invalid_argument(file + ": " + problem);
}

void write_study_records(std::ostream& out, std::vector<GameRecord> records,
                         const RecordedVariant& variant) {
  out << study_records_text(std::move(records), variant, "standard output");
}

std::string place_name(int k, bool from_dealer) {
  const auto ordinal = [](int n) {
    const char* suffix = n % 10 == 1 && n % 100 != 11   ? "st"
                         : n % 10 == 2 && n % 100 != 12 ? "nd"
                         : n % 10 == 3 && n % 100 != 13 ? "rd"
                                                        : "th";
    return std::to_string(n) + suffix;
  };
  if (from_dealer) return k == 0 ? "the dealer" : ordinal(k) + " after the dealer";
  return k == 0 ? "first to act" : ordinal(k + 1) + " to act";
}

ShardResults merge_shards(std::vector<ShardResults> parts, const std::vector<std::string>& files) {
  if (parts.empty()) throw std::runtime_error("merge: no files");
  // The first setting of the study that shard `b` differs in from the first file's, worded;
  // "" for a shard of the same study.
  const auto study_difference = [&](const ShardResults& b) -> std::string {
    const ShardResults& a = parts[0];
    const auto differs = [&](std::string_view what, const auto& here, const auto& first) {
      return detail::differs_from_first(what, here, first, files[0]);
    };
    if (a.variant != b.variant) return differs("variant", b.variant, a.variant);
    if (a.rules != b.rules) return differs("rules", b.rules, a.rules);
    if (a.config.kind != b.config.kind)
      return differs("game", kind_name(b.config.kind), kind_name(a.config.kind));
    if (a.config.players != b.config.players)
      return differs("players", b.config.players, a.config.players);
    if (a.config.agents != b.config.agents)
      return differs("agents", b.config.agents, a.config.agents);
    if (a.config.seed != b.config.seed) return differs("seed", b.config.seed, a.config.seed);
    if (a.config.games != b.config.games)
      return differs("study_games", b.config.games, a.config.games);
    if (a.teams != b.teams) return differs("teams", b.teams, a.teams);
    if (a.config.kind == GameKind::match && a.config.max_match_rounds != b.config.max_match_rounds)
      return differs("max_match_rounds", b.config.max_match_rounds, a.config.max_match_rounds);
    return "";
  };
  std::vector<std::size_t> order(parts.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  for (std::size_t i = 1; i < parts.size(); ++i)
    if (const std::string why = study_difference(parts[i]); !why.empty())
      throw std::runtime_error("merge: " + files[i] + " is not from the same study as " + files[0] +
                               " " + why);
  // The same variant name may stand for other rules in another shard: its file (or one it
  // extends, or a built-in of another version) changed between the runs. The fingerprints of
  // the rules played tell.
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string &first = parts[0].variant_fingerprint, &other = parts[i].variant_fingerprint;
    if (first.empty() != other.empty()) {
      const std::size_t with = first.empty() ? i : 0, without = first.empty() ? 0 : i;
      throw std::runtime_error(fmt::format(
          "merge: {} carries the fingerprint of its variant's rules and {} does not (it was "
          "written by an older switchcards), so whether they played the same rules of '{}' "
          "cannot be told; play {} again",
          files[with], files[without], parts[0].variant, files[without]));
    }
    if (first != other)
      throw std::runtime_error(fmt::format(
          "merge: {} and {} were played under different rules of '{}' (variant fingerprints {} "
          "and {}): its file, a file it extends or the version of switchcards differed between "
          "the runs",
          files[0], files[i], parts[0].variant, first, other));
  }
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return parts[a].first_game < parts[b].first_game;
  });
  ShardResults out = parts[order[0]];
  out.stats = SimulationStats{};
  out.stats.wins.assign(static_cast<std::size_t>(out.config.players), 0);
  out.stats.losses.assign(static_cast<std::size_t>(out.config.players), 0);
  out.stats.wins_from_first.assign(static_cast<std::size_t>(out.config.players), 0);
  out.stats.wins_from_dealer.assign(static_cast<std::size_t>(out.config.players), 0);
  std::uint64_t expect = parts[order[0]].first_game;
  for (std::size_t i : order) {
    if (parts[i].first_game != expect)
      throw std::runtime_error(
          fmt::format("merge: {} covers games {}..{}, but the files before it end at game {} ({})",
                      files[i], parts[i].first_game, parts[i].end_game, expect,
                      parts[i].first_game < expect ? "they overlap" : "a shard is missing"));
    expect = parts[i].end_game;
    check_sum_fits(out.stats, parts[i].stats, files[i]);
    out.stats.add(parts[i].stats);
  }
  out.end_game = expect;
  for (const ShardResults& p : parts)
    out.format_version = std::min(out.format_version, p.format_version);
  // A merge that covers the whole study is the unsharded run.
  out.config.shard = 1;
  out.config.shards = 1;
  if (parts.size() == 1) out.config = parts[0].config;
  return out;
}

std::string results_format(std::string_view text, const std::string& file) {
  const detail::Json j = detail::parse_json(text, file);
  if (!j.is_object() || !j.contains("format") || !j["format"].is_string()) return "";
  return j["format"].get<std::string>();
}

}  // namespace switchcards
