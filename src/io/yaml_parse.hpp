// The guarded parse: YAML text (already through check_text) into a yaml-cpp node tree, refusing
// what the loaders do not support (anchors and aliases, other tags than the core schema's, a
// `!!null` on something that is not a null, keys that are not text, duplicate keys, deep
// nesting, a second document). Private to the library.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>

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

}  // namespace switchcards::detail::yaml
