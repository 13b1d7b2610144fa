// Running the built `switchcards` executable as a user would (through the shell), for the CLI
// tests: in a scratch directory, stdin from a file or /dev/null, stdout and stderr captured
// together, under a time limit (coreutils `timeout`), with the wall time measured.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace switchcards::testing {

// The CLI binary: SWITCHCARDS_CLI_PATH from CMake, else `switchcards` beside this test binary.
inline std::string cli_path() {
#ifdef SWITCHCARDS_CLI_PATH
  return SWITCHCARDS_CLI_PATH;
#else
  return (std::filesystem::read_symlink("/proc/self/exe").parent_path() / "switchcards").string();
#endif
}

// A scratch directory for one test case, removed afterwards.
struct Scratch {
  std::filesystem::path dir;
  explicit Scratch(const std::string& name)
      : dir(std::filesystem::temp_directory_path() /
            ("switchcards-cli-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  std::string operator/(const std::string& file) const { return (dir / file).string(); }
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// What `timeout` exits with when the time ran out.
inline constexpr int kTimedOut = 124;

struct Run {
  int status = -1;     // the exit status; kTimedOut if killed at the limit; -1 if signalled
  std::string out;     // stdout and stderr together
  double seconds = 0;  // wall time
};

// Runs `switchcards ARGS` (ARGS as shell words) in the scratch directory, with stdin from
// `input` (a file path) or /dev/null, killed after `limit_seconds`. `env` is prefixed to the
// command ("NO_COLOR=1").
inline Run run(const std::string& args, const Scratch& scratch, const std::string& input = "",
               int limit_seconds = 60, const std::string& env = "") {
  const std::string output = scratch / "output.txt";
  const std::string command =
      "cd '" + scratch.dir.string() + "' && " + env + " timeout -s KILL " +
      std::to_string(limit_seconds) + " '" + cli_path() + "' " + args + " < " +
      (input.empty() ? std::string("/dev/null") : "'" + input + "'") + " > '" + output + "' 2>&1";
  const auto start = std::chrono::steady_clock::now();
  const int raw = std::system(command.c_str());
  Run r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // `timeout -s KILL` exits 137 (128 + 9) when it killed the program.
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  if (r.status == 137) r.status = kTimedOut;
  r.out = read_file(output);
  return r;
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Shell commands that wait, up to 30 s, until the process $p catches `signal` (its bit in the
// mask of caught signals, /proc/$p/status SigCgt): a command installs its handlers once its
// work starts, and a signal sent before then finds none. Waiting for that, not for a fixed
// time, keeps a test right on a loaded machine.
inline std::string wait_until_caught(int signal) {
  return "i=0; until [ $i -gt 600 ] || [ $(( 0x0$(awk '/^SigCgt/ {print $2}' /proc/$p/status) "
         "& " +
         std::to_string(1ull << (signal - 1)) + " )) -ne 0 ]; do i=$((i+1)); sleep 0.05; done; ";
}

}  // namespace switchcards::testing
