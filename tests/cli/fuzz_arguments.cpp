// An argument fuzzer for the `switchcards` executable: random argument vectors built from the
// real subcommand and option names (and near misses of them) with hostile values — empty,
// negative, past 2^64, malformed K/M, directories, missing paths, YAML fragments, control
// characters, 4 KiB strings. Each run must end by itself within a time limit, by exit status
// 0, 1 or 2, never by a signal, and must say something when it fails. Seeded and reproducible.
//
//   switchcards_fuzz_arguments --cli PATH [--seconds N] [--seed N] [--limit N]
//
// Exit status 0 if every run behaved, 1 with the first failing argument vector printed.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace {

namespace fs = std::filesystem;

struct Outcome {
  bool timed_out = false;
  bool signalled = false;
  int status = -1;
  std::string output;
};

// Runs `argv` in `dir` with stdin from /dev/null, stdout and stderr to a file, killed after
// `limit` seconds.
Outcome run(const std::vector<std::string>& args, const fs::path& dir, int limit) {
  const fs::path out_path = dir / "fuzz-output.txt";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const fs::path old = fs::current_path();
  fs::current_path(dir);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  fs::current_path(old);
  posix_spawn_file_actions_destroy(&actions);
  Outcome o;
  if (spawned != 0) {
    o.signalled = true;
    o.output = "could not start " + args[0];
    return o;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limit);
  int raw = 0;
  for (;;) {
    const pid_t done = waitpid(pid, &raw, WNOHANG);
    if (done == pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &raw, 0);
      o.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (!o.timed_out) {
    if (WIFSIGNALED(raw)) o.signalled = true;
    if (WIFEXITED(raw)) o.status = WEXITSTATUS(raw);
  }
  std::ifstream in(out_path, std::ios::binary);
  o.output.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return o;
}

std::string quoted(const std::vector<std::string>& args) {
  std::string out;
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string a;
    for (char c : args[i]) {
      if (c == '\'')
        a += "'\\''";
      else if (static_cast<unsigned char>(c) < 0x20)
        a += "\\x" + std::to_string(static_cast<int>(c));
      else
        a += c;
    }
    if (a.size() > 60) a = a.substr(0, 60) + "...(" + std::to_string(args[i].size()) + " bytes)";
    out += " '" + a + "'";
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::string cli;
  double seconds = 20;
  std::uint64_t seed = 1;
  int limit = 15;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--cli")
      cli = argv[i + 1];
    else if (flag == "--seconds")
      seconds = std::atof(argv[i + 1]);
    else if (flag == "--seed")
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (flag == "--limit")
      limit = std::atoi(argv[i + 1]);
  }
  if (cli.empty()) {
    std::fprintf(stderr, "usage: %s --cli PATH [--seconds N] [--seed N] [--limit N]\n", argv[0]);
    return 2;
  }
  cli = fs::absolute(cli).string();
  const fs::path dir =
      fs::temp_directory_path() / ("switchcards-fuzz-args-" + std::to_string(getpid()));
  fs::create_directories(dir / "adir");
  std::ofstream(dir / "house.yaml") << "extends: british\nname: house\nlast_card: {penalty: 3}\n";
  std::ofstream(dir / "bad.yaml") << "extends: british\nstak_with_typo: 3\n";
  std::ofstream(dir / "tab.yaml") << "name: t\nextends: british\nmatch:\n\tlimit: 3\n";
  std::ofstream(dir / "shard.json") << "{\"format\": 1}\n";

  const std::vector<std::string> commands = {
      "play",     "simulate", "merge", "demo", "validate", "describe", "score",
      "scenario", "replay",   "help",  "plya", "",         "--help",   "--version"};
  const std::vector<std::string> flags = {
      "--variant",  "-v",        "--games",   "-n",       "--players",  "-p",      "--agents",
      "-a",         "--threads", "-t",        "--seed",   "-s",         "--json",  "--shard",
      "--record",   "--rules",   "--matches", "--bots",   "--beginner", "--round", "--color",
      "--no-color", "--explain", "--help",    "--player", "--seeds",    "-x",      "--",
      "--games=3",  "--seed=-1", "-n5",       "---games"};
  const std::vector<std::string> values = {"",
                                           "-1",
                                           "0",
                                           "1",
                                           "2",
                                           "3",
                                           "-5",
                                           "7",
                                           "8",
                                           "1024",
                                           "1025",
                                           "99999999999999999999",
                                           "18446744073709551615",
                                           "18446744073709551616",
                                           "-9223372036854775808",
                                           "1e3",
                                           "0x10",
                                           " 5",
                                           "5 ",
                                           "1/0",
                                           "0/4",
                                           "2/1",
                                           "1/2",
                                           "3/4",
                                           "1/1000000000",
                                           "1/2/3",
                                           "-1/4",
                                           "/",
                                           "abc",
                                           "british",
                                           "balkan",
                                           "mau-mau",
                                           "britsh",
                                           "house.yaml",
                                           "bad.yaml",
                                           "tab.yaml",
                                           "adir",
                                           "adir/",
                                           ".",
                                           "/nonexistent/x.json",
                                           "/dev/null",
                                           "shard.json",
                                           "human",
                                           "random",
                                           "heuristic",
                                           "random,,greedy",
                                           "random:2",
                                           "eager:0.5",
                                           "{",
                                           "}",
                                           "{a: 1}",
                                           "{specials: {skip: {skip: 2}}}",
                                           "{specials: {skipp: {skip: 2}}}",
                                           "[1, 2]",
                                           "\n",
                                           "\t",
                                           "-",
                                           "--",
                                           "%s%n%x",
                                           "JOKER",
                                           "AS",
                                           "AS AS",
                                           "10H",
                                           "\xe2\x99\xa0",
                                           "\xff\xfe",
                                           std::string(4096, 'A'),
                                           std::string("a\0b", 3)};

  std::mt19937_64 rng(seed);
  const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  const auto start = std::chrono::steady_clock::now();
  long runs = 0;
  int status_count[3] = {0, 0, 0};
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
         seconds) {
    std::vector<std::string> args = {cli};
    const std::string& command = commands[pick(commands.size())];
    if (!command.empty()) args.push_back(command);
    const std::size_t words = pick(7);
    for (std::size_t w = 0; w < words; ++w) {
      if (pick(4) == 0) {
        args.push_back(values[pick(values.size())]);  // a bare value (positional or stray)
      } else {
        args.push_back(flags[pick(flags.size())]);
        if (pick(5) != 0) args.push_back(values[pick(values.size())]);
      }
    }
    // A valid study that is merely long is no finding: a --games the fuzzer gives is one of
    // its values, all small or invalid but 2^64 - 1 (valid, and a study without end), which is
    // not run; simulate's default (1000 games) takes well under a second.
    bool endless = false;
    for (std::size_t i = 1; i + 1 < args.size(); ++i)
      endless = endless || ((args[i] == "--games" || args[i] == "-n") &&
                            args[i + 1] == "18446744073709551615");
    if (endless) continue;
    const Outcome o = run(args, dir, limit);
    ++runs;
    const bool bad_status = !(o.status == 0 || o.status == 1 || o.status == 2);
    const bool silent_failure = o.status != 0 && o.output.empty();
    if (o.timed_out || o.signalled || bad_status || silent_failure) {
      std::fprintf(stderr, "fuzz_arguments: seed %llu, run %ld: %s\n  switchcards%s\n%s\n",
                   static_cast<unsigned long long>(seed), runs,
                   o.timed_out   ? "did not end within the limit"
                   : o.signalled ? "ended by a signal (a crash)"
                   : bad_status  ? ("exit status " + std::to_string(o.status)).c_str()
                                 : "failed without a word",
                   quoted(args).c_str(), o.output.substr(0, 2000).c_str());
      fs::remove_all(dir);
      return 1;
    }
    ++status_count[o.status];
  }
  fs::remove_all(dir);
  std::printf("fuzz_arguments: %ld runs in %.0f s (seed %llu): %d exit 0, %d exit 1, %d exit 2\n",
              runs, seconds, static_cast<unsigned long long>(seed), status_count[0],
              status_count[1], status_count[2]);
  return 0;
}
