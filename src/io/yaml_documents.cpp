// Documents: parsing with the guards, positions across merged documents, errors, the deep
// merge, key checks and typed getters (see the header).
#include "io/yaml_documents.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "io/yaml_parse.hpp"
#include "io/yaml_text_guard.hpp"

namespace switchcards::detail::yaml {

namespace {

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

// Whether `node`, a null without a tag, is written as nothing in `text`: yaml-cpp gives `~`,
// `null` and an empty value the same null node, placed at the null's text or, for an empty
// value, at whatever comes next (the next key, a closing bracket, the end).
bool empty_at_mark(const YAML::Node& node, std::string_view text) {
  const auto pos = static_cast<std::size_t>(node.Mark().pos);
  if (node.Mark().pos < 0 || pos > text.size()) return false;
  const std::string_view rest = text.substr(pos);
  for (const std::string_view word : {"~", "null", "Null", "NULL"}) {
    // Followed by what ends a plain scalar: not the start of a next key `nullable:`.
    if (rest.starts_with(word) &&
        (rest.size() == word.size() ||
         std::string_view(" \t\r\n,]}#").find(rest[word.size()]) != std::string_view::npos))
      return false;
  }
  return true;
}

// Lower case (ASCII), for the spellings of booleans and YAML's .inf / .nan.
std::string lower(std::string_view word) {
  std::string out(word);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::string shorten(const std::string& text) {
  constexpr std::size_t kMax = 40;
  if (text.size() <= kMax) return text;
  return text.substr(0, kMax) + "...";
}

// A scalar, plain or tagged `tag` (not quoted, not tagged otherwise).
bool is_plain_or(const YAML::Node& node, std::string_view tag) {
  return node.IsScalar() && (node.Tag() == "?" || node.Tag() == tag);
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
  if (is_null(node)) return "null";  // `~`, and `!!null ~`
  switch (node.Type()) {
    case YAML::NodeType::Map:
      return "a map";
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Scalar: {
      const std::string text = fmt::format("'{}'", shorten(node.Scalar()));
      const std::string& tag = node.Tag();
      // Quoted or block scalars (tag "!") and `!!str` are text whatever they look like: said
      // so, or "expected an integer, got '5'" would contradict itself.
      if (tag == "!" || tag == "tag:yaml.org,2002:str") return "the text " + text;
      constexpr std::string_view kCore = "tag:yaml.org,2002:";
      if (tag.starts_with(kCore))
        return fmt::format("{} tagged !!{}", text, tag.substr(kCore.size()));
      return text;
    }
    default:
      return "null";
  }
}

// ---- Documents ------------------------------------------------------------------------------

YAML::Node Documents::parse(std::string_view text, std::string label, std::size_t max_bytes) {
  check_text(text, label, max_bytes);
  YAML::Node root = parse_guarded(std::string(text), label);
  Doc doc{std::move(label), root, {}, {}, 0, {}};
  collect(root, doc.nodes);
  for (const YAML::Node& node : doc.nodes)
    if (node.IsNull() && empty_at_mark(node, text)) doc.empty_values.push_back(node);
  docs_.push_back(std::move(doc));
  return root;
}

std::optional<YAML::Node> Documents::parse_items(std::string_view text, std::string label,
                                                 std::size_t max_bytes,
                                                 const std::function<void(const Item&)>& each) {
  check_text(text, label, max_bytes);
  const std::vector<ListItem> items = split_list(text);
  if (!items.empty() && read_items(text, label, items, each)) return std::nullopt;
  // Not such a list, or an item that does not parse alone: the whole text.
  return parse(text, std::move(label), max_bytes);
}

bool Documents::read_items(std::string_view text, const std::string& label,
                           const std::vector<ListItem>& items,
                           const std::function<void(const Item&)>& each) {
  std::optional<LoadError> first_error;  // from `each`, thrown unless a guard fails later
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string own = item_text(text, items[i]);
    const std::optional<YAML::Node> root = parse_guarded_item(own, label);
    if (!root) return false;
    if (first_error) continue;  // only the guards now
    docs_.push_back(Doc{label, *root, {}, {}, items[i].line, {}});
    collect(*root, docs_.back().nodes);
    try {
      each(Item{Entry{std::nullopt, *root, index_path("", i)}, own, items[i].line});
    } catch (const LoadError& e) {
      first_error = e;
    }
    docs_.pop_back();
  }
  if (first_error) throw *first_error;
  return true;
}

namespace {
// `e` with " (chain: CHAIN)" after each of its messages.
LoadError with_chain(const LoadError& e, const std::string& chain) {
  std::vector<LoadError> all;
  for (const LoadError& one : e.errors())
    all.emplace_back(one.file(), one.line(), one.column(), one.key(),
                     one.message() + " (chain: " + chain + ")");
  if (all.size() == 1) return all.front();
  return LoadError(std::move(all), e.truncated());
}
}  // namespace

YAML::Node Documents::parse_base(std::string_view text, std::string label, std::string chain) {
  try {
    YAML::Node root = parse(text, std::move(label));
    docs_.back().chain = std::move(chain);
    return root;
  } catch (const LoadError& e) {
    throw with_chain(e, chain);
  }
}

const Documents::Doc* Documents::find_doc(const YAML::Node& node) const {
  if (!node.IsDefined()) return nullptr;
  for (const Doc& doc : docs_)
    for (const YAML::Node& n : doc.nodes)
      if (n.is(node)) return &doc;
  return nullptr;
}

bool Documents::written_empty(const YAML::Node& node) const {
  const Doc* doc = find_doc(node);
  return doc != nullptr && std::any_of(doc->empty_values.begin(), doc->empty_values.end(),
                                       [&](const YAML::Node& n) { return n.is(node); });
}

Location Documents::locate(const YAML::Node& node) const {
  const Doc* doc = find_doc(node);
  if (doc == nullptr || !has_mark(node)) return Location{primary_label(), 0, 0};
  return Location{doc->label, doc->first_line + node.Mark().line + 1, node.Mark().column + 1};
}

bool Documents::comes_from(const YAML::Node& node, std::string_view label) const {
  const Doc* doc = find_doc(node);
  return doc != nullptr && doc->label == label;
}

int Documents::layer(const YAML::Node& node) const {
  const Doc* doc = find_doc(node);
  if (doc == nullptr) return std::numeric_limits<int>::min();
  if (doc->overrides) return std::numeric_limits<int>::max();
  if (!doc->chain.empty()) {
    // "top.yaml -> base.yaml": one step down per arrow.
    int depth = 0;
    for (std::size_t at = doc->chain.find(" -> "); at != std::string::npos;
         at = doc->chain.find(" -> ", at + 1))
      ++depth;
    return -depth;
  }
  return static_cast<int>(doc - docs_.data());
}

void Documents::mark_overrides(const YAML::Node& node) {
  if (const Doc* doc = find_doc(node))
    docs_[static_cast<std::size_t>(doc - docs_.data())].overrides = true;
}

const std::string& Documents::primary_label() const {
  static const std::string kNone;
  return docs_.empty() ? kNone : docs_.front().label;
}

void Documents::fail_at(const YAML::Node& node, const std::string& path,
                        const std::string& message) const {
  const Location where = locate(node);
  const Doc* doc = find_doc(node);
  // An error at `extends:` states its chain itself (load_variant.cpp).
  if (doc != nullptr && !doc->chain.empty() && has_mark(node) && path != "extends")
    throw LoadError(where.file, where.line, where.column, path,
                    message + " (chain: " + doc->chain + ")");
  throw LoadError(where.file, where.line, where.column, path, message);
}

void Documents::fail(const Entry& at, const std::string& message, const Entry* parent) const {
  std::vector<YAML::Node> candidates;
  if (!is_null(at.value)) candidates.push_back(at.value);
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
    if (written_empty(pos->second)) {
      // Recorded, and the base's value kept, so the rest of the file is still checked.
      attempt([&] {
        fail_at(pos->first, child_path(path, key),
                fmt::format("an empty value deletes nothing: write '{0}: null' (or '~') to delete "
                            "the base variant's '{0}', or give it a value",
                            key));
      });
      out.emplace_back(it->first, it->second);
      continue;
    }
    if (is_null(pos->second)) {  // `key: null` deletes the key
      deleted_.emplace_back(child_path(path, key), pos->first);
      continue;
    }
    out.emplace_back(pos->first, merge(it->second, pos->second, child_path(path, key)));
  }
  for (std::size_t i = 0; i < over.size(); ++i) {
    if (used[i]) continue;
    if (is_null(over[i].second) && !written_empty(over[i].second)) {
      // Recorded, and the load goes on without the key: deleting nothing leaves the rest of the
      // file to check.
      const std::string& key = over[i].first.Scalar();
      std::string message =
          fmt::format("null deletes a key of the base variant, but the base has no '{}' here", key);
      if (auto guess = closest_match(key, base_keys))
        message += fmt::format(" (did you mean '{}'?)", *guess);
      attempt([&] { fail_at(over[i].first, child_path(path, key), message); });
      continue;
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
      if (auto guess = closest_match(key, names)) {
        suggested_.push_back(*guess);
        fail_at_key(entry, fmt::format("unknown key '{}' (did you mean '{}'?)", key, *guess));
      }
      fail_at_key(entry,
                  fmt::format("unknown key '{}' (allowed here: {})", key, fmt::join(names, ", ")));
    });
  }
}

void Documents::expect_keys(const YAML::Node& map, std::initializer_list<std::string_view> allowed,
                            std::string_view path) const {
  expect_keys(Entry{std::nullopt, map, std::string(path)}, allowed);
}

bool Documents::suggested(std::string_view key) const {
  return std::find(suggested_.begin(), suggested_.end(), key) != suggested_.end();
}

std::optional<Entry> Documents::find(const Entry& e, std::string_view key) const {
  if (!e.value.IsMap()) return std::nullopt;
  for (auto it = e.value.begin(); it != e.value.end(); ++it)
    if (it->first.Scalar() == key) return Entry{it->first, it->second, child_path(e.path, key)};
  return std::nullopt;
}

std::optional<Entry> Documents::deleted(std::string_view path) const {
  // The last deletion of the path: a later text may delete what an earlier one wrote again.
  for (auto it = deleted_.rbegin(); it != deleted_.rend(); ++it)
    if (it->first == path) return Entry{it->second, it->second, it->first};
  return std::nullopt;
}

Entry Documents::require(const Entry& e, std::string_view key) const {
  expect_map(e);
  if (auto found = find(e, key)) return *found;
  const std::string path = child_path(e.path, key);
  for (const auto& [deleted, at] : deleted_)
    if (deleted == path)
      fail_at(at, path, fmt::format("null deletes '{}', which is required", key));
  // Placed at the map, named by the key it lacks.
  Entry missing = e;
  missing.path = path;
  fail(missing, fmt::format("missing required key '{}'", key));
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
  if (is_scalar(e.value)) return {e};
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
  if (is_plain_or(e.value, "tag:yaml.org,2002:int")) value = parse_integer(e.value.Scalar(), huge);
  if (!value && !huge) fail(e, fmt::format("expected an integer, got {}", describe(e.value)));
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

std::uint64_t Documents::get_u64(const Entry& e) const {
  std::string_view digits;
  if (is_plain_or(e.value, "tag:yaml.org,2002:int")) {
    digits = e.value.Scalar();
    if (digits.starts_with('+')) digits.remove_prefix(1);
  }
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || digits.front() == '-' || ec != std::errc() ||
      end != digits.data() + digits.size())
    fail(e, fmt::format("expected a whole number from 0 to {}, got {}",
                        std::numeric_limits<std::uint64_t>::max(), describe(e.value)));
  return value;
}

double Documents::get_double(const Entry& e, double min, double max, bool min_exclusive) const {
  double value = 0;
  bool ok = false;
  if (is_plain_or(e.value, "tag:yaml.org,2002:float") ||
      is_plain_or(e.value, "tag:yaml.org,2002:int")) {
    std::string_view text = e.value.Scalar();
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    const std::string yaml_special = lower(text);  // YAML's .inf, -.inf, .nan
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
  if (is_plain_or(e.value, "tag:yaml.org,2002:bool")) {
    const std::string text = lower(e.value.Scalar());
    if (text == "true" || text == "yes" || text == "on") return true;
    if (text == "false" || text == "no" || text == "off") return false;
  }
  fail(e, fmt::format("expected true or false, got {}", describe(e.value)));
}

std::string Documents::get_string(const Entry& e) const {
  if (!is_scalar(e.value)) fail(e, fmt::format("expected text, got {}", describe(e.value)));
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
