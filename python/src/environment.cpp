// The core of switchcards.env: one C++ object per environment that deals, applies an action
// by its id, keeps every seat's memory of the cards played (CardKnowledge, fed its masked
// events) and writes the next seat's observation and action mask into numpy buffers the Python
// object owns, all in one call per step, so the Python layer (python/switchcards/env.py) stays
// thin. An episode is one round, or a whole match under the variant's match rules.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <array>
#include <limits>
#include <optional>

#include "bindings.hpp"
#include "buffers.hpp"
#include "switchcards/engine/action_space.hpp"
#include "switchcards/engine/card_knowledge.hpp"
#include "switchcards/engine/match_driver.hpp"
#include "switchcards/engine/observation.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/engine/view.hpp"

namespace switchcards::python {

namespace {

enum class Episode { round, match };
// What step() and reset() return besides the seat to act.
constexpr int kOver = -1;

class EnvironmentCore {
 public:
  EnvironmentCore(EnginePtr engine, int players, Episode episode, int max_match_rounds,
                  py::array observation, py::array mask)
      : engine_(std::move(engine)),
        layout_(*engine_, players),
        space_(*engine_, players),
        players_(players),
        episode_(episode),
        max_match_rounds_(max_match_rounds),
        observation_array_(std::move(observation)),
        mask_array_(std::move(mask)) {
    if (max_match_rounds < 1) throw std::invalid_argument("max_match_rounds: at least 1");
    if (episode_ == Episode::match && engine_->variant().match.end == MatchKind::elimination)
      throw std::invalid_argument(
          "rewards='match' with " + engine_->variant().name +
          ": its matches eliminate seats, which changes the number of players (and so the "
          "observation's size) during an episode; use rewards='round', or rules such as "
          "'{match: {end: fixed_rounds, rounds: 5}}'");
    observation_ = writable_span<float>(observation_array_, layout_.size(), "observation");
    mask_ = writable_span<std::uint8_t>(mask_array_, space_.size(), "action mask");
  }

  // Starts an episode; returns the seat to act.
  int reset(std::uint64_t seed) {
    sampler_ = Pcg32(seed, 0x2545f4914f6cdd1dULL);
    rewards_.fill(0.0f);
    truncated_ = false;
    over_ = false;
    if (episode_ == Episode::match) {
      // The match's rounds as Match deals them; the round cap is the environment's own
      // (a truncation, not a result), so the driver has none.
      MatchStart start;
      start.max_rounds = std::numeric_limits<int>::max();
      driver_.emplace(engine_->variant(), players_, seed, start);
      standings_ = driver_->standings();
      round_ = driver_->next_round();
      deal(round_.seed, round_.round_dealer);
    } else {
      deal(seed, -1);
    }
    return prepare();
  }

  // Applies the action `id` of the seat to act; returns the next seat to act, or kOver.
  int step(int id) {
    if (over_) throw std::logic_error("no episode in play: reset() starts one");
    const Action a = space_.action(id, state_.turn);
    events_.clear();
    if (const ApplyResult r = engine_->apply(state_, a, &events_); !r)
      throw IllegalAction(to_string(a), r.refusal);
    remember(events_);
    if (state_.over()) end_round();
    return prepare();
  }

  // A uniformly random id among those the mask allows (a random agent without leaving C++).
  int sample() {
    int legal = 0;
    for (const std::uint8_t m : mask_) legal += m;
    if (legal == 0) throw std::logic_error("no legal action: the episode is over");
    int k = static_cast<int>(sampler_.below(static_cast<std::uint32_t>(legal)));
    for (int i = 0; i < space_.size(); ++i)
      if (mask_[static_cast<std::size_t>(i)] && k-- == 0) return i;
    return -1;  // not reached
  }

  // The ids the mask allows, in order (a Python policy picks among them without numpy).
  std::vector<int> legal_ids() const {
    std::vector<int> ids;
    for (int i = 0; i < space_.size(); ++i)
      if (mask_[static_cast<std::size_t>(i)]) ids.push_back(i);
    return ids;
  }

  // Seat's observation into `out` (and, for a seat not to act, an all-zero mask into `mask`).
  void observe(int seat, py::array out, py::array mask) const {
    if (seat < 0 || seat >= players_) throw py::index_error("no seat " + std::to_string(seat));
    write_observation(seat, writable_span<float>(out, layout_.size(), "observation"));
    const std::span<std::uint8_t> m =
        writable_span<std::uint8_t>(mask, space_.size(), "action mask");
    if (!over_ && seat == state_.turn) {
      std::copy(mask_.begin(), mask_.end(), m.begin());
    } else {
      std::fill(m.begin(), m.end(), std::uint8_t{0});
    }
  }

  int turn() const { return over_ ? kOver : state_.turn; }
  bool truncated() const { return truncated_; }
  std::vector<float> rewards() const { return {rewards_.begin(), rewards_.begin() + players_}; }
  const State& state() const { return state_; }
  std::vector<int> totals() const { return standings_.totals; }
  int rounds() const { return standings_.rounds; }
  const ObservationLayout& layout() const { return layout_; }
  const ActionSpace& space() const { return space_; }

 private:
  void deal(std::uint64_t seed, int dealer) {
    events_.clear();
    state_ = engine_->deal(players_, seed, dealer, &events_);
    for (CardKnowledge& k : memory_) k.reset();
    remember(events_);
  }

  // Every seat's memory learns what it saw of the events.
  void remember(const EventBuffer& events) {
    for (int seat = 0; seat < players_; ++seat) {
      masked_.clear();
      for (const Event& e : events) masked_.push(seen_by(e, seat, false));
      memory_[static_cast<std::size_t>(seat)].observe(PlayerView(*engine_, state_, seat),
                                                      masked_.span());
    }
  }

  // The round just ended: rewards at the end of the episode, else the match's next round.
  void end_round() {
    if (episode_ == Episode::round) {
      if (state_.stalemate)
        truncated_ = true;  // the turn limit: a time limit, not a result
      else
        reward_winner(state_.winner);
      over_ = true;
      return;
    }
    driver_->finish_round(round_, state_);
    standings_ = driver_->standings();
    if (!standings_.over && standings_.rounds >= max_match_rounds_) {
      truncated_ = true;
      over_ = true;
      return;
    }
    if (standings_.over) {
      reward_winner(standings_.winner);
      over_ = true;
      return;
    }
    round_ = driver_->next_round();
    deal(round_.seed, round_.round_dealer);
  }

  // Zero-sum: the winner +1, every other seat -1/(players-1).
  void reward_winner(int winner) {
    for (int seat = 0; seat < players_; ++seat)
      rewards_[static_cast<std::size_t>(seat)] =
          seat == winner ? 1.0f : -1.0f / static_cast<float>(players_ - 1);
  }

  // The seat to act's mask and observation, written into the buffers; returns it, or kOver.
  int prepare() {
    over_ = over_ || state_.over();
    if (over_) {
      std::fill(mask_.begin(), mask_.end(), std::uint8_t{0});
      return kOver;
    }
    const int seat = state_.turn;
    engine_->legal_actions(state_, legal_);
    space_.mask(legal_.span(), state_.hand(seat).size(), mask_);
    write_observation(seat, observation_);
    return seat;
  }

  void write_observation(int seat, std::span<float> out) const {
    const std::span<const int> totals = episode_ == Episode::match
                                            ? std::span<const int>(standings_.totals)
                                            : std::span<const int>{};
    layout_.write(PlayerView(*engine_, state_, seat), memory_[static_cast<std::size_t>(seat)],
                  totals, out);
  }

  EnginePtr engine_;
  ObservationLayout layout_;
  ActionSpace space_;
  int players_;
  Episode episode_;
  int max_match_rounds_;
  py::array observation_array_, mask_array_;  // kept alive: the spans point into them
  std::span<float> observation_;
  std::span<std::uint8_t> mask_;

  State state_;
  std::array<CardKnowledge, kMaxSeats> memory_{};
  ActionList legal_;
  EventBuffer events_, masked_;
  Pcg32 sampler_;
  std::array<float, kMaxSeats> rewards_{};
  bool over_ = true, truncated_ = false;  // until reset() deals
  std::optional<MatchDriver> driver_;     // match episodes
  RoundDeal round_;                       // the match's round in play
  Standings standings_ = Standings::start(2);
};

}  // namespace

void bind_environment(py::module_& m) {
  py::class_<EnvironmentCore>(m, "EnvironmentCore",
                              "The C++ half of switchcards.env.SwitchcardsEnv (use that).")
      .def(py::init([](EnginePtr engine, int players, const std::string& rewards,
                       int max_match_rounds, py::array observation, py::array mask) {
             if (rewards != "round" && rewards != "match")
               throw std::invalid_argument("rewards: 'round' or 'match', not '" + rewards + "'");
             return std::make_unique<EnvironmentCore>(
                 std::move(engine), players, rewards == "round" ? Episode::round : Episode::match,
                 max_match_rounds, std::move(observation), std::move(mask));
           }),
           py::arg("engine"), py::arg("players"), py::arg("rewards"), py::arg("max_match_rounds"),
           py::arg("observation"), py::arg("mask"))
      .def("reset", &EnvironmentCore::reset, py::arg("seed"))
      .def("step", &EnvironmentCore::step, py::arg("id"))
      .def("sample", &EnvironmentCore::sample)
      .def("legal_ids", &EnvironmentCore::legal_ids)
      .def("observe", &EnvironmentCore::observe, py::arg("seat"), py::arg("out"), py::arg("mask"))
      .def_property_readonly("turn", &EnvironmentCore::turn)
      .def_property_readonly("truncated", &EnvironmentCore::truncated)
      .def_property_readonly("rewards", &EnvironmentCore::rewards)
      .def_property_readonly(
          "state", [](const EnvironmentCore& c) { return State(c.state()); }, "a copy of the State")
      .def_property_readonly("totals", &EnvironmentCore::totals)
      .def_property_readonly("rounds", &EnvironmentCore::rounds)
      .def_property_readonly("observation_size",
                             [](const EnvironmentCore& c) { return c.layout().size(); })
      .def_property_readonly("action_size",
                             [](const EnvironmentCore& c) { return c.space().size(); });
}

}  // namespace switchcards::python
