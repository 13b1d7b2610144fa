// `switchcards replay FILE`: re-run a game record (from `play --record` or `simulate --record`)
// and check that every action is legal and the results match.
#include <fmt/core.h>

#include <filesystem>

#include "cli/commands.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

namespace switchcards::cli {

void add_replay(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("replay", "Re-run a game record and check it");
  static std::string file;
  cmd->add_option("FILE", file, "a game record written by `play --record` or `simulate --record`")
      ->required();
  cmd->callback([&exit_code] {
    const std::vector<GameRecord> records = read_game_records(file);
    const std::string dir = std::filesystem::path(file).parent_path().string();
    int failed = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
      const GameRecord& r = records[i];
      const std::string name = records.size() == 1 ? file : fmt::format("{} game {}", file, i + 1);
      // Every failure line starts with the record's file name.
      ReplayResult result;
      try {
        result = replay_game(r, dir.empty() ? "." : dir);
      } catch (const LoadError& e) {
        result.failure = "its variant does not load: " + std::string(e.what());
      }
      if (!result.ok) {
        fmt::print("{}: FAIL: {}\n", name, result.failure);
        ++failed;
        continue;
      }
      std::string outcome;
      if (r.match)
        outcome = fmt::format("match winner seat {}, loser seat {}", r.match_winner, r.match_loser);
      else if (!r.rounds.empty())
        outcome = r.rounds.back().winner >= 0 ? fmt::format("seat {} won", r.rounds.back().winner)
                                              : std::string("stalemate");
      fmt::print("OK {}: {} {}, {} actions replayed, {}\n", name, r.variant == "" ? "?" : r.variant,
                 result.rounds == 1 ? "1 round" : fmt::format("{} rounds", result.rounds),
                 result.actions, outcome);
    }
    exit_code = failed == 0 ? 0 : 1;
  });
}

}  // namespace switchcards::cli
