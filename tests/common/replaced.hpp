// replaced: `text` with the first `from` in it replaced by `to`, for tests that edit a good
// document (a saved state, a view) into a bad one. The test fails at once if `from` is not in
// it: an edit that found nothing would test the good document again.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <string_view>

namespace switchcards::testing {

inline std::string replaced(std::string text, std::string_view from, std::string_view to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace switchcards::testing
