// Game records as YAML, and replaying them; see include/switchcards/io/replay.hpp.
#include "switchcards/io/replay.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <limits>
#include <optional>
#include <ostream>
#include <sstream>
#include <string_view>
#include <tuple>
#include <utility>

#include "io/load_recorded_variant.hpp"
#include "io/record_shape.hpp"
#include "io/write_file.hpp"
#include "io/yaml_documents.hpp"
#include "io/yaml_text_guard.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/match_driver.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"

namespace switchcards {

namespace {

constexpr std::string_view kFormat = "switchcards-game/1";

// ---- writing ----------------------------------------------------------------------------

void emit_ints(YAML::Emitter& out, const char* key, const std::vector<int>& values) {
  out << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (int v : values) out << v;
  out << YAML::EndSeq;
}

// A seat, or null for none (a round's stalemate or unfinished end, a match without a result),
// as the JSON form writes it.
void emit_seat_or_none(YAML::Emitter& out, const char* key, int seat) {
  out << YAML::Key << key << YAML::Value;
  if (seat < 0)
    out << YAML::Null;
  else
    out << seat;
}

// `record` of `of` (from 1): the record's place in a list (0 for a record written alone).
void emit_record(YAML::Emitter& out, const GameRecord& r, std::size_t record = 0,
                 std::size_t of = 0) {
  out << YAML::BeginMap;
  out << YAML::Key << "format" << YAML::Value << std::string(kFormat);
  if (of > 0) {
    out << YAML::Key << "list" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "record" << YAML::Value << record;
    out << YAML::Key << "of" << YAML::Value << of << YAML::EndMap;
  }
  out << YAML::Key << "variant" << YAML::Value << r.variant;
  if (!r.variant_text.empty())
    out << YAML::Key << "variant_text" << YAML::Value << YAML::Literal << r.variant_text;
  if (!r.rules.empty()) out << YAML::Key << "rules" << YAML::Value << YAML::Literal << r.rules;
  out << YAML::Key << "players" << YAML::Value << r.players;
  if (!r.agents.empty())  // a record written by hand may leave them out, and reads back so
    out << YAML::Key << "agents" << YAML::Value << YAML::Flow << r.agents;
  out << YAML::Key << "seed" << YAML::Value << r.seed;
  out << YAML::Key << "match" << YAML::Value << r.match;
  out << YAML::Key << "rounds" << YAML::Value << YAML::BeginSeq;
  for (const RecordedRound& round : r.rounds) {
    out << YAML::BeginMap;
    out << YAML::Key << "seed" << YAML::Value << round.seed;
    out << YAML::Key << "dealer" << YAML::Value << round.dealer;
    emit_ints(out, "seats", round.seats);
    out << YAML::Key << "actions" << YAML::Value << YAML::BeginSeq;
    for (Action a : round.actions) out << to_string(a);
    out << YAML::EndSeq;
    emit_seat_or_none(out, "winner", round.winner);
    emit_ints(out, "scores", round.scores);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  if (r.match) {
    out << YAML::Key << "result" << YAML::Value << YAML::BeginMap;
    emit_ints(out, "totals", r.totals);
    emit_seat_or_none(out, "winner", r.match_winner);
    emit_seat_or_none(out, "loser", r.match_loser);
    if (r.round_cap > 0) out << YAML::Key << "round_cap" << YAML::Value << r.round_cap;
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
}

// ---- reading ----------------------------------------------------------------------------

using detail::yaml::Documents;
using detail::yaml::Entry;

// A seat or none: null (~), as records are written and the JSON form writes it, or -1, as
// records of earlier versions wrote it.
int get_seat_or_none(const Documents& docs, const Entry& e, int players) {
  if (detail::yaml::is_null(e.value)) return -1;
  return docs.get_int(e, -1, players - 1);
}

std::vector<int> get_ints(const Documents& docs, const Entry& e, int min, int max) {
  std::vector<int> out;
  for (const Entry& item : docs.list_items(e)) out.push_back(docs.get_int(item, min, max));
  return out;
}

// Where the first line of a literal block scalar (`key: |`, `|-`, `|+`) starting at `mark` is
// in `text`: its 1-based line, and the column of its content (past the block's indentation).
// {0, 0} for any other scalar (quoted or folded text does not keep the file's lines) and for a
// block with an explicit indentation indicator.
std::pair<int, int> literal_block_start(std::string_view text, const YAML::Mark& mark) {
  if (mark.pos < 0 || static_cast<std::size_t>(mark.pos) >= text.size() || text[mark.pos] != '|')
    return {0, 0};
  std::size_t i = static_cast<std::size_t>(mark.pos) + 1;
  while (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  if (i < text.size() && text[i] >= '1' && text[i] <= '9') return {0, 0};
  // Its text begins on the next line; the indentation is that of the first line not blank.
  for (i = text.find('\n', i); i != std::string_view::npos; i = text.find('\n', i + 1)) {
    std::size_t k = i + 1;
    while (k < text.size() && text[k] == ' ') ++k;
    if (k < text.size() && text[k] != '\n' && text[k] != '\r')
      return {mark.line + 2, static_cast<int>(k - i)};
  }
  return {0, 0};
}

// A key every writer writes at the end of a part of the record (a round's `winner`, a match's
// `result` and the result's `winner` and `loser`, null for none): one that is missing is taken
// for a record cut short, and named so. `where`: "ends every round".
Entry require_ending(const Documents& docs, const Entry& e, std::string_view key,
                     std::string_view where) {
  if (auto found = docs.find(e, key)) return *found;
  Entry missing = e;
  missing.path = detail::yaml::child_path(e.path, key);
  docs.fail(missing, "missing required key '" + std::string(key) + "', which " +
                         std::string(where) + ": is the record cut short?");
}

// A record's place in a list as write_game_records writes it (`list: {record: 4, of: 10}`),
// and where that key is in the file.
struct ListPlace {
  int record = 0;
  int of = 0;
  detail::yaml::Location where;
  std::string path;
};

// The most records a list may say it holds: far more than 64 MiB of records (the largest file
// read) can hold.
constexpr int kMaxListRecords = 1 << 20;

// Checks each record's place in a list as it is read, and at the end that none is missing: a
// list cut between two records (by a copy or a full disk) reads as a good list of fewer
// records, and its places are what tells. A list whose records carry no place (written by
// hand, or by an earlier version) is read as it is.
class ListPlaces {
 public:
  // The record at `position` (from 0) of the list, with its place if it has one.
  void see(const Documents& docs, const Entry& record, const std::optional<Entry>& list,
           std::size_t position) {
    std::optional<ListPlace> place = read_place(docs, list);
    const std::size_t number = position + 1;
    if (position == 0) {
      first_of_ = place ? place->of : 0;
    } else if (place.has_value() != (first_of_ > 0)) {
      const std::string problem =
          place ? fmt::format(
                      "the list's record {} says it is record {} of {}, but the first "
                      "record says no place",
                      number, place->record, place->of)
                : fmt::format(
                      "the list's first record says it is one of {}, but record {} says "
                      "no place: missing key 'list'",
                      first_of_, number);
      docs.fail(list ? *list : record, problem + std::string(kEdited));
    }
    if (place && place->of != first_of_)
      docs.fail(*list, fmt::format("the list's record {} says it is one of {} records, the first "
                                   "one of {}{}",
                                   number, place->of, first_of_, kEdited));
    if (place && static_cast<std::size_t>(place->record) != number)
      docs.fail(*list, fmt::format("the list's record {} says it is record {} of {}: a record is "
                                   "missing, repeated or out of order{}",
                                   number, place->record, place->of, kEdited));
    if (place) last_ = std::move(place);
  }

  // A `list` key read (and its shape checked).
  static std::optional<ListPlace> read_place(const Documents& docs,
                                             const std::optional<Entry>& list) {
    if (!list) return std::nullopt;
    docs.expect_keys(*list, {"record", "of"});
    ListPlace p;
    p.of = docs.get_int(docs.require(*list, "of"), 1, kMaxListRecords);
    p.record = docs.get_int(docs.require(*list, "record"), 1, p.of);
    p.where = docs.locate(list->value);
    p.path = list->path;
    return p;
  }

  // After the list's `count` records.
  void finish(std::size_t count) const {
    if (last_ && count < static_cast<std::size_t>(last_->of))
      throw LoadError(last_->where.file, last_->where.line, last_->where.column, last_->path,
                      fmt::format("the list ends after {} of its {} records: is the file cut "
                                  "short?",
                                  count, last_->of));
  }

 private:
  static constexpr std::string_view kEdited =
      " (a list put together or cut by hand: remove every record's `list` key)";
  int first_of_ = 0;  // the first record's count; 0: the list's records carry no place
  std::optional<ListPlace> last_;
};

// `text`: the text the record's nodes were parsed from, whose first line is line `first_line`
// + 1 of the file (an item of a list read alone). `list`: the record's place in a list, if it
// says one.
GameRecord read_record(const Documents& docs, const Entry& e, std::string_view text, int first_line,
                       const std::string& label, std::optional<Entry>* list = nullptr) {
  if (const std::optional<Entry> version = docs.find(e, "version"))
    docs.fail_at_key(*version,
                     "a game record in YAML has no version; the JSON form of a record (which has "
                     "one) is read alone in its file, not in a list");
  docs.expect_keys(e, {"format", "list", "variant", "variant_text", "rules", "players", "agents",
                       "seed", "match", "rounds", "result"});
  GameRecord r;
  r.lines.record = docs.locate(e.value).line;
  if (auto f = docs.find(e, "format"); f && docs.get_string(*f) != kFormat)
    docs.fail(
        *f, "this file is not a switchcards game record of format '" + std::string(kFormat) + "'");
  if (list != nullptr) *list = docs.find(e, "list");
  r.variant = docs.get_string(docs.require(e, "variant"));
  r.source = label;
  if (auto t = docs.find(e, "variant_text")) {
    r.variant_text = docs.get_string(*t);
    std::tie(r.variant_text_line, r.variant_text_column) =
        literal_block_start(text, t->value.Mark());
    if (r.variant_text_line > 0) r.variant_text_line += first_line;
  }
  if (auto t = docs.find(e, "rules")) r.rules = docs.get_string(*t);
  r.players = docs.get_int(docs.require(e, "players"), 1, kMaxSeats);
  // Each check on a list by seat is made where its entry is, so the error names its line.
  const auto check = [&](const Entry& at, const std::string& problem) {
    if (!problem.empty()) docs.fail(at, problem);
  };
  if (auto a = docs.find(e, "agents")) {
    r.lines.agents = docs.locate(a->value).line;
    for (const Entry& item : docs.list_items(*a)) r.agents.push_back(docs.get_string(item));
    if (!r.agents.empty())  // `agents: []`: none named, as when the key is left out
      check(*a, detail::per_seat_problem(r.agents.size(), r.players, "agent"));
  }
  r.seed = docs.get_u64(docs.require(e, "seed"));
  if (auto m = docs.find(e, "match")) r.match = docs.get_bool(*m);
  for (const Entry& item : docs.list_items(docs.require(e, "rounds"))) {
    docs.expect_keys(item, {"seed", "dealer", "seats", "actions", "winner", "scores"});
    RecordedRound round;
    r.lines.rounds.push_back(docs.locate(item.value).line);
    r.lines.actions.emplace_back();
    round.seed = docs.get_u64(docs.require(item, "seed"));
    round.dealer = docs.get_int(docs.require(item, "dealer"), 0, r.players - 1);
    if (auto s = docs.find(item, "seats")) {
      round.seats = get_ints(docs, *s, 0, r.players - 1);
      check(*s, detail::seats_problem(round.seats));
    }
    for (const Entry& a : docs.list_items(docs.require(item, "actions"))) {
      try {
        round.actions.push_back(parse_action(docs.get_string(a)));
        r.lines.actions.back().push_back(docs.locate(a.value).line);
      } catch (const NotationError& error) {
        docs.fail(a, error.what());
      }
    }
    // Every round says how it ended, null when no seat won: a file cut short inside a round
    // (by a copy or an editor; the program writes in place) lacks it, and must not replay as a
    // game saved in the middle of that round.
    round.winner =
        get_seat_or_none(docs, require_ending(docs, item, "winner", "ends every round"), r.players);
    if (auto s = docs.find(item, "scores")) {
      round.scores = get_ints(docs, *s, -detail::kRecordScoreLimit, detail::kRecordScoreLimit);
      if (!round.scores.empty())  // records written by hand may leave them out
        check(*s, detail::per_seat_problem(round.scores.size(), r.players, "score"));
    }
    r.rounds.push_back(std::move(round));
  }
  // A match's record ends with its result, as a round with its winner.
  if (r.match) (void)require_ending(docs, e, "result", "ends every match record");
  if (auto result = docs.find(e, "result")) {
    if (!r.match) docs.fail(*result, detail::kResultOfNoMatch);
    docs.expect_keys(*result, {"totals", "winner", "loser", "round_cap"});
    if (auto t = docs.find(*result, "totals")) {
      r.totals = get_ints(docs, *t, -detail::kRecordTotalLimit, detail::kRecordTotalLimit);
      if (!r.totals.empty())
        check(*t, detail::per_seat_problem(r.totals.size(), r.players, "total"));
    }
    // Written after the totals, and before the round cap: a result cut after its totals would
    // read as a match without a winner, and one stopped at its cap as one that simply stopped.
    r.match_winner = get_seat_or_none(
        docs, require_ending(docs, *result, "winner", "every match result states"), r.players);
    r.match_loser = get_seat_or_none(
        docs, require_ending(docs, *result, "loser", "every match result states"), r.players);
    if (auto c = docs.find(*result, "round_cap"))
      r.round_cap = docs.get_int(*c, 1, kMaxMatchRounds);
  }
  return r;
}

// Whether the text's first character, past a byte order mark and white space, is `{`: a JSON
// document (or a YAML flow map).
bool opens_with_brace(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  const std::size_t at = text.find_first_not_of(" \t\r\n");
  return at != std::string_view::npos && text[at] == '{';
}

std::vector<GameRecord> read_records(std::string_view text, const std::string& label) {
  Documents docs;
  std::vector<GameRecord> out;
  ListPlaces places;
  // A list as records are written is read one record at a time (a file may hold thousands).
  const std::optional<YAML::Node> whole = docs.parse_items(
      text, label, detail::yaml::kMaxRecordBytes, [&](const Documents::Item& item) {
        std::optional<Entry> list;
        out.push_back(read_record(docs, item.entry, item.text, item.first_line, label, &list));
        places.see(docs, item.entry, list, out.size() - 1);
      });
  if (!whole) {
    places.finish(out.size());
    return out;
  }
  out.clear();  // read whole after all
  places = ListPlaces{};
  const YAML::Node& root = *whole;
  const Entry top = Documents::root(root);
  if (root.IsSequence()) {
    // An empty list would replay nothing and pass.
    if (root.size() == 0)
      docs.fail(top, "a list of no game records: nothing to replay (a record, or a list of them)");
    for (const Entry& item : docs.list_items(top)) {
      std::optional<Entry> list;
      out.push_back(read_record(docs, item, text, 0, label, &list));
      places.see(docs, item, list, out.size() - 1);
    }
    places.finish(out.size());
  } else if ((docs.find(top, "version") || docs.find(top, "format")) && opens_with_brace(text)) {
    // The JSON form of a record (to_json, a Python GameRecord's to_json) is YAML too; its
    // brace and its header (`format` and `version`, either of which a YAML record lacks) say
    // which it is, and its own reader checks it as JSON, the header first.
    GameRecord record = record_from_json(text, label);
    record.source = label;
    out.push_back(std::move(record));
  } else {
    // A record alone may have been taken from a list: its place is read, not checked.
    std::optional<Entry> list;
    out.push_back(read_record(docs, top, text, 0, label, &list));
    (void)ListPlaces::read_place(docs, list);
  }
  return out;
}

std::string ints_text(const std::vector<int>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
  return out + "]";
}

// A seat, or "null" for none, as records write it.
std::string seat_or_null(int seat) {
  return seat < 0 ? "null" : std::to_string(seat);
}

}  // namespace

// ---- public --------------------------------------------------------------------------------

void write_game_record(std::ostream& out, const GameRecord& record) {
  YAML::Emitter e;
  e.SetNullFormat(YAML::LowerNull);
  emit_record(e, record);
  out << "# A switchcards game record: `switchcards replay FILE` checks it.\n" << e.c_str() << "\n";
}

void write_game_records(std::ostream& out, const std::vector<GameRecord>& records) {
  if (records.size() == 1) return write_game_record(out, records.front());
  YAML::Emitter e;
  e.SetNullFormat(YAML::LowerNull);
  e << YAML::BeginSeq;
  // Each record says its place, so that a list cut between two records is refused.
  for (std::size_t k = 0; k < records.size(); ++k)
    emit_record(e, records[k], k + 1, records.size());
  e << YAML::EndSeq;
  out << "# switchcards game records: `switchcards replay FILE` checks them.\n"
      << e.c_str() << "\n";
}

void write_game_record(const std::string& path, const GameRecord& record) {
  std::ostringstream text;
  write_game_record(text, record);
  detail::write_text_file(path, text.view());
}

std::vector<GameRecord> read_game_records(const std::string& path) {
  // Records are larger than variants: a long match's passes a megabyte.
  return read_records(detail::yaml::read_text_file(path, path, detail::yaml::kMaxRecordBytes),
                      path);
}

std::vector<GameRecord> read_game_records_from_string(std::string_view yaml,
                                                      std::string_view label) {
  return read_records(yaml, std::string(label));
}

Variant record_variant(const GameRecord& record, std::string_view base_dir) {
  namespace fs = std::filesystem;
  const std::string label = record.variant.empty() ? std::string("variant_text") : record.variant;
  // A record written now embeds the resolved variant (no `extends:`, rules merged): it loads
  // alone. An older record's text may extend a file beside the record, with `rules` apart.
  if (!record.variant_text.empty()) {
    if (record.source.empty())
      return detail::load_recorded_variant(record.variant_text, label, base_dir, record.rules,
                                           "rules");
    // Read from a file: an error in the text is placed in that file where the text's lines
    // are the file's, else named as the record's variant_text.
    const std::string text_label = record.source + ": variant_text";
    try {
      return detail::load_recorded_variant(record.variant_text, text_label, base_dir, record.rules,
                                           "rules");
    } catch (const LoadError& e) {
      const bool placed = record.variant_text_line > 0;
      std::vector<LoadError> errors;
      for (const LoadError& one : e.errors()) {
        if (one.file() != text_label || !placed || one.line() <= 0) {
          errors.push_back(one);
          continue;
        }
        errors.emplace_back(record.source, one.line() + record.variant_text_line - 1,
                            one.column() + record.variant_text_column - 1, one.key(),
                            one.message());
      }
      throw LoadError(std::move(errors), e.truncated());
    }
  }
  // No text (a record written by hand): the variant by name or path, a relative path looked
  // for beside the record first, then from the current directory.
  std::string path = record.variant;
  if (!record.variant.empty() && fs::path(record.variant).is_relative()) {
    const fs::path beside = fs::path(base_dir) / record.variant;
    std::error_code ec;
    if (fs::exists(beside, ec)) path = beside.string();
  }
  if (!record.rules.empty()) return load_variant(path, record.rules, "rules");
  return load_variant(path);
}

ReplayResult replay_game(const GameRecord& record, std::string_view base_dir, int until) {
  const Variant variant = record_variant(record, base_dir);
  const Engine engine(variant);
  ReplayResult result;
  const auto fail = [&](std::string why, int line = 0) {
    result.failure = std::move(why);
    result.line = line > 0 ? line : record.lines.record;
    return result;
  };
  // A record names its variant (a built-in name, or a path) and embeds its rules: a name that
  // is not the embedded rules' would label a replay of other rules.
  const std::filesystem::path named(record.variant);
  const bool a_path =
      named.has_parent_path() || named.extension() == ".yaml" || named.extension() == ".yml";
  if (!record.variant_text.empty() && !record.variant.empty() && !a_path &&
      record.variant != variant.name)
    return fail("variant: '" + record.variant + "', but its variant_text is the rules of '" +
                variant.name + "'");
  if (record.players < 1 || record.players > kMaxSeats)
    return fail("players: " + std::to_string(record.players) + " is not a seat count");
  // A round's record without its round would replay nothing and pass. (A match saved before
  // its first round is a record of its own: unfinished.)
  if (record.rounds.empty() && !record.match)
    return fail("rounds: the record has no rounds: nothing to replay");
  // A match is replayed through its driver, which deals each round as Match did; a single
  // round is dealt as the record says. No round cap: the record says where a match stopped.
  MatchStart start;
  start.max_rounds = std::numeric_limits<int>::max();
  std::optional<MatchDriver> driver;
  try {
    driver.emplace(variant, record.players, record.seed, start);
  } catch (const std::invalid_argument& e) {
    return fail(std::string("cannot play this record: ") + e.what());
  }

  for (std::size_t i = 0; i < record.rounds.size(); ++i) {
    const RecordedRound& round = record.rounds[i];
    const std::string where = "round " + std::to_string(i + 1);
    // The lines a record read from a file knows (RecordLines), else 0.
    const auto line_of = [&](const std::vector<int>& lines, std::size_t k) {
      return k < lines.size() ? lines[k] : 0;
    };
    const int round_line = line_of(record.lines.rounds, i);
    const auto fail_round = [&](std::string why) { return fail(std::move(why), round_line); };
    RoundDeal deal;
    if (record.match) {
      if (driver->over()) return fail_round(where + ": the match was already over");
      deal = driver->next_round();
      if (!round.seats.empty() && round.seats != deal.seats)
        return fail_round(where + ": seats " + ints_text(round.seats) +
                          ", but the seats still in are " + ints_text(deal.seats));
      if (round.seed != deal.seed || round.dealer != deal.dealer)
        return fail_round(where + ": dealt by seat " + std::to_string(round.dealer) +
                          " from seed " + std::to_string(round.seed) + ", but round " +
                          std::to_string(i + 1) + " of match seed " + std::to_string(record.seed) +
                          " is dealt by seat " + std::to_string(deal.dealer) + " from seed " +
                          std::to_string(deal.seed));
    } else {
      deal.round = static_cast<int>(i);
      deal.seed = round.seed;
      deal.dealer = round.dealer;
      deal.seats = round.seats;
      if (deal.seats.empty())
        for (int s = 0; s < record.players; ++s) deal.seats.push_back(s);
      // The readers check a record's seats; one built in code is checked here, before a seat
      // past the last indexes the scores.
      for (const int seat : deal.seats)
        if (seat < 0 || seat >= record.players)
          return fail_round(where + ": seat " + std::to_string(seat) + " is not one of the " +
                            std::to_string(record.players) + " seats of the record");
      if (const std::string twice = detail::seats_problem(deal.seats); !twice.empty())
        return fail_round(where + ": " + twice);
      // Only a match leaves seats out of a round (those out of it); a round alone deals every
      // seat, or it would deal a table the variant has no rules for (one seat of a 2-7 game).
      if (deal.seats.size() != static_cast<std::size_t>(record.players))
        return fail_round(where + ": seats " + ints_text(deal.seats) + ", but a round that is no " +
                          "match's deals every seat of the record (0 to " +
                          std::to_string(record.players - 1) + ")");
      deal.round_dealer = deal.round_seat(round.dealer);
      if (deal.round_dealer < 0)
        return fail_round(where + ": the dealer " + std::to_string(round.dealer) +
                          " is not one of the seats " + ints_text(deal.seats));
    }
    State state;
    try {
      state = deal.deal(engine);
    } catch (const std::invalid_argument& e) {
      return fail_round(where + ": cannot deal: " + e.what());
    }
    const auto stop_here = [&](std::size_t k) {
      result.ok = true;
      result.position = ReplayPosition{static_cast<int>(i), static_cast<int>(k), deal.seats, state,
                                       driver->standings()};
    };
    for (std::size_t k = 0; k < round.actions.size(); ++k) {
      if (result.actions == until) {
        stop_here(k);
        return result;
      }
      const Action a = round.actions[k];
      const std::string at =
          where + ", action " + std::to_string(k + 1) + " '" + to_string(a) + "'";
      const int line =
          i < record.lines.actions.size() ? line_of(record.lines.actions[i], k) : round_line;
      if (state.over()) return fail(at + ": the round was already over", line);
      const Refusal refusal = engine.check(state, a);
      if (refusal != Refusal::none)
        return fail(at + ": refused: " + std::string(describe(refusal)), line);
      engine.apply(state, a);
      ++result.actions;
    }
    if (result.actions == until) {  // the round's end, before it is scored
      stop_here(round.actions.size());
      return result;
    }
    if (!state.over() && until >= 0)  // a saved game ends in the middle of a round
      return fail("the record has " + std::to_string(result.actions) + " actions, not " +
                  std::to_string(until));
    if (!state.over()) {
      // A game saved in the middle of a round (play --record, on quit): its last round claims
      // no winner and no scores, and a match's result only the totals before it. Every action
      // was checked; there is nothing to score.
      const bool saved = i + 1 == record.rounds.size() && round.winner < 0 &&
                         round.scores.empty() &&
                         (!record.match || (record.match_winner < 0 && record.match_loser < 0));
      if (!saved)
        return fail_round(where + ": the actions end before the round does (" +
                          std::to_string(round.actions.size()) + " actions)");
      const std::vector<int>& before = driver->standings().totals;
      if (record.match && !record.totals.empty() && record.totals != before)
        return fail("match: recorded totals " + ints_text(record.totals) +
                    ", but the rounds before the unfinished one give " + ints_text(before));
      result.unfinished = true;
      result.ok = true;
      return result;
    }
    const int winner = state.winner >= 0 ? deal.seats[static_cast<std::size_t>(state.winner)] : -1;
    if (winner != round.winner)
      return fail_round(where + ": recorded winner " + seat_or_null(round.winner) + ", replayed " +
                        seat_or_null(winner));
    const std::vector<int> scores = driver->match_scores(deal, state);
    if (!round.scores.empty() && round.scores != scores)
      return fail_round(where + ": recorded scores " + ints_text(round.scores) + ", replayed " +
                        ints_text(scores));
    if (record.match) driver->finish_round(deal, state);
    ++result.rounds;
  }
  if (until >= 0)
    return fail("the record has " + std::to_string(result.actions) + " actions, not " +
                std::to_string(until));
  if (record.match) {
    const std::string after =
        "after " + std::to_string(result.rounds) + (result.rounds == 1 ? " round" : " rounds");
    if (record.round_cap > 0) {
      // A simulation stopped the match at its round cap, and ended it as it stood.
      if (driver->over())
        return fail("match: stopped at a round cap of " + std::to_string(record.round_cap) +
                    ", but its rules ended it " + after);
      if (result.rounds != record.round_cap)
        return fail("match: stopped at a round cap of " + std::to_string(record.round_cap) +
                    ", but the record stops " + after);
      driver->end_now();
    } else if (!driver->over() && (record.match_winner >= 0 || record.match_loser >= 0)) {
      // A result claimed for a match its rules have not ended (only a round cap ends one early,
      // and the record then says so).
      return fail("match: recorded winner " + seat_or_null(record.match_winner) + " and loser " +
                  seat_or_null(record.match_loser) + ", but the match is not over " + after);
    }
    const Standings& standings = driver->standings();
    if (!record.totals.empty() && record.totals != standings.totals)
      return fail("match: recorded totals " + ints_text(record.totals) + ", replayed " +
                  ints_text(standings.totals));
    if (record.match_winner != standings.winner || record.match_loser != standings.loser)
      return fail("match: recorded winner " + seat_or_null(record.match_winner) + " and loser " +
                  seat_or_null(record.match_loser) + ", replayed " +
                  seat_or_null(standings.winner) + " and " + seat_or_null(standings.loser));
  }
  result.ok = true;
  return result;
}

}  // namespace switchcards
