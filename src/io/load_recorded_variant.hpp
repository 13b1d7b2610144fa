// Loading the variant text a game record or a save embeds. Private to the library.
#pragma once

#include <string_view>

#include "switchcards/rules/variant.hpp"

namespace switchcards::detail {

// As load_variant_from_string, but a key that the rest of the variant leaves without effect is
// dropped instead of refused, wherever it is: a record's text is one document, so a key its
// base gave and its rules turned off (late_call: true beside enforce: none) cannot be told
// from one its author wrote, and records written before such keys were refused still replay.
Variant load_recorded_variant(std::string_view yaml, std::string_view label,
                              std::string_view base_dir, std::string_view rules,
                              std::string_view rules_label);

}  // namespace switchcards::detail
