// Reading a whole file up to a size limit, the one way the library and the command line read
// their inputs (variant, scenario, record and sweep-grid files; results files): an endless
// stream (/dev/zero, a pipe that never closes) is refused at the limit instead of filling the
// memory. Private to the library; each caller words the problem for its own kind of file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace switchcards::detail {

struct FileText {
  enum class Problem {
    none,
    missing,     // no such file
    directory,   // a directory, not a file
    unopenable,  // it exists, but cannot be opened for reading
    unreadable,  // a read failed part way
    too_large,   // more than the limit
  };
  Problem problem = Problem::none;
  std::string text;         // the whole file when problem is none
  std::uintmax_t size = 0;  // too_large: a regular file's size (0 for a stream, read to the limit)
};

// The text of `path`, read in blocks up to one byte past `max_bytes`: a regular file larger
// than the limit is refused by its size before any read.
FileText read_whole_file(const std::filesystem::path& path, std::size_t max_bytes);

}  // namespace switchcards::detail
