// Sweep grids; see include/switchcards/io/sweep_grid.hpp.
#include "switchcards/io/sweep_grid.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <regex>
#include <set>
#include <stdexcept>

#include "io/split.hpp"
#include "io/yaml_documents.hpp"
#include "io/yaml_text_guard.hpp"

namespace switchcards {

namespace {

// Writes `node` keeping which scalars were quoted (or tagged !!str): yaml-cpp's own emitter
// writes a quoted "1" plain, so the value a grid gives as text would reach the variant as the
// number 1.
void emit(YAML::Emitter& out, const YAML::Node& node) {
  if (detail::yaml::is_null(node)) {
    out << YAML::Null;  // `!!null ~` too, which yaml-cpp would write as a tagged "~"
  } else if (node.IsScalar() && (node.Tag() == "!" || node.Tag() == "tag:yaml.org,2002:str")) {
    out << YAML::DoubleQuoted << node.Scalar();
  } else if (node.IsSequence()) {
    out << YAML::BeginSeq;
    for (const YAML::Node& item : node) emit(out, item);
    out << YAML::EndSeq;
  } else if (node.IsMap()) {
    out << YAML::BeginMap;
    for (const auto& item : node) {
      out << YAML::Key;
      emit(out, item.first);
      out << YAML::Value;
      emit(out, item.second);
    }
    out << YAML::EndMap;
  } else {
    out << node;
  }
}

std::string flow_text(const YAML::Node& node) {
  YAML::Emitter out;
  out << YAML::Flow;
  emit(out, node);
  return out.c_str();
}

// A value as the variant reads it, so that two spellings of one value count as the same: a
// plain integer loses its sign '+' and leading zeros (01 and 1 are one penalty); anything else
// is its flow text.
std::string same_value(const YAML::Node& node, const std::string& text) {
  static const std::regex kInteger(R"(([+-]?)0*([0-9]+))");
  std::smatch m;
  if (!node.IsScalar() || node.Tag() != "?" || !std::regex_match(text, m, kInteger)) return text;
  const std::string digits = m[2].str();
  return (m[1].str() == "-" && digits != "0" ? "-" : "") + digits;
}

}  // namespace

std::size_t SweepGrid::combinations() const {
  std::size_t n = 1;
  for (const SweepKey& k : keys) n *= k.values.size();
  return n;
}

std::vector<std::size_t> SweepGrid::choice(std::size_t index) const {
  std::vector<std::size_t> out(keys.size());
  for (std::size_t i = keys.size(); i > 0; --i) {
    out[i - 1] = index % keys[i - 1].values.size();
    index /= keys[i - 1].values.size();
  }
  return out;
}

SweepGrid parse_sweep_grid(std::string_view text, const std::string& file) {
  detail::yaml::Documents docs;
  const YAML::Node root = docs.parse(text, file);
  const auto fail = [&](const YAML::Node& at, const std::string& key, const std::string& message) {
    const detail::yaml::Location l = docs.locate(at);
    throw LoadError(file, l.line, l.column, key, message);
  };
  if (!root.IsMap() || root.size() == 0)
    fail(root, "",
         "a sweep grid is a map of dotted keys to the values each takes, e.g. "
         "'last_card.penalty: [1, 2, 3]'");
  SweepGrid grid;
  grid.file = file;
  static const std::regex kPath(R"([A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*)");
  std::size_t combinations = 1;
  for (const auto& item : root) {
    const std::string path = item.first.as<std::string>();
    if (!std::regex_match(path, kPath))
      fail(item.first, path,
           "not a dotted path of variant keys (e.g. 'last_card.penalty' or "
           "'specials.skip.stack')");
    const YAML::Node& values = item.second;
    if (!values.IsSequence())
      fail(values, path,
           fmt::format("expected a list of the values to try, e.g. '{}: [1, 2]' (got {})", path,
                       detail::yaml::describe(values)));
    if (values.size() == 0) fail(values, path, "the list of values is empty");
    // Checked before the values are read: a list of 130,000 values took 43 s to be refused.
    combinations *= values.size();
    if (combinations > kMaxSweepCombinations)
      fail(item.first, path,
           fmt::format("the grid has more than {} combinations", kMaxSweepCombinations));
    SweepKey key;
    key.path = path;
    const detail::yaml::Location at = docs.locate(item.first);
    key.line = at.line;
    key.column = at.column;
    std::set<std::string> seen;  // each value as the variant reads it
    for (const YAML::Node& v : values) {
      const std::string t = flow_text(v);
      if (!seen.insert(same_value(v, t)).second)
        fail(v, path, "the value " + t + " is listed twice");
      key.values.push_back(t);
      const detail::yaml::Location l = docs.locate(v);
      key.value_lines.push_back(l.line);
      key.value_columns.push_back(l.column);
    }
    for (const SweepKey& other : grid.keys)
      if (path.starts_with(other.path + ".") || other.path.starts_with(path + "."))
        fail(item.first, path,
             "overlaps the key '" + other.path + "' (line " + std::to_string(other.line) +
                 "): one would overwrite the other");
    grid.keys.push_back(std::move(key));
  }
  return grid;
}

SweepGrid load_sweep_grid(const std::string& path) {
  return parse_sweep_grid(detail::yaml::read_text_file(path, path), path);
}

std::string sweep_rules(const SweepGrid& grid, const std::vector<std::size_t>& choice,
                        std::string_view base_rules) {
  // One index a key, into its values.
  if (choice.size() != grid.keys.size())
    throw std::invalid_argument(
        fmt::format("sweep_rules: a choice of {} indices for a grid of {} keys", choice.size(),
                    grid.keys.size()));
  for (std::size_t i = 0; i < choice.size(); ++i)
    if (choice[i] >= grid.keys[i].values.size())
      throw std::invalid_argument(fmt::format("sweep_rules: value {} of {}, which has {}",
                                              choice[i], grid.keys[i].path,
                                              grid.keys[i].values.size()));
  YAML::Node root(YAML::NodeType::Map);
  if (!base_rules.empty()) {
    // Through the loaders' guarded parse (size, nesting, anchors, duplicate keys), and refused
    // unless a map: rules of another shape would be merged nowhere and the sweep run without
    // them.
    detail::yaml::Documents docs;
    const YAML::Node base = docs.parse(base_rules, "rules");
    if (base.IsMap()) {
      root = base;
    } else if (!detail::yaml::is_null(base)) {
      const detail::yaml::Location l = docs.locate(base);
      throw LoadError(
          "rules", l.line, l.column, "",
          "the rules must be a map (key: value lines), got " + detail::yaml::describe(base));
    }
  }
  for (std::size_t i = 0; i < grid.keys.size(); ++i) {
    const std::vector<std::string> parts = detail::split(grid.keys[i].path, '.');
    // Move the handle with reset(): assigning one YAML::Node to another rebinds the node in the
    // tree, not the handle.
    YAML::Node at;
    at.reset(root);
    for (std::size_t p = 0; p + 1 < parts.size(); ++p) {
      if (!at[parts[p]].IsMap()) at[parts[p]] = YAML::Node(YAML::NodeType::Map);
      YAML::Node next;
      next.reset(at[parts[p]]);
      at.reset(next);
    }
    at[parts.back()] = YAML::Load(grid.keys[i].values[choice[i]]);
  }
  return flow_text(root);
}

void check_sweep_grid(const SweepGrid& grid, std::string_view variant,
                      std::string_view base_rules) {
  for (std::size_t i = 0; i < grid.keys.size(); ++i) {
    const SweepKey& key = grid.keys[i];
    for (std::size_t v = 0; v < key.values.size(); ++v) {
      SweepGrid one;
      one.keys.push_back(key);
      one.keys.back().values = {key.values[v]};
      const std::string rules = sweep_rules(one, {0}, base_rules);
      try {
        (void)load_variant(variant, rules, "sweep");
      } catch (const LoadError& e) {
        throw LoadError(grid.file, key.value_lines[v], key.value_columns[v], key.path,
                        fmt::format("the value {} does not give a valid {}: {}", key.values[v],
                                    std::string(variant), e.message()));
      }
    }
  }
}

}  // namespace switchcards
