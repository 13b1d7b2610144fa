// The guarded parse: YAML text (already through check_text) into a yaml-cpp node tree, refusing
// what the loaders do not support (anchors and aliases, other tags than the core schema's, a
// `!!null` on something that is not a null, keys that are not text, duplicate keys, deep
// nesting, a second document). Private to the library.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace switchcards::detail::yaml {

// The tag yaml-cpp gives a node written `!!null`.
inline constexpr std::string_view kNullTag = "tag:yaml.org,2002:null";

// Whether `node` is a null: `~`, `null` or nothing, or any of these tagged `!!null`. yaml-cpp
// makes `!!null ~` a scalar "~" carrying the null tag, not a null node, so every reader asks
// is_null() (or is_scalar()), never IsNull() or IsScalar(): both spellings are one value.
// parse_guarded refuses `!!null` on anything else (`!!null 5`, a list, a map).
bool is_null(const YAML::Node& node);
// A scalar that is not a null: IsScalar(), but false for `!!null ~`.
bool is_scalar(const YAML::Node& node);

// Parses one document of `text` named `label` in messages. Every refusal, and every yaml-cpp
// exception (syntax errors, DeepRecursion), is a LoadError at its line and column. Empty text,
// or only comments, gives a Null node.
YAML::Node parse_guarded(const std::string& text, const std::string& label);

// ---- a long list, one item at a time --------------------------------------------------------
// A file of game records may be a list of thousands (up to 64 MiB), whose whole tree takes
// some 30 times the text in memory. Such a list is split at its items' lines and each item's
// text parsed alone (Documents::parse_items). A split is trusted only as far as every item
// parses alone to one block map that the guards accept: a `- ` line inside a quoted text or a
// flow list spanning lines leaves a piece that does not, and the text is then read whole.

// One item of a top-level list: where its text is in the whole text.
struct ListItem {
  std::size_t line_start = 0;  // the first byte of its first line, the `- ` line
  std::size_t begin = 0;       // its first character, past the `- `
  std::size_t end = 0;         // past its last line (the next item's line_start, or the end)
  int line = 0;                // the 0-based line of `begin`
};

// The items of text that begins as a list (its first line that is not blank, a comment or
// `---` starts with `- `): each line starting `- ` and a key starts one, its text running to the
// next. None for other text, or when a line is `- ` and no key, or a carriage return alone
// breaks a line (yaml-cpp counts lines so, the split by line feeds).
std::vector<ListItem> split_list(std::string_view text);

// The text of `item` standing alone: its lines, the `- ` of the first as spaces, so that every
// column is the whole text's.
std::string item_text(std::string_view text, const ListItem& item);

// parse_guarded for item_text() of an item of the list: its tree, checked by the same guards
// as the whole text's tree (nesting counted from the list). nullopt when the item cannot be read
// alone as the whole text reads it: it is not one block map (the split was not the list's, or
// the item is of another kind), or any guard or yaml-cpp refuses it (only the whole text says
// which error of the file comes first, and where).
std::optional<YAML::Node> parse_guarded_item(const std::string& text, const std::string& label);

}  // namespace switchcards::detail::yaml
