// Reading a whole file up to a size limit; see read_file.hpp.
#include "io/read_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <system_error>

namespace switchcards::detail {

FileText read_whole_file(const std::filesystem::path& path, std::size_t max_bytes) {
  FileText out;
  const auto fail = [&](FileText::Problem problem) {
    out.problem = problem;
    out.text.clear();
    return out;
  };
  // The system takes a path as a C string, which a NUL ends: "a.yaml\0b" would read a.yaml.
  // No file has a name with a NUL in it.
  if (path.native().find('\0') != std::filesystem::path::string_type::npos)
    return fail(FileText::Problem::missing);
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) return fail(FileText::Problem::missing);
  if (std::filesystem::is_directory(status)) return fail(FileText::Problem::directory);
  if (std::filesystem::is_regular_file(status)) {
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec && size > max_bytes) {
      out.size = size;
      return fail(FileText::Problem::too_large);
    }
  }
  // A named pipe is opened without waiting for a writer (a plain open would wait for ever when
  // there is none), then read as any file: with no writer, it reads as empty. A pipe that has a
  // writer, as `<(command)` gives, reads what it writes.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return fail(FileText::Problem::unopenable);
  const auto close_fd = [fd] { ::close(fd); };
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
    close_fd();
    return fail(FileText::Problem::unopenable);
  }
  // Blocks of at most 64 KiB, so a 4 KiB file does not fill a buffer of the limit's size; one
  // byte more than the limit tells a too-large stream apart.
  constexpr std::size_t kBlock = 64 * 1024;
  while (out.text.size() <= max_bytes) {
    const std::size_t old_size = out.text.size();
    out.text.resize(old_size + std::min(kBlock, max_bytes + 1 - old_size));
    const ssize_t got = ::read(fd, out.text.data() + old_size, out.text.size() - old_size);
    if (got < 0 && errno == EINTR) {
      out.text.resize(old_size);
      continue;
    }
    if (got < 0) {
      close_fd();
      return fail(FileText::Problem::unreadable);
    }
    out.text.resize(old_size + static_cast<std::size_t>(got));
    if (got == 0) break;
  }
  close_fd();
  if (out.text.size() > max_bytes) return fail(FileText::Problem::too_large);
  return out;
}

}  // namespace switchcards::detail
