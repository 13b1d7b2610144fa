// Uses the installed switchcards package: builds a standard deck, shuffles it with a fixed seed
// and prints the first five cards dealt from the top.
#include <fmt/core.h>

#include <switchcards/core/card_format.hpp>
#include <switchcards/core/deck.hpp>
#include <switchcards/core/rng.hpp>
#include <switchcards/version.hpp>

int main() {
  using namespace switchcards;
  Pile stock = build_deck(DeckSpec::standard());
  Pcg32 rng(42);
  shuffle(stock.cards(), rng);

  fmt::print("switchcards {}:", version());
  for (int i = 0; i < 5; ++i) fmt::print(" {}", stock.pop());
  fmt::print("\n");
  return 0;
}
