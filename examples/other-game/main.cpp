// Go Fish, written only against the generic core of switchcards (cards, decks, piles, hands,
// seats, the seeded generator) to show that the library serves other card games: nothing of
// Switch is included.
//
// Rules (the common ones): 2 to 5 players; 7 cards each with 2 or 3 players, else 5. On your
// turn ask one player for a rank you hold. If they have cards of it they give you all of them
// and you ask again; if not, "go fish": draw from the stock, and if you drew the rank you asked
// for, ask again. Four cards of a rank make a book, laid down at once. A player whose hand is
// empty draws one card (or sits out once the stock is gone). When all 13 books are down, the
// player with the most books wins.
#include <fmt/core.h>

#include <array>
#include <switchcards/core/card_format.hpp>
#include <switchcards/core/deck.hpp>
#include <switchcards/core/hand.hpp>
#include <switchcards/core/pile.hpp>
#include <switchcards/core/rng.hpp>
#include <switchcards/core/seats.hpp>
#include <vector>

#include "../example_main.hpp"

using namespace switchcards;

struct GoFish {
  Seats seats;
  Pile stock;
  std::array<Hand, kMaxSeats> hands{};
  std::array<int, kMaxSeats> books{};
  int books_down = 0;
  Pcg32 rng;

  GoFish(int players, std::uint64_t seed) : seats(players), rng(seed) {
    stock = build_deck(DeckSpec::standard());
    shuffle(stock.cards(), rng);
    const int deal = players <= 3 ? 7 : 5;
    for (int round = 0; round < deal; ++round)
      for (int seat = 0; seat < players; ++seat) hands[seat].add(stock.pop());
    for (int seat = 0; seat < players; ++seat) lay_books(seat);
  }

  static int held(const Hand& hand, Rank r) {
    int n = 0;
    for (int s = 0; s < kSuitCount; ++s) n += hand.count(Card(r, static_cast<Suit>(s)));
    return n;
  }

  void lay_books(int seat) {
    for (int r = 0; r < kRankCount; ++r) {
      const Rank rank = static_cast<Rank>(r);
      if (held(hands[seat], rank) < kSuitCount) continue;
      for (int s = 0; s < kSuitCount; ++s) hands[seat].remove(Card(rank, static_cast<Suit>(s)));
      ++books[seat];
      ++books_down;
      fmt::print("    seat {} lays down the book of {}s\n", seat, rank_symbol(rank));
    }
  }

  // A simple player: asks for the rank it holds most of, from a random other player.
  std::pair<int, Rank> choose_ask(int seat) {
    Rank best = Rank::ace;
    int most = 0;
    for (int r = 0; r < kRankCount; ++r)
      if (int n = held(hands[seat], static_cast<Rank>(r)); n > most)
        most = n, best = static_cast<Rank>(r);
    const int k = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(seats.count() - 1)));
    return {seats.after(seat, k), best};
  }

  // One turn of `seat`; it may ask several times.
  void turn(int seat) {
    for (;;) {
      if (books_down == kRankCount) return;
      if (hands[seat].empty()) {
        if (stock.empty()) return;  // nothing to ask with: sit out
        hands[seat].add(stock.pop());
      }
      const auto [target, rank] = choose_ask(seat);
      const int given = held(hands[target], rank);
      if (given > 0) {
        for (int s = 0; s < kSuitCount; ++s) {
          const Card c(rank, static_cast<Suit>(s));
          while (hands[target].contains(c)) hands[target].remove(c), hands[seat].add(c);
        }
        fmt::print("  seat {} asks seat {} for {}s and gets {}\n", seat, target, rank_symbol(rank),
                   given);
        lay_books(seat);
        continue;  // ask again
      }
      if (stock.empty()) {
        fmt::print("  seat {} asks seat {} for {}s: go fish, but the pond is empty\n", seat, target,
                   rank_symbol(rank));
        return;
      }
      const Card fish = stock.pop();
      hands[seat].add(fish);
      fmt::print("  seat {} asks seat {} for {}s: go fish ({:s})\n", seat, target,
                 rank_symbol(rank), fish);
      lay_books(seat);
      if (fish.rank() != rank) return;  // the turn passes unless the fish was the rank asked for
    }
  }
};

int run() {
  const int players = 3;
  GoFish game(players, /*seed=*/5);
  int seat = 0;
  for (int turns = 0; game.books_down < kRankCount && turns < 1000; ++turns) {
    game.turn(seat);
    seat = game.seats.next(seat);
  }
  fmt::print("\nAll {} books are down.\n", game.books_down);
  int winner = 0;
  for (int s = 0; s < players; ++s) {
    fmt::print("seat {}: {} books\n", s, game.books[s]);
    if (game.books[s] > game.books[winner]) winner = s;
  }
  fmt::print("Seat {} wins.\n", winner);
  return game.books_down == kRankCount ? 0 : 1;
}

int main(int argc, char** argv) {
  return example_main(argc, argv, run);
}
