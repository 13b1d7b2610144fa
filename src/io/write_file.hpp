// Writing a whole file, the one way every file the library and the command line write is
// written: the text, then the file closed, then checked. Private to the library.
#pragma once

#include <string>
#include <string_view>

namespace switchcards::detail {

// Writes `text` to `path`, replacing it whole: the text goes to a new file in the same
// directory (".switchcards-PID-N.tmp"), made with the target's mode and renamed over it once
// all of it is written and synced, so that a full disk, a file size limit or a signal never
// leaves `path` cut short (a signal the program does not catch, during the write, can leave
// the new file behind). Symbolic links are followed to the file they name, which is replaced
// (also where it does not exist yet); a file that may not be written is not replaced. What is
// no regular file (a device, a FIFO), a name under /proc or /dev (/dev/stdout, which may name
// the shell's own file), and a file that cannot be replaced (mounted on its own, or with no
// room beside it for the new file) are written in place. Throws std::runtime_error
// "cannot write PATH: REASON" when the file cannot be opened or any of the text cannot be
// written; a file replaced is then left as it was.
void write_text_file(const std::string& path, std::string_view text);

// Why write_text_file could not write `path`, found before the work whose result it is to hold:
// a directory, a file that may not be written, a directory that does not exist, is no
// directory or may not be written, a name longer than the file system takes. Empty when none
// is found (the write can still fail: a full disk). `path` is not empty.
std::string output_file_problem(const std::string& path);

}  // namespace switchcards::detail
