// ForwardingAgent: the one base of every agent wrapper (narrators, recorders, checkers). It
// passes every question of Agent — the turn's choice, the out-of-turn challenge, late call and
// jump-in, observe and whether it observes, reset, name — to the wrapped agent, so a wrapper
// overrides only what it adds and can never forget to forward a question Agent gains later.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "switchcards/agents/agent.hpp"

namespace switchcards {

class ForwardingAgent : public Agent {
 public:
  // `inner` is not owned and must outlive the wrapper.
  explicit ForwardingAgent(Agent& inner) : inner_(&inner) {}
  // The wrapper owns `inner`.
  explicit ForwardingAgent(std::unique_ptr<Agent> inner)
      : owned_(std::move(inner)), inner_(owned_.get()) {}

  Action choose(const PlayerView& view, std::span<const Action> legal) override {
    return inner_->choose(view, legal);
  }
  void observe(const PlayerView& view, std::span<const Event> events) override {
    inner_->observe(view, events);
  }
  // A wrapper that overrides observe() to use the events itself overrides this too.
  bool observes() const override { return inner_->observes(); }
  bool challenges(const PlayerView& view, int target) override {
    return inner_->challenges(view, target);
  }
  bool calls_late(const PlayerView& view) override { return inner_->calls_late(view); }
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override {
    return inner_->jumps_in(view, jumps);
  }
  void reset(std::uint64_t seed) override { inner_->reset(seed); }
  std::string name() const override { return inner_->name(); }

  Agent& inner() const { return *inner_; }

 private:
  std::unique_ptr<Agent> owned_;
  Agent* inner_;
};

}  // namespace switchcards
