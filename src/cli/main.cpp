// The `switchcards` command line. For now only `demo`: deal a round from a seeded shuffle and
// show it. (Temporary; the full command line replaces this file.)
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <array>
#include <cstdint>

#include "switchcards/core/card_format.hpp"
#include "switchcards/core/deck.hpp"
#include "switchcards/core/hand.hpp"
#include "switchcards/core/pile.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/version.hpp"

namespace {

constexpr int kDemoSeats = 4;
constexpr int kDemoHandSize = 7;

// A standard deck shuffled with Pcg32(seed), seven cards each to four seats dealt one at a time
// from the top, then one card turned to start the discard pile.
void run_demo(std::uint64_t seed) {
  using namespace switchcards;
  Pile stock = build_deck(DeckSpec::standard());
  Pcg32 rng(seed);
  shuffle(stock.cards(), rng);

  std::array<Hand, kDemoSeats> hands{};
  for (int round = 0; round < kDemoHandSize; ++round)
    for (Hand& hand : hands) hand.add(stock.pop());
  Pile discard;
  discard.push(stock.pop());

  fmt::print("switchcards {} demo: seed {}, {} seats, {} cards each\n", version(), seed, kDemoSeats,
             kDemoHandSize);
  for (int seat = 0; seat < kDemoSeats; ++seat) {
    fmt::print("seat {}:", seat);
    hands[seat].for_each([](Card c) { fmt::print(" {:s}", c); });
    fmt::print("\n");
  }
  fmt::print("stock: {} cards\n", stock.size());
  fmt::print("discard top: {:s}\n", discard.top());
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"switchcards: the card game Switch and the Mau-Mau family"};
  app.set_version_flag("--version", std::string(switchcards::version()));
  app.require_subcommand(1);

  std::uint64_t seed = 42;
  CLI::App* demo = app.add_subcommand("demo", "Shuffle a standard deck and deal a round");
  demo->add_option("--seed", seed, "Seed of the shuffle")->capture_default_str();
  demo->callback([&] { run_demo(seed); });

  CLI11_PARSE(app, argc, argv);
  return 0;
}
