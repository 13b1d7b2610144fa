// The core of switchcards.env: one C++ object per environment that deals, applies an action
// by its id, keeps every seat's memory of the cards played (CardKnowledge, fed its masked
// events) and writes the next deciding seat's observation and action mask into numpy buffers
// it owns, all in one call per step, so the Python layer (python/switchcards/env.py) stays
// thin. An episode is one round, or a whole match under the variant's match rules; seats are
// asked out of turn (a late "last card" call, a challenge, a jump-in) at the moment and in the
// order play_round asks agents.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

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
// What step() and reset() return besides the seat to decide: the episode is over; or (at and
// below kNews) a round ended that eliminated seats and the match goes on, with seat
// kNews - return value to decide.
constexpr int kOver = -1;
constexpr int kNews = -2;

// What the deciding seat is asked.
enum class Question : std::uint8_t {
  none,       // nothing out of turn: the seat to act decides
  late_call,  // the seat that may be caught: call "last card" late, or decline
  challenge,  // another seat: challenge the one that may be caught, or decline
  jump_in,    // another seat: jump in with one of its jump-ins (identical.jump_in), or decline
};

class EnvironmentCore {
 public:
  EnvironmentCore(EnginePtr engine, int players, Episode episode, int max_match_rounds,
                  bool out_of_turn)
      : engine_(std::move(engine)),
        layout_(*engine_, players,
                episode == Episode::match && engine_->variant().match.end == MatchKind::elimination
                    ? ObservationSeats::match
                    : ObservationSeats::round),
        space_(*engine_, players),
        players_(players),
        episode_(episode),
        max_match_rounds_(max_match_rounds),
        late_call_(engine_->variant().last_card.late_call) {
    if (max_match_rounds < 1) throw std::invalid_argument("max_match_rounds: at least 1");
    // Seats are asked out of turn only where a missed call can be caught, or a seat jump in.
    challenges_ =
        out_of_turn && engine_->variant().last_card.enforce == LastCardEnforcement::when_caught;
    jumps_ = out_of_turn && engine_->variant().identical.jump_in != JumpIn::none;
    if (challenges_ || jumps_) decline_ = space_.size();
    action_size_ = space_.size() + (decline_ >= 0 ? 1 : 0);
    ids_text_ = "the ids are 0 to " + std::to_string(action_size_ - 1);
    observation_array_ = py::array_t<float>(layout_.size());
    mask_array_ = py::array_t<std::int8_t>(action_size_);
    observation_ = writable_span<float>(observation_array_, layout_.size(), "observation");
    shown_mask_ = writable_span<std::uint8_t>(mask_array_, action_size_, "action mask");
    observation_store_.assign(static_cast<std::size_t>(layout_.size()), 0.0f);
    mask_store_.assign(static_cast<std::size_t>(action_size_), std::uint8_t{0});
    mask_ = std::span<std::uint8_t>(mask_store_);
    std::fill(observation_.begin(), observation_.end(), 0.0f);
    std::fill(shown_mask_.begin(), shown_mask_.end(), std::uint8_t{0});
    // Round episodes keep these (no totals); match episodes replace them at every reset.
    standings_ = Standings::start(players_);
    for (int i = 0; i < players_; ++i) all_seats_[static_cast<std::size_t>(i)] = i;
    round_seats_ = std::span<const int>(all_seats_.data(), static_cast<std::size_t>(players_));
  }

  // An independent environment in the same position (copy.deepcopy of the Python env): every
  // member is a value but the numpy buffers, which the copy has of its own (with the same
  // contents), and the spans into them and into the round's seats, pointed at its own.
  std::unique_ptr<EnvironmentCore> copy() const {
    auto c = std::unique_ptr<EnvironmentCore>(new EnvironmentCore(*this));
    c->observation_array_ = py::array_t<float>(layout_.size());
    c->mask_array_ = py::array_t<std::int8_t>(action_size_);
    c->observation_ = writable_span<float>(c->observation_array_, layout_.size(), "observation");
    c->shown_mask_ = writable_span<std::uint8_t>(c->mask_array_, action_size_, "action mask");
    c->mask_ = std::span<std::uint8_t>(c->mask_store_);
    std::copy(observation_.begin(), observation_.end(), c->observation_.begin());
    std::copy(shown_mask_.begin(), shown_mask_.end(), c->shown_mask_.begin());
    c->round_seats_ = round_seats_.data() == all_seats_.data()
                          ? std::span<const int>(c->all_seats_.data(), round_seats_.size())
                          : std::span<const int>(c->round_.seats);
    return c;
  }

  // Starts an episode; returns the seat to decide.
  int reset(std::uint64_t seed) {
    sampler_ = Pcg32(seed, 0x2545f4914f6cdd1dULL);
    rewards_.fill(0.0);
    truncated_ = false;
    over_ = false;
    newly_out_.clear();
    if (episode_ == Episode::match) {
      // The match's rounds as Match deals them; the round cap is the environment's own
      // (a truncation, not a result), so the driver has none.
      MatchStart start;
      start.max_rounds = std::numeric_limits<int>::max();
      driver_.emplace(engine_->variant(), players_, seed, start);
      standings_ = driver_->standings();
      deal_next_round();
    } else {
      deal(seed, -1);
    }
    return prepare();
  }

  // Applies the id chosen by the seat deciding; returns the next seat to decide, kOver, or a
  // value at or below kNews. The mask is the authority: an id it does not allow is refused
  // before anything changes, even where the engine would accept the action (a jump-in from a
  // seat asked whether it challenges), since play_round would never have asked for it.
  int step(py::handle id) {
    if (over_) throw std::logic_error("no episode in play: reset() starts one");
    const int i = checked_id(id);
    if (!mask_[static_cast<std::size_t>(i)]) refuse(i);
    newly_out_.clear();
    if (i == decline_) return prepare();  // the next one asked
    const Action a = round_action(i);
    events_.clear();
    // The mask lists only what the engine accepts; the engine's own check stays the last word.
    if (const ApplyResult r = engine_->apply(state_, a, &events_); !r)
      throw IllegalAction(to_string(a), r.refusal);
    remember(events_);
    // An action of the seat to act (or a jump-in, after which the jumper is to act) may leave a
    // seat catchable or open a jump-in window: the questions start again.
    if (question_ == Question::none || question_ == Question::jump_in) asked_ = jump_asked_ = 0;
    if (state_.over()) end_round();
    return prepare();
  }

  // A uniformly random id among those the mask allows (a random agent without leaving C++).
  int sample() {
    int legal = 0;
    for (const std::uint8_t m : mask_) legal += m;
    if (legal == 0) throw std::logic_error("no legal action: the episode is over");
    int k = static_cast<int>(sampler_.below(static_cast<std::uint32_t>(legal)));
    for (int i = 0; i < action_size_; ++i)
      if (mask_[static_cast<std::size_t>(i)] && k-- == 0) return i;
    return -1;  // not reached
  }

  // The ids the mask allows, in order (a Python policy picks among them without numpy).
  std::vector<int> legal_ids() const {
    std::vector<int> ids;
    for (int i = 0; i < action_size_; ++i)
      if (mask_[static_cast<std::size_t>(i)]) ids.push_back(i);
    return ids;
  }

  // Match seat's observation into `out` (and, for a seat not deciding now, an all-zero mask).
  void observe(int seat, py::array out, py::array mask) const {
    if (seat < 0 || seat >= players_) throw py::index_error("no seat " + std::to_string(seat));
    const std::span<float> o = writable_span<float>(out, layout_.size(), "observation");
    if (const int r = round_seat(seat); r >= 0) {
      write_observation(r, o);
    } else {
      layout_.write_out(seat, round_seats_, standings_.totals, o);
    }
    const std::span<std::uint8_t> m =
        writable_span<std::uint8_t>(mask, action_size_, "action mask");
    if (!over_ && seat == match_seat(decider_)) {
      std::copy(mask_.begin(), mask_.end(), m.begin());
    } else {
      std::fill(m.begin(), m.end(), std::uint8_t{0});
    }
  }

  // The engine action of `id` made by the seat deciding, in the round's seats; None for the
  // environment's own "decline".
  std::optional<Action> action(py::handle id) const {
    const int i = checked_id(id);
    if (i == decline_) return std::nullopt;
    return round_action(i);
  }

  std::vector<std::string> action_names() const {
    std::vector<std::string> names;
    for (int i = 0; i < space_.size(); ++i) names.push_back(space_.name(i));
    if (decline_ >= 0) names.push_back("decline");
    return names;
  }

  int decider() const { return over_ ? kOver : match_seat(decider_); }
  std::string question() const {
    switch (question_) {
      case Question::late_call:
        return "late_call";
      case Question::challenge:
        return "challenge";
      case Question::jump_in:
        return "jump_in";
      case Question::none:
        break;
    }
    return over_ ? "" : "turn";
  }
  bool truncated() const { return truncated_; }
  std::vector<double> rewards() const { return {rewards_.begin(), rewards_.begin() + players_}; }
  const std::vector<int>& newly_out() const { return newly_out_; }
  std::vector<bool> out() const {
    return episode_ == Episode::match ? standings_.out : std::vector<bool>(players_, false);
  }
  std::vector<int> round_seats() const { return {round_seats_.begin(), round_seats_.end()}; }
  const State& state() const { return state_; }
  std::vector<int> totals() const { return standings_.totals; }
  int rounds() const { return standings_.rounds; }
  const ObservationLayout& layout() const { return layout_; }
  int action_size() const { return action_size_; }
  int decline_id() const { return decline_; }
  py::array observation_buffer() const { return observation_array_; }
  // The buffers handed to Python written again from the environment's own observation and mask
  // (observe() calls it: what an agent wrote into them shows in no later observation).
  void restore_buffers() {
    std::copy(observation_store_.begin(), observation_store_.end(), observation_.begin());
    std::copy(mask_.begin(), mask_.end(), shown_mask_.begin());
  }
  py::array mask_buffer() const { return mask_array_; }

 private:
  EnvironmentCore(const EnvironmentCore&) = default;  // copy() fixes the buffers up
  EnvironmentCore& operator=(const EnvironmentCore&) = delete;

  int match_seat(int round_seat) const {
    return round_seats_[static_cast<std::size_t>(round_seat)];
  }
  int round_seat(int match_seat) const {
    for (std::size_t r = 0; r < round_seats_.size(); ++r)
      if (round_seats_[r] == match_seat) return static_cast<int>(r);
    return -1;
  }
  // Whether round seats are match seats (every match seat plays this round).
  bool all_in() const { return state_.players() == players_; }

  // `id` as an index of the mask; an int that is no id at all is a ValueError, not an
  // IllegalAction: it names no action to refuse; a bool or a float a TypeError.
  int checked_id(py::handle id) const {
    return int_arg<int>(id, "action id", 0, action_size_ - 1, ids_text_);
  }

  std::string asked_name(int round_seat) const {
    return "player_" + std::to_string(match_seat(round_seat));
  }

  // Throws for `id`, which the mask does not allow: with the engine's reason where the engine
  // refuses the action too, else as "not_asked" with what the seat is asked.
  [[noreturn]] void refuse(int id) const {
    if (id == decline_)  // not an engine action: it answers only a question out of turn
      throw std::invalid_argument("decline (id " + std::to_string(id) +
                                  "): nothing is asked out of turn now");
    const Action a = round_action(id);
    if (const Refusal r = engine_->check(state_, a); r != Refusal::none)
      throw IllegalAction(to_string(a), r);
    const std::string who = asked_name(decider_);
    std::string reason;
    switch (question_) {
      case Question::late_call:
        reason = who + " is asked only whether it calls \"last card\" late (or decline)";
        break;
      case Question::challenge:
        reason = who + " is asked only whether it challenges " + asked_name(state_.catchable) +
                 " (or decline)";
        break;
      case Question::jump_in:
        reason = who + " is asked only whether it jumps in (one of its jump-ins, or decline)";
        break;
      case Question::none:
        reason = "the action mask of " + who + " does not allow it now";
        break;
    }
    throw IllegalAction(to_string(a), "not_asked", reason);
  }

  // The action `id` stands for, made by the seat deciding, in round seats. An id naming a seat
  // that is out of the match (a challenge or a swap of "+k" landing on it) stands for no action
  // of the round: refused as no such seat, since no round seat can stand in for it (a swap
  // target of kMaxSeats would not even fit the action's three bits).
  Action round_action(int id) const {
    const Action a = space_.action(id, match_seat(decider_));
    if (all_in()) return a;
    return with_seats_mapped(a, [&](int m) {
      const int r = round_seat(m);
      if (r < 0)
        throw IllegalAction(space_.name(id) + " (id " + std::to_string(id) + ")",
                            std::string(refusal_name(Refusal::no_such_seat)),
                            "it names player_" + std::to_string(m) + ", who is out of the match");
      return r;
    });
  }

  void deal(std::uint64_t seed, int dealer) {
    events_.clear();
    state_ = engine_->deal(state_players(), seed, dealer, &events_);
    for (CardKnowledge& k : memory_) k.reset();
    asked_ = jump_asked_ = 0;
    remember(events_);
  }
  int state_players() const { return static_cast<int>(round_seats_.size()); }

  void deal_next_round() {
    round_ = driver_->next_round();
    round_seats_ = round_.seats;
    deal(round_.seed, round_.round_dealer);
  }

  // Every seat's memory learns what it saw of the events.
  void remember(const EventBuffer& events) {
    for (int seat = 0; seat < state_.players(); ++seat) {
      masked_.clear();
      for (const Event& e : events) masked_.push(seen_by(e, seat, false));
      memory_[static_cast<std::size_t>(seat)].observe(PlayerView(*engine_, state_, seat),
                                                      masked_.span());
    }
  }

  // The round just ended: rewards at the end of the episode, else the match's next round.
  void end_round() {
    question_ = Question::none;
    if (episode_ == Episode::round) {
      if (state_.stalemate)
        truncated_ = true;  // the turn limit: a time limit, not a result
      else
        reward_winner(state_.winner);
      over_ = true;
      return;
    }
    const std::vector<bool> was_out = standings_.out;
    driver_->finish_round(round_, state_);
    standings_ = driver_->standings();
    if (standings_.over) {
      reward_winner(standings_.winner);
      over_ = true;
      return;
    }
    // Seats eliminated this round leave the episode now, as losers: also when this round is
    // the last the episode plays (max_match_rounds), whose truncation is no result for the
    // seats still in, but takes nothing from a loss already suffered.
    for (int seat = 0; seat < players_; ++seat)
      if (standings_.out[static_cast<std::size_t>(seat)] &&
          !was_out[static_cast<std::size_t>(seat)]) {
        newly_out_.push_back(seat);
        rewards_[static_cast<std::size_t>(seat)] = loss(team_size(seat));
      }
    if (standings_.rounds >= max_match_rounds_) {
      truncated_ = true;  // the seats in newly_out_ terminated, the others truncated
      over_ = true;
      return;
    }
    deal_next_round();
  }

  // What a losing seat gets: -w/(players-w), w the number of winners (1, or the size of a
  // team), so that the episode's rewards sum to 0 (to within a double's rounding where
  // w/(players-w) is no binary fraction: a float's -1/3 came out as -0.3333333432674408).
  double loss(int winners = 1) const {
    return -static_cast<double>(winners) / static_cast<double>(players_ - winners);
  }

  // The seats of `seat`'s team (1 without partnerships). Teams are out together, so a team
  // put out loses as the winners will win: with teams of one size the rewards sum to 0.
  int team_size(int seat) const {
    const std::vector<int> team = engine_->variant().teams.team_of_seats(players_);
    if (team.empty()) return 1;
    return static_cast<int>(
        std::count(team.begin(), team.end(), team[static_cast<std::size_t>(seat)]));
  }

  // Zero-sum over the episode: the winner (with partnerships, every seat of the winner's team)
  // +1, every other seat -w/(players-w).
  void reward_winner(int winner) {
    const std::vector<int> team = engine_->variant().teams.team_of_seats(players_);
    const auto wins = [&](int seat) {
      return team.empty() ? seat == winner
                          : winner >= 0 && team[static_cast<std::size_t>(seat)] ==
                                               team[static_cast<std::size_t>(winner)];
    };
    int winners = 0;
    for (int seat = 0; seat < players_; ++seat) winners += wins(seat);
    for (int seat = 0; seat < players_; ++seat)
      rewards_[static_cast<std::size_t>(seat)] = wins(seat) ? 1.0 : loss(winners);
  }

  // The next seat asked out of turn, as play_round asks them before the seat to act decides:
  // the seat that may be caught, for a late call (where the variant allows one and it is not
  // the seat to act itself), then the other seats but the seat to act, in order of play from
  // it, for a challenge, until one challenges; then, while a jump-in window is open, the seats
  // that may jump in, in order of play from the seat after the seat to act. Sets question_;
  // returns the round seat, or the seat to act when nothing (more) is asked.
  int next_decider() {
    const int target = state_.catchable;
    if (challenges_ && target >= 0) {
      while (asked_ < state_.players()) {
        const int k = asked_++;
        if (k == 0) {
          if (late_call_ && target != state_.turn) {
            question_ = Question::late_call;
            return target;
          }
          continue;
        }
        const int seat = state_.seats.after(state_.turn, k);
        if (seat == target) continue;
        question_ = Question::challenge;
        return seat;
      }
    }
    if (jumps_ && state_.jump_open) {
      while (jump_asked_ < state_.players() - 1) {
        const int seat = state_.seats.after(state_.turn, ++jump_asked_);
        engine_->jump_ins(state_, seat, jumps_list_);
        if (jumps_list_.empty()) continue;
        question_ = Question::jump_in;
        return seat;
      }
    }
    question_ = Question::none;
    return state_.turn;
  }

  // The ids of `list` (actions of round seat `seat`) set in the mask's space part.
  void mask_actions(const ActionList& list, int seat) {
    const int hand_size = state_.hand(seat).size();
    if (all_in()) {
      space_.mask(list.span(), hand_size, mask_.first(space_.size()));
      return;
    }
    // Round seats to match seats, whose ids the space numbers.
    in_match_seats_.clear();
    for (const Action a : list)
      in_match_seats_.push(with_seats_mapped(a, [&](int r) { return match_seat(r); }));
    space_.mask(in_match_seats_.span(), hand_size, mask_.first(space_.size()));
  }

  // The deciding seat's mask and observation, written into the buffers; returns its match
  // seat (or kNews - it after eliminations), or kOver.
  int prepare() {
    over_ = over_ || state_.over();
    if (over_) {
      std::fill(mask_.begin(), mask_.end(), std::uint8_t{0});
      std::fill(shown_mask_.begin(), shown_mask_.end(), std::uint8_t{0});
      return kOver;
    }
    decider_ = next_decider();
    const int seat = match_seat(decider_);
    if (question_ == Question::none) {
      engine_->legal_actions(state_, legal_);
      mask_actions(legal_, decider_);
      if (decline_ >= 0) mask_[static_cast<std::size_t>(decline_)] = 0;
    } else if (question_ == Question::jump_in) {
      mask_actions(jumps_list_, decider_);  // next_decider listed them
      mask_[static_cast<std::size_t>(decline_)] = 1;
    } else {
      std::fill(mask_.begin(), mask_.end(), std::uint8_t{0});
      const Action asked = question_ == Question::late_call
                               ? Action::call(seat)
                               : Action::challenge(seat, match_seat(state_.catchable));
      mask_[static_cast<std::size_t>(space_.id(asked))] = 1;
      mask_[static_cast<std::size_t>(decline_)] = 1;
    }
    write_observation(decider_, observation_store_);
    restore_buffers();
    return newly_out_.empty() ? seat : kNews - seat;
  }

  void write_observation(int round_seat, std::span<float> out) const {
    const std::span<const int> totals = episode_ == Episode::match
                                            ? std::span<const int>(standings_.totals)
                                            : std::span<const int>{};
    const PlayerView view(*engine_, state_, round_seat);
    const CardKnowledge& memory = memory_[static_cast<std::size_t>(round_seat)];
    if (layout_.seats() == ObservationSeats::match)
      layout_.write(view, memory.discard_seen(), totals, round_seats_, out);
    else
      layout_.write(view, memory, totals, out);
  }

  EnginePtr engine_;
  ObservationLayout layout_;
  ActionSpace space_;
  int players_;  // the match's seats (a round's, for round episodes): the agents
  Episode episode_;
  int max_match_rounds_;
  bool late_call_;
  bool challenges_ = false;  // a missed "last card" call can be caught: seats are asked
  bool jumps_ = false;       // identical.jump_in: seats are asked whether they jump in
  int decline_ = -1;         // the id of "decline" (after the space's ids), or -1: nobody is asked
  int action_size_ = 0;
  std::string ids_text_;  // what an id may be, for the message refusing one (not built a step)
  py::array observation_array_, mask_array_;  // owned here; the spans point into them
  std::span<float> observation_;
  // The deciding seat's observation, of which observation_ (handed to Python) is a copy.
  std::vector<float> observation_store_;
  // The mask the environment enforces (step, sample, legal_ids) is its own: the one handed to
  // Python (shown_mask_, in mask_array_) is a copy of it, written at every step, which a user
  // may write into (or zero) without changing what is legal.
  std::vector<std::uint8_t> mask_store_;
  std::span<std::uint8_t> mask_;  // into mask_store_
  std::span<std::uint8_t> shown_mask_;

  State state_;
  std::array<CardKnowledge, kMaxSeats> memory_{};  // by round seat
  ActionList legal_, in_match_seats_, jumps_list_;
  EventBuffer events_, masked_;
  Pcg32 sampler_;
  std::array<double, kMaxSeats> rewards_{};  // by match seat
  bool over_ = true, truncated_ = false;     // until reset() deals
  std::optional<MatchDriver> driver_;        // match episodes
  RoundDeal round_;                          // the match's round in play
  std::array<int, kMaxSeats> all_seats_{};   // 0..players-1
  std::span<const int> round_seats_;         // the match seat of each round seat
  Standings standings_ = Standings::start(2);
  std::vector<int> newly_out_;  // match seats eliminated by the round the last step ended
  int decider_ = 0;             // round seat deciding now
  Question question_ = Question::none;
  int asked_ = 0;  // how far play_round's out-of-turn order has gone since the seat to act acted
  int jump_asked_ = 0;  // how far its jump-in questions have gone (seats after the seat to act)
};

}  // namespace

void bind_environment(py::module_& m) {
  py::class_<EnvironmentCore>(m, "EnvironmentCore",
                              "The C++ half of switchcards.env.SwitchcardsEnv (use that).")
      .def(py::init([](EnginePtr engine, const py::object& players, const std::string& rewards,
                       const py::object& max_match_rounds, bool out_of_turn) {
             if (rewards != "round" && rewards != "match")
               throw std::invalid_argument("rewards: 'round' or 'match', not '" + rewards + "'");
             return std::make_unique<EnvironmentCore>(
                 std::move(engine), int_arg<int>(players, "players"),
                 rewards == "round" ? Episode::round : Episode::match,
                 int_arg<int>(max_match_rounds, "max_match_rounds", 1, kMaxMatchRounds,
                              "1 to " + std::to_string(kMaxMatchRounds)),
                 out_of_turn);
           }),
           py::arg("engine"), py::arg("players"), py::arg("rewards"), py::arg("max_match_rounds"),
           py::arg("out_of_turn") = true)
      .def(
          "reset",
          [](EnvironmentCore& c, const py::object& seed) { return c.reset(seed_arg(seed)); },
          py::arg("seed"))
      .def("step", &EnvironmentCore::step, py::arg("id"))
      .def("copy", &EnvironmentCore::copy,
           "An independent core in the same position, with buffers of its own.")
      .def("sample", &EnvironmentCore::sample)
      .def("legal_ids", &EnvironmentCore::legal_ids)
      .def("observe", &EnvironmentCore::observe, py::arg("seat"), py::arg("out"), py::arg("mask"))
      .def("action", &EnvironmentCore::action, py::arg("id"))
      .def_property_readonly("turn", &EnvironmentCore::decider)
      .def_property_readonly("question", &EnvironmentCore::question)
      .def_property_readonly("truncated", &EnvironmentCore::truncated)
      .def_property_readonly("rewards", &EnvironmentCore::rewards)
      .def_property_readonly("newly_out", &EnvironmentCore::newly_out)
      .def_property_readonly("out", &EnvironmentCore::out)
      .def_property_readonly("round_seats", &EnvironmentCore::round_seats)
      .def_property_readonly(
          "state", [](const EnvironmentCore& c) { return State(c.state()); }, "a copy of the State")
      .def_property_readonly("totals", &EnvironmentCore::totals)
      .def_property_readonly("rounds", &EnvironmentCore::rounds)
      .def_property_readonly("observation_size",
                             [](const EnvironmentCore& c) { return c.layout().size(); })
      .def_property_readonly("layout",
                             [](const EnvironmentCore& c) {
                               py::list out;
                               for (const ObservationSlice& s : c.layout().slices())
                                 out.append(slice_dict(s));
                               return out;
                             })
      .def_property_readonly("action_size", &EnvironmentCore::action_size)
      .def_property_readonly("action_names", &EnvironmentCore::action_names)
      .def_property_readonly("decline_id", &EnvironmentCore::decline_id)
      .def_property_readonly("observation_buffer", &EnvironmentCore::observation_buffer)
      .def("restore_buffers", &EnvironmentCore::restore_buffers)
      .def_property_readonly("mask_buffer", &EnvironmentCore::mask_buffer);
}

}  // namespace switchcards::python
