// The guarded parse (see the header). yaml-cpp's tree keeps duplicate keys, tags, marks and
// nesting, so every check that the tree can answer runs on the tree, once, after YAML::Load;
// only what the tree cannot show (anchors, aliases, a second document) needs the parser's event
// stream, and only text that could hold one of them takes that extra pass.
#include "io/yaml_parse.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <yaml-cpp/anchor.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include "io/yaml_text_guard.hpp"
#include "switchcards/io/load_error.hpp"

namespace switchcards::detail::yaml {

namespace {

[[noreturn]] void fail_at_mark(const std::string& label, const YAML::Mark& mark,
                               const std::string& message, std::string key = "") {
  throw LoadError(label, mark.line + 1, mark.column + 1, std::move(key), message);
}

const std::string kNoAnchors = "are not supported: repeat the value, or use `extends:`";

// ---- what only the event stream shows -----------------------------------------------------

// Sees the parser's events before any node is built and refuses what a tree would hide or
// could not survive: an anchor or alias (`&a [*a]` is a cyclic tree, "billion laughs" an
// exponential one) and a second document (YAML::Load would drop it silently).
class EventGuard : public YAML::EventHandler {
 public:
  EventGuard(std::string_view text, const std::string& label) : text_(text), label_(label) {}

  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents_ == 1) return;
    // yaml-cpp also starts a document, without '---', where a line leaves the top-level list
    // (or an indented top-level map): `foo: 1` at column 0 after `- a`.
    const bool marked = mark.pos >= 0 && static_cast<std::size_t>(mark.pos) < text_.size() &&
                        text_.substr(static_cast<std::size_t>(mark.pos)).starts_with("---");
    fail_at_mark(label_, mark,
                 marked ? "a second YAML document ('---'): a file holds one document"
                        : "text after the end of the document (a line that leaves the top-level "
                          "list or map): a file holds one document; indent it to belong to what "
                          "is above");
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { node(mark, anchor); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    fail_at_mark(label_, mark, "aliases (*name) " + kNoAnchors);
  }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                const std::string&) override {
    node(mark, anchor);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    node(mark, anchor);
    open(mark);
  }
  void OnSequenceEnd() override { --depth_; }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    node(mark, anchor);
    open(mark);
  }
  void OnMapEnd() override { --depth_; }
  void OnAnchor(const YAML::Mark& mark, const std::string& name) override {
    fail_at_mark(label_, mark, fmt::format("anchors (&{}) {}", name, kNoAnchors));
  }

 private:
  void node(const YAML::Mark& mark, YAML::anchor_t anchor) const {
    if (anchor != YAML::NullAnchor) fail_at_mark(label_, mark, "anchors (&name) " + kNoAnchors);
  }
  // The nesting the tree check refuses (TreeGuard), here too: past a few hundred levels
  // yaml-cpp's own limit stops the tree before that check could place it.
  void open(const YAML::Mark& mark) {
    if (depth_++ >= kMaxNesting)
      fail_at_mark(label_, mark, fmt::format("nesting deeper than {} levels", kMaxNesting));
  }

  std::string_view text_;
  const std::string& label_;
  int documents_ = 0;
  int depth_ = 0;  // collections open
};

// Whether the text holds none of what only the event stream shows: no `&` or `*` (anchor,
// alias), no line starting `---` or `...` (a second document), and no line that may leave the
// top-level block list or map, after which yaml-cpp starts another document unmarked: one
// indented less than the first line of content, or, under a top-level list, one as indented
// that is no item (`foo: 1` after `- a`). A top level that is neither (a flow collection, a
// scalar) is not judged. A false answer only costs speed: the text then takes the event pass
// too (a '*' in a formula, say).
bool tree_shows_everything(std::string_view text) {
  if (text.find_first_of("&*") != std::string_view::npos) return false;
  const auto is_item = [](std::string_view content) {
    return content == "-" || content.starts_with("- ");
  };
  std::size_t top_indent = std::string_view::npos;  // of the first line of content
  bool top_list = false;
  for (std::size_t line = 0; line < text.size();) {
    std::size_t end = text.find('\n', line);
    if (end == std::string_view::npos) end = text.size();
    std::string_view rest = text.substr(line, end - line);
    if (rest.ends_with('\r')) rest.remove_suffix(1);
    line = end + 1;
    if (rest.starts_with("---") || rest.starts_with("...")) return false;
    const std::size_t indent = rest.find_first_not_of(' ');
    if (indent == std::string_view::npos || rest[indent] == '#') continue;  // blank, comment
    const std::string_view content = rest.substr(indent);
    if (top_indent == std::string_view::npos) {
      if (content.starts_with('%')) return false;  // a directive
      top_list = is_item(content);
      if (!top_list && content.find(':') == std::string_view::npos) return false;
      top_indent = indent;
    } else if (indent < top_indent || (top_list && indent == top_indent && !is_item(content))) {
      return false;
    }
  }
  return true;
}

// ---- what the tree shows ------------------------------------------------------------------

bool core_tag(const std::string& tag) {
  // Nearly every node is untagged: plain ("?"), quoted ("!") or null ("").
  if (tag.size() <= 1 && (tag.empty() || tag[0] == '?' || tag[0] == '!')) return true;
  static const std::set<std::string, std::less<>> kTags = {"",
                                                           "?",
                                                           "!",
                                                           "tag:yaml.org,2002:str",
                                                           "tag:yaml.org,2002:int",
                                                           "tag:yaml.org,2002:float",
                                                           "tag:yaml.org,2002:bool",
                                                           "tag:yaml.org,2002:null",
                                                           "tag:yaml.org,2002:map",
                                                           "tag:yaml.org,2002:seq"};
  return kTags.contains(tag);
}

// The spellings of a null (YAML's core schema), which a `!!null` tag may carry: `!!null ~`,
// `!!null null`, or the tag alone.
bool null_text(std::string_view text) {
  return text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
}

// Where a quoted scalar inside which `from` lies closes: for a double-quoted one (`quote` '"')
// the next '"' not escaped by '\\', for a single-quoted one the next '\'' that is not doubled.
// npos if it does not close in `text`.
std::size_t closing_quote(std::string_view text, std::size_t from, char quote) {
  for (std::size_t i = from; i < text.size(); ++i) {
    if (quote == '"' && text[i] == '\\') {
      ++i;  // an escape: the next character is taken as it is
    } else if (text[i] == quote) {
      if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'')
        ++i;  // '' stands for one quote
      else
        return i;
    }
  }
  return std::string_view::npos;
}

// Whether the quoted scalar that opens at `open` (its quote character) is closed in `text`.
bool quote_closed(std::string_view text, std::size_t open) {
  return closing_quote(text, open + 1, text[open]) != std::string_view::npos;
}

// Refuses, at its place, a tag outside the core schema, a key that is not a non-null scalar, a
// key twice in one map (yaml-cpp keeps both entries), a quoted scalar that is never closed,
// and lists and maps nested deeper than kMaxNesting. Walks in document order (a key, then its
// value), so the first problem in the text is the one reported.
class TreeGuard {
 public:
  TreeGuard(std::string_view text, const std::string& label) : text_(text), label_(label) {}

  // One step of a path, kept on the stack: a map's key, or a list's index (key null). The
  // dotted path is built only for an error.
  struct Step {
    const Step* parent;
    const YAML::Node* key;
    std::size_t index;
  };
  // The dotted path of `at`, as the loaders name keys ("specials.skip.cards", "steps[2]").
  static std::string path_of(const Step* at) {
    if (at == nullptr) return "";
    std::string parent = path_of(at->parent);
    if (at->key == nullptr) return fmt::format("{}[{}]", parent, at->index);
    return parent.empty() ? at->key->Scalar() : parent + "." + at->key->Scalar();
  }

  // `at`: the way from the root to `node`, for the key of an error (null at the root).
  void check(const YAML::Node& node, int depth, const Step* at = nullptr) const {
    check_tag(node);
    if (node.IsScalar()) check_quote(node);
    if (!node.IsMap() && !node.IsSequence()) return;
    if (depth >= kMaxNesting)
      fail_at_mark(label_, node.Mark(), fmt::format("nesting deeper than {} levels", kMaxNesting));
    if (node.IsSequence()) {
      std::size_t index = 0;
      for (const YAML::Node& child : node) {
        const Step step{at, nullptr, index++};
        check(child, depth + 1, &step);
      }
      return;
    }
    Keys keys;
    for (const auto& entry : node) {
      check_key(entry.first, keys, at);
      const Step step{at, &entry.first, 0};
      check(entry.second, depth + 1, &step);
    }
  }

 private:
  void check_tag(const YAML::Node& node) const {
    if (!core_tag(node.Tag()))
      fail_at_mark(label_, node.Mark(),
                   fmt::format("tag '{}' is not supported (only the core schema's !!str, !!int, "
                               "!!float, !!bool, !!null)",
                               node.Tag()));
    // is_null() takes every `!!null` node for a null: only a null may carry the tag.
    if (node.Tag() == kNullTag && !(node.IsScalar() && null_text(node.Scalar())))
      fail_at_mark(label_, node.Mark(),
                   fmt::format("tagged !!null, but {} is not a null (a null is ~, null or nothing; "
                               "remove the tag or the value)",
                               node.IsMap()        ? "a map"
                               : node.IsSequence() ? "a list"
                                                   : fmt::format("'{:.40}'", node.Scalar())));
    // A !!map or !!seq tag on another kind of node says one thing and holds another (QA:
    // `last_card: !!seq {penalty: 3}` loaded as the map).
    const bool map_tag = node.Tag() == "tag:yaml.org,2002:map";
    const bool seq_tag = node.Tag() == "tag:yaml.org,2002:seq";
    if ((map_tag && !node.IsMap()) || (seq_tag && !node.IsSequence()))
      fail_at_mark(
          label_, node.Mark(),
          fmt::format("tagged {}, but this is {}: remove the tag", map_tag ? "!!map" : "!!seq",
                      node.IsMap()        ? "a map"
                      : node.IsSequence() ? "a list"
                                          : "a scalar"));
  }

  // The keys of one map seen so far: a short list searched in order (the maps of a variant
  // have a handful of keys), a sorted index once it grows, so a hostile map of 100,000 keys
  // costs n log n, not n².
  struct Keys {
    static constexpr std::size_t kLinear = 16;
    std::vector<std::pair<std::string_view, YAML::Mark>> list;
    std::map<std::string_view, YAML::Mark, std::less<>> index;

    // The mark of an earlier `key`, or nullptr after remembering this one at `mark`.
    const YAML::Mark* seen(std::string_view key, const YAML::Mark& mark) {
      if (list.size() < kLinear) {
        for (const auto& [k, m] : list)
          if (k == key) return &m;
        list.emplace_back(key, mark);
        if (list.size() == kLinear) index.insert(list.begin(), list.end());
        return nullptr;
      }
      const auto [it, inserted] = index.emplace(key, mark);
      return inserted ? nullptr : &it->second;
    }
  };

  // yaml-cpp 0.7 takes a quoted scalar whose closing quote is missing up to the end of the
  // text when the text ends with a line break, swallowing every line after the quote (a
  // `match:` line after `title: "Switch` vanished into the title). A quoted scalar's mark is
  // its opening quote.
  void check_quote(const YAML::Node& node) const {
    if (node.Tag() != "!") return;  // plain: no quotes
    const YAML::Mark mark = node.Mark();
    // Marks count from after a byte order mark.
    const std::size_t open =
        static_cast<std::size_t>(mark.pos) + (text_.starts_with("\xEF\xBB\xBF") ? 3 : 0);
    if (mark.pos < 0 || open >= text_.size()) return;
    if (text_[open] != '"' && text_[open] != '\'') return;  // a block scalar (| or >)
    if (!quote_closed(text_, open))
      fail_at_mark(
          label_, mark,
          fmt::format("this quoted text is never closed: the closing {} is missing", text_[open]));
    // The text guard saw the raw text; a double-quoted escape (\e, \x07, \u0000) makes a
    // control character only now, and a title or name with one would reach the terminal.
    if (text_[open] == '"') check_controls(node.Scalar(), mark);
  }

  // The YAML printable set, as the text guard checks the raw text: no control characters but
  // tab, line feed and carriage return (C0, DEL, and C1 as UTF-8 0xC2 0x80-0x9F but NEL).
  void check_controls(std::string_view value, const YAML::Mark& mark) const {
    for (std::size_t i = 0; i < value.size(); ++i) {
      const auto c = static_cast<unsigned char>(value[i]);
      const auto next = i + 1 < value.size() ? static_cast<unsigned char>(value[i + 1]) : 0u;
      const bool c1 = c == 0xC2 && next >= 0x80 && next <= 0x9F && next != 0x85;
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F || c1)
        fail_at_mark(label_, mark,
                     fmt::format("this quoted text holds the control character {} (from an "
                                 "escape): not text to show",
                                 c1 ? fmt::format("U+{:04X}", next) : fmt::format("0x{:02X}", c)));
    }
  }

  void check_key(const YAML::Node& key, Keys& keys, const Step* map) const {
    check_tag(key);
    if (key.IsScalar()) check_quote(key);
    if (key.IsSequence())
      fail_at_mark(label_, key.Mark(), "a list used as a key: keys must be plain text");
    if (key.IsMap())
      fail_at_mark(label_, key.Mark(), "a map used as a key: keys must be plain text");
    if (!is_scalar(key)) fail_at_mark(label_, key.Mark(), "an empty (null) key");
    if (const YAML::Mark* first = keys.seen(key.Scalar(), key.Mark())) {
      const Step here{map, &key, 0};
      fail_at_mark(label_, key.Mark(),
                   fmt::format("duplicate key '{}' (first at line {}, column {})", key.Scalar(),
                               first->line + 1, first->column + 1),
                   path_of(&here));
    }
  }

  std::string_view text_;
  const std::string& label_;
};

// ---- yaml-cpp's own errors ------------------------------------------------------------------

// The lines of `text`, without their line breaks.
std::vector<std::string_view> text_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

// The first tab in the indentation of a line up to `last_line` (0-based), as 1-based line
// and column: YAML indents with spaces only, and yaml-cpp's message for a tab ("illegal map
// value", "end of map not found") does not say so.
std::optional<std::pair<int, int>> tab_in_indentation(std::string_view text, int last_line) {
  const std::vector<std::string_view> lines = text_lines(text);
  for (int l = 0; l <= last_line && l < static_cast<int>(lines.size()); ++l) {
    const std::string_view line = lines[static_cast<std::size_t>(l)];
    for (std::size_t i = 0; i < line.size() && (line[i] == ' ' || line[i] == '\t'); ++i)
      if (line[i] == '\t') return std::pair{l + 1, static_cast<int>(i) + 1};
  }
  return std::nullopt;
}

// ---- hints for yaml-cpp's syntax errors ------------------------------------------------------
//
// yaml-cpp names where it noticed a line indented wrongly or a flow collection left open ("end
// of map not found", "illegal map value", "end of map flow not found"), often a line after the
// cause, and not the cause. These read the text around the place for a hint. They only
// decorate an error yaml-cpp raised, so a rough reading of the text (no tags, anchors or
// multi-line plain scalars) costs at most a missing hint.

// A line that holds YAML: not blank, not only a comment.
bool holds_yaml(std::string_view line) {
  const std::size_t first = line.find_first_not_of(' ');
  return first != std::string_view::npos && line[first] != '#';
}

int indentation(std::string_view line) {
  return static_cast<int>(std::min(line.find_first_not_of(' '), line.size()));
}

// The column a line's content starts in, past the dashes of list items: `  - do: x` is 4.
int content_column(std::string_view line) {
  std::size_t i = static_cast<std::size_t>(indentation(line));
  while (i < line.size() && line[i] == '-' && (i + 1 == line.size() || line[i + 1] == ' '))
    i = std::min(line.find_first_not_of(' ', i + 1), line.size());
  return static_cast<int>(i);
}

// Where a value starts on a line of block context: past `key: ` and list dashes; npos if the
// line has no `: ` outside quotes.
std::size_t value_start(std::string_view line) {
  const std::size_t content = static_cast<std::size_t>(content_column(line));
  // A flow collection or a complex key (`{a: b}: c`, `? a`) as the key: not read here.
  if (content < line.size() &&
      (line[content] == '{' || line[content] == '[' || line[content] == '?'))
    return std::string_view::npos;
  for (std::size_t i = content; i < line.size(); ++i) {
    const char c = line[i];
    if ((c == '"' || c == '\'') && (i == content || line[i - 1] == ' ')) {
      i = closing_quote(line, i + 1, c);
      if (i == std::string_view::npos) return i;
    } else if (c == '#' && (i == 0 || line[i - 1] == ' ')) {
      return std::string_view::npos;
    } else if (c == ':' && (i + 1 == line.size() || line[i + 1] == ' ')) {
      return std::min(line.find_first_not_of(' ', i + 1), line.size());
    }
  }
  return std::string_view::npos;
}

// The flow collections ('{', '[') of the text: those open at the place yaml-cpp noticed the
// error (0-based line and column), innermost last, and those that close somewhere, as 1-based
// line and column. Quoted scalars, comments, block scalars (`|`, `>`) and brackets inside
// plain scalars (`a{b`) do not count.
struct Flows {
  std::vector<std::pair<int, int>> open_at_error;
  std::set<std::pair<int, int>> closed;
};

Flows scan_flows(const std::vector<std::string_view>& lines, int error_line, int error_column) {
  Flows flows;
  std::vector<std::pair<int, int>> open;
  bool seen = false;
  const auto at_error = [&](int l, std::size_t i) {
    if (!seen && (l > error_line || (l == error_line && static_cast<int>(i) >= error_column))) {
      flows.open_at_error = open;
      seen = true;
    }
  };
  char quote = 0;
  int block_scalar = -1;    // the column of the key of a block scalar being skipped
  bool value_below = true;  // the last line left its value to the lines below (`key:`, `-`)
  for (int l = 0; l < static_cast<int>(lines.size()); ++l) {
    const std::string_view line = lines[static_cast<std::size_t>(l)];
    if (block_scalar >= 0 && quote == 0 &&
        (!holds_yaml(line) || indentation(line) > block_scalar)) {
      at_error(l, line.size());
      continue;
    }
    block_scalar = -1;
    bool at_start = true;  // where a scalar or a collection may begin
    // A line of block context opens a flow collection only where a value may begin: after
    // `key:` or `-` on the line above (or on this line). Elsewhere it goes on a plain scalar
    // from the line above ("this is\n  [draft text").
    bool line_start = open.empty() && quote == 0;
    char last = 0;  // the line's last character outside comments, spaces and quotes
    std::size_t i = static_cast<std::size_t>(indentation(line));
    if (quote != 0) {  // a quoted scalar going on from the line above
      i = closing_quote(line, 0, quote);
      if (i == std::string_view::npos) {
        at_error(l, line.size());
        continue;
      }
      quote = 0;
      at_start = false;
      ++i;
    }
    for (; i < line.size(); ++i) {
      at_error(l, i);
      const char c = line[i];
      const char next = i + 1 < line.size() ? line[i + 1] : ' ';
      if (c != ' ' && !(c == '#' && (i == 0 || line[i - 1] == ' '))) {
        last = c;
        if (line_start && (c == '{' || c == '[') && !value_below) {
          line_start = false;
          at_start = false;
          continue;
        }
        line_start = false;
      }
      if (c == ' ') {
      } else if (c == '#' && (i == 0 || line[i - 1] == ' ')) {
        break;
      } else if (at_start && (c == '"' || c == '\'')) {
        const std::size_t close = closing_quote(line, i + 1, c);
        if (close == std::string_view::npos) {
          quote = c;  // it goes on over the next line
          break;
        }
        i = close;
        at_start = false;
      } else if ((c == '{' || c == '[') && (at_start || !open.empty())) {
        open.emplace_back(l + 1, static_cast<int>(i) + 1);
        at_start = true;
      } else if ((c == '}' || c == ']') && !open.empty()) {
        flows.closed.insert(open.back());
        open.pop_back();
        at_start = false;
      } else if (c == ',' && !open.empty()) {
        at_start = true;
      } else if (c == '-' && at_start && open.empty() && next == ' ') {
      } else if (c == ':' && (next == ' ' || (!open.empty() && (next == ',' || next == '}')))) {
        at_start = true;
      } else if ((c == '|' || c == '>') && at_start && open.empty()) {
        block_scalar = content_column(line);
        break;
      } else {
        at_start = false;
      }
    }
    at_error(l, line.size());
    if (holds_yaml(line) && open.empty() && quote == 0 && block_scalar < 0)
      value_below = last == ':' || last == '-';
  }
  at_error(static_cast<int>(lines.size()), 0);
  return flows;
}

// The hint for one of yaml-cpp's messages about the structure, or "".
std::string syntax_hint(std::string_view text, const YAML::Mark& mark, std::string_view message) {
  const bool flow_message = message.find("flow not found") != std::string_view::npos;
  const bool block_message = message.find("end of map not found") != std::string_view::npos ||
                             message.find("end of sequence not found") != std::string_view::npos ||
                             message.find("illegal map value") != std::string_view::npos;
  if (!flow_message && !block_message) return "";
  const std::vector<std::string_view> lines = text_lines(text);
  const Flows flows = scan_flows(lines, mark.line, mark.column);
  // The innermost collection open where yaml-cpp stopped that never closes.
  for (auto it = flows.open_at_error.rbegin(); it != flows.open_at_error.rend(); ++it)
    if (!flows.closed.contains(*it))
      return fmt::format(
          " (the '{}' at line {}, column {} is not closed)",
          lines[static_cast<std::size_t>(it->first - 1)][static_cast<std::size_t>(it->second - 1)],
          it->first, it->second);
  if (!block_message || !flows.open_at_error.empty()) return "";
  // The line noticed, or the last line that holds YAML when yaml-cpp noticed at the end.
  int at = std::min(mark.line, static_cast<int>(lines.size()) - 1);
  while (at > 0 && !holds_yaml(lines[static_cast<std::size_t>(at)])) --at;
  const std::string_view line = lines[static_cast<std::size_t>(at)];
  // `skip: cards: 8`: a second `: ` in a value, which YAML reads as a map where none may start.
  if (const std::size_t value = value_start(line);
      value != std::string_view::npos && value < line.size() && line[value] != '"' &&
      line[value] != '\'' && line[value] != '{' && line[value] != '[' &&
      value_start(line.substr(value)) != std::string_view::npos)
    return fmt::format(
        " (line {} has a second ': ' after its key: quote a value that holds ': ', or put the "
        "map under the key on lines of its own)",
        at + 1);
  int above = at - 1;
  while (above >= 0 && !holds_yaml(lines[static_cast<std::size_t>(above)])) --above;
  if (above < 0) return "";
  const std::string_view prev = lines[static_cast<std::size_t>(above)];
  const int indent = indentation(line);
  const std::size_t prev_value = value_start(prev);
  const bool prev_opens = prev_value == prev.size();  // `key:` with its value on the lines below
  // Under a key whose value is already on its line: `after: end_turn` then a deeper key.
  if (indent > content_column(prev) && prev_value != std::string_view::npos && !prev_opens &&
      prev[prev_value] != '|' && prev[prev_value] != '>')
    return fmt::format(
        " (line {} is indented under line {}, whose key already has its value on that line: "
        "line it up with the keys above it)",
        at + 1, above + 1);
  // The first line under `key:` starts a column of its own.
  if (prev_opens && indent > content_column(prev)) return "";
  // An indentation no line above has: the keys of one map (the items of one list) start in one
  // column.
  std::set<int> columns;
  for (int l = 0; l < at; ++l) {
    const std::string_view t = lines[static_cast<std::size_t>(l)];
    if (!holds_yaml(t)) continue;
    columns.insert(indentation(t));
    columns.insert(content_column(t));
  }
  if (!columns.contains(indent))
    return fmt::format(
        " (line {} is indented by {} {}, which lines up with no line above it: the keys of one "
        "map (the items of one list) start in the same column)",
        at + 1, indent, indent == 1 ? "space" : "spaces");
  return "";
}

// The event pass.
void run_event_guard(const std::string& text, const std::string& label) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  EventGuard guard(text, label);
  while (parser.HandleNextDocument(guard)) {
  }
}

// The event pass, when the text needs it.
void guard_events(const std::string& text, const std::string& label) {
  if (!tree_shows_everything(text)) run_event_guard(text, label);
}

// YAML::Load, after the event pass when the text needs it; yaml-cpp's exceptions become
// positioned LoadErrors.
YAML::Node load(const std::string& text, const std::string& label) {
  try {
    guard_events(text, label);
    return YAML::Load(text);
  } catch (const LoadError&) {
    throw;
  } catch (const YAML::DeepRecursion& e) {
    // yaml-cpp's own limit (far deeper than ours) stopped the tree the tree check would have
    // read: the event pass finds the first level too deep, where the text first goes past it.
    run_event_guard(text, label);
    fail_at_mark(label, e.mark, fmt::format("nesting deeper than {} levels", kMaxNesting));
  } catch (const YAML::Exception& e) {
    if (e.mark.is_null()) throw LoadError(label, 0, 0, "", "YAML error: " + e.msg);
    if (const auto tab = tab_in_indentation(text, e.mark.line))
      throw LoadError(
          label, tab->first, tab->second, "",
          "a tab in the indentation: YAML indents with spaces only (yaml-cpp: " + e.msg + ")");
    fail_at_mark(label, e.mark, "YAML syntax error: " + e.msg + syntax_hint(text, e.mark, e.msg));
  } catch (const std::exception& e) {
    throw LoadError(label, 0, 0, "", std::string("cannot parse YAML: ") + e.what());
  }
}

// Whether the text begins as a list: its first line that is not blank, a comment or `---`
// starts with `- `.
bool begins_as_list(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos && line[first] != '#' && line != "---" && line != "---\r")
      return line.starts_with("- ");
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return false;
}

}  // namespace

bool is_null(const YAML::Node& node) {
  return node.IsNull() || (node.IsScalar() && node.Tag() == kNullTag);
}

bool is_scalar(const YAML::Node& node) {
  return node.IsScalar() && node.Tag() != kNullTag;
}

YAML::Node parse_guarded(const std::string& text, const std::string& label) {
  YAML::Node root = load(text, label);
  TreeGuard(text, label).check(root, 0);
  return root;
}

std::vector<ListItem> split_list(std::string_view text) {
  // yaml-cpp counts a carriage return alone as a line break too; the lines here are counted
  // by line feeds.
  for (std::size_t cr = text.find('\r'); cr != std::string_view::npos; cr = text.find('\r', cr + 1))
    if (cr + 1 == text.size() || text[cr + 1] != '\n') return {};
  if (!begins_as_list(text)) return {};
  std::vector<ListItem> items;
  int line = 0;
  for (std::size_t start = text.starts_with("\xEF\xBB\xBF") ? 3 : 0; start < text.size(); ++line) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view rest = text.substr(start, end - start);
    if (rest.starts_with("- ")) {
      // `- `, then the item's first key on this line.
      const std::size_t item = rest.find_first_not_of(' ', 2);
      if (item == std::string_view::npos || rest[item] == '#' || rest[item] == '\t') return {};
      if (!items.empty()) items.back().end = start;
      items.push_back(ListItem{start, start + item, text.size(), line});
    }
    start = end + 1;
  }
  return items;
}

std::string item_text(std::string_view text, const ListItem& item) {
  std::string out(item.begin - item.line_start, ' ');
  out.append(text.substr(item.begin, item.end - item.begin));
  return out;
}

std::optional<YAML::Node> parse_guarded_item(const std::string& text, const std::string& label) {
  try {
    // Text after the item's map (a line less indented) would be a second document, which
    // the event pass refuses (guard_events), as it does in the whole text.
    guard_events(text, label);
    const YAML::Node root = YAML::Load(text);
    if (!root.IsMap() || root.Style() == YAML::EmitterStyle::Flow) return std::nullopt;
    // One level deep, as in the whole text's tree.
    TreeGuard(text, label).check(root, 1);
    return root;
  } catch (const std::exception&) {
    return std::nullopt;  // LoadError or yaml-cpp's: the whole text says which error is the file's
  }
}

}  // namespace switchcards::detail::yaml
