// Agent: a player seat's decision maker. Given what its seat may know (a PlayerView) and the
// legal actions, it picks one. Agents are seeded, so a game is reproducible from the variant,
// the seats' agents and the seed.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "switchcards/engine/action.hpp"
#include "switchcards/engine/event.hpp"
#include "switchcards/engine/view.hpp"

namespace switchcards {

class Agent {
 public:
  virtual ~Agent() = default;
  // `legal` is never empty. The result must be one of `legal`, optionally with the "last
  // card" call added (Action::with_last) to a play where it is due (PlayerView::call_due).
  virtual Action choose(const PlayerView& view, std::span<const Action> legal) = 0;
  // What an action just did, as this seat may see it (another seat's drawn cards are hidden:
  // their card is the joker placeholder). Called for every seat after every action. Optional.
  virtual void observe(const PlayerView& /*view*/, std::span<const Event> /*events*/) {}
  // Whether observe() does anything: simulations deliver events only when some seat's agent
  // does (delivering them costs a view and a call per seat per action). Default: no.
  virtual bool observes() const { return false; }
  // Out of turn: `target` left itself one card without calling "last card" and may be caught
  // before the next player acts (British, app). Return true to challenge it. The seat to act
  // is not asked here: the challenge is among its legal actions. Optional; default: never.
  virtual bool challenges(const PlayerView& /*view*/, int /*target*/) { return false; }
  // Out of turn: this seat left itself one card without calling "last card", and the variant
  // allows the call late (last_card.late_call). Return true to call it now, before anyone is
  // asked to challenge. Not asked when this seat is also the seat to act (a play again): the
  // call is then among its legal actions. Optional; default: never.
  virtual bool calls_late(const PlayerView& /*view*/) { return false; }
  // Out of turn (identical.jump_in): a card was just played and this seat holds one identical
  // to it that it may jump in with; `jumps` (never empty) lists those plays. Return one of them
  // (optionally with the "last card" call) to play it now, skipping the seats before this one,
  // or nothing to let play go on. The seat to act is not asked: the identical card is among its
  // legal actions. Optional; default: never.
  virtual std::optional<Action> jumps_in(const PlayerView& /*view*/,
                                         std::span<const Action> /*jumps*/) {
    return std::nullopt;
  }
  // Re-seed before a new game or round.
  virtual void reset(std::uint64_t /*seed*/) {}
  virtual std::string name() const = 0;
};

}  // namespace switchcards
