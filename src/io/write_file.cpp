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
#include <optional>
#include <stdexcept>
#include <string>
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

// Into the file itself, truncated first: for what cannot be replaced by another file (a
// device, a FIFO, a descriptor's name such as /dev/stdout, a file mounted on its own) and
// where no file can be made beside it.
void write_in_place(const std::string& path, std::string_view text) {
  errno = 0;
  std::ofstream out(path, std::ios::binary);
  if (out) out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (out.is_open()) out.close();  // the rest of the buffer is written here
  if (out) return;
  // The streams do not say why; errno does, as left by the open, write or close that failed.
  cannot_write(path, errno);
}

// A name under /proc or /dev. When it reaches the file this process's standard output or error
// is (/dev/stdout, which a shell redirected to a file), the text goes through that descriptor,
// after what was printed there: opening the name would truncate the file, erasing what the
// shell wrote before, and write over it from its start. Anything else is written in place.
void write_through_name(const std::string& path, std::string_view text) {
  struct stat named {};
  if (::stat(path.c_str(), &named) == 0 && S_ISREG(named.st_mode))
    for (const int fd : {STDOUT_FILENO, STDERR_FILENO}) {
      struct stat open_file {};
      if (::fstat(fd, &open_file) != 0 || open_file.st_dev != named.st_dev ||
          open_file.st_ino != named.st_ino)
        continue;
      std::fflush(fd == STDOUT_FILENO ? stdout : stderr);  // what was printed comes first
      if (const int error = write_all(fd, text)) cannot_write(path, error);
      return;
    }
  write_in_place(path, text);
}

// The file `path` names, its symbolic links followed one by one (as open(2) follows them, also
// to a target that does not exist yet); nullopt where a link leads into /proc or /dev (the
// names of descriptors, /dev/stdout among them, whose file is the shell's to keep) or links go
// round.
std::optional<std::filesystem::path> link_target(std::filesystem::path path) {
  namespace fs = std::filesystem;
  for (int hops = 0; hops < 40; ++hops) {
    const std::string text = path.lexically_normal().string();
    if (text.starts_with("/proc/") || text.starts_with("/dev/")) return std::nullopt;
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(path, ec))) return path;
    const fs::path next = fs::read_symlink(path, ec);
    if (ec) return path;
    path = next.is_absolute() ? next : path.parent_path() / next;
  }
  return std::nullopt;
}

}  // namespace

void write_text_file(const std::string& path, std::string_view text) {
  // The system takes a path as a C string, which a NUL ends: "a.json\0b" would write a.json.
  if (path.find('\0') != std::string::npos)
    throw std::runtime_error("cannot write " + visible_text(path) +
                             ": a file name cannot hold a NUL character");
  const std::optional<std::filesystem::path> found = link_target(path);
  if (!found) return write_through_name(path, text);
  const std::filesystem::path& target = *found;
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (exists && !S_ISREG(existing.st_mode)) return write_in_place(path, text);
  // A file that may not be written is not replaced either (the directory may allow it).
  if (exists && ::access(target.c_str(), W_OK) != 0) cannot_write(path, errno);

  // The text goes to a new file beside the target, renamed over it once all of it is written:
  // a full disk, a size limit or a signal leaves the target as it was (or absent), never cut
  // short. A cut record or save would otherwise replay or resume as a shorter game. It is made
  // with open(2) and the target's mode (a new file's: 0666 less the umask), so that a private
  // file is never readable by others, not even while it is written; its name holds the process
  // and a counter, so that threads and processes writing at once make files of their own.
  static std::atomic<unsigned> made{0};
  const std::string stem =
      (target.has_parent_path() ? (target.parent_path() / "").string() : std::string()) +
      ".switchcards-" + std::to_string(::getpid()) + "-";
  const mode_t mode = exists ? (existing.st_mode & 07777) : 0666;
  std::string temp;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temp = stem + std::to_string(made.fetch_add(1)) + ".tmp";
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode & 0777);
    if (fd < 0 && errno != EEXIST) break;
  }
  // No file can be made beside it (the directory may not be writable while the file is): the
  // file itself is written, or its own error reported.
  if (fd < 0) return write_in_place(path, text);
  // A file replaced keeps its mode exactly (open applied the umask to it).
  int error = exists && ::fchmod(fd, mode) != 0 ? errno : 0;
  if (error == 0) error = write_all(fd, text);
  // On the disk before the rename, so that a crash cannot leave the new name on an empty file.
  if (error == 0 && ::fsync(fd) != 0 && errno != EINVAL) error = errno;
  if (::close(fd) != 0 && errno != EINTR && error == 0) error = errno;
  if (error != 0) {
    ::unlink(temp.c_str());
    cannot_write(path, error);
  }
  if (std::rename(temp.c_str(), target.c_str()) != 0) {
    const int failed = errno;
    ::unlink(temp.c_str());
    // The target cannot be replaced but may be written (a file mounted on its own, a file of
    // another owner in a sticky directory): in place.
    if (exists && (failed == EBUSY || failed == EXDEV || failed == EPERM || failed == EACCES ||
                   failed == EROFS))
      return write_in_place(path, text);
    cannot_write(path, failed);
  }
}

std::string output_file_problem(const std::string& path) {
  namespace fs = std::filesystem;
  // The file the write will make or replace: a link is followed, as write_text_file follows it
  // (a dangling link's target directory must exist too); a name under /proc or /dev is
  // written through as it is.
  const std::optional<fs::path> found = link_target(path);
  if (!found) return "";
  const fs::path& target = *found;
  // A name longer than the file system takes fails only at the write, after the work.
  const fs::path name = target.filename();
  const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  const long most = ::pathconf(dir.c_str(), _PC_NAME_MAX);
  const std::size_t longest = most > 0 ? static_cast<std::size_t>(most) : 255;
  if (name.native().size() > longest)
    return "the file name is " + std::to_string(name.native().size()) +
           " bytes long; the file system takes " + std::to_string(longest);
  std::error_code ec;
  const fs::file_status status = fs::status(target, ec);
  if (fs::exists(status)) {
    if (fs::is_directory(status)) return "is a directory, not a file";
    if (::access(target.c_str(), W_OK) != 0) return "the file cannot be written";
    return "";
  }
  const fs::file_status dir_status = fs::status(dir, ec);
  if (!fs::exists(dir_status)) return "the directory " + dir.string() + " does not exist";
  if (!fs::is_directory(dir_status)) return dir.string() + " is not a directory";
  if (::access(dir.c_str(), W_OK) != 0)
    return "the directory " + dir.string() + " cannot be written";
  return "";
}

}  // namespace switchcards::detail
