// Sweep grids (io/sweep_grid.hpp) and sweeps (agents/sweep.hpp): the grid's errors with their
// positions, the override of each combination, rows equal to separate simulate --rules runs
// (through the command line), and sweep shards merging exactly.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>

#include "../common/run_cli.hpp"
#include "switchcards/agents/sweep.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;
using namespace switchcards::testing;

namespace {

std::string grid_error(const std::string& text) {
  try {
    (void)parse_sweep_grid(text, "grid.yaml");
  } catch (const LoadError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("a sweep grid lists its combinations, the first key varying slowest") {
  const SweepGrid g = parse_sweep_grid(
      "last_card.penalty: [1, 2, 3]\nspecials.skip.stack: [8, false]\n", "grid.yaml");
  REQUIRE(g.keys.size() == 2);
  CHECK(g.keys[0].path == "last_card.penalty");
  CHECK(g.keys[0].line == 1);
  CHECK(g.keys[1].values == std::vector<std::string>{"8", "false"});
  CHECK(g.combinations() == 6);
  CHECK(g.choice(0) == std::vector<std::size_t>{0, 0});
  CHECK(g.choice(1) == std::vector<std::size_t>{0, 1});
  CHECK(g.choice(5) == std::vector<std::size_t>{2, 1});
  CHECK(sweep_rules(g, {1, 0}) == "{last_card: {penalty: 2}, specials: {skip: {stack: 8}}}");
  // Onto --rules: the grid's keys win, the others stay.
  CHECK(sweep_rules(g, {2, 1}, "{last_card: {penalty: 9, late_call: false}}") ==
        "{last_card: {penalty: 3, late_call: false}, specials: {skip: {stack: false}}}");
  // Keys that share a prefix meet in one map.
  const SweepGrid h =
      parse_sweep_grid("specials.skip.stack: [8]\nspecials.skip.skip: [2]\n", "grid.yaml");
  CHECK(sweep_rules(h, {0, 0}) == "{specials: {skip: {stack: 8, skip: 2}}}");
  // QA: a choice past a key's values was read out of bounds.
  CHECK_THROWS_WITH(sweep_rules(g, {1}), "sweep_rules: a choice of 1 indices for a grid of 2 keys");
  CHECK_THROWS_WITH(sweep_rules(g, {0, 7}),
                    "sweep_rules: value 7 of specials.skip.stack, which has 2");
  // The rules a sweep is based on are read as the loaders read overrides: rules that are no
  // map were dropped, and the sweep ran without them; an alias or a duplicate key was taken.
  CHECK(sweep_rules(g, {0, 0}, "~") == sweep_rules(g, {0, 0}));
  CHECK_THROWS_WITH(sweep_rules(g, {0, 0}, "[last_card]"),
                    "rules:1:1: the rules must be a map (key: value lines), got a list");
  CHECK_THROWS_WITH(sweep_rules(g, {0, 0}, "{a: &x 1, b: *x}"),
                    Catch::Contains("rules:1:5:") && Catch::Contains("anchors"));
  CHECK_THROWS_WITH(sweep_rules(g, {0, 0}, "{round: {turn_limit: 5}, round: {}}"),
                    Catch::Contains("duplicate key 'round'"));
}

// QA: the cap was checked after every value had been read and compared with every other one: a
// list of 130,000 values took 43 s to be refused. It is checked first, so a list past the cap
// is refused for its size, not for a value listed twice at its end.
TEST_CASE("a sweep grid past the combinations cap is refused before its values are read") {
  std::string values;
  for (int i = 0; i < 20000; ++i) values += std::to_string(i) + ", ";
  CHECK(grid_error("last_card.penalty: [" + values + "1]\n") ==
        "grid.yaml:1:1: last_card.penalty: the grid has more than 10000 combinations");
}

TEST_CASE("a bad sweep grid is refused with its file, line, column and key") {
  CHECK(grid_error("last_card.penalty: 2\n") ==
        "grid.yaml:1:20: last_card.penalty: expected a list of the values to try, e.g. "
        "'last_card.penalty: [1, 2]' (got '2')");
  CHECK(grid_error("a: [1]\nlast_card.penalty: []\n")
            .starts_with("grid.yaml:2:20: last_card.penalty: the list of values is empty"));
  CHECK(grid_error("last_card.penalty: [1, 2, 1]\n") ==
        "grid.yaml:1:27: last_card.penalty: the value 1 is listed twice");
  // Two spellings of one number are one value; a quoted text is not a number.
  CHECK(grid_error("last_card.penalty: [1, 2, 01]\n") ==
        "grid.yaml:1:27: last_card.penalty: the value 01 is listed twice");
  CHECK(grid_error("last_card.penalty: [+2, 2]\n") ==
        "grid.yaml:1:25: last_card.penalty: the value 2 is listed twice");
  CHECK(parse_sweep_grid("name: ['01', '1']\n", "grid.yaml").keys.size() == 1);
  // `!!null ~` is a null, `!!str 3` text: written as ~ and "3", as their plain spellings are.
  CHECK(grid_error("title: [~, !!null]\n") == "grid.yaml:1:12: title: the value ~ is listed twice");
  CHECK(parse_sweep_grid("last_card.penalty: [!!str 3]\n", "grid.yaml").keys[0].values ==
        std::vector<std::string>{"\"3\""});
  CHECK(grid_error("last_card: [1]\nlast_card.penalty: [2]\n")
            .starts_with("grid.yaml:2:1: last_card.penalty: overlaps the key 'last_card'"));
  CHECK(grid_error("last card.penalty: [1]\n")
            .starts_with("grid.yaml:1:1: last card.penalty: not a dotted path"));
  CHECK(grid_error("a: [1]\na: [2]\n").find("grid.yaml:2:1") != std::string::npos);
  CHECK(grid_error("[1, 2]\n").starts_with("grid.yaml:1:1: a sweep grid is a map"));
  CHECK(grid_error("a: &x [1]\nb: *x\n").find("grid.yaml:1") != std::string::npos);
  // A key or value the variant does not take: at the value, with the loader's reason.
  const SweepGrid g =
      parse_sweep_grid("last_card.penalty: [2]\nlast_card.penlty: [1, 3]\n", "grid.yaml");
  try {
    check_sweep_grid(g, "british");
    FAIL("accepted");
  } catch (const LoadError& e) {
    CHECK(e.file() == "grid.yaml");
    CHECK(e.line() == 2);
    CHECK(e.column() == 20);
    CHECK(e.key() == "last_card.penlty");
    CHECK_THAT(e.what(), Catch::Contains("penalty"));  // the loader's suggestion
  }
  const SweepGrid bad_value = parse_sweep_grid("last_card.penalty: [2, lots]\n", "grid.yaml");
  CHECK_THROWS_WITH(check_sweep_grid(bad_value, "british"),
                    Catch::StartsWith("grid.yaml:1:24: last_card.penalty"));
}

TEST_CASE("a sweep's rows are the results of separate simulate --rules runs") {
  Scratch s("sweep-rows");
  write_file(s / "grid.yaml", "last_card.penalty: [1, 4]\nspecials.skip.skip: [1, 2]\n");
  const Run sweep =
      run("sweep grid.yaml --variant british --games 150 --seed 9 --agents heuristic,eager "
          "--threads 2 --json sweep.json --csv sweep.csv",
          s);
  REQUIRE(sweep.status == 0);
  INFO(sweep.out);
  CHECK(contains(sweep.out, "first player to act"));
  const auto j = nlohmann::json::parse(read_file(s / "sweep.json"));
  REQUIRE(j["rows"].size() == 4);
  for (const auto& row : j["rows"]) {
    const std::string rules = row["rules"];
    const Run one =
        run("simulate --variant british --games 150 --seed 9 --agents heuristic,eager --threads 1 "
            "--rules '" +
                rules + "' --json -",
            s);
    REQUIRE(one.status == 0);
    CHECK(row["results"] == nlohmann::json::parse(one.out));
  }
  CHECK(j["rows"][1]["values"]["specials.skip.skip"] == 2);
  CHECK(j["rows"][1]["rules"] == "{last_card: {penalty: 1}, specials: {skip: {skip: 2}}}");
  CHECK(j["rows"][2]["values"]["last_card.penalty"] == 4);
  // The CSV: a header and one line per row, keys first.
  const std::string csv = read_file(s / "sweep.csv");
  CHECK(csv.starts_with("last_card.penalty,specials.skip.skip,games,first_player_win_rate,"));
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 5);

  // Shards of the sweep merge into the whole.
  for (int k = 1; k <= 2; ++k)
    REQUIRE(run("sweep grid.yaml --variant british --games 150 --seed 9 --agents heuristic,eager "
                "--shard " +
                    std::to_string(k) + "/2 --json part" + std::to_string(k) + ".json",
                s)
                .status == 0);
  const Run merged = run("merge part2.json part1.json --json -", s);
  REQUIRE(merged.status == 0);
  CHECK(nlohmann::json::parse(merged.out) == j);
  // Its table too, byte for byte (a sharded sweep had no CSV): to a file and to standard output.
  const Run table = run("merge part1.json part2.json --csv merged.csv", s);
  REQUIRE(table.status == 0);
  CHECK(contains(table.out, "Table written to merged.csv\n"));
  CHECK(read_file(s / "merged.csv") == csv);
  CHECK(run("merge part1.json part2.json --csv -", s).out == csv);
  // Only a sweep has a table.
  REQUIRE(run("simulate --variant british --games 10 --json sim.json", s).status == 0);
  const Run no_table = run("merge sim.json --csv t.csv", s);
  CHECK(no_table.status == 2);
  CHECK(contains(no_table.out,
                 "--csv: only a sweep's results have a table; sim.json holds a simulation's"));
  // A shard of another grid is refused, naming what differs.
  write_file(s / "other.yaml", "last_card.penalty: [1, 5]\nspecials.skip.skip: [1, 2]\n");
  REQUIRE(run("sweep other.yaml --variant british --games 150 --seed 9 --agents heuristic,eager "
              "--shard 2/2 --json other2.json",
              s)
              .status == 0);
  const Run mixed = run("merge part1.json other2.json", s);
  CHECK(mixed.status == 1);
  CHECK(contains(mixed.out,
                 "merge: other2.json is not a shard of the same sweep as part1.json (values of "
                 "row 3: [\"5\",\"1\"] here, [\"4\",\"1\"] in part1.json)"));
  // A sweep file edited by hand is refused at its place in the file.
  const auto tampered = [&](const std::string& file, auto edit) {
    auto doc = nlohmann::json::parse(read_file(s / "part1.json"));
    edit(doc);
    write_file(s / file, doc.dump());
    const Run r = run("merge " + file + " part2.json", s);
    CHECK(r.status == 1);
    return r.out;
  };
  CHECK(contains(tampered("bad1.json", [](auto& doc) { doc["rows"][1]["results"]["games"] = -5; }),
                 "bad1.json: /rows/1/results/games: expected a whole number from 0 to "
                 "18446744073709551615 (2^64 - 1), got -5"));
  CHECK(contains(
      tampered("bad2.json", [](auto& doc) { doc["rows"][0]["yaml_values"].push_back("3"); }),
      "bad2.json: /rows/0/yaml_values: expected one value per key (2), got 3"));
  CHECK(contains(tampered("bad3.json", [](auto& doc) { doc["keys"] = "last_card.penalty"; }),
                 "bad3.json: /keys: expected an array, got \"last_card.penalty\""));
}

TEST_CASE("sweep and compare refuse bad grids and arguments before any work") {
  Scratch s("sweep-errors");
  // The grid `text`, swept with `options`, is refused (exit 1 or 2) saying `message`.
  const auto refused = [&](const std::string& file, const std::string& text,
                           const std::string& options, const std::string& message) {
    write_file(s / file, text);
    const Run r = run("sweep " + file + " --variant british " + options, s, "", 10);
    INFO(r.out);
    CHECK((r.status == 1 || r.status == 2));
    CHECK(contains(r.out, message));
  };
  refused("grid.yaml", "last_card.penalty: [1, x]\n", "--games 10",
          "grid.yaml:1:24: last_card.penalty: the value x does not give a valid british: ");
  // Values valid alone that contradict each other together, or a combination that cannot seat
  // the study's players: the grid file and the combination are named (this was blamed on
  // --rules, at a column of no text), before any game is played.
  refused("pair.yaml", "players.min: [2, 5]\nplayers.max: [3, 7]\n", "--games 1000000 --players 3",
          "pair.yaml: the combination players.min = 5, players.max = 3 does not give a valid "
          "british: players: min 5 is greater than max 3");
  refused("seats.yaml", "players.max: [7, 3]\n", "--games 1000000",
          "seats.yaml: the combination players.max = 3 does not give a valid british: british is "
          "for 2 to 3 players, not 4");
  // A quoted value stays text, as in a variant file: "2" is no penalty (it ran as the number 2).
  refused("quoted.yaml", "last_card.penalty: [1, \"2\"]\n", "--games 1000000",
          "quoted.yaml:1:24: last_card.penalty: the value \"2\" does not give a valid british: "
          "expected an integer, got the text '2'");
  const Run missing = run("sweep nothere.yaml --variant british", s, "", 10);
  CHECK(missing.status != 0);
  const Run same = run("compare british --games 10", s, "", 10);
  CHECK(same.status == 2);
  CHECK(contains(same.out, "A and B are the same rule set"));
}

TEST_CASE("compare states who acted first, and says when a difference cannot be told from zero") {
  Scratch s("compare-text");
  const Run r =
      run("compare british british-stacked-eights --games 300 --threads 2 --json c.json", s);
  REQUIRE(r.status == 0);
  INFO(r.out);
  CHECK(contains(r.out, "from the first player to act at the deal"));
  CHECK(contains(r.out, "derive_seed(1, i)"));
  CHECK(contains(r.out, "first player's win rate"));
  CHECK(contains(r.out, "Not distinguishable from zero at this sample size"));
  const auto j = nlohmann::json::parse(read_file(s / "c.json"));
  CHECK(j["format"] == "switchcards-comparison/1");
  CHECK(j["a"]["variant"] == "british");
  CHECK(j["b"]["variant"] == "british-stacked-eights");
  CHECK(j["paired"][0]["n"] == 300);
}
