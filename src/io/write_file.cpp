// Writing a whole file; see write_file.hpp.
#include "io/write_file.hpp"

#include <cerrno>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include "io/visible_text.hpp"

namespace switchcards::detail {

void write_text_file(const std::string& path, std::string_view text) {
  // The system takes a path as a C string, which a NUL ends: "a.json\0b" would write a.json.
  if (path.find('\0') != std::string::npos)
    throw std::runtime_error("cannot write " + visible_text(path) +
                             ": a file name cannot hold a NUL character");
  errno = 0;
  std::ofstream out(path, std::ios::binary);
  if (out) out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (out.is_open()) out.close();  // the rest of the buffer is written here
  if (out) return;
  // The streams do not say why; errno does, as left by the open, write or close that failed.
  const int error = errno;
  throw std::runtime_error("cannot write " + visible_text(path) +
                           (error != 0 ? ": " + std::generic_category().message(error) : ""));
}

}  // namespace switchcards::detail
