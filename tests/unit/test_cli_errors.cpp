// The command line given bad arguments, run as a user runs it: each case must end within a few
// seconds (no study starts on a bad number) with the documented exit status (2: the command
// line is wrong; 1: a file or variant that cannot be used) and a message that names the flag
// or file and what is allowed. Every bug of issue 12 about arguments has its case here.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "../common/run_cli.hpp"

using namespace switchcards::testing;

namespace {

struct Case {
  const char* args;
  int status;
  const char* message;  // a part of the output
};

// No bad argument may start work: far below this, a study of 2^64 games never ends.
constexpr double kQuick = 5.0;

void check_cases(const std::string& name, std::initializer_list<Case> cases) {
  Scratch s(name);
  std::filesystem::create_directories(s.dir / "adir");
  for (const Case& c : cases) {
    const Run r = run(c.args, s, "", 20);
    INFO("switchcards " << c.args << "\n" << r.out);
    CHECK(r.status == c.status);
    CHECK(contains(r.out, c.message));
    CHECK(r.seconds < kQuick);
  }
}

}  // namespace

TEST_CASE("cli errors: simulate refuses bad numbers before the study starts") {
  check_cases(
      "sim-numbers",
      {
          // Regressions: these ran forever, or played with 4 players, or wrapped the seed.
          {"simulate -v british --games -5", 2,
           "--games '-5': expected a whole number from 1 to 18446744073709551615"},
          {"simulate -v british --games 99999999999999999999", 2,
           "--games 99999999999999999999: out of range"},
          {"simulate -v british --games -1 --shard 1/1000000000", 2, "--shard '1/1000000000'"},
          {"simulate -v british --players -1", 2, "--players '-1': british is for 2 to 7 players"},
          {"simulate -v british --players 0", 2, "--players '0': british is for 2 to 7 players"},
          {"simulate -v british --seed -1", 2,
           "--seed '-1': expected a whole number from 0 to 18446744073709551615"},
          // More of the same kind.
          {"simulate -v british --games 0", 2, "--games 0: out of range"},
          {"simulate -v british --games ''", 2, "--games '': expected a whole number"},
          {"simulate -v british --games 1e3", 2, "--games '1e3'"},
          {"simulate -v british --games ' 5'", 2, "--games ' 5'"},
          {"simulate -v british --games 3 --shard 4/4", 2, "every shard needs a game"},
          {"simulate -v british --players 8", 2, "british is for 2 to 7 players"},
          {"simulate -v mau-mau --players 9", 2, "mau-mau is for 2 to"},
          {"simulate -v british --players 99999999999999999999", 2, "give a number from 2 to 7"},
          {"simulate -v british-partnerships --players 2", 2,
           "--players '2': british-partnerships is for exactly 4 players: give 4"},
          {"compare british british-partnerships --players 3", 2,
           "--players 3: british-partnerships is for exactly 4 players"},
          {"simulate -v british --players ''", 2, "--players ''"},
          {"simulate -v british --seed 18446744073709551616", 2,
           "--seed 18446744073709551616: out of range"},
          {"simulate -v british --seed x", 2, "--seed 'x'"},
          {"simulate -v british --threads 0", 2,
           "--threads 0: out of range: expected a whole number from 1 to 1024"},
          {"simulate -v british --threads -3", 2, "--threads '-3'"},
          {"simulate -v british --threads 100000", 2, "--threads 100000: out of range"},
          {"simulate -v british --shard 0/4", 2, "1 <= K <= M"},
          {"simulate -v british --shard 3/2", 2, "1 <= K <= M"},
          {"simulate -v british --shard 1/0", 2, "1 <= K <= M"},
          {"simulate -v british --shard 1/2/3", 2, "expected K/M"},
          {"simulate -v british --shard ''", 2, "expected K/M"},
          {"simulate -v british --shard -1/4", 2, "expected K/M"},
      });
}

TEST_CASE("cli errors: unknown agents, variants, files and outputs") {
  check_cases(
      "sim-names",
      {
          {"simulate -v british --agents clever", 2,
           "--agents clever: unknown agent 'clever' (known: random, eager, greedy, heuristic"},
          {"simulate -v british --agents ''", 2, "unknown agent ''"},
          {"simulate -v british --agents random,,greedy", 2, "unknown agent ''"},
          {"simulate -v british --agents human", 2, "a human cannot play thousands of games"},
          {"simulate -v british --agents random:2", 2, "a number from 0 to 1"},
          // More names than seats: the last ones were dropped without a word.
          {"simulate -v british --agents heuristic,greedy,random,eager,heuristic", 2,
           "--agents heuristic,greedy,random,eager,heuristic: 5 agents for 4 seats"},
          {"simulate -v british --players 2 --agents random,greedy,random", 2,
           "3 agents for 2 seats"},
          {"compare british mau-mau --players 2 --agents random,greedy,random", 2,
           "3 agents for 2 seats"},
          {"sweep - -v british --players 2 --agents random,greedy,random", 2,
           "3 agents for 2 seats"},
          {"demo --players 2 --agents random,greedy,random", 2, "3 agents for 2 seats"},
          {"simulate -v ''", 1, "no built-in variant ''"},
          {"simulate -v britsh", 1, "did you mean 'british'?"},
          {"simulate -v adir", 1, "no built-in variant 'adir'"},
          {"simulate -v adir/", 1, "is a directory, not a YAML file"},
          {"simulate -v missing.yaml", 1, "cannot open 'missing.yaml': no such file"},
          // An error inside --rules names the option, the line and column in its text, the key.
          {"describe british --rules 'draw: {after: sometimes}'", 1,
           "--rules:1:15: draw.after: 'sometimes' is not allowed here"},
          {"simulate -v british --games 1 --rules '{specials: {skip: {skip: many}}}'", 1,
           "--rules:1:26: specials.skip.skip: expected an integer, got 'many'"},
          {"simulate", 2, "--variant is required"},
          // CLI11 said only "FILE is required": the command and what FILE is are named.
          {"validate", 2, "switchcards: validate: FILE is required: "},
          {"describe", 2, "switchcards: describe: VARIANT is required: "},
          {"scenario", 2, "switchcards: scenario: PATH is required: "},
          {"replay", 2, "switchcards: replay: FILE is required: "},
          {"score", 2, "switchcards: score: --variant is required: "},
          // Regression: an unwritable --json was found only after the whole study.
          {"simulate -v british --games 2 --json /nonexistent/dir/x.json", 2,
           "--json /nonexistent/dir/x.json: the directory /nonexistent/dir does not exist"},
          {"simulate -v british --games 2 --json adir", 2, "--json adir: is a directory"},
          {"simulate -v british --games 2 --json ''", 2, "--json '': expected a file name"},
          // QA: renamed rules made records that replay refused.
          {"simulate -v british --games 2 --rules 'name: other'", 1,
           "--rules:1:1: name: overrides cannot rename the variant"},
          {"simulate -v british --games 2 --record /nonexistent/r.yaml", 2,
           "--record /nonexistent/r.yaml: the directory /nonexistent does not exist"},
          {"merge /nonexistent.json", 1, "/nonexistent.json"},
          {"merge adir", 1, "adir"},
          {"replay missing.yaml", 1, "missing.yaml"},
          {"replay adir", 1, "is a directory"},
          {"validate adir/", 1, "is a directory"},
          // QA: "<unknown>: no built-in variant ''": no file, so no file named.
          {"validate ''", 1, "switchcards: no built-in variant '' (built-ins: "},
          {"scenario missing.yaml", 1, "missing.yaml"},
      });
  // QA: a name longer than the file system takes failed only after the study.
  const std::string long_name =
      "simulate -v british --games 2 --json " + std::string(300, 'x') + ".json";
  check_cases("long-output-name", {{long_name.c_str(), 2,
                                    "the file name is 305 bytes long; the file system takes 255"}});
}

TEST_CASE("cli errors: commands and options get the nearest known name, and help works") {
  check_cases("names",
              {
                  // Regressions: both said only "A subcommand is required".
                  {"plya", 2, "unknown command 'plya'; did you mean 'play'?"},
                  {"help", 0, "Usage: switchcards [OPTIONS] SUBCOMMAND"},
                  {"help simulate", 0, "--games"},
                  {"help plya", 2, "help: no command 'plya'; did you mean 'play'?"},
                  {"simulte -v british", 2, "did you mean 'simulate'?"},
                  {"frobnicate", 2, "unknown command 'frobnicate' (commands: play, simulate"},
                  // Regression: no "did you mean --players".
                  {"simulate -v british --player 3", 2,
                   "simulate: unknown option '--player'; did you mean '--players'?"},
                  {"simulate -v british --seeds 3", 2, "did you mean '--seed'?"},
                  {"play --bot random", 2, "did you mean '--bots'?"},
                  {"simulate -v british -x", 2, "unknown option '-x'"},
                  {"", 2, "A subcommand is required"},
                  {"--version", 0, "0."},
                  {"simulate --help", 0, "heuristic"},
              });
}

TEST_CASE("cli errors: play, demo and score refuse what they cannot do") {
  check_cases(
      "play",
      {
          // Regression: --bots human was accepted and printed every event twice.
          {"play --bots human", 2, "several humans at one terminal are not supported"},
          {"play --bots clever", 2, "--bots clever: unknown agent 'clever'"},
          {"play --players 1", 2, "--players '1': british is for 2 to 7 players"},
          {"play --seed -1", 2, "--seed '-1'"},
          {"play --resume ''", 2, "--resume '': expected a file name"},
          {"play --color --no-color", 2, "--color and --no-color: give one of them"},
          {"demo --no-color --color", 2, "--color and --no-color: give one of them"},
          {"help play simulate", 2, "help play simulate: help takes one command"},
          // CLI11's own messages, in the project's words.
          {"simulate -v", 2, "switchcards: --variant: expected a value after it"},
          {"simulate -v british -v balkan", 2, "--variant is given 2 times: give it once"},
          {"describe british extra more", 2, "unexpected arguments 'extra' 'more'"},
          {"play --record /nonexistent/x.yaml", 2, "the directory /nonexistent does not exist"},
          {"play --variant british --beginner", 2, "british has no beginner mode"},
          {"demo --seed -1", 2, "--seed '-1'"},
          {"demo --players 0", 2, "--players '0'"},
          {"demo --agents human", 2, "the demo is played by bots only"},
          {"demo --agents clever", 2, "--agents clever: unknown agent 'clever'"},
          // Regressions: a joker and five aces of spades were scored (50 and 125).
          {"score --variant british JOKER", 2,
           "JOKER: british has no such card (its deck has no jokers)"},
          {"score --variant british AS AS AS", 2,
           "AS is given 3 times, but a british deck holds at most 2"},
          // QA: five were said to be three (counted up to the first too many).
          {"score --variant british AS AS AS 5C AS AS", 2,
           "AS is given 5 times, but a british deck holds at most 2"},
          {"score --variant mau-mau 2C", 2, "2C: mau-mau has no such card (its deck has no 2s)"},
          {"score --variant british XX", 2, "CARD 'XX': 'XX' is not a card"},
          {"score --variant british ''", 2, "CARD ''"},
          {"score --variant british-jokers JOKER JOKER", 0, "\n"},
      });
}
