// Guarded YAML parsing, positions across merged documents, and typed getters (see the header).
#include "io/yaml_support.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/anchor.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

namespace switchcards::detail::yaml {

namespace {

[[noreturn]] void fail_text(const std::string& label, int line, int column,
                            const std::string& message) {
  throw LoadError(label, line, column, "", message);
}

// ---- text guards ------------------------------------------------------------------------

// Walks the text once, counting lines and columns (in code points), and checks the encoding
// (UTF-8 without overlongs or surrogates, no control characters but tab, CR and LF: the YAML
// printable set) and the nesting of flow collections.
class TextScanner {
 public:
  TextScanner(std::string_view text, const std::string& label) : text_(text), label_(label) {}

  void run() {
    std::size_t i = 0;
    if (text_.starts_with("\xEF\xBB\xBF")) i = 3;  // a byte order mark is allowed
    while (i < text_.size()) {
      const auto byte = static_cast<unsigned char>(text_[i]);
      if (byte < 0x80) {
        check_ascii(byte);
        scan_ascii(i);
        ++i;
      } else {
        i += check_multibyte(i);
        prev_ = 'x';  // any non-space, non-indicator character
      }
      ++column_;
    }
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    fail_text(label_, line_, column_, message);
  }

  void check_ascii(unsigned char byte) const {
    if (byte == '\t' || byte == '\n' || byte == '\r') return;
    if (byte == 0) fail("NUL byte: this is a binary file, not YAML text");
    if (byte < 0x20 || byte == 0x7F)
      fail(fmt::format("control character 0x{:02X}: not YAML text (a binary file?)", byte));
  }

  // Returns the length of the UTF-8 sequence at i, or fails.
  std::size_t check_multibyte(std::size_t i) const {
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text_[k]); };
    const unsigned char lead = at(i);
    std::size_t length = 0;
    std::uint32_t code = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
      code = lead & 0x1Fu;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      code = lead & 0x0Fu;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      code = lead & 0x07u;
    } else {
      fail(fmt::format("byte 0x{:02X} is not UTF-8 (a binary file, or another encoding?)", lead));
    }
    if (i + length > text_.size()) fail("truncated UTF-8 sequence at the end of the file");
    for (std::size_t k = 1; k < length; ++k) {
      if ((at(i + k) & 0xC0u) != 0x80u)
        fail(fmt::format("byte 0x{:02X} is not UTF-8 (a binary file, or another encoding?)", lead));
      code = (code << 6) | (at(i + k) & 0x3Fu);
    }
    const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
    if (overlong || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF)
      fail("invalid UTF-8 sequence (a binary file, or another encoding?)");
    if (code >= 0x80 && code <= 0x9F && code != 0x85)
      fail(fmt::format("control character U+{:04X}: not YAML text", code));
    return length;
  }

  // Flow nesting, approximately but conservatively: brackets count where YAML would read them
  // as indicators (inside a flow collection, or at the start of a token), not inside quotes or
  // comments. The exact depth (block nesting too) is checked again on the parser's events.
  void scan_ascii(std::size_t i) {
    const char c = text_[i];
    if (c == '\n') {
      ++line_;
      column_ = 0;  // incremented to 1 by the caller
      if (state_ == State::comment) state_ = State::normal;
      prev_ = '\n';
      return;
    }
    switch (state_) {
      case State::comment:
        break;
      case State::single_quoted:
        if (skip_quote_)
          skip_quote_ = false;  // the second quote of ''
        else if (c == '\'' && i + 1 < text_.size() && text_[i + 1] == '\'')
          skip_quote_ = true;  // '' is an escaped quote
        else if (c == '\'')
          state_ = State::normal;
        break;
      case State::double_quoted:
        if (escaped_)
          escaped_ = false;
        else if (c == '\\')
          escaped_ = true;
        else if (c == '"')
          state_ = State::normal;
        break;
      case State::normal: {
        const bool after_space = prev_ == ' ' || prev_ == '\t' || prev_ == '\n' || prev_ == '\r';
        const bool token_start = after_space || prev_ == '[' || prev_ == '{' || prev_ == ',' ||
                                 prev_ == ':' || prev_ == '-' || prev_ == '?';
        if (c == '#' && after_space) {
          state_ = State::comment;
        } else if ((c == '\'' || c == '"') && (token_start || flow_depth_ > 0)) {
          state_ = c == '\'' ? State::single_quoted : State::double_quoted;
        } else if ((c == '[' || c == '{') && (token_start || flow_depth_ > 0)) {
          if (++flow_depth_ > kMaxNesting)
            fail(fmt::format("nesting deeper than {} levels", kMaxNesting));
        } else if ((c == ']' || c == '}') && flow_depth_ > 0) {
          --flow_depth_;
        }
        break;
      }
    }
    prev_ = c;
  }

  enum class State { normal, comment, single_quoted, double_quoted };
  std::string_view text_;
  const std::string& label_;
  int line_ = 1;
  int column_ = 1;
  State state_ = State::normal;
  bool skip_quote_ = false;
  bool escaped_ = false;
  int flow_depth_ = 0;
  char prev_ = '\n';
};

// ---- the event pass ---------------------------------------------------------------------

bool core_tag(const std::string& tag) {
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

// Sees the parser's events before any node is built and refuses what the node tree would
// silently accept or could not survive.
class GuardHandler : public YAML::EventHandler {
 public:
  explicit GuardHandler(const std::string& label) : label_(label) {}

  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents_ > 1) fail(mark, "a second YAML document ('---'): a file holds one document");
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    node(mark, "", anchor);
    if (key_pending_) fail(mark, "an empty (null) key");
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    fail(mark, "aliases (*name) are not supported: repeat the value, or use `extends:`");
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    node(mark, tag, anchor);
    if (!key_pending_) return;
    auto& keys = frames_.back().keys;
    const auto [it, inserted] = keys.emplace(value, mark);
    if (!inserted)
      fail(mark, fmt::format("duplicate key '{}' (first at line {}, column {})", value,
                             it->second.line + 1, it->second.column + 1));
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    node(mark, tag, anchor);
    if (key_pending_) fail(mark, "a list used as a key: keys must be plain text");
    push(mark, false);
  }
  void OnSequenceEnd() override { frames_.pop_back(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    node(mark, tag, anchor);
    if (key_pending_) fail(mark, "a map used as a key: keys must be plain text");
    push(mark, true);
  }
  void OnMapEnd() override { frames_.pop_back(); }
  void OnAnchor(const YAML::Mark& mark, const std::string& name) override {
    fail(mark,
         fmt::format("anchors (&{}) are not supported: repeat the value, or use `extends:`", name));
  }

 private:
  struct Frame {
    bool is_map;
    long long children = 0;
    std::map<std::string, YAML::Mark, std::less<>> keys;
  };

  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& message) const {
    fail_text(label_, mark.line + 1, mark.column + 1, message);
  }
  // Called at the start of every node: sets key_pending_ when the node is a map key.
  void node(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor) {
    if (anchor != YAML::NullAnchor)
      fail(mark, "anchors (&name) are not supported: repeat the value, or use `extends:`");
    if (!core_tag(tag))
      fail(mark, fmt::format("tag '{}' is not supported (only the core schema's !!str, !!int, "
                             "!!float, !!bool, !!null)",
                             tag));
    key_pending_ = false;
    if (frames_.empty()) return;
    Frame& top = frames_.back();
    key_pending_ = top.is_map && top.children % 2 == 0;
    ++top.children;
  }
  void push(const YAML::Mark& mark, bool is_map) {
    if (static_cast<int>(frames_.size()) >= kMaxNesting)
      fail(mark, fmt::format("nesting deeper than {} levels", kMaxNesting));
    frames_.push_back(Frame{is_map, 0, {}});
  }

  const std::string& label_;
  std::vector<Frame> frames_;
  int documents_ = 0;
  bool key_pending_ = false;
};

// Whether the text holds none of what only yaml-cpp's event stream shows, not its tree: an
// anchor, an alias, a tag, a second document. Such text is loaded with one parse, and the
// guard's other checks run on the tree (passes_guard). A false answer only costs speed: the text
// then takes the guarded parse (a '*' in a formula, say).
bool tree_shows_everything(std::string_view text) {
  if (text.find_first_of("&*!") != std::string_view::npos) return false;
  for (std::size_t line = 0; line < text.size();) {
    const std::string_view rest = text.substr(line);
    if (rest.starts_with("---") || rest.starts_with("...")) return false;
    const std::size_t end = text.find('\n', line);
    if (end == std::string_view::npos) break;
    line = end + 1;
  }
  return true;
}

// GuardHandler's checks that the tree can answer: every key a scalar (not null, a list or a
// map), no key twice in one map, at most kMaxNesting levels of lists and maps. false when any
// fails; the guarded parse then reports the first failure with its place, as it always did.
bool passes_guard(const YAML::Node& node, int depth = 0) {
  if (!node.IsMap() && !node.IsSequence()) return true;
  if (depth >= kMaxNesting) return false;
  if (node.IsSequence()) {
    for (const YAML::Node& child : node)
      if (!passes_guard(child, depth + 1)) return false;
    return true;
  }
  std::vector<std::string_view> keys;  // maps in variant files are small: a linear search
  for (const auto& entry : node) {
    if (!entry.first.IsScalar()) return false;
    const std::string& key = entry.first.Scalar();
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) return false;
    keys.push_back(key);
    if (!passes_guard(entry.second, depth + 1)) return false;
  }
  return true;
}

// The first tab in the indentation of a line up to `last_line` (0-based), as 1-based line
// and column: YAML indents with spaces only, and yaml-cpp's message for a tab ("illegal map
// value", "end of map not found") does not say so.
std::optional<std::pair<int, int>> tab_in_indentation(std::string_view text, int last_line) {
  int line = 0;
  for (std::size_t start = 0; start <= text.size() && line <= last_line; ++line) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    for (std::size_t i = start; i < end && (text[i] == ' ' || text[i] == '\t'); ++i)
      if (text[i] == '\t') return std::pair{line + 1, static_cast<int>(i - start) + 1};
    start = end + 1;
  }
  return std::nullopt;
}

// The text parsed twice: once through GuardHandler, which refuses what the loader does not
// support with its place, then by YAML::Load for the tree.
YAML::Node guarded_load(const std::string& owned, const std::string& label) {
  try {
    {
      std::istringstream in(owned);
      YAML::Parser parser(in);
      GuardHandler guard(label);
      while (parser.HandleNextDocument(guard)) {
      }
    }
    return YAML::Load(owned);
  } catch (const LoadError&) {
    throw;
  } catch (const YAML::DeepRecursion& e) {
    fail_text(label, e.mark.line + 1, e.mark.column + 1,
              fmt::format("nesting deeper than {} levels", kMaxNesting));
  } catch (const YAML::Exception& e) {
    if (e.mark.is_null()) fail_text(label, 0, 0, "YAML error: " + e.msg);
    if (const auto tab = tab_in_indentation(owned, e.mark.line))
      fail_text(
          label, tab->first, tab->second,
          "a tab in the indentation: YAML indents with spaces only (yaml-cpp: " + e.msg + ")");
    fail_text(label, e.mark.line + 1, e.mark.column + 1, "YAML syntax error: " + e.msg);
  } catch (const std::exception& e) {
    fail_text(label, 0, 0, std::string("cannot parse YAML: ") + e.what());
  }
}

void collect(const YAML::Node& node, std::vector<YAML::Node>& out) {
  out.push_back(node);
  if (node.IsMap()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      collect(it->first, out);
      collect(it->second, out);
    }
  } else if (node.IsSequence()) {
    for (auto it = node.begin(); it != node.end(); ++it) collect(*it, out);
  }
}

bool has_mark(const YAML::Node& node) {
  return node.Mark().line >= 0;
}

std::string normalise(std::string_view word) {
  std::string out;
  for (char c : word) {
    if (c == '-') c = '_';
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    out += c;
  }
  return out;
}

// Edit distance counting a swap of neighbours as one edit (optimal string alignment).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::string shorten(const std::string& text) {
  constexpr std::size_t kMax = 40;
  if (text.size() <= kMax) return text;
  return text.substr(0, kMax) + "...";
}

bool is_plain_or(const YAML::Node& node, std::string_view tag) {
  return node.Tag() == "?" || node.Tag() == tag;
}

}  // namespace

// ---- paths and suggestions ----------------------------------------------------------------

std::string child_path(std::string_view parent, std::string_view key) {
  if (parent.empty()) return std::string(key);
  return fmt::format("{}.{}", parent, key);
}

std::string index_path(std::string_view parent, std::size_t index) {
  return fmt::format("{}[{}]", parent, index);
}

std::string describe(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map:
      return "a map";
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Scalar:
      return fmt::format("'{}'", shorten(node.Scalar()));
    default:
      return "null";
  }
}

// ---- text -------------------------------------------------------------------------------------

void check_text(std::string_view text, const std::string& label) {
  if (text.size() > kMaxTextBytes)
    fail_text(label, 0, 0,
              fmt::format("{} bytes: larger than the limit of {} bytes (1 MiB) for a YAML file",
                          text.size(), kMaxTextBytes));
  TextScanner(text, label).run();
}

std::string read_text_file(const std::filesystem::path& path, const std::string& label) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status))
    fail_text(label, 0, 0, fmt::format("cannot open '{}': no such file", path.string()));
  if (std::filesystem::is_directory(status))
    fail_text(label, 0, 0, fmt::format("'{}' is a directory, not a YAML file", path.string()));
  if (std::filesystem::is_regular_file(status)) {
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxTextBytes)
      fail_text(label, 0, 0,
                fmt::format("{} bytes: larger than the limit of {} bytes (1 MiB) for a YAML file",
                            size, kMaxTextBytes));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) fail_text(label, 0, 0, fmt::format("cannot open '{}'", path.string()));
  // Read in blocks up to one byte more than the limit, which tells a too-large stream (a pipe,
  // /dev/zero) apart, without filling a 1 MiB buffer for a 4 KiB file.
  std::string text;
  constexpr std::size_t kBlock = 16 * 1024;
  while (text.size() <= kMaxTextBytes) {
    const std::size_t old_size = text.size();
    text.resize(old_size + std::min(kBlock, kMaxTextBytes + 1 - old_size));
    in.read(text.data() + old_size, static_cast<std::streamsize>(text.size() - old_size));
    text.resize(old_size + static_cast<std::size_t>(in.gcount()));
    if (!in) break;
  }
  if (in.bad()) fail_text(label, 0, 0, fmt::format("cannot read '{}'", path.string()));
  if (text.size() > kMaxTextBytes)
    fail_text(
        label, 0, 0,
        fmt::format("larger than the limit of {} bytes (1 MiB) for a YAML file", kMaxTextBytes));
  return text;
}

// ---- Documents ------------------------------------------------------------------------------

YAML::Node Documents::parse(std::string_view text, std::string label) {
  check_text(text, label);
  const std::string owned(text);
  // One parse when the tree can show every problem the guard looks for (most files); else, or
  // when the tree shows one, the guarded parse finds and reports it.
  YAML::Node root;
  bool loaded = false;
  if (tree_shows_everything(owned)) {
    try {
      root = YAML::Load(owned);
      loaded = passes_guard(root);
    } catch (const std::exception&) {
      loaded = false;  // reported by the guarded parse, with its place
    }
  }
  if (!loaded) root = guarded_load(owned, label);
  Doc doc{std::move(label), root, {}};
  collect(root, doc.nodes);
  docs_.push_back(std::move(doc));
  return root;
}

const Documents::Doc* Documents::find_doc(const YAML::Node& node) const {
  if (!node.IsDefined()) return nullptr;
  for (const Doc& doc : docs_)
    for (const YAML::Node& n : doc.nodes)
      if (n.is(node)) return &doc;
  return nullptr;
}

Location Documents::locate(const YAML::Node& node) const {
  const Doc* doc = find_doc(node);
  if (doc == nullptr || !has_mark(node)) return Location{primary_label(), 0, 0};
  return Location{doc->label, node.Mark().line + 1, node.Mark().column + 1};
}

bool Documents::comes_from(const YAML::Node& node, std::string_view label) const {
  const Doc* doc = find_doc(node);
  return doc != nullptr && doc->label == label;
}

const std::string& Documents::primary_label() const {
  static const std::string kNone;
  return docs_.empty() ? kNone : docs_.front().label;
}

void Documents::fail_at(const YAML::Node& node, const std::string& path,
                        const std::string& message) const {
  const Location where = locate(node);
  throw LoadError(where.file, where.line, where.column, path, message);
}

void Documents::fail(const Entry& at, const std::string& message, const Entry* parent) const {
  std::vector<YAML::Node> candidates;
  if (!at.value.IsNull()) candidates.push_back(at.value);
  if (at.key) candidates.push_back(*at.key);
  candidates.push_back(at.value);
  if (parent != nullptr) {
    if (parent->key) candidates.push_back(*parent->key);
    candidates.push_back(parent->value);
  }
  for (const YAML::Node& node : candidates)
    if (find_doc(node) != nullptr && has_mark(node)) fail_at(node, at.path, message);
  throw LoadError(primary_label(), 0, 0, at.path, message);
}

void Documents::record(const LoadError& e) const {
  if (!collect_) throw e;
  for (const LoadError& seen : errors_)
    if (std::string_view(seen.what()) == e.what()) return;  // one mistake, reported once
  errors_.push_back(e);
  if (errors_.size() >= kMaxErrors) throw_recorded(nullptr);
}

void Documents::throw_recorded(const LoadError* last) const {
  if (errors_.empty()) return;
  std::vector<LoadError> all = errors_;
  if (last != nullptr && std::none_of(all.begin(), all.end(), [&](const LoadError& x) {
        return std::string_view(x.what()) == last->what();
      }))
    all.push_back(*last);
  const bool truncated = all.size() >= kMaxErrors;
  // File order: documents in the order their first error was found, then line and column.
  std::vector<std::string> files;
  for (const LoadError& e : all)
    if (std::find(files.begin(), files.end(), e.file()) == files.end()) files.push_back(e.file());
  std::stable_sort(all.begin(), all.end(), [&](const LoadError& a, const LoadError& b) {
    const auto fa = std::find(files.begin(), files.end(), a.file());
    const auto fb = std::find(files.begin(), files.end(), b.file());
    if (fa != fb) return fa < fb;
    return std::pair(a.line(), a.column()) < std::pair(b.line(), b.column());
  });
  errors_.clear();
  if (all.size() == 1) throw all.front();
  throw LoadError(std::move(all), truncated);
}

void Documents::fail_at_key(const Entry& at, const std::string& message) const {
  if (at.key) fail_at(*at.key, at.path, message);
  fail(at, message);
}

YAML::Node Documents::merge(const YAML::Node& base, YAML::Node overlay, const std::string& path) {
  if (!base.IsMap() || !overlay.IsMap()) return overlay;
  std::vector<std::pair<YAML::Node, YAML::Node>> over;
  for (auto it = overlay.begin(); it != overlay.end(); ++it)
    over.emplace_back(it->first, it->second);
  std::vector<bool> used(over.size(), false);
  std::vector<std::pair<YAML::Node, YAML::Node>> out;
  std::vector<std::string_view> base_keys;
  for (auto it = base.begin(); it != base.end(); ++it) {
    const std::string& key = it->first.Scalar();
    base_keys.push_back(key);
    const auto pos = std::find_if(over.begin(), over.end(),
                                  [&](const auto& kv) { return kv.first.Scalar() == key; });
    if (pos == over.end()) {
      out.emplace_back(it->first, it->second);
      continue;
    }
    used[static_cast<std::size_t>(pos - over.begin())] = true;
    if (pos->second.IsNull()) continue;  // `key: null` deletes the key
    out.emplace_back(pos->first, merge(it->second, pos->second, child_path(path, key)));
  }
  for (std::size_t i = 0; i < over.size(); ++i) {
    if (used[i]) continue;
    if (over[i].second.IsNull()) {
      const std::string& key = over[i].first.Scalar();
      std::string message =
          fmt::format("null deletes a key of the base variant, but the base has no '{}' here", key);
      if (auto guess = closest_match(key, base_keys))
        message += fmt::format(" (did you mean '{}'?)", *guess);
      fail_at(over[i].first, child_path(path, key), message);
    }
    out.push_back(over[i]);
  }
  for (const auto& kv : over) overlay.remove(kv.first);
  for (const auto& kv : out) overlay.force_insert(kv.first, kv.second);
  return overlay;
}

void Documents::expect_map(const Entry& e) const {
  if (!e.value.IsMap()) {
    const std::string what = e.path.empty() ? "the top level" : "this key";
    fail(e, fmt::format("{} must be a map (key: value lines), got {}", what, describe(e.value)));
  }
}

void Documents::expect_keys(const Entry& e, std::initializer_list<std::string_view> allowed) const {
  expect_map(e);
  const std::vector<std::string_view> names(allowed);
  for (auto it = e.value.begin(); it != e.value.end(); ++it) {
    const std::string& key = it->first.Scalar();
    if (std::find(names.begin(), names.end(), key) != names.end()) continue;
    const Entry entry{it->first, it->second, child_path(e.path, key)};
    attempt([&] {
      if (auto guess = closest_match(key, names))
        fail_at_key(entry, fmt::format("unknown key '{}' (did you mean '{}'?)", key, *guess));
      fail_at_key(entry,
                  fmt::format("unknown key '{}' (allowed here: {})", key, fmt::join(names, ", ")));
    });
  }
}

void Documents::expect_keys(const YAML::Node& map, std::initializer_list<std::string_view> allowed,
                            std::string_view path) const {
  expect_keys(Entry{std::nullopt, map, std::string(path)}, allowed);
}

std::optional<Entry> Documents::find(const Entry& e, std::string_view key) const {
  if (!e.value.IsMap()) return std::nullopt;
  for (auto it = e.value.begin(); it != e.value.end(); ++it)
    if (it->first.Scalar() == key) return Entry{it->first, it->second, child_path(e.path, key)};
  return std::nullopt;
}

Entry Documents::require(const Entry& e, std::string_view key) const {
  expect_map(e);
  if (auto found = find(e, key)) return *found;
  fail(e, fmt::format("missing required key '{}'", key));
}

std::vector<Entry> Documents::map_entries(const Entry& e) const {
  expect_map(e);
  std::vector<Entry> out;
  for (auto it = e.value.begin(); it != e.value.end(); ++it)
    out.push_back(Entry{it->first, it->second, child_path(e.path, it->first.Scalar())});
  return out;
}

std::vector<Entry> Documents::list_items(const Entry& e) const {
  if (!e.value.IsSequence()) fail(e, fmt::format("expected a list, got {}", describe(e.value)));
  std::vector<Entry> out;
  std::size_t index = 0;
  for (auto it = e.value.begin(); it != e.value.end(); ++it, ++index)
    out.push_back(Entry{std::nullopt, *it, index_path(e.path, index)});
  return out;
}

std::vector<Entry> Documents::scalar_or_list(const Entry& e) const {
  if (e.value.IsScalar()) return {e};
  if (e.value.IsSequence()) return list_items(e);
  fail(e, fmt::format("expected text or a list, got {}", describe(e.value)));
}

namespace {

// Plain decimal integer text, with an optional sign; nullopt otherwise. Sets out_of_range for
// digits too many for a long long.
std::optional<long long> parse_integer(const std::string& text, bool& out_of_range) {
  out_of_range = false;
  std::string_view digits = text;
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
  if (digits.empty()) return std::nullopt;
  long long value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range) {
    out_of_range = true;
    return std::nullopt;
  }
  if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return value;
}

}  // namespace

int Documents::get_int(const Entry& e, int min, int max) const {
  bool huge = false;
  std::optional<long long> value;
  if (e.value.IsScalar() && is_plain_or(e.value, "tag:yaml.org,2002:int"))
    value = parse_integer(e.value.Scalar(), huge);
  if (!value && !huge)
    fail(e, fmt::format("expected an integer, got {}{}", e.value.Tag() == "!" ? "the text " : "",
                        describe(e.value)));
  if (huge || *value < min || *value > max)
    fail(e,
         fmt::format("{} is out of range (allowed: {}..{})", shorten(e.value.Scalar()), min, max));
  return static_cast<int>(*value);
}

int Documents::key_int(const Entry& e, int min, int max) const {
  if (!e.key) fail(e, "expected a key");
  bool huge = false;
  const std::optional<long long> value = parse_integer(e.key->Scalar(), huge);
  if (!value && !huge)
    fail_at_key(e, fmt::format("expected an integer key, got '{}'", shorten(e.key->Scalar())));
  if (huge || *value < min || *value > max)
    fail_at_key(e, fmt::format("key {} is out of range (allowed: {}..{})", shorten(e.key->Scalar()),
                               min, max));
  return static_cast<int>(*value);
}

double Documents::get_double(const Entry& e, double min, double max, bool min_exclusive) const {
  double value = 0;
  bool ok = false;
  if (e.value.IsScalar() && (is_plain_or(e.value, "tag:yaml.org,2002:float") ||
                             e.value.Tag() == "tag:yaml.org,2002:int")) {
    std::string_view text = e.value.Scalar();
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    const std::string yaml_special = normalise(text);  // YAML's .inf, -.inf, .nan
    if (yaml_special == ".inf" || yaml_special == "-.inf" || yaml_special == ".nan") {
      value = yaml_special == ".nan" ? std::nan("") : yaml_special == ".inf" ? HUGE_VAL : -HUGE_VAL;
      ok = true;
    } else {
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      ok = (ec == std::errc() || ec == std::errc::result_out_of_range) &&
           end == text.data() + text.size() && !text.empty();
      if (ec == std::errc::result_out_of_range) value = HUGE_VAL;  // 1e999
    }
  }
  if (!ok) fail(e, fmt::format("expected a number, got {}", describe(e.value)));
  const bool below = min_exclusive ? !(value > min) : !(value >= min);
  if (!std::isfinite(value)) fail(e, fmt::format("{} is not a finite number", e.value.Scalar()));
  if (below || value > max)
    fail(e, fmt::format("{} is out of range (allowed: {} {} up to {})", shorten(e.value.Scalar()),
                        min_exclusive ? "more than" : "from", min, max));
  return value;
}

bool Documents::get_bool(const Entry& e) const {
  if (e.value.IsScalar() && is_plain_or(e.value, "tag:yaml.org,2002:bool")) {
    const std::string text = normalise(e.value.Scalar());
    if (text == "true" || text == "yes" || text == "on") return true;
    if (text == "false" || text == "no" || text == "off") return false;
  }
  fail(e, fmt::format("expected true or false, got {}", describe(e.value)));
}

std::string Documents::get_string(const Entry& e) const {
  if (!e.value.IsScalar()) fail(e, fmt::format("expected text, got {}", describe(e.value)));
  return e.value.Scalar();
}

std::string Documents::enum_message(std::string_view text,
                                    std::span<const std::string_view> names) {
  std::string message =
      fmt::format("'{}' is not allowed here (allowed: {})", text, fmt::join(names, ", "));
  if (auto guess = closest_match(text, names))
    message += fmt::format("; did you mean '{}'?", *guess);
  return message;
}

}  // namespace switchcards::detail::yaml

namespace switchcards {

std::optional<std::string> closest_match(std::string_view word,
                                         std::span<const std::string_view> candidates) {
  const std::string w = detail::yaml::normalise(word);
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (std::string_view candidate : candidates) {
    const std::size_t distance = detail::yaml::edit_distance(w, detail::yaml::normalise(candidate));
    if (!best || distance < best_distance) {
      best = std::string(candidate);
      best_distance = distance;
    }
  }
  // Plausible typos only: one edit in a short word, up to three in a long one.
  const std::size_t allowed = std::clamp<std::size_t>((w.size() + 1) / 3, 1, 3);
  if (best && best_distance <= allowed) return best;
  // Or an abbreviation: "brit" for "british".
  if (w.size() >= 3)
    for (std::string_view candidate : candidates)
      if (detail::yaml::normalise(candidate).starts_with(w)) return std::string(candidate);
  return std::nullopt;
}

}  // namespace switchcards
