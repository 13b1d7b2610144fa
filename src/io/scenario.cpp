// The conformance scenario runner: reads a scenario file (docs/scenarios.md), builds the
// position, applies the steps and compares expectations. A malformed file is a failure with
// a FILE:LINE:COL message, never a crash.
#include "switchcards/io/scenario.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>

#include "io/yaml_documents.hpp"
#include "io/yaml_text_guard.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/io/load_variant.hpp"

namespace switchcards {
namespace {

namespace fs = std::filesystem;

// A problem with the scenario file itself (not a rule failure).
struct ScenarioError {
  std::string message;
};

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const YAML::Node& at, const std::string& msg) const {
    const YAML::Mark m = at.Mark();
    if (m.line >= 0)
      throw ScenarioError{fmt::format("{}:{}:{}: {}", file_, m.line + 1, m.column + 1, msg)};
    throw ScenarioError{fmt::format("{}: {}", file_, msg)};
  }

  // Every unknown key is recorded (attempt), so one run names them all.
  void expect_keys(const YAML::Node& map, std::initializer_list<std::string_view> keys,
                   std::string_view where) const {
    if (!map.IsMap()) fail(map, fmt::format("'{}' must be a mapping", where));
    for (const auto& kv : map) {
      const std::string key = kv.first.Scalar();
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
        const std::vector<std::string_view> known(keys);
        attempt([&] {
          if (auto guess = detail::yaml::closest_match(key, known)) {
            suggested_.push_back(*guess);
            fail(kv.first,
                 fmt::format("unknown key '{}' in {}; did you mean '{}'?", key, where, *guess));
          }
          fail(kv.first, fmt::format("unknown key '{}' in {} (known: {})", key, where,
                                     fmt::join(known, ", ")));
        });
      }
    }
  }

  // Runs `f`; a ScenarioError it throws is recorded and reading goes on, so that a file's
  // independent mistakes are reported together (throw_recorded), in file order.
  // Only while reading the header and the setup: a step's error stops the run at that step.
  template <typename F>
  void attempt(F&& f) const {
    try {
      f();
    } catch (const ScenarioError& e) {
      if (!collecting_) throw;
      errors_.push_back(e.message);
    }
  }
  void stop_collecting() { collecting_ = false; }
  // Whether an unknown key was answered with "did you mean `key`": then `key` missing is the
  // same mistake, already reported.
  bool suggested(std::string_view key) const {
    return std::find(suggested_.begin(), suggested_.end(), key) != suggested_.end();
  }
  // Throws the recorded errors, one a line (and `last`, the one that stopped reading, if any).
  void throw_recorded(const std::string* last = nullptr) {
    if (errors_.empty()) return;
    // File order: by the LINE:COL after the file name (0:0 for an error without one).
    const auto position = [&](const std::string& e) {
      int line = 0, column = 0;
      if (e.rfind(file_ + ":", 0) == 0)
        std::sscanf(e.c_str() + file_.size() + 1, "%d:%d", &line, &column);
      return std::pair(line, column);
    };
    std::stable_sort(
        errors_.begin(), errors_.end(),
        [&](const std::string& a, const std::string& b) { return position(a) < position(b); });
    std::string all;
    for (const std::string& e : errors_) all += (all.empty() ? "" : "\n") + e;
    if (last) all += "\n" + *last;
    errors_.clear();
    throw ScenarioError{all};
  }

  std::string str(const YAML::Node& n, std::string_view key) const {
    if (!n.IsScalar()) fail(n, fmt::format("'{}' must be a string", key));
    return n.Scalar();
  }
  long integer(const YAML::Node& n, std::string_view key, long lo, long hi) const {
    if (!n.IsScalar()) fail(n, fmt::format("'{}' must be a number", key));
    const std::string& s = n.Scalar();
    std::size_t used = 0;
    long v = 0;
    try {
      v = std::stol(s, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != s.size() || s.empty())
      fail(n, fmt::format("'{}' must be a whole number, not '{}'", key, s));
    if (v < lo || v > hi)
      fail(n, fmt::format("'{}' must be between {} and {}, not {}", key, lo, hi, v));
    return v;
  }
  std::uint64_t seed(const YAML::Node& n) const {
    if (!n.IsScalar()) fail(n, "'seed' must be a number");
    const std::string& s = n.Scalar();
    std::size_t used = 0;
    std::uint64_t v = 0;
    try {
      if (!s.empty() && s[0] != '-') v = std::stoull(s, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != s.size() || s.empty())
      fail(n, fmt::format("'seed' must be a non-negative whole number, not '{}'", s));
    return v;
  }
  bool boolean(const YAML::Node& n, std::string_view key) const {
    if (n.IsScalar()) {
      const std::string& s = n.Scalar();
      if (s == "true" || s == "yes") return true;
      if (s == "false" || s == "no") return false;
    }
    fail(n, fmt::format("'{}' must be true or false", key));
  }
  Card card(const YAML::Node& n) const {
    if (!n.IsScalar()) fail(n, "a card must be written as text, e.g. 10H");
    try {
      return parse_card(n.Scalar());
    } catch (const NotationError& e) {
      fail(n, e.what());
    }
  }
  std::vector<Card> cards(const YAML::Node& n, std::string_view key) const {
    if (!n.IsSequence()) fail(n, fmt::format("'{}' must be a list of cards", key));
    std::vector<Card> out;
    for (const auto& c : n) out.push_back(card(c));
    return out;
  }
  Suit suit(const YAML::Node& n) const {
    if (!n.IsScalar()) fail(n, "a suit must be clubs, diamonds, hearts or spades");
    try {
      return parse_suit(n.Scalar());
    } catch (const NotationError& e) {
      fail(n, e.what());
    }
  }
  Action action(const YAML::Node& n) const {
    if (!n.IsScalar()) fail(n, "an action must be text such as '0 play JS'");
    try {
      return parse_action(n.Scalar());
    } catch (const NotationError& e) {
      fail(n, e.what());
    }
  }
  std::vector<Action> actions(const YAML::Node& n, std::string_view key) const {
    if (!n.IsSequence()) fail(n, fmt::format("'{}' must be a list of actions", key));
    std::vector<Action> out;
    for (const auto& a : n) out.push_back(action(a));
    return out;
  }
  std::optional<int> seat_or_none(const YAML::Node& n, std::string_view key) const {
    if (n.IsNull() || (n.IsScalar() && (n.Scalar() == "none" || n.Scalar() == "null")))
      return std::nullopt;
    return static_cast<int>(integer(n, key, 0, kMaxSeats - 1));
  }
  std::vector<int> ints(const YAML::Node& n, std::string_view key) const {
    if (!n.IsSequence()) fail(n, fmt::format("'{}' must be a list of numbers", key));
    std::vector<int> out;
    for (const auto& v : n)
      out.push_back(static_cast<int>(integer(v, key, -1000000000, 1000000000)));
    return out;
  }

  const std::string& file() const { return file_; }

 private:
  std::string file_;
  mutable std::vector<std::string> errors_;
  mutable std::vector<std::string> suggested_;
  bool collecting_ = true;
};

std::string cards_text(std::vector<Card> cards) {
  std::sort(cards.begin(), cards.end());
  std::string out = "[";
  for (std::size_t i = 0; i < cards.size(); ++i) out += (i ? ", " : "") + to_string(cards[i]);
  return out + "]";
}
std::vector<Card> hand_cards(const Hand& h) {
  std::vector<Card> out;
  h.for_each([&](Card c) { out.push_back(c); });
  return out;
}
template <typename T>
std::string list_text(const std::vector<T>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + fmt::format("{}", v[i]);
  return out + "]";
}
std::string actions_text(std::vector<Action> v) {
  std::sort(v.begin(), v.end(), [](Action a, Action b) { return a.packed() < b.packed(); });
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + to_string(v[i]);
  return out + "]";
}
std::string direction_name(Direction d) {
  return d == Direction::clockwise ? "clockwise" : "counterclockwise";
}
std::string seat_text(std::optional<int> s) {
  return s ? std::to_string(*s) : "none";
}

// A failed expectation at one step.
struct StepFailure {
  std::string message;
};

// Scoring and match expectations: the standings before this round (setup.scores, or a new
// match) and, once the round ends, its scores added by the variant's match rules.
class MatchTrack {
 public:
  MatchTrack(const Variant& v, const std::vector<int>& prior, int players)
      : standings_(prior.empty() ? Standings::start(players)
                                 : standings_from_totals(v.match, prior)) {}

  void round_ended(const Engine& engine, const State& s) {
    round_ = round_scores(engine.variant(), s);
    standings_ = after_round(engine.variant().match, standings_, round_, s.winner);
  }

  void expect(const Reader& r, const std::string& key, const YAML::Node& v, const Engine&,
              const State& s) {
    if (!s.over()) throw StepFailure{fmt::format("expected {}, got a round still running", key)};
    if (key == "round_scores" || key == "scores") {
      const std::vector<int> want = r.ints(v, key);
      const std::vector<int>& got = key == "scores" ? standings_.totals : round_;
      if (want != got)
        throw StepFailure{
            fmt::format("expected {} {}, got {}", key, list_text(want), list_text(got))};
    } else if (key == "match_over") {
      const bool want = r.boolean(v, key);
      if (want != standings_.over)
        throw StepFailure{fmt::format("expected match_over {}, got {}", want, standings_.over)};
    } else {  // match_winner, match_loser
      const std::optional<int> want = r.seat_or_none(v, key);
      const int g = key == "match_winner" ? standings_.winner : standings_.loser;
      const std::optional<int> got = g >= 0 ? std::optional<int>(g) : std::nullopt;
      if (want != got)
        throw StepFailure{
            fmt::format("expected {} {}, got {}", key, seat_text(want), seat_text(got))};
    }
  }

 private:
  Standings standings_;
  std::vector<int> round_;
};

class Runner {
 public:
  Runner(const Reader& reader, const Engine& engine, State state, MatchTrack track)
      : r_(reader), engine_(engine), state_(state), scoring_(std::move(track)) {}

  void run(const YAML::Node& steps) {
    if (!steps.IsSequence()) r_.fail(steps, "'steps' must be a list");
    int number = 0;
    for (const auto& step : steps) {
      ++number;
      if (!step.IsMap() || step.size() != 1)
        r_.fail(step, "each step is one of {do: ACTION}, {reject: ACTION}, {expect: {...}}");
      const auto& kv = *step.begin();
      const std::string verb = kv.first.Scalar();
      try {
        if (verb == "do") {
          do_action(r_.action(kv.second));
        } else if (verb == "reject") {
          reject_action(r_.action(kv.second));
        } else if (verb == "expect") {
          expect(kv.second);
        } else {
          r_.fail(kv.first, fmt::format("unknown step '{}' (do, reject or expect)", verb));
        }
      } catch (const StepFailure& f) {
        throw StepFailure{fmt::format("step {}: {}", number, f.message)};
      }
    }
  }

 private:
  void do_action(Action a) {
    EventBuffer events;
    const ApplyResult res = engine_.apply(state_, a, &events);
    if (!res)
      throw StepFailure{
          fmt::format("expected '{}' to be accepted, got refused: {}", to_string(a), res.reason())};
    if (state_.over()) scoring_.round_ended(engine_, state_);
  }

  void reject_action(Action a) {
    const State before = state_;
    const ApplyResult res = engine_.apply(state_, a);
    if (res)
      throw StepFailure{fmt::format("expected '{}' to be refused, got accepted", to_string(a))};
    if (!(before == state_))
      throw StepFailure{fmt::format("'{}' was refused but changed the state", to_string(a))};
  }

  template <typename T>
  void same(std::string_view key, const T& expected, const T& got) {
    if (!(expected == got))
      throw StepFailure{fmt::format("expected {} {}, got {}", key, expected, got)};
  }

  void expect(const YAML::Node& e) {
    r_.expect_keys(e,
                   {"turn", "top", "suit", "direction", "pending_draw", "hand_sizes", "hands",
                    "stock_size", "legal", "can", "cannot", "round_over", "winner", "round_scores",
                    "scores", "match_over", "match_winner", "match_loser"},
                   "expect");
    const State& s = state_;
    for (const auto& kv : e) {
      const std::string key = kv.first.Scalar();
      const YAML::Node& v = kv.second;
      if (key == "turn") {
        same(key, static_cast<int>(r_.integer(v, key, 0, kMaxSeats - 1)), static_cast<int>(s.turn));
      } else if (key == "top") {
        same(key, to_string(r_.card(v)), to_string(s.top()));
      } else if (key == "suit") {
        same(key, std::string(suit_name(r_.suit(v))),
             std::string(suit_name(engine_.suit_in_force(s))));
      } else if (key == "direction") {
        const std::string d = r_.str(v, key);
        if (d != "clockwise" && d != "counterclockwise")
          r_.fail(v, "direction is clockwise or counterclockwise");
        same(key, d, direction_name(s.seats.direction()));
      } else if (key == "pending_draw") {
        same(key, static_cast<int>(r_.integer(v, key, 0, kMaxPendingDraw)),
             static_cast<int>(s.pending.draw));
      } else if (key == "hand_sizes") {
        std::vector<int> got;
        for (int seat = 0; seat < s.players(); ++seat) got.push_back(s.hands[seat].size());
        const std::vector<int> want = r_.ints(v, key);
        if (want != got)
          throw StepFailure{
              fmt::format("expected hand_sizes {}, got {}", list_text(want), list_text(got))};
      } else if (key == "hands") {
        if (!v.IsMap()) r_.fail(v, "'hands' maps a seat to its exact cards");
        for (const auto& h : v) {
          const int seat = static_cast<int>(r_.integer(h.first, "hands", 0, s.players() - 1));
          const std::string want = cards_text(r_.cards(h.second, "hands"));
          const std::string got = cards_text(hand_cards(s.hands[seat]));
          if (want != got)
            throw StepFailure{fmt::format("expected hands[{}] {}, got {}", seat, want, got)};
        }
      } else if (key == "stock_size") {
        same(key, static_cast<int>(r_.integer(v, key, 0, kMaxCards)), s.stock.size());
      } else if (key == "legal") {
        std::vector<Action> want = r_.actions(v, key);
        ActionList list;
        engine_.legal_actions(s, list);
        std::vector<Action> got(list.begin(), list.end());
        const std::string w = actions_text(want), g = actions_text(got);
        if (w != g) throw StepFailure{fmt::format("expected legal {}, got {}", w, g)};
      } else if (key == "can" || key == "cannot") {
        ActionList list;
        engine_.legal_actions(s, list);
        for (Action a : r_.actions(v, key)) {
          // A listed action counts as legal if the engine would accept it (this also covers
          // a play with 'last' and a challenge from a seat other than the one to act).
          const bool legal = list.contains(a) || engine_.check(s, a) == Refusal::none;
          if (key == "can" && !legal)
            throw StepFailure{fmt::format("expected '{}' to be legal, got refused: {}",
                                          to_string(a), describe(engine_.check(s, a)))};
          if (key == "cannot" && legal)
            throw StepFailure{fmt::format("expected '{}' to be illegal, got legal", to_string(a))};
        }
      } else if (key == "round_over") {
        same(key, std::string(r_.boolean(v, key) ? "true" : "false"),
             std::string(s.over() ? "true" : "false"));
      } else if (key == "winner") {
        const std::optional<int> want = r_.seat_or_none(v, key);
        const std::optional<int> got = s.winner >= 0 ? std::optional<int>(s.winner) : std::nullopt;
        same(key, seat_text(want), seat_text(got));
      } else {
        // round_scores, scores, match_over, match_winner, match_loser
        scoring_.expect(r_, key, v, engine_, s);
      }
    }
  }

  const Reader& r_;
  const Engine& engine_;
  State state_;
  MatchTrack scoring_;
};

// Reads and parses a scenario file behind the guards shared with variant files and game records
// (size, encoding, nesting depth, anchors and aliases, duplicate keys, one document): yaml-cpp
// never sees text that could overflow its stack or build a cyclic tree.
YAML::Node parse_file(const std::string& path) {
  try {
    detail::yaml::Documents docs;
    return docs.parse(detail::yaml::read_text_file(path, path), path);
  } catch (const LoadError& e) {
    throw ScenarioError{e.what()};
  }
}

ScenarioResult run_one(const std::string& path) {
  ScenarioResult result;
  result.file = path;
  result.name = fs::path(path).filename().string();
  try {
    const YAML::Node doc = parse_file(path);
    Reader r(path);
    if (!doc.IsMap()) r.fail(doc, "a scenario is a mapping with name, variant, steps");
    r.expect_keys(doc, {"name", "variant", "rules", "players", "seed", "setup", "steps"},
                  "the scenario");
    r.attempt([&] {
      if (!doc["name"] && !r.suggested("name")) r.fail(doc, "missing 'name'");
      if (doc["name"]) result.name = r.str(doc["name"], "name");
    });
    r.attempt([&] {
      if (!doc["variant"] && !r.suggested("variant")) r.fail(doc, "missing 'variant'");
    });
    r.attempt([&] {
      if (!doc["steps"] && !r.suggested("steps")) r.fail(doc, "missing 'steps'");
    });
    r.throw_recorded();

    // The variant: a built-in name, or a path relative to this file.
    std::string variant_ref = r.str(doc["variant"], "variant");
    const bool is_path = variant_ref.find('/') != std::string::npos ||
                         variant_ref.ends_with(".yaml") || variant_ref.ends_with(".yml");
    if (is_path)
      variant_ref = (fs::path(path).parent_path() / variant_ref).lexically_normal().string();
    Variant variant;
    try {
      if (doc["rules"] && !doc["rules"].IsNull()) {
        if (!doc["rules"].IsMap())
          r.fail(doc["rules"], "'rules' must be a mapping merged onto the variant");
        YAML::Emitter em;
        em << doc["rules"];
        variant = load_variant(variant_ref, em.c_str(), path + " (rules)");
      } else {
        variant = load_variant(variant_ref);
      }
    } catch (const LoadError& e) {
      r.fail(doc["variant"], fmt::format("variant: {}", e.what()));
    }
    const Engine engine(variant);
    const std::uint64_t seed = doc["seed"] ? r.seed(doc["seed"]) : 0;

    std::optional<int> players;
    if (doc["players"])
      players = static_cast<int>(r.integer(doc["players"], "players", 1, kMaxSeats));
    State state;
    std::vector<int> prior_scores;
    if (const YAML::Node setup = doc["setup"]; setup && !setup.IsNull()) {
      r.expect_keys(setup, {"hands", "discard", "stock", "turn", "direction", "suit", "scores"},
                    "setup");
      r.throw_recorded();
      Position p;
      p.seed = seed;
      if (!setup["hands"]) r.fail(setup, "setup needs 'hands'");
      if (!setup["hands"].IsSequence())
        r.fail(setup["hands"], "'hands' is a list of hands, seat 0 first");
      for (const auto& h : setup["hands"]) {
        p.hands.push_back(r.cards(h, "hands"));
        // A seat without cards would have won already: no running round has one.
        if (p.hands.back().empty())
          r.fail(h, fmt::format("seat {} holds no cards: a round in which a hand is empty is "
                                "over; give every seat at least one card",
                                p.hands.size() - 1));
      }
      if (players && *players != static_cast<int>(p.hands.size()))
        r.fail(doc["players"], fmt::format("players is {} but setup.hands gives {} hands", *players,
                                           p.hands.size()));
      if (p.hands.empty() || p.hands.size() > static_cast<std::size_t>(kMaxSeats))
        r.fail(setup["hands"], fmt::format("setup.hands must give 1 to {} hands", kMaxSeats));
      // A position is tested under the variant's rules only where they apply: a table the
      // variant does not seat would test rules nobody plays.
      const int seats = static_cast<int>(p.hands.size());
      if (seats < variant.deal.min_players || seats > variant.deal.max_players)
        r.fail(setup["hands"],
               fmt::format("setup.hands gives {} hands; {} plays with {} to {} players", seats,
                           variant.name, variant.deal.min_players, variant.deal.max_players));
      if (!setup["discard"]) r.fail(setup, "setup needs 'discard' (its last card is the top)");
      p.discard = r.cards(setup["discard"], "discard");
      if (p.discard.empty())
        r.fail(setup["discard"], "the discard pile needs at least its top card");
      if (setup["stock"]) p.stock = r.cards(setup["stock"], "stock");
      if (setup["turn"])
        p.turn = static_cast<int>(
            r.integer(setup["turn"], "turn", 0, static_cast<long>(p.hands.size()) - 1));
      if (setup["direction"]) {
        const std::string d = r.str(setup["direction"], "direction");
        if (d == "clockwise")
          p.direction = Direction::clockwise;
        else if (d == "counterclockwise")
          p.direction = Direction::counterclockwise;
        else
          r.fail(setup["direction"], "direction is clockwise or counterclockwise");
      }
      if (setup["suit"]) p.suit = r.suit(setup["suit"]);
      if (setup["scores"]) {
        prior_scores = r.ints(setup["scores"], "scores");
        if (prior_scores.size() != p.hands.size())
          r.fail(setup["scores"], "setup.scores needs one total per seat");
      }
      try {
        state = engine.position(p);
      } catch (const std::exception& e) {
        r.fail(setup, e.what());
      }
    } else {
      if (!players) r.fail(doc, "'players' is required unless setup.hands gives the seats");
      if (*players < variant.deal.min_players || *players > variant.deal.max_players)
        r.fail(doc["players"], fmt::format("{} plays with {} to {} players", variant.name,
                                           variant.deal.min_players, variant.deal.max_players));
      try {
        state = engine.deal(*players, seed);
      } catch (const std::exception& e) {
        r.fail(doc["players"], e.what());
      }
    }
    r.throw_recorded();
    r.stop_collecting();
    Runner runner(r, engine, state, MatchTrack(variant, prior_scores, state.players()));
    runner.run(doc["steps"]);
    result.passed = true;
  } catch (const ScenarioError& e) {
    result.failure = e.message;
  } catch (const StepFailure& f) {
    result.failure = f.message;
  } catch (const std::exception& e) {
    result.failure = fmt::format("{}: {}", path, e.what());
  }
  return result;
}

}  // namespace

ScenarioResult run_scenario_file(const std::string& path) {
  return run_one(path);
}

int run_scenarios(const std::vector<std::string>& paths, std::ostream& out) {
  std::vector<std::string> files;
  int failed = 0, passed = 0;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (const auto& entry : fs::recursive_directory_iterator(p, ec)) {
        const auto ext = entry.path().extension();
        if (entry.is_regular_file() && (ext == ".yaml" || ext == ".yml"))
          found.push_back(entry.path().string());
      }
      if (found.empty()) {
        out << "FAIL " << p << ": no scenario files (*.yaml) in this directory\n";
        ++failed;
      }
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(p, ec)) {
      files.push_back(p);
    } else {
      out << "FAIL " << p << ": no such file or directory\n";
      ++failed;
    }
  }
  for (const std::string& f : files) {
    const ScenarioResult r = run_one(f);
    if (r.passed) {
      ++passed;
      out << "PASS " << r.name << "\n";
    } else {
      ++failed;
      out << "FAIL " << r.name << ": " << r.failure << "\n";
    }
  }
  out << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace switchcards
