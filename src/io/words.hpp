// Counts in English, for the library's texts (describe, event lines, the terminal player):
// plural(1, "card") is "1 card", plural(3, "card") "3 cards".
#pragma once

#include <fmt/format.h>

#include <string>
#include <string_view>

namespace switchcards::detail {

inline std::string plural(long long n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

}  // namespace switchcards::detail
