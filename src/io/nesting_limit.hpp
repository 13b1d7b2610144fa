// How deep the documents the library reads may nest, YAML and JSON alike. Private to the
// library.
#pragma once

namespace switchcards::detail {

// Maps and lists (objects and arrays) may nest this deep, counting the top-level map as 1:
// far deeper than any document of the library (a State nests four levels, a sweep's results
// seven), and far from what the parsers' recursion takes. yaml-cpp parses recursively and
// gives up only at its own, much larger limit; nlohmann's ordered objects copy their members
// as they grow, recursively, and a JSON value 50,000 levels deep overflowed the stack.
inline constexpr int kMaxNesting = 64;

}  // namespace switchcards::detail
