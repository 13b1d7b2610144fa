// Bindings of simulation studies: simulate with the command line's options, returning the very
// JSON text `switchcards simulate --json -` prints (agents/simulation_results.hpp writes both),
// with the GIL released while the C++ plays; and the exact merge of shards.
#include <pybind11/stl.h>

#include <fstream>

#include "bindings.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/simulate.hpp"
#include "switchcards/agents/simulation_results.hpp"
#include "switchcards/agents/sweep.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

namespace switchcards::python {

namespace {

// The options of `switchcards simulate`, checked as the command line checks them (threads and
// max_match_rounds already checked as arguments).
std::string simulate_json(const std::string& variant, const std::string& rules, std::uint64_t games,
                          int players, const std::vector<std::string>& agents, std::uint64_t seed,
                          int threads, bool matches, int shard, int shards, int max_match_rounds,
                          const std::string& record_file, const SimulationProgress& progress) {
  SimulationConfig config;
  if (shards < 1 || shard < 1 || shard > shards)
    throw std::invalid_argument("shard " + std::to_string(shard) + " of " + std::to_string(shards) +
                                ": 1 <= shard <= shards");
  config.shard = shard;
  config.shards = shards;
  if (games < 1 || games < static_cast<std::uint64_t>(shards))
    throw std::invalid_argument("games " + std::to_string(games) +
                                ": at least 1, and at least one per shard");
  config.games = games;
  config.seed = seed;
  config.threads = threads;
  if (agents.empty()) throw std::invalid_argument("agents: at least one name");
  for (const std::string& name : agents) {
    if (name.rfind("human", 0) == 0)
      throw std::invalid_argument("agents: a human cannot play thousands of games");
    (void)make_agent(name, 0);  // an unknown name throws, naming the known ones
  }
  config.agents = agents;
  config.max_match_rounds = max_match_rounds;
  config.kind = matches ? GameKind::match : GameKind::round;
  const Variant v = rules.empty() ? load_variant(variant) : load_variant(variant, rules, "rules");
  const int min = v.deal.min_players, max = v.deal.max_players;
  if (players == 0) players = v.default_players();
  if (players < min || players > max)
    throw std::invalid_argument("players " + std::to_string(players) + ": " + v.name + " is for " +
                                std::to_string(min) + " to " + std::to_string(max) + " players");
  // Seat k is played by agents[k % agents.size()]: a name past the seats would play no game.
  if (agents.size() > static_cast<std::size_t>(players))
    throw std::invalid_argument("agents: " + std::to_string(agents.size()) + " names for " +
                                std::to_string(players) + " players (at most one a seat)");
  config.players = players;
  // Before the study: a file that cannot be written and a variant that cannot be recorded are
  // refused now, and the records keep the rules played if the file changes meanwhile.
  RecordedVariant recorded;
  if (!record_file.empty()) {
    check_records_file(record_file);
    config.record = config.games_to_record();
    recorded = recorded_variant(variant, rules);
  }
  SimulationResult result = simulate(v, config, progress);
  if (!record_file.empty()) write_study_records(record_file, std::move(result.records), recorded);
  return to_json(shard_results(result, variant, rules, v.title.empty() ? v.name : v.title));
}

}  // namespace

void bind_simulation(py::module_& m) {
  // The most shards a study is split into (simulate_json's shards, the CLI's --shard K/M).
  m.attr("MAX_SHARDS") = SimulationConfig::kMaxShards;
  m.def(
      "simulate_json",
      [](const std::string& variant, const std::string& rules, const py::object& games,
         const py::object& players, const std::vector<std::string>& agents, const py::object& seed,
         const py::object& threads, bool matches, const py::object& shard, const py::object& shards,
         const py::object& max_match_rounds, const std::string& record) {
        // Checked with the GIL held; the rest is checked with the command line's sentences.
        constexpr int kMax = std::numeric_limits<int>::max();
        const std::uint64_t n = int_arg<std::uint64_t>(
            games, "games", 1, std::numeric_limits<std::uint64_t>::max(),
            "1 to " + std::to_string(std::numeric_limits<std::uint64_t>::max()));
        const int p = int_arg<int>(players, "players", 0, kMax,
                                   "a player count, or 0 for the variant's default");
        const std::uint64_t s = seed_arg(seed);
        const int t = int_arg<int>(threads, "threads", 1, SimulationConfig::kMaxThreads,
                                   "1 to " + std::to_string(SimulationConfig::kMaxThreads) +
                                       " (results do not depend on it, unless an agent searches "
                                       "for a time)");
        const int m = int_arg<int>(shards, "shards", 1, SimulationConfig::kMaxShards,
                                   "1 to " + std::to_string(SimulationConfig::kMaxShards));
        const int k = int_arg<int>(shard, "shard", 1, m, "1 to shards (" + std::to_string(m) + ")");
        const int rounds = int_arg<int>(max_match_rounds, "max_match_rounds", 1, kMaxMatchRounds,
                                        "1 to " + std::to_string(kMaxMatchRounds));
        // Ctrl-C: Python only notes a signal while the C++ plays, so the progress callback,
        // called about ten times a second from this thread, takes the GIL and runs the signal
        // handlers; an exception they raise (KeyboardInterrupt) stops the study and leaves
        // simulate as the error_already_set that pybind11 turns back into it.
        const SimulationProgress check_signals = [](std::uint64_t, std::uint64_t) {
          py::gil_scoped_acquire acquire;
          if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        };
        py::gil_scoped_release release;  // other Python threads run while the C++ plays
        return simulate_json(variant, rules, n, p, agents, s, t, matches, k, m, rounds, record,
                             check_signals);
      },
      py::arg("variant"), py::arg("rules") = "", py::arg("games") = py::int_(1000),
      py::arg("players") = py::int_(0), py::arg("agents") = std::vector<std::string>{"heuristic"},
      py::arg("seed") = py::int_(1), py::arg("threads") = py::int_(1), py::arg("matches") = false,
      py::arg("shard") = py::int_(1), py::arg("shards") = py::int_(1),
      py::arg("max_match_rounds") = py::int_(1000), py::arg("record") = "",
      "Plays a study (or one shard of it) and returns the JSON text `switchcards simulate "
      "--json -` prints for the same options (players 0: the command line's default). "
      "`record`: a file to write game records to, as --record (every game if at most 10, else "
      "the first).");
  m.def(
      "derive_seed",
      [](const py::object& master, const py::object& index) {
        return derive_seed(seed_arg(master, "master"), seed_arg(index, "index"));
      },
      py::arg("master"), py::arg("index"),
      "The seed the C++ derives from `master` for stream `index` (core/rng.hpp: SplitMix64 of "
      "the pair): game i of a study of seed S is the match of seed derive_seed(S, i) (a study "
      "of rounds: its first round), and an agent of match seat k is reset before each round "
      "with derive_seed(round seed, 1 + k). Both 0 to 2**64-1.");
  m.def(
      "merge_shards_json",
      [](const std::vector<std::string>& texts, std::vector<std::string> names) {
        // Named by their place in the caller's list: "shard 2" read as the --shard 2/M of a
        // study, which the list's second entry need not be.
        if (names.empty())
          for (std::size_t i = 0; i < texts.size(); ++i)
            names.push_back("shards[" + std::to_string(i) + "]");
        if (names.size() != texts.size()) throw std::invalid_argument("one name per shard");
        std::vector<ShardResults> parts;
        for (std::size_t i = 0; i < texts.size(); ++i) try {
            parts.push_back(shard_results_from_json(texts[i], names[i]));
          } catch (const std::runtime_error& e) {
            throw std::invalid_argument(e.what());
          }
        try {
          return to_json(merge_shards(std::move(parts), names));
        } catch (const std::runtime_error& e) {
          throw std::invalid_argument(e.what());  // bad input, not a failure of the library
        }
      },
      py::arg("shards"), py::arg("names") = std::vector<std::string>{},
      "The JSON text of the shards merged exactly (as `switchcards merge`); raises ValueError "
      "for shards of different studies, overlapping shards or a gap.");
  m.def(
      "summary_json",
      [](const std::string& text) {
        try {
          return summary_json(shard_results_from_json(text, "result"));
        } catch (const std::runtime_error& e) {
          throw std::invalid_argument(e.what());  // not a study's results: bad input
        }
      },
      py::arg("result"),
      "The measures of a study's JSON text as a sweep's row states them (the command line's "
      "names, in its table's order), as a JSON object text; raises ValueError for text that "
      "is not a simulation's results.");
}

}  // namespace switchcards::python
