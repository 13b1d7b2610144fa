// The combination rules of a variant: settings each allowed on its own, refused together
// because the engine would play them otherwise than they read (docs/variant-format.md). Stated
// once, here: check_variant reports the first problem of a Variant built in code, and the
// variant loader reports every one at the key of the file that set it.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/rules/variant.hpp"

namespace switchcards {

struct CombinationProblem {
  // The field in the structs, e.g. "specials[1].cancel", "round.no_finish.unless",
  // "identical.jump_in"; "play.runs" names the run settings together (play.run_direction,
  // run_ace, turn_corner and run_jokers, a file's play.runs).
  std::string path;
  // For a person editing a variant file: settings are named by the file's keys
  // (teams.seats: opposite, not TeamSeating::opposite).
  std::string message;
  // The other fields of the clash, by path as above. A loader reports the problem at whichever
  // of `path` and these the most recent text wrote (`path` among equals): a file that extends
  // a variant, or overrides it, is told of the key it wrote that made the clash, not of the
  // base's key.
  std::vector<std::string> also = {};
};

// Whether a field was set explicitly, by its path as in CombinationProblem: a file refuses
// some keys when they are written at all (draw.limit without until_playable), even with their
// default value. Without it (a Variant built in code) a field counts as set when it differs
// from its default.
using FieldGiven = std::function<bool(std::string_view path)>;

// Calls `report` with every combination problem of `v`, in the order of the file's sections:
// the table (players, deck, deal), draw, play, each special, deflection, identical, round,
// match, teams. Every single value is assumed in its range and every enum known (check_variant
// checks those first, the loader as it reads).
void for_each_combination_problem(const Variant& v,
                                  const std::function<void(const CombinationProblem&)>& report,
                                  const FieldGiven& given = {});

}  // namespace switchcards
