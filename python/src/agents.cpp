// Bindings of agents, rounds and matches: the library's agents by name (make_agent), Python
// classes deriving from Agent (a C++ Agent that calls back into Python with the GIL held and
// hands it the seat's PlayerView only, copied out as a value), play_round and Match. The C++
// plays rounds with the GIL released, so other Python threads run meanwhile; every call back
// into Python (a Python agent, on_action, a Match's observer) takes it again.
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <chrono>
#include <thread>
#include <unordered_map>

#include "bindings.hpp"
#include "switchcards/agents/agent.hpp"
#include "switchcards/agents/ismcts_agent.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/match.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/io/json.hpp"

namespace switchcards::python {

namespace {

py::object json_loads(const std::string& text) {
  return py::module_::import("json").attr("loads")(text);
}

// A Python subclass of switchcards.Agent. Every question the C++ side asks becomes a call of
// the Python method of the same name, given a PlayerView value (never the State).
class PythonAgent : public Agent {
 public:
  // The answer of a yes-or-no hook (challenges, calls_late) as pybind11 takes a bool (True,
  // False, a number, None, numpy's bool); anything else named, not "Unable to cast".
  bool answer(const py::object& answered, const char* hook) const {
    try {
      return answered.cast<bool>();
    } catch (const py::cast_error&) {
      throw py::type_error("agent '" + name() + "': " + hook + " returned " +
                           py::repr(answered).cast<std::string>() + ", not a bool");
    }
  }

  Action choose(const PlayerView& view, std::span<const Action> legal) override {
    py::gil_scoped_acquire gil;
    const py::function f = py::get_override(static_cast<const Agent*>(this), "choose");
    if (!f) throw std::logic_error("a Python agent must define choose(view, legal)");
    const py::object chosen = f(snapshot(view), std::vector<Action>(legal.begin(), legal.end()));
    if (!py::isinstance<Action>(chosen))
      throw py::type_error("agent '" + name() + "': choose returned " +
                           py::repr(chosen).cast<std::string>() + ", not an Action");
    return chosen.cast<Action>();
  }
  void observe(const PlayerView& view, std::span<const Event> events) override {
    py::gil_scoped_acquire gil;
    if (const py::function f = py::get_override(static_cast<const Agent*>(this), "observe"))
      f(snapshot(view), std::vector<Event>(events.begin(), events.end()));
  }
  bool observes() const override {
    py::gil_scoped_acquire gil;
    return static_cast<bool>(py::get_override(static_cast<const Agent*>(this), "observe"));
  }
  bool challenges(const PlayerView& view, int target) override {
    py::gil_scoped_acquire gil;
    if (const py::function f = py::get_override(static_cast<const Agent*>(this), "challenges"))
      return answer(f(snapshot(view), target), "challenges");
    return false;
  }
  bool calls_late(const PlayerView& view) override {
    py::gil_scoped_acquire gil;
    if (const py::function f = py::get_override(static_cast<const Agent*>(this), "calls_late"))
      return answer(f(snapshot(view)), "calls_late");
    return false;
  }
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override {
    py::gil_scoped_acquire gil;
    if (const py::function f = py::get_override(static_cast<const Agent*>(this), "jumps_in")) {
      const py::object chosen = f(snapshot(view), std::vector<Action>(jumps.begin(), jumps.end()));
      if (chosen.is_none()) return std::nullopt;
      if (!py::isinstance<Action>(chosen))
        throw py::type_error("agent '" + name() + "': jumps_in returned " +
                             py::repr(chosen).cast<std::string>() + ", not an Action or None");
      return chosen.cast<Action>();
    }
    return std::nullopt;
  }
  void reset(std::uint64_t seed) override { PYBIND11_OVERRIDE(void, Agent, reset, seed); }
  std::string name() const override {
    py::gil_scoped_acquire gil;
    const std::string type = py::str(py::type::of(py::cast(this)).attr("__name__"));
    const py::function f = py::get_override(static_cast<const Agent*>(this), "name");
    if (!f) return type;
    const py::object named = f();
    if (!py::isinstance<py::str>(named))
      throw py::type_error("agent " + type + ": name() returned " +
                           py::repr(named).cast<std::string>() + ", not a str");
    // A name goes into records and messages as UTF-8: a lone surrogate, which UTF-8 cannot
    // hold, is written as its escape (\udc80) rather than failing the cast.
    return named.attr("encode")("utf-8", "backslashreplace").cast<std::string>();
  }
};

// The base class's hooks are callable from Python for Python agents only (bind_agents).
void require_python_agent(Agent& a, const char* hook) {
  if (dynamic_cast<PythonAgent*>(&a) == nullptr)
    throw py::type_error("agent '" + a.name() + "' is a library agent: its " + hook +
                         " is asked inside play_round and Match (decide(engine, state) gives "
                         "its choice)");
}

// The agents of a round or match, alive (the Python objects too) while it runs.
struct Seats {
  std::vector<std::shared_ptr<Agent>> owned;
  py::list objects;
  std::vector<Agent*> raw;
};

// `agents`: any sequence (a list, a tuple...), as the stubs' Sequence[Agent] says.
Seats seats_of(const py::object& agents) {
  if (!PySequence_Check(agents.ptr()) || py::isinstance<py::str>(agents))
    throw py::type_error("agents: a sequence of Agents, one a seat, not " +
                         py::repr(agents).cast<std::string>());
  Seats s;
  for (const py::handle a : py::reinterpret_borrow<py::sequence>(agents)) {
    if (!py::isinstance<Agent>(a))
      throw py::type_error("seat " + std::to_string(s.raw.size()) + ": " +
                           py::repr(a).cast<std::string>() + " is not an Agent");
    s.objects.append(a);
    s.owned.push_back(a.cast<std::shared_ptr<Agent>>());
    s.raw.push_back(s.owned.back().get());
  }
  return s;
}

// Python runs its signal handlers (Ctrl-C's KeyboardInterrupt) only between bytecodes and with
// the GIL, and a round of C++ agents runs none: checked after the actions (and inside a search,
// below), the exception they raise stops the round there. Cheap when no signal came (one flag
// read); needs the GIL.
void check_python_signals() {
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

// A stop test for a searching agent (IsmctsAgent::stop_when), which may think for minutes
// with the GIL released: about ten times a second it takes the GIL and runs the signal
// handlers, so that Ctrl-C's KeyboardInterrupt leaves the search at once (thrown from the
// test) rather than when the decision is made. It never asks for a stop itself.
std::function<bool()> stop_on_python_signal() {
  return [next_check = std::chrono::steady_clock::time_point{}]() mutable {
    const auto now = std::chrono::steady_clock::now();
    if (now < next_check) return false;
    next_check = now + std::chrono::milliseconds(100);
    py::gil_scoped_acquire gil;
    check_python_signals();
    return false;
  };
}

// The agents being played now, each with the thread playing it (read and written with the GIL
// held). The C++ plays with the GIL released, so an agent asked by two threads at once would
// have its state changed under way (a library agent's memory is not locked): refused. Its own
// thread may use it again (several seats, or a round played from inside an agent).
class AgentsInPlay {
 public:
  explicit AgentsInPlay(std::span<Agent* const> seats) {
    const std::thread::id self = std::this_thread::get_id();
    for (std::size_t seat = 0; seat < seats.size(); ++seat) {
      Agent* agent = seats[seat];
      const auto [it, added] = playing().emplace(agent, self);
      if (added) {
        mine_.push_back(agent);
        if (auto* search = dynamic_cast<IsmctsAgent*>(agent))
          search->stop_when(stop_on_python_signal());
      } else if (it->second != self) {
        release();
        const std::string whose =
            seats.size() == 1 ? "agent '" : "agents: seat " + std::to_string(seat) + "'s agent '";
        throw std::runtime_error(whose + agent->name() +
                                 "' is playing in another thread; give each thread its own "
                                 "agents");
      }
    }
  }
  ~AgentsInPlay() { release(); }
  AgentsInPlay(const AgentsInPlay&) = delete;
  AgentsInPlay& operator=(const AgentsInPlay&) = delete;

 private:
  static std::unordered_map<const Agent*, std::thread::id>& playing() {
    static std::unordered_map<const Agent*, std::thread::id> agents;
    return agents;
  }
  void release() {
    for (Agent* agent : mine_) {
      playing().erase(agent);
      if (auto* search = dynamic_cast<IsmctsAgent*>(agent)) search->stop_when({});
    }
    mine_.clear();
  }
  std::vector<Agent*> mine_;  // the agents this play registered
};

py::dict round_dict(const RoundRecord& r) {
  py::dict d;
  d["round"] = r.round;
  d["seed"] = r.seed;
  d["dealer"] = r.dealer;
  d["seats"] = r.seats;
  d["scores"] = r.scores;
  d["winner"] = seat_object(r.winner);  // None after a stalemate
  d["stalemate"] = r.stalemate;
  d["decisions"] = r.decisions;
  return d;
}

constexpr const char* kMatchEventKinds[] = {"round_started", "round_scored", "player_eliminated",
                                            "match_over"};

struct MatchHolder {
  Seats seats;
  std::unique_ptr<Match> match;
  // Inside play or play_round (read and written with the GIL held): an agent may not play its
  // own match, and no other thread may touch it (idle_match) while `player` plays it.
  bool playing = false;
  std::thread::id player;
  // The Python callables the Match calls back, held here rather than inside its std::functions
  // (which call them through this holder) so that Python's garbage collector sees them: a
  // callback or an agent that refers to its own Match makes a cycle the collector must find.
  py::object on_action = py::none();
  py::object observer = py::none();
};

// The Match's type takes part in garbage collection: it shows the collector the Python objects
// its holder keeps (the agents, on_action, the observer), and drops the callbacks to break a
// cycle. A Match whose construction failed holds nothing yet.
MatchHolder* match_holder_of(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  const py::detail::value_and_holder vh = inst->get_value_and_holder();
  return vh.holder_constructed() ? vh.template holder<std::unique_ptr<MatchHolder>>().get()
                                 : nullptr;
}

void make_collectable(PyHeapTypeObject* heap_type) {
  PyTypeObject* type = &heap_type->ht_type;
  type->tp_flags |= Py_TPFLAGS_HAVE_GC;
  type->tp_traverse = [](PyObject* self, visitproc visit, void* arg) {
    Py_VISIT(Py_TYPE(self));  // a heap type's instances refer to their type (Python 3.9 on)
    if (MatchHolder* h = match_holder_of(self)) {
      Py_VISIT(h->seats.objects.ptr());
      Py_VISIT(h->on_action.ptr());
      Py_VISIT(h->observer.ptr());
    }
    return 0;
  };
  type->tp_clear = [](PyObject* self) {
    if (MatchHolder* h = match_holder_of(self)) {
      h->on_action = py::none();
      h->observer = py::none();
    }
    return 0;
  };
}

// After each action of a round played with the GIL released: calls `on_action` (None: no
// call) with the GIL, and checks the signals then; with no on_action, the signals are checked
// about ten times a second, so that the GIL is not taken for every action of C++ agents.
class AfterAction {
 public:
  template <typename Call>
  void operator()(const py::object& on_action, Call&& call) {
    if (!on_action.is_none()) {  // a pointer comparison: no GIL needed
      py::gil_scoped_acquire gil;
      call();
      check_python_signals();  // after on_action: it sees every action applied
      return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (now < next_check_) return;
    next_check_ = now + std::chrono::milliseconds(100);
    py::gil_scoped_acquire gil;
    check_python_signals();
  }

 private:
  std::chrono::steady_clock::time_point next_check_{};
};

// Why `h` may not be played or read now: another thread plays it (with the GIL released, the
// Match changes under way), or, for a play, this thread plays it already (an agent of the
// match playing it from a hook: the Match would start the round it is playing a second time
// and fail on its own bookkeeping, with a message about rounds). "" if it may. The thread
// playing it may read it (on_action, an observer, an agent's hook).
std::string busy_reason(const MatchHolder& h, bool to_play) {
  if (!h.playing) return "";
  if (h.player != std::this_thread::get_id())
    return "the match is being played in another thread; wait for its play or play_round to "
           "return";
  return to_play ? "the match is playing a round already (called from one of its agents?)" : "";
}

// h.match, to read or change (`what` names the method or property), unless another thread
// is playing it.
Match& idle_match(const MatchHolder& h, const char* what) {
  if (const std::string why = busy_reason(h, false); !why.empty())
    throw std::runtime_error(std::string("Match.") + what + ": " + why);
  return *h.match;
}

// Runs `play` (a Match::play or play_round) as the only play of `h` under way, and of its
// agents (AgentsInPlay), with the GIL released.
template <typename Play>
decltype(auto) play_once(MatchHolder& h, const char* what, Play play) {
  if (const std::string why = busy_reason(h, true); !why.empty())
    throw std::runtime_error(std::string("Match.") + what + ": " + why);
  h.playing = true;
  h.player = std::this_thread::get_id();
  struct Done {
    bool& flag;
    ~Done() { flag = false; }  // after `release` below: with the GIL again
  } done{h.playing};
  const AgentsInPlay agents(h.seats.raw);  // released before `done`, with the GIL
  py::gil_scoped_release release;
  return play();
}

}  // namespace

void bind_agents(py::module_& m) {
  py::class_<Agent, PythonAgent, std::shared_ptr<Agent>>(
      m, "Agent",
      "Decides for one seat. Subclass it in Python and define choose(view, legal) -> Action "
      "(one of legal, a play optionally .with_last()); optionally observe(view, events), "
      "challenges(view, target) -> bool, calls_late(view) -> bool, jumps_in(view, jumps) -> "
      "Action or None (identical.jump_in: one of jumps, or None to let play go on), reset(seed), "
      "name(). The "
      "view is a PlayerView value: the agent never sees the State.")
      .def(py::init<>())
      // The hooks as methods of the base class, so that they exist as the stubs say and a
      // subclass may call super(): a Python agent's defaults, those play_round applies when a
      // subclass does not define one (choose has none). A library agent's hooks take the
      // engine's view of a State, which Python never holds: it is asked inside play_round and
      // Match (and decide). The defaults read none of their arguments.
      .def(
          "choose",
          [](Agent& a, const py::object&, const py::object&) -> Action {
            require_python_agent(a, "choose");
            PyErr_SetString(PyExc_NotImplementedError,
                            ("agent '" + a.name() +
                             "': a subclass of Agent defines choose(view, legal) -> Action")
                                .c_str());
            throw py::error_already_set();
          },
          py::arg("view"), py::arg("legal"))
      .def(
          "observe",
          [](Agent& a, const py::object&, const py::object&) {
            require_python_agent(a, "observe");
          },
          py::arg("view"), py::arg("events"), "Does nothing (a subclass may learn from events).")
      .def(
          "challenges",
          [](Agent& a, const py::object&, const py::object&) {
            require_python_agent(a, "challenges");
            return false;
          },
          py::arg("view"), py::arg("target"), "False: never challenges.")
      .def(
          "calls_late",
          [](Agent& a, const py::object&) {
            require_python_agent(a, "calls_late");
            return false;
          },
          py::arg("view"), "False: never calls 'last card' late.")
      .def(
          "jumps_in",
          [](Agent& a, const py::object&, const py::object&) -> py::object {
            require_python_agent(a, "jumps_in");
            return py::none();
          },
          py::arg("view"), py::arg("jumps"), "None: never jumps in.")
      .def("name", &Agent::name)
      .def(
          "reset", [](Agent& a, py::handle seed) { a.reset(seed_arg(seed)); }, py::arg("seed"),
          "Starts the agent's random choices over from `seed` (0 to 2**64-1).")
      .def(
          "decide",
          [](Agent& a, const Engine& e, const State& s) {
            require_state_of(e, s);
            // Decided on a copy with the GIL released (a search may take seconds): other
            // Python threads run meanwhile, and may change the caller's State without this
            // decision seeing it half changed. An agent written in Python takes the GIL back.
            const State copy = s;
            ActionList legal;
            e.legal_actions(copy, legal);
            if (legal.empty()) throw std::invalid_argument("the round is over");
            Agent* const agent = &a;
            const AgentsInPlay in_play(std::span(&agent, 1));  // released with the GIL
            py::gil_scoped_release release;
            return a.choose(PlayerView(e, copy, copy.turn), legal.span());
          },
          py::arg("engine"), py::arg("state"),
          "The agent's choice for the seat to act of `state` (it sees that seat's view only). "
          "Other Python threads run while it decides; Ctrl-C raises KeyboardInterrupt at once, "
          "also during a search, and an agent deciding in another thread is refused.");

  m.def(
      "make_agent",
      [](const std::string& name, const py::object& seed) {
        return std::shared_ptr<Agent>(make_agent(name, seed_arg(seed)));
      },
      py::arg("name"), py::arg("seed") = py::int_(0),
      "A library agent by the command line's names: random, eager, greedy, heuristic, ismcts "
      "(random:P, eager:P, heuristic:P forget 'last card' with probability P; ismcts:N, "
      "ismcts:250ms).");
  m.def("agent_names", &agent_names);

  m.def(
      "play_round",
      [](const Engine& e, State& state, const py::object& agents, bool observe,
         const py::object& on_action) {
        require_state_of(e, state);
        Seats seats = seats_of(agents);
        RoundOptions options;
        options.observe = observe;
        std::vector<Action> actions;
        // The round is played on a copy with the GIL released, so that another Python thread
        // never sees the caller's State half changed; the copy is written back, with the GIL,
        // however the round ends (also when an agent or on_action raises).
        State playing = state;
        struct WriteBack {
          State& to;
          const State& from;
          ~WriteBack() { to = from; }
        } write_back{state, playing};
        AfterAction after_action;
        const AgentsInPlay in_play(seats.raw);  // released after `release`, with the GIL
        py::gil_scoped_release release;
        play_round(e, playing, std::span<Agent* const>(seats.raw), options,
                   [&](const State& s, Action a, std::span<const Event> events) {
                     actions.push_back(a);
                     // A copy: passed as the reference it is, the callback would get the
                     // State being played, changed by every action after (and changing the
                     // round if the callback applies an action to it).
                     after_action(on_action, [&] {
                       on_action(State(s), a, std::vector<Event>(events.begin(), events.end()));
                     });
                   });
        return actions;
      },
      py::arg("engine"), py::arg("state"), py::arg("agents"), py::arg("observe") = true,
      py::arg("on_action") = py::none(),
      "Plays a dealt state to the end of its round in place (agents[seat] decides for each "
      "seat) and returns the actions applied. on_action(state, action, events), if given, sees "
      "each: `state` is a copy of the position just after the action (keep it as it is; "
      "changing it does not change the round). Raises IllegalChoice if an agent picks an "
      "illegal action.");

  py::class_<MatchHolder>(m, "Match",
                          "The rounds of a match under the variant's match rules, one agent a "
                          "seat; reproducible from the variant, the agents and the seed.",
                          py::custom_type_setup(make_collectable))
      .def(py::init([](const py::object& variant, const py::object& agents, const py::object& seed,
                       const py::object& max_rounds, const py::object& start_totals,
                       const py::object& first_dealer, const py::object& resume,
                       const std::string& rules, const py::object& on_action) {
             const Variant v = variant_arg(variant, rules);
             // Only what fits a C++ int is taken here: MatchDriver refuses max_rounds below 1
             // and a first_dealer that is neither a seat nor -1 (a ValueError naming the value
             // and the seats).
             MatchOptions options;
             const std::uint64_t match_seed = seed_arg(seed);
             options.max_rounds =
                 int_arg<int>(max_rounds, "max_rounds", std::numeric_limits<int>::min(),
                              std::numeric_limits<int>::max(),
                              "1 to " + std::to_string(std::numeric_limits<int>::max()));
             options.first_dealer =
                 int_arg<int>(first_dealer, "first_dealer", std::numeric_limits<int>::min(),
                              std::numeric_limits<int>::max(),
                              "a seat, or -1 for the variant's match.first_dealer");
             options.start_totals = int_list(start_totals, "start_totals");
             if (!resume.is_none()) {
               // The standings of the match stopped between rounds (Match.standings: a dict,
               // or its JSON text): the rounds played are counted in them, so round k is dealt
               // from the seed's round k, as in the match uninterrupted.
               if (!options.start_totals.empty())
                 throw std::invalid_argument(
                     "start_totals and resume: resume's standings hold the totals; give one");
               const std::string text =
                   py::isinstance<py::str>(resume)
                       ? resume.cast<std::string>()
                       : py::module_::import("json").attr("dumps")(resume).cast<std::string>();
               // Checked against the variant's rules: standings saved under rules edited
               // since (the same name) would resume a different match.
               options.resume = standings_from_json(Engine(v), text, "resume");
             }
             auto h = std::make_unique<MatchHolder>();
             if (!on_action.is_none() && !PyCallable_Check(on_action.ptr()))
               throw py::type_error("on_action must be callable, or None");
             h->on_action = on_action;
             // As play_round's on_action, with the deal too (action None): the events of a
             // round's start are those its agents observed before the first move. Called
             // through the holder, which the Match lives in. Without one, the signals are
             // still checked: a round stopped by Ctrl-C is played again from its deal by the
             // next play (the standings count finished rounds only).
             options.on_action = [holder = h.get(), after_action = AfterAction()](
                                     const RoundDeal&, const State& s, const Action* a,
                                     std::span<const Event> events) mutable {
               after_action(holder->on_action, [&] {
                 holder->on_action(State(s), a ? py::cast(*a) : py::none(),
                                   std::vector<Event>(events.begin(), events.end()));
               });
             };
             h->seats = seats_of(agents);
             h->match = std::make_unique<Match>(v, h->seats.raw, match_seed, options);
             return h;
           }),
           py::arg("variant"), py::arg("agents"), py::arg("seed"),
           py::arg("max_rounds") = py::int_(1000), py::arg("start_totals") = py::list(),
           py::arg("first_dealer") = py::int_(-1), py::arg("resume") = py::none(),
           py::arg("rules") = "", py::arg("on_action") = py::none(),
           "`variant`: a Variant, or a built-in name or a path with `rules` merged on (as "
           "Engine takes it). on_action(state, action, events), if given, sees each round's "
           "deal (action None) and each action, as play_round's does; seats are the round's "
           "(the round's `seats` map them to the match's). To resume a match stopped between "
           "rounds, give the same variant, "
           "seed and max_rounds, resume=its standings (Match.standings) and first_dealer=its "
           "dealer (Match.dealer): the rounds left are dealt and played as in the match "
           "uninterrupted (agents are reset before every round).")
      .def(
          "play",
          [](MatchHolder& h) {
            const Standings& st =
                play_once(h, "play", [&]() -> const Standings& { return h.match->play(); });
            return json_loads(to_json(h.match->engine(), st));
          },
          "Plays to the end; returns the standings (the JSON form, as a dict).")
      .def(
          "play_round",
          [](MatchHolder& h) {
            return round_dict(play_once(
                h, "play_round", [&]() -> const RoundRecord& { return h.match->play_round(); }));
          },
          "Plays one round; returns what it did.")
      .def_property_readonly("standings",
                             [](const MatchHolder& h) {
                               const Match& m = idle_match(h, "standings");
                               return json_loads(to_json(m.engine(), m.standings()));
                             })
      .def_property_readonly("history",
                             [](const MatchHolder& h) {
                               py::list out;
                               for (const RoundRecord& r : idle_match(h, "history").history())
                                 out.append(round_dict(r));
                               return out;
                             })
      .def_property_readonly("over",
                             [](const MatchHolder& h) { return idle_match(h, "over").over(); })
      .def_property_readonly("winner",
                             [](const MatchHolder& h) { return idle_match(h, "winner").winner(); })
      .def_property_readonly("loser",
                             [](const MatchHolder& h) { return idle_match(h, "loser").loser(); })
      .def_property_readonly("dealer",
                             [](const MatchHolder& h) { return idle_match(h, "dealer").dealer(); })
      .def_property_readonly(
          "stopped_at_round_limit",
          [](const MatchHolder& h) {
            return idle_match(h, "stopped_at_round_limit").stopped_at_round_limit();
          },
          "True when the match was ended by its round cap (max_rounds) rather than by its rules.")
      .def(
          "set_observer",
          [](MatchHolder& h, std::optional<py::function> observer_or_none) {
            Match& match = idle_match(h, "set_observer");
            if (!observer_or_none) {  // None: no observer
              h.observer = py::none();
              return match.set_observer({});
            }
            h.observer = *observer_or_none;
            match.set_observer([holder = &h, engine = &match.engine()](const MatchEvent& e) {
              py::gil_scoped_acquire gil;  // the Match plays with the GIL released
              py::dict d;
              d["kind"] = kMatchEventKinds[static_cast<int>(e.kind)];
              d["round"] = e.round;
              d["seat"] = e.seat;
              d["loser"] = e.loser;
              d["stalemate"] = e.stalemate;
              d["scores"] = std::vector<int>(e.scores.begin(), e.scores.end());
              d["standings"] =
                  e.standings ? json_loads(to_json(*engine, *e.standings)) : py::none();
              holder->observer(d);
            });
          },
          py::arg("observer"),
          "observer(event dict) for every round started, round scored, elimination, match over; "
          "None removes the observer.");
}

}  // namespace switchcards::python
