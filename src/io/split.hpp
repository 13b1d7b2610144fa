// Splitting text at a separator, every part kept ("a,,b" gives "a", "", "b"; "" gives one empty
// part), for lists the user writes on one line: `--agents a,b`, a sweep key `last_card.penalty`.
// Private to src/.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace switchcards::detail {

inline std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t at = text.find(separator, start);
    parts.emplace_back(text.substr(start, at - start));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return parts;
}

}  // namespace switchcards::detail
