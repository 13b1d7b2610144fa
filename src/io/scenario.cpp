// The conformance scenario runner: reads a scenario file (docs/scenarios.md), builds the
// position, applies the steps and compares expectations. A malformed file is a failure with
// a FILE:LINE:COL message, never a crash.
#include "switchcards/io/scenario.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string_view>

#include "io/load_variant_in.hpp"
#include "io/visible_text.hpp"
#include "io/yaml_documents.hpp"
#include "io/yaml_text_guard.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/engine/standings.hpp"

namespace switchcards {
namespace {

namespace fs = std::filesystem;

using detail::yaml::Documents;
using detail::yaml::Entry;
using detail::yaml::is_null;
using detail::yaml::is_scalar;

// The scenario's own values (cards, suits, actions, seats) on top of Documents' scalar rules,
// which are the variant loader's: every failure is a LoadError at the value's place.
class Reader {
 public:
  explicit Reader(const Documents& docs) : d_(docs) {}
  const Documents& docs() const { return d_; }
  // Once the round's seats are known, the seats a step expects (turn, winner) are checked
  // against them: a seat that is not at the table is a mistake in the file.
  void seat_count(int players) { players_ = players; }

  [[noreturn]] void fail(const Entry& at, const std::string& message) const {
    d_.fail(at, message);
  }

  int integer(const Entry& e, int min, int max) const { return d_.get_int(e, min, max); }
  bool boolean(const Entry& e) const { return d_.get_bool(e); }
  Card card(const Entry& e) const { return parse(e, "a card, e.g. 10H", parse_card); }
  Suit suit(const Entry& e) const {
    return parse(e, "a suit (clubs, diamonds, hearts or spades)", parse_suit);
  }
  Action action(const Entry& e) const {
    // A seat beyond the table is left to the engine, which refuses it (no_such_seat): a
    // scenario may well check that refusal.
    return parse(e, "an action such as '0 play JS'", parse_action);
  }
  std::vector<Card> cards(const Entry& e) const {
    std::vector<Card> out;
    for (const Entry& item : list_of(e, "cards")) out.push_back(card(item));
    return out;
  }
  std::vector<Action> actions(const Entry& e) const {
    std::vector<Action> out;
    for (const Entry& item : list_of(e, "actions")) out.push_back(action(item));
    return out;
  }
  // The same, every seat named (the actor, a challenge's or a swap's target) at the table:
  // for `cannot`, which an action of a seat past the table would pass whatever the rules.
  std::vector<Action> seated_actions(const Entry& e) const {
    std::vector<Action> out;
    for (const Entry& item : list_of(e, "actions")) out.push_back(seated_action(item));
    return out;
  }
  // The actions of `legal`, the exact set of the seat to act's: each once, and none with
  // `last` (legal_actions never lists it: a call goes with any play that leaves one card), which
  // would make the step fail whatever the rules.
  std::vector<Action> legal_set(const Entry& e) const {
    std::vector<Action> out;
    for (const Entry& item : list_of(e, "actions")) {
      const Action a = seated_action(item);
      if (a.calls_last())
        fail(item, fmt::format("'legal' lists actions without 'last' (write '{}'; 'can:' checks "
                               "a play with its call)",
                               to_string(a.with_last(false))));
      if (std::find(out.begin(), out.end(), a) != out.end())
        fail(item, fmt::format("'{}' is listed twice: 'legal' is a set", to_string(a)));
      out.push_back(a);
    }
    return out;
  }
  // One such action: for `do`, which the engine would refuse whatever the rules.
  Action seated_action(const Entry& e) const {
    const Action a = action(e);
    const int target = a.kind() == ActionKind::challenge ? a.target()
                       : a.kind() == ActionKind::play    ? a.swap_target()
                                                         : -1;
    for (const int seat : {a.seat(), target})
      if (seat >= players_)
        d_.fail(e, fmt::format("seat {} is not at the table (0 to {}): the engine refuses "
                               "it whatever the rules (reject: checks that refusal)",
                               seat, players_ - 1));
    return a;
  }
  // A map key naming a seat at the table (expect.hands, expect.jump_ins): a plain number, as
  // everywhere in the format; a quoted "0" is text.
  int seat_key(const Entry& e) const {
    if (e.key && is_scalar(*e.key) && e.key->Tag() != "?")
      d_.fail_at_key(e, fmt::format("expected a seat number, got the text '{}' (a quoted "
                                    "number is text)",
                                    e.key->Scalar()));
    return d_.key_int(e, 0, players_ - 1);
  }
  std::vector<int> ints(const Entry& e) const {
    std::vector<int> out;
    for (const Entry& item : list_of(e, "numbers"))
      out.push_back(d_.get_int(item, -1'000'000'000, 1'000'000'000));
    return out;
  }
  // A seat, or `none` (or null) for no seat.
  std::optional<int> seat_or_none(const Entry& e) const {
    if (is_null(e.value) || (is_scalar(e.value) && e.value.Scalar() == "none")) return std::nullopt;
    return d_.get_int(e, 0, players_ - 1);
  }
  Direction direction(const Entry& e) const {
    return d_.get_enum<Direction>(e, {{"clockwise", Direction::clockwise},
                                      {"counterclockwise", Direction::counterclockwise}});
  }
  // The entry under `key`, which the scenario needs: missing, it is an error at the map, unless
  // an unknown key was already answered with "did you mean '`key`'?".
  std::optional<Entry> required(const Entry& map, std::string_view key) const {
    if (auto e = d_.find(map, key)) return e;
    if (!d_.suggested(key)) {
      // Placed at the map, named by the key it lacks.
      Entry missing = map;
      missing.path = detail::yaml::child_path(map.path, key);
      d_.fail(missing, fmt::format("missing required key '{}'", key));
    }
    return std::nullopt;
  }

 private:
  template <typename T>
  T parse(const Entry& e, std::string_view what, T (*parse_text)(std::string_view)) const {
    if (!is_scalar(e.value))
      fail(e, fmt::format("expected {}, got {}", what, detail::yaml::describe(e.value)));
    try {
      return parse_text(e.value.Scalar());
    } catch (const NotationError& error) {
      fail(e, error.what());
    }
  }
  std::vector<Entry> list_of(const Entry& e, std::string_view what) const {
    if (!e.value.IsSequence())
      fail(e, fmt::format("expected a list of {}, got {}", what, detail::yaml::describe(e.value)));
    return d_.list_items(e);
  }

  const Documents& d_;
  int players_ = kMaxSeats;  // the round's seats, once known (seat_count)
};

// A plain (unquoted) scalar written as a whole number, however large.
bool plain_integer(const YAML::Node& n) {
  if (!is_scalar(n) || n.Tag() != "?") return false;
  std::string_view text = n.Scalar();
  if (text.starts_with('-') || text.starts_with('+')) text.remove_prefix(1);
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string cards_text(std::vector<Card> cards) {
  std::sort(cards.begin(), cards.end());
  std::string out = "[";
  for (std::size_t i = 0; i < cards.size(); ++i) out += (i ? ", " : "") + to_string(cards[i]);
  return out + "]";
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
std::string seat_text(std::optional<int> s) {
  return s ? std::to_string(*s) : "none";
}

// Whether `text` holds nothing but spaces and tabs: a name or a reason that says nothing.
bool is_blank(std::string_view text) {
  return text.find_first_not_of(" \t") == std::string_view::npos;
}

// A failed expectation at one step.
struct StepFailure {
  std::string message;
  int line = 0;  // of the step, once the steps' loop knows it
};

// Scoring and match expectations: the standings before this round (setup.scores, or a new
// match) and, once the round ends, its scores added by the variant's match rules.
class MatchTrack {
 public:
  MatchTrack(const Variant& v, const std::vector<int>& prior, int players)
      : standings_(prior.empty() ? Standings::start(players)
                                 : standings_from_totals(v.match, prior)),
        team_of_seat_(v.teams.team_of_seats(players)) {}

  void round_ended(const Engine& engine, const State& s) {
    round_ = round_scores(engine.variant(), s);
    standings_ = after_round(engine.variant().match, standings_, round_, s.winner, team_of_seat_);
  }

  void expect(const Reader& r, const std::string& key, const Entry& v, const State& s) {
    if (!s.over()) throw StepFailure{fmt::format("expected {}, got a round still running", key)};
    if (key == "round_scores" || key == "scores") {
      const std::vector<int> want = r.ints(v);
      const std::vector<int>& got = key == "scores" ? standings_.totals : round_;
      if (want != got)
        throw StepFailure{
            fmt::format("expected {} {}, got {}", key, list_text(want), list_text(got))};
    } else if (key == "match_over") {
      const bool want = r.boolean(v);
      if (want != standings_.over)
        throw StepFailure{fmt::format("expected match_over {}, got {}", want, standings_.over)};
    } else if (key == "winning_team") {
      if (team_of_seat_.empty())
        throw StepFailure{"expected winning_team, but the variant has no teams"};
      const std::optional<int> want = r.seat_or_none(v);
      const int teams = *std::max_element(team_of_seat_.begin(), team_of_seat_.end()) + 1;
      if (want && *want >= teams)
        r.fail(v, fmt::format("team {} is not a team of this table (0 to {}, or none)", *want,
                              teams - 1));
      const int w = standings_.over ? standings_.winner : -1;
      const int got = w >= 0 ? team_of_seat_[static_cast<std::size_t>(w)] : -1;
      if (want.value_or(-1) != got)
        throw StepFailure{fmt::format("expected winning_team {}, got {}", seat_text(want),
                                      got >= 0 ? std::to_string(got) : "none")};
    } else {  // match_winner, match_loser
      const std::optional<int> want = r.seat_or_none(v);
      const int g = key == "match_winner" ? standings_.winner : standings_.loser;
      const std::optional<int> got = g >= 0 ? std::optional<int>(g) : std::nullopt;
      if (want != got)
        throw StepFailure{
            fmt::format("expected {} {}, got {}", key, seat_text(want), seat_text(got))};
    }
  }

 private:
  Standings standings_;
  std::vector<int> team_of_seat_;  // empty without teams
  std::vector<int> round_;
};

class Runner {
 public:
  Runner(const Reader& reader, const Engine& engine, State state, MatchTrack track)
      : r_(reader), engine_(engine), state_(state), scoring_(std::move(track)) {}

  void run(const Entry& steps) {
    const std::vector<Entry> items = r_.docs().list_items(steps);
    // A scenario without steps would pass whatever the engine did (its steps deleted by
    // mistake, say): it is a mistake in the file, not a pass.
    if (items.empty())
      r_.fail(steps, "the scenario checks nothing: give at least one do, reject or expect step");
    int number = 0;
    for (const Entry& step : items) {
      ++number;
      if (!step.value.IsMap() || step.value.size() != 1)
        r_.fail(step, "each step is one of {do: ACTION}, {reject: ACTION}, {expect: {...}}");
      const Entry verb = r_.docs().map_entries(step).front();
      try {
        if (verb.key->Scalar() == "do") {
          do_action(r_.seated_action(verb));
        } else if (verb.key->Scalar() == "reject") {
          reject(verb);
        } else if (verb.key->Scalar() == "expect") {
          expect(verb);
        } else {
          r_.docs().fail_at_key(
              verb, fmt::format("unknown step '{}' (do, reject or expect)", verb.key->Scalar()));
        }
      } catch (const StepFailure& f) {
        throw StepFailure{fmt::format("step {}: {}", number, f.message),
                          r_.docs().locate(step.value).line};
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

  // `reject: ACTION`, or `reject: {action: ACTION, reason: TEXT}`: the refusal's reason (the
  // engine's sentence, as `play` shows it) must contain TEXT.
  void reject(const Entry& verb) {
    if (!verb.value.IsMap()) return reject_action(r_.action(verb), std::nullopt);
    const Documents& d = r_.docs();
    d.expect_keys(verb, {"action", "reason"});
    const Action a = r_.action(d.require(verb, "action"));
    std::optional<std::string> reason;
    if (auto e = d.find(verb, "reason")) {
      reason = d.get_string(*e);
      if (is_blank(*reason)) d.fail(*e, "an empty reason: give words of the refusal's sentence");
    }
    reject_action(a, reason);
  }

  void reject_action(Action a, const std::optional<std::string>& reason) {
    const State before = state_;
    const ApplyResult res = engine_.apply(state_, a);
    if (res)
      throw StepFailure{fmt::format("expected '{}' to be refused, got accepted", to_string(a))};
    if (!(before == state_))
      throw StepFailure{fmt::format("'{}' was refused but changed the state", to_string(a))};
    if (reason && res.reason().find(*reason) == std::string_view::npos)
      throw StepFailure{fmt::format("expected '{}' to be refused because \"{}\", got \"{}\"",
                                    to_string(a), *reason, res.reason())};
  }

  template <typename T>
  void same(std::string_view key, const T& expected, const T& got) {
    if (!(expected == got))
      throw StepFailure{fmt::format("expected {} {}, got {}", key, expected, got)};
  }

  void expect(const Entry& e) {
    const Documents& d = r_.docs();
    d.expect_keys(e, {"turn",       "top",           "suit",         "direction",   "pending_draw",
                      "hand_sizes", "hands",         "stock_size",   "phase",       "legal",
                      "can",        "cannot",        "round_over",   "winner",      "round_scores",
                      "scores",     "match_over",    "match_winner", "match_loser", "winning_team",
                      "jump_ins",   "turns_to_miss", "named_rank"});
    if (e.value.IsMap() && e.value.size() == 0)
      r_.fail(e, "this step checks nothing: give at least one key to expect");
    const State& s = state_;
    for (const Entry& v : d.map_entries(e)) {
      const std::string& key = v.key->Scalar();
      // A list or map of nothing checks nothing, as an expect without a key does (`legal: []`
      // does check: that the seat to act has no action).
      if ((key == "can" || key == "cannot" || key == "hands" || key == "jump_ins") &&
          (v.value.IsSequence() || v.value.IsMap()) && v.value.size() == 0)
        r_.fail(v, fmt::format("'{}' lists nothing, so it checks nothing: list what it must check, "
                               "or delete the key",
                               key));
      if (key == "turn") {
        same(key, r_.integer(v, 0, s.players() - 1), static_cast<int>(s.turn));
      } else if (key == "top") {
        same(key, to_string(r_.card(v)), to_string(s.top()));
      } else if (key == "suit") {
        // `none`: no suit in force (a joker on top, none named), which a position can reach.
        const bool none = v.value.IsScalar() && v.value.Scalar() == "none";
        same(key, std::string(suit_name(none ? Suit::none : r_.suit(v))),
             std::string(suit_name(engine_.suit_in_force(s))));
      } else if (key == "named_rank") {
        // `none`: no rank named (a names_rank demand lapsed, or none set).
        const std::string want = d.get_string(v);
        const std::optional<Rank> r =
            want == "none" ? std::optional<Rank>(kNoRank) : try_parse_rank(want);
        if (!r) r_.fail(v, "'" + want + "' is not a rank (A, 2 to 10, J, Q, K) or none");
        same(key, std::string(*r == kNoRank ? "none" : rank_symbol(*r)),
             std::string(s.named_rank == kNoRank ? "none" : rank_symbol(s.named_rank)));
      } else if (key == "direction") {
        same(key, direction_name(r_.direction(v)), direction_name(s.seats.direction()));
      } else if (key == "pending_draw") {
        same(key, r_.integer(v, 0, kMaxPendingDraw), static_cast<int>(s.pending.draw));
      } else if (key == "hand_sizes" || key == "turns_to_miss") {
        std::vector<int> got;
        for (int seat = 0; seat < s.players(); ++seat)
          got.push_back(key == "hand_sizes" ? s.hands[seat].size()
                                            : static_cast<int>(turns_to_miss(s, seat)));
        const std::vector<int> want = r_.ints(v);
        // A list of another length is a mistake in the file, not a false expectation.
        if (want.size() != got.size())
          r_.fail(v,
                  fmt::format("{} lists {} seats; the table has {}", key, want.size(), got.size()));
        if (want != got)
          throw StepFailure{
              fmt::format("expected {} {}, got {}", key, list_text(want), list_text(got))};
      } else if (key == "hands") {
        if (!v.value.IsMap()) r_.fail(v, "'hands' maps a seat to its exact cards");
        for (const Entry& h : d.map_entries(v)) {
          const int seat = r_.seat_key(h);
          const std::string want = cards_text(r_.cards(h));
          const std::string got = cards_text(cards_of(s.hands[seat]));
          if (want != got)
            throw StepFailure{fmt::format("expected hands[{}] {}, got {}", seat, want, got)};
        }
      } else if (key == "phase") {
        const std::string want = d.get_string(v);
        bool known = false;
        for (int p = 0; p < kPhaseCount; ++p)
          known = known || phase_name(static_cast<Phase>(p)) == want;
        if (!known)
          r_.fail(v, "'" + want + "' is not a phase (play, after_draw, laying, over or naming)");
        same(key, want, std::string(phase_name(s.phase)));
      } else if (key == "stock_size") {
        same(key, r_.integer(v, 0, kMaxCards), s.stock.size());
      } else if (key == "legal") {
        std::vector<Action> want = r_.legal_set(v);
        ActionList list;
        engine_.legal_actions(s, list);
        std::vector<Action> got(list.begin(), list.end());
        const std::string w = actions_text(want), g = actions_text(got);
        if (w != g) {
          // An action of another seat never matches: say whose actions `legal` lists.
          const bool other_seat =
              std::any_of(want.begin(), want.end(), [&](Action a) { return a.seat() != s.turn; });
          throw StepFailure{fmt::format(
              "expected legal {}, got {}{}", w, g,
              other_seat ? fmt::format(" ('legal' lists the actions of the seat to act, seat {})",
                                       static_cast<int>(s.turn))
                         : std::string())};
        }
      } else if (key == "can" || key == "cannot") {
        ActionList list;
        engine_.legal_actions(s, list);
        for (Action a : key == "cannot" ? r_.seated_actions(v) : r_.actions(v)) {
          // A listed action counts as legal if the engine would accept it (this also covers
          // a play with 'last' and a challenge from a seat other than the one to act).
          const bool legal = list.contains(a) || engine_.check(s, a) == Refusal::none;
          if (key == "can" && !legal)
            throw StepFailure{fmt::format("expected '{}' to be legal, got refused: {}",
                                          to_string(a), describe(engine_.check(s, a)))};
          if (key == "cannot" && legal)
            throw StepFailure{fmt::format("expected '{}' to be illegal, got legal", to_string(a))};
        }
      } else if (key == "jump_ins") {
        if (!v.value.IsMap()) r_.fail(v, "'jump_ins' maps a seat to the exact set of its jump-ins");
        for (const Entry& j : d.map_entries(v)) {
          const int seat = r_.seat_key(j);
          const std::string want = actions_text(r_.actions(j));
          ActionList list;
          engine_.jump_ins(s, seat, list);
          const std::string got = actions_text(std::vector<Action>(list.begin(), list.end()));
          if (want != got)
            throw StepFailure{fmt::format("expected jump_ins[{}] {}, got {}", seat, want, got)};
        }
      } else if (key == "round_over") {
        same(key, std::string(r_.boolean(v) ? "true" : "false"),
             std::string(s.over() ? "true" : "false"));
      } else if (key == "winner") {
        const std::optional<int> want = r_.seat_or_none(v);
        // `none` is a stalemate: a round still running has no winner yet, and is not one.
        if (!want && !s.over())
          throw StepFailure{"expected winner none (a stalemate), got a round still running"};
        // (Not an optional: GCC 12 warns, wrongly, that one might be used uninitialised.)
        same(key, seat_text(want), s.winner >= 0 ? std::to_string(s.winner) : std::string("none"));
      } else {
        // round_scores, scores, match_over, match_winner, match_loser, winning_team
        scoring_.expect(r_, key, v, s);
      }
    }
  }

  const Reader& r_;
  const Engine& engine_;
  State state_;
  MatchTrack scoring_;
};

// The header of a scenario (name, variant, rules) read and its variant loaded: the variant's
// files and the `rules:` node share the scenario's Documents, so an error in either is reported
// at its own file, line and column.
struct Header {
  Variant variant;
  Entry steps;
};

// The directory a variant path is relative to: the file's, as written, unless it is reached
// through a symbolic link to a directory; then the real one, as `..` goes from there for the
// system too (a scenario in a linked directory finds the variant beside its real directory).
fs::path file_dir(const std::string& path) {
  const fs::path dir = fs::path(path).parent_path();
  if (dir.empty()) return dir;
  std::error_code ec, cwd_ec;
  const fs::path real = fs::canonical(dir, ec);
  const fs::path lexical =
      (fs::canonical(fs::current_path(cwd_ec), cwd_ec) / dir).lexically_normal();
  if (ec || cwd_ec || real == lexical || real == lexical.parent_path()) return dir;
  return real;
}

// `name` is set as soon as it is read, for the report of a scenario that fails later.
Header read_header(Documents& d, const Reader& r, const Entry& top, const std::string& path,
                   std::string& name) {
  if (!top.value.IsMap()) r.fail(top, "a scenario is a mapping with name, variant, steps");
  d.expect_keys(top, {"name", "variant", "rules", "players", "seed", "setup", "steps"});
  Header h;
  std::optional<Entry> variant, steps;
  d.attempt([&] {
    if (auto e = r.required(top, "name")) {
      const std::string given = d.get_string(*e);
      // The report names each scenario by it, a line each: a blank name names nothing, and a
      // line break in it would print a line of its own, a PASS or FAIL of nothing.
      if (is_blank(given)) r.fail(*e, "an empty name: the report names each scenario by it");
      for (const char c : given)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
          r.fail(*e, fmt::format("a name is one line: it holds the control character 0x{:02X}",
                                 static_cast<int>(static_cast<unsigned char>(c))));
      name = given;
    }
  });
  d.attempt([&] { variant = r.required(top, "variant"); });
  d.attempt([&] { steps = r.required(top, "steps"); });
  d.stop_if_errors();
  if (!variant || !steps) throw LoadError(path, 0, 0, "", "the scenario cannot be read");
  h.steps = *steps;
  YAML::Node rules;
  if (auto e = d.find(top, "rules")) {
    // Left empty (its lines commented out), the house rule under test would be missing and the
    // scenario would test the variant without it. (`rules: {}`, written so, is no rules.)
    if (is_null(e->value))
      r.fail(*e, "empty rules: give the rules merged onto the variant, or delete the key");
    if (!e->value.IsMap())
      r.fail(*e, fmt::format("expected a map merged onto the variant, got {}",
                             detail::yaml::describe(e->value)));
    rules = e->value;
  }
  // The variant: a built-in name, or a path relative to this file.
  h.variant = detail::load_variant_in(d, *variant, file_dir(path), rules);
  return h;
}

// Where the steps start: a position from `setup`, or a deal of `players` seats from `seed`.
struct Start {
  State state;
  std::vector<int> prior_scores;
};

Start read_start(const Reader& r, const Entry& top, const Engine& engine) {
  const Documents& d = r.docs();
  const Variant& variant = engine.variant();
  std::uint64_t seed = 0;
  std::optional<int> players;
  std::optional<Entry> players_entry = d.find(top, "players");
  d.attempt([&] {
    if (auto e = d.find(top, "seed")) seed = d.get_u64(*e);
  });
  d.attempt([&] {
    if (!players_entry) return;
    // The variant's range, not the engine's: a table the variant does not seat would test
    // rules nobody plays. A word or a quoted number keeps its own message.
    const int low = variant.deal.min_players, high = variant.deal.max_players;
    try {
      players = d.get_int(*players_entry, low, high);
    } catch (const LoadError&) {
      if (!plain_integer(players_entry->value)) throw;
      std::string number = players_entry->value.Scalar();
      if (number.size() > 24) number = number.substr(0, 20) + "...";
      r.fail(*players_entry, fmt::format("{} is out of range: {} plays with {} to {} players",
                                         number, variant.name, low, high));
    }
  });
  Start out;
  const std::optional<Entry> setup = d.find(top, "setup");
  // Left empty (its lines commented out), the scenario would run from a shuffled deal instead
  // of the position it was written for.
  if (setup && is_null(setup->value))
    r.fail(*setup, "an empty setup: give the position, or delete the key to deal from the seed");
  if (!setup) {
    d.stop_if_errors();
    if (!players) {
      // Placed at the map, named by the key it lacks (LoadError::key()).
      Entry missing = top;
      missing.path = detail::yaml::child_path(top.path, "players");
      r.fail(missing, "'players' is required unless setup.hands gives the seats");
    }
    try {
      out.state = engine.deal(*players, seed);
    } catch (const std::exception& e) {
      r.fail(*players_entry, e.what());
    }
    return out;
  }
  // Each part of the setup is checked on its own (attempt), so that every independent mistake
  // is reported together; a check that needs another part (the seats of `turn` and `scores`)
  // runs only once that part was read.
  d.attempt([&] {
    d.expect_keys(*setup, {"hands", "discard", "stock", "turn", "direction", "suit", "scores"});
  });
  if (!setup->value.IsMap()) d.stop_if_errors();
  Position p;
  p.seed = seed;
  const auto need = [&](std::string_view key, std::string_view why) {
    if (auto e = d.find(*setup, key)) return *e;
    r.fail(*setup, fmt::format("setup needs '{}'{}", key, why));
  };
  std::optional<int> seats;  // the number of hands, once `hands` is a list
  std::optional<Entry> hands;
  d.attempt([&] {
    const Entry e = need("hands", "");
    if (!e.value.IsSequence()) r.fail(e, "'hands' is a list of hands, seat 0 first");
    hands = e;
  });
  const std::vector<Entry> items = hands ? d.list_items(*hands) : std::vector<Entry>{};
  if (hands) seats = static_cast<int>(items.size());
  const std::size_t errors_before_hands = d.error_count();
  for (std::size_t seat = 0; seat < items.size(); ++seat)
    d.attempt([&] {
      p.hands.push_back(r.cards(items[seat]));
      // A seat without cards would have won already: no running round has one.
      if (p.hands.back().empty())
        r.fail(items[seat], fmt::format("seat {} holds no cards: a round in which a hand is "
                                        "empty is over; give every seat at least one card",
                                        seat));
    });
  const bool hands_read = hands && d.error_count() == errors_before_hands;
  if (hands && players && *players != *seats)
    d.attempt([&] {
      r.fail(*players_entry,
             fmt::format("players is {} but setup.hands gives {} hands", *players, *seats));
    });
  d.attempt([&] {
    if (!hands) return;
    if (*seats < 1 || *seats > kMaxSeats)
      r.fail(*hands, fmt::format("setup.hands must give 1 to {} hands", kMaxSeats));
    // A position is tested under the variant's rules only where they apply: a table the
    // variant does not seat would test rules nobody plays.
    if (*seats < variant.deal.min_players || *seats > variant.deal.max_players)
      r.fail(*hands,
             fmt::format("setup.hands gives {} hands; {} plays with {} to {} players", *seats,
                         variant.name, variant.deal.min_players, variant.deal.max_players));
  });
  d.attempt([&] {
    const Entry discard = need("discard", " (its last card is the top)");
    p.discard = r.cards(discard);
    if (p.discard.empty()) r.fail(discard, "the discard pile needs at least its top card");
  });
  d.attempt([&] {
    if (auto e = d.find(*setup, "stock")) p.stock = r.cards(*e);
  });
  d.attempt([&] {
    if (auto e = d.find(*setup, "turn"); e && seats) p.turn = r.integer(*e, 0, *seats - 1);
  });
  d.attempt([&] {
    if (auto e = d.find(*setup, "direction")) p.direction = r.direction(*e);
  });
  d.attempt([&] {
    if (auto e = d.find(*setup, "suit")) p.suit = r.suit(*e);
  });
  d.attempt([&] {
    auto e = d.find(*setup, "scores");
    if (!e) return;
    out.prior_scores = r.ints(*e);
    // Counted against the hands once `hands` is a list, as `turn` is, whatever is wrong inside
    // a hand; the match's standings are judged only with every hand read.
    if (!seats) return;
    if (out.prior_scores.size() != static_cast<std::size_t>(*seats))
      r.fail(*e, "setup.scores needs one total per seat");
    if (!hands_read) return;
    // Every seat of the setup holds a hand, so it plays this round: a seat the totals put out
    // of an elimination match would sit it out (it played, and could win, a round it is not in).
    const Standings before = standings_from_totals(engine.variant().match, out.prior_scores);
    for (int seat = 0; seat < before.players(); ++seat)
      if (!before.is_in(seat))
        r.fail(*e, fmt::format("seat {} is out of the match at {} points, so it "
                               "plays no more rounds and holds no hand; leave it out of the "
                               "setup, or give it a total below the limit",
                               seat, out.prior_scores[static_cast<std::size_t>(seat)]));
    const std::vector<int> teams = engine.variant().teams.team_of_seats(before.players());
    if (const std::string problem = check_standings(engine.variant().match, before, teams);
        !problem.empty())
      r.fail(*e, problem);
  });
  d.stop_if_errors();
  try {
    out.state = engine.position(p);
  } catch (const std::exception& e) {
    r.fail(*setup, e.what());
  }
  return out;
}

ScenarioResult run_one(const std::string& path) {
  ScenarioResult result;
  result.file = path;
  result.name = fs::path(path).filename().string();
  try {
    // Behind the guards shared with variant files and game records (size, encoding, nesting,
    // anchors and aliases, duplicate keys, one document). The header's mistakes are reported
    // together, and stop the run (the setup needs its variant); then those of players, seed and
    // the setup together. A step's error stops the run at that step.
    Documents docs;
    docs.collect_errors(true);
    const Entry top = Documents::root(docs.parse(detail::yaml::read_text_file(path, path), path));
    Reader r(docs);
    const Header header =
        docs.with_all_errors([&] { return read_header(docs, r, top, path, result.name); });
    const Engine engine(header.variant);
    const Start start = docs.with_all_errors([&] { return read_start(r, top, engine); });
    r.seat_count(start.state.players());
    docs.collect_errors(false);
    Runner runner(r, engine, start.state,
                  MatchTrack(engine.variant(), start.prior_scores, start.state.players()));
    runner.run(header.steps);
    result.passed = true;
  } catch (const LoadError& e) {
    result.failure = e.what();
  } catch (const StepFailure& f) {
    result.failure = f.message;
    result.line = f.line;
  } catch (const std::exception& e) {
    result.failure = fmt::format("{}: {}", path, e.what());
  }
  return result;
}

}  // namespace

ScenarioResult run_scenario_file(const std::string& path) {
  return run_one(path);
}

namespace {

// `*.yaml` and `*.yml` in any case (`UPPER.YAML` too).
bool scenario_extension(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".yaml" || ext == ".yml";
}

// The scenario files under `dir`, following symbolic links to files and directories; a
// directory reached twice (a link loop, or two links to one place) is walked once. A dangling
// link, or an entry that cannot be read, is a problem named in `problems`, never skipped.
std::vector<std::string> scenario_files(const fs::path& dir, std::vector<std::string>& problems) {
  std::vector<std::string> found;
  std::vector<fs::path> walked;
  std::error_code ec;
  walked.push_back(fs::canonical(dir, ec));
  fs::recursive_directory_iterator it(dir, fs::directory_options::follow_directory_symlink, ec);
  if (ec) problems.push_back(fmt::format("{}: {}", dir.string(), ec.message()));
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    std::error_code status_ec;
    if (entry.is_symlink(status_ec) && !fs::exists(entry.path(), status_ec)) {
      problems.push_back(fmt::format("{}: a symbolic link to {}, which does not exist",
                                     entry.path().string(),
                                     fs::read_symlink(entry.path(), status_ec).string()));
    } else if (entry.is_directory(status_ec)) {
      const fs::path real = fs::canonical(entry.path(), status_ec);
      if (std::find(walked.begin(), walked.end(), real) != walked.end())
        it.disable_recursion_pending();
      else
        walked.push_back(real);
    } else if (scenario_extension(entry.path())) {
      found.push_back(entry.path().string());
    }
  }
  if (ec) problems.push_back(fmt::format("{}: {}", dir.string(), ec.message()));
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace

int run_scenarios(const std::vector<std::string>& paths, std::ostream& out) {
  std::vector<std::string> files;
  int failed = 0, passed = 0;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> problems;
      std::vector<std::string> found = scenario_files(p, problems);
      for (const std::string& problem : problems) {
        out << "FAIL " << problem << "\n";
        ++failed;
      }
      if (found.empty() && problems.empty()) {
        out << "FAIL " << p << ": no scenario files (*.yaml, *.yml) in this directory\n";
        ++failed;
      }
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
      // Where the step is: the step's number counts from 1, a load error's steps[N] from 0.
      out << "FAIL " << r.name << ": " << r.failure;
      if (r.line > 0) out << " (" << detail::visible_text(r.file) << ":" << r.line << ")";
      out << "\n";
    }
  }
  out << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace switchcards
