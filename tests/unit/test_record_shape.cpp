// The shape of a game record (src/io/record_shape.hpp), read as YAML or as JSON: one agent, one
// score and one total per seat, and a round's seats each named once. A record that breaks it is
// refused where the entry is (file, line and column; JSON path), before anything replays it:
// a seat listed twice was dealt two hands, and lists of the wrong length were compared as if
// they were right. `play --resume` refuses a save with several kinds of bot.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "../common/run_cli.hpp"
#include "switchcards/agents/simulate.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_error.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

using namespace switchcards;
using namespace switchcards::testing;

namespace {

// A one-round match record of three seats, its lists by seat as given.
std::string record(const std::string& agents, const std::string& seats, const std::string& scores,
                   const std::string& totals = "[0, 0, 0]") {
  return "format: switchcards-game/1\n"
         "variant: british\n"
         "players: 3\n"
         "agents: " +
         agents +
         "\n"
         "seed: 1\n"
         "match: true\n"
         "rounds:\n"
         "  - seed: 7\n"
         "    dealer: 0\n"
         "    seats: " +
         seats +
         "\n"
         "    actions: []\n"
         "    winner: -1\n"
         "    scores: " +
         scores +
         "\n"
         "result:\n"
         "  totals: " +
         totals +
         "\n"
         "  winner: -1\n"
         "  loser: -1\n";
}

// What `read` throws (a LoadError, or the JSON reader's error), "" if it throws nothing.
template <typename Read>
std::string error_of(Read&& read) {
  try {
    read();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

std::string record_error(const std::string& text) {
  return error_of([&] { (void)read_game_records_from_string(text, "game.yaml"); });
}

// A match record of three seats without rounds, as the JSON tests build theirs.
GameRecord match_record() {
  GameRecord r;
  r.variant = "british";
  r.players = 3;
  r.agents = {"human", "heuristic", "heuristic"};
  r.seed = 1;
  r.match = true;
  return r;
}

}  // namespace

TEST_CASE("records: a well-shaped record reads, each list by seat as written", "[records]") {
  const auto records = read_game_records_from_string(
      record("[human, heuristic, heuristic]", "[0, 1, 2]", "[0, 4, 9]"), "game.yaml");
  REQUIRE(records.size() == 1);
  CHECK(records[0].agents.size() == 3);
  CHECK(records[0].rounds[0].seats == std::vector<int>{0, 1, 2});
  CHECK(records[0].rounds[0].scores == std::vector<int>{0, 4, 9});
}

TEST_CASE(
    "records: YAML lists by seat of the wrong length, and a seat twice, are refused where "
    "they are",
    "[records]") {
  const std::string agents = record_error(record("[human, heuristic]", "[0, 1, 2]", "[0, 0, 0]"));
  CHECK(contains(agents, "game.yaml:4:"));
  CHECK(contains(agents, "expected one agent per seat (3), not 2"));

  const std::string seats = record_error(record("[a, b, c]", "[0, 1, 1]", "[0, 0, 0]"));
  CHECK(contains(seats, "game.yaml:10:"));
  CHECK(contains(seats, "seat 1 is listed twice"));
  const std::string order = record_error(record("[a, b, c]", "[2, 1, 0]", "[0, 0, 0]"));
  CHECK(contains(order, "game.yaml:10:"));
  CHECK(contains(order, "seat 1 is listed after seat 2: a round's seats are in ascending order"));

  const std::string scores = record_error(record("[a, b, c]", "[0, 1, 2]", "[0, 0, 0, 0]"));
  CHECK(contains(scores, "game.yaml:13:"));
  CHECK(contains(scores, "expected one score per seat (3), not 4"));

  const std::string totals = record_error(record("[a, b, c]", "[0, 1, 2]", "[0, 0, 0]", "[0, 0]"));
  CHECK(contains(totals, "game.yaml:15:"));
  CHECK(contains(totals, "expected one total per seat (3), not 2"));

  // Records written by hand may leave scores and totals out (replay then checks winners only).
  CHECK(record_error(record("[a, b, c]", "[0, 1, 2]", "[]", "[]")).empty());
}

TEST_CASE(
    "records: JSON lists by seat of the wrong length, and a seat twice, are refused at "
    "their path",
    "[records][json]") {
  GameRecord r = match_record();
  RecordedRound round;
  round.seed = 7;
  round.seats = {0, 1, 2};
  round.scores = {0, 4, 9};
  r.rounds = {round};
  r.totals = {0, 4, 9};
  REQUIRE(record_from_json(to_json(r)).rounds.size() == 1);

  const auto refused = [](const GameRecord& bad) {
    return error_of([&] { (void)record_from_json(to_json(bad), "game.json"); });
  };
  GameRecord bad = r;
  bad.rounds[0].seats = {2, 0, 2};
  CHECK(refused(bad) == "game.json: /rounds/0/seats: seat 2 is listed twice");
  bad = r;
  bad.rounds[0].seats = {2, 1, 0};
  CHECK(refused(bad) ==
        "game.json: /rounds/0/seats: seat 1 is listed after seat 2: a round's seats are in "
        "ascending order");
  bad = r;
  bad.rounds[0].scores = {1, 2};
  CHECK(refused(bad) == "game.json: /rounds/0/scores: expected one score per seat (3), not 2");
  bad = r;
  bad.totals = {1, 2, 3, 4};
  CHECK(refused(bad) == "game.json: /totals: expected one total per seat (3), not 4");
  bad = r;
  bad.agents = {"human"};
  CHECK(refused(bad) == "game.json: /agents: expected one agent per seat (3), not 1");
}

TEST_CASE(
    "records: scores and totals lie in the ranges of Standings, and only a match has a result",
    "[records][json]") {
  // YAML: a round's score up to 800,000 (seven hands of 100,000 to a winner), a total up to
  // 1,000,000,000, either sign.
  CHECK(record_error(record("[a, b, c]", "[0, 1, 2]", "[0, 700000, -800000]")).empty());
  const std::string score =
      record_error(record("[a, b, c]", "[0, 1, 2]", "[0, 800001, 0]", "[0, 0, 0]"));
  CHECK(contains(score, "game.yaml:13:"));
  CHECK(contains(score, "800001"));
  const std::string total =
      record_error(record("[a, b, c]", "[0, 1, 2]", "[0, 0, 0]", "[0, -1000000001, 0]"));
  CHECK(contains(total, "game.yaml:15:"));
  CHECK(contains(total, "-1000000001"));
  std::string single = record("[a, b, c]", "[0, 1, 2]", "[0, 0, 0]");
  single.replace(single.find("match: true"), 11, "match: false");
  const std::string result = record_error(single);
  CHECK(contains(result, "game.yaml:15:"));  // where the result begins
  CHECK(contains(result,
                 "only a match's record has a result (totals, winner, loser); this one "
                 "has match: false"));

  // JSON: the same ranges, and a single round's record has no totals, winner or loser.
  GameRecord r;
  r.variant = "british";
  r.players = 3;
  r.agents = {"a", "b", "c"};
  r.match = true;
  RecordedRound round;
  round.seats = {0, 1, 2};
  round.scores = {0, 700'000, -800'000};
  r.rounds = {round};
  r.totals = {0, 700'000, -1'000'000'000};
  REQUIRE(record_from_json(to_json(r)).totals == r.totals);
  const auto refused = [](const GameRecord& bad) {
    return error_of([&] { (void)record_from_json(to_json(bad), "game.json"); });
  };
  GameRecord bad = r;
  bad.rounds[0].scores[1] = 800'001;
  CHECK(
      refused(bad) ==
      "game.json: /rounds/0/scores/1: expected a whole number from -800000 to 800000, got 800001");
  bad = r;
  bad.totals[2] = -1'000'000'001;
  CHECK(refused(bad) ==
        "game.json: /totals/2: expected a whole number from -1000000000 to 1000000000, got "
        "-1000000001");
  GameRecord single_round = r;
  single_round.match = false;
  CHECK(refused(single_round) ==
        "game.json: /totals: only a match's record has a result (totals, winner, loser); this "
        "one has match: false");
  single_round.totals.clear();
  single_round.match_winner = 1;
  CHECK(refused(single_round) ==
        "game.json: /match_winner: only a match's record has a result (totals, winner, loser); "
        "this one has match: false");
}

TEST_CASE("records: play --resume refuses a save with several kinds of bot", "[records][resume]") {
  Scratch s("resume-bots");
  write_file(s / "save.yaml",
             "format: switchcards-game/1\nvariant: british\nplayers: 3\n"
             "agents: [human, heuristic, random]\nseed: 1\nmatch: false\n"
             "rounds: [{seed: 1, dealer: 2, actions: [], winner: null}]\n");
  const Run r = run("play --resume save.yaml", s);
  CHECK(r.status == 1);  // a file that cannot be used (docs/cli.md), not a bad command line
  CHECK(contains(r.out, "seat 2 is 'random' but seat 1 is 'heuristic'"));
}

TEST_CASE("records: replay says a match saved before its end is unfinished, not won by seat -1",
          "[records]") {
  Scratch s("unfinished-match");
  write_file(s / "save.yaml",
             "format: switchcards-game/1\nvariant: british\nplayers: 3\n"
             "agents: [human, heuristic, heuristic]\nseed: 1\nmatch: true\nrounds: []\n"
             "result: {totals: [0, 0, 0], winner: -1, loser: -1}\n");
  const Run r = run("replay save.yaml", s);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "0 rounds, 0 actions replayed, match unfinished, no winner\n"));
  CHECK_FALSE(contains(r.out, "seat -1"));
}

TEST_CASE("records: replay counts one action as one", "[records]") {
  Scratch s("one-action");
  write_file(s / "moves.txt", "draw\nquit\n");
  REQUIRE(run("play --round --seed 3 --record save.yaml", s, s / "moves.txt").status == 0);
  const Run r = run("replay save.yaml", s);
  CHECK(r.status == 0);
  CHECK(contains(r.out, ", 1 action replayed, unfinished: round 1 stops after 1 of its actions"));
}

TEST_CASE("records: a record cut short inside a round, or before a match's result, is refused",
          "[records]") {
  // A saved game ends in the middle of a round, and says so: `winner: null`, `scores: []`, and
  // a match's `result`. A file cut short (by a copy, a full disk, an editor) lacks those keys,
  // and must not replay as a saved game of fewer actions.
  SimulationConfig c;
  c.players = 3;
  c.agents = {"heuristic"};
  GameRecord game;
  simulate_game(load_variant("british"), c, 0, &game);
  game.variant = "british";
  std::ostringstream written;
  write_game_record(written, game);
  std::vector<std::string> lines;
  std::istringstream in(written.str());
  for (std::string line; std::getline(in, line);) lines.push_back(line + "\n");
  std::size_t actions = 0, winner = 0;  // the lines `    actions:` and `    winner:`
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].starts_with("    actions:")) actions = i;
    if (lines[i].starts_with("    winner:")) winner = i;
  }
  REQUIRE(actions > 0);
  REQUIRE(winner == lines.size() - 2);  // then `scores:`, the last line
  REQUIRE(game.rounds[0].actions.size() > 10);
  const auto first = [&](std::size_t n) {
    std::string text;
    for (std::size_t i = 0; i < n; ++i) text += lines[i];
    return text;
  };
  // Up to `actions:` with no list yet, a key is missing or null.
  for (std::size_t n = 1; n <= actions + 1; ++n) {
    INFO("the first " << n << " of " << lines.size() << " lines");
    CHECK(error_of([&] { (void)read_game_records_from_string(first(n), "cut.yaml"); }) != "");
  }
  for (std::size_t n = actions + 2; n <= winner; ++n) {
    INFO("the first " << n << " of " << lines.size() << " lines");
    CHECK(contains(error_of([&] { (void)read_game_records_from_string(first(n), "cut.yaml"); }),
                   "rounds[0].winner: missing required key 'winner', which ends every round: is "
                   "the record cut short?"));
  }
  // Without its scores alone the round is whole: they are worked out again, and checked when
  // given.
  const std::vector<GameRecord> whole = read_game_records_from_string(first(winner + 1), "w.yaml");
  CHECK(replay_game(whole.at(0)).failure == "");

  const std::string match =
      "format: switchcards-game/1\nvariant: british\nplayers: 3\nseed: 1\nmatch: true\n"
      "rounds: []\n";
  CHECK(read_game_records_from_string(match + "result: {totals: [0, 0, 0], winner: null, "
                                              "loser: null}\n",
                                      "save.yaml")
            .size() == 1);
  CHECK(error_of([&] { (void)read_game_records_from_string(match, "cut.yaml"); }) ==
        "cut.yaml:1:1: result: missing required key 'result', which ends every match record: is "
        "the record cut short?");
  // Cut after its totals, a match stopped at its round cap read as one without a winner.
  CHECK(error_of([&] {
          (void)read_game_records_from_string(match + "result:\n  totals: [0, 0, 0]\n", "cut.yaml");
        }) ==
        "cut.yaml:8:3: result.winner: missing required key 'winner', which every match "
        "result states: is the record cut short?");
  CHECK(error_of([&] {
          (void)read_game_records_from_string(match + "result:\n  totals: [0, 0, 0]\n  winner: 1\n",
                                              "cut.yaml");
        }) ==
        "cut.yaml:8:3: result.loser: missing required key 'loser', which every match "
        "result states: is the record cut short?");
}

TEST_CASE(
    "records: an error in a record's embedded variant names the record's file, line and "
    "column",
    "[records]") {
  const std::string head = "format: switchcards-game/1\nvariant: british\n";
  const std::string tail =
      "players: 2\nagents: [a, b]\nseed: 1\nmatch: false\n"
      "rounds: [{seed: 1, dealer: 0, actions: [], winner: null}]\n";
  const auto variant_error = [](const std::string& text) {
    const std::vector<GameRecord> records = read_game_records_from_string(text, "game.yaml");
    return error_of([&] { (void)record_variant(records.back()); });
  };
  // As records are written: a literal block, whose lines are the file's. Line 5 of the file,
  // past the block's two spaces of indentation.
  const std::string literal = head +
                              "variant_text: |\n"
                              "  name: british\n"
                              "  last_card: {penalty: 300}\n" +
                              tail;
  CHECK(variant_error(literal) ==
        "game.yaml:5:24: last_card.penalty: 300 is out of range (allowed: 0..100)");
  // The second record of a list, with a blank first line and deeper indentation.
  const std::string listed =
      "- format: switchcards-game/1\n"
      "  variant: british\n"
      "  players: 2\n"
      "  seed: 1\n"
      "  rounds: [{seed: 1, dealer: 0, actions: [], winner: null}]\n"
      "- format: switchcards-game/1\n"
      "  variant: british\n"
      "  variant_text: |+\n"
      "\n"
      "      name: british\n"
      "      deal: {hand_size: 0}\n"
      "  players: 2\n"
      "  seed: 1\n"
      "  rounds: [{seed: 1, dealer: 0, actions: [], winner: null}]\n";
  CHECK(contains(variant_error(listed), "game.yaml:11:"));
  // A quoted text does not keep the file's lines: the place is within the text, so named.
  const std::string quoted =
      head + "variant_text: \"name: british\\nlast_card: {penalty: 300}\\n\"\n" + tail;
  CHECK(variant_error(quoted) ==
        "game.yaml: variant_text:2:22: last_card.penalty: 300 is out of range (allowed: 0..100)");
}

// A round without a winner (a stalemate, or the round a save stops in) and a match without a
// result were written as -1 in YAML and as null in JSON, and each reader refused the other's
// spelling. Both now write null; both read null and -1 (YAML records of earlier versions).
TEST_CASE("records: no winner is null in YAML and JSON, and each reader takes either spelling",
          "[records]") {
  GameRecord r = match_record();
  r.rounds.push_back(RecordedRound{7, 0, {0, 1, 2}, {}, -1, {0, 0, 0}});
  r.rounds.push_back(RecordedRound{8, 1, {0, 1, 2}, {}, 2, {10, 20, 0}});
  r.totals = {10, 20, 0};
  const auto same = [](const GameRecord& a, const GameRecord& b) {
    REQUIRE(a.rounds.size() == b.rounds.size());
    for (std::size_t i = 0; i < a.rounds.size(); ++i)
      CHECK(a.rounds[i].winner == b.rounds[i].winner);
    CHECK(a.match_winner == b.match_winner);
    CHECK(a.match_loser == b.match_loser);
  };
  std::ostringstream yaml;
  write_game_record(yaml, r);
  CHECK(yaml.str().find("winner: -1") == std::string::npos);
  CHECK(yaml.str().find("loser: -1") == std::string::npos);
  CHECK(yaml.str().find("    winner: null\n") != std::string::npos);  // round 1: a stalemate
  CHECK(yaml.str().find("    winner: 2\n") != std::string::npos);
  CHECK(yaml.str().find("  winner: null\n  loser: null\n") != std::string::npos);  // the result
  same(read_game_records_from_string(yaml.str()).at(0), r);
  const std::string json = to_json(r);
  CHECK(json.find(R"("winner":null)") != std::string::npos);
  CHECK(json.find(R"("match_winner":null,"match_loser":null)") != std::string::npos);
  same(record_from_json(json), r);
  // The other spellings: -1 in YAML (records of earlier versions), and in JSON (a YAML record
  // converted by hand); ~ is YAML's null too.
  same(read_game_records_from_string(record("[a, b, c]", "[0, 1, 2]", "[0, 0, 0]")).at(0), [] {
    GameRecord one;
    one.rounds.push_back(RecordedRound{});
    return one;
  }());
  std::string tilde = yaml.str();
  for (std::size_t at; (at = tilde.find("null")) != std::string::npos;) tilde.replace(at, 4, "~");
  same(read_game_records_from_string(tilde).at(0), r);
  std::string minus = json;
  for (std::size_t at; (at = minus.find("null")) != std::string::npos;) minus.replace(at, 4, "-1");
  same(record_from_json(minus), r);
  // Only -1: another negative number is no seat.
  std::string bad = json;
  bad.replace(bad.find(R"("winner":null)"), 13, R"("winner":-2)");
  const auto winner_error = [](const std::string& text) {
    return error_of([&] { record_from_json(text, "game.json"); });
  };
  CHECK(winner_error(bad) ==
        "game.json: /rounds/0/winner: expected a whole number from 0 to 2, got -2");
  bad = json;
  bad.replace(bad.find(R"("winner":null)"), 13, R"("winner":18446744073709551615)");
  CHECK(
      winner_error(bad) ==
      "game.json: /rounds/0/winner: expected a whole number from 0 to 2, got 18446744073709551615");
}
