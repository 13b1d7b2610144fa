// The rules of a variant as English text, generated from the Variant itself (players, deck,
// deal, turns, each special card, last card, identical card, scoring, match end), so a house's
// YAML file documents itself: `switchcards describe FILE`.
#pragma once

#include <string>

#include "switchcards/rules/variant.hpp"

namespace switchcards {

// Several paragraphs, each line under 100 columns, ending in a newline.
std::string describe_variant(const Variant& variant);

// One line: "British Switch (british): 2-7 players, 52 cards, 7 cards each, 4 special cards,
// elimination at 100", for `switchcards validate`.
std::string summarize_variant(const Variant& variant);

}  // namespace switchcards
