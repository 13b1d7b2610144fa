// A variant's fingerprint: a short, stable hash of its rules as the engine plays them, so that
// results played under different rules are told apart even when their variant files share a
// name (simulation results carry it, and `switchcards merge` compares it).
#pragma once

#include <string>
#include <string_view>

#include "switchcards/rules/variant.hpp"

namespace switchcards {

// 16 lowercase hexadecimal digits: the 64-bit FNV-1a hash of a canonical text of every rule of
// `variant` (each field of the Variant in a fixed order, numbers in decimal, card sets as their
// cards, lists in their order). What only names or documents the rules is left out (name,
// title, description, source, the names of the specials and the text the selectors were
// written as), so the fingerprint does not depend on where the variant was loaded from, on its
// file's comments, layout or key order (but the order of the entries of `specials:` and of
// `scoring:` values and multipliers counts: where two name the same card, their order decides),
// nor on how a set of cards is written; any change to a rule changes it. The same rules give the
// same fingerprint on every platform; a version of switchcards that adds a rule to the Variant
// changes every fingerprint. Each thread keeps the fingerprint of the variant it last asked
// about: asked again for equal rules, it costs a comparison of two Variants.
std::string variant_fingerprint(const Variant& variant);

// Whether `text` has the form variant_fingerprint writes: 16 lowercase hexadecimal digits (for
// the readers of files that carry one).
constexpr bool is_variant_fingerprint(std::string_view text) {
  if (text.size() != 16) return false;
  for (const char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace switchcards
