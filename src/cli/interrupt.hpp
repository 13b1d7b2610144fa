// Ctrl-C (and a kill or a closed terminal) for commands that end their work tidily before they
// die of it: `play --record` saves the game so far, a study (simulate, compare, sweep) stops
// its games and says what was lost.
// The signal is noted (catch_interrupt), the command stops at a safe point, then dies of the
// signal as if it had not caught it (die_of_interrupt), so a shell sees the usual status.
#pragma once

#include <cstdint>
#include <stdexcept>

#include "switchcards/agents/simulate.hpp"

namespace switchcards::cli {

// Notes SIGINT (Ctrl-C), SIGTERM (`kill`) and SIGHUP (the terminal closed) from now on, each
// unless it is ignored (SIGINT in a background job of a shell without job control, SIGHUP
// under nohup). A second signal ends the program at once, unless it comes within 0.3 s of the
// first (the same request sent twice, as `timeout` does). With `end_input`, the first signal
// also ends standard input (it reads /dev/null from then on), so that a read of it which was
// about to begin when the signal came returns rather than waits. True if any was installed.
bool catch_interrupt(bool end_input = false);
// Whether one of those signals arrived since catch_interrupt.
bool interrupt_noted();
// Ends the process by the signal it was sent (SIGINT if none), standard output flushed.
[[noreturn]] void die_of_interrupt();

// A study stopped by Ctrl-C after `done` of its `total` games (counted as run_games counts
// them, a chunk at a time: a lower bound); nothing of it was written. what() says so.
struct StudyInterrupted : std::runtime_error {
  StudyInterrupted(std::uint64_t done, std::uint64_t total);
};

// The progress callback of a study, made just before it starts: catches Ctrl-C from then on
// (catch_interrupt), draws the bar when `bar` (draw_progress), and throws StudyInterrupted
// once Ctrl-C was noted, which stops the study's games (run_games).
SimulationProgress study_progress(bool bar);

}  // namespace switchcards::cli
