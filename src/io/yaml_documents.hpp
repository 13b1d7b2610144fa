// Documents: the one YAML reading layer of the loaders of variants, scenarios, game records and
// sweep grids.
// It owns the parsed documents of one load, so that a node's file, line and column stay known
// after deep merging nodes from several documents; it checks keys (with suggestions) and reads
// scalars by one set of rules. Private to the library. Every failure is a LoadError,
// what() = `FILE:LINE:COL: key: message`.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/yaml_parse.hpp"  // is_null, is_scalar: every reader's test of a null
#include "io/yaml_text_guard.hpp"
#include "switchcards/io/closest_match.hpp"
#include "switchcards/io/load_error.hpp"

namespace switchcards::detail::yaml {

// A node together with how it was reached, for messages: its key node in the parent map
// (absent for list items and document roots) and the dotted path, e.g. "specials.skip.cap" or
// "deck.ranks[2]" ("" for a root).
struct Entry {
  std::optional<YAML::Node> key;
  YAML::Node value;
  std::string path;
};

// Where a node is: the label of the document holding it and a 1-based position (0 when unknown).
struct Location {
  std::string file;
  int line = 0;
  int column = 0;
};

// "a.b" from "a" and "b"; "b" when the parent path is empty.
std::string child_path(std::string_view parent, std::string_view key);
// "a[3]".
std::string index_path(std::string_view parent, std::size_t index);

// For "did you mean 'X'?" (switchcards/io/closest_match.hpp).
using switchcards::closest_match;

// The documents of one load (a file, the files it extends, overrides), which own the error
// positions: a node keeps its identity through merge(), so an error about a value inherited
// from a base file names that file and its line.
class Documents {
 public:
  // Parses one YAML document with every guard (check_text, then parse_guarded: no anchors,
  // aliases, unknown tags, complex or duplicate keys, deep nesting or second document). Empty
  // text, or only comments, gives a Null node. The document is remembered under `label` for
  // later messages. `max_bytes`: the size check_text allows (game records are larger).
  YAML::Node parse(std::string_view text, std::string label, std::size_t max_bytes = kMaxTextBytes);
  // parse() for a base file reached through `extends:`. `chain` ("top.yaml -> base.yaml") ends
  // every error positioned in it, as "(chain: ...)": the user named another file, and the
  // message says how this one was reached.
  YAML::Node parse_base(std::string_view text, std::string label, std::string chain);

  // One item of a list read by parse_items: its entry ("[i]") and its own text (its lines, the
  // first one's `- ` as spaces: item_text in yaml_parse.hpp), whose first line is line
  // `first_line` + 1 of the file.
  struct Item {
    Entry entry;
    std::string_view text;
    int first_line = 0;
  };
  // parse() for a file that may be a long list (game records: up to 64 MiB, whose whole tree
  // takes some 30 times the text). When the top level is a list whose items are block maps,
  // each begun on a line `- key: ...` (as lists are written), each item is parsed alone, given
  // to `each`, and forgotten: memory holds one item's tree, not the file's. Returns nullopt
  // then. Otherwise it returns the root, as parse() would, to be read instead of whatever
  // `each` was given: also when an item does not parse alone to one block map, or any guard
  // refuses an item (only the whole text says which error comes first). The guards, the
  // errors and every position are parse()'s: an error `each` throws is thrown once every item
  // has passed the guards, as parse() checks the whole tree before anything is read.
  std::optional<YAML::Node> parse_items(std::string_view text, std::string label,
                                        std::size_t max_bytes,
                                        const std::function<void(const Item&)>& each);

  // The document and position of a node from parse() (found by identity, so merged trees work);
  // file = the first document's label and line 0 for any other node.
  Location locate(const YAML::Node& node) const;
  // Whether `node` comes from the document parsed under `label`.
  bool comes_from(const YAML::Node& node, std::string_view label) const;
  // How recent the text that wrote `node` is: a base reached through `extends:` below the file
  // it extends (-1, -2... down the chain), the file loaded 0, its overrides above it, in the
  // order parsed; a document marked as overrides (mark_overrides) above all. INT_MIN for a node
  // of no document (a default).
  int layer(const YAML::Node& node) const;
  // The key `path` ("specials.skip.stack") that merge() deleted (`stack: null`), as an entry
  // whose key and value are the null's key; nullopt if no text deleted it.
  std::optional<Entry> deleted(std::string_view path) const;
  // Marks the document of `node` as overrides of the variant loaded after it (a scenario's
  // `rules:`, parsed with the scenario before its variant): its layer is the most recent.
  void mark_overrides(const YAML::Node& node);
  // The label given to the first parse() ("" before any).
  const std::string& primary_label() const;

  // Throws LoadError about `at`: positioned at its value, or at its key when the value is null
  // or has no position (yaml-cpp gives missing keys mark -1), or failing that at `parent`.
  [[noreturn]] void fail(const Entry& at, const std::string& message,
                         const Entry* parent = nullptr) const;
  // Throws LoadError positioned at the key of `at` (unknown keys, bad map keys).
  [[noreturn]] void fail_at_key(const Entry& at, const std::string& message) const;

  // ---- several errors per load -----------------------------------------------------------
  // With collect_errors(true), attempt(f) records a LoadError thrown by `f` and the load goes
  // on, and expect_keys records each unknown key, so one run reports every independent error
  // of a file; without it (the default) the first error is thrown as usual.
  void collect_errors(bool on) { collect_ = on; }
  template <typename F>
  void attempt(F&& f) const {
    try {
      f();
    } catch (const LoadError& e) {
      record(e);
    }
  }
  // Records `e` (or throws it when not collecting); at kMaxErrors, throws them all.
  void record(const LoadError& e) const;
  // Runs `f` (the whole load); throws every recorded error with a LoadError `f` throws, or
  // after it returns, in file order (by document, then line and column).
  template <typename F>
  auto with_all_errors(F&& f) const {
    try {
      auto result = f();
      throw_recorded(nullptr);
      return result;
    } catch (const LoadError& e) {
      if (!errors_.empty()) throw_recorded(&e);
      throw;
    }
  }
  // Throws the errors recorded so far, if any: for a load whose next part depends on what the
  // previous part read.
  void stop_if_errors() const { throw_recorded(nullptr); }
  // How many errors are recorded so far.
  std::size_t error_count() const { return errors_.size(); }
  static constexpr std::size_t kMaxErrors = 20;

  // Deep merge for `extends:` and overrides. Maps merge key by key, recursively; lists and
  // scalars in `overlay` replace; a null value in `overlay` (`~`, `null`, `!!null`) deletes the
  // key (an error naming the key, with a suggestion, when `base` has no such key: recorded as
  // by attempt(), and the key left out, so the rest of the load is still checked). An empty
  // value (`key:` and nothing) deletes nothing: over a base's key it is an error (recorded so,
  // the base's value kept), and a new key keeps it, for its reader to refuse. Key order: the base's
  // keys in the base's order, then the overlay's new keys. Returns the merged node. `overlay`'s
  // maps are rebuilt in place and `base`'s subtrees are shared, not copied (so positions survive):
  // use only the result afterwards. `path` names the nodes in messages.
  YAML::Node merge(const YAML::Node& base, YAML::Node overlay, const std::string& path = "");

  // An Entry for a document root (path "").
  static Entry root(const YAML::Node& node) { return Entry{std::nullopt, node, ""}; }

  // Fails unless `e` is a map ("expected a map, got ...").
  void expect_map(const Entry& e) const;
  // Fails unless `e` is a map whose keys all appear in `allowed`; an unknown key is reported at
  // its own position with "did you mean 'X'?" or else the list of allowed keys.
  void expect_keys(const Entry& e, std::initializer_list<std::string_view> allowed) const;
  void expect_keys(const YAML::Node& map, std::initializer_list<std::string_view> allowed,
                   std::string_view path) const;
  // Whether expect_keys answered an unknown key with "did you mean '`key`'?": a missing `key`
  // is then the same mistake, already reported.
  bool suggested(std::string_view key) const;
  // The entry under `key` of map `e`, if present.
  std::optional<Entry> find(const Entry& e, std::string_view key) const;
  // As find, but a missing key fails at the map's position ("missing required key 'name'").
  Entry require(const Entry& e, std::string_view key) const;
  // The entries of map `e`, in order.
  std::vector<Entry> map_entries(const Entry& e) const;
  // The items of list `e`, in order (fails for a non-list).
  std::vector<Entry> list_items(const Entry& e) const;
  // A scalar as a list of one, or the items of a list (for selectors: "J" or [J, Q, K]).
  std::vector<Entry> scalar_or_list(const Entry& e) const;

  // Typed getters. Each fails with the path, the expected type or range, and what was found.
  // Integers: plain decimal scalars (or tagged !!int) within [min, max]; quoted "5" is a string.
  int get_int(const Entry& e, int min, int max) const;
  // The key of `e` read as an integer within [min, max] (maps keyed by player counts).
  int key_int(const Entry& e, int min, int max) const;
  // A whole number from 0 to 2^64 - 1 (seeds): plain decimal, as get_int.
  std::uint64_t get_u64(const Entry& e) const;
  // Finite numbers, `min < x <= max` when min_exclusive, else `min <= x <= max`.
  double get_double(const Entry& e, double min, double max, bool min_exclusive) const;
  // true/false (also yes/no, on/off; any case).
  bool get_bool(const Entry& e) const;
  // Any scalar (plain or quoted), not null.
  std::string get_string(const Entry& e) const;
  // One of the names in `choices`; the message lists them all.
  template <typename E>
  E get_enum(const Entry& e, std::initializer_list<std::pair<std::string_view, E>> choices) const {
    const std::string text = get_string(e);
    std::vector<std::string_view> names;
    for (const auto& [name, value] : choices) {
      if (name == text) return value;
      names.push_back(name);
    }
    fail(e, enum_message(text, names));
  }

 private:
  struct Doc {
    std::string label;
    YAML::Node root;
    std::vector<YAML::Node> nodes;  // every node of the tree, keys included, for locate()
    std::string chain;              // parse_base: how the document was reached
    int first_line = 0;             // parse_items: the 0-based line of its first in the file
    // The nulls written as nothing (`key:` and no value), which merge() does not take for a
    // deletion: a section whose lines were commented out is more likely a slip than a wish.
    std::vector<YAML::Node> empty_values;
    bool overrides = false;  // mark_overrides
  };
  const Doc* find_doc(const YAML::Node& node) const;
  // Whether `node` is a null written as nothing in its document (Doc::empty_values).
  bool written_empty(const YAML::Node& node) const;
  // parse_items' items, one at a time; false when one does not parse alone (or is refused).
  bool read_items(std::string_view text, const std::string& label,
                  const std::vector<ListItem>& items, const std::function<void(const Item&)>& each);
  static std::string enum_message(std::string_view text, std::span<const std::string_view> names);
  [[noreturn]] void fail_at(const YAML::Node& node, const std::string& path,
                            const std::string& message) const;
  // Throws the recorded errors, and `last` (the one that stopped the load) if given; returns
  // when there are none.
  void throw_recorded(const LoadError* last) const;
  std::vector<Doc> docs_;
  bool collect_ = false;
  mutable std::vector<LoadError> errors_;
  mutable std::vector<std::string> suggested_;
  // The keys merge() deleted (`key: null`), by path, with the null's key node: a required key
  // deleted so is reported there, not at the base's map that lost it.
  std::vector<std::pair<std::string, YAML::Node>> deleted_;
};

// What a node holds, for messages, one way for every reader: "a map", "a list", "null" (also
// `!!null ~`), "'5'" for a plain scalar, "the text '5'" for a quoted or `!!str` one, "'5'
// tagged !!float" for another tag.
std::string describe(const YAML::Node& node);

}  // namespace switchcards::detail::yaml
