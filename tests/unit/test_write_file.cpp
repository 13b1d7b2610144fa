// Writing whole files (io/write_file.hpp), through each writer that takes a path: a write that
// fails is an error naming the file, also when the text was still in the stream's buffer and
// failed only at the close (/dev/full takes the open and refuses every write); and a path with a
// NUL in it, which names no file for reading or writing.
#include <sys/resource.h>
#include <sys/stat.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

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
  CHECK_THAT(error_of([&] {
               write_study_records("/dev/full", {record}, recorded_variant("british", ""));
             }),
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

namespace {

// The names in `dir`, to see that a write left nothing beside its file.
std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

// QA: a file was truncated and written in place, so a full disk or a file size limit left a
// record or save cut short, which then replayed or resumed as a shorter game.
TEST_CASE("files: a write that fails leaves the file as it was, and nothing beside it") {
  const testing::TempDir dir;
  const std::string file = dir.write("save.yaml", "the old save\n").string();
  // A file size limit of 1,000 bytes, its signal ignored: the write fails with EFBIG, as a full
  // disk fails with ENOSPC.
  rlimit before{};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &before) == 0);
  rlimit small = before;
  small.rlim_cur = 1000;
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
  const std::string error =
      error_of([&] { detail::write_text_file(file, std::string(5000, 'x')); });
  ::setrlimit(RLIMIT_FSIZE, &before);
  std::signal(SIGXFSZ, old_handler);
  CHECK(error == "cannot write " + file + ": File too large");
  CHECK(detail::read_whole_file(file, 100).text == "the old save\n");
  CHECK(names_in(dir.path()) == std::vector<std::string>{"save.yaml"});
}

TEST_CASE("files: a file replaced keeps its mode and its link, a new one has the umask's mode") {
  const testing::TempDir dir;
  const fs::path file = dir.write("save.yaml", "old\n");
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  detail::write_text_file(file.string(), "new\n");
  CHECK(detail::read_whole_file(file.string(), 100).text == "new\n");
  CHECK(fs::status(file).permissions() ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));

  // Through a symbolic link: the file it names is replaced, the link stays a link.
  const fs::path link = dir.path() / "latest.yaml";
  fs::create_symlink(file.filename(), link);
  detail::write_text_file(link.string(), "newer\n");
  CHECK(fs::is_symlink(link));
  CHECK(detail::read_whole_file(file.string(), 100).text == "newer\n");

  // A link to a file not there yet: the file is made where the link points, the link stays.
  fs::create_directories(dir.path() / "elsewhere");
  const fs::path dangling = dir.path() / "next.yaml";
  fs::create_symlink("elsewhere/next.yaml", dangling);
  detail::write_text_file(dangling.string(), "first\n");
  CHECK(fs::is_symlink(dangling));
  CHECK(detail::read_whole_file((dir.path() / "elsewhere" / "next.yaml").string(), 100).text ==
        "first\n");
  fs::remove(dangling);
  fs::remove_all(dir.path() / "elsewhere");

  const mode_t mask = ::umask(0);
  ::umask(mask);
  const fs::path fresh = dir.path() / "fresh.json";
  detail::write_text_file(fresh.string(), "{}\n");
  CHECK(static_cast<mode_t>(fs::status(fresh).permissions()) == (0666 & ~mask));
  CHECK(names_in(dir.path()) == std::vector<std::string>{"fresh.json", "latest.yaml", "save.yaml"});
}
