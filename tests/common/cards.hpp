// Cards from their text names, for tests that write hands and piles inline:
// cards({"2H", "JS"}).
#pragma once

#include <initializer_list>
#include <vector>

#include "switchcards/core/card.hpp"

namespace switchcards::testing {

inline std::vector<Card> cards(std::initializer_list<const char*> names) {
  std::vector<Card> out;
  for (const char* n : names) out.push_back(parse_card(n));
  return out;
}

}  // namespace switchcards::testing
