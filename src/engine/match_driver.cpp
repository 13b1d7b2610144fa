// The rounds of a match (see engine/match_driver.hpp).
#include "switchcards/engine/match_driver.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "engine/seat_index.hpp"
#include "switchcards/core/rng.hpp"

namespace switchcards {

using detail::seat_index;

int RoundDeal::round_seat(int match_seat) const {
  for (int r = 0; r < players(); ++r)
    if (seats[seat_index(r)] == match_seat) return r;
  return -1;
}

std::uint64_t RoundDeal::agent_seed(int match_seat) const {
  return derive_seed(seed, 1 + static_cast<std::uint64_t>(match_seat));
}

State RoundDeal::deal(const Engine& engine, EventBuffer* events, DealEvents shown) const {
  return engine.deal(players(), seed, round_dealer, events, shown);
}

RoundDeal first_round(const Engine& engine, int players, std::uint64_t match_seed) {
  RoundDeal deal;
  deal.seed = round_seed(match_seed, 0);
  deal.dealer = first_dealer(engine.variant(), engine.deck(players), players, match_seed);
  deal.round_dealer = deal.dealer;
  deal.seats.resize(static_cast<std::size_t>(players));
  std::iota(deal.seats.begin(), deal.seats.end(), 0);
  return deal;
}

MatchDriver::MatchDriver(const Variant& variant, int players, std::uint64_t seed,
                         const MatchStart& start)
    : rules_(variant.match),
      teams_(variant.teams),
      scorer_(variant),
      seed_(seed),
      max_rounds_(std::min(start.max_rounds, kMaxMatchRounds)) {
  const DealRules& deal = variant.deal;
  if (players < 2 || players > kMaxSeats || players < deal.min_players ||
      players > deal.max_players)
    throw std::invalid_argument(
        "a match of " + variant.name + " needs " + std::to_string(deal.min_players) + " to " +
        std::to_string(deal.max_players) + " seats, not " + std::to_string(players));
  if (start.max_rounds < 1)
    throw std::invalid_argument("max_rounds " + std::to_string(start.max_rounds) +
                                ": a match plays at least 1 round (a value above " +
                                std::to_string(kMaxMatchRounds) + " counts as " +
                                std::to_string(kMaxMatchRounds) + ")");
  if (start.first_dealer < -1 || start.first_dealer >= players)
    throw std::invalid_argument("first_dealer " + std::to_string(start.first_dealer) +
                                " is not a seat of " + std::to_string(players) + " (0 to " +
                                std::to_string(players - 1) +
                                ", or -1 for the variant's match.first_dealer)");
  if (start.resume) {
    if (start.resume->players() != players || static_cast<int>(start.resume->out.size()) != players)
      throw std::invalid_argument("resume: standings of " +
                                  std::to_string(start.resume->players()) + " seats for " +
                                  std::to_string(players));
    if (start.resume->over) throw std::invalid_argument("resume: that match is over");
    standings_ = *start.resume;
  } else if (!start.start_totals.empty()) {
    if (static_cast<int>(start.start_totals.size()) != players)
      throw std::invalid_argument("start_totals has " + std::to_string(start.start_totals.size()) +
                                  " entries for " + std::to_string(players) + " seats");
    try {
      standings_ = standings_from_totals(rules_, start.start_totals);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::string("start_totals: ") + e.what());
    }
  } else {
    standings_ = Standings::start(players);
  }
  team_of_seat_ = teams_.team_of_seats(players);
  // Standings the match rules cannot reach (seats out below the limit, one seat left in
  // play...) would deal rounds that make no sense, or none.
  if (const std::string problem = check_standings(rules_, standings_, team_of_seat_);
      !problem.empty())
    throw std::invalid_argument(
        (start.resume ? std::string("resume")
                      : fmt::format("start_totals [{}]", fmt::join(standings_.totals, ", "))) +
        ": " + problem + " (under the match rules of " + variant.name + ")");
  // Refused before a round is played: the match would have stopped at its cap.
  if (start.resume && standings_.rounds >= max_rounds_)
    throw std::invalid_argument(
        fmt::format("resume: {} rounds played, and a match of at most {} rounds (max_rounds, or "
                    "kMaxMatchRounds) stops there: that match is over",
                    standings_.rounds, max_rounds_));
  // A dealer asked for by name must be able to deal; the variant's rule (a fixed seat, a cut)
  // passes the deal on from a seat that is out, as the dealer passes between rounds.
  if (start.first_dealer >= 0 && !standings_.is_in(start.first_dealer))
    throw std::invalid_argument(
        fmt::format("first_dealer {}: that seat is out of the match (its total is {}), so it "
                    "deals no more; name a seat still in, or -1 for the variant's "
                    "match.first_dealer",
                    start.first_dealer, standings_.totals[seat_index(start.first_dealer)]));
  dealer_ = start.first_dealer >= 0 ? start.first_dealer : first_dealer(variant, players, seed_);
  if (!standings_.is_in(dealer_)) dealer_ = next_dealer(standings_, dealer_);
}

RoundDeal MatchDriver::next_round() const {
  if (standings_.over) throw std::logic_error("the match is over");
  RoundDeal deal;
  deal.round = standings_.rounds;
  deal.seed = round_seed(seed_, deal.round);
  deal.dealer = dealer_;
  deal.seats = standings_.active_seats();
  deal.round_dealer = deal.round_seat(dealer_);
  return deal;
}

void MatchDriver::check_round(const RoundDeal& deal, const State& final_state,
                              const char* caller) const {
  // The scores are indexed by the deal's seats and the State's winner: a deal or a State that
  // is not this match's would index past them.
  std::vector<bool> seen(static_cast<std::size_t>(players()), false);
  for (const int seat : deal.seats) {
    if (seat < 0 || seat >= players() || seen[seat_index(seat)])
      throw std::invalid_argument(
          fmt::format("{}: the deal's seats [{}] are not distinct seats of this match of {}",
                      caller, fmt::join(deal.seats, ", "), players()));
    seen[seat_index(seat)] = true;
  }
  if (final_state.players() != deal.players())
    throw std::invalid_argument(fmt::format("{}: a State of {} seats for a round dealt to {}",
                                            caller, final_state.players(), deal.players()));
}

std::vector<int> MatchDriver::match_scores(const RoundDeal& deal, const State& final_state) const {
  check_round(deal, final_state, "match_scores");
  return scores_of(deal, final_state);
}

std::vector<int> MatchDriver::scores_of(const RoundDeal& deal, const State& final_state) const {
  const std::vector<int> by_round_seat = round_scores(scorer_, final_state);
  std::vector<int> scores(static_cast<std::size_t>(players()), 0);  // by match seat
  for (int r = 0; r < deal.players(); ++r)
    scores[seat_index(deal.seats[seat_index(r)])] = by_round_seat[seat_index(r)];
  const int winner = final_state.winner >= 0 ? deal.seats[seat_index(final_state.winner)] : -1;
  return round_points(teams_, rules_, std::move(scores), winner);
}

RoundRecord MatchDriver::finish_round(const RoundDeal& deal, const State& final_state) {
  if (!final_state.over()) throw std::logic_error("finish_round: the round is not over");
  if (standings_.over || deal.round != standings_.rounds)
    throw std::logic_error("finish_round: round " + std::to_string(deal.round + 1) +
                           " is not the next round of this match");
  // Only the deal next_round() gives is scored: another dealer, seed or seating would go into
  // the record and the standings as if the match had dealt it.
  const RoundDeal expected = next_round();
  if (deal.seed != expected.seed || deal.dealer != expected.dealer ||
      deal.round_dealer != expected.round_dealer || deal.seats != expected.seats)
    throw std::invalid_argument(fmt::format(
        "finish_round: round {} of this match is dealt by seat {} (round seat {}) to seats [{}] "
        "from seed {}, not by seat {} (round seat {}) to seats [{}] from seed {}",
        deal.round + 1, expected.dealer, expected.round_dealer, fmt::join(expected.seats, ", "),
        expected.seed, deal.dealer, deal.round_dealer, fmt::join(deal.seats, ", "), deal.seed));
  check_round(deal, final_state, "finish_round");
  if (final_state.dealer != deal.round_dealer)
    throw std::invalid_argument(
        fmt::format("finish_round: the State was dealt by round seat {}, not by the deal's {}",
                    final_state.dealer, deal.round_dealer));
  RoundRecord rec;
  rec.round = deal.round;
  rec.seed = deal.seed;
  rec.dealer = deal.dealer;
  rec.seats = deal.seats;
  rec.scores = scores_of(deal, final_state);
  rec.stalemate = final_state.stalemate;
  rec.winner = final_state.winner >= 0 ? deal.seats[seat_index(final_state.winner)] : -1;
  rec.decisions = static_cast<int>(final_state.decisions);

  standings_ = after_round(rules_, standings_, rec.scores, rec.winner, team_of_seat_);
  if (!standings_.over && standings_.rounds >= max_rounds_) {
    standings_ = end_match_now(rules_, standings_);
    stopped_at_round_limit_ = true;
  }
  if (!standings_.over) dealer_ = next_dealer(standings_, dealer_);
  return rec;
}

void MatchDriver::end_now() {
  standings_ = end_match_now(rules_, standings_);
}

}  // namespace switchcards
