// Bindings of game records (what a game was and every action taken: the files `switchcards
// play --record` and `simulate --record` write) and replay_game, which re-runs a record with
// the engine, checking every action, or stops after K actions and returns the position.
#include <pybind11/stl.h>

#include <sstream>

#include "bindings.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/replay.hpp"

namespace switchcards::python {

namespace {

py::dict round_dict(const RecordedRound& r) {
  py::dict d;
  d["seed"] = r.seed;
  d["dealer"] = r.dealer;
  d["seats"] = r.seats;
  d["actions"] = r.actions;
  d["winner"] = seat_object(r.winner);  // None after a stalemate, as match.history gives it
  d["scores"] = r.scores;
  return d;
}

}  // namespace

void bind_records(py::module_& m) {
  py::class_<GameRecord>(m, "GameRecord",
                         "A game: the variant (resolved YAML), seats, agents, seed and every "
                         "action, round by round, with the result.")
      .def_readonly("variant", &GameRecord::variant)
      .def_readonly("variant_text", &GameRecord::variant_text)
      .def_readonly("rules", &GameRecord::rules)
      .def_readonly("players", &GameRecord::players)
      .def_readonly("agents", &GameRecord::agents)
      .def_readonly("seed", &GameRecord::seed)
      .def_readonly("match", &GameRecord::match)
      .def_readonly("totals", &GameRecord::totals)
      .def_readonly("match_winner", &GameRecord::match_winner)
      .def_readonly("match_loser", &GameRecord::match_loser)
      .def_readonly("round_cap", &GameRecord::round_cap)
      .def_property_readonly("rounds",
                             [](const GameRecord& g) {
                               py::list out;
                               for (const RecordedRound& r : g.rounds) out.append(round_dict(r));
                               return out;
                             })
      .def("to_json", [](const GameRecord& g) { return to_json(g); })
      .def_static(
          "from_json",
          [](const std::string& j, const std::string& source) {
            return record_from_json(j, source);
          },
          py::arg("json"), py::arg("source") = "<python>")
      .def("to_yaml",
           [](const GameRecord& g) {
             std::ostringstream out;
             write_game_record(out, g);
             return out.str();
           })
      .def(py::pickle([](const GameRecord& g) { return to_json(g); },
                      [](const std::string& j) { return record_from_json(j, "pickle"); }));

  m.def("read_game_records", &read_game_records, py::arg("path"),
        "The records of a YAML file (a list of records or one). Raises LoadError.");
  m.def("read_game_records_from_string", &read_game_records_from_string, py::arg("yaml"),
        py::arg("label") = "<string>");
  m.def(
      "write_game_records",
      [](const std::vector<GameRecord>& records) {
        std::ostringstream out;
        write_game_records(out, records);
        return out.str();
      },
      py::arg("records"),
      "The YAML text of a list of records, as `switchcards replay` reads it. Each record says "
      "its place (`list: {record: 2, of: 3}`), so a list cut between two records is refused.");
  m.def("record_variant", &record_variant, py::arg("record"), py::arg("base_dir") = ".",
        "The variant a record was played with.");
  m.def(
      "replay_game",
      [](const GameRecord& record, const std::string& base_dir, const py::object& until) {
        // The C++ replay takes any negative count as "replay it all": only -1 (or None) is.
        const int actions = until.is_none()
                                ? -1
                                : int_arg<int>(until, "until", -1, std::numeric_limits<int>::max(),
                                               "a number of actions (0 to 2**31-1), or -1 or None "
                                               "for the whole record");
        const ReplayResult r = replay_game(record, base_dir, actions);
        py::dict d;
        d["ok"] = r.ok;
        d["rounds"] = r.rounds;
        d["actions"] = r.actions;
        d["failure"] = r.failure;
        d["line"] = r.line;
        d["unfinished"] = r.unfinished;
        if (r.position) {
          py::dict p;
          p["round"] = r.position->round;
          p["round_actions"] = r.position->round_actions;
          p["seats"] = r.position->seats;
          p["state"] = r.position->state;
          p["standings"] =
              py::module_::import("json").attr("loads")(to_json(r.position->standings));
          d["position"] = p;
        } else {
          d["position"] = py::none();
        }
        return d;
      },
      py::arg("record"), py::arg("base_dir") = ".", py::arg("until") = py::int_(-1),
      "Re-runs a record: {'ok', 'rounds', 'actions', 'failure', 'line', 'unfinished', "
      "'position'}; 'line': the line of the record's file the failure is at (0: unknown); "
      "'unfinished': the record stops in the middle of its last round, which claims no winner "
      "and no scores (a game saved on quit). With until >= 0 it stops after that many actions "
      "and 'position' holds the round's State (play it with Engine(record_variant(record))), "
      "its seats and the standings; until -1 or None replays it all.");
}

}  // namespace switchcards::python
