// The first guard of every YAML load: the text itself, before yaml-cpp sees a byte of it. Its
// size, its encoding (UTF-8, no control characters: not a binary file; a byte order mark only
// first) and the nesting of flow collections, which yaml-cpp would follow recursively. Private
// to the library.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include "io/nesting_limit.hpp"

namespace switchcards::detail::yaml {

// Text larger than this is refused before it reaches yaml-cpp (a variant is a few KiB).
inline constexpr std::size_t kMaxTextBytes = std::size_t{1} << 20;
// Game records are larger: `simulate --matches --record` of a match of 1000 rounds (the most
// `match: {rounds: N}` allows) writes about 1.3 MB. The limit still refuses absurd input, and
// `simulate --record` refuses to write records past it, so whatever it writes replays.
inline constexpr std::size_t kMaxRecordBytes = std::size_t{64} << 20;

// Throws LoadError naming `label` (with the line and column of the offending byte where there
// is one) when the text is larger than `max_bytes` (kMaxTextBytes, or kMaxRecordBytes for game
// records), is not UTF-8, contains control characters (binary data) or a byte order mark
// anywhere but at its start, or nests flow collections (`[`, `{`) deeper than kMaxNesting.
void check_text(std::string_view text, const std::string& label,
                std::size_t max_bytes = kMaxTextBytes);

// Reads a whole file for parsing. Refuses (LoadError naming `label`) a missing or unreadable
// file, a directory, and a file larger than `max_bytes` (checked by size and by a bounded read,
// so /dev/zero is refused too: io/read_file.hpp) — before reading it whole.
std::string read_text_file(const std::filesystem::path& path, const std::string& label,
                           std::size_t max_bytes = kMaxTextBytes);

}  // namespace switchcards::detail::yaml
