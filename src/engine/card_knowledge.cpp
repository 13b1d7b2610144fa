// What a seat knows of the hidden cards; see include/switchcards/engine/card_knowledge.hpp.
#include "switchcards/engine/card_knowledge.hpp"

#include <algorithm>
#include <stdexcept>

#include "switchcards/core/deck.hpp"

namespace switchcards {

namespace {

std::array<int, kCardKinds> deck_census(const PlayerView& view) {
  std::array<int, kCardKinds> out{};
  const Pile deck = build_deck(view.variant().deck_for(view.players()));  // outlives the loop
  for (Card c : deck.cards()) ++out[c.index()];
  return out;
}

}  // namespace

void CardKnowledge::rebuild_from_view(const PlayerView& view) {
  seat_ = view.seat();
  players_ = view.players();
  group_count_ = 1;
  Group& g = groups_[0];
  g = Group{};
  std::array<int, kCardKinds> unseen = deck_census(view);
  view.hand().for_each([&](Card c) { --unseen[c.index()]; });
  // Seen on the discard pile: its top, and under it the other cards of a turn under way, which
  // lie in view of all (PlayerView::turn_cards, the top included).
  Pile seen;
  if (view.turn_cards().empty())
    seen.push(view.top());
  else
    for (Card c : view.turn_cards()) seen.push(c);
  for (Card c : seen.cards()) --unseen[c.index()];
  for (int i = 0; i < kCardKinds; ++i) {
    if (unseen[i] < 0)
      throw std::logic_error("CardKnowledge: the view shows more copies of " +
                             to_string(Card::from_index(i)) + " than the deck holds");
    g.cards[i] = static_cast<std::uint8_t>(unseen[i]);
    g.size += unseen[i];
  }
  for (int k = 0; k < players_; ++k)
    if (k != seat_) g.in_hand[k] = static_cast<std::uint8_t>(view.hand_size(k));
  g.in_stock = view.stock_size();
  g.in_discard = view.discard_size() - seen.size();
  g.out_of_play = g.size - g.in_stock - g.in_discard;
  for (int k = 0; k < kMaxSeats; ++k) g.out_of_play -= g.in_hand[k];
  if (g.out_of_play < 0)
    throw std::logic_error("CardKnowledge: the view shows more cards than the deck holds");
  discard_seen_ = seen;
  own_ = view.hand();
  last_draw_group_.fill(0);
  voids_.fill(Voids{});
  valid_ = true;
  // The view is the table the next action starts from: a draw then tells what it tells.
  remember_table(view);
}

void CardKnowledge::start_from_deal(const PlayerView& view, Card first) {
  rebuild_from_view(view);
  // At the deal the discard pile is the first card alone.
  if (view.discard_size() != 1 || view.top() != first) valid_ = false;
}

void CardKnowledge::sync(const PlayerView& view) {
  if (!agrees_with(view)) rebuild_from_view(view);
}

bool CardKnowledge::agrees_with(const PlayerView& view) const {
  if (!valid_ || seat_ != view.seat() || players_ != view.players()) return false;
  if (table_valid_ && view.decisions() < table_decisions_)
    return false;  // another round (see observe), however alike its counts
  if (discard_seen_.empty() || discard_seen_.top() != view.top()) return false;
  // A turn under way lies on top, seen.
  const std::span<const Card> turn = view.turn_cards();
  if (turn.size() > static_cast<std::size_t>(discard_seen_.size()) ||
      !std::equal(turn.begin(), turn.end(),
                  discard_seen_.cards().end() - static_cast<std::ptrdiff_t>(turn.size())))
    return false;
  std::array<int, kMaxSeats> held{};
  int stock = 0, discard_hidden = 0;
  std::array<int, kCardKinds> census{};
  for (int gi = 0; gi < group_count_; ++gi) {
    const Group& g = groups_[gi];
    int total = g.in_stock + g.in_discard + g.out_of_play;
    for (int k = 0; k < kMaxSeats; ++k) {
      held[k] += g.in_hand[k];
      total += g.in_hand[k];
    }
    if (total != g.size) return false;
    int cards = 0;
    for (int i = 0; i < kCardKinds; ++i) {
      census[i] += g.cards[i];
      cards += g.cards[i];
    }
    if (cards != g.size) return false;
    stock += g.in_stock;
    discard_hidden += g.in_discard;
  }
  for (int k = 0; k < kMaxSeats; ++k) {
    const int want = (k < players_ && k != seat_) ? view.hand_size(k) : 0;
    if (held[k] != want) return false;
  }
  if (stock != view.stock_size()) return false;
  if (discard_seen_.size() + discard_hidden != view.discard_size()) return false;
  view.hand().for_each([&](Card c) { ++census[c.index()]; });
  for (Card c : discard_seen_.cards()) ++census[c.index()];
  return census == deck_census(view);
}

int CardKnowledge::group_holding(int place, Card c) const {
  // The group most likely to have given the card: the expected copies of c among its cards
  // in that place, count_in_place * copies / size, compared without division.
  int best = -1;
  std::int64_t best_num = 0, best_den = 1;
  for (int gi = 0; gi < group_count_; ++gi) {
    const Group& g = groups_[gi];
    const int in_place = place == kStock ? g.in_stock : g.in_hand[place];
    if (in_place == 0 || g.cards[c.index()] == 0) continue;
    const std::int64_t num = std::int64_t{in_place} * g.cards[c.index()];
    const std::int64_t den = g.size;
    if (best < 0 || num * best_den > best_num * den) {
      best = gi;
      best_num = num;
      best_den = den;
    }
  }
  return best;
}

int CardKnowledge::group_giving(int place, Card c) {
  const int found = group_holding(place, c);
  if (found >= 0) return found;
  // No group with cards in that place has the card: an earlier copy of it (two decks) was
  // charged to the wrong group. Exchange a card between a group that has it and the group with
  // the most cards in the place; the places keep their counts.
  int to = -1, from = -1;
  for (int gi = 0; gi < group_count_; ++gi) {
    const Group& g = groups_[gi];
    const int in_place = place == kStock ? g.in_stock : g.in_hand[place];
    if (in_place > 0 && (to < 0 || in_place > (place == kStock ? groups_[to].in_stock
                                                               : groups_[to].in_hand[place])))
      to = gi;
    if (g.cards[c.index()] > 0) from = gi;
  }
  if (to < 0 || from < 0 || to == from) return -1;
  Group& a = groups_[from];
  Group& b = groups_[to];
  for (int x = 0; x < kCardKinds; ++x) {
    if (x == c.index() || b.cards[x] == 0) continue;
    --b.cards[x];
    ++a.cards[x];
    --a.cards[c.index()];
    ++b.cards[c.index()];
    return to;
  }
  return -1;
}

void CardKnowledge::drop_empty_groups() {
  std::array<int, kMaxGroups> moved_to{};
  int kept = 0;
  for (int gi = 0; gi < group_count_; ++gi) {
    if (groups_[gi].size == 0) {
      moved_to[gi] = -1;
      continue;
    }
    moved_to[gi] = kept;
    if (kept != gi) groups_[kept] = groups_[gi];
    ++kept;
  }
  group_count_ = kept;
  for (auto& g : last_draw_group_)
    if (g >= 0) g = static_cast<std::int8_t>(moved_to[g]);
}

int CardKnowledge::new_group() {
  drop_empty_groups();
  if (group_count_ == kMaxGroups) {
    // Out of room: the two oldest groups become one. Still consistent (the same cards in the
    // same places), it forgets which of them holds which.
    Group& a = groups_[0];
    const Group& b = groups_[1];
    for (int i = 0; i < kCardKinds; ++i)
      a.cards[i] = static_cast<std::uint8_t>(a.cards[i] + b.cards[i]);
    for (int k = 0; k < kMaxSeats; ++k)
      a.in_hand[k] = static_cast<std::uint8_t>(a.in_hand[k] + b.in_hand[k]);
    a.size += b.size;
    a.in_stock += b.in_stock;
    a.in_discard += b.in_discard;
    a.out_of_play += b.out_of_play;
    for (int gi = 1; gi + 1 < group_count_; ++gi) groups_[gi] = groups_[gi + 1];
    --group_count_;
    for (auto& g : last_draw_group_)
      if (g >= 1) --g;
  }
  groups_[group_count_] = Group{};
  return group_count_++;
}

bool CardKnowledge::take_shown(int place, Card c) {
  const int gi = group_giving(place, c);
  if (gi < 0) {
    valid_ = false;
    return false;
  }
  Group& g = groups_[gi];
  --g.cards[c.index()];
  --g.size;
  if (place == kStock)
    --g.in_stock;
  else
    --g.in_hand[place];
  return true;
}

void CardKnowledge::apply_event(const PlayerView& view, const Event& e) {
  switch (e.kind) {
    case EventKind::card_played: {
      if (e.seat == kNoSeat) {  // the deal's first card: a new round
        start_from_deal(view, e.card);
        return;
      }
      if (!valid_) return;
      if (e.seat != seat_) {
        if (!take_shown(e.seat, e.card)) return;
        Voids& v = voids_[e.seat];
        if (v.held > 0 && !v.kinds.contains(e.card)) --v.held;
      } else if (own_.contains(e.card)) {
        own_.remove(e.card);
      } else {
        // The seat's own play of a card it no longer holds: events shown twice, or not its
        // own. The record cannot place it (seen once more, the pile would outgrow the deck).
        valid_ = false;
        return;
      }
      discard_seen_.push(e.card);
      return;
    }
    case EventKind::card_drawn: {
      if (!valid_) return;
      if (e.seat == seat_) {
        own_.add(e.card);
        take_shown(kStock, e.card);
        return;
      }
      // Another seat's card, unseen: it leaves the stock for that hand. The stock holds one
      // group unless the record was rebuilt mid-round; then the largest share is charged.
      int best = -1;
      for (int gi = 0; gi < group_count_; ++gi)
        if (groups_[gi].in_stock > 0 &&
            (best < 0 || groups_[gi].in_stock >= groups_[best].in_stock))
          best = gi;
      if (best < 0 || e.seat >= players_) {
        valid_ = false;
        return;
      }
      --groups_[best].in_stock;
      ++groups_[best].in_hand[e.seat];
      last_draw_group_[e.seat] = static_cast<std::int8_t>(best);
      return;
    }
    case EventKind::stock_reshuffled: {
      if (!valid_) return;
      // The discard pile but its top becomes the stock (during a turn of several cards, the
      // cards laid before the top stay too: their effects are still to come): the cards seen
      // played that went form a new group, and the unseen ones below them join the stock where
      // they were. How many stayed is what the pile held less what moved.
      int hidden = 0;
      for (int gi = 0; gi < group_count_; ++gi) {
        if (groups_[gi].in_stock != 0) {
          valid_ = false;
          return;
        }
        hidden += groups_[gi].in_discard;
      }
      const int seen = discard_seen_.size();
      const std::int64_t kept = std::int64_t{seen} + hidden - std::int64_t{e.count};
      if (kept < 1 || kept > seen) {
        valid_ = false;
        return;
      }
      for (int gi = 0; gi < group_count_; ++gi) {
        groups_[gi].in_stock = groups_[gi].in_discard;
        groups_[gi].in_discard = 0;
      }
      Pile went;
      discard_seen_.take_all_but_top(went, static_cast<int>(kept));
      if (!went.empty()) {
        Group& g = groups_[new_group()];
        for (const Card c : went.cards()) ++g.cards[c.index()];
        g.size = went.size();
        g.in_stock = went.size();
      }
      return;
    }
    default:
      return;  // moves no card
  }
}

void CardKnowledge::move_hands(const PlayerView& view, const Event& e,
                               std::span<const Event> rest) {
  if (!valid_ || e.seat >= players_) {
    valid_ = false;
    return;
  }
  // Where each seat's hand went.
  std::array<int, kMaxSeats> to{};
  for (int k = 0; k < players_; ++k) to[k] = k;
  if (e.kind == EventKind::hands_swapped) {
    if (e.extra >= static_cast<std::uint32_t>(players_)) {
      valid_ = false;
      return;
    }
    to[e.seat] = e.extra;
    to[e.extra] = e.seat;
  } else {
    const Seats order(players_, e.count == 0 ? Direction::clockwise : Direction::counterclockwise);
    for (int k = 0; k < players_; ++k) to[k] = order.next(k);
  }
  int from_me = -1;  // the seat whose hand this seat received
  for (int k = 0; k < players_; ++k)
    if (to[k] == seat_) from_me = k;
  if (from_me != seat_) {
    // The hand received is shown: the view's hand, less what this seat draws after the move.
    Hand received = view.hand();
    for (const Event& later : rest)
      if (later.kind == EventKind::card_drawn && later.seat == seat_ &&
          received.contains(later.card))
        received.remove(later.card);
    bool shown = true;
    received.for_each([&](Card c) { shown = shown && take_shown(from_me, c); });
    if (!shown) return;
  }
  // The hidden cards (and what the draws told) move with their hands.
  std::array<Voids, kMaxSeats> voids{};
  std::array<std::int8_t, kMaxSeats> last_draw{};
  last_draw.fill(-1);
  for (int gi = 0; gi < group_count_; ++gi) {
    std::array<std::uint8_t, kMaxSeats> in_hand{};
    for (int k = 0; k < players_; ++k) in_hand[to[k]] = groups_[gi].in_hand[k];
    groups_[gi].in_hand = in_hand;
  }
  for (int k = 0; k < players_; ++k) {
    voids[to[k]] = voids_[k];
    last_draw[to[k]] = last_draw_group_[k];
  }
  voids_ = voids;
  last_draw_group_ = last_draw;
  if (from_me == seat_) return;
  // This seat's old hand is known to be where it went.
  const int gone_to = to[seat_];
  if (!own_.empty()) {
    Group& g = groups_[new_group()];
    own_.for_each([&](Card c) { ++g.cards[c.index()]; });
    g.size = own_.size();
    g.in_hand[gone_to] = static_cast<std::uint8_t>(own_.size());
  }
  voids_[gone_to] = Voids{};
  voids_[seat_] = Voids{};
  last_draw_group_[gone_to] = -1;
  own_ = view.hand();
  for (const Event& later : rest)
    if (later.kind == EventKind::card_drawn && later.seat == seat_ && own_.contains(later.card))
      own_.remove(later.card);
}

void CardKnowledge::learn_from_draw(const PlayerView& view, int seat) {
  // What the seat could have played instead, asked of the engine: the table as it was, the
  // seat holding one card of every kind.
  State probe = table_;
  probe.hands[seat].clear();
  for (int i = 0; i < kCardKinds; ++i) probe.hands[seat].add(Card::from_index(i));
  CardMask could_play = view.engine().playable_kinds(probe);
  const bool forced = view.engine().check(probe, Action::draw(seat)) != Refusal::none;
  if (could_play.empty() || !(forced || assume_plays_)) return;
  int held = 0;
  for (int gi = 0; gi < group_count_; ++gi) held += groups_[gi].in_hand[seat];
  if (held == 1) {
    // A last card would have emptied the hand: one that may not (round.no_finish) is drawn for
    // though it matches, so the draw tells nothing of it.
    for (CardMask m = could_play; !m.empty();) {
      const Card c = m.pop_first();
      probe.hands[seat].clear();
      probe.hands[seat].add(c);
      if (!view.engine().playable_kinds(probe).contains(c)) could_play.erase(c);
    }
    if (could_play.empty()) return;
  }
  voids_[seat] = Voids{could_play, held};
}

State public_table(const PlayerView& view) {
  State s;
  s.seats = view.seats();
  s.turn = static_cast<std::uint8_t>(view.turn());
  s.phase = view.phase();
  s.named_suit = view.named_suit();
  s.demand = static_cast<std::int8_t>(view.demand_effect());
  if (view.named_by() >= 0) {
    s.named_rank = view.named_rank();
    s.demand_by = static_cast<std::int8_t>(view.named_by());
    s.rank_demand = s.demand;
  }
  s.pending.draw = static_cast<std::uint32_t>(view.pending_draw());
  s.pending.skip = static_cast<std::uint32_t>(view.pending_skip());
  s.pending.effect = static_cast<std::int8_t>(view.pending_effect());
  s.pending.from = static_cast<std::int8_t>(view.pending_from());
  return s;
}

void CardKnowledge::remember_table(const PlayerView& view) {
  table_ = public_table(view);
  table_.discard.push(view.top());
  table_decisions_ = view.decisions();
  table_valid_ = true;
}

void CardKnowledge::observe(const PlayerView& view, std::span<const Event> events) {
  // A round's decisions only grow: a view with fewer than the last one observed is of a new
  // round, whose deal this record was not shown (an agent kept from one round to the next
  // without reset()). Nothing of the old round holds there: the record starts over, from the
  // deal if these events are it, else from the view after them (below), as sync() would.
  const bool new_round = table_valid_ && view.decisions() < table_decisions_;
  if (new_round) reset();
  // Not one action on from the view last observed: events of several actions at once, or a
  // new round already further on than the old one was (which the count above cannot tell).
  // Checked in full once the events are applied (agrees_with's census).
  const bool leap = table_valid_ && view.decisions() != table_decisions_ + 1;
  if (valid_ && (seat_ != view.seat() || players_ != view.players())) valid_ = false;
  // An action that starts with the seat to act drawing is its draw (a penalty taken, or a
  // plain draw).
  if (valid_ && table_valid_ && !events.empty() && events[0].kind == EventKind::card_drawn &&
      events[0].seat == table_.turn && events[0].seat != seat_ && table_.phase == Phase::play)
    learn_from_draw(view, events[0].seat);
  for (std::size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    if (e.kind == EventKind::hands_swapped || e.kind == EventKind::hands_rotated) [[unlikely]]
      move_hands(view, e, events.subspan(i + 1));
    else
      apply_event(view, e);
  }
  // A record the events left unable to follow (a new round without its deal, or events it
  // cannot place) starts over from the view at once: a reader of discard_seen() that never
  // calls sync() (an observation layout) would otherwise read the stale record for the rest of
  // the round. The rebuild remembers the table too.
  if (!valid_ || (leap && !agrees_with(view))) rebuild_from_view(view);
  remember_table(view);
  // A seat holds no more of its old cards than it holds cards.
  if (valid_)
    for (int k = 0; k < players_; ++k)
      if (k != seat_ && voids_[k].held > view.hand_size(k)) voids_[k].held = view.hand_size(k);
}

}  // namespace switchcards
