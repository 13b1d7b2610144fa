// TempDir: a fresh directory under the system temp directory for one test case, removed with
// everything in it when the test case ends (also when it fails).
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace switchcards::testing {

class TempDir {
 public:
  TempDir() {
    // The process id keeps parallel test processes (ctest -j) apart, the counter the
    // directories of one process.
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("switchcards-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    // One left by a killed process whose id came round again would not start empty.
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // Writes `text` to `name` (relative; missing directories are made) and returns its path.
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    const std::filesystem::path file = path_ / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace switchcards::testing
