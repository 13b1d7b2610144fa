// HumanAgent: a person at a terminal. Shows the table (top card, suit in force, pending
// penalty, the other seats' hand sizes, or their cards in beginner mode), the hand in coloured
// cards and the legal moves numbered; reads the number (or the move typed out, keywords in any
// case, or the list's own words typed back) from an input stream, says why the engine refuses
// a typed move, answers `help` with the moves and the rules and `quit` by leaving
// (PlayerQuit); asks whether to call "last card", and offers to challenge a forgetful seat
// (its partner with "no" the default). It prints the other seats' events as they happen. The
// streams are parameters, so a scripted istream drives it in tests.
#pragma once

#include <iosfwd>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "switchcards/agents/agent.hpp"
#include "switchcards/engine/engine.hpp"

namespace switchcards {

// The input stream ended (or failed) while the HumanAgent waited for an answer.
class InputEnded : public std::runtime_error {
 public:
  InputEnded() : std::runtime_error("the input ended before the game did") {}
};

// The output stream failed (a full disk, a closed terminal or pipe) when the HumanAgent was
// about to wait for an answer: the player would answer a question they cannot see.
class OutputFailed : public std::runtime_error {
 public:
  OutputFailed() : std::runtime_error("the game can no longer be shown: its output failed") {}
};

// The player typed `quit`.
class PlayerQuit : public std::runtime_error {
 public:
  PlayerQuit() : std::runtime_error("you left the game") {}
};

// Why a move is refused, told to the player who typed it: second person, in words of the
// table, without the variant's keys (describe(Refusal) is a developer's text: "the card is not
// in the seat's hand", "(not_on)"). No final full stop.
std::string_view refusal_for_you(Refusal r);

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
  // The terminal's width in columns (0: unknown). Below 100 the rules and the longer hints are
  // wrapped to it.
  void set_width(int columns) { width_ = columns; }
  // The number each seat of the round is shown and typed by: `numbers[r]` for round seat r. A
  // match deals its later rounds to the seats still in, numbered 0.. (RoundDeal::seats); given
  // those seats, the player sees and types the match's numbers, as the scores show them. Empty
  // (the default): the round's own numbers.
  void set_seat_numbers(std::vector<int> numbers) { numbers_ = std::move(numbers); }

 private:
  int shown(int seat) const;  // the number round seat `seat` is shown by
  // A move typed out (typed_move), its seats read as shown and returned as the round's; nullopt
  // if it is no move or names a seat that is not in the round.
  std::optional<Action> typed(const std::string& answer, const PlayerView& view) const;
  void show_table(const PlayerView& view) const;
  std::string move_text(const PlayerView& view, Action a, bool colour) const;
  // The move of `legal` whose listed words `answer` repeats (case and spacing aside).
  std::optional<Action> listed_move(const PlayerView& view, const std::string& answer,
                                    std::span<const Action> legal) const;
  // "the move itself (as 'play 6H', ...)", with a swap's form when `legal` has one.
  std::string typing_hint(std::span<const Action> legal) const;
  // The columns the rules and hints are wrapped to: the terminal's less one below 100 columns,
  // else 0 (as written, for about 100 columns).
  int columns() const;
  // A hint (one paragraph) filled to columns().
  std::string wrapped(const std::string& text) const;
  // Reads a line; throws InputEnded at the end of the input, PlayerQuit for `quit` (any case)
  // and OutputFailed, before reading, when what was printed cannot be flushed.
  std::string read_line();
  void show_moves(const PlayerView& view, std::span<const Action> legal) const;
  // y, yes, n or no in any case, or an empty line for `default_answer`; `help` or `?` prints
  // `explanation`.
  bool ask_yes_no(const std::string& question, bool default_answer, const std::string& explanation);

  std::istream* in_;
  std::ostream* out_;
  bool colour_;
  bool echo_ = false;
  int width_ = 0;
  std::vector<int> numbers_;
};

}  // namespace switchcards
