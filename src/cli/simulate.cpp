// `switchcards simulate`: play many games between bots on several threads and report wins per
// seat and agent (95% intervals), round lengths, how often each effect fired; --json writes the
// results for `merge`; --shard K/M plays one of M parts of the study.
#include <fmt/core.h>

#include <cstdio>
#include <fstream>
#include <thread>

#include "cli/commands.hpp"
#include "cli/simulation_report.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/simulate.hpp"
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
  static std::string variant, rules, agents = "random", json_file, shard, record_file;
  static std::uint64_t games = 1000, seed = 1;
  static int players = 0;
  static int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  static bool matches = false;
  cmd->add_option("--variant,-v", variant, variant_help())->required();
  cmd->add_option("--games,-n", games, "games to play (the whole study, over all shards)")
      ->capture_default_str();
  cmd->add_option("--players,-p", players,
                  "players (default: 4, or the nearest count the variant allows)");
  cmd->add_option("--agents,-a", agents,
                  "agents by seat, comma-separated, repeated to fill the seats: random, eager "
                  "(random among its plays when it can play), greedy, heuristic (random:P, "
                  "eager:P and heuristic:P forget last card with probability P, and call it "
                  "late with probability 1 - P)")
      ->capture_default_str();
  cmd->add_option("--threads,-t", threads, "worker threads (results do not depend on it)")
      ->capture_default_str();
  cmd->add_option("--seed,-s", seed, "master seed: game i is played from derive_seed(seed, i)")
      ->capture_default_str();
  cmd->add_option("--json", json_file, "write the results as JSON to FILE ('-': standard output)");
  cmd->add_option("--shard", shard,
                  "K/M: play only the K-th of M equal ranges of the games; "
                  "`switchcards merge` adds the shard files up");
  cmd->add_option("--record", record_file,
                  "write game records (YAML) to FILE: every game if there are at most 10, else "
                  "the first; check them with `switchcards replay FILE`");
  cmd->add_option("--rules", rules,
                  "YAML overrides merged onto the variant, e.g. "
                  "'{last_card: {penalty: 4}}'");
  cmd->add_flag("--matches", matches, "each game is a whole match under the variant's match rules");

  cmd->callback([&exit_code] {
    const Variant v = load_cli_variant(variant, rules);
    SimulationConfig config;
    config.players = players_for(v, players);
    config.agents = split_commas(agents);
    config.games = games;
    config.seed = seed;
    config.threads = threads;
    config.kind = matches ? GameKind::match : GameKind::round;
    if (!shard.empty()) {
      char rest = 0;
      if (std::sscanf(shard.c_str(), "%d/%d%c", &config.shard, &config.shards, &rest) != 2)
        throw std::invalid_argument("--shard " + shard + ": expected K/M, e.g. 1/4");
    }
    if (!record_file.empty()) config.record = games <= kRecordAllUpTo ? games : 1;

    const bool bar = stdout_is_terminal() && json_file != "-";
    SimulationResult result =
        simulate(v, config, bar ? SimulationProgress(draw_progress) : SimulationProgress());
    if (bar) fmt::print("\r{:70}\r", "");

    ShardResults r;
    r.variant = variant;
    r.rules = rules;
    r.title = v.title.empty() ? v.name : v.title;
    r.config = config;
    r.config.agents.clear();
    for (int seat = 0; seat < config.players; ++seat)
      r.config.agents.push_back(config.agent_of(seat));
    r.first_game = result.first_game;
    r.end_game = result.end_game;
    r.stats = result.stats;

    if (json_file == "-") {
      fmt::print("{}\n", to_json(r).dump(2));
    } else {
      print_report(r, result.seconds);
      if (!json_file.empty()) {
        std::ofstream out(json_file);
        out << to_json(r).dump(2) << "\n";
        if (!out) throw std::runtime_error("cannot write " + json_file);
        fmt::print("\nResults written to {}\n", json_file);
      }
    }
    if (!record_file.empty()) {
      const std::string text = variant_file_text(variant);
      for (GameRecord& rec : result.records) {
        rec.variant = variant;
        rec.variant_text = text;
        rec.rules = rules;
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
