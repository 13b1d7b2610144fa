// "Did you mean 'X'?": the closest of a few names to a word (see switchcards/io/closest_match.hpp).
#include "switchcards/io/closest_match.hpp"

#include <algorithm>
#include <vector>

namespace switchcards {

namespace {

std::string normalise(std::string_view word) {
  std::string out;
  for (char c : word) {
    if (c == '-') c = '_';
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    out += c;
  }
  return out;
}

// Edit distance counting a swap of neighbours as one edit (optimal string alignment).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> closest_match(std::string_view word,
                                         std::span<const std::string_view> candidates) {
  const std::string w = normalise(word);
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (std::string_view candidate : candidates) {
    const std::size_t distance = edit_distance(w, normalise(candidate));
    if (!best || distance < best_distance) {
      best = std::string(candidate);
      best_distance = distance;
    }
  }
  // Plausible typos only: one edit in a short word, up to three in a long one.
  const std::size_t allowed = std::clamp<std::size_t>((w.size() + 1) / 3, 1, 3);
  if (best && best_distance <= allowed) return best;
  // Or an abbreviation: "brit" for "british".
  if (w.size() >= 3)
    for (std::string_view candidate : candidates)
      if (normalise(candidate).starts_with(w)) return std::string(candidate);
  return std::nullopt;
}

}  // namespace switchcards
