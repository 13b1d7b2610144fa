// Checks YAML text before it reaches yaml-cpp, which overflows its stack on deep nesting and
// walks alias cycles forever. Returns a message for text that must not be parsed.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace switchcards::detail {

inline constexpr std::size_t kMaxYamlBytes = 1 << 20;
inline constexpr int kMaxYamlDepth = 64;

std::optional<std::string> yaml_guard(std::string_view text);

}  // namespace switchcards::detail
