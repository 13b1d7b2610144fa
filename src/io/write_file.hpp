// Writing a whole file, the one way every file the library and the command line write is
// written: the text, then the file closed, then checked. Private to the library.
#pragma once

#include <string>
#include <string_view>

namespace switchcards::detail {

// Writes `text` to `path` (replacing it) and closes it. Throws std::runtime_error
// "cannot write PATH: REASON" when the file cannot be opened or any of the text cannot be
// written. The check comes after the close: the end of the text stays in the stream's buffer
// until then, so a full disk (or /dev/full) shows only at the close.
void write_text_file(const std::string& path, std::string_view text);

}  // namespace switchcards::detail
