// Match standings: totals, end conditions, tie rule, dealer rotation (see standings.hpp).
#include "switchcards/engine/standings.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "engine/seat_index.hpp"
#include "switchcards/core/deck.hpp"
#include "switchcards/core/pile.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/scoring.hpp"

namespace switchcards {

namespace {

using detail::seat_index;

// The worst / best of `seats` under the tie rule; -1 for no seats.
int worst_of(const MatchRules& rules, const Standings& s, const std::vector<int>& seats) {
  return seats.empty() ? -1 : rank_seats(rules, s, seats).back();
}
int best_of(const MatchRules& rules, const Standings& s, const std::vector<int>& seats) {
  return seats.empty() ? -1 : rank_seats(rules, s, seats).front();
}

std::vector<int> seats_where(const Standings& s, auto&& pred) {
  std::vector<int> out;
  for (int seat = 0; seat < s.players(); ++seat)
    if (pred(seat)) out.push_back(seat);
  return out;
}

// How many teams `seats` come from (every seat its own team when `teams` is empty).
std::size_t teams_among(const std::vector<int>& seats, std::span<const int> teams) {
  if (teams.empty()) return seats.size();
  std::vector<int> seen;
  for (int seat : seats)
    if (std::find(seen.begin(), seen.end(), teams[seat_index(seat)]) == seen.end())
      seen.push_back(teams[seat_index(seat)]);
  return seen.size();
}

bool within(int value, int bound) {
  return value >= -bound && value <= bound;
}

std::string range_text(int bound) {
  return "-" + std::to_string(bound) + " to " + std::to_string(bound);
}

std::string_view kind_name(MatchKind kind) {
  switch (kind) {
    case MatchKind::single_round:
      return "single_round";
    case MatchKind::fixed_rounds:
      return "fixed_rounds";
    case MatchKind::elimination:
      return "elimination";
    case MatchKind::threshold:
      return "threshold";
    case MatchKind::first_to:
      return "first_to";
  }
  return "?";
}

std::string seat_list(const std::vector<int>& seats) {
  std::string out;
  for (int seat : seats) out += (out.empty() ? "" : ", ") + std::to_string(seat);
  return out;
}

}  // namespace

// Room for one round on top of any total, and for every score a round can give.
static_assert(kMaxMatchTotal <= std::numeric_limits<int>::max() - kMaxRoundScore);
static_assert(kMaxRoundScore >= kMaxSeats * kMaxHandScore);
static_assert(std::int64_t{kMaxMatchRounds} * kMaxRoundScore <= kMaxMatchTotal);

Standings Standings::start(int players) {
  if (players < 1) throw std::invalid_argument("a match needs at least one seat");
  Standings s;
  s.totals.assign(seat_index(players), 0);
  s.out.assign(seat_index(players), false);
  s.last_round.assign(seat_index(players), 0);
  return s;
}

std::vector<int> Standings::active_seats() const {
  return seats_where(*this, [&](int seat) { return is_in(seat); });
}

bool ranks_before(const MatchRules& rules, const Standings& s, int a, int b) {
  if (a == b) return false;
  // Points: lower first, or under first_to (points won) higher first.
  const auto better = [&](int x, int y) { return rules.higher_wins() ? x > y : x < y; };
  if (s.totals[seat_index(a)] != s.totals[seat_index(b)])
    return better(s.totals[seat_index(a)], s.totals[seat_index(b)]);
  if (s.last_round[seat_index(a)] != s.last_round[seat_index(b)])
    return better(s.last_round[seat_index(a)], s.last_round[seat_index(b)]);
  if (a == s.last_round_winner || b == s.last_round_winner) return a == s.last_round_winner;
  return a < b;
}

std::vector<int> rank_seats(const MatchRules& rules, const Standings& s, std::vector<int> seats) {
  std::sort(seats.begin(), seats.end(), [&](int a, int b) { return ranks_before(rules, s, a, b); });
  return seats;
}

Standings standings_from_totals(const MatchRules& rules, std::vector<int> totals) {
  if (totals.empty() || totals.size() > static_cast<std::size_t>(kMaxSeats))
    throw std::invalid_argument("start totals for " + std::to_string(totals.size()) +
                                " seats (1 to " + std::to_string(kMaxSeats) + ")");
  for (std::size_t seat = 0; seat < totals.size(); ++seat)
    if (!within(totals[seat], kMaxMatchTotal))
      throw std::invalid_argument("the start total of seat " + std::to_string(seat) + ", " +
                                  std::to_string(totals[seat]) + ", is outside " +
                                  range_text(kMaxMatchTotal));
  Standings s = Standings::start(static_cast<int>(totals.size()));
  s.totals = std::move(totals);
  if (rules.end == MatchKind::elimination || rules.end == MatchKind::threshold) {
    const auto at_limit =
        seats_where(s, [&](int seat) { return s.totals[seat_index(seat)] >= rules.limit; });
    if (!at_limit.empty()) s.first_at_limit = worst_of(rules, s, at_limit);
    if (rules.end == MatchKind::elimination)
      for (int seat : at_limit) s.out[seat_index(seat)] = true;
  }
  if (rules.end == MatchKind::threshold && rules.hard_limit > 0) {
    const auto at_hard =
        seats_where(s, [&](int seat) { return s.totals[seat_index(seat)] >= rules.hard_limit; });
    if (!at_hard.empty()) s.first_at_hard_limit = worst_of(rules, s, at_hard);
  }
  return s;
}

std::string check_standings(const MatchRules& rules, const Standings& s,
                            std::span<const int> teams) {
  const int n = s.players();
  const std::string players = std::to_string(n);
  if (n < 1 || n > kMaxSeats)
    return "standings of " + players + " seats (1 to " + std::to_string(kMaxSeats) + ")";
  if (s.out.size() != s.totals.size() || s.last_round.size() != s.totals.size())
    return "out and last_round need one entry per seat (" + players + ")";
  if (!teams.empty() && teams.size() != s.totals.size())
    return "teams for " + std::to_string(teams.size()) + " seats, standings of " + players;
  for (int seat = 0; seat < n; ++seat) {
    if (!within(s.totals[seat_index(seat)], kMaxMatchTotal))
      return "the total of seat " + std::to_string(seat) + ", " +
             std::to_string(s.totals[seat_index(seat)]) + ", is outside " +
             range_text(kMaxMatchTotal);
    if (!within(s.last_round[seat_index(seat)], kMaxRoundScore))
      return "the latest round's score of seat " + std::to_string(seat) + ", " +
             std::to_string(s.last_round[seat_index(seat)]) + ", is outside " +
             range_text(kMaxRoundScore);
  }
  // Every player of a team gets the team's score (variant-format.md, teams), so partners carry
  // one total and scored the same in the latest round.
  for (int seat = 0; seat < static_cast<int>(teams.size()); ++seat)
    for (int other = 0; other < seat; ++other)
      if (teams[seat_index(seat)] == teams[seat_index(other)])
        for (const auto& [what, values] :
             {std::pair<const char*, const std::vector<int>*>{"total", &s.totals},
              {"latest round's score", &s.last_round}})
          if ((*values)[seat_index(seat)] != (*values)[seat_index(other)])
            return "seats " + std::to_string(other) + " and " + std::to_string(seat) +
                   " are partners, but their " + what + "s differ (" +
                   std::to_string((*values)[seat_index(other)]) + " and " +
                   std::to_string((*values)[seat_index(seat)]) + "): partners carry their team's " +
                   what;
  if (s.rounds < 0 || s.rounds > kMaxMatchRounds)
    return "rounds " + std::to_string(s.rounds) + " is outside 0 to " +
           std::to_string(kMaxMatchRounds);
  for (const auto& [name, seat] :
       {std::pair<const char*, int>{"last_round_winner", s.last_round_winner},
        {"winner", s.winner},
        {"loser", s.loser},
        {"first_at_limit", s.first_at_limit},
        {"first_at_hard_limit", s.first_at_hard_limit}})
    if (seat < -1 || seat >= n)
      return std::string(name) + " " + std::to_string(seat) + " is not a seat of " + players +
             " (or -1 for none)";
  // The round's winner emptied its hand, which scores 0 (scoring.md); with partnerships its
  // team may score its partners' hands (teams: score: each_hand), so only without teams.
  // Under first_to it is the winner alone who scores (the others' hands), with its partners.
  if (rules.end == MatchKind::first_to) {
    const int w = s.last_round_winner;
    const auto takes = [&](int seat) {
      return w >= 0 &&
             (seat == w || (!teams.empty() && teams[seat_index(seat)] == teams[seat_index(w)]));
    };
    for (int seat = 0; seat < n; ++seat)
      if (!takes(seat) && s.last_round[seat_index(seat)] != 0)
        return "seat " + std::to_string(seat) + "'s latest round's score is " +
               std::to_string(s.last_round[seat_index(seat)]) +
               ", but under first_to only the round's winner scores (" +
               (w >= 0 ? "seat " + std::to_string(w) + (teams.empty() ? "" : ", with its partners")
                       : std::string("none: nobody scores a stalemate")) +
               ")";
  } else if (teams.empty() && s.last_round_winner >= 0 &&
             s.last_round[seat_index(s.last_round_winner)] != 0) {
    return "last_round_winner is seat " + std::to_string(s.last_round_winner) +
           ", but its latest round's score is " +
           std::to_string(s.last_round[seat_index(s.last_round_winner)]) +
           ": a round's winner emptied its hand and scores 0";
  }
  if (s.over && (s.winner < 0 || s.loser < 0))
    return "a match that is over has a winner and a loser";
  if (!s.over && (s.winner >= 0 || s.loser >= 0))
    return "a match that is not over has no winner or loser";
  if (s.rounds == 0 &&
      (s.last_round_winner >= 0 ||
       std::any_of(s.last_round.begin(), s.last_round.end(), [](int score) { return score != 0; })))
    return "no round has been played, yet last_round or last_round_winner tell of one";

  const std::string kind(kind_name(rules.end));
  const bool elimination = rules.end == MatchKind::elimination;
  const bool threshold = rules.end == MatchKind::threshold;
  const std::string limit = std::to_string(rules.limit);
  if (!elimination) {
    const std::vector<int> out = seats_where(s, [&](int seat) { return !s.is_in(seat); });
    if (!out.empty())
      return "seat " + std::to_string(out.front()) + " is out, but a " + kind +
             " match eliminates nobody";
  }
  if (!elimination && !threshold && s.first_at_limit >= 0)
    return "first_at_limit is seat " + std::to_string(s.first_at_limit) + ", but a " + kind +
           (rules.end == MatchKind::first_to ? " match records no first seat at its target"
                                             : " match has no limit");
  if (!(threshold && rules.hard_limit > 0) && s.first_at_hard_limit >= 0)
    return "first_at_hard_limit is seat " + std::to_string(s.first_at_hard_limit) +
           ", but these match rules have no hard limit";
  if (elimination) {
    // A seat is out from the round its total reaches the limit, and sits out (scoring
    // nothing) from then on.
    for (int seat = 0; seat < n; ++seat) {
      const int total = s.totals[seat_index(seat)];
      if (s.is_in(seat) && total >= rules.limit)
        return "seat " + std::to_string(seat) + " is in play with " + std::to_string(total) +
               " points, at or past the elimination limit " + limit;
      if (!s.is_in(seat) && total < rules.limit)
        return "seat " + std::to_string(seat) + " is out with " + std::to_string(total) +
               " points, below the elimination limit " + limit;
    }
    // The winner of the latest round played it and kept its total, which was below the limit.
    if (s.last_round_winner >= 0 && !s.is_in(s.last_round_winner))
      return "last_round_winner is seat " + std::to_string(s.last_round_winner) +
             ", which is out: a seat that sits a round out does not win it";
    if (s.first_at_limit >= 0 && s.totals[seat_index(s.first_at_limit)] < rules.limit)
      return "first_at_limit is seat " + std::to_string(s.first_at_limit) + ", whose " +
             std::to_string(s.totals[seat_index(s.first_at_limit)]) +
             " points are below the limit " + limit;
  }
  if (elimination || threshold) {
    const std::vector<int> at_limit =
        seats_where(s, [&](int seat) { return s.totals[seat_index(seat)] >= rules.limit; });
    if (!at_limit.empty() && s.first_at_limit < 0)
      return "seat " + std::to_string(at_limit.front()) + " has " +
             std::to_string(s.totals[seat_index(at_limit.front())]) +
             " points, at or past the limit " + limit + ", but first_at_limit is none";
  }
  if (threshold && rules.hard_limit > 0) {
    const std::vector<int> at_hard =
        seats_where(s, [&](int seat) { return s.totals[seat_index(seat)] >= rules.hard_limit; });
    if (!at_hard.empty() && s.first_at_hard_limit < 0)
      return "seat " + std::to_string(at_hard.front()) + " has " +
             std::to_string(s.totals[seat_index(at_hard.front())]) +
             " points, at or past the hard limit " + std::to_string(rules.hard_limit) +
             ", but first_at_hard_limit is none";
  }
  if (s.over) return "";  // end_match_now ends a match anywhere

  const std::vector<int> in = s.active_seats();
  if (in.size() < 2)
    return (in.empty() ? std::string("no seat is") : "only seat " + seat_list(in) + " is") +
           " in play, but the match is not over: a round needs two players";
  switch (rules.end) {
    case MatchKind::single_round:
      if (s.rounds > 0) return "a single_round match has played its round, but it is not over";
      break;
    case MatchKind::fixed_rounds:
      if (s.rounds >= std::max(1, rules.rounds))
        return std::to_string(s.rounds) + " rounds played of a match of " +
               std::to_string(std::max(1, rules.rounds)) + ", but it is not over";
      break;
    case MatchKind::elimination:
      // Start totals too: partners carry one total, so a round between them decides nothing.
      if (teams_among(in, teams) <= 1)
        return "only seats " + seat_list(in) +
               " of one team are in play, but the match is not over: a round needs two teams";
      break;
    case MatchKind::first_to:
      if (s.rounds > 0)
        for (int seat : in)
          if (s.totals[seat_index(seat)] >= rules.limit)
            return "seat " + std::to_string(seat) + " has " +
                   std::to_string(s.totals[seat_index(seat)]) + " points, at or past the target " +
                   limit + ", after a round, but the match is not over";
      break;
    case MatchKind::threshold:
      if (s.rounds > 0) {
        const std::vector<int> below =
            seats_where(s, [&](int seat) { return s.totals[seat_index(seat)] < rules.limit; });
        if (teams_among(below, teams) <= 1)
          return (below.empty() ? std::string("no seat is")
                                : "only seat" + std::string(below.size() > 1 ? "s " : " ") +
                                      seat_list(below) + (below.size() > 1 ? " are" : " is")) +
                 " below the limit " + limit + " after a round, but the match is not over";
      }
      break;
  }
  return "";
}

Standings after_round(const MatchRules& rules, Standings s, std::span<const int> round_scores,
                      int round_winner, std::span<const int> teams) {
  if (s.over) throw std::logic_error("after_round: the match is already over");
  if (!teams.empty() && static_cast<int>(teams.size()) != s.players())
    throw std::invalid_argument("after_round: teams for " + std::to_string(teams.size()) +
                                " seats, standings of " + std::to_string(s.players()));
  if (static_cast<int>(round_scores.size()) != s.players())
    throw std::invalid_argument("after_round: " + std::to_string(round_scores.size()) +
                                " scores for " + std::to_string(s.players()) + " seats");
  for (int seat = 0; seat < s.players(); ++seat)
    if (!within(round_scores[seat_index(seat)], kMaxRoundScore))
      throw std::invalid_argument("after_round: seat " + std::to_string(seat) + "'s score " +
                                  std::to_string(round_scores[seat_index(seat)]) + " is outside " +
                                  range_text(kMaxRoundScore));
  if (s.rounds >= kMaxMatchRounds)
    throw std::overflow_error("after_round: a match of more than " +
                              std::to_string(kMaxMatchRounds) + " rounds");
  const std::vector<int> before = s.totals;
  for (int seat = 0; seat < s.players(); ++seat) {
    const int score = s.is_in(seat) ? round_scores[seat_index(seat)] : 0;
    // In 64 bits: standings built by hand may hold any int.
    const std::int64_t total = std::int64_t{before[seat_index(seat)]} + score;
    if (total < -kMaxMatchTotal || total > kMaxMatchTotal)
      throw std::overflow_error("after_round: seat " + std::to_string(seat) + "'s total " +
                                std::to_string(before[seat_index(seat)]) + " + " +
                                std::to_string(score) + " = " + std::to_string(total) +
                                " is outside " + range_text(kMaxMatchTotal) +
                                ", the range of a match's totals");
    s.last_round[seat_index(seat)] = score;
    s.totals[seat_index(seat)] = static_cast<int>(total);
  }
  ++s.rounds;
  s.last_round_winner = (round_winner >= 0 && round_winner < s.players() && s.is_in(round_winner))
                            ? round_winner
                            : -1;
  // The seats that played this round (all of them if a resumed match had everyone out).
  std::vector<int> in = s.active_seats();
  if (in.empty()) in = seats_where(s, [](int) { return true; });
  // Seats that went from below `threshold` to at or over it in this round.
  auto crossed = [&](int threshold) {
    return seats_where(s, [&](int seat) {
      return !s.out[seat_index(seat)] && before[seat_index(seat)] < threshold &&
             s.totals[seat_index(seat)] >= threshold;
    });
  };

  switch (rules.end) {
    case MatchKind::single_round: {
      // Judged by the round alone (docs/scoring.md), not by totals that start totals may have
      // set apart: the round winner wins; the highest round score loses. After a stalemate the
      // lowest round score wins. Equal round scores: the tie rule.
      std::vector<int> by_round = rank_seats(rules, s, in);
      std::stable_sort(by_round.begin(), by_round.end(), [&](int a, int b) {
        return s.last_round[seat_index(a)] < s.last_round[seat_index(b)];
      });
      s.over = true;
      s.winner = s.last_round_winner >= 0 ? s.last_round_winner : by_round.front();
      s.loser = by_round.back();
      if (s.loser == s.winner && by_round.size() > 1) s.loser = by_round[by_round.size() - 2];
      break;
    }

    case MatchKind::fixed_rounds:
      if (s.rounds >= std::max(1, rules.rounds)) {
        s.over = true;
        s.winner = best_of(rules, s, in);
        s.loser = worst_of(rules, s, in);
      }
      break;

    case MatchKind::first_to: {
      // Only the round's winner scores, so at most it reaches the target in a round; start
      // totals may have put others there before.
      const std::vector<int> reached =
          seats_where(s, [&](int seat) { return s.totals[seat_index(seat)] >= rules.limit; });
      if (!reached.empty()) {
        s.over = true;
        s.winner = best_of(rules, s, reached);
        s.loser = worst_of(rules, s, in);
      }
      break;
    }

    case MatchKind::elimination: {
      const std::vector<int> newly = crossed(rules.limit);
      if (!newly.empty() && s.first_at_limit < 0) s.first_at_limit = worst_of(rules, s, newly);
      for (int seat : newly) s.out[seat_index(seat)] = true;
      const std::vector<int> still_in = s.active_seats();
      if (teams_among(still_in, teams) <= 1) {
        s.over = true;
        // Nobody left under the cap: the last seats standing went out together.
        s.winner = !still_in.empty() ? best_of(rules, s, still_in)
                                     : best_of(rules, s, newly.empty() ? in : newly);
        s.loser = s.first_at_limit >= 0 ? s.first_at_limit : worst_of(rules, s, in);
      }
      break;
    }

    case MatchKind::threshold: {
      const std::vector<int> newly = crossed(rules.limit);
      if (!newly.empty() && s.first_at_limit < 0) s.first_at_limit = worst_of(rules, s, newly);
      if (rules.hard_limit > 0) {
        const std::vector<int> newly_hard = crossed(rules.hard_limit);
        if (!newly_hard.empty() && s.first_at_hard_limit < 0)
          s.first_at_hard_limit = worst_of(rules, s, newly_hard);
      }
      const std::vector<int> below =
          seats_where(s, [&](int seat) { return s.totals[seat_index(seat)] < rules.limit; });
      if (teams_among(below, teams) <= 1) {
        s.over = true;
        s.winner = !below.empty() ? best_of(rules, s, below)
                                  : best_of(rules, s, newly.empty() ? in : newly);
        s.loser = s.first_at_hard_limit >= 0 ? s.first_at_hard_limit
                  : s.first_at_limit >= 0    ? s.first_at_limit
                                             : worst_of(rules, s, in);
      }
      break;
    }
  }
  return s;
}

Standings end_match_now(const MatchRules& rules, Standings s) {
  if (s.over) return s;
  std::vector<int> candidates = s.active_seats();
  if (rules.end == MatchKind::threshold) {
    const auto below =
        seats_where(s, [&](int seat) { return s.totals[seat_index(seat)] < rules.limit; });
    if (!below.empty()) candidates = below;
  }
  if (candidates.empty()) candidates = seats_where(s, [](int) { return true; });
  s.over = true;
  s.winner = best_of(rules, s, candidates);
  s.loser = s.first_at_hard_limit >= 0 ? s.first_at_hard_limit
            : s.first_at_limit >= 0    ? s.first_at_limit
                                       : worst_of(rules, s, candidates);
  return s;
}

std::uint64_t round_seed(std::uint64_t match_seed, int round) {
  return derive_seed(match_seed, static_cast<std::uint64_t>(round));
}

Cut cut_for_dealer(const Variant& variant, int players, std::uint64_t match_seed) {
  if (players < 1 || players > kMaxSeats)
    throw std::invalid_argument("cannot cut for " + std::to_string(players) + " players");
  return cut_for_dealer(build_deck(variant.deck_for(players)), players, match_seed);
}

namespace {

// Shuffles the top `players` cards of `deck` into place (shuffle_top) and returns the seat that
// cut the lowest; seat k takes the k-th card from the top. No list of the cards is built: the
// first round of every simulated game cuts, and only its dealer is wanted.
int cut_lowest(Pile& deck, int players, std::uint64_t match_seed) {
  if (players < 1 || players > kMaxSeats)
    throw std::invalid_argument("cannot cut for " + std::to_string(players) + " players");
  if (deck.size() < players)
    throw std::invalid_argument("a deck of " + std::to_string(deck.size()) +
                                " cards cannot be cut by " + std::to_string(players) + " players");
  Pcg32 rng(derive_seed(match_seed, kCutStream));
  // Only the top `players` cards are taken: the first steps of the shuffle settle them.
  shuffle_top(deck.cards(), static_cast<std::size_t>(players), rng);
  auto cut_rank = [](Card c) { return c.is_joker() ? 14 : static_cast<int>(c.rank()) + 1; };
  const int top = deck.size() - 1;
  int dealer = 0;
  for (int seat = 1; seat < players; ++seat)
    if (cut_rank(deck[top - seat]) < cut_rank(deck[top - dealer])) dealer = seat;
  return dealer;
}

}  // namespace

Cut cut_for_dealer(Pile deck, int players, std::uint64_t match_seed) {
  Cut cut;
  cut.dealer = cut_lowest(deck, players, match_seed);
  cut.cards.reserve(static_cast<std::size_t>(players));
  for (int seat = 0; seat < players; ++seat) cut.cards.push_back(deck.pop());
  return cut;
}

int first_dealer(const Variant& variant, int players, std::uint64_t match_seed) {
  if (variant.match.first_dealer == FirstDealer::lowest_cut)
    return cut_for_dealer(variant, players, match_seed).dealer;
  return 0;
}

int first_dealer(const Variant& variant, const Pile& deck, int players, std::uint64_t match_seed) {
  if (variant.match.first_dealer != FirstDealer::lowest_cut) return 0;
  Pile shuffled = deck;
  return cut_lowest(shuffled, players, match_seed);
}

int next_dealer(const Standings& s, int dealer) {
  const int n = s.players();
  for (int k = 1; k <= n; ++k) {
    const int seat = (dealer + k) % n;
    if (s.is_in(seat)) return seat;
  }
  return dealer;
}

}  // namespace switchcards
