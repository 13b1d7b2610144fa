// The guarded parse: YAML text (already through check_text) into a yaml-cpp node tree, refusing
// what the loaders do not support (anchors and aliases, other tags than the core schema's, keys
// that are not text, duplicate keys, deep nesting, a second document). Private to the library.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

namespace switchcards::detail::yaml {

// Parses one document of `text` named `label` in messages. Every refusal, and every yaml-cpp
// exception (syntax errors, DeepRecursion), is a LoadError at its line and column. Empty text,
// or only comments, gives a Null node.
YAML::Node parse_guarded(const std::string& text, const std::string& label);

}  // namespace switchcards::detail::yaml
