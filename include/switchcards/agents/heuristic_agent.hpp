// HeuristicAgent: the strategy notes of the British document, applied to any variant through
// the effects its cards carry: keep a card that cancels an attack (the red J against black
// jacks); chain draw penalties (answer a 2 with a 2), attacking first only against a seat
// close to going out; save skips, reverses and go-backs for when the next player is close to
// going out; switch suit by rank towards the suit it is long in; save wilds and name the suit
// it holds most of; play an identical card for its bonus.
// It forgets to call "last card" with a configurable probability, so the penalty rules are
// exercised (having forgotten, it remembers in time with probability 1 - P where the variant
// allows a late call, so P = 1 never calls), and challenges a forgetful opponent whenever it
// can (never its partner, in partnerships). It jumps in (identical.jump_in) whenever it may,
// unless that mostly skips partners. Where a card may not go out (round.no_finish) it
// avoids keeping one as its last card. Where a turn may lay several cards (play.several) it
// plays whenever it can and lays on while a card follows, but starts a turn with a card that
// nothing follows, keeping sets and runs for a turn that may go out with them.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "switchcards/agents/agent.hpp"
#include "switchcards/agents/hand_value.hpp"
#include "switchcards/core/card_mask.hpp"
#include "switchcards/core/rng.hpp"

namespace switchcards {

class HeuristicAgent final : public Agent {
 public:
  static constexpr double kDefaultForget = 0.1;

  explicit HeuristicAgent(std::uint64_t seed = 0, double forget_last_card = kDefaultForget)
      : rng_(seed), forget_(forget_last_card) {}

  Action choose(const PlayerView& view, std::span<const Action> legal) override;
  bool challenges(const PlayerView& view, int target) override { return catches(view, target); }
  bool calls_late(const PlayerView& /*view*/) override {
    return forget_ < 1.0 && rng_.unit() >= forget_;
  }
  // Jumps in with its best-rated jump (as choose rates plays): it sheds a card and takes the
  // turns of the seats from the seat to act up to it, unless more of those are partners than
  // opponents (variant `teams:`).
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override;
  void reset(std::uint64_t seed) override { rng_ = Pcg32(seed); }
  std::string name() const override { return "heuristic"; }

  double forget_probability() const { return forget_; }
  // How much the agent likes a play (higher is better; drawing or passing is kDecline). Public
  // so tests and curious users can see why a card was chosen.
  double rate_play(const PlayerView& view, Action play);
  static constexpr double kDecline = -12.0;

 private:
  struct Context;
  Context context(const PlayerView& view);
  // Whether it challenges `target`: any opponent, never a partner (variant `teams:`).
  bool catches(const PlayerView& view, int target) const;
  double rate_play(const PlayerView& view, Action play, const Context& context);
  // `play` with the "last card" call where it leaves one card, unless the agent forgets it.
  Action with_call(const PlayerView& view, const Action& play);
  // names_rank (Phase::naming): the name of the rank held most.
  static Action rank_held_most(const PlayerView& view, std::span<const Action> legal);

  // What the ratings read from the variant, worked out again only when the engine changes.
  struct VariantNotes {
    std::uint64_t engine = 0;     // the Engine::id they are of (ids start at 1)
    CardMask wild, defence;       // wild cards; the cards that cancel an attack
    CardMask no_finish;           // round.no_finish.cards
    bool finish_on_suit = false;  // round.no_finish.unless: follows_suit
    bool several = false;         // play.several: a play may be followed by more cards
  };
  const VariantNotes& notes(const Engine& engine);

  Pcg32 rng_;
  double forget_;
  detail::ScorerCache scorer_;
  VariantNotes notes_;
};

}  // namespace switchcards
