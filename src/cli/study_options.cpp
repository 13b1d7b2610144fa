// The options of the study commands; see study_options.hpp.
#include "cli/study_options.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <thread>

#include "cli/commands.hpp"
#include "cli/html_report.hpp"
#include "switchcards/agents/make_agent.hpp"

namespace switchcards::cli {

void StudyOptions::add_to(CLI::App& cmd) {
  agents_ = SimulationConfig{}.agents.front();  // the library's default
  // One thread a core, but never above the library's limit: a machine with more cores than
  // kMaxThreads would otherwise refuse its own default.
  threads_ = std::to_string(std::clamp(std::thread::hardware_concurrency(), 1u,
                                       static_cast<unsigned>(SimulationConfig::kMaxThreads)));
  cmd.add_option("--games,-n", games_,
                 "games to play (the whole study, over all shards): 1 or more, and at least one "
                 "per shard")
      ->capture_default_str();
  players_opt_ = cmd.add_option("--players,-p", players_,
                                "players (default: 4, or the nearest count the variant allows)");
  cmd.add_option(
         "--agents,-a", agents_,
         "agents by seat, comma-separated, repeated to fill the seats: random, eager "
         "(random among its plays when it can play), greedy, heuristic, ismcts (tree "
         "search: ismcts:N iterations, ismcts:250ms, ismcts:N:heuristic; docs/agents.md) "
         "(random:P, eager:P and heuristic:P forget last card with probability P, and "
         "call it late with probability 1 - P). The default, heuristic, plays rounds to their "
         "end: random bots, which draw when they could play, stall at the turn limit "
         "in about one British round in four, which would drown a fairness study in "
         "stalemates")
      ->capture_default_str();
  cmd.add_option("--threads,-t", threads_,
                 fmt::format("worker threads, 1 to {} (results do not depend on it, unless an "
                             "agent searches for a time: ismcts:250ms)",
                             SimulationConfig::kMaxThreads))
      ->capture_default_str();
  cmd.add_option("--seed,-s", seed_,
                 "master seed, 0 to 2^64 - 1: game i is played from derive_seed(seed, i)")
      ->capture_default_str();
  shard_opt_ = cmd.add_option("--shard", shard_,
                              "K/M: play only the K-th of M equal ranges of the games (1 <= K <= "
                              "M); `switchcards merge` adds the shard files up");
  cmd.add_flag("--matches", matches_, "each game is a whole match under the variant's match rules");
}

SimulationConfig StudyOptions::config() const {
  SimulationConfig config;
  if (shard_opt_->count() > 0) parse_shard(shard_, config.shard, config.shards);
  config.games = parse_whole("--games", games_, 1, std::numeric_limits<std::uint64_t>::max());
  if (config.games < static_cast<std::uint64_t>(config.shards))
    throw UsageError(
        fmt::format("--games {} with --shard {}: every shard needs a game, so "
                    "--games must be at least {}",
                    games_, shard_, config.shards));
  config.seed = parse_whole("--seed", seed_, 0, std::numeric_limits<std::uint64_t>::max());
  config.threads =
      static_cast<int>(parse_whole("--threads", threads_, 1, SimulationConfig::kMaxThreads));
  config.agents = split_commas(agents_);
  for (const std::string& name : config.agents) {
    if (name.rfind("human", 0) == 0)
      throw UsageError("--agents " + agents_ +
                       ": a human cannot play thousands of games; run `switchcards play`");
    try {
      (void)make_agent(name, 0);
    } catch (const std::invalid_argument& e) {
      throw UsageError("--agents " + agents_ + ": " + e.what());
    }
  }
  config.kind = matches_ ? GameKind::match : GameKind::round;
  // A search for a time chooses by the clock: another load, or another thread count, plays
  // other games. Said before any game, so that nobody takes the study for repeatable.
  for (const std::string& name : config.agents)
    if (chooses_by_the_clock(name)) {
      fmt::print(stderr,
                 "Note: {} searches for a time, not a number of iterations: its choices depend "
                 "on the machine's load and on --threads, so a rerun plays other games (ismcts:N "
                 "is repeatable).\n",
                 name);
      break;
    }
  return config;
}

int StudyOptions::players(const Variant& variant) const {
  return players_for(variant, *players_opt_, players_);
}

void StudyOptions::check_agent_count(int players) const {
  check_agents_fit(agents_, split_commas(agents_).size(), players);
}

bool show_progress(const std::string& json_file, bool quiet) {
  return stdout_is_terminal() && json_file != "-" && !quiet;
}

void draw_progress(std::uint64_t done, std::uint64_t total) {
  constexpr int kWidth = 40;
  const double f = total ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
  const int filled = static_cast<int>(f * kWidth);
  fmt::print("\r[{}{}] {:3.0f}%  {}/{} games", std::string(filled, '#'),
             std::string(kWidth - filled, '.'), 100 * f, done, total);
  std::fflush(stdout);
}

void clear_progress() {
  fmt::print("\r{:70}\r", "");
}

void write_study_results(const std::string& json, const std::string& json_file,
                         const std::function<void()>& print_readable,
                         const std::string& report_file, const std::string& report_title,
                         bool quiet, const CsvOutput& csv) {
  quiet = quiet || json_file == "-" || csv.file == "-";
  if (json_file == "-") fmt::print("{}\n", json);
  if (csv.file == "-") fmt::print("{}", csv.text);
  if (!quiet) print_readable();
  if (!json_file.empty() && json_file != "-") {
    write_text_file(json_file, json + "\n");
    if (!quiet) fmt::print("\nResults written to {}\n", json_file);
  }
  if (!csv.file.empty() && csv.file != "-") {
    write_text_file(csv.file, csv.text);
    if (!quiet) fmt::print("Table written to {}\n", csv.file);
  }
  if (!report_file.empty()) {
    write_html_report(report_file, json, report_title);
    if (!quiet) fmt::print("Report written to {}\n", report_file);
  }
}

}  // namespace switchcards::cli
