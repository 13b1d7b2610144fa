// The match runner (see agents/match.hpp).
#include "switchcards/agents/match.hpp"

#include <stdexcept>
#include <string>

#include "switchcards/agents/play_round.hpp"
#include "switchcards/core/rng.hpp"

namespace switchcards {

namespace {
std::size_t at(int i) {
  return static_cast<std::size_t>(i);
}
}  // namespace

Match::Match(Variant variant, std::vector<Agent*> agents, std::uint64_t seed, MatchOptions options)
    : engine_(std::move(variant)),
      scorer_(engine_.variant()),
      agents_(std::move(agents)),
      seed_(seed),
      options_(std::move(options)) {
  const int n = players();
  const DealRules& deal = engine_.variant().deal;
  if (n < 2 || n > kMaxSeats || n < deal.min_players || n > deal.max_players)
    throw std::invalid_argument(
        "a match of " + engine_.variant().name + " needs " + std::to_string(deal.min_players) +
        " to " + std::to_string(deal.max_players) + " seats, not " + std::to_string(n));
  for (int i = 0; i < n; ++i)
    if (agents_[at(i)] == nullptr)
      throw std::invalid_argument("no agent for seat " + std::to_string(i));
  if (options_.resume) {
    if (options_.resume->players() != n || static_cast<int>(options_.resume->out.size()) != n)
      throw std::invalid_argument("resume: standings of " +
                                  std::to_string(options_.resume->players()) + " seats for " +
                                  std::to_string(n));
    if (options_.resume->over) throw std::invalid_argument("resume: that match is over");
    standings_ = *options_.resume;
  } else if (!options_.start_totals.empty()) {
    if (static_cast<int>(options_.start_totals.size()) != n)
      throw std::invalid_argument("start_totals has " +
                                  std::to_string(options_.start_totals.size()) + " entries for " +
                                  std::to_string(n) + " seats");
    standings_ = standings_from_totals(engine_.variant().match, options_.start_totals);
  } else {
    standings_ = Standings::start(n);
  }
  dealer_ = options_.first_dealer >= 0 ? options_.first_dealer
                                       : first_dealer(engine_.variant(), n, seed_);
  if (dealer_ >= n) throw std::invalid_argument("first_dealer is not a seat");
  if (!standings_.is_in(dealer_)) dealer_ = next_dealer(standings_, dealer_);
}

const RoundRecord& Match::play_round() {
  if (standings_.over) throw std::logic_error("the match is over");
  const int round = standings_.rounds;
  RoundRecord rec;
  rec.round = round;
  rec.seed = round_seed(seed_, round);
  rec.dealer = dealer_;
  rec.seats = standings_.active_seats();
  const int m = static_cast<int>(rec.seats.size());
  int round_dealer = 0;
  for (int r = 0; r < m; ++r)
    if (rec.seats[at(r)] == dealer_) round_dealer = r;

  emit(MatchEvent{MatchEventKind::round_started, round, dealer_, -1, false, {}, &standings_});
  for (int seat : rec.seats) agents_[at(seat)]->reset(derive_seed(rec.seed, 1 + at(seat)));

  std::vector<Agent*> round_agents;
  for (int seat : rec.seats) round_agents.push_back(agents_[at(seat)]);
  EventBuffer events;
  State state = engine_.deal(m, rec.seed, round_dealer, &events);
  deliver_events(engine_, state, std::span<Agent* const>(round_agents), events.span());
  switchcards::play_round(engine_, state, std::span<Agent* const>(round_agents));

  // Score the round by match seat.
  const std::vector<int> by_round_seat = round_scores(scorer_, state);
  rec.scores.assign(at(players()), 0);
  for (int r = 0; r < m; ++r) rec.scores[at(rec.seats[at(r)])] = by_round_seat[at(r)];
  rec.stalemate = state.stalemate;
  rec.winner = state.winner >= 0 ? rec.seats[at(state.winner)] : -1;
  rec.decisions = static_cast<int>(state.decisions);

  const Standings before = standings_;
  const MatchRules& rules = engine_.variant().match;
  standings_ = after_round(rules, standings_, rec.scores, rec.winner);
  if (!standings_.over && standings_.rounds >= options_.max_rounds) {
    standings_ = end_match_now(rules, standings_);
    stopped_at_round_limit_ = true;
  }
  history_.push_back(std::move(rec));
  const RoundRecord& done = history_.back();

  emit(MatchEvent{MatchEventKind::round_scored, round, done.winner, -1, done.stalemate, done.scores,
                  &standings_});
  std::vector<int> eliminated;
  for (int seat = 0; seat < players(); ++seat)
    if (before.is_in(seat) && !standings_.is_in(seat)) eliminated.push_back(seat);
  // Worst first: the order in which they are taken to have reached the cap.
  eliminated = rank_seats(standings_, eliminated);
  for (auto it = eliminated.rbegin(); it != eliminated.rend(); ++it)
    emit(MatchEvent{MatchEventKind::player_eliminated, round, *it, -1, false, {}, &standings_});
  if (standings_.over)
    emit(MatchEvent{MatchEventKind::match_over,
                    round,
                    standings_.winner,
                    standings_.loser,
                    false,
                    {},
                    &standings_});
  else
    dealer_ = next_dealer(standings_, dealer_);
  return done;
}

const Standings& Match::play() {
  while (!standings_.over) play_round();
  return standings_;
}

}  // namespace switchcards
