// One set of scalar rules for every YAML file the library reads (src/io/yaml_documents.hpp):
// a boolean, an integer or a seed written one way means the same in a variant, in a scenario
// and in a game record, and is refused by all of them when it is refused by one.
#include <catch2/catch.hpp>

#include <string>

#include "../common/temp_dir.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"
#include "switchcards/io/scenario.hpp"

using namespace switchcards;
using switchcards::testing::TempDir;

namespace {

// A scenario of a fresh british deal that checks `key: value` in its first expectation.
ScenarioResult run_expect(const TempDir& dir, const std::string& key, const std::string& value) {
  const std::string text = "name: scalar\nvariant: british\nplayers: 2\nsteps:\n  - expect: {" +
                           key + ": " + value + "}\n";
  return run_scenario_file(dir.write("scalar.yaml", text).string());
}

bool variant_beginner_mode(const std::string& value) {
  return load_variant("british", "beginner_mode: " + value + "\n", "rules").beginner_mode;
}

}  // namespace

TEST_CASE("scenarios and variants accept the same spellings of true and false") {
  TempDir dir;
  // A fresh deal is not over: round_over false passes, round_over true fails its step.
  for (const std::string no : {"false", "False", "FALSE", "no", "No", "off", "OFF"}) {
    INFO(no);
    CHECK_FALSE(variant_beginner_mode(no));
    const ScenarioResult r = run_expect(dir, "round_over", no);
    INFO(r.failure);
    CHECK(r.passed);
  }
  for (const std::string yes : {"true", "True", "TRUE", "yes", "Yes", "on", "On"}) {
    INFO(yes);
    CHECK(variant_beginner_mode(yes));
    const ScenarioResult r = run_expect(dir, "round_over", yes);
    CHECK_FALSE(r.passed);
    CHECK(r.failure == "step 1: expected round_over true, got false");
  }
  // What one refuses, both refuse, with the same message at the value's place.
  for (const std::string bad : {"maybe", "1", "'true'", "[true]"}) {
    INFO(bad);
    std::string variant_error;
    try {
      variant_beginner_mode(bad);
    } catch (const LoadError& e) {
      variant_error = e.message();
    }
    CHECK_THAT(variant_error, Catch::StartsWith("expected true or false, got "));
    const ScenarioResult r = run_expect(dir, "round_over", bad);
    CHECK_FALSE(r.passed);
    CHECK_THAT(r.failure, Catch::Contains(":5:26: steps[0].expect.round_over: " + variant_error));
  }
}

TEST_CASE("scenarios and game records read seeds by the same rule") {
  TempDir dir;
  const auto scenario_seed = [&](const std::string& seed) {
    const std::string text = "name: seed\nvariant: british\nplayers: 2\nseed: " + seed +
                             "\nsteps:\n  - expect: {turn: 0}\n";
    return run_scenario_file(dir.write("seed.yaml", text).string());
  };
  const auto record_seed = [](const std::string& seed) {
    return read_game_records_from_string(
               "variant: british\nplayers: 2\nseed: " + seed + "\nrounds: []\n", "record")
        .front()
        .seed;
  };
  for (const std::string good : {"0", "+7", "18446744073709551615"}) {
    INFO(good);
    CHECK(scenario_seed(good).passed);
    CHECK(record_seed(good) == std::stoull(good));
  }
  for (const std::string bad : {"-1", "18446744073709551616", "'7'", "7.0", "x"}) {
    INFO(bad);
    std::string record_error;
    try {
      record_seed(bad);
    } catch (const LoadError& e) {
      record_error = e.message();
    }
    CHECK_THAT(record_error,
               Catch::StartsWith("expected a whole number from 0 to 18446744073709551615, got "));
    const ScenarioResult r = scenario_seed(bad);
    CHECK_FALSE(r.passed);
    CHECK_THAT(r.failure, Catch::Contains(":4:7: seed: " + record_error));
  }
}
