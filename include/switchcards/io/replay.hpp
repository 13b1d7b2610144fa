// Game records: what a game was (variant and rule overrides, seats, agents, seed) and every
// action taken, round by round, with the result. Written as YAML by `switchcards play` and
// `simulate --record`; `switchcards replay FILE` re-deals each round from its seed, checks that
// every recorded action is legal, and that the winners, scores and match result come out the
// same. The YAML side lives in src/io (yaml-cpp is private to the library). Format:
// docs/cli.md, "Game records".
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/engine/action.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/engine/state.hpp"
#include "switchcards/io/load_error.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

struct RecordedRound {
  std::uint64_t seed = 0;       // the deal's seed (it also drives reshuffles)
  int dealer = 0;               // match seat that dealt
  std::vector<int> seats;       // match seats that played, in round-seat order
  std::vector<Action> actions;  // seat numbers are round seats
  int winner = -1;              // match seat that emptied its hand; -1: stalemate
  std::vector<int> scores;      // by match seat (0 for a seat sitting out)
};

// Where the parts of a record are in the file it was read from (GameRecord's `source`): 1-based
// lines, 0 (or none) when unknown, as for a record built in code or read from JSON. A failure
// of replay_game names them.
struct RecordLines {
  int record = 0;  // the record's first line
  int agents = 0;
  std::vector<int> rounds;                // by round
  std::vector<std::vector<int>> actions;  // by round, then by action
};

struct GameRecord {
  std::string variant;  // a built-in name, or the path the variant was loaded from
  // The variant resolved (resolved_variant_yaml: its `extends:` chain and the rule overrides
  // merged), so the record replays in any directory, on any machine. Records of older versions
  // may hold a file's own text here, with `rules` apart; a hand-written record may omit it.
  std::string variant_text;
  std::string rules;  // overrides still to merge onto the variant ("" for none; the writer
                      // merges them into variant_text, older records may keep them here)
  int players = 0;
  std::vector<std::string> agents;  // by seat, as make_agent names them
  std::uint64_t seed = 0;           // the game's seed (round seeds derive from it)
  // True: the rounds are a match under the variant's `match:` rules, and the record ends with
  // the match result. False: each round stands alone.
  bool match = false;
  std::vector<RecordedRound> rounds;
  // Matches only: final totals by seat, winner and loser (-1 if the match did not finish). A
  // winner or loser of -1 (here or a round's) is written null in YAML and JSON; both readers
  // take null or -1.
  std::vector<int> totals;
  int match_winner = -1;
  int match_loser = -1;
  // Matches only: a match a simulation stopped at its round cap (SimulationConfig's
  // max_match_rounds) before its rules ended it is ended as it stands (end_match_now: the best
  // seat still in wins); this is the cap, the number of rounds it was stopped after. 0: the
  // match was not stopped (it ended by its rules, or the record stops before its end).
  int round_cap = 0;
  // Where the record was read from (read_game_records: the file), and where the first line of
  // `variant_text` is in that file when it is a literal block (`variant_text: |`, as records
  // are written), whose lines are the file's own: 1-based line and column, 0 when unknown. An
  // error in the embedded variant then names the record's file, line and column. Not written.
  std::string source;
  int variant_text_line = 0;
  int variant_text_column = 0;
  RecordLines lines;  // not written
};

// The variant a record was played with (its embedded text, or else its built-in name or path,
// plus any overrides). `base_dir`: where relative paths of older records resolve (the record's
// directory). Throws LoadError.
Variant record_variant(const GameRecord& record, std::string_view base_dir = ".");

// YAML, one action per line. To a stream, the caller checks the stream; to a file, throws
// std::runtime_error "cannot write PATH: REASON" when any of it could not be written (checked
// after the file is closed, where a full disk shows).
void write_game_record(std::ostream& out, const GameRecord& record);
void write_game_record(const std::string& path, const GameRecord& record);
void write_game_records(std::ostream& out, const std::vector<GameRecord>& records);

// Reads a file of one or more records (a YAML list of records, or a single record). Throws
// LoadError with the file, line, column and key for anything malformed.
std::vector<GameRecord> read_game_records(const std::string& path);
std::vector<GameRecord> read_game_records_from_string(std::string_view yaml,
                                                      std::string_view label = "<string>");

// Where a replay stopped early (replay_game's `until`): the position after that many actions.
struct ReplayPosition {
  int round = 0;           // 0-based index of the round in play
  int round_actions = 0;   // actions of that round applied
  std::vector<int> seats;  // match seats of the round, in round-seat order
  State state;             // the round's position (round seats)
  Standings standings;     // the match before this round's result
};

struct ReplayResult {
  bool ok = false;
  int rounds = 0;   // rounds replayed
  int actions = 0;  // actions applied
  // Empty when ok; else where and why: "round 2, action 17 '1 play 7H': refused: ...".
  std::string failure;
  // The line of the record's file (its `source`) the failure is at: the action's, the round's
  // or the record's; 0 when the record does not know it.
  int line = 0;
  std::optional<ReplayPosition> position;  // set when the replay stopped at `until`
  // The record ends in the middle of its last round, which claims no winner and no scores (a
  // game saved by `play --record` on quit): every action replayed, `rounds` counts the rounds
  // before it.
  bool unfinished = false;
};

// Re-runs a record with the engine. Never throws for a record that does not replay: the
// reason is in `failure`. (It throws LoadError only if the variant cannot be loaded.) With
// `until` >= 0 it stops after that many actions (0: after the first deal), every action up to
// there checked, and returns the position; a record with fewer actions is a failure.
ReplayResult replay_game(const GameRecord& record, std::string_view base_dir = ".", int until = -1);

}  // namespace switchcards
