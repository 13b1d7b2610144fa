// Loading variants: a built-in name ("british") or a path to a user's YAML file, with
// `extends:` deep merging and full validation. Errors name FILE:LINE:COL and the key. The
// YAML parser stays behind src/: nothing here includes it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "switchcards/io/load_error.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

// `name_or_path`: a built-in variant name, or a path to a YAML file (anything containing a
// '/' or ending in .yaml/.yml is a path). Throws LoadError; never returns a half-loaded variant.
Variant load_variant(std::string_view name_or_path);

// Whether load_variant reads `name_or_path` as a file (it contains '/' or ends in .yaml or .yml)
// rather than as the name of a built-in variant.
bool is_variant_path(std::string_view name_or_path);

// As load_variant, then deep-merges `overrides_yaml` (a YAML mapping, e.g. the command line's
// `--rules`) onto it before validation. `overrides_label` names it in errors, with the line and
// column inside the overrides and the key: `--rules:1:15: draw.after: ...`.
Variant load_variant(std::string_view name_or_path, std::string_view overrides_yaml,
                     std::string_view overrides_label);

// Loads a variant from YAML text (for programs that build house rules at run time). `label`
// names it in errors; `extends:` paths resolve relative to `base_dir`; `overrides_yaml`, if
// any, is merged on as by load_variant.
Variant load_variant_from_string(std::string_view yaml, std::string_view label = "<string>",
                                 std::string_view base_dir = ".",
                                 std::string_view overrides_yaml = "",
                                 std::string_view overrides_label = "overrides");

// The variant as one self-contained YAML document: the whole `extends:` chain and the
// overrides merged, no `extends:` left. It loads to the same Variant in any directory and with
// any set of built-ins, which is what a game record embeds. Throws LoadError as load_variant,
// and when the document is larger than a variant may be (1 MiB): files within the limit can
// merge to more, which a record could not hold.
std::string resolved_variant_yaml(std::string_view name_or_path,
                                  std::string_view overrides_yaml = "",
                                  std::string_view overrides_label = "--rules");

// The names of the built-in variants (the files of variants/ embedded at build time).
std::vector<std::string> builtin_variant_names();
// The YAML text of a built-in variant; throws LoadError for an unknown name.
std::string_view builtin_variant_text(std::string_view name);

}  // namespace switchcards
