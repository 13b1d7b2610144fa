// Writing a whole file; see write_file.hpp.
#include "io/write_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include "io/visible_text.hpp"

namespace switchcards::detail {

namespace {

[[noreturn]] void cannot_write(const std::string& path, int error) {
  throw std::runtime_error("cannot write " + visible_text(path) +
                           (error != 0 ? ": " + std::generic_category().message(error) : ""));
}

// Writes all of `text` to the open descriptor; 0, or the errno of the write that failed.
int write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

// The old way, into the file itself: for what is no regular file (/dev/stdout, a FIFO,
// /dev/full), which cannot be replaced, and where no file can be made beside the target.
void write_in_place(const std::string& path, std::string_view text) {
  errno = 0;
  std::ofstream out(path, std::ios::binary);
  if (out) out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (out.is_open()) out.close();  // the rest of the buffer is written here
  if (out) return;
  // The streams do not say why; errno does, as left by the open, write or close that failed.
  cannot_write(path, errno);
}

}  // namespace

void write_text_file(const std::string& path, std::string_view text) {
  // The system takes a path as a C string, which a NUL ends: "a.json\0b" would write a.json.
  if (path.find('\0') != std::string::npos)
    throw std::runtime_error("cannot write " + visible_text(path) +
                             ": a file name cannot hold a NUL character");
  // A link is followed, so that the file it names is replaced and the link stays.
  std::error_code ec;
  std::filesystem::path target(path);
  if (std::filesystem::is_symlink(target, ec)) {
    const std::filesystem::path resolved = std::filesystem::weakly_canonical(target, ec);
    if (!ec) target = resolved;
  }
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (exists && !S_ISREG(existing.st_mode)) return write_in_place(path, text);

  // The text goes to a new file beside the target, which is renamed over it once all of it is
  // written: a full disk, a size limit or a kill leaves the target as it was (or absent), never
  // cut short. A cut record or save would otherwise replay or resume as a shorter game.
  // Made with open(2), so that the umask applies to a new file as it would have to the target;
  // named by the process and a counter, so that threads writing at once make files of their own.
  static std::atomic<unsigned> made{0};
  const std::string stem = (target.has_parent_path() ? (target.parent_path() / "").string() : "") +
                           "." + target.filename().string() + "." + std::to_string(::getpid()) +
                           ".";
  std::string temp;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temp = stem + std::to_string(made.fetch_add(1)) + ".tmp";
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  // No file can be made beside it (the directory may not be writable while the file is, or the
  // longer name too long): the file itself is written, or its own error reported.
  if (fd < 0) return write_in_place(path, text);
  int error = write_all(fd, text);
  // A file replaced keeps its mode (a new one has the umask's, from open).
  if (error == 0 && exists && ::fchmod(fd, existing.st_mode & 07777) != 0) error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && std::rename(temp.c_str(), target.c_str()) != 0) error = errno;
  if (error != 0) {
    ::unlink(temp.c_str());
    cannot_write(path, error);
  }
}

}  // namespace switchcards::detail
