#include "cli/interrupt.hpp"

#include <fmt/core.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "cli/simulation_report.hpp"
#include "cli/study_options.hpp"

namespace switchcards::cli {

namespace {

volatile std::sig_atomic_t interrupted = 0;
extern "C" void note_interrupt(int) {
  interrupted = 1;
}

}  // namespace

bool catch_interrupt() {
  struct sigaction now {};
  if (::sigaction(SIGINT, nullptr, &now) != 0 || now.sa_handler == SIG_IGN) return false;
  struct sigaction act {};
  act.sa_handler = note_interrupt;
  sigemptyset(&act.sa_mask);
  // No SA_RESTART: a blocked read (a human's move) returns at once. SA_RESETHAND: the next
  // Ctrl-C is not caught, for a user who will not wait for the tidy end.
  act.sa_flags = SA_RESETHAND;
  return ::sigaction(SIGINT, &act, nullptr) == 0;
}

bool interrupt_noted() {
  return interrupted != 0;
}

void die_of_interrupt() {
  std::cout.flush();
  std::fflush(stdout);
  std::signal(SIGINT, SIG_DFL);
  std::raise(SIGINT);
  std::_Exit(130);
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
