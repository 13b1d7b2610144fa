// A position where a late "last card" call is a move, for tests of what follows a forgotten
// call: under mau-mau-purist (variants/mau-mau-purist.yaml) an A lets its player play again,
// so seat 0, playing its AH on the 10H without the call, is left one card and acts next, with
// the late call among its moves.
#pragma once

#include "cards.hpp"
#include "switchcards/engine/engine.hpp"

namespace switchcards::testing {

inline Position ace_leaves_one_card() {
  Position p;
  p.hands = {cards({"AH", "9H"}), cards({"7C", "8C"}), cards({"QS", "KS"})};
  p.discard = cards({"10H"});
  p.stock = cards({"JC", "JD"});
  return p;
}

}  // namespace switchcards::testing
