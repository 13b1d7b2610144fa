// The rules of a variant as English text, generated from the Variant itself (players, deck,
// deal, turns, each special card, last card, identical card, scoring, match end), so a house's
// YAML file documents itself: `switchcards describe FILE`.
#pragma once

#include <string>

#include "switchcards/rules/variant.hpp"

namespace switchcards {

// Several paragraphs ending in a newline, wrapped to lines of at most `width` columns (a word
// or a heading longer than that stands on a line of its own). Throws std::invalid_argument for
// a width below 1.
std::string describe_variant(const Variant& variant, int width = 96);

// One line: "British Switch (british): 2-7 players, 52 cards, 7 cards each, 4 special card
// rules, elimination at 100" (validate, demo and play open with it).
std::string summarize_variant(const Variant& variant);

}  // namespace switchcards
