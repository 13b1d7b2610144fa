// Rule sweeps; see include/switchcards/agents/sweep.hpp and docs/studies.md.
#include "switchcards/agents/sweep.hpp"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <stdexcept>

#include "agents/game_player.hpp"
#include "agents/simulation_json.hpp"
#include "switchcards/io/load_variant.hpp"

namespace switchcards {

namespace {

constexpr const char* kFormat = "switchcards-sweep/1";

// A grid value as JSON: numbers, booleans, lists and maps as such, other scalars as strings.
nlohmann::ordered_json value_json(const std::string& yaml_flow) {
  if (yaml_flow == "true" || yaml_flow == "false") return yaml_flow == "true";
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(yaml_flow, nullptr, false);
  if (j.is_discarded()) return yaml_flow;
  return j;
}

double ratio(std::uint64_t a, std::uint64_t b) {
  return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0;
}

// The measures of a row, by name, in table order.
std::vector<std::pair<std::string, nlohmann::ordered_json>> summary(const ShardResults& r) {
  const SimulationStats& s = r.stats;
  std::vector<std::pair<std::string, nlohmann::ordered_json>> out;
  const Fairness f = fairness(s);
  const std::uint64_t first_wins = s.wins_from_first.empty() ? 0 : s.wins_from_first[0];
  const Interval first = wilson_interval(first_wins, s.games);
  out.emplace_back("games", s.games);
  out.emplace_back("first_player_win_rate", f.first_player_win_rate);
  out.emplace_back("first_player_ci95", nlohmann::ordered_json::array({first.low, first.high}));
  out.emplace_back("first_player_share_of_won",
                   detail::number_or_null(f.first_player_share_of_won));
  out.emplace_back("first_player_advantage", detail::number_or_null(f.first_player_advantage));
  out.emplace_back("positional_spread", f.positional_spread);
  for (std::size_t k = 1; k < s.wins_from_first.size(); ++k)
    out.emplace_back(fmt::format("place_{}_win_rate", k + 1), ratio(s.wins_from_first[k], s.games));
  out.emplace_back("dealer_win_rate",
                   ratio(s.wins_from_dealer.empty() ? 0 : s.wins_from_dealer[0], s.games));
  out.emplace_back("stalemate_rate", ratio(s.stalemates, s.rounds));
  out.emplace_back("mean_round_length", s.mean_round_length());
  out.emplace_back("p50_round_length", s.round_length_percentile(0.5));
  out.emplace_back("p90_round_length", s.round_length_percentile(0.9));
  out.emplace_back("p99_round_length", s.round_length_percentile(0.99));
  // Results of format /2 counted neither the penalty cards nor the lead: null, not a 0 that
  // would read as measured.
  const bool v3 = r.format_version >= 3;
  out.emplace_back("penalty_cards_per_round",
                   v3 ? nlohmann::ordered_json(ratio(s.penalty_cards, s.rounds))
                      : nlohmann::ordered_json(nullptr));
  out.emplace_back("specials_per_round", ratio(detail::special_effects(s), s.rounds));
  if (r.config.kind == GameKind::round) {
    out.emplace_back("lead_changes_per_round",
                     v3 ? nlohmann::ordered_json(ratio(s.lead_changes, s.rounds))
                        : nlohmann::ordered_json(nullptr));
    out.emplace_back("mid_leader_win_rate",
                     v3 ? detail::rate_or_null(s.mid_leader_wins, s.mid_leader_rounds)
                        : nlohmann::ordered_json(nullptr));
  }
  return out;
}

// The same measures as one JSON object, by name in table order.
nlohmann::ordered_json summary_object(const ShardResults& r) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (auto& [key, value] : summary(r)) out[key] = value;
  return out;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

SweepResults sweep(const std::string& variant, const std::string& base_rules, const SweepGrid& grid,
                   const SimulationConfig& config, const SimulationProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  SweepResults out;
  out.variant = variant;
  out.base_rules = base_rules;
  out.grid = grid.file;
  for (const SweepKey& k : grid.keys) out.keys.push_back(k.path);
  const std::size_t n = grid.combinations();
  const std::uint64_t per_row = config.end_game() - config.first_game();
  // Every combination is loaded and checked before any game is played: each value was checked
  // alone (check_sweep_grid), but two together may still contradict each other (players.min
  // above players.max), or leave no room for the study's players.
  std::vector<Variant> variants;
  std::vector<std::string> rules;
  for (std::size_t i = 0; i < n; ++i) {
    const std::vector<std::size_t> choice = grid.choice(i);
    std::string combination;
    for (std::size_t k = 0; k < grid.keys.size(); ++k)
      combination += fmt::format("{}{} = {}", k ? ", " : "", grid.keys[k].path,
                                 grid.keys[k].values[choice[k]]);
    const std::string what =
        fmt::format("the combination {} does not give a valid {}: ", combination, variant);
    rules.push_back(sweep_rules(grid, choice, base_rules));
    try {
      variants.push_back(load_variant(variant, rules.back(), "rules"));
    } catch (const LoadError& e) {
      throw LoadError(grid.file, 0, 0, "",
                      what + (e.key().empty() ? "" : e.key() + ": ") + e.message());
    }
    try {
      detail::check_config(variants.back(), config);
    } catch (const std::invalid_argument& e) {
      // A LoadError as the combination that does not load: the same message, "FILE: the
      // combination ...", and not one with the command's name before it and one without.
      throw LoadError(grid.file, 0, 0, "", what + e.what());
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::vector<std::size_t> choice = grid.choice(i);
    SweepRow row;
    for (std::size_t k = 0; k < grid.keys.size(); ++k)
      row.values.push_back(grid.keys[k].values[choice[k]]);
    const Variant& v = variants[i];
    if (i == 0) out.title = v.title.empty() ? v.name : v.title;
    SimulationProgress row_progress;
    if (progress)
      row_progress = [&, i](std::uint64_t done, std::uint64_t) {
        progress(i * per_row + done, n * per_row);
      };
    const SimulationResult result = simulate(v, config, row_progress);
    row.results = shard_results(result, variant, rules[i], v.title.empty() ? v.name : v.title);
    out.rows.push_back(std::move(row));
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

std::string to_json(const SweepResults& r) {
  nlohmann::ordered_json j;
  j["format"] = kFormat;
  j["variant"] = r.variant;
  if (!r.base_rules.empty()) j["rules"] = r.base_rules;
  j["title"] = r.title;
  j["grid"] = r.grid;
  j["keys"] = r.keys;
  if (!r.rows.empty()) {
    const SimulationConfig& c = r.rows[0].results.config;
    j["seed"] = c.seed;
    j["study_games"] = c.games;
    if (c.shards > 1) j["shard"] = fmt::format("{}/{}", c.shard, c.shards);
  }
  j["places"] = "counted in the order of play from the first player to act at the deal";
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const SweepRow& row : r.rows) {
    nlohmann::ordered_json values = nlohmann::ordered_json::object();
    for (std::size_t k = 0; k < r.keys.size(); ++k) values[r.keys[k]] = value_json(row.values[k]);
    rows.push_back({{"values", values},
                    {"yaml_values", row.values},
                    {"rules", row.results.rules},
                    {"summary", summary_object(row.results)},
                    {"results", detail::results_json(row.results)}});
  }
  j["rows"] = rows;
  return j.dump(2);
}

std::string summary_json(const ShardResults& r) {
  return summary_object(r).dump();
}

std::string to_csv(const SweepResults& r) {
  std::string out;
  std::vector<std::string> head = r.keys;
  // An interval is two columns, KEY_low and KEY_high, so a spreadsheet reads both as numbers.
  if (!r.rows.empty())
    for (auto& [key, value] : summary(r.rows[0].results)) {
      if (value.is_array()) {
        head.push_back(key + "_low");
        head.push_back(key + "_high");
      } else {
        head.push_back(key);
      }
    }
  for (std::size_t i = 0; i < head.size(); ++i) out += (i ? "," : "") + csv_field(head[i]);
  out += "\n";
  for (const SweepRow& row : r.rows) {
    std::vector<std::string> cells = row.values;
    for (auto& [key, value] : summary(row.results)) {
      if (value.is_array()) {
        cells.push_back(fmt::format("{:.6f}", value[0].get<double>()));
        cells.push_back(fmt::format("{:.6f}", value[1].get<double>()));
      } else if (value.is_number_float()) {
        cells.push_back(fmt::format("{:.6f}", value.get<double>()));
      } else {
        cells.push_back(value.is_null() ? "" : value.dump());
      }
    }
    for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + csv_field(cells[i]);
    out += "\n";
  }
  return out;
}

SweepResults sweep_from_json(std::string_view text, const std::string& file) {
  const detail::Json j = detail::parse_json_document(text, file, kFormat, "sweep");
  const detail::JsonAt doc(j, file);
  const auto strings = [](const detail::JsonAt& list) {
    std::vector<std::string> out;
    for (const detail::JsonAt& s : list.elements()) out.push_back(s.string());
    return out;
  };
  SweepResults r;
  r.variant = doc["variant"].string();
  if (doc.has("rules")) r.base_rules = doc["rules"].string();
  r.title = doc["title"].string();
  r.grid = doc["grid"].string();
  r.keys = strings(doc["keys"]);
  for (const detail::JsonAt& at : doc["rows"].elements()) {
    SweepRow row;
    const detail::JsonAt values = at["yaml_values"];
    row.values = strings(values);
    if (row.values.size() != r.keys.size())
      values.fail(
          fmt::format("expected one value per key ({}), got {}", r.keys.size(), row.values.size()));
    row.results = detail::results_from_json(at["results"]);
    r.rows.push_back(std::move(row));
  }
  return r;
}

SweepResults merge_sweeps(std::vector<SweepResults> parts, const std::vector<std::string>& files) {
  if (parts.empty()) throw std::runtime_error("merge: no files");
  SweepResults out = parts[0];
  for (std::size_t p = 1; p < parts.size(); ++p) {
    const SweepResults& part = parts[p];
    const auto refuse = [&](std::string_view what, const auto& here, const auto& first) {
      throw std::runtime_error("merge: " + files[p] + " is not a shard of the same sweep as " +
                               files[0] + " " +
                               detail::differs_from_first(what, here, first, files[0]));
    };
    if (part.variant != out.variant) refuse("variant", part.variant, out.variant);
    if (part.base_rules != out.base_rules) refuse("rules", part.base_rules, out.base_rules);
    if (part.keys != out.keys) refuse("keys", part.keys, out.keys);
    if (part.rows.size() != out.rows.size()) refuse("rows", part.rows.size(), out.rows.size());
    for (std::size_t i = 0; i < out.rows.size(); ++i)
      if (part.rows[i].values != out.rows[i].values)
        refuse("values of row " + std::to_string(i + 1), part.rows[i].values, out.rows[i].values);
  }
  for (std::size_t i = 0; i < out.rows.size(); ++i) {
    std::vector<ShardResults> row;
    for (const SweepResults& part : parts) row.push_back(part.rows[i].results);
    out.rows[i].results = merge_shards(std::move(row), files);
  }
  return out;
}

}  // namespace switchcards
