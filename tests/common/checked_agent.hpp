// CheckedAgent: wraps an agent for tests and counts every answer that breaks the Agent
// contract: a choice not among the legal actions it was given (the "last card" call aside), a
// call with a play that does not leave one card, a challenge of a seat that cannot be caught,
// a late call where none is due. Everything is passed on (ForwardingAgent); the test checks
// `illegal` afterwards.
#pragma once

#include <memory>
#include <span>

#include "switchcards/agents/forwarding_agent.hpp"

namespace switchcards::testing {

class CheckedAgent final : public ForwardingAgent {
 public:
  explicit CheckedAgent(std::unique_ptr<Agent> inner) : ForwardingAgent(std::move(inner)) {}
  Action choose(const PlayerView& view, std::span<const Action> legal) override {
    const Action a = ForwardingAgent::choose(view, legal);
    const Action listed = a.kind() == ActionKind::play ? a.with_last(false) : a;
    bool found = false;
    for (Action l : legal) found = found || l == listed;
    if (!found) ++illegal;
    if (a.calls_last() && !view.call_due()) ++illegal;
    ++choices;
    return a;
  }
  bool challenges(const PlayerView& view, int target) override {
    if (view.catchable() != target) ++illegal;
    return ForwardingAgent::challenges(view, target);
  }
  bool calls_late(const PlayerView& view) override {
    if (view.catchable() != view.seat() || !view.variant().last_card.late_call) ++illegal;
    return ForwardingAgent::calls_late(view);
  }
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override {
    // Asked only when the window is open, never as the seat to act, and only with jump-ins.
    if (!view.jump_open() || view.my_turn() || jumps.empty()) ++illegal;
    const std::optional<Action> a = ForwardingAgent::jumps_in(view, jumps);
    if (a) {
      bool found = false;
      for (Action j : jumps) found = found || j == a->with_last(false);
      if (!found) ++illegal;
      if (a->calls_last() && !view.call_due()) ++illegal;
      ++jumps_made;
    }
    return a;
  }
  int jumps_made = 0;
  int choices = 0;
  int illegal = 0;  // answers that break the contract
};

}  // namespace switchcards::testing
