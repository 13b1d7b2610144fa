// Writing a whole file, the one way every file the library and the command line write is
// written: the text, then the file closed, then checked. Private to the library.
#pragma once

#include <string>
#include <string_view>

namespace switchcards::detail {

// Writes `text` to `path`, replacing it whole: the text goes to a new file in the same
// directory (".NAME.PID.N.tmp"), renamed over `path` once all of it is written, so that a full
// disk, a file size limit or a kill never leaves `path` cut short (only a kill between the two
// can leave the new file behind). A link is followed; a file replaced keeps its mode. What is
// no regular file (/dev/stdout, a FIFO), and a path beside which no file can be made, is
// written in place. Throws std::runtime_error "cannot write PATH: REASON" when the file cannot
// be opened or any of the text cannot be written; a file replaced is then left as it was.
void write_text_file(const std::string& path, std::string_view text);

}  // namespace switchcards::detail
