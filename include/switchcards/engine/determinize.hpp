// Determinizer: samples full States consistent with everything one seat knows — its PlayerView
// and its CardKnowledge — with the cards it cannot see dealt uniformly at random among the
// places they may be. Search agents (agents/ismcts_agent.hpp) play their simulations on such
// samples, so they never look at the real State, which the determinizer never takes.
#pragma once

#include <array>
#include <cstdint>

#include "switchcards/core/card.hpp"
#include "switchcards/core/card_mask.hpp"
#include "switchcards/core/pile.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/card_knowledge.hpp"
#include "switchcards/engine/state.hpp"
#include "switchcards/engine/view.hpp"

namespace switchcards {

class Determinizer {
 public:
  Determinizer() = default;
  // See prepare().
  Determinizer(const PlayerView& view, const CardKnowledge& knowledge) { prepare(view, knowledge); }

  // Sets up sampling for the position `view` shows. `knowledge` must agree with the view
  // (CardKnowledge::sync); throws std::logic_error if it does not. A revealed view (beginner
  // mode) shows every card, and then every sample is that position.
  void prepare(const PlayerView& view, const CardKnowledge& knowledge);

  // One State: the view's public facts and the seat's own hand exactly, the discard pile's seen
  // cards where they were seen, each group's hidden cards dealt at random to its places (the
  // stock in random order), and a fresh generator for reshuffles seeded from `rng`. A seat
  // known not to hold some cards (CardKnowledge::Voids) gets them only as far as its newer
  // cards allow: excess ones are swapped away, which keeps the sample valid though no longer
  // exactly uniform. Uses only `rng`, so a seed gives the same samples. Nothing is allocated.
  void sample(Pcg32& rng, State& out) const;
  State sample(Pcg32& rng) const {
    State s;
    sample(rng, s);
    return s;
  }

 private:
  struct Share {  // one group's cards in pool_[begin, end) and where they go
    int begin = 0, end = 0;
    std::array<std::uint8_t, kMaxSeats> to_hand{};
    int to_stock = 0, to_discard = 0;
  };

  State template_;     // every public fact and the seat's hand; no hidden card
  Pile seen_discard_;  // the discard pile's seen cards, bottom first (top last)
  std::array<Card, kMaxCards> pool_{};
  std::array<Share, CardKnowledge::kMaxGroups> shares_{};
  int share_count_ = 0;
  bool shuffle_stock_ = false;  // more than one group contributes to the stock
  // Another seat deciding after its draw: its drawn card came from group drawn_share_ and is
  // one it may play now (drawn_choices_).
  int drawn_seat_ = -1;
  int drawn_share_ = -1;
  CardMask drawn_choices_;
  // Of those, the cards of only_without_suit specials, and the suit in force: a seat that may
  // play one held no other card of that suit (sample() keeps the sample so).
  CardMask drawn_without_suit_;
  Suit drawn_suit_ = Suit::none;
  // Seats whose draws told cards they did not hold (CardKnowledge::Voids; held 0: none).
  std::array<CardKnowledge::Voids, kMaxSeats> voids_{};
  bool any_voids_ = false;
  bool revealed_ = false;

  // Swaps cards of seats holding more of their voids than their new cards allow with cards of
  // the same group elsewhere (not in another such hand), where it can.
  void respect_voids(std::array<Card, kMaxCards>& pool,
                     const std::array<int, CardKnowledge::kMaxGroups>& ends, const State& out,
                     Pcg32& rng) const;
  // A drawn card of only_without_suit in a sample: the seat's other cards of the suit in force
  // trade places with cards of the stock.
  void keep_drawn_playable(State& out, Pcg32& rng) const;
};

}  // namespace switchcards
