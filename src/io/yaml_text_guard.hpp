// The first guard of every YAML load: the text itself, before yaml-cpp sees a byte of it. Its
// size, its encoding (UTF-8, no control characters: not a binary file) and the nesting of flow
// collections, which yaml-cpp would follow recursively. Private to the library.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace switchcards::detail::yaml {

// Text larger than this is refused before it reaches yaml-cpp (a variant is a few KiB).
inline constexpr std::size_t kMaxTextBytes = std::size_t{1} << 20;
// Maps and lists may nest this deep, counting the top-level map as 1. yaml-cpp parses
// recursively and gives up only at its own, much larger limit.
inline constexpr int kMaxNesting = 64;

// Throws LoadError naming `label` (with the line and column of the offending byte where there
// is one) when the text is larger than kMaxTextBytes, is not UTF-8, contains control characters
// (binary data), or nests flow collections (`[`, `{`) deeper than kMaxNesting.
void check_text(std::string_view text, const std::string& label);

// Reads a whole file for parsing. Refuses (LoadError naming `label`) a missing or unreadable
// file, a directory, and a file larger than kMaxTextBytes (checked by size and by a bounded
// read, so /dev/zero is refused too) — before reading it whole.
std::string read_text_file(const std::filesystem::path& path, const std::string& label);

}  // namespace switchcards::detail::yaml
