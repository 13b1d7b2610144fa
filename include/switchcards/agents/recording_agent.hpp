// RecordingAgent: wraps another agent and appends every action it takes — its choices and its
// out-of-turn challenges, late calls and jump-ins — to a shared log, in the order play_round
// applies them. Give every seat a RecordingAgent on the same log and the log is the round's action
// list, ready for a game record (io/replay.hpp).
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "switchcards/agents/forwarding_agent.hpp"

namespace switchcards {

class RecordingAgent final : public ForwardingAgent {
 public:
  // `log` is not owned and must outlive the recorder; so must `inner` in the first form.
  RecordingAgent(Agent& inner, std::vector<Action>& log) : ForwardingAgent(inner), log_(&log) {}
  RecordingAgent(std::unique_ptr<Agent> inner, std::vector<Action>& log)
      : ForwardingAgent(std::move(inner)), log_(&log) {}

  Action choose(const PlayerView& view, std::span<const Action> legal) override {
    const Action a = ForwardingAgent::choose(view, legal);
    log_->push_back(a);
    return a;
  }
  bool challenges(const PlayerView& view, int target) override {
    const bool yes = ForwardingAgent::challenges(view, target);
    if (yes) log_->push_back(Action::challenge(view.seat(), target));
    return yes;
  }
  bool calls_late(const PlayerView& view) override {
    const bool yes = ForwardingAgent::calls_late(view);
    if (yes) log_->push_back(Action::call(view.seat()));
    return yes;
  }
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override {
    const std::optional<Action> a = ForwardingAgent::jumps_in(view, jumps);
    if (a) log_->push_back(*a);
    return a;
  }

 private:
  std::vector<Action>* log_;
};

}  // namespace switchcards
