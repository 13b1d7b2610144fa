// RecordingAgent: wraps another agent and appends every action it takes — its choices and its
// out-of-turn challenges and late calls — to a shared log, in the order play_round applies them.
// Give every seat a RecordingAgent on the same log and the log is the round's action list, ready
// for a game record (io/replay.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "switchcards/agents/agent.hpp"

namespace switchcards {

class RecordingAgent final : public Agent {
 public:
  // Neither `inner` nor `log` is owned; both must outlive the recorder.
  RecordingAgent(Agent& inner, std::vector<Action>& log) : inner_(&inner), log_(&log) {}

  Action choose(const PlayerView& view, std::span<const Action> legal) override {
    const Action a = inner_->choose(view, legal);
    log_->push_back(a);
    return a;
  }
  bool challenges(const PlayerView& view, int target) override {
    const bool yes = inner_->challenges(view, target);
    if (yes) log_->push_back(Action::challenge(view.seat(), target));
    return yes;
  }
  bool calls_late(const PlayerView& view) override {
    const bool yes = inner_->calls_late(view);
    if (yes) log_->push_back(Action::call(view.seat()));
    return yes;
  }
  void observe(const PlayerView& view, std::span<const Event> events) override {
    inner_->observe(view, events);
  }
  bool observes() const override { return inner_->observes(); }
  void reset(std::uint64_t seed) override { inner_->reset(seed); }
  std::string name() const override { return inner_->name(); }

 private:
  Agent* inner_;
  std::vector<Action>* log_;
};

}  // namespace switchcards
