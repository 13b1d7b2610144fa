// Uses the installed switchcards package the way a game that builds its rules in C++ would,
// without a YAML file: shuffles a standard deck with a fixed seed and prints the first five
// cards, then plays one seeded round of a variant written as C++ data (eights wild, twos make
// the next player draw two) and prints its winner and scores. Built by the install tests
// (tests/install/), against a static and a shared switchcards and through add_subdirectory.
#include <fmt/core.h>

#include <switchcards/core/card_format.hpp>
#include <switchcards/core/deck.hpp>
#include <switchcards/core/rng.hpp>
#include <switchcards/engine/engine.hpp>
#include <switchcards/engine/scoring.hpp>
#include <switchcards/rules/variant.hpp>
#include <switchcards/version.hpp>

static_assert(SWITCHCARDS_VERSION >= 100, "this example needs switchcards 0.1 or later");

int main() {
  using namespace switchcards;
  Pile stock = build_deck(DeckSpec::standard());
  Pcg32 rng(42);
  shuffle(stock.cards(), rng);
  fmt::print("switchcards {}:", version());
  for (int i = 0; i < 5; ++i) fmt::print(" {}", stock.pop());
  fmt::print("\n");

  Variant rules;
  rules.name = "kitchen-table";
  rules.title = "Kitchen-table Crazy Eights";
  Effect eights;
  eights.name = "eight";
  eights.cards = {CardMask::of_rank(Rank::eight), "8"};
  eights.wild = true;
  eights.names_suit = true;
  Effect twos;
  twos.name = "draw-two";
  twos.cards = {CardMask::of_rank(Rank::two), "2"};
  twos.draw = 2;
  twos.stack = twos.cards;
  rules.specials = {eights, twos};
  rules.last_card.enforce = LastCardEnforcement::none;

  const Engine engine(rules);
  State state = engine.deal(/*players=*/3, /*seed=*/7);
  ActionList legal;
  Pcg32 choices(3);
  while (!state.over()) {
    engine.legal_actions(state, legal);
    const Action a = legal[static_cast<int>(choices.below(legal.size()))];
    if (!engine.apply(state, a)) return 1;  // a listed action is never refused
  }
  fmt::print("round: seat {} wins after {} decisions; scores", state.winner, state.decisions);
  for (const int score : round_scores(rules, state)) fmt::print(" {}", score);
  fmt::print("\n");
  return 0;
}
