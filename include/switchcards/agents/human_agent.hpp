// HumanAgent: a person at a terminal. Shows the table (top card, suit in force, pending
// penalty, the other seats' hand sizes, or their cards in beginner mode), the hand in coloured
// cards and the legal moves numbered; reads the number (or the move typed out) from an input
// stream, says why the engine refuses a typed move, answers `help` with the moves and the
// rules and `quit` by leaving (PlayerQuit); asks whether to call "last card", and offers to
// challenge a forgetful opponent. It prints the other seats'
// events as they happen. The streams are parameters, so a scripted istream drives it in tests.
#pragma once

#include <iosfwd>
#include <span>
#include <stdexcept>
#include <string>

#include "switchcards/agents/agent.hpp"

namespace switchcards {

// The input stream ended (or failed) while the HumanAgent waited for an answer.
class InputEnded : public std::runtime_error {
 public:
  InputEnded() : std::runtime_error("the input ended before the game did") {}
};

// The player typed `quit`.
class PlayerQuit : public std::runtime_error {
 public:
  PlayerQuit() : std::runtime_error("you left the game") {}
};

class HumanAgent final : public Agent {
 public:
  HumanAgent(std::istream& in, std::ostream& out, bool colour = true)
      : in_(&in), out_(&out), colour_(colour) {}

  Action choose(const PlayerView& view, std::span<const Action> legal) override;
  void observe(const PlayerView& view, std::span<const Event> events) override;
  bool observes() const override { return true; }
  bool challenges(const PlayerView& view, int target) override;
  bool calls_late(const PlayerView& view) override;
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override;
  std::string name() const override { return "human"; }
  // Repeat each answer read on the output: for input that is not typed at a terminal (a
  // script), so the transcript reads as a session.
  void set_echo(bool echo) { echo_ = echo; }

 private:
  void show_table(const PlayerView& view) const;
  std::string move_text(const PlayerView& view, Action a) const;
  // Reads a line; throws InputEnded at the end of the input and PlayerQuit for `quit`.
  std::string read_line();
  void show_moves(const PlayerView& view, std::span<const Action> legal) const;
  bool ask_yes_no(const std::string& question, bool default_answer);

  std::istream* in_;
  std::ostream* out_;
  bool colour_;
  bool echo_ = false;
};

}  // namespace switchcards
