// The JSON form and the merge of simulation results; see simulation_results.hpp.
#include "switchcards/agents/simulation_results.hpp"

#include "agents/simulation_json.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <utility>

namespace switchcards {

namespace {

using detail::field;

// /2: wins by place at the table (wins_by_position). /3: penalty cards, fairness and the lead
// (decisiveness and drama). /2 files are still read (and written back as /2: they lack /3's sums).
constexpr const char* kFormat = "switchcards-simulation/3";
constexpr const char* kFormat2 = "switchcards-simulation/2";

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

std::vector<std::uint64_t> places_from_json(const nlohmann::json& j, const char* key, int players,
                                            const std::string& file) {
  const nlohmann::json list = field<nlohmann::json>(j, key, file);
  if (!list.is_array() || list.size() != static_cast<std::size_t>(players))
    throw std::runtime_error(file + ": 'wins_by_position." + key +
                             "' must have one entry per place");
  std::vector<std::uint64_t> out;
  for (const nlohmann::json& item : list) out.push_back(field<std::uint64_t>(item, "wins", file));
  return out;
}

}  // namespace

nlohmann::ordered_json detail::results_json(const ShardResults& r) {
  using json = nlohmann::ordered_json;
  const SimulationStats& s = r.stats;
  json j;
  j["format"] = kFormat;
  j["variant"] = r.variant;
  if (!r.rules.empty()) j["rules"] = r.rules;
  j["title"] = r.title;
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
    j["format"] = kFormat2;
    return j;
  }
  j["penalty_cards"] = s.penalty_cards;
  j["penalty_cards_per_round"] =
      s.rounds ? static_cast<double>(s.penalty_cards) / static_cast<double>(s.rounds) : 0.0;
  const Fairness f = fairness(s);
  j["fairness"] = {{"first_player_win_rate", f.first_player_win_rate},
                   {"first_player_advantage", f.first_player_advantage},
                   {"positional_spread", f.positional_spread}};
  if (r.config.kind == GameKind::round) {
    const double rate = s.mid_leader_rounds ? static_cast<double>(s.mid_leader_wins) /
                                                  static_cast<double>(s.mid_leader_rounds)
                                            : 0.0;
    j["lead"] = {
        {"lead_changes", s.lead_changes},
        {"lead_changes_per_round",
         s.rounds ? static_cast<double>(s.lead_changes) / static_cast<double>(s.rounds) : 0.0},
        {"mid_leader_rounds", s.mid_leader_rounds},
        {"mid_leader_wins", s.mid_leader_wins},
        {"mid_leader_win_rate", rate},
        {"ci95", interval_json(wilson_interval(s.mid_leader_wins, s.mid_leader_rounds))}};
  }
  return j;
}

ShardResults detail::results_from_json(const nlohmann::json& j, const std::string& file) {
  if (!j.is_object() || !j.contains("format") ||
      (j["format"] != kFormat && j["format"] != kFormat2))
    throw std::runtime_error(file + ": not a switchcards simulation file (format " + kFormat +
                             " or " + kFormat2 + ")");
  ShardResults r;
  r.format_version = j["format"] == kFormat ? 3 : 2;
  r.variant = field<std::string>(j, "variant", file);
  if (j.contains("rules")) r.rules = field<std::string>(j, "rules", file);
  r.title = field<std::string>(j, "title", file);
  const std::string game = field<std::string>(j, "game", file);
  if (game != "round" && game != "match")
    throw std::runtime_error(file + ": unknown game '" + game + "'");
  r.config.kind = game == "round" ? GameKind::round : GameKind::match;
  r.config.players = field<int>(j, "players", file);
  r.config.agents = field<std::vector<std::string>>(j, "agents", file);
  if (r.config.players < 1 || static_cast<int>(r.config.agents.size()) != r.config.players)
    throw std::runtime_error(file + ": 'agents' must name one agent per seat");
  r.config.seed = field<std::uint64_t>(j, "seed", file);
  r.config.games = field<std::uint64_t>(j, "study_games", file);
  if (r.config.kind == GameKind::match)
    r.config.max_match_rounds = field<int>(j, "max_match_rounds", file);
  if (j.contains("shard")) {
    const std::string shard = field<std::string>(j, "shard", file);
    if (std::sscanf(shard.c_str(), "%d/%d", &r.config.shard, &r.config.shards) != 2)
      throw std::runtime_error(file + ": bad shard '" + shard + "'");
  }
  r.first_game = field<std::uint64_t>(j, "first_game", file);
  r.end_game = field<std::uint64_t>(j, "end_game", file);
  SimulationStats& s = r.stats;
  s.games = field<std::uint64_t>(j, "games", file);
  s.rounds = field<std::uint64_t>(j, "rounds", file);
  s.decisions = field<std::uint64_t>(j, "decisions", file);
  s.stalemates = field<std::uint64_t>(j, "stalemates", file);
  if (r.config.kind == GameKind::match) {
    s.unfinished = field<std::uint64_t>(j, "unfinished_matches", file);
    s.losses = field<std::vector<std::uint64_t>>(j, "losses", file);
  } else {
    s.losses.assign(static_cast<std::size_t>(r.config.players), 0);
  }
  s.wins = field<std::vector<std::uint64_t>>(j, "wins", file);
  if (s.wins.size() != static_cast<std::size_t>(r.config.players) ||
      s.losses.size() != static_cast<std::size_t>(r.config.players))
    throw std::runtime_error(file + ": 'wins' must have one entry per seat");
  if (j.contains("teams")) {
    r.teams = field<std::vector<int>>(j, "teams", file);
    if (r.teams.size() != static_cast<std::size_t>(r.config.players) ||
        std::any_of(r.teams.begin(), r.teams.end(),
                    [&](int t) { return t < 0 || t >= r.config.players; }))
      throw std::runtime_error(file + ": 'teams' must give a team from 0 to players - 1 per seat");
  }
  const nlohmann::json places = field<nlohmann::json>(j, "wins_by_position", file);
  s.wins_from_first = places_from_json(places, "from_first_player", r.config.players, file);
  s.wins_from_dealer = places_from_json(places, "from_dealer", r.config.players, file);
  const nlohmann::json length = field<nlohmann::json>(j, "round_length", file);
  const nlohmann::json histogram = field<nlohmann::json>(length, "histogram", file);
  if (!histogram.is_object()) throw std::runtime_error(file + ": the histogram is not an object");
  for (const auto& [key, value] : histogram.items()) {
    std::size_t len = 0;
    try {
      len = std::stoul(key);
    } catch (const std::exception&) {
      throw std::runtime_error(file + ": bad round length '" + key + "' in the histogram");
    }
    if (len > 100'000'000)
      throw std::runtime_error(file + ": round length " + key + " is too large");
    if (s.round_lengths.size() <= len) s.round_lengths.resize(len + 1);
    s.round_lengths[len] = value.get<std::uint64_t>();
  }
  const nlohmann::json events = field<nlohmann::json>(j, "events", file);
  for (int k = 0; k < kEventKindCount; ++k) {
    const std::string name(event_name(static_cast<EventKind>(k)));
    s.events[k] = events.contains(name) ? events[name].get<std::uint64_t>() : 0;
  }
  if (r.format_version >= 3) {
    s.penalty_cards = field<std::uint64_t>(j, "penalty_cards", file);
    if (r.config.kind == GameKind::round) {
      const nlohmann::json lead = field<nlohmann::json>(j, "lead", file);
      s.lead_changes = field<std::uint64_t>(lead, "lead_changes", file);
      s.mid_leader_rounds = field<std::uint64_t>(lead, "mid_leader_rounds", file);
      s.mid_leader_wins = field<std::uint64_t>(lead, "mid_leader_wins", file);
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
  return detail::results_from_json(detail::parse_json(text, file), file);
}

// "first to act", "2nd to act", ...; "the dealer", "1st after the dealer", ...
Fairness fairness(const SimulationStats& s) {
  Fairness f;
  if (s.games == 0 || s.wins_from_first.empty()) return f;
  const double games = static_cast<double>(s.games);
  const auto [low, high] = std::minmax_element(s.wins_from_first.begin(), s.wins_from_first.end());
  f.first_player_win_rate = static_cast<double>(s.wins_from_first[0]) / games;
  f.first_player_advantage =
      f.first_player_win_rate - 1.0 / static_cast<double>(s.wins_from_first.size());
  f.positional_spread = static_cast<double>(*high - *low) / games;
  return f;
}

void write_study_records(const std::string& file, std::vector<GameRecord> records,
                         const std::string& variant, const std::string& rules) {
  const std::string text = resolved_variant_yaml(variant, rules);
  for (GameRecord& rec : records) {
    rec.variant = variant;
    rec.variant_text = text;
  }
  std::ofstream out(file);
  write_game_records(out, records);
  if (!out) throw std::runtime_error("cannot write " + file);
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
  const auto same_study = [](const ShardResults& a, const ShardResults& b) {
    return a.variant == b.variant && a.rules == b.rules && a.config.kind == b.config.kind &&
           a.config.players == b.config.players && a.config.agents == b.config.agents &&
           a.config.seed == b.config.seed && a.config.games == b.config.games &&
           a.teams == b.teams &&
           (a.config.kind == GameKind::round ||
            a.config.max_match_rounds == b.config.max_match_rounds);
  };
  std::vector<std::size_t> order(parts.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  for (std::size_t i = 1; i < parts.size(); ++i)
    if (!same_study(parts[0], parts[i]))
      throw std::runtime_error("merge: " + files[i] + " is not from the same study as " + files[0] +
                               " (variant, rules, game kind, players, agents, seed and game count "
                               "must agree)");
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

}  // namespace switchcards
