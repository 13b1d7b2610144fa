// Sampling States a seat cannot tell from the real one; see
// include/switchcards/engine/determinize.hpp.
#include "switchcards/engine/determinize.hpp"

#include <stdexcept>
#include <utility>

namespace switchcards {

namespace {

// Every public fact of the view, the seat's own hand, no other card.
State public_template(const PlayerView& view) {
  State s = public_table(view);
  s.dealer = static_cast<std::uint8_t>(view.dealer());
  s.catchable = static_cast<std::int8_t>(view.catchable());
  s.jump_open = view.jump_open();
  // A turn under way: its cards' effects come at its end, and what may follow depends on them.
  s.laid = static_cast<std::uint8_t>(view.turn_cards().size());
  s.run_step = static_cast<std::int8_t>(view.run_step());
  for (int k = 0; k < view.players(); ++k) {
    if (view.owes_last_card(k)) s.owes_last_card |= static_cast<std::uint8_t>(1u << k);
    if (view.misses_turn(k)) s.misses_turn |= static_cast<std::uint8_t>(1u << k);
    if (view.misses_turn(k)) s.more_turns_missed[k] = view.turns_to_miss(k) - 1;
  }
  s.winner = static_cast<std::int8_t>(view.winner());
  s.stalemate = view.phase() == Phase::over && view.winner() < 0;
  s.decisions = static_cast<std::uint32_t>(view.decisions());
  s.reshuffles = static_cast<std::uint32_t>(view.reshuffles());
  s.hands[view.seat()] = view.hand();
  if (auto d = view.drawn()) s.drawn = *d;
  return s;
}

}  // namespace

void Determinizer::prepare(const PlayerView& view, const CardKnowledge& knowledge) {
  template_ = public_template(view);
  seen_discard_.clear();
  share_count_ = 0;
  shuffle_stock_ = false;
  drawn_seat_ = -1;
  drawn_share_ = -1;
  drawn_choices_ = CardMask{};
  drawn_without_suit_ = CardMask{};
  drawn_suit_ = Suit::none;
  voids_.fill(CardKnowledge::Voids{});
  any_voids_ = false;
  revealed_ = view.revealed();
  if (revealed_) {
    // Beginner mode: the view shows every card, so there is nothing to guess.
    for (int k = 0; k < view.players(); ++k) template_.hands[k] = view.hand_of(k);
    for (Card c : view.stock()) template_.stock.push(c);
    for (Card c : view.discard_pile()) template_.discard.push(c);
    if (view.phase() == Phase::after_draw && !view.my_turn()) {
      // Which card another seat drew the view does not say; one it holds and may play is as
      // good for the engine (the after-draw rule plays only that card).
      State probe = template_;
      probe.phase = Phase::play;
      const CardMask playable = view.engine().playable_kinds(probe);
      if (playable.empty())
        throw std::logic_error("Determinizer: the seat to act holds no card it could have drawn");
      template_.drawn = playable.first();
    }
    return;
  }
  if (!knowledge.agrees_with(view))
    throw std::logic_error(
        "Determinizer: the seat's knowledge does not agree with its view (call "
        "CardKnowledge::sync first)");
  for (Card c : knowledge.discard_seen()) seen_discard_.push(c);
  int n = 0;
  const auto groups = knowledge.groups();
  for (std::size_t gi = 0; gi < groups.size(); ++gi) {
    const CardKnowledge::Group& g = groups[gi];
    Share& share = shares_[share_count_++];
    share = Share{};
    share.begin = n;
    for (int i = 0; i < kCardKinds; ++i)
      for (int c = 0; c < g.cards[i]; ++c) pool_[n++] = Card::from_index(i);
    share.end = n;
    share.to_hand = g.in_hand;
    share.to_stock = g.in_stock;
    share.to_discard = g.in_discard;
  }
  for (int k = 0; k < view.players(); ++k) {
    if (k == view.seat() || knowledge.voids(k).held == 0) continue;
    voids_[k] = knowledge.voids(k);
    any_voids_ = true;
  }

  if (view.phase() == Phase::after_draw && !view.my_turn()) {
    // Another seat decides whether to play the card it drew: that card is one it may play on
    // the table as it stands. Which kinds those are, the engine says: the seat to act holding
    // one card of every kind, in the play phase.
    const int seat = view.turn();
    State probe = template_;
    probe.phase = Phase::play;
    probe.discard.push(view.top());  // the template's piles are filled only when sampling
    probe.hands[seat].clear();
    for (int i = 0; i < kCardKinds; ++i) probe.hands[seat].add(Card::from_index(i));
    drawn_choices_ = view.engine().playable_kinds(probe);
    // A card of only_without_suit is refused beside another card of the suit in force, as
    // every such hand holds: asked again of a hand without that suit.
    const CardMask without_suit = view.engine().only_without_suit();
    const Suit suit = view.engine().suit_in_force(probe);
    if (!without_suit.empty() && suit != Suit::none) {
      probe.hands[seat].clear();
      for (int i = 0; i < kCardKinds; ++i)
        if (Card::from_index(i).is_joker() || Card::from_index(i).suit() != suit)
          probe.hands[seat].add(Card::from_index(i));
      drawn_without_suit_ = view.engine().playable_kinds(probe) & without_suit;
      drawn_choices_ |= drawn_without_suit_;
      drawn_suit_ = suit;
    }
    drawn_seat_ = seat;
    auto holds_choice = [&](int si) {
      const Share& s = shares_[si];
      for (int i = s.begin; i < s.end; ++i)
        if (drawn_choices_.contains(pool_[i])) return true;
      return false;
    };
    auto offers = [&](int si) { return shares_[si].to_hand[seat] > 0 && holds_choice(si); };
    const int last = knowledge.last_draw_group(seat);
    if (last >= 0 && last < share_count_ && offers(last)) {
      drawn_share_ = last;
    } else {
      for (int si = share_count_ - 1; si >= 0 && drawn_share_ < 0; --si)
        if (offers(si)) drawn_share_ = si;
    }
    if (drawn_share_ < 0) {
      // A stock of several groups (only after a record rebuilt mid-round and a reshuffle): the
      // record charged the unseen draw to the group with the most cards in the stock. None of
      // the groups the seat holds cards of has a card it could have drawn, so the draw came
      // from another group's share of the stock: it is charged there instead (one card of the
      // seat's hand and one of the stock trade groups; every count of the view stays).
      int charged = last >= 0 && last < share_count_ && shares_[last].to_hand[seat] > 0 ? last : -1;
      for (int si = share_count_ - 1; si >= 0 && charged < 0; --si)
        if (shares_[si].to_hand[seat] > 0) charged = si;
      for (int si = share_count_ - 1; si >= 0 && charged >= 0 && drawn_share_ < 0; --si) {
        if (si == charged || shares_[si].to_stock == 0 || !holds_choice(si)) continue;
        --shares_[charged].to_hand[seat];
        ++shares_[charged].to_stock;
        ++shares_[si].to_hand[seat];
        --shares_[si].to_stock;
        drawn_share_ = si;
      }
    }
    if (drawn_share_ < 0)
      throw std::logic_error(
          "Determinizer: no hidden card is one the seat to act could have drawn");
  }
  int stock_groups = 0;
  for (int si = 0; si < share_count_; ++si) stock_groups += shares_[si].to_stock > 0;
  shuffle_stock_ = stock_groups > 1;
}

void Determinizer::respect_voids(std::array<Card, kMaxCards>& pool,
                                 const std::array<int, CardKnowledge::kMaxGroups>& ends,
                                 const State& out, Pcg32& rng) const {
  // Where each seat's cards of each share lie: [offset[si][k], offset[si][k + 1]).
  std::array<std::array<int, kMaxSeats + 1>, CardKnowledge::kMaxGroups> offset{};
  for (int si = 0; si < share_count_; ++si) {
    const Share& s = shares_[si];
    offset[si][0] = s.begin;
    for (int k = 0; k < kMaxSeats; ++k)
      offset[si][k + 1] = offset[si][k] + s.to_hand[k] - (si == drawn_share_ && k == drawn_seat_);
  }
  // How many void cards each seat holds beyond what its newer cards allow (<= 0: none).
  std::array<int, kMaxSeats> excess{};
  for (int k = 0; k < kMaxSeats; ++k) {
    const CardKnowledge::Voids& v = voids_[k];
    if (v.held == 0) continue;
    int size = out.hands[k].size(), in_voids = 0;  // the drawn card is already in hand
    out.hands[k].for_each([&](Card c) { in_voids += v.kinds.contains(c); });
    for (int si = 0; si < share_count_; ++si) {
      size += offset[si][k + 1] - offset[si][k];
      for (int i = offset[si][k]; i < offset[si][k + 1]; ++i) in_voids += v.kinds.contains(pool[i]);
    }
    excess[k] = in_voids - (size - v.held);
  }
  for (int k = 0; k < kMaxSeats; ++k) {
    const CardMask mine = voids_[k].kinds;
    for (int si = 0; si < share_count_ && excess[k] > 0; ++si) {
      const Share& s = shares_[si];
      const int span = ends[si] - s.begin;
      for (int i = offset[si][k]; i < offset[si][k + 1] && excess[k] > 0; ++i) {
        if (!mine.contains(pool[i])) continue;
        // Swap with a card of the same share that is not one of this seat's voids, from a
        // random place on; into another seat with voids only if it can take it.
        const int from = static_cast<int>(rng.below(static_cast<std::uint32_t>(span)));
        for (int step = 0; step < span; ++step) {
          const int j = s.begin + (from + step) % span;
          if (mine.contains(pool[j])) continue;
          int owner = -1;
          for (int h = 0; h < kMaxSeats; ++h)
            if (j >= offset[si][h] && j < offset[si][h + 1]) owner = h;
          int change = 0;
          if (owner >= 0 && voids_[owner].held > 0) {
            change = voids_[owner].kinds.contains(pool[i]) - voids_[owner].kinds.contains(pool[j]);
            if (change > 0 && excess[owner] + change > 0) continue;
            excess[owner] += change;
          }
          std::swap(pool[i], pool[j]);
          --excess[k];
          break;
        }
      }
    }
  }
}

void Determinizer::sample(Pcg32& rng, State& out) const {
  out = template_;
  const std::uint64_t seed = std::uint64_t{rng.next()} << 32 | rng.next();
  out.rng = Pcg32(seed);
  if (revealed_) return;
  std::array<Card, kMaxCards> pool = pool_;
  std::array<int, CardKnowledge::kMaxGroups> ends{};
  for (int si = 0; si < share_count_; ++si) {
    const Share& s = shares_[si];
    int end = s.end;
    if (si == drawn_share_) {
      // The drawn card first: uniform among this group's copies of the cards it may be.
      int choices = 0;
      for (int i = s.begin; i < end; ++i) choices += drawn_choices_.contains(pool[i]);
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(choices)));
      for (int i = s.begin; i < end; ++i) {
        if (!drawn_choices_.contains(pool[i]) || pick-- > 0) continue;
        std::swap(pool[i], pool[end - 1]);
        break;
      }
      --end;
      out.drawn = pool[end];
      out.hands[drawn_seat_].add(pool[end]);
    }
    shuffle(std::span<Card>(pool.data() + s.begin, static_cast<std::size_t>(end - s.begin)), rng);
    ends[si] = end;
  }
  if (any_voids_) respect_voids(pool, ends, out, rng);
  Pile hidden_discard;
  for (int si = 0; si < share_count_; ++si) {
    const Share& s = shares_[si];
    int i = s.begin;
    for (int k = 0; k < kMaxSeats; ++k) {
      const int n = s.to_hand[k] - (si == drawn_share_ && k == drawn_seat_);
      for (int c = 0; c < n; ++c) out.hands[k].add(pool[i++]);
    }
    for (int c = 0; c < s.to_stock; ++c) out.stock.push(pool[i++]);
    for (int c = 0; c < s.to_discard; ++c) hidden_discard.push(pool[i++]);
  }
  if (shuffle_stock_) shuffle(out.stock.cards(), rng);
  // The unseen part of the discard pile lies below the seen part; its order never matters (a
  // reshuffle shuffles it).
  for (Card c : hidden_discard.cards()) out.discard.push(c);
  for (Card c : seen_discard_.cards()) out.discard.push(c);
  if (drawn_without_suit_.contains(out.drawn)) keep_drawn_playable(out, rng);
}

void Determinizer::keep_drawn_playable(State& out, Pcg32& rng) const {
  // The seat drew a card of only_without_suit and may play it, so it holds no other card of
  // the suit in force: each such card sampled into its hand trades places with a card of
  // another suit from the stock (an approximation: the groups the two came from are not
  // weighed).
  Hand& hand = out.hands[drawn_seat_];
  const auto of_suit = [&](Card c) { return !c.is_joker() && c.suit() == drawn_suit_; };
  std::span<Card> stock = out.stock.cards();
  for (int i = 0; i < kCardKinds; ++i) {
    const Card c = Card::from_index(i);
    if (!of_suit(c)) continue;
    for (int copies = hand.count(c) - (c == out.drawn); copies > 0; --copies) {
      const int n = static_cast<int>(stock.size());
      if (n == 0) return;
      const int from = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
      for (int step = 0; step < n; ++step) {
        Card& other = stock[static_cast<std::size_t>((from + step) % n)];
        if (of_suit(other)) continue;
        hand.remove(c);
        hand.add(other);
        other = c;
        break;
      }
    }
  }
}

}  // namespace switchcards
