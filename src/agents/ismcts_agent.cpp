// The ISMCTS search; see include/switchcards/agents/ismcts_agent.hpp.
#include "switchcards/agents/ismcts_agent.hpp"

#include "switchcards/agents/random_agent.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

namespace switchcards {

IsmctsAgent::IsmctsAgent(std::uint64_t seed, IsmctsConfig config) : config_(config), rng_(seed) {
  knowledge_.set_assume_plays_when_able(config_.assume_plays_when_able);
  // Not a number compares false with everything: a NaN budget passed `seconds < 0` and then
  // never ran out, and neither does an infinite one.
  if (config_.iterations < 0 || !(config_.seconds >= 0) || !std::isfinite(config_.seconds) ||
      (config_.iterations == 0 && config_.seconds == 0))
    throw std::invalid_argument(
        "ismcts: give a budget of iterations or seconds per decision (a finite number)");
  if (config_.iterations > IsmctsConfig::kMaxIterations ||
      config_.seconds > IsmctsConfig::kMaxSeconds)
    throw std::invalid_argument("ismcts: the budget is at most " +
                                std::to_string(IsmctsConfig::kMaxIterations) + " iterations and " +
                                std::to_string(static_cast<int>(IsmctsConfig::kMaxSeconds)) +
                                " s per decision");
  if (!(config_.exploration >= 0) || !std::isfinite(config_.exploration))
    throw std::invalid_argument("ismcts: exploration must be a finite number, 0 or more");
  if (!(config_.prior_margin >= 0) || !std::isfinite(config_.prior_margin))
    throw std::invalid_argument("ismcts: prior_margin must be a finite number, 0 or more");
  if (config_.max_nodes < 2) throw std::invalid_argument("ismcts: max_nodes must be at least 2");
  if (config_.horizon < 1) throw std::invalid_argument("ismcts: horizon must be at least 1");
}

void IsmctsAgent::reset(std::uint64_t seed) {
  rng_ = Pcg32(seed);
  knowledge_.reset();
}

void IsmctsAgent::observe(const PlayerView& view, std::span<const Event> events) {
  knowledge_.observe(view, events);
}

void IsmctsAgent::apply_listed(const Engine& engine, State& s, Action listed) const {
  // A play calls "last card" wherever the call is due: it costs nothing.
  const Action a = listed.kind() == ActionKind::play &&
                           engine.variant().last_card.call_allowed(s.hands[s.turn].size())
                       ? listed.with_last()
                       : listed;
  if (!engine.apply(s, a))
    throw std::logic_error("ismcts: the engine refused its own listed action " + to_string(a));
}

void IsmctsAgent::answer_out_of_turn(const Engine& engine, State& s) const {
  const int forgetter = s.catchable;
  if (forgetter < 0 || forgetter == s.turn) return;  // the seat to act has it among its actions
  if (engine.check(s, Action::call(forgetter)) == Refusal::none) {
    engine.apply(s, Action::call(forgetter));
    return;
  }
  for (int k = 1; k < s.players(); ++k) {
    const int seat = s.seats.after(s.turn, k);
    const Action catch_it = Action::challenge(seat, forgetter);
    if (team_[seat] != team_[forgetter] && engine.check(s, catch_it) == Refusal::none) {
      engine.apply(s, catch_it);
      return;
    }
  }
}

bool IsmctsAgent::jump_in_out_of_turn(const Engine& engine, State& s) {
  for (int k = 1; k < s.players(); ++k) {
    const int seat = s.seats.after(s.turn, k);
    engine.jump_ins(s, seat, legal_);
    if (legal_.empty()) continue;
    const std::optional<Action> a =
        rollout_agent_.jumps_in(PlayerView(engine, s, seat), legal_.span());
    if (!a) continue;
    // The jumper calls "last card" where it is due, as apply_listed does for the seat to act.
    engine.apply(s, a->with_last(engine.variant().last_card.call_allowed(s.hands[seat].size())));
    return true;
  }
  return false;
}

Action IsmctsAgent::rollout_choice(const Engine& engine, const State& s) {
  if (config_.rollout == IsmctsConfig::Rollout::heuristic)
    return rollout_agent_.choose(PlayerView(engine, s, s.turn), legal_.span()).with_last(false);
  // Eager: a challenge or a late call when listed (they are last), else a random play, else
  // the draw or pass.
  const int n = legal_.size();
  const Action last = legal_[n - 1];
  if ((last.kind() == ActionKind::challenge && team_[last.target()] != team_[s.turn]) ||
      last.kind() == ActionKind::call)
    return last;
  if (legal_[0].kind() != ActionKind::play) return legal_[0];
  return legal_[static_cast<int>(rng_.below(plays_listed(legal_.span())))];
}

// A win is worth 1 to every seat of the winner's team; the others get up to 0.5, less the more
// their team's hands score against the worst team's. Without teams a team is a seat.
IsmctsAgent::Rewards IsmctsAgent::score(const State& s) {
  Rewards r{};
  const int n = s.players();
  const int winners = s.winner >= 0 ? team_[s.winner] : -1;
  for (int k = 0; k < n; ++k)
    if (team_[k] == winners) r[k] = 1;
  if (config_.reward == IsmctsConfig::Reward::win) return r;
  const HandScorer& scorer = *hand_scorer_;
  std::array<int, kMaxSeats> points{};  // by team
  for (int k = 0; k < n; ++k)
    if (team_[k] != winners) points[team_[k]] += scorer.score(s.hands[k]);
  const int most = *std::max_element(points.begin(), points.end());
  for (int k = 0; k < n; ++k)
    if (team_[k] != winners) r[k] = most > 0 ? 0.5 * (1.0 - double(points[team_[k]]) / most) : 0.5;
  return r;
}

void IsmctsAgent::iterate(const Engine& engine, int root_seat) {
  determinizer_.sample(rng_, sim_);
  State& s = sim_;
  // The search's own turn limit (IsmctsConfig::horizon), in the round's count of decisions.
  const std::uint64_t horizon = std::uint64_t{s.decisions} + std::uint64_t(config_.horizon);
  int node = 0;
  // Selection and expansion.
  for (;;) {
    if (s.catchable >= 0) answer_out_of_turn(engine, s);
    if (s.over()) break;
    if (s.jump_open && jump_in_out_of_turn(engine, s)) [[unlikely]]
      continue;
    engine.legal_actions(s, legal_);
    if (s.turn != root_seat && config_.opponents == IsmctsConfig::Opponents::policy) {
      apply_listed(engine, s, rollout_choice(engine, s));
      continue;
    }
    const int n = legal_.size();
    // Which listed actions already have a child; UCB1 over those that do.
    std::array<bool, kMaxActions> tried{};
    int tried_count = 0;
    for (int c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      for (int i = 0; i < n; ++i) {
        if (legal_[i] == nodes_[c].action) {
          tried[i] = true;
          ++tried_count;
          break;
        }
      }
    }
    if (tried_count < n && static_cast<int>(nodes_.size()) < config_.max_nodes) {
      // Expand one untried action, picked at random.
      int pick = static_cast<int>(rng_.below(static_cast<std::uint32_t>(n - tried_count)));
      int chosen = 0;
      for (int i = 0; i < n; ++i)
        if (!tried[i] && pick-- == 0) {
          chosen = i;
          break;
        }
      Node child;
      child.action = legal_[chosen];
      child.parent = node;
      child.next_sibling = nodes_[node].first_child;
      child.mover = s.turn;
      nodes_.push_back(child);
      const int id = static_cast<int>(nodes_.size()) - 1;
      nodes_[node].first_child = id;
      apply_listed(engine, s, legal_[chosen]);
      node = id;
      break;
    }
    if (tried_count == 0) break;  // the pool is full: play on from here
    int best = -1;
    double best_value = 0;
    for (int c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      Node& child = nodes_[c];
      bool available = false;
      for (int i = 0; i < n && !available; ++i) available = legal_[i] == child.action;
      if (!available) continue;
      ++child.available;
      const double value =
          child.reward / child.visits +
          config_.exploration * std::sqrt(std::log(double(child.available)) / child.visits);
      if (best < 0 || value > best_value) {
        best = c;
        best_value = value;
      }
    }
    apply_listed(engine, s, nodes_[best].action);
    node = best;
  }
  // Rollout, to the end of the round or the horizon, where it is scored as a stalemate.
  while (!s.over()) {
    if (s.decisions >= horizon) [[unlikely]] {
      ++stats_.rollouts_cut;
      break;
    }
    if (s.catchable >= 0) {
      answer_out_of_turn(engine, s);
      if (s.over()) break;
    }
    if (s.jump_open && jump_in_out_of_turn(engine, s)) [[unlikely]]
      continue;
    engine.legal_actions(s, legal_);
    apply_listed(engine, s, rollout_choice(engine, s));
    ++stats_.rollout_decisions;
  }
  // Backpropagation: each node keeps the result of the seat that moved into it.
  const Rewards result = score(s);
  for (int n = node; n >= 0; n = nodes_[n].parent) {
    Node& x = nodes_[n];
    ++x.visits;
    x.reward += result[x.mover];
  }
}

Action IsmctsAgent::choose(const PlayerView& view, std::span<const Action> legal) {
  const auto with_call = [&](Action a) {
    return a.kind() == ActionKind::play && view.call_due() ? a.with_last() : a;
  };
  stats_ = SearchStats{};
  if (legal.size() == 1) return with_call(legal[0]);
  const auto start = std::chrono::steady_clock::now();
  const Engine& engine = view.engine();
  hand_scorer_ = &scorer_.get(engine);
  const std::vector<int> teams = view.variant().teams.team_of_seats(view.players());
  for (int k = 0; k < view.players(); ++k)
    team_[k] = static_cast<std::uint8_t>(teams.empty() ? k : teams[k]);
  knowledge_.sync(view);
  determinizer_.prepare(view, knowledge_);
  nodes_.clear();
  if (config_.iterations > 0)
    nodes_.reserve(static_cast<std::size_t>(std::min(config_.max_nodes, config_.iterations + 1)));
  nodes_.push_back(Node{});
  nodes_[0].mover = static_cast<std::uint8_t>(view.seat());
  int done = 0;
  for (;;) {
    if (config_.iterations > 0 && done >= config_.iterations) break;
    // The clock and the stop test are read every 16 iterations, from the first on: however
    // short the time, the search runs once (it chose legal[0] unsearched).
    if (done % 16 == 1) {
      if (config_.seconds > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >=
              config_.seconds)
        break;
      if (stop_when_ && stop_when_()) {
        stats_.stopped = true;
        break;
      }
    }
    iterate(engine, view.seat());
    ++done;
  }
  stats_.iterations = done;
  stats_.nodes = static_cast<int>(nodes_.size());
  stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // The most visited of the root's actions (all of them legal here: the root is what the seat
  // sees); ties go to the better mean, then to the first listed.
  const Node* best = nullptr;
  for (int c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling) {
    const Node& child = nodes_[c];
    bool listed = false;
    for (Action a : legal) listed = listed || a == child.action;
    if (!listed) continue;
    if (!best || child.visits > best->visits ||
        (child.visits == best->visits && child.reward > best->reward))
      best = &child;
  }
  if (!best) return with_call(legal[0]);
  if (config_.prior_margin > 0) {
    const Action preferred =
        rollout_agent_.choose(view, legal).with_last(false);  // the same view: no more knowledge
    const Node* prior = nullptr;
    for (int c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling)
      if (nodes_[c].action == preferred) prior = &nodes_[c];
    if (prior && prior != best && prior->visits > 0) {
      const double m_best = best->reward / best->visits, m_prior = prior->reward / prior->visits;
      // Rewards lie in [0, 1]: their variance is at most mean x (1 - mean).
      const auto var = [](double m) { return std::max(m * (1 - m), 0.01); };
      const double se = std::sqrt(var(m_best) / best->visits + var(m_prior) / prior->visits);
      if (m_best - m_prior <= config_.prior_margin * se) best = prior;
    }
  }
  return with_call(best->action);
}

}  // namespace switchcards
