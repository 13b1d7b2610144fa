// Saving and resuming (issue 15): a game of `switchcards play` quit part-way with --record and
// continued with --resume plays on exactly as the uninterrupted game (the same record, move for
// move, across rounds of a match); `replay --until K` shows the position after K actions, the
// same State the library's replay_game stops at, and as JSON that state_from_json reads back.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <utility>

#include "../common/run_cli.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/replay.hpp"

using namespace switchcards;
using namespace switchcards::testing;
namespace fs = std::filesystem;

namespace {

// Answers for a scripted player: "1" picks the first move, "y" answers yes; each answer the
// other kind of question does not take is asked again, so alternating them plays on.
std::string answers(int pairs) {
  std::string out;
  for (int i = 0; i < pairs; ++i) out += "1\ny\n";
  return out;
}

// The record without its comment lines (they name the file and time).
std::string record_body(const std::string& path) {
  std::string out, line;
  std::istringstream in(read_file(path));
  while (std::getline(in, line))
    if (line.rfind('#', 0) != 0) out += line + "\n";
  return out;
}

// Plays british (3 players, seed 2) with --record `file` and an input that stays open (a FIFO
// opened for reading and writing), waits until the game asks the human for a move, then runs
// `kills`, shell commands with the program's pid in $pid. Returns what the program printed; its
// exit status, as the shell gives it, is left in status.txt. Waiting for the question, not for
// a fixed time, keeps it right on a loaded machine.
std::string signal_at_question(const Scratch& s, const std::string& file,
                               const std::string& kills) {
  const std::string script =
      "cd '" + s.dir.string() +
      "' || exit 1; rm -f pid.txt out.txt status.txt in.fifo; mkfifo in.fifo; "
      // The watcher runs in the background, the program in the foreground: a background job of
      // a shell without job control ignores SIGINT.
      "{ i=0; until [ -s pid.txt ] && grep -q -e '--- Your turn' out.txt; do i=$((i+1)); "
      "[ $i -gt 600 ] && break; sleep 0.1; done; pid=$(cat pid.txt); " +
      "{ " + kills + "; } 2>/dev/null; } & sh -c 'echo $$ > pid.txt; exec \"$0\" \"$@\"' '" +
      cli_path() + "' play --variant british --players 3 --seed 2 --record " + file +
      " <> in.fifo > out.txt 2>&1; echo $? > status.txt; wait";
  (void)std::system(script.c_str());
  return read_file(s / "out.txt");
}

}  // namespace

TEST_CASE("play: a game quit with --record and continued with --resume is the same game",
          "[resume]") {
  Scratch s("resume");
  const std::string all = answers(3000);
  write_file(s / "all.txt", all);
  const Run full =
      run("play --variant british --players 3 --seed 2 --record full.yaml", s, s / "all.txt");
  REQUIRE(full.status == 0);
  const std::string expected = record_body(s / "full.yaml");
  REQUIRE(contains(expected, "rounds:"));
  // Quit after 40 answers (in the second round) and after 7 (in the first).
  for (const std::size_t lines : {std::size_t{40}, std::size_t{7}}) {
    INFO("quit after " << lines << " answers");
    std::size_t at = 0;
    for (std::size_t i = 0; i < lines; ++i) at = all.find('\n', at) + 1;
    write_file(s / "first.txt", all.substr(0, at) + "quit\n");
    write_file(s / "rest.txt", all.substr(at));
    const Run first =
        run("play --variant british --players 3 --seed 2 --record save.yaml", s, s / "first.txt");
    REQUIRE(first.status == 0);
    REQUIRE(contains(first.out, "continue it with switchcards play --resume save.yaml"));
    // The save replays: every action up to the quit checked, the last round unfinished.
    const Run replayed = run("replay save.yaml", s);
    INFO(replayed.out);
    CHECK(replayed.status == 0);
    CHECK(contains(replayed.out, lines == 40 ? "OK save.yaml: british 1 round, "
                                             : "OK save.yaml: british 0 rounds, "));
    CHECK(contains(replayed.out, lines == 40 ? "unfinished: round 2 stops after "
                                             : "unfinished: round 1 stops after "));
    const Run rest = run("play --resume save.yaml --record resumed.yaml", s, s / "rest.txt");
    INFO(rest.out.substr(rest.out.size() > 400 ? rest.out.size() - 400 : 0));
    REQUIRE(rest.status == 0);
    CHECK(record_body(s / "resumed.yaml") == expected);
    CHECK(!contains(first.out, "search for a time"));
  }
  // QA: bots that search for a time need not choose the same when a save is played again, and
  // quitting said only that --resume continues the game.
  {
    const Run clock =
        run("play --variant british --players 3 --seed 2 --round --bots ismcts:1ms "
            "--record clock.yaml",
            s, s / "first.txt");
    REQUIRE(clock.status == 0);
    CHECK(contains(clock.out,
                   "The bots, ismcts:1ms, search for a time, not a number of "
                   "iterations: they may choose differently when the save is played "
                   "again"));
  }
  // A save edited by hand is refused before play: a move of the human's that is not legal
  // where it stands (named by round and action), a bot that does not exist.
  {
    std::string save = read_file(s / "save.yaml");
    const std::size_t move = save.find("      - 0 ");
    REQUIRE(move != std::string::npos);
    save.replace(move, save.find('\n', move) - move, "      - 0 pass");
    write_file(s / "illegal.yaml", save);
    const Run illegal = run("play --resume illegal.yaml", s, s / "rest.txt");
    CHECK(illegal.status == 1);
    CHECK(
        contains(illegal.out, "--resume illegal.yaml: the save does not replay: round 1, action "));
    CHECK(contains(illegal.out, "'0 pass': refused: "));
    save = read_file(s / "save.yaml");
    const std::string bots = "agents: [human, heuristic, heuristic]";
    REQUIRE(contains(save, bots));
    save.replace(save.find(bots), bots.size(), "agents: [human, nosuch, nosuch]");
    write_file(s / "nosuch.yaml", save);
    const Run nosuch = run("play --resume nosuch.yaml", s, s / "rest.txt");
    CHECK(nosuch.status == 1);  // a save that cannot be used, as docs/cli.md gives it
    CHECK(contains(nosuch.out, "--resume nosuch.yaml: seat 1 is 'nosuch': unknown agent 'nosuch'"));
    // QA: a save of humans only was refused as "--bots human: ...", an option not given.
    save.replace(save.find("agents: [human, nosuch, nosuch]"), 31, "agents: [human, human, human]");
    write_file(s / "humans.yaml", save);
    const Run humans = run("play --resume humans.yaml", s, s / "rest.txt");
    CHECK(humans.status == 1);
    CHECK(contains(humans.out,
                   "--resume humans.yaml: seat 1 is 'human': a game saved by `play` "
                   "has computer players at the other seats"));
  }
  // A resumed game keeps the save's settings.
  const Run clash = run("play --resume save.yaml --seed 3", s);
  CHECK(clash.status == 2);
  CHECK(contains(clash.out, "--seed: a resumed game keeps the saved game's"));
  // A record of a simulation is no saved game of `play`.
  REQUIRE(run("simulate --variant british --games 1 --record sim.yaml", s).status == 0);
  const Run not_a_save = run("play --resume sim.yaml", s);
  CHECK(not_a_save.status == 1);
  CHECK(contains(not_a_save.out, "not a game saved by `play`"));
}

TEST_CASE("play --record saves the game when the input ends or on Ctrl-C, as on quit", "[resume]") {
  Scratch s("resume-ended");
  const std::string all = answers(3000);
  write_file(s / "all.txt", all);
  const Run full =
      run("play --variant british --players 3 --seed 2 --record full.yaml", s, s / "all.txt");
  REQUIRE(full.status == 0);
  const std::string expected = record_body(s / "full.yaml");
  // The input ends after 40 answers (Ctrl-D, a closed terminal): saved, status 1.
  std::size_t at = 0;
  for (int i = 0; i < 40; ++i) at = all.find('\n', at) + 1;
  write_file(s / "first.txt", all.substr(0, at));
  write_file(s / "rest.txt", all.substr(at));
  const Run ended =
      run("play --variant british --players 3 --seed 2 --record save.yaml", s, s / "first.txt");
  CHECK(ended.status == 1);
  CHECK(contains(ended.out,
                 "The input ended. The game so far is saved in save.yaml: continue "
                 "it with switchcards play --resume save.yaml"));
  CHECK(contains(ended.out, "the input ended before the game did"));
  const Run rest = run("play --resume save.yaml --record resumed.yaml", s, s / "rest.txt");
  REQUIRE(rest.status == 0);
  CHECK(record_body(s / "resumed.yaml") == expected);

  // Ctrl-C while the game waits for an answer (the input stays open): saved, then the
  // program ends by the signal.
  const std::string out = signal_at_question(s, "int.yaml", "kill -s INT $pid");
  INFO(out);
  CHECK(contains(out, "Interrupted. The game so far is saved in int.yaml"));
  CHECK(!contains(out, "the input ended"));
  CHECK(read_file(s / "status.txt") == "130\n");  // 128 + SIGINT, as the shell gives it
  CHECK(run("replay int.yaml", s).status == 0);

  // QA: a `kill` (SIGTERM) or a closed terminal (SIGHUP) ended the game unsaved. Each is now
  // taken as Ctrl-C is, and the program dies of the signal it was sent.
  // CI: `timeout` sends its signal twice, to the program and then to its process group; when
  // the second came after the first was handled it ended the program unsaved. A repeat this
  // soon is the same request.
  for (const auto& [signal, status] : {std::pair<std::string, int>{"TERM", 143}, {"HUP", 129}}) {
    const std::string file = "sig" + signal + ".yaml";
    const std::string told = signal_at_question(
        s, file, "kill -s " + signal + " $pid; sleep 0.01; kill -s " + signal + " $pid");
    INFO(signal << ": " << told);
    CHECK(contains(told, "Interrupted. The game so far is saved in " + file));
    CHECK(read_file(s / "status.txt") == std::to_string(status) + "\n");
    CHECK(run("replay " + file, s).status == 0);
  }
}

TEST_CASE("play --record saves the game and stops when standard output fails", "[resume]") {
  // QA: with standard output full or closed, play went on reading answers to questions nobody
  // saw, and played them, until the input ended.
  Scratch s("resume-no-output");
  if (!fs::exists("/dev/full")) return;
  write_file(s / "all.txt", answers(3000));
  const std::string command = "cd '" + s.dir.string() + "' && '" + cli_path() +
                              "' play --variant british --players 3 --seed 2 --record full.yaml "
                              "< all.txt > /dev/full 2> err.txt; echo $? > status.txt";
  REQUIRE(std::system(command.c_str()) == 0);
  const std::string err = read_file(s / "err.txt");
  INFO(err);
  CHECK(read_file(s / "status.txt") == "1\n");
  CHECK(contains(err, "Standard output failed. The game so far is saved in full.yaml"));
  CHECK(contains(err, "switchcards: cannot write to standard output: the game stopped there"));
  // Stopped at the first question: the save holds no answer of the human's.
  const Run replayed = run("replay full.yaml", s);
  CHECK(replayed.status == 0);
  CHECK(contains(replayed.out, "unfinished"));
  const Run resumed = run("play --resume full.yaml", s, s / "all.txt");
  CHECK(resumed.status == 0);

  // Review: standard output closed under the game (a pager quit) ended it by SIGPIPE, or, with
  // SIGPIPE ignored, failed in the narration between questions; neither saved it.
  const std::string piped = "cd '" + s.dir.string() + "' && bash -c \"'" + cli_path() +
                            "' play --variant british --players 3 --seed 2 --record pipe.yaml "
                            "< all.txt 2> pipe-err.txt | head -c 200 > /dev/null; echo "
                            "\\${PIPESTATUS[0]} > pipe-status.txt\"";
  REQUIRE(std::system(piped.c_str()) == 0);
  INFO(read_file(s / "pipe-err.txt"));
  CHECK(read_file(s / "pipe-status.txt") == "1\n");
  CHECK(contains(read_file(s / "pipe-err.txt"), "The game so far is saved in pipe.yaml"));
  CHECK(run("replay pipe.yaml", s).status == 0);
}

TEST_CASE("play --resume refuses the record of a game already over", "[resume]") {
  Scratch s("resume-over");
  write_file(s / "all.txt", answers(3000));
  REQUIRE(run("play --variant british --players 3 --seed 7 --round --record round.yaml", s,
              s / "all.txt")
              .status == 0);
  const Run round = run("play --resume round.yaml", s, s / "all.txt");
  CHECK(round.status == 1);
  CHECK(contains(round.out,
                 "--resume round.yaml: that round is already over; there is nothing "
                 "to continue"));
  CHECK(!contains(round.out, "Your turn"));
  REQUIRE(run("play --variant balkan --players 3 --seed 11 --record match.yaml", s, s / "all.txt")
              .status == 0);
  const Run match = run("play --resume match.yaml", s, s / "all.txt");
  CHECK(match.status == 1);
  CHECK(contains(match.out, "--resume match.yaml: that match is already over"));
}

namespace {
// The State of `replay --until K --json`'s output:
// {"round":0,"round_actions":12,"seats":[0,1,2],"standings":{...},"state":{...}}
State state_of_position(const Engine& engine, const std::string& out) {
  const std::size_t state_at = out.find("\"state\":");
  REQUIRE(state_at != std::string::npos);
  std::string state_json = out.substr(state_at + 8);
  state_json = state_json.substr(0, state_json.rfind('}'));
  return state_from_json(engine, state_json);
}
// One round of british for three seats (seed 4), recorded by simulate as `s`/game.yaml and
// read back.
GameRecord recorded_round(const Scratch& s) {
  REQUIRE(run("simulate --variant british --players 3 --games 1 --seed 4 --record game.yaml", s)
              .status == 0);
  const std::vector<GameRecord> records = read_game_records(s / "game.yaml");
  REQUIRE(records.size() == 1);
  return records[0];
}
}  // namespace

TEST_CASE("replay --until K: the position after K actions, as text and as JSON", "[resume]") {
  Scratch s("until");
  const GameRecord record = recorded_round(s);
  const ReplayResult at12 = replay_game(record, s.dir.string(), 12);
  REQUIRE(at12.ok);
  REQUIRE(at12.position);
  CHECK(at12.position->round_actions == 12);
  const Engine engine(record_variant(record));

  const Run text = run("replay game.yaml --until 12", s);
  CHECK(text.status == 0);
  CHECK(contains(text.out, "After 12 actions: round 1, action 12 of the round."));
  CHECK(contains(text.out, "Legal: "));

  const Run json = run("replay game.yaml --until 12 --json", s);
  REQUIRE(json.status == 0);
  CHECK(state_of_position(engine, json.out) == at12.position->state);
  // Rounds count from 0, as ReplayPosition and Python's replay_game count them (it said 1).
  CHECK(json.out.starts_with("{\"round\":0,\"round_actions\":12,"));
  CHECK(at12.position->round == 0);

  // Past the end, and --json without --until.
  const Run past = run("replay game.yaml --until 100000", s);
  CHECK(past.status == 1);
  CHECK(contains(past.out, "game.yaml:2: FAIL: the record has "));  // the record's first line
  const Run usage = run("replay game.yaml --json", s);
  CHECK(usage.status == 2);
}

TEST_CASE("replay reads a record in its JSON form as it reads the YAML one", "[resume]") {
  // It said "version: unknown key": the JSON form (to_json, a Python GameRecord's to_json) is
  // YAML too, and was read as the YAML form.
  Scratch s("json-record");
  const GameRecord record = recorded_round(s);
  const std::string json = to_json(record);
  write_file(s / "game.json", json);
  const std::vector<GameRecord> read = read_game_records(s / "game.json");
  REQUIRE(read.size() == 1);
  CHECK(to_json(read[0]) == json);
  CHECK(read[0].source == s / "game.json");
  const Run replayed = run("replay game.json", s);
  CHECK(replayed.status == 0);
  CHECK(contains(replayed.out, "OK game.json: "));
  // Its errors are the JSON reader's, with the path of the value at fault.
  std::string bad = json;
  bad.replace(bad.find("\"players\":3"), 11, "\"players\":0");
  write_file(s / "bad.json", bad);
  const Run refused = run("replay bad.json", s);
  CHECK(refused.status != 0);
  CHECK(contains(refused.out, "/players"));
  // Without its version it is still the JSON form (its format says so), and is told so.
  std::string unversioned = json;
  unversioned.replace(unversioned.find("\"version\":1,"), 12, "");
  write_file(s / "unversioned.json", unversioned);
  const Run no_version = run("replay unversioned.json", s);
  CHECK(no_version.status == 1);
  CHECK(contains(no_version.out, "unversioned.json: missing key 'version'"));
  // A list of JSON records, and a YAML record with a version, are told what the JSON form is.
  write_file(s / "list.json", "[" + json + "]");
  const Run list = run("replay list.json", s);
  CHECK(list.status != 0);
  CHECK(contains(list.out, "list.json:1:"));
  CHECK(contains(list.out,
                 "[0].version: a game record in YAML has no version; the JSON form of "
                 "a record (which has one) is read alone in its file, not in a list"));
  // A saved state is named by its format, not by the keys a record would have.
  write_file(s / "state.json",
             to_json(Engine(record_variant(record)), Engine(record_variant(record)).deal(3, 1)));
  const Run state = run("replay state.json", s);
  CHECK(state.status != 0);
  CHECK(contains(state.out,
                 "/format: expected format 'switchcards.record', not "
                 "'switchcards.state'"));
  // A record of no rounds replays nothing: refused, in either form.
  GameRecord empty = record;
  empty.rounds.clear();
  write_file(s / "empty.json", to_json(empty));
  const Run none = run("replay empty.json", s);
  CHECK(none.status == 1);
  CHECK(contains(none.out, "FAIL: rounds: the record has no rounds: nothing to replay"));
}

// QA: a record's variant_text with `extends: /etc/passwd` made replay read the file and echo
// its first line in the error. A record may come from anyone: its text extends only built-ins
// and files in the record's directory (an older record's own base beside it).
TEST_CASE("replay reads no file outside the record's directory for its variant", "[resume]") {
  Scratch s("record-extends");
  REQUIRE(run("simulate --variant british --players 2 --games 1 --seed 3 --record game.yaml", s)
              .status == 0);
  const std::string text = read_file(s / "game.yaml");
  const std::size_t from = text.find("variant_text: |\n");
  const std::size_t to = text.find("\nplayers:", from);
  REQUIRE((from != std::string::npos && to != std::string::npos));
  const auto extending = [&](const std::string& file, const std::string& base) {
    write_file(s / file, text.substr(0, from) + "variant_text: |\n  name: british\n  extends: " +
                             base + "\n" + text.substr(to + 1));
    return run("replay " + file, s);
  };
  std::filesystem::create_directories(s / "bases");
  write_file(s / "bases/base.yaml", "name: base\nextends: british\n");
  write_file(s / "bases/outside.yaml", "name: outside\nextends: ../../secret.yaml\n");
  CHECK(extending("builtin.yaml", "british").status == 0);
  CHECK(extending("beside.yaml", "bases/base.yaml").status == 0);
  for (const std::string base : {"/etc/passwd", "../secret.yaml", "bases/outside.yaml"}) {
    INFO(base);
    const Run r = extending("bad.yaml", base);
    CHECK(r.status == 1);
    CHECK(contains(r.out,
                   "a game record's variant extends only built-ins and files in the "
                   "record's directory"));
    CHECK(!contains(r.out, "root:"));
  }
}

TEST_CASE("replay --game N: one record of a file of several, with --until too", "[resume]") {
  // QA: --until refused a file of several records, which `simulate --record` writes, with no
  // way to pick one of them.
  Scratch s("until-game");
  REQUIRE(run("simulate --variant british --players 3 --games 3 --seed 4 --record games.yaml", s)
              .status == 0);
  const std::vector<GameRecord> records = read_game_records(s / "games.yaml");
  REQUIRE(records.size() == 3);
  const Run all = run("replay games.yaml", s);
  CHECK(all.status == 0);
  CHECK(contains(all.out, "OK games.yaml game 1: "));
  CHECK(contains(all.out, "OK games.yaml game 3: "));
  const Run second = run("replay games.yaml --game 2", s);
  CHECK(second.status == 0);
  CHECK(contains(second.out, "OK games.yaml game 2: "));
  CHECK_FALSE(contains(second.out, "game 1"));
  CHECK_FALSE(contains(second.out, "game 3"));

  // The position after 5 actions of the third game is that game's, not the first's.
  const ReplayResult at5 = replay_game(records[2], s.dir.string(), 5);
  REQUIRE(at5.position);
  const Engine engine(record_variant(records[2]));
  const Run json = run("replay games.yaml --game 3 --until 5 --json", s);
  REQUIRE(json.status == 0);
  CHECK(state_of_position(engine, json.out) == at5.position->state);

  const Run unchosen = run("replay games.yaml --until 5", s);
  CHECK(unchosen.status == 2);
  CHECK(contains(unchosen.out, "holds 3 records: choose one with --game N (1..3)"));
  const Run beyond = run("replay games.yaml --game 4", s);
  CHECK(beyond.status == 2);
  CHECK(contains(beyond.out, "--game"));
}

TEST_CASE("play: quitting a beginner game names the command that resumes it as one") {
  // QA: a save keeps the game, not beginner mode, and the message named a plain --resume, so
  // the resumed game hid the hands it had shown.
  Scratch s("resume-beginner");
  write_file(s / "quit.txt", "1\n1\nquit\n");
  const Run beginner =
      run("play --variant mobile-app --beginner --seed 3 --record sv.yaml --no-color", s,
          s / "quit.txt");
  REQUIRE(beginner.status == 0);
  CHECK(contains(beginner.out, "continue it with switchcards play --resume sv.yaml --beginner\n"));
  const Run plain =
      run("play --variant mobile-app --seed 3 --record sv2.yaml --no-color", s, s / "quit.txt");
  REQUIRE(plain.status == 0);
  CHECK(contains(plain.out, "continue it with switchcards play --resume sv2.yaml\n"));
}
