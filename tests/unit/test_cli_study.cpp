// The study commands' words on the command line (simulate, compare, sweep, merge): a partial
// study says which games it holds, identical rule sets are refused by their fingerprint, and the
// help and error messages are whole sentences.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <csignal>
#include <filesystem>

#include "../common/run_cli.hpp"

using namespace switchcards::testing;
namespace fs = std::filesystem;

TEST_CASE("cli: a merge of some shards of a compare or sweep study says which games it holds") {
  Scratch s("study-range");
  for (int k = 1; k <= 3; ++k) {
    const std::string shard = " --shard " + std::to_string(k) + "/3";
    REQUIRE(run("compare british british-stacked-eights --games 30 --seed 9 --threads 1" + shard +
                    " --json c" + std::to_string(k) + ".json",
                s)
                .status == 0);
    REQUIRE(run("simulate --variant british --games 30 --threads 1" + shard + " --json s" +
                    std::to_string(k) + ".json",
                s)
                .status == 0);
  }
  write_file(s / "grid.yaml", "last_card.penalty: [1, 2]\n");
  for (int k = 1; k <= 3; ++k)
    REQUIRE(run("sweep grid.yaml --variant british --games 30 --threads 1 --shard " +
                    std::to_string(k) + "/3 --json w" + std::to_string(k) + ".json",
                s)
                .status == 0);
  // Shards 1 and 2 of 3: games 0..20 of 30, and the text says so for all three kinds (compare
  // and sweep said it only of a file with a shard).
  for (const char* kind : {"c", "s", "w"}) {
    const std::string k = kind;
    const Run part = run("merge " + k + "1.json " + k + "2.json", s);
    INFO(part.out);
    REQUIRE(part.status == 0);
    CHECK(contains(part.out, "Games 0..20 of a study of 30\n"));
    // All three shards: the whole study, no such line.
    const Run whole = run("merge " + k + "1.json " + k + "2.json " + k + "3.json", s);
    INFO(whole.out);
    REQUIRE(whole.status == 0);
    CHECK_FALSE(contains(whole.out, "of a study of"));
    // One shard alone names its shard.
    const Run one = run("merge " + k + "3.json", s);
    INFO(one.out);
    CHECK(contains(one.out, "Games 20..30 of a study of 30"));
  }
  // The whole sweep prints what the merge of all its shards prints, but its time: once the
  // merge had a blank line before "Results written to" that the sweep had not.
  Run whole = run("sweep grid.yaml --variant british --games 30 --threads 1 --json w.json", s);
  const Run merged = run("merge w1.json w2.json w3.json --json w.json", s);
  REQUIRE(whole.status == 0);
  REQUIRE(merged.status == 0);
  const std::size_t time = whole.out.find("Time: ");
  REQUIRE(time != std::string::npos);
  whole.out.erase(time, whole.out.find('\n', time) + 1 - time);
  CHECK(whole.out == merged.out);
  CHECK(contains(merged.out, ".\n\nResults written to w.json\n"));
}

TEST_CASE("cli: a study of fewer than 10 games a second gives the time a game took") {
  // QA: "Time: 21.55 s on 1 thread, 0 games/s" for two games of a time-budget search. A game
  // here searches at least once for 200 ms: under 10 games a second, however fast the machine.
  Scratch s("slow-study");
  const Run slow = run(
      "simulate --variant british --players 2 --games 1 --agents ismcts:200ms,random --threads 1",
      s);
  INFO(slow.out);
  REQUIRE(slow.status == 0);
  CHECK(contains(slow.out, " s a game\n"));
  CHECK_FALSE(contains(slow.out, " 0 games/s"));
  const Run fast = run("simulate --variant british --games 2000 --threads 1", s);
  CHECK(contains(fast.out, " games/s\n"));
}

TEST_CASE("cli: compare refuses two sides with the same variant fingerprint") {
  Scratch s("compare-same");
  // british's own penalty value: the same rules under another spelling.
  const Run same_value = run("compare british --rules-b '{last_card: {penalty: 2}}' --games 10", s);
  INFO(same_value.out);
  CHECK(same_value.status == 2);
  CHECK(contains(same_value.out,
                 "compare: A and B are the same rule set: british and british with --rules-b "
                 "'{last_card: {penalty: 2}}' have the same variant fingerprint ("));
  CHECK(contains(same_value.out, "so every difference would be 0"));
  // The same name twice.
  const Run desc = run("compare british british --games 10", s);
  CHECK(desc.status == 2);
  CHECK(contains(desc.out, "have the same variant fingerprint"));
  const Run plain = run("compare british --games 10", s);
  CHECK(plain.status == 2);
  CHECK(contains(plain.out, "A and B are the same rule set"));
  // A rule that does change: runs.
  CHECK(run("compare british --rules-b '{last_card: {penalty: 4}}' --games 10", s).status == 0);
}

TEST_CASE("cli: the study commands' help and messages are whole sentences") {
  Scratch s("study-words");
  const Run help = run("help sweep", s);
  INFO(help.out);
  CHECK(contains(help.out, "for every row; the grid's values are merged over them"));
  const Run merge = run("merge", s);
  INFO(merge.out);
  CHECK(merge.status == 2);
  CHECK(contains(merge.out, "switchcards: merge: no files to merge: give the JSON files"));
  CHECK_FALSE(contains(merge.out, "FILE is required"));
  const Run compare = run("compare", s);
  INFO(compare.out);
  CHECK(compare.status == 2);
  CHECK(contains(compare.out, "switchcards: compare: no rule sets to compare: give two variants"));
  CHECK_FALSE(contains(compare.out, "A is required"));
  // One combination: singular.
  write_file(s / "one.yaml", "last_card.penalty: [1]\n");
  const Run one = run("sweep one.yaml --variant british --games 20 --threads 1", s);
  INFO(one.out);
  REQUIRE(one.status == 0);
  CHECK(contains(one.out, "(1 combination of last_card.penalty)"));
  // A combination that does not load and one that cannot seat the players: the same form of
  // message, the grid file first (the second had "switchcards: " before it).
  write_file(s / "min.yaml", "players.min: [5]\n");
  const Run min = run("sweep min.yaml --variant british --games 20", s);
  INFO(min.out);
  CHECK(min.status == 1);
  CHECK(
      min.out.starts_with("min.yaml: the combination players.min = 5 does not give a valid "
                          "british: british is for 5 to 7 players, not 4"));
  write_file(s / "both.yaml", "players.min: [5]\nplayers.max: [3]\n");
  const Run both = run("sweep both.yaml --variant british --games 20", s);
  INFO(both.out);
  CHECK(both.status == 1);
  CHECK(both.out.starts_with("both.yaml: the combination players.min = 5, players.max = 3"));
}

// QA: under a memory limit, `--threads 1024` aborted the program (status 134): the thread that
// could not be started threw while the others were still running. The study now goes on with
// the threads it has, which play the same games.
TEST_CASE("cli: a study given more threads than the system can start plays on with fewer") {
#ifdef SWITCHCARDS_SANITIZED
  return;  // the sanitizers' shadow memory does not fit in the address space limit
#endif
  Scratch s("threads-limit");
  REQUIRE(run("simulate --variant british --games 3000 --threads 1 --json one.json", s).status ==
          0);
  // 1 GB of address space: a thread takes an 8 MiB stack and a 64 MiB malloc arena, so a few
  // start, not 1024.
  const std::string command = "cd '" + s.dir.string() + "' && (ulimit -v 1000000; '" + cli_path() +
                              "' simulate --variant british --games 3000 --threads 1024 --json "
                              "many.json > out.txt 2>&1); echo $? > status.txt";
  REQUIRE(std::system(command.c_str()) == 0);
  INFO(read_file(s / "out.txt"));
  CHECK(read_file(s / "status.txt") == "0\n");
  CHECK(read_file(s / "one.json") == read_file(s / "many.json"));
}

// QA: a match of a variant whose rounds never end held every action for its record (a billion,
// 4 GB) and was refused only when the text was made. A record is refused as soon as its game
// passes the actions a record `replay` reads can hold.
TEST_CASE("cli: a record that cannot be read back is refused while the game is played") {
  Scratch s("record-bound");
  // No card may be laid on any card: every round runs to its turn limit.
  write_file(s / "lock.yaml",
             "name: lock\nplayers: {min: 2, max: 7}\ndeck: {decks: 1, jokers: 1}\n"
             "specials:\n  lock: {cards: [clubs, diamonds, hearts, spades], not_on: [clubs, "
             "diamonds, hearts, spades]}\nscoring:\n  values: {any: 0}\n"
             "match: {end: elimination, limit: 100}\nround: {turn_limit: 1000000}\n");
  const Run r = run(
      "simulate --variant lock.yaml --games 1 --players 2 --matches --record lock-record.yaml", s);
  CHECK(r.status == 1);
  CHECK(contains(r.out,
                 "switchcards: the record of game 1 passed 6710886 actions, more than a record "
                 "`switchcards replay` reads (64 MiB) can hold"));
  CHECK_FALSE(fs::exists(s.dir / "lock-record.yaml"));
}

TEST_CASE("cli: a study's records hold the rules it was played by, though the file changes") {
  // Review: the text a record embeds was read again once the study was over, so a variant file
  // edited while the study ran was recorded as edited, and the record did not replay.
  Scratch s("record-edited");
  write_file(s / "house.yaml", "name: house\nextends: british\n");
  // The file is edited once the study has started: it catches SIGTERM from then on, after the
  // text was made. Two games at 3,000 iterations take a
  // second or more.
  const std::string script =
      "cd '" + s.dir.string() + "' && { '" + cli_path() +
      "' simulate --variant house.yaml --agents ismcts:3000 --games 2 --threads 1 --record "
      "r.yaml > out.txt 2>&1 & p=$!; " +
      wait_until_caught(SIGTERM) +
      "printf 'name: house\\nextends: british\\ndeal: {hand_size: {2: 3}}\\n' > house.yaml; "
      "wait $p; echo $? > status.txt; }";
  REQUIRE(std::system(script.c_str()) == 0);
  INFO(read_file(s / "out.txt"));
  REQUIRE(read_file(s / "status.txt") == "0\n");
  CHECK(contains(read_file(s / "house.yaml"), "hand_size"));  // edited
  const Run replayed = run("replay r.yaml", s);
  INFO(replayed.out);
  CHECK(replayed.status == 0);
  CHECK_FALSE(contains(read_file(s / "r.yaml"), "hand_size: {2: 3"));
}
