// closest_match: the "did you mean 'X'?" of every message about an unknown name — a YAML key,
// a special's name, a built-in variant, a subcommand or an option of the command line.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace switchcards {

// The candidate closest to `word` by edit distance (case, '-' and '_' ignored), if it is close
// enough to be a plausible typo (one edit in a short word, up to three in a long one) or
// `word` abbreviates it ("brit" for "british").
std::optional<std::string> closest_match(std::string_view word,
                                         std::span<const std::string_view> candidates);

}  // namespace switchcards
