// The results of a simulation study as a program keeps them: what one run of `simulate` (or one
// shard of a study) covers, its JSON form (format "switchcards-simulation/3", the files that
// `switchcards merge` adds up), and the exact merge of shards into the unsharded result.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/agents/simulate.hpp"

namespace switchcards {

struct ShardResults {
  std::string variant;  // as given on the command line (a built-in name or a path)
  std::string rules;    // --rules overrides ("" for none)
  std::string title;    // the variant's title, for reports
  // The fingerprint of the rules played (io/variant_fingerprint.hpp), which merge compares;
  // "" for a file written before results carried it.
  std::string variant_fingerprint;
  SimulationConfig config;  // agents expanded to one per seat; shard/shards as run
  std::uint64_t first_game = 0, end_game = 0;
  SimulationStats stats;
  // Partnerships: the team of each seat (empty without `teams:`); the JSON adds the wins of
  // each team ("wins_by_team"), the sums of its seats' wins.
  std::vector<int> teams;
  // 3: the current format; 2: read from a /2 file, without penalty cards and the lead, and
  // written back as /2.
  int format_version = 3;
};

// What a simulation of the variant titled `title`, by the name `variant` (and `rules`), returned.
ShardResults shard_results(const SimulationResult& result, std::string variant, std::string rules,
                           std::string title);

// The wins of each team of `teams` (a team per seat), team 0 first: its seats and the sum of
// their wins.
struct TeamWins {
  int team = 0;
  std::vector<int> seats;
  std::uint64_t wins = 0;
};
std::vector<TeamWins> team_wins(const std::vector<int>& teams, const SimulationStats& stats);

// The JSON text, indented by two spaces, without a final newline.
std::string to_json(const ShardResults& r);
// Reads the JSON text of to_json. Throws std::runtime_error naming `file` and the bad or
// missing field.
ShardResults shard_results_from_json(std::string_view text, const std::string& file);

// Adds shards of one study. Throws std::runtime_error if they are not of the same study
// (variant, rules, players, agents, seed, game count, game kind), were played under different
// rules (their variant fingerprints differ: the variant file changed between the shards), if
// some carry a fingerprint and others not (then it cannot be told), overlap, or leave a gap.
// `files` names each part in messages.
ShardResults merge_shards(std::vector<ShardResults> parts, const std::vector<std::string>& files);

// The "format" field of any results file (a simulation's, a comparison's or a sweep's; "" if
// the text is a JSON value without one), which says how to read the rest; throws JsonError (a
// std::runtime_error): "FILE: not JSON: ..." for text that is not JSON, "FILE: /POINTER: ..."
// for a key given twice, a number too large for a double or nesting deeper than 64 levels.
std::string results_format(std::string_view text, const std::string& file);

// Fairness of the places at the table (docs/studies.md): the first player's win rate, its share
// of the games someone won and that share's excess over 1/players (stalemated games are no
// one's, so a rule set that stalls does not look unfair to the first player), and the largest
// minus the smallest win rate of a place, counted from the first player to act. The share and
// the advantage are empty when no game was won.
struct Fairness {
  std::uint64_t won = 0;  // games someone won
  double first_player_win_rate = 0;
  std::optional<double> first_player_share_of_won;
  std::optional<double> first_player_advantage;
  double positional_spread = 0;
};
Fairness fairness(const SimulationStats& stats);

// The variant a study's records name and embed: the name or path it was given as, and its text
// with the rules merged (resolved_variant_yaml). Made before the study (recorded_variant), so
// that a variant that cannot be recorded is refused before any game is played, and so that the
// records hold the rules the games were played by, though the file changes while they play.
struct RecordedVariant {
  std::string name;
  std::string text;
};
// Throws LoadError for a variant that does not load, std::runtime_error for one whose merged
// text is larger than a variant may be (it could not be read back).
RecordedVariant recorded_variant(const std::string& variant, const std::string& rules);

// Writes the game records a study kept (SimulationResult::records) to `file` as YAML
// (io/replay.hpp), each self-contained: it names `variant.name` and embeds `variant.text`, so
// `switchcards replay` needs nothing else. Throws std::runtime_error when the file cannot be
// written, or when the records are larger than `switchcards replay` reads (64 MiB; then
// nothing is written).
void write_study_records(const std::string& file, std::vector<GameRecord> records,
                         const RecordedVariant& variant);
// The same to a stream (`simulate --record -`: standard output); the caller checks the stream.
void write_study_records(std::ostream& out, std::vector<GameRecord> records,
                         const RecordedVariant& variant);
// Throws std::invalid_argument "FILE: REASON" when write_study_records could not write `file`
// (a directory, a directory that does not exist or may not be written, a name too long), so
// that a study refuses it before it plays rather than after.
void check_records_file(const std::string& file);

// "first to act", "2nd to act", ... (from_dealer false); "the dealer", "1st after the dealer",
// ... (true): the names of places at the table in reports.
std::string place_name(int place, bool from_dealer);

}  // namespace switchcards
