// `switchcards replay FILE`: re-run a game record (from `play --record` or `simulate --record`)
// and check that every action is legal and the results match. `--until K` stops after K
// actions and shows the position there (`--json`: as the State's JSON form, io/json.hpp).
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <filesystem>

#include <limits>

#include "cli/commands.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/io/event_text.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

namespace switchcards::cli {

namespace {

void show_position(const GameRecord& r, const ReplayPosition& p, const std::string& dir, int until,
                   bool json) {
  const Engine engine(record_variant(r, dir));
  if (json) {
    // {"round":R,"round_actions":K,"seats":[...],"standings":{...},"state":{...}}; R counts
    // from 0, as ReplayPosition (and Python's replay_game) does.
    std::string seats;
    for (int s : p.seats) seats += (seats.empty() ? "" : ",") + std::to_string(s);
    fmt::print(
        "{{\"round\":{},\"round_actions\":{},\"seats\":[{}],\"standings\":{},\"state\":{}}}\n",
        p.round, p.round_actions, seats, to_json(p.standings), to_json(engine, p.state));
    return;
  }
  fmt::print("After {} action{}: round {}, action {} of the round{}.\n", until,
             until == 1 ? "" : "s", p.round + 1, p.round_actions,
             r.match ? fmt::format(", match totals {}", fmt::join(p.standings.totals, " ")) : "");
  bool renumbered = false;
  for (std::size_t k = 0; k < p.seats.size(); ++k) renumbered = renumbered || p.seats[k] != int(k);
  if (renumbered) fmt::print("(Round seats are match seats {}.)\n", fmt::join(p.seats, ", "));
  for (const std::string& line : describe_position(engine, p.state)) fmt::print("  {}\n", line);
}

}  // namespace

void add_replay(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("replay", "Re-run a game record and check it");
  static std::string file, until_text, game_text;
  static bool json = false;
  cmd->add_option("FILE", file, "a game record written by `play --record` or `simulate --record`")
      ->required();
  auto* until_opt =
      cmd->add_option("--until", until_text,
                      "stop after K actions (0: after the first deal) and show the position there");
  auto* game_opt = cmd->add_option("--game", game_text,
                                   "only the N-th record of a file of several (1 for the first)");
  cmd->add_flag("--json", json,
                "with --until: the position as JSON (the State's form, and the match)");
  cmd->callback([&exit_code, until_opt, game_opt] {
    const int until = until_opt->count() == 0
                          ? -1
                          : static_cast<int>(parse_whole("--until", until_text, 0,
                                                         std::numeric_limits<int>::max()));
    if (json && until < 0) throw UsageError("--json shows a position: give --until K too");
    const std::vector<GameRecord> records = read_game_records(file);
    // The records to replay, [first, end): one with --game, every one otherwise.
    std::size_t first = 0, end = records.size();
    if (game_opt->count() > 0) {
      first = parse_whole("--game", game_text, 1, records.size()) - 1;
      end = first + 1;
    } else if (until >= 0 && records.size() != 1) {
      throw UsageError(
          fmt::format("--until shows the position of one game, and {} holds {} "
                      "records: choose one with --game N (1..{})",
                      file, records.size(), records.size()));
    }
    const std::string dir = std::filesystem::path(file).parent_path().string();
    int failed = 0;
    for (std::size_t i = first; i < end; ++i) {
      const GameRecord& r = records[i];
      const std::string name = records.size() == 1 ? file : fmt::format("{} game {}", file, i + 1);
      // Every failure line starts with the record's file name (and line, where it is known).
      ReplayResult result;
      try {
        result = replay_game(r, dir.empty() ? "." : dir, until);
      } catch (const LoadError& e) {
        result.failure = "its variant does not load: " + std::string(e.what());
      }
      // The agents it names are not replayed (the actions are), but a name no agent has is a
      // record written wrong (QA: 'zzz' replayed OK, where `play --resume` refused it).
      for (std::size_t seat = 0; result.ok && seat < r.agents.size(); ++seat) {
        if (r.agents[seat] == "human") continue;  // `play`'s seat 0
        try {
          (void)make_agent(r.agents[seat], 0);
        } catch (const std::invalid_argument& e) {
          result.ok = false;
          result.line = r.lines.agents;
          result.failure =
              fmt::format("agents: seat {} is '{}': {}", seat, r.agents[seat], e.what());
        }
      }
      if (!result.ok) {
        // FILE:LINE first, as a compiler's errors, where the record knows its lines.
        const std::string at = result.line > 0 ? fmt::format("{}:{}", file, result.line) : file;
        fmt::print("{}{}: FAIL: {}\n", at,
                   records.size() == 1 ? std::string() : fmt::format(": game {}", i + 1),
                   result.failure);
        ++failed;
        continue;
      }
      if (result.position) {
        show_position(r, *result.position, dir.empty() ? "." : dir, until, json);
        continue;
      }
      std::string outcome;
      if (result.unfinished) {
        outcome = fmt::format("unfinished: round {} stops after {} of its actions (a saved game)",
                              result.rounds + 1, r.rounds.back().actions.size());
      } else if (r.match) {
        // A record that stops between rounds claims no result; a match a simulation stopped
        // at its round cap was ended as it stood (its best seat may be tied: no winner).
        if (r.round_cap > 0)
          outcome = fmt::format("match stopped at its round cap of {} rounds, ", r.round_cap);
        outcome += r.match_winner >= 0 ? fmt::format("match winner seat {}", r.match_winner)
                   : r.round_cap > 0   ? std::string("no winner")
                                       : std::string("match unfinished, no winner");
        if (r.match_loser >= 0) outcome += fmt::format(", loser seat {}", r.match_loser);
      } else if (!r.rounds.empty())
        outcome = r.rounds.back().winner >= 0 ? fmt::format("seat {} won", r.rounds.back().winner)
                                              : std::string("stalemate");
      fmt::print("OK {}: {} {}, {} action{} replayed, {}\n", name,
                 r.variant == "" ? "?" : r.variant,
                 result.rounds == 1 ? "1 round" : fmt::format("{} rounds", result.rounds),
                 result.actions, result.actions == 1 ? "" : "s", outcome);
    }
    exit_code = failed == 0 ? 0 : 1;
  });
}

}  // namespace switchcards::cli
