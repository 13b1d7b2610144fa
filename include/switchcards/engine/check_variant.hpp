// check_variant: whether a Variant's values are ones the engine plays as they read, for a
// Variant built in code. The variant loader refuses the same values in a file, with the file's
// line and column (the combination rules it takes from the same function,
// for_each_combination_problem), and calls this as a last check; Engine's constructor refuses a
// Variant it finds fault with.
#pragma once

#include <string>

#include "switchcards/rules/variant.hpp"

namespace switchcards {

// "" if `v` is a variant the loader could have made, else its first problem, starting with the
// field's path in the structs, e.g. "deal.hand_size: 0 is out of range (allowed: 1..160)" or
// "specials[1].draw: 1000 is out of range (allowed: 0..100)". It checks, in this order:
//  - every number against its range (rules/variant_limits.hpp), a ByPlayers' steps (at least
//    one, player counts 1..kMaxSeats ascending, each value in range) and every enum value;
//  - the name (is_variant_name) and each special's (1 to kMaxNameLength characters, unique);
//  - each selector against the deck (a special's cards must be given, and any selector given
//    must match a card the deck holds);
//  - listed teams: at least two, none empty, each seat 0..kMaxSeats-1 once, numbered from 0;
//  - the scoring formula (check_scoring_formula);
//  - then the combination rules, the same the loader applies to a file
//    (engine/variant_combinations.hpp, for_each_combination_problem): the table
//    (deal.min_players <= max_players, and for each player count a deck of at most kMaxCards
//    cards with a card to turn up after the deal), an until_playable draw that ends the turn,
//    play.runs settings without runs, several cards beside identical cards, a card in at most
//    one special, a special that both stacks and cancels, deflection by cards that neither
//    reverse nor skip, same_card jump-in without identical cards in the deck,
//    round.no_finish refusing every card, teams that do not fit the players, and the others.
std::string check_variant(const Variant& v);

}  // namespace switchcards
