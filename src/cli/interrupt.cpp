#include "cli/interrupt.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include <time.h>

#include "cli/simulation_report.hpp"
#include "cli/study_options.hpp"

namespace switchcards::cli {

namespace {

// The signals that end a command tidily: Ctrl-C, a `kill`, the terminal closed.
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

// The signal noted, or 0. Lock-free, so that the handler may set it and the threads of a study
// read it.
std::atomic<int> interrupted{0};
static_assert(std::atomic<int>::is_always_lock_free);
// When it was noted, in nanoseconds of CLOCK_MONOTONIC.
std::atomic<std::int64_t> interrupted_at{0};
static_assert(std::atomic<std::int64_t>::is_always_lock_free);
// A repeat this soon after the first signal is the same request sent twice: `timeout` signals
// its command and then the command's process group, so the command gets each signal twice,
// within microseconds. A person pressing Ctrl-C again to stop at once takes longer.
constexpr std::int64_t kSameRequestNs = 300'000'000;

std::int64_t monotonic_ns() {
  struct timespec now {};
  ::clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe
  return std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
}

// A descriptor of /dev/null that the first signal puts in place of standard input, or -1.
std::atomic<int> end_of_input{-1};

extern "C" void note_interrupt(int signal) {
  const int saved_errno = errno;  // the code the signal interrupted may be about to read it
  const std::int64_t now = monotonic_ns();
  int none = 0;
  if (interrupted.compare_exchange_strong(none, signal)) {
    interrupted_at.store(now);
    // A read of the human's answer that was about to start, after the last look at the flag,
    // would wait for a line that may never come: it reads the end of /dev/null instead.
    if (const int fd = end_of_input.load(); fd >= 0) ::dup2(fd, STDIN_FILENO);
    errno = saved_errno;
    return;
  }
  // A time not yet stored: the first signal's handler is running on another thread of a study
  // (the mask blocks the three only in the thread that runs it), so this is the same request.
  const std::int64_t first = interrupted_at.load();
  if (first == 0 || now - first < kSameRequestNs) {
    errno = saved_errno;
    return;
  }
  // A second signal, of any of the three, ends the program at once.
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

}  // namespace

bool catch_interrupt(bool end_input) {
  if (end_input && end_of_input.load() < 0) {
    // Above the three standard descriptors, which a closed one (`<&-`) would otherwise take.
    const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd >= 0 && fd <= STDERR_FILENO) {
      end_of_input.store(::fcntl(fd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1));
      ::close(fd);
    } else {
      end_of_input.store(fd);  // -1 when it cannot be opened: then a read begun may wait
    }
  }
  bool installed = false;
  for (const int signal : kStopSignals) {
    struct sigaction now {};
    if (::sigaction(signal, nullptr, &now) != 0 || now.sa_handler == SIG_IGN) continue;
    struct sigaction act {};
    act.sa_handler = note_interrupt;
    // The three are blocked while the handler runs, so that this thread never enters it twice.
    sigemptyset(&act.sa_mask);
    for (const int blocked : kStopSignals) sigaddset(&act.sa_mask, blocked);
    // No SA_RESTART: a blocked read (a human's move) returns at once.
    act.sa_flags = 0;
    installed = ::sigaction(signal, &act, nullptr) == 0 || installed;
  }
  return installed;
}

bool interrupt_noted() {
  return interrupted.load() != 0;
}

void die_of_interrupt() {
  std::cout.flush();
  std::fflush(stdout);
  const int signal = interrupted.load() != 0 ? interrupted.load() : SIGINT;
  std::signal(signal, SIG_DFL);
  std::raise(signal);
  std::_Exit(128 + signal);
}

StudyInterrupted::StudyInterrupted(std::uint64_t done, std::uint64_t total)
    : std::runtime_error(
          done == 0
              ? std::string("interrupted; nothing was written")
              : fmt::format("interrupted; nothing was written ({} of the {} games were played)",
                            grouped(done), grouped(total))) {}

SimulationProgress study_progress(bool bar) {
  catch_interrupt();
  return [bar](std::uint64_t done, std::uint64_t total) {
    if (interrupt_noted()) {
      if (bar) clear_progress();
      throw StudyInterrupted(done, total);
    }
    if (bar) draw_progress(done, total);
  };
}

}  // namespace switchcards::cli
