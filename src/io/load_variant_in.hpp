// Loading a variant inside another load (a scenario, say): its files are parsed into the
// caller's Documents and its overrides are a node of the caller's document, so that an error in
// either keeps its own file, line, column and key. Private to the library.
#pragma once

#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "io/yaml_documents.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards::detail {

// Loads the variant that `ref` names (a built-in name, or a path relative to `base_dir`) into
// `docs`, deep-merges `overrides` (a map from a document parsed in `docs`; null or undefined for
// none) and validates. A reference that cannot be loaded fails at `ref`. Errors are recorded in
// `docs` as its collect_errors setting says; the caller throws them (with_all_errors).
Variant load_variant_in(yaml::Documents& docs, const yaml::Entry& ref,
                        const std::filesystem::path& base_dir, const YAML::Node& overrides);

}  // namespace switchcards::detail
