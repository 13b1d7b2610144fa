// play.runs.jokers: stand_in against an oracle written from the rule's words: a card may follow
// the turn's cards when some choice of a card for each joker (one of the deck's ranks, in the
// suit of the run it stands in) makes the turn a sequence that the rules without jokers allow
// card by card, with only a run's step into and out of a joker. The engine works the followers
// out from the pile in one pass (Engine::follows_with_stand_ins); the oracle tries every
// choice. Seeded rounds of british-runs-jokers under each shape of run, and of a Mau-Mau deck
// of 32 cards, compare the two at every decision of a turn under way.
#include <catch2/catch.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "switchcards/core/rng.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

namespace {

// Whether every card of `cards` follows the one before it by the rules of a turn of several
// cards without jokers (variant-format.md, `play`): by rank (same_rank or both), or as the
// run's next card in its suit (runs or both), every step of the turn's run the same way and
// the run's direction kept. `stood[i]`: cards[i] is a joker given that card; the steps into
// and out of it must be a run's.
bool follows_by_the_rules(const PlayRules& play, const std::vector<Card>& cards,
                          const std::vector<bool>& stood) {
  int way = 0;  // the run's direction once its first step is laid: +1 up, -1 down
  for (std::size_t i = 1; i < cards.size(); ++i) {
    const Card before = cards[i - 1], card = cards[i];
    if (!stood[i] && !stood[i - 1] && play.same_rank() && card.rank() == before.rank()) continue;
    if (!play.runs() || card.suit() != before.suit()) return false;
    const Rank from =
        i >= 2 && cards[i - 2].suit() == before.suit() ? cards[i - 2].rank() : Rank::joker;
    int step = 0;
    for (const int s : {1, -1})
      if (play.run_step(before.rank(), s, from) == card.rank()) step = s;
    if (step == 0 || (way != 0 && step != way)) return false;
    if (play.run_direction == RunDirection::ascending && step < 0) return false;
    if (play.run_direction == RunDirection::descending && step > 0) return false;
    way = step;
  }
  return true;
}

// Whether some card for each joker from position `at` on makes `cards` follow by the rules.
bool some_choice_follows(const Variant& v, std::vector<Card>& cards, std::vector<bool>& stood,
                         std::size_t at) {
  while (at < cards.size() && !cards[at].is_joker()) ++at;
  if (at == cards.size()) return follows_by_the_rules(v.play, cards, stood);
  // A joker stands in a run: in the suit of the card before it (the turn's first card is
  // natural, and the jokers before this one were given that suit too).
  const Suit suit = cards[at - 1].suit();
  bool found = false;
  for (int r = 0; r < kRankCount && !found; ++r) {
    if (!v.deal.deck.ranks[static_cast<std::size_t>(r)]) continue;
    cards[at] = Card(static_cast<Rank>(r), suit);
    stood[at] = true;
    found = some_choice_follows(v, cards, stood, at + 1);
  }
  cards[at] = Card::joker();
  stood[at] = false;
  return found;
}

// The oracle: whether `next` may be laid after the turn's cards `turn`.
bool may_follow(const Variant& v, std::span<const Card> turn, Card next) {
  std::vector<Card> cards(turn.begin(), turn.end());
  cards.push_back(next);
  std::vector<bool> stood(cards.size(), false);
  return some_choice_follows(v, cards, stood, 1);
}

struct Tally {
  long compared = 0;     // cards held in a turn under way, engine and oracle agreeing
  long with_jokers = 0;  // of them, a joker in the turn or the card itself a joker
  long joker_laid = 0;   // jokers laid after a turn's first card
};

// Seeded rounds of `v` whose players lay on readily, jokers first: at every decision of a turn
// under way, each card held is legal exactly when the oracle says it may follow.
void compare_rounds(const Variant& v, int players, int rounds, Tally& t) {
  const Engine engine(v);
  ActionList legal;
  for (int round = 0; round < rounds; ++round) {
    State s = engine.deal(players, 1000 + static_cast<std::uint64_t>(round));
    Pcg32 rng(77 + static_cast<std::uint64_t>(round));
    for (int decision = 0; decision < 2000 && !s.over(); ++decision) {
      engine.legal_actions(s, legal);
      REQUIRE(legal.size() > 0);
      if (s.phase == Phase::laying) {
        const auto turn = s.discard.cards().last(static_cast<std::size_t>(s.laid));
        bool joker_in_turn = false;
        for (const Card c : turn) joker_in_turn = joker_in_turn || c.is_joker();
        for (CardMask held = s.hands[s.turn].kinds(); !held.empty();) {
          const Card c = held.pop_first();
          bool listed = false;
          for (const Action a : legal)
            listed = listed || (a.kind() == ActionKind::play && a.card() == c);
          std::string cards;
          for (const Card x : turn) cards += to_string(x) + " ";
          INFO(v.name << ", round " << round << ": after " << cards << "may " << to_string(c)
                      << " follow?");
          REQUIRE(listed == may_follow(v, turn, c));
          ++t.compared;
          t.with_jokers += joker_in_turn || c.is_joker();
        }
      }
      // Lay on readily, a joker first where one may follow; otherwise a play when there is one.
      std::vector<Action> jokers, plays;
      for (const Action a : legal) {
        if (a.kind() != ActionKind::play) continue;
        plays.push_back(a);
        if (a.card().is_joker()) jokers.push_back(a);
      }
      Action a = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      if (s.phase == Phase::laying && !jokers.empty() && rng.below(4) != 0)
        a = jokers[rng.below(static_cast<std::uint32_t>(jokers.size()))];
      else if (!plays.empty() && rng.below(8) != 0)
        a = plays[rng.below(static_cast<std::uint32_t>(plays.size()))];
      t.joker_laid +=
          s.phase == Phase::laying && a.kind() == ActionKind::play && a.card().is_joker();
      if (a.kind() == ActionKind::play && s.hands[s.turn].size() == 2) a = a.with_last();
      REQUIRE(engine.apply(s, a));
    }
  }
}

}  // namespace

TEST_CASE("jokers standing in runs: the engine's followers are the oracle's, card by card",
          "[house]") {
  Tally t;
  for (const char* shape : {
           "{}",
           "{play: {runs: {direction: ascending}}}",
           "{play: {runs: {direction: descending}}}",
           "{play: {runs: {ace: low}}}",
           "{play: {runs: {ace: high}}}",
           "{play: {runs: {turn_corner: true}}}",
           "{play: {several: runs}}",
       }) {
    INFO(shape);
    compare_rounds(load_variant("british-runs-jokers", shape, "--rules"), 4, 600, t);
  }
  // 32 cards (7 to A): a joker stands only for a rank the deck has, so none goes below the 7.
  compare_rounds(load_variant("mau-mau",
                              "{deck: {jokers: 2}, specials: {joker: {cards: joker, wild: true, "
                              "names_suit: true}}, play: {several: both, runs: {jokers: "
                              "stand_in}, effects: last}}",
                              "--rules"),
                 3, 1200, t);
  INFO(t.compared << " cards compared, " << t.with_jokers << " with a joker, " << t.joker_laid
                  << " jokers laid mid-turn");
  // The rounds reach the rule: many turns with jokers in them, not only plain runs.
  CHECK(t.joker_laid >= 1500);
  CHECK(t.with_jokers >= 4000);
}
