// Writing whole files (io/write_file.hpp), through each writer that takes a path: a write that
// fails is an error naming the file, also when the text was still in the stream's buffer and
// failed only at the close (/dev/full takes the open and refuses every write); and a path with a
// NUL in it, which names no file for reading or writing.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "../common/error_of.hpp"
#include "../common/temp_dir.hpp"
#include "io/read_file.hpp"
#include "io/write_file.hpp"
#include "switchcards/agents/simulate.hpp"
#include "switchcards/agents/simulation_results.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

using namespace switchcards;
using testing::error_of;
namespace fs = std::filesystem;

namespace {

// The record of one seeded two-player round of British.
GameRecord round_record() {
  SimulationConfig c;
  c.players = 2;
  c.games = 1;
  c.record = 1;
  c.agents = {"heuristic"};
  GameRecord record = simulate(load_variant("british"), c).records.at(0);
  record.variant = "british";
  return record;
}

// Its first actions only, as a game saved after a few moves: a few hundred bytes, which a file
// stream keeps in its buffer until the close (libstdc++ writes a piece of 1 KiB or more at once).
GameRecord small_record() {
  GameRecord record = round_record();
  record.rounds.at(0).actions.resize(6);
  return record;
}

}  // namespace

TEST_CASE("files: a write that fails at the close is an error naming the file") {
  if (!fs::exists("/dev/full")) return;
  const GameRecord record = small_record();
  std::ostringstream text;
  write_game_record(text, record);
  REQUIRE(text.str().size() < 1024);  // all of it waits in the buffer until the close

  // Regression: write_game_record checked the stream before closing it, so a record this small
  // was lost without an error.
  CHECK_THAT(error_of([&] { write_game_record("/dev/full", record); }),
             Catch::Equals("cannot write /dev/full: No space left on device"));
  CHECK_THAT(error_of([&] { write_study_records("/dev/full", {record}, "british", ""); }),
             Catch::Equals("cannot write /dev/full: No space left on device"));
  CHECK_THAT(error_of([] { detail::write_text_file("/dev/full", "{}\n"); }),
             Catch::Equals("cannot write /dev/full: No space left on device"));
}

TEST_CASE("files: a file that cannot be opened is an error naming it, and a good write is whole") {
  const testing::TempDir dir;
  const std::string missing = (dir.path() / "no-such-folder" / "game.yaml").string();
  CHECK_THAT(error_of([&] { detail::write_text_file(missing, "x"); }),
             Catch::Equals("cannot write " + missing + ": No such file or directory"));
  const GameRecord record = round_record();
  CHECK_THAT(error_of([&] { write_game_record(missing, record); }),
             Catch::StartsWith("cannot write " + missing));

  // The file holds exactly what the stream form writes, and replaces what was there.
  const std::string file = dir.write("game.yaml", std::string(100'000, 'x')).string();
  write_game_record(file, record);
  std::ostringstream text;
  write_game_record(text, record);
  CHECK(fs::file_size(file) == text.str().size());
  REQUIRE(read_game_records(file).size() == 1);
  CHECK(replay_game(read_game_records(file).at(0)).ok);
}

TEST_CASE("files: a path with a NUL in it is no file, not the file named by the part before") {
  // The system reads a path as a C string: before the check, "game.yaml\0junk" read and wrote
  // game.yaml.
  const testing::TempDir dir;
  const std::string file = dir.write("game.yaml", "x").string();
  const std::string with_nul = file + std::string(1, '\0') + "junk";
  CHECK_THAT(error_of([&] { detail::write_text_file(with_nul, "y"); }),
             Catch::Equals("cannot write " + file +
                           "\\u0000junk: a file name cannot hold a NUL character"));
  CHECK(fs::file_size(file) == 1);  // not replaced
  // A character that shows as nothing is written as its code, as LoadError writes it: the path
  // of a missing directory looks right and is still not there.
  const std::string hidden = (dir.path() / "out\u200B" / "a.json").string();
  CHECK_THAT(error_of([&] { detail::write_text_file(hidden, "y"); }),
             Catch::Equals("cannot write " + (dir.path() / "out\\u200B" / "a.json").string() +
                           ": No such file or directory"));
  CHECK(detail::read_whole_file(with_nul, 100).problem == detail::FileText::Problem::missing);
  REQUIRE(detail::read_whole_file(file, 100).problem == detail::FileText::Problem::none);
  CHECK_THAT(error_of([&] {
               (void)load_variant(dir.write("v.yaml", "extends: british\n").string() +
                                  std::string(1, '\0') + "x");
             }),
             Catch::EndsWith("v.yaml\\u0000x': no such file"));  // a NUL would end what()
}
