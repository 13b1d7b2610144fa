// play_round: plays a dealt round to its end with one agent per seat. Each agent sees only its
// seat's PlayerView; its choice must be one of the legal actions (plus the "last card" call).
// After a seat leaves itself one card without calling, it is asked first whether it calls late
// (where the variant allows it), then the other seats, in order of play, whether they challenge
// (the seat to act has the challenge, or its own late call, among its legal actions). Where the
// variant allows jump-ins (identical.jump_in), the seats that may jump in on the card just
// played are asked next, in order of play from the seat after the seat to act (the seat that
// just played comes last); the first that jumps in plays, and the questions start again from
// the new seat to act.
// A callback sees every applied action and its events (simulations count them, logs print
// them, recorders keep the actions).
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "switchcards/agents/agent.hpp"
#include "switchcards/core/compiler.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/view.hpp"

namespace switchcards {

// An agent chose an action that is not legal: a bug in the agent, never a rule question.
class IllegalChoice : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

struct RoundOptions {
  std::uint8_t revealed = 0;  // bit per seat: its view shows every hand (beginner mode)
  bool observe = true;        // deliver each action's events to every agent (Agent::observe)
  // After each action, ask the seats out of turn: the forgetter whether it calls late
  // (Agent::calls_late), the other seats whether they catch it (Agent::challenges), then those
  // that may jump in (Agent::jumps_in). Off, nobody is asked: no late call, catch or jump-in.
  bool ask_out_of_turn = true;
};

struct NoActionCallback {
  void operator()(const State&, Action, std::span<const Event>) const {}
};

namespace detail {

// The events as `seat` may see them (seen_by, engine/event.hpp).
inline void mask_events(std::span<const Event> in, int seat, bool revealed, EventBuffer& out) {
  out.clear();
  for (const Event& e : in) out.push(seen_by(e, seat, revealed));
}

inline bool is_revealed(const RoundOptions& o, int seat) {
  return (o.revealed >> seat) & 1u;
}

// Asks the seats that may jump in (Engine::jump_ins), in order of play from the seat after the
// seat to act; the first that does plays through `act`. Returns whether one did.
template <typename Act>
bool ask_jump_ins(const Engine& engine, const State& state, std::span<Agent* const> agents,
                  const RoundOptions& options, ActionList& jumps, Act& act) {
  const int to_act = state.turn;
  for (int k = 1; k < state.players(); ++k) {
    const int seat = state.seats.after(to_act, k);
    engine.jump_ins(state, seat, jumps);
    if (jumps.empty()) continue;
    const PlayerView view(engine, state, seat, is_revealed(options, seat));
    const std::optional<Action> a = agents[seat]->jumps_in(view, jumps.span());
    if (!a) continue;
    if (!jumps.contains(a->with_last(false)))
      throw IllegalChoice("agent '" + agents[seat]->name() + "' at seat " + std::to_string(seat) +
                          " jumped in with '" + to_string(*a) +
                          "', which is not one of its jump-ins");
    act(seat, *a);
    return true;
  }
  return false;
}

}  // namespace detail

// Gives every agent the events of one action (or of the deal), masked for its seat.
inline void deliver_events(const Engine& engine, const State& state, std::span<Agent* const> agents,
                           std::span<const Event> events, const RoundOptions& options = {}) {
  EventBuffer masked;
  for (int seat = 0; seat < state.players(); ++seat) {
    const bool revealed = detail::is_revealed(options, seat);
    detail::mask_events(events, seat, revealed, masked);
    agents[seat]->observe(PlayerView(engine, state, seat, revealed), masked.span());
  }
}

// The buffers play_round works in. A program that plays many rounds keeps one and passes it:
// a fresh one is value-initialized, every entry, and allocates the views' room, each round.
struct RoundBuffers {
  // Room for a view a seat at any seat count, reserved once here, so play_round's rounds never
  // allocate.
  RoundBuffers() { views.reserve(kMaxSeats); }
  ActionList legal;
  EventBuffer events;
  std::vector<PlayerView> views;  // one per seat
};

// Plays `state` (dealt by `engine`) to the end of the round; `agents[seat]` decides for each
// seat. Throws IllegalChoice if an agent picks an action that is not legal.
template <typename OnAction>
SWITCHCARDS_ALWAYS_INLINE void play_round(const Engine& engine, State& state,
                                          std::span<Agent* const> agents,
                                          const RoundOptions& options, OnAction&& on_action,
                                          RoundBuffers& buffers) {
  // One agent a seat: an extra agent would sit unused without a word, which hides a wrong seat
  // count. (Checked inline: a call to an out-of-line check kept GCC from inlining this function
  // into simulate's game, +20 instructions a decision.)
  if (static_cast<int>(agents.size()) != state.players())
    throw std::invalid_argument("play_round: " + std::to_string(state.players()) + " seats but " +
                                std::to_string(agents.size()) +
                                (agents.size() == 1 ? " agent" : " agents") +
                                " (one agent a seat)");
  ActionList& legal = buffers.legal;
  EventBuffer& events = buffers.events;
  // A view refers to the State, so one per seat, made here, stays current all round: no view
  // is built per decision.
  std::vector<PlayerView>& views = buffers.views;
  views.clear();
  for (int seat = 0; seat < state.players(); ++seat) {
    if (agents[seat] == nullptr)
      throw std::invalid_argument("play_round: no agent for seat " + std::to_string(seat));
    views.emplace_back(engine, state, seat, detail::is_revealed(options, seat));
  }
  // Inlined: it is the loop's body, once per action.
  const auto act = [&](int seat, Action a) SWITCHCARDS_LAMBDA_ALWAYS_INLINE {
    events.clear();
    // The commonest actions inline; apply (out of line) for the rest.
    if (!engine.apply_at_once(state, a, &events)) {
      const ApplyResult r = engine.apply(state, a, &events);
      if (!r)
        throw IllegalChoice("agent '" + agents[seat]->name() + "' at seat " + std::to_string(seat) +
                            " chose '" + to_string(a) +
                            "', which is refused: " + std::string(r.reason()));
    }
    on_action(static_cast<const State&>(state), a, events.span());
    if (options.observe) deliver_events(engine, state, agents, events.span(), options);
  };

  const bool late_calls = engine.variant().last_card.late_call;
  while (!state.over()) {
    // Most actions leave nobody to catch and nobody able to jump in: one test skips the
    // questions out of turn.
    if (options.ask_out_of_turn && (state.catchable >= 0 || state.jump_open)) [[unlikely]] {
      if (state.catchable >= 0 && late_calls && state.catchable != state.turn) {
        const int seat = state.catchable;
        if (agents[seat]->calls_late(views[seat])) act(seat, Action::call(seat));
        if (state.over()) break;  // the call reached the turn limit
      }
      if (state.catchable >= 0) {
        const int target = state.catchable;
        for (int k = 1; k < state.players(); ++k) {
          const int seat = state.seats.after(state.turn, k);
          if (seat == target) continue;
          if (agents[seat]->challenges(views[seat], target)) {
            act(seat, Action::challenge(seat, target));
            break;
          }
        }
        if (state.over()) break;  // the challenge reached the turn limit
      }
      if (state.jump_open) {
        if (detail::ask_jump_ins(engine, state, agents, options, legal, act)) continue;
      }
    }
    const int seat = state.turn;
    engine.legal_actions(state, legal);
    const Action a = agents[seat]->choose(views[seat], legal.span());
    // What the engine accepts from the seat to act is exactly what it listed (plus the call
    // with a play), so its own check (in act) catches any other choice; only an action in
    // another seat's name (a challenge, a late call) is also accepted, and is caught here.
    if (a.seat() != seat)
      throw IllegalChoice("agent '" + agents[seat]->name() + "' at seat " + std::to_string(seat) +
                          " chose '" + to_string(a) + "', an action of another seat");
    act(seat, a);
  }
}

template <typename OnAction = NoActionCallback>
void play_round(const Engine& engine, State& state, std::span<Agent* const> agents,
                const RoundOptions& options = {}, OnAction&& on_action = {}) {
  RoundBuffers buffers;
  play_round(engine, state, agents, options, std::forward<OnAction>(on_action), buffers);
}

}  // namespace switchcards
