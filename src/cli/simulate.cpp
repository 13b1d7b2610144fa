// `switchcards simulate`: play many games between bots on several threads and report wins per
// seat and agent (95% intervals), round lengths, how often each effect fired; --json writes the
// results for `merge`; --shard K/M plays one of M parts of the study.
#include <fmt/core.h>

#include <cstdio>
#include <fstream>
#include <limits>
#include <thread>

#include "cli/commands.hpp"
#include "cli/simulation_report.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/simulate.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

namespace switchcards::cli {

namespace {

// Games recorded by --record: all of them when there are at most this many, else the first.
constexpr std::uint64_t kRecordAllUpTo = 10;

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = s.find(',', start);
    out.push_back(s.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

void draw_progress(std::uint64_t done, std::uint64_t total) {
  constexpr int kWidth = 40;
  const double f = total ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
  const int filled = static_cast<int>(f * kWidth);
  fmt::print("\r[{}{}] {:3.0f}%  {}/{} games", std::string(filled, '#'),
             std::string(kWidth - filled, '.'), 100 * f, done, total);
  std::fflush(stdout);
}

}  // namespace

void add_simulate(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("simulate", "Play many games between bots and report statistics");
  static std::string variant, rules, json_file, shard, record_file;
  static std::string agents = SimulationConfig{}.agents.front();  // the library's default
  static std::string games = "1000", seed = "1", players,
                     threads = std::to_string(std::max(1u, std::thread::hardware_concurrency()));
  static bool matches = false;
  cmd->add_option("--variant,-v", variant, variant_help())->required();
  cmd->add_option("--games,-n", games,
                  "games to play (the whole study, over all shards): 1 or more, and at least one "
                  "per shard")
      ->capture_default_str();
  auto* players_opt = cmd->add_option(
      "--players,-p", players, "players (default: 4, or the nearest count the variant allows)");
  cmd->add_option("--agents,-a", agents,
                  "agents by seat, comma-separated, repeated to fill the seats: random, eager "
                  "(random among its plays when it can play), greedy, heuristic (random:P, "
                  "eager:P and heuristic:P forget last card with probability P, and call it "
                  "late with probability 1 - P). The default, heuristic, plays rounds to their "
                  "end: random bots, which draw when they could play, stall at the turn limit "
                  "in about one British round in four, which would drown a fairness study in "
                  "stalemates")
      ->capture_default_str();
  cmd->add_option("--threads,-t", threads,
                  fmt::format("worker threads, 1 to {} (results do not depend on it)", kMaxThreads))
      ->capture_default_str();
  cmd->add_option("--seed,-s", seed,
                  "master seed, 0 to 2^64 - 1: game i is played from derive_seed(seed, i)")
      ->capture_default_str();
  auto* json_opt = cmd->add_option("--json", json_file,
                                   "write the results as JSON to FILE ('-': standard output)");
  auto* shard_opt =
      cmd->add_option("--shard", shard,
                      "K/M: play only the K-th of M equal ranges of the games (1 <= K <= M); "
                      "`switchcards merge` adds the shard files up");
  auto* record_opt =
      cmd->add_option("--record", record_file,
                      "write game records (YAML) to FILE: every game if there are at most 10, else "
                      "the first; check them with `switchcards replay FILE`");
  cmd->add_option("--rules", rules,
                  "YAML overrides merged onto the variant, e.g. "
                  "'{last_card: {penalty: 4}}'");
  cmd->add_flag("--matches", matches, "each game is a whole match under the variant's match rules");

  cmd->callback([&exit_code, players_opt, json_opt, shard_opt, record_opt] {
    // Every argument is checked before the study starts.
    SimulationConfig config;
    if (shard_opt->count() > 0) parse_shard(shard, config.shard, config.shards);
    config.games = parse_whole("--games", games, 1, std::numeric_limits<std::uint64_t>::max());
    if (config.games < static_cast<std::uint64_t>(config.shards))
      throw UsageError(
          fmt::format("--games {} with --shard {}: every shard needs a game, so "
                      "--games must be at least {}",
                      games, shard, config.shards));
    config.seed = parse_whole("--seed", seed, 0, std::numeric_limits<std::uint64_t>::max());
    config.threads = static_cast<int>(parse_whole("--threads", threads, 1, kMaxThreads));
    config.agents = split_commas(agents);
    for (const std::string& name : config.agents) {
      if (name.rfind("human", 0) == 0)
        throw UsageError("--agents " + agents +
                         ": a human cannot play thousands of games; run `switchcards play`");
      try {
        (void)make_agent(name, 0);
      } catch (const std::invalid_argument& e) {
        throw UsageError("--agents " + agents + ": " + e.what());
      }
    }
    if (json_opt->count() > 0) check_output_file("--json", json_file);
    if (record_opt->count() > 0) check_output_file("--record", record_file);
    const Variant v = load_cli_variant(variant, rules);
    config.players = players_for(v, *players_opt, players);
    config.kind = matches ? GameKind::match : GameKind::round;
    if (!record_file.empty()) config.record = config.games <= kRecordAllUpTo ? config.games : 1;
    const bool bar = stdout_is_terminal() && json_file != "-";
    SimulationResult result =
        simulate(v, config, bar ? SimulationProgress(draw_progress) : SimulationProgress());
    if (bar) fmt::print("\r{:70}\r", "");

    const ShardResults r =
        shard_results(result, variant, rules, v.title.empty() ? v.name : v.title);

    if (json_file == "-") {
      fmt::print("{}\n", to_json(r));
    } else {
      print_report(r, result.seconds);
      if (!json_file.empty()) {
        std::ofstream out(json_file);
        out << to_json(r) << "\n";
        if (!out) throw std::runtime_error("cannot write " + json_file);
        fmt::print("\nResults written to {}\n", json_file);
      }
    }
    if (!record_file.empty()) {
      // Self-contained: the resolved variant, the rules merged in.
      const std::string text = resolved_variant_yaml(variant, rules);
      for (GameRecord& rec : result.records) {
        rec.variant = variant;
        rec.variant_text = text;
      }
      std::ofstream out(record_file);
      write_game_records(out, result.records);
      if (!out) throw std::runtime_error("cannot write " + record_file);
      if (json_file != "-")
        fmt::print("{} written to {}\n",
                   result.records.size() == 1
                       ? std::string("A game record")
                       : fmt::format("{} game records", result.records.size()),
                   record_file);
    }
    exit_code = 0;
  });
}

}  // namespace switchcards::cli
