// The match runner (see agents/match.hpp).
#include "switchcards/agents/match.hpp"

#include <bit>
#include <stdexcept>
#include <string>
#include "engine/seat_index.hpp"

namespace switchcards {

using detail::seat_index;

Match::Match(Variant variant, std::vector<Agent*> agents, std::uint64_t seed, MatchOptions options)
    : engine_(std::move(variant)),
      agents_(std::move(agents)),
      seed_(seed),
      options_(std::move(options)),
      driver_(engine_.variant(), static_cast<int>(agents_.size()), seed_, options_) {
  for (int i = 0; i < players(); ++i)
    if (agents_[seat_index(i)] == nullptr)
      throw std::invalid_argument("no agent for seat " + std::to_string(i));
  // A bit for a seat the match does not have would be ignored, silently.
  if (const unsigned extra = options_.round.revealed >> players(); extra != 0)
    throw std::invalid_argument(
        "round.revealed has bit " + std::to_string(players() + std::countr_zero(extra)) +
        " set, for a seat this match of " + std::to_string(players()) +
        " seats does not have (bits 0 to " + std::to_string(players() - 1) + ")");
}

const RoundRecord& Match::play_round() {
  const RoundDeal deal = driver_.next_round();
  const int round = deal.round;
  const Standings* standings = &driver_.standings();
  emit(MatchEvent{
      MatchEventKind::round_started, round, deal.dealer, -1, false, {}, standings, &deal});
  std::vector<Agent*> round_agents;
  RoundOptions options = options_.round;
  options.revealed = 0;
  for (int r = 0; r < deal.players(); ++r) {
    const int seat = deal.seats[seat_index(r)];
    agents_[seat_index(seat)]->reset(deal.agent_seed(seat));
    round_agents.push_back(agents_[seat_index(seat)]);
    if (detail::is_revealed(options_.round, seat)) options.revealed |= std::uint8_t(1u << r);
  }
  const std::span<Agent* const> playing(round_agents);

  EventBuffer events;
  State state = deal.deal(engine_, &events);
  if (options_.on_action) options_.on_action(deal, state, nullptr, events.span());
  if (options.observe) deliver_events(engine_, state, playing, events.span(), options);
  if (options_.on_action)
    switchcards::play_round(engine_, state, playing, options,
                            [&](const State& s, Action a, std::span<const Event> ev) {
                              options_.on_action(deal, s, &a, ev);
                            });
  else
    switchcards::play_round(engine_, state, playing, options);

  const Standings before = driver_.standings();
  history_.push_back(driver_.finish_round(deal, state));
  const RoundRecord& done = history_.back();
  standings = &driver_.standings();

  emit(MatchEvent{MatchEventKind::round_scored, round, done.winner, -1, done.stalemate, done.scores,
                  standings, &deal, &state});
  std::vector<int> eliminated;
  for (int seat = 0; seat < players(); ++seat)
    if (before.is_in(seat) && !standings->is_in(seat)) eliminated.push_back(seat);
  // Worst first: the order in which they are taken to have reached the cap.
  eliminated = rank_seats(engine_.variant().match, *standings, eliminated);
  for (auto it = eliminated.rbegin(); it != eliminated.rend(); ++it)
    emit(MatchEvent{MatchEventKind::player_eliminated, round, *it, -1, false, {}, standings});
  if (standings->over)
    emit(MatchEvent{MatchEventKind::match_over,
                    round,
                    standings->winner,
                    standings->loser,
                    false,
                    {},
                    standings});
  return done;
}

const Standings& Match::play() {
  while (!over()) play_round();
  return standings();
}

}  // namespace switchcards
