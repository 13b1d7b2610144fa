// The HeuristicAgent's ratings. The weights are small integers chosen by hand and checked by
// simulation (see docs/cli.md): they order the kinds of play, they are not probabilities.
#include "switchcards/agents/heuristic_agent.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "switchcards/agents/greedy_agent.hpp"
#include "switchcards/agents/hand_value.hpp"

namespace switchcards {

namespace {

// Weights, in rating points.
constexpr double kWin = 1e6;            // the play empties the hand
constexpr double kAnswer = 100;         // answering a pending penalty instead of taking it
constexpr double kStackOverCancel = 5;  // passing a penalty on beats cancelling it
constexpr double kIdentical = 30;       // others draw and we play again
// Starting a draw penalty is neutral: the 2 is worth more kept for chaining (answering a 2
// with a 2). Measured over 20,000 rounds against greedy bots: a bonus of 8 for attacking cost
// 1 point of win rate in British and 5 in mobile-app, where it also left 17% of all-heuristic
// rounds in stalemate (every hand full of wilds and twos passing penalties round the table).
constexpr double kAttack = 0;
constexpr double kAttackNearOut = 25;  // a draw penalty on a seat close to going out
constexpr double kMoveNearOut = 25;    // skip / reverse / back when the next seat is close
constexpr double kSaveMove = -6;       // otherwise keep skips and reverses for later
// A reverse or go-back that hands the turn to a seat close to going out.
constexpr double kHelpsNearOut = -15;
constexpr double kDemandNearOut = 10;  // a demand (Balkan J) against a seat close to going out
constexpr double kSaveWild = -10;      // keep wilds while the hand is long
constexpr double kKeepDefence = -20;   // keep the card that cancels an attack (red J)
constexpr double kPerSuitCard = 3;     // per card left in the suit the play leaves in force
constexpr double kPerPointShed = 0.1;  // per penalty point the play sheds
// A play that leaves a single card which may not go out (round.no_finish): the hand is stuck
// until it draws, or pays for going out.
constexpr double kStuckOnLast = -40;
constexpr double kPerCardSwapped = 8;  // per card fewer in the hand a swap takes
// Under play.several: per card the hand could lay after this one in the same turn. Negative:
// the cards that go together (a set, a run) are kept for a later turn, where they may empty the
// hand in one go, and a lone card is played first. Measured against three greedy bots over
// 20,000 rounds (seed 7, the heuristic at seat 1): british-runs 22.6% wins at +10, 27.0% at
// -40; british-several-of-a-rank 23.8% and 28.4% (0: 23.9% and 25.4%; greedy itself 24.6%
// from seat 0). Once a turn has begun it lays on all the same (choose).
constexpr double kPerFollowOn = -40;

// Under play.several: how many cards of `hand` could follow `card` in this turn, found
// greedily: the other cards of its rank, or the longer run from it in its suit, up or down as
// the variant lets a run go. Jokers that may stand in a run (play.runs.jokers) are not
// counted: counted as the gaps' fillers they made the bot hold back more, and it won less in
// british-runs-jokers against three greedy bots (200,000 rounds, seed 7, seat 1: 27.7% ->
// 27.3%; passing instead of laying a joker mid-turn with more than three cards: 27.0%).
int follow_ons(const PlayRules& play, const Hand& hand, Card card) {
  if (card.is_joker()) return 0;
  int best = 0;
  if (play.same_rank()) {
    const CardMask others = hand.kinds() & CardMask::of_rank(card.rank());
    for (CardMask m = others; !m.empty();) best += hand.count(m.pop_first());
  }
  if (play.runs()) {
    for (const int step : {1, -1}) {
      if ((step > 0 && play.run_direction == RunDirection::descending) ||
          (step < 0 && play.run_direction == RunDirection::ascending))
        continue;
      Rank rank = card.rank(), from = Rank::joker;
      int run = 0;
      while (run < kRankCount - 1) {
        const Rank next = play.run_step(rank, step, from);
        if (next == Rank::joker || !hand.contains(Card(next, card.suit()))) break;
        from = rank;
        rank = next;
        ++run;
      }
      best = std::max(best, run);
    }
  }
  return best;
}

// The other seat holding the fewest cards (the first of equals, in seat order), partners
// (variant `teams:`) left out: taking a partner's small hand helps nobody.
int smallest_other(const PlayerView& view) {
  const TeamRules& teams = view.variant().teams;
  int best = -1;
  for (int k = 0; k < view.players(); ++k)
    if (k != view.seat() && !teams.partners(view.players(), view.seat(), k) &&
        (best < 0 || view.hand_size(k) < view.hand_size(best)))
      best = k;
  return best;
}
constexpr int kCloseToOut = 2;  // a hand of this many cards or fewer is close to out
constexpr int kEndgame = 3;     // with this many cards or fewer, keep nothing back

}  // namespace

// What every play of one decision shares, worked out once per decision.
struct HeuristicAgent::Context {
  const VariantNotes* variant = nullptr;
  const HandScorer* scorer = nullptr;
  int score_now = 0;  // the hand's penalty points before the play
  int total_now = 0;  // the sum of its card values (only for a scorer that sums them)
  std::array<int, kSuitCount> lengths{};  // the hand's suit lengths, wilds left out
  bool endgame = false;                   // the hand is short enough to keep nothing back
  bool next_close = false;                // the next seat is close to going out
  bool previous_close = false;            // so is the previous one
  bool answering = false;                 // a draw penalty is pending: a play answers it
};

const HeuristicAgent::VariantNotes& HeuristicAgent::notes(const Engine& engine) {
  if (notes_.engine == engine.id()) return notes_;
  const Variant& variant = engine.variant();
  VariantNotes n;
  n.engine = engine.id();
  for (const Effect& e : variant.specials) {
    if (e.wild) n.wild |= e.cards.cards;
    if (e.is_attack()) n.defence |= e.cancel.cards;
  }
  n.no_finish = variant.round.no_finish.cards.cards;
  n.finish_on_suit = variant.round.no_finish.unless == NoFinishUnless::follows_suit;
  n.several = variant.play.several_cards();
  notes_ = n;
  return notes_;
}

// Inlined into choose, its caller on the decision path: left to the compiler, the choice
// flipped with unrelated edits of choose, 10 instructions a decision either way.
SWITCHCARDS_ALWAYS_INLINE HeuristicAgent::Context HeuristicAgent::context(const PlayerView& view) {
  Context c;
  c.variant = &notes(view.engine());
  c.scorer = &scorer_.get(view.engine());
  if (c.scorer->sums_values()) {
    c.total_now = c.scorer->total(view.hand());
    c.score_now = HandScorer::summed_score(c.total_now);
  } else {
    c.score_now = c.scorer->score(view.hand());
  }
  c.lengths = detail::suit_lengths(view.hand(), c.variant->wild);
  c.endgame = view.hand().size() <= kEndgame;
  const Seats& seats = view.seats();
  c.next_close = view.hand_size(seats.next(view.seat())) <= kCloseToOut;
  c.previous_close = view.hand_size(seats.previous(view.seat())) <= kCloseToOut;
  c.answering = view.penalty_pending();
  return c;
}

double HeuristicAgent::rate_play(const PlayerView& view, Action play) {
  return rate_play(view, play, context(view));
}

double HeuristicAgent::rate_play(const PlayerView& view, Action play, const Context& shared) {
  const Hand& hand = view.hand();
  const Card card = play.card();
  if (hand.size() == 1) return kWin;
  const int left = hand.size() - 1;  // cards held after the play
  // The hand after the play, built only by the ratings that need more than its size.
  const auto after = [&] {
    Hand h = hand;
    h.remove(card);
    return h;
  };

  const Variant& variant = view.variant();
  const Effect* e = view.engine().effect_of(card);
  const bool endgame = shared.endgame, next_close = shared.next_close,
             previous_close = shared.previous_close, answering = shared.answering;

  double rating = 0;
  if (answering) {
    rating += kAnswer;
    if (e && e->is_attack()) rating += kStackOverCancel;
  } else if (variant.identical.enabled && card == view.top()) {
    rating += kIdentical;
  }
  if (e) {
    if (e->draw > 0 && !answering) rating += next_close ? kAttackNearOut : kAttack;
    const bool turns_back = (e->reverse && view.players() > 2) || e->back;
    if (turns_back) {
      // The turn goes to the previous seat instead of the next one.
      if (previous_close)
        rating += kHelpsNearOut;
      else
        rating += next_close ? kMoveNearOut : kSaveMove;
    } else if (e->skip > 0 || e->reverse) {
      rating += next_close ? kMoveNearOut : kSaveMove;
    }
    if (!e->demand.cards.empty() && next_close) rating += kDemandNearOut;
    if ((e->wild || e->names_suit) && !endgame) rating += kSaveWild;
  }
  if (shared.variant->defence.contains(card) && !endgame && !answering) rating += kKeepDefence;
  if (left == 1) {
    const CardMask last = after().kinds();
    if ((last - shared.variant->no_finish).empty()) {
      // Under unless: follows_suit the last card still goes out on its own suit, so the hand is
      // stuck only if this play puts another suit in force (it was always rated stuck, and a
      // variant with every card in no_finish stalled at every turn limit).
      const Suit in_force = play.named_suit() != Suit::none ? play.named_suit() : card.suit();
      if (!(shared.variant->finish_on_suit && last.first().suit() == in_force))
        rating += kStuckOnLast;
    }
  }
  // A swap is worth the cards it sheds: the chosen hand's size against the one given away.
  if (const int target = play.swap_target(); target >= 0)
    rating += kPerCardSwapped * (left - view.hand_size(target));
  if (shared.variant->several) [[unlikely]]
    rating += kPerFollowOn * follow_ons(variant.play, after(), card);

  // Switch suit by rank towards the suit we are long in: count what is left of the suit the
  // play puts in force (the named suit for a wild).
  const auto lengths = detail::suit_lengths_after(shared.lengths, card, shared.variant->wild);
  const Suit in_force = play.named_suit() != Suit::none ? play.named_suit() : card.suit();
  if (in_force != Suit::none) rating += kPerSuitCard * lengths[static_cast<int>(in_force)];
  // The penalty points the play sheds (detail::shedding_gain, with the hand's score known).
  const int score_after =
      shared.scorer->sums_values()
          ? HandScorer::summed_score(shared.total_now - shared.scorer->card_value(card))
          : shared.scorer->score(after());
  rating += kPerPointShed * (shared.score_now - score_after);
  return rating;
}

bool HeuristicAgent::catches(const PlayerView& view, int target) const {
  return !view.variant().teams.partners(view.players(), view.seat(), target);
}

// Inlined: choose ends with it.
SWITCHCARDS_ALWAYS_INLINE Action HeuristicAgent::with_call(const PlayerView& view,
                                                           const Action& play) {
  if (view.call_due()) {
    const bool forgets = forget_ > 0.0 && rng_.unit() < forget_;
    return play.with_last(!forgets);
  }
  return play;
}

std::optional<Action> HeuristicAgent::jumps_in(const PlayerView& view,
                                               std::span<const Action> jumps) {
  const TeamRules& teams = view.variant().teams;
  int partners = 0, opponents = 0;
  for (int seat = view.turn(); seat != view.seat(); seat = view.seats().next(seat))
    ++(teams.partners(view.players(), view.seat(), seat) ? partners : opponents);
  if (partners > opponents) return std::nullopt;
  // Mostly one card jumps in, with neither a suit to name nor a seat to swap with: a choice of
  // one needs no rating (choose would take it too).
  if (jumps.size() == 1 && jumps[0].named_suit() == Suit::none && jumps[0].swap_target() < 0)
    return with_call(view, jumps[0]);
  return choose(view, jumps);  // jumps are plays only: it picks the best of them
}

// The name of the rank held most (the first of equals), which its holder can then play while
// the demand goes round. Out of line: choose's loop over plays is its hot path.
SWITCHCARDS_NOINLINE Action HeuristicAgent::rank_held_most(const PlayerView& view,
                                                           std::span<const Action> legal) {
  const Action* naming = &legal.front();
  int naming_held = -1;
  for (const Action& a : legal) {
    int held = 0;
    view.hand().for_each([&](Card c) { held += !c.is_joker() && c.rank() == a.named_rank(); });
    if (held > naming_held) {
      naming = &a;
      naming_held = held;
    }
  }
  return *naming;
}

Action HeuristicAgent::choose(const PlayerView& view, std::span<const Action> legal) {
  const Action* best = nullptr;
  double best_rating = kDecline;
  const Action* decline = nullptr;
  std::optional<Context> shared;  // worked out at the first play rated
  // names_rank: every action listed names a rank (Phase::naming).
  if (view.phase() == Phase::naming) [[unlikely]]
    return rank_held_most(view, legal);
  for (const Action& a : legal) {
    switch (a.kind()) {
      case ActionKind::name:  // rank_held_most's
        break;
      case ActionKind::challenge:
        if (catches(view, a.target())) return a;  // always catch a forgetful opponent
        break;
      case ActionKind::call:
        // It forgot the call with its play and plays again: it may remember now.
        if (calls_late(view)) return a;
        break;
      case ActionKind::draw:
      case ActionKind::pass:
        decline = &a;
        break;
      case ActionKind::play: {
        if (!shared) shared = context(view);
        // A swap card: swap with the smallest hand of the others (the first of equals).
        if (const int target = a.swap_target(); target >= 0 && target != smallest_other(view))
          break;
        if (a.named_suit() != Suit::none) {
          // Name the suit held most of (wilds aside).
          const auto lengths =
              detail::suit_lengths_after(shared->lengths, a.card(), shared->variant->wild);
          if (a.named_suit() != detail::longest_suit(lengths)) break;
        }
        const double r = rate_play(view, a, *shared);
        if (!best || r > best_rating) {
          best = &a;
          best_rating = r;
        }
        break;
      }
    }
  }
  // Where a turn may lay several cards, a card kept back is one fewer laid with it later:
  // play whenever something can be played, and lay on while something follows (measured over
  // 4,000 rounds against three greedy bots: 20.3% -> 21.5% wins in british-runs, 21.6% -> 22.7%
  // in british-several-of-a-rank).
  if (!best || (decline && best_rating <= kDecline && !view.variant().play.several_cards()))
    return decline ? *decline : legal.front();
  return with_call(view, *best);
}

}  // namespace switchcards
