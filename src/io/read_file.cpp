// Reading a whole file up to a size limit; see read_file.hpp.
#include "io/read_file.hpp"

#include <algorithm>
#include <fstream>
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
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(FileText::Problem::unopenable);
  // Blocks of at most 64 KiB, so a 4 KiB file does not fill a buffer of the limit's size; one
  // byte more than the limit tells a too-large stream apart.
  constexpr std::size_t kBlock = 64 * 1024;
  while (out.text.size() <= max_bytes) {
    const std::size_t old_size = out.text.size();
    out.text.resize(old_size + std::min(kBlock, max_bytes + 1 - old_size));
    in.read(out.text.data() + old_size, static_cast<std::streamsize>(out.text.size() - old_size));
    out.text.resize(old_size + static_cast<std::size_t>(in.gcount()));
    if (!in) break;
  }
  if (in.bad()) return fail(FileText::Problem::unreadable);
  if (out.text.size() > max_bytes) return fail(FileText::Problem::too_large);
  return out;
}

}  // namespace switchcards::detail
