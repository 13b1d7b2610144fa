// Reading simulation results back (agents/simulation_results.hpp), as `switchcards merge` does:
// every file simulate writes reads back to the same JSON, and a corrupt one (a negative count, a
// fraction, a number past 2^64, counts that contradict each other, a duplicate key) is refused
// with its file and JSON Pointer instead of being read as a wrong number. Then the command line:
// the messages, the exit status of a file that cannot be used, and a merge that would wrap.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "../common/error_of.hpp"
#include "../common/run_cli.hpp"
#include "switchcards/agents/compare.hpp"
#include "switchcards/agents/simulation_results.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;
using testing::error_of;

namespace {

// Shard `k` of 3 of a study of 30 games (games 10..20 for k = 2), as `simulate --shard k/3 --json`
// writes it.
std::string shard_text(const std::string& variant, int k, bool matches = false) {
  SimulationConfig c;
  c.players = 4;
  c.games = 30;
  c.seed = 1;
  c.shard = k;
  c.shards = 3;
  c.kind = matches ? GameKind::match : GameKind::round;
  const Variant v = load_variant(variant);
  return to_json(shard_results(simulate(v, c), variant, "", v.title));
}

// The message of reading `text` changed by `edit`.
std::string refusal(const std::string& text, const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json j = nlohmann::json::parse(text);
  edit(j);
  return error_of([&] { (void)shard_results_from_json(j.dump(2), "s2.json"); });
}

}  // namespace

TEST_CASE("merge: what simulate writes reads back to the same JSON, for every built-in variant") {
  for (const std::string& name : builtin_variant_names()) {
    for (bool matches : {false, true}) {
      INFO(name << (matches ? " matches" : " rounds"));
      const Variant v = load_variant(name);
      SimulationConfig c;
      c.players = std::clamp(4, v.deal.min_players, v.deal.max_players);
      c.games = matches ? 2 : 12;
      c.kind = matches ? GameKind::match : GameKind::round;
      // Random bots stall now and then (stalemates); in matches they would take long.
      c.agents = matches ? std::vector<std::string>{"heuristic"}
                         : std::vector<std::string>{"heuristic", "random"};
      const std::string text = to_json(shard_results(simulate(v, c), name, "", v.title));
      CHECK(to_json(shard_results_from_json(text, "f.json")) == text);
    }
  }
}

TEST_CASE("merge: a corrupt count is refused with the file and its JSON Pointer") {
  const std::string s2 = shard_text("british", 2);
  using J = nlohmann::json;
  const auto set = [](const char* key, J value) { return [=](J& j) { j[key] = value; }; };
  struct Case {
    std::function<void(J&)> edit;
    const char* message;
  };
  const std::vector<Case> cases = {
      // Each of these was read as a wrong number: -5 wrapped to 2^64 - 5, 10.5 cut to 10,
      // 2^64 (a double to nlohmann) to 0.
      {set("games", -5),
       "s2.json: /games: expected a whole number from 0 to 18446744073709551615 (2^64 - 1), got "
       "-5"},
      {set("games", 10.5), "s2.json: /games: expected a whole number from 0 to"},
      {[](J& j) { j["decisions"] = J::parse("18446744073709551616"); },
       "s2.json: /decisions: expected a whole number from 0 to 18446744073709551615"},
      {[](J& j) { j["wins"][0] = -1; },
       "s2.json: /wins/0: expected a whole number from 0 to games (10), got -1"},
      {[](J& j) { j["round_length"]["histogram"].begin().value() = -3; },
       "s2.json: /round_length/histogram/"},
      {set("study_games", 0), "s2.json: /study_games: expected a whole number from 1 to"},
      {set("seed", -1), "s2.json: /seed: expected a whole number from 0 to"},
      {set("players", 9), "s2.json: /players: expected a whole number from 1 to 8, got 9"},
      {set("game", "rounds"), "s2.json: /game: expected \"round\" or \"match\", got \"rounds\""},
      // Types: nlohmann's own message named neither the file nor the value.
      {[](J& j) { j["round_length"]["histogram"].begin().value() = "x"; }, "got \"x\""},
      {[](J& j) { j["events"]["seat_skipped"] = "x"; },
       "s2.json: /events/seat_skipped: expected a whole number from 0 to"},
      {[](J& j) { j["events"]["seat_skipped"] = nullptr; },
       "s2.json: /events/seat_skipped: expected a whole number from 0 to 18446744073709551615 "
       "(2^64 - 1), got null"},
      {[](J& j) { j["round_length"] = J::array(); },
       "s2.json: /round_length: expected an object, got an array"},
      {[](J& j) { j.erase("games"); }, "s2.json: missing key 'games'"},
      {[](J& j) { j["lead"].erase("mid_leader_wins"); },
       "s2.json: /lead: missing key 'mid_leader_wins'"},
      // Histogram keys: "-5" was "too large", "031" and "+5" were read as 31 and 5.
      {[](J& j) { j["round_length"]["histogram"]["-5"] = 1; },
       "s2.json: /round_length/histogram/-5: expected a round length from 0 to 100000000 as the "
       "key, got '-5'"},
      {[](J& j) { j["round_length"]["histogram"]["031"] = 1; }, "got '031'"},
      {[](J& j) { j["round_length"]["histogram"]["+5"] = 1; }, "got '+5'"},
      {[](J& j) { j["round_length"]["histogram"]["a/b"] = 1; },
       "s2.json: /round_length/histogram/a~1b: "},
      {[](J& j) { j["round_length"]["histogram"]["1000000000"] = 1; }, "got '1000000000'"},
      {[](J& j) { j["events"]["bogus"] = 3; },
       "s2.json: /events/bogus: not an event of this version of switchcards"},
      {set("shard", "2/3junk"), "s2.json: /shard: expected \"K/M\""},
      {set("shard", "0/0"), "s2.json: /shard: expected \"K/M\""},
      {set("shard", "9/3"), "s2.json: /shard: expected \"K/M\""},
      // More shards than simulate and --shard allow.
      {set("shard", "2/1000001"),
       "s2.json: /shard: expected \"K/M\", the K-th of M parts with 1 <= K <= M <= 1000000, got "
       "\"2/1000001\""},
      {set("teams", J::array({0, 1, 0, 7})),
       "s2.json: /teams/3: expected a whole number from 0 to 3, got 7"},
      {[](J& j) { j["wins"].erase(0); },
       "s2.json: /wins: expected an array of 4 entries (one per seat, 4 players), got 3"},
      {set("agents", 5), "s2.json: /agents: expected an array, got 5"},
      {set("variant_fingerprint", "0123456789ABCDEF"),
       "s2.json: /variant_fingerprint: expected 16 hexadecimal digits (0-9, a-f), got "
       "\"0123456789ABCDEF\""},
      {set("variant_fingerprint", 5), "s2.json: /variant_fingerprint: expected a string, got 5"},
  };
  for (const Case& c : cases) {
    const std::string message = refusal(s2, c.edit);
    INFO(message);
    CHECK_THAT(message, Catch::Contains(c.message));
  }
}

TEST_CASE("merge: -0 is read as zero, in a count as in a signed number") {
  // Once refused in a count with "got 0", which hid the sign; a signed field took it as 0.
  const std::string s2 = shard_text("british", 2);
  const std::string zero = "\"stalemates\": 0,";
  REQUIRE(s2.find(zero) != std::string::npos);
  std::string signed_zero = s2;
  signed_zero.replace(s2.find(zero), zero.size(), "\"stalemates\": -0,");
  CHECK(to_json(shard_results_from_json(signed_zero, "s2.json")) == s2);
  std::string minus_one = s2;
  minus_one.replace(s2.find(zero), zero.size(), "\"stalemates\": -1,");
  CHECK_THAT(error_of([&] { (void)shard_results_from_json(minus_one, "s2.json"); }),
             Catch::Contains("/stalemates: expected a whole number from 0 to rounds (10), got -1"));
}

TEST_CASE("merge: a results file nested deeper than 64 levels is refused") {
  // As deep as every JSON and YAML reader of the library takes.
  const std::string doc =
      R"({"x":)" + std::string(100'000, '[') + std::string(100'000, ']') + R"(,"a":0})";
  CHECK_THAT(error_of([&] { (void)shard_results_from_json(doc, "deep.json"); }),
             Catch::Equals("deep.json: /x/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/"
                           "0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/"
                           "0: nesting deeper than 64 levels"));
}

TEST_CASE("merge: counts that contradict each other are refused") {
  const std::string s2 = shard_text("british", 2);  // games 10..20 of 30
  using J = nlohmann::json;
  struct Case {
    std::function<void(J&)> edit;
    const char* message;
  };
  const std::vector<Case> cases = {
      // 11 games on a range of 10 gave "31 games" beside "Rounds: 30".
      {[](J& j) { j["games"] = 11; },
       "s2.json: /games: expected end_game - first_game = 10, got 11"},
      {[](J& j) {
         j["first_game"] = 20;
         j["end_game"] = 10;
       },
       "s2.json: /end_game: expected a whole number from first_game (20) to study_games (30), "
       "got 10"},
      {[](J& j) { j["end_game"] = 40; }, "/end_game: expected a whole number from first_game"},
      {[](J& j) {
         j["first_game"] = 11;
         j["games"] = 9;
       },
       "s2.json: /first_game: shard 2/3 of a study of 30 games covers games 10..20, not 11..20"},
      {[](J& j) { j["rounds"] = 11; }, "s2.json: /rounds: expected 10, one per game, got 11"},
      {[](J& j) { j["stalemates"] = 11; },
       "s2.json: /stalemates: expected a whole number from 0 to rounds (10), got 11"},
      {[](J& j) { j["wins"][0] = j["wins"][0].get<int>() + 3; },
       "s2.json: /wins: the counts add up to 13, more than the 10 games (a game has one winner)"},
      {[](J& j) { j["wins_by_position"]["from_dealer"][0]["wins"] = 10; },
       "s2.json: /wins_by_position/from_dealer: the wins of the places add up to"},
      {[](J& j) { j["decisions"] = j["decisions"].get<int>() + 1; },
       "s2.json: /round_length/histogram: the rounds of the histogram take"},
      {[](J& j) { j["round_length"]["histogram"]["1"] = 1; },
       "s2.json: /round_length/histogram: the histogram counts 11 rounds, but /rounds is 10"},
      {[](J& j) { j["lead"]["lead_changes"] = 1'000'000; },
       "s2.json: /lead/lead_changes: expected a whole number from 0 to decisions"},
      {[](J& j) { j["lead"]["mid_leader_wins"] = 100; },
       "s2.json: /lead/mid_leader_wins: expected a whole number from 0 to mid_leader_rounds"},
      {[](J& j) { j["lead"]["mid_leader_rounds"] = 11; },
       "s2.json: /lead/mid_leader_rounds: expected a whole number from 0 to the rounds won"},
  };
  for (const Case& c : cases) {
    const std::string message = refusal(s2, c.edit);
    INFO(message);
    CHECK_THAT(message, Catch::Contains(c.message));
  }

  // Matches: a match has one loser and 1 to max_match_rounds rounds.
  const std::string m2 = shard_text("british", 2, true);
  CHECK_THAT(refusal(m2, [](J& j) { j["rounds"] = 5; }),
             Catch::Contains("s2.json: /rounds: expected 10 to 10000 for 10 matches of at most "
                             "1000 rounds, got 5"));
  CHECK_THAT(refusal(m2, [](J& j) { j["losses"][1] = 11; }),
             Catch::Contains("s2.json: /losses/1: expected a whole number from 0 to games (10)"));
  CHECK_THAT(refusal(m2, [](J& j) { j["unfinished_matches"] = 11; }),
             Catch::Contains("s2.json: /unfinished_matches: expected a whole number from 0 to "
                             "games (10), got 11"));
  CHECK_THAT(refusal(m2, [](J& j) { j["max_match_rounds"] = 0; }),
             Catch::Contains("s2.json: /max_match_rounds: expected a whole number from 1 to"));
  // A cap simulate refuses (above kMaxMatchRounds) no results file can claim.
  CHECK_THAT(refusal(m2, [](J& j) { j["max_match_rounds"] = kMaxMatchRounds + 1; }),
             Catch::Contains("s2.json: /max_match_rounds: expected a whole number from 1 to 1250, "
                             "got 1251"));
}

TEST_CASE("merge: a key given twice is refused, where nlohmann would keep the last") {
  std::string s2 = shard_text("british", 2);
  const std::string games = "\"games\": 10,";
  REQUIRE(s2.find(games) != std::string::npos);
  std::string twice = s2;
  twice.replace(twice.find(games), games.size(), games + " \"games\": 11,");
  CHECK_THAT(error_of([&] { (void)shard_results_from_json(twice, "s2.json"); }),
             Catch::Equals("s2.json: /games: the key 'games' is given twice in one object"));
  // Nested, and inside a list.
  const auto at = s2.find("\"wins\": ", s2.find("\"from_dealer\""));
  REQUIRE(at != std::string::npos);
  twice = s2;
  twice.insert(at, "\"wins\": 0, ");
  CHECK_THAT(error_of([&] { (void)shard_results_from_json(twice, "s2.json"); }),
             Catch::Equals("s2.json: /wins_by_position/from_dealer/0/wins: the key 'wins' is given "
                           "twice in one object"));
}

TEST_CASE("merge: sums that would pass 2^64 - 1 are refused, not wrapped") {
  std::vector<ShardResults> parts;
  for (int k = 1; k <= 2; ++k) {
    nlohmann::json j = nlohmann::json::parse(shard_text("british", k));
    j["events"]["stock_reshuffled"] = std::numeric_limits<std::uint64_t>::max() - 1;
    parts.push_back(shard_results_from_json(j.dump(), "s" + std::to_string(k) + ".json"));
  }
  CHECK_THAT(error_of([&] {
               (void)merge_shards(parts, {"s1.json", "s2.json"});
             }),
             Catch::Contains("merge: s2.json: the 'stock_reshuffled' events of the files add up to "
                             "more than 2^64 - 1"));
}

TEST_CASE("merge: a shard of another study is refused with the setting that differs") {
  const auto refused_with = [](const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json j = nlohmann::json::parse(shard_text("british", 2));
    edit(j);
    std::vector<ShardResults> parts = {shard_results_from_json(shard_text("british", 1), "s1.json"),
                                       shard_results_from_json(j.dump(), "s2.json")};
    return error_of([&] { (void)merge_shards(parts, {"s1.json", "s2.json"}); });
  };
  const std::string refused = "merge: s2.json is not from the same study as s1.json ";
  CHECK(refused_with([](nlohmann::json& j) { j["seed"] = 2; }) ==
        refused + "(seed: 2 here, 1 in s1.json)");
  CHECK(refused_with([](nlohmann::json& j) { j["agents"][3] = "random"; }) ==
        refused +
            "(agents: [\"heuristic\",\"heuristic\",\"heuristic\",\"random\"] here, "
            "[\"heuristic\",\"heuristic\",\"heuristic\",\"heuristic\"] in s1.json)");
  CHECK(refused_with([](nlohmann::json& j) { j["variant"] = "house.yaml"; }) ==
        refused + "(variant: \"house.yaml\" here, \"british\" in s1.json)");
  CHECK(refused_with([](nlohmann::json& j) { j["rules"] = "{last_card: {penalty: 3}}"; }) ==
        refused + "(rules: \"{last_card: {penalty: 3}}\" here, \"\" in s1.json)");
}

TEST_CASE("merge: the paired sums of a comparison are read as strictly") {
  SimulationConfig c;
  c.games = 20;
  const Variant a = load_variant("british");
  const Variant b = load_variant("british", "{last_card: {penalty: 4}}", "--rules-b");
  const std::string text =
      to_json(compare(a, b, c, "british", "", "british", "{last_card: {penalty: 4}}"));
  nlohmann::json j = nlohmann::json::parse(text);
  j["paired"][0]["n"] = -1;  // was 2^64 - 1 pairs
  CHECK_THAT(error_of([&] { (void)comparison_from_json(j.dump(), "c.json"); }),
             Catch::Contains("c.json: /paired/0/n: expected a whole number from 0 to"));
  j = nlohmann::json::parse(text);
  j["b"]["games"] = -5;
  CHECK_THAT(error_of([&] { (void)comparison_from_json(j.dump(), "c.json"); }),
             Catch::Contains("c.json: /b/games: expected a whole number from 0 to"));
}

TEST_CASE("merge: paired sums that the games cannot give are refused") {
  // Each edit was merged without a word: 11 pairs in a 10-game study, a win rate of 1010%, an
  // interval narrower than the games allow.
  SimulationConfig c;
  c.games = 40;
  c.threads = 2;
  const auto refusals = [](const std::string& text) {
    using J = nlohmann::json;
    const J doc = J::parse(text);
    // The index of measure `key`, and the message of reading the file with `edit` made to it.
    const auto at = [&](const std::string& key) {
      for (std::size_t i = 0; i < doc["paired"].size(); ++i)
        if (doc["paired"][i]["key"] == key) return i;
      FAIL("no measure " << key);
      return std::size_t{0};
    };
    const auto edited = [&](const std::string& key, const std::function<void(J&)>& edit) {
      J j = doc;
      edit(j["paired"][at(key)]);
      return error_of([&] { (void)comparison_from_json(j.dump(), "c.json"); });
    };
    const auto pointer = [&](const std::string& key, const char* field) {
      return "c.json: /paired/" + std::to_string(at(key)) + "/" + field + ": ";
    };
    REQUIRE(error_of([&] { (void)comparison_from_json(text, "c.json"); }) == "(no error)");
    const auto add = [](const char* field, std::int64_t by) {
      return [=](J& m) { m[field] = m[field].get<std::int64_t>() + by; };
    };
    // One pair a game.
    CHECK_THAT(
        edited("first_player_win", add("n", 1)),
        Catch::StartsWith(pointer("first_player_win", "n") + "expected 40 pairs, one a game"));
    CHECK_THAT(edited("decisions", add("n", -1)),
               Catch::StartsWith(pointer("decisions", "n") + "expected 40 pairs"));
    // A sum that is a side's own count: wins from first place, wins of a place minus the first,
    // dealer wins, decisions, stalemates, penalty cards, special cards, lead changes.
    for (const char* key : {"first_player_win", "place_2_minus_first", "place_4_minus_first",
                            "dealer_win", "decisions", "stalemates", "penalty_cards", "specials"}) {
      INFO(key);
      CHECK_THAT(edited(key, add("sum_a", 2)),
                 Catch::StartsWith(pointer(key, "sum_a") + "expected ") &&
                     Catch::Contains("as side a's own counts give"));
      CHECK_THAT(edited(key, add("sum_b", -2)),
                 Catch::StartsWith(pointer(key, "sum_b") + "expected ") &&
                     Catch::Contains("as side b's own counts give"));
    }
    // The squared differences: too few for the sums, of the wrong parity, or more than n where
    // each difference is -1, 0 or 1.
    CHECK_THAT(edited("decisions", [](J& m) { m["sum_d2"] = 0; }),
               Catch::StartsWith(pointer("decisions", "sum_d2") + "0 cannot be the sum of the 40 "
                                                                  "squared differences"));
    CHECK_THAT(edited("decisions", add("sum_d2", 1)),
               Catch::StartsWith(pointer("decisions", "sum_d2")));
    CHECK_THAT(edited("first_player_win", [](J& m) { m["sum_d2"] = 42; }),
               Catch::StartsWith(pointer("first_player_win", "sum_d2")));
  };
  const Variant a = load_variant("british");
  const Variant b = load_variant("british", "{last_card: {penalty: 4}}", "--rules-b");
  const std::string rounds =
      to_json(compare(a, b, c, "british", "", "british", "{last_card: {penalty: 4}}"));
  refusals(rounds);
  {
    // The mid-round leader: at most the rounds in which both sides had one, and at most the
    // wins a side counts.
    using J = nlohmann::json;
    J j = J::parse(rounds);
    J& m = j["paired"][j["paired"].size() - 1];
    REQUIRE(m["key"] == "mid_leader_win");
    m["n"] = j["a"]["lead"]["mid_leader_rounds"].get<std::uint64_t>() + 1;
    CHECK_THAT(error_of([&] { (void)comparison_from_json(j.dump(), "c.json"); }),
               Catch::Contains("/n: expected at most") &&
                   Catch::Contains("the rounds with a mid-round leader"));
  }
  c.kind = GameKind::match;
  c.games = 6;
  const std::string matches =
      to_json(compare(a, b, c, "british", "", "british", "{last_card: {penalty: 4}}"));
  const nlohmann::json m = nlohmann::json::parse(matches);
  nlohmann::json j = m;
  for (auto& measure : j["paired"])
    if (measure["key"] == "match_rounds") measure["sum_a"] = measure["sum_a"].get<int>() + 1;
  CHECK_THAT(error_of([&] { (void)comparison_from_json(j.dump(), "c.json"); }),
             Catch::Contains("/sum_a: expected") && Catch::Contains("as side a's own counts give"));
}

TEST_CASE("merge: a simulation file without an event that every file of its format counts") {
  const std::string s2 = shard_text("british", 2);
  CHECK(refusal(s2, [](nlohmann::json& j) { j["events"].erase("card_played"); }) ==
        "s2.json: /events: missing 'card_played', which every file of format "
        "switchcards-simulation/3 counts");
  // A kind added after format 3 came may be missing from a file written before it.
  nlohmann::json j = nlohmann::json::parse(s2);
  j["events"].erase("jumped_in");
  CHECK(shard_results_from_json(j.dump(), "s2.json")
            .stats.events[static_cast<int>(EventKind::jumped_in)] == 0);
}

TEST_CASE("cli: merge names the file and the JSON Pointer, and a file it cannot use exits 1") {
  using namespace switchcards::testing;
  Scratch s("merge-strict");
  for (int k = 1; k <= 3; ++k)
    REQUIRE(run("simulate --variant british --games 30 --threads 1 --shard " + std::to_string(k) +
                    "/3 --json s" + std::to_string(k) + ".json",
                s)
                .status == 0);
  REQUIRE(run("merge s1.json s2.json s3.json", s).status == 0);
  // A file given twice (its games would count twice), and an output over an input.
  Run twice = run("merge s1.json s2.json ./s1.json s3.json", s);
  CHECK(twice.status == 2);
  CHECK(contains(twice.out, "switchcards: s1.json and ./s1.json are the same file"));
  twice = run("merge s1.json s1.json", s);
  CHECK(contains(twice.out, "switchcards: s1.json is given twice"));
  const Run over = run("merge s1.json s2.json s3.json --json s2.json", s);
  CHECK(over.status == 2);
  CHECK(contains(over.out,
                 "--json s2.json: that is the file to merge s2.json, which this command reads"));
  // The merge as a page, as simulate writes one (where the chart library was embedded).
  const Run page = run("merge s1.json s2.json s3.json --report merged.html", s);
  if (!contains(page.out, "built without the chart library")) {
    CHECK(page.status == 0);
    CHECK(contains(page.out, "Report written to merged.html"));
    CHECK(contains(read_file(s / "merged.html"), "switchcards simulate: British Switch"));
    const Run report_over = run("merge s1.json s2.json s3.json --report s3.json", s);
    CHECK(report_over.status == 2);
    CHECK(
        contains(report_over.out,
                 "--report s3.json: that is the file to merge s3.json, which this command reads"));
    // A variant compared with itself under --rules-b: the title tells the sides apart by their
    // rules (it said "British Switch vs British Switch"), the same for the study and its merge.
    const std::string sides =
        "switchcards compare: British Switch vs British Switch with rules {last_card: {penalty: "
        "4}}";
    for (int k = 1; k <= 2; ++k)
      REQUIRE(run("compare british --rules-b '{last_card: {penalty: 4}}' --games 4 --shard " +
                      std::to_string(k) + "/2 --json c" + std::to_string(k) + ".json",
                  s)
                  .status == 0);
    REQUIRE(
        run("compare british --rules-b '{last_card: {penalty: 4}}' --games 4 --report c.html", s)
            .status == 0);
    CHECK(contains(read_file(s / "c.html"), "<title>" + sides + "</title>"));
    REQUIRE(run("merge c1.json c2.json --report cm.html", s).status == 0);
    CHECK(contains(read_file(s / "cm.html"), "<title>" + sides + "</title>"));
  }
  nlohmann::json j = nlohmann::json::parse(read_file(s / "s2.json"));
  j["games"] = -5;
  write_file(s / "s2.json", j.dump(2));
  Run bad = run("merge s1.json s2.json s3.json", s);
  CHECK(bad.status == 1);
  CHECK(contains(bad.out, "switchcards: s2.json: /games: expected a whole number from 0 to"));
  CHECK_FALSE(contains(bad.out, "games (single rounds)"));  // no report of the wrong numbers

  j["games"] = 10;
  j["events"]["seat_skipped"] = "x";
  write_file(s / "s2.json", j.dump(2));
  bad = run("merge s1.json s2.json s3.json", s);
  CHECK(bad.status == 1);
  CHECK(contains(bad.out, "switchcards: s2.json: /events/seat_skipped: expected a whole number"));
  CHECK_FALSE(contains(bad.out, "json.exception"));

  // Text that is not JSON, first or later, is refused with its file: a number too large for a
  // double with its place (nlohmann's own exception escaped with its internal text, and no
  // file), a syntax error as "not JSON" (a later file was called "not the same kind of
  // results").
  std::string text = read_file(s / "s1.json");
  text.replace(text.find("\"games\": 10"), std::string("\"games\": 10").size(), "\"games\": 1e400");
  write_file(s / "s2.json", text);
  for (const std::string order : {"s2.json s1.json", "s1.json s2.json"}) {
    bad = run("merge " + order, s);
    CHECK(bad.status == 1);
    CHECK(contains(bad.out, "switchcards: s2.json: /games: number overflow parsing '1e400'"));
    CHECK_FALSE(contains(bad.out, "json.exception"));
  }
  write_file(s / "s2.json", "{\"format\": ");
  bad = run("merge s1.json s2.json", s);
  CHECK(bad.status == 1);
  CHECK(contains(bad.out, "switchcards: s2.json: not JSON: parse error at line 1, column 12"));

  // A file that cannot be used exits 1, as for every other command (it was 2, from CLI11).
  Run missing = run("merge nothere.json", s);
  CHECK(missing.status == 1);
  CHECK(contains(missing.out, "nothere.json: cannot open 'nothere.json': no such file"));
  Run dir = run("merge .", s);
  CHECK(dir.status == 1);
  CHECK(contains(dir.out, "'.' is a directory, not a JSON file"));
  // An endless stream is read to the limit and refused, not read until memory runs out.
  if (std::filesystem::exists("/dev/zero")) {
    Run endless = run("merge /dev/zero", s);
    CHECK(endless.status == 1);
    CHECK(contains(endless.out,
                   "/dev/zero: larger than the limit of 268435456 bytes (256 MiB) "
                   "for a results file"));
  }
  // JSON of no kind merge knows: all three kinds are named (it named only simulation files).
  write_file(s / "other.json", "{\"format\": \"something/1\", \"games\": 3}");
  Run other = run("merge other.json", s);
  CHECK(other.status == 1);
  CHECK(contains(other.out,
                 "other.json: not a results file of simulate, compare or sweep (format "
                 "something/1; merge takes switchcards-simulation, "
                 "switchcards-comparison and switchcards-sweep files)"));
}

TEST_CASE("merge: shards of one variant file played under different rules are refused") {
  // Regression: the file of `--variant house.yaml` changed between the shards, and merge added
  // them up as one study, since the files named the same variant.
  using namespace switchcards::testing;
  Scratch s("merge-fingerprint");
  const std::string house = "extends: british\nname: house\n";
  const std::string study = "--games 20 --threads 1 --seed 3";
  write_file(s / "house.yaml", house);
  // A is not british: compare refuses two sides with the same rules (the same fingerprint).
  REQUIRE(run("simulate --variant house.yaml " + study + " --shard 1/2 --json s1.json", s).status ==
          0);
  REQUIRE(
      run("compare british-stacked-eights house.yaml " + study + " --shard 1/2 --json c1.json", s)
          .status == 0);
  write_file(s / "grid.yaml", "last_card.penalty: [1, 3]\n");
  REQUIRE(run("sweep grid.yaml --variant house.yaml --games 4 --threads 1 --shard 1/2 --json "
              "w1.json",
              s)
              .status == 0);
  write_file(s / "house.yaml", house + "specials: {skip: {skip: 2}}\n");
  REQUIRE(run("simulate --variant house.yaml " + study + " --shard 2/2 --json s2.json", s).status ==
          0);
  REQUIRE(
      run("compare british-stacked-eights house.yaml " + study + " --shard 2/2 --json c2.json", s)
          .status == 0);
  REQUIRE(run("sweep grid.yaml --variant house.yaml --games 4 --threads 1 --shard 2/2 --json "
              "w2.json",
              s)
              .status == 0);

  const Run simulations = run("merge s1.json s2.json", s);
  CHECK(simulations.status == 1);
  CHECK(contains(simulations.out,
                 "switchcards: merge: s1.json and s2.json were played under different rules of "
                 "'house.yaml' (variant fingerprints "));
  CHECK(contains(simulations.out,
                 "its file, a file it extends or the version of switchcards "
                 "differed between the runs"));
  CHECK_FALSE(contains(simulations.out, "games (single rounds)"));  // no report
  const Run comparisons = run("merge c1.json c2.json", s);
  CHECK(comparisons.status == 1);
  CHECK(contains(comparisons.out,
                 "merge: c1.json (b) and c2.json (b) were played under "
                 "different rules of 'house.yaml'"));
  const Run sweeps = run("merge w1.json w2.json", s);
  CHECK(sweeps.status == 1);
  CHECK(contains(sweeps.out,
                 "merge: w1.json and w2.json were played under different rules of 'house.yaml'"));

  // What only documents the rules does not count: comments, the title, the layout.
  write_file(s / "house.yaml",
             "# the house rules\nname: house\ntitle: Our house\nextends: british\n");
  REQUIRE(run("simulate --variant house.yaml " + study + " --shard 2/2 --json s2.json", s).status ==
          0);
  CHECK(run("merge s1.json s2.json", s).status == 0);
}

TEST_CASE("merge: files without a variant fingerprint merge alone, not with files that have one") {
  std::vector<nlohmann::json> j;
  for (int k = 1; k <= 3; ++k) j.push_back(nlohmann::json::parse(shard_text("british", k)));
  REQUIRE(j[0].contains("variant_fingerprint"));
  const std::vector<std::string> files = {"s1.json", "s2.json", "s3.json"};
  const auto merged = [&] {
    std::vector<ShardResults> parts;
    for (std::size_t i = 0; i < j.size(); ++i)
      parts.push_back(shard_results_from_json(j[i].dump(2), files[i]));
    return to_json(merge_shards(parts, files));
  };
  const std::string whole = merged();
  // Files written before results carried the fingerprint: merged as before, without one.
  for (nlohmann::json& part : j) part.erase("variant_fingerprint");
  std::string older = merged();
  CHECK(older.find("variant_fingerprint") == std::string::npos);
  nlohmann::json without = nlohmann::json::parse(whole);
  without.erase("variant_fingerprint");
  CHECK(nlohmann::json::parse(older) == without);
  // One of each: whether they played the same rules cannot be told.
  j[0] = nlohmann::json::parse(shard_text("british", 1));
  CHECK_THAT(error_of([&] { (void)merged(); }),
             Catch::Equals("merge: s1.json carries the fingerprint of its variant's rules and "
                           "s2.json does not (it was written by an older switchcards), so "
                           "whether they played the same rules of 'british' cannot be told; "
                           "play s2.json again"));
}

TEST_CASE("merge: a comparison file whose sides a and b played different games is refused") {
  // Regression: each side was merged on its own, so files whose b was another shard than their
  // a (or of another seed) added up, pairing games that were never played together.
  SimulationConfig c;
  c.games = 20;
  c.seed = 5;
  c.threads = 1;
  c.shards = 2;
  const Variant a = load_variant("british");
  const Variant b = load_variant("british", "{last_card: {penalty: 4}}", "--rules-b");
  std::vector<nlohmann::json> j;
  for (int k = 1; k <= 2; ++k) {
    c.shard = k;
    j.push_back(nlohmann::json::parse(
        to_json(compare(a, b, c, "british", "", "british", "{last_card: {penalty: 4}}"))));
  }
  const std::vector<std::string> files = {"c1.json", "c2.json"};
  const auto merge = [&](const std::vector<nlohmann::json>& docs) {
    return error_of([&] {
      std::vector<ComparisonResults> parts;
      for (std::size_t i = 0; i < docs.size(); ++i)
        parts.push_back(comparison_from_json(docs[i].dump(2), files[i]));
      (void)merge_comparisons(parts, files);
    });
  };
  REQUIRE(merge(j) == "(no error)");

  // The b sides swapped: each side alone still covers games 0..20 without a gap.
  std::vector<nlohmann::json> swapped = j;
  std::swap(swapped[0]["b"], swapped[1]["b"]);
  CHECK_THAT(merge(swapped),
             Catch::Equals("merge: c1.json: its sides a and b did not play the same games (a: "
                           "games 0..10 of 20 from seed 5 (shard 1/2), rounds of 4 players "
                           "(heuristic, heuristic, heuristic, heuristic); b: games 10..20 of 20 "
                           "from seed 5 (shard 2/2), rounds of 4 players (heuristic, heuristic, "
                           "heuristic, heuristic)); a comparison plays game i of both from the "
                           "same seed"));
  // Another seed for every b.
  std::vector<nlohmann::json> reseeded = j;
  for (nlohmann::json& doc : reseeded) doc["b"]["seed"] = 6;
  CHECK_THAT(merge(reseeded), Catch::StartsWith("merge: c1.json: its sides a and b did not play "
                                                "the same games (a: games 0..10 of 20 from seed "
                                                "5 (shard 1/2)"));
  CHECK_THAT(merge(reseeded), Catch::Contains("b: games 0..10 of 20 from seed 6 (shard 1/2)"));
  // Other agents at b's seats.
  std::vector<nlohmann::json> other_agents = j;
  for (nlohmann::json& doc : other_agents) doc["b"]["agents"][1] = "random";
  CHECK_THAT(merge(other_agents),
             Catch::Contains("b: games 0..10 of 20 from seed 5 (shard 1/2), rounds of 4 players "
                             "(heuristic, random, heuristic, heuristic))"));
}
