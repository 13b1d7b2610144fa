#include "cli/interrupt.hpp"

#include <fmt/core.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

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
extern "C" void note_interrupt(int signal) {
  // A second signal, of any of the three, ends the program at once: SA_RESETHAND reset only the
  // handler of the one that arrived.
  int none = 0;
  if (!interrupted.compare_exchange_strong(none, signal)) {
    std::signal(signal, SIG_DFL);
    std::raise(signal);
  }
}

}  // namespace

bool catch_interrupt() {
  bool installed = false;
  for (const int signal : kStopSignals) {
    struct sigaction now {};
    if (::sigaction(signal, nullptr, &now) != 0 || now.sa_handler == SIG_IGN) continue;
    struct sigaction act {};
    act.sa_handler = note_interrupt;
    sigemptyset(&act.sa_mask);
    // No SA_RESTART: a blocked read (a human's move) returns at once. SA_RESETHAND: the next
    // Ctrl-C is not caught, for a user who will not wait for the tidy end.
    act.sa_flags = SA_RESETHAND;
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
