// Deal events (Engine::deal with DealEvents::every_card): one card_dealt per card, in dealing
// order, each card its receiver's alone once masked; the deal itself is the same as without. And
// the deal's own arguments: a seat count or a dealer out of range is refused.
#include <catch2/catch.hpp>

#include <vector>

#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/event.hpp"
#include "switchcards/io/event_text.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

TEST_CASE("deal events: one card_dealt per card, from the dealer's left, round after round",
          "[deal]") {
  for (const char* name : {"british", "balkan", "mobile-app", "crazy-eights"}) {
    const Engine engine(load_variant(name));
    for (int players : {2, 4}) {
      INFO(name << " with " << players << " players");
      const int dealer = 1;
      EventBuffer events;
      const State s = engine.deal(players, 77, dealer, &events, DealEvents::every_card);
      // The same cards as a deal that reports only the turned-up card.
      EventBuffer quiet;
      const State plain = engine.deal(players, 77, dealer, &quiet);
      CHECK(s == plain);
      for (const Event& e : quiet) CHECK(e.kind != EventKind::card_dealt);

      const int hand_size = engine.variant().deal.hand_size.at(players);
      std::vector<Hand> dealt(static_cast<std::size_t>(players));
      int n = 0;
      for (const Event& e : events) {
        if (e.kind != EventKind::card_dealt) continue;
        // Round-robin from the dealer's left.
        CHECK(e.seat == s.seats.after(dealer, 1 + n % players));
        dealt[e.seat].add(e.card);
        ++n;
      }
      CHECK(n == players * hand_size);
      // The card_dealt events come first, then the turned-up card.
      CHECK(events[n].kind == EventKind::card_played);
      CHECK(events[n].card == plain.discard[0]);
      // What was dealt is what the hands hold, unless the turned-up card made someone draw.
      if (s.phase == Phase::play && s.discard.size() == 1 && s.pending.draw == 0 &&
          events.size() == n + 1)
        for (int seat = 0; seat < players; ++seat) CHECK(dealt[seat] == s.hand(seat));

      // Masked for one seat: its own cards, and only the count of everyone else's.
      for (const Event& e : events) {
        if (e.kind != EventKind::card_dealt) continue;
        const Event seen = seen_by(e, 0, false);
        CHECK(seen.card == (e.seat == 0 ? e.card : Card::joker()));
        CHECK(seen_by(e, 0, true).card == e.card);
      }
    }
  }
}

TEST_CASE("deal events: sentences hide the cards of other seats", "[deal]") {
  const Engine engine(load_variant("british"));
  EventBuffer events;
  engine.deal(2, 5, -1, &events, DealEvents::every_card);
  const Event to_seat0 = events[0].seat == 0 ? events[0] : events[1];
  const Event to_seat1 = events[0].seat == 1 ? events[0] : events[1];
  EventTextOptions you;
  you.viewer = 0;
  std::vector<std::string> lines =
      describe_events(std::vector<Event>{to_seat0, seen_by(to_seat1, 0, false)}, you);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "You are dealt " + card_text(to_seat0.card, false) + ".");
  CHECK(lines[1] == "Seat 1 is dealt a card.");
}

TEST_CASE("deal: a seat count or a dealer out of range is refused, not clamped", "[deal]") {
  const Engine engine(load_variant("british"));
  CHECK(engine.deal(4, 1).dealer == 3);  // the default: the last seat
  CHECK(engine.deal(4, 1, -1).dealer == 3);
  CHECK(engine.deal(4, 1, 2).dealer == 2);
  CHECK_THROWS_WITH(engine.deal(4, 1, 4),
                    "the dealer 4 is not a seat of 4 (0 to 3, or -1 for the last seat)");
  CHECK_THROWS_AS(engine.deal(4, 1, -2), std::invalid_argument);
  CHECK_THROWS_AS(engine.deal(4, 1, 300), std::invalid_argument);
  CHECK_THROWS_AS(engine.deal(9, 1), std::invalid_argument);
}

// deal.turn_again ("an 8 turned up is buried"): the turned-up cards of the selector go, one by
// one, to the bottom of the stock, and the first card from the top that is not one of them
// starts the discard pile. The hands are dealt as without the key.
TEST_CASE("deal: turn_again puts a turned-up card of its selector under the stock", "[deal]") {
  const Engine plain_engine(load_variant("british"));
  const Engine again_engine(load_variant("british", "deal: {turn_again: [8, black J]}", "--rules"));
  const CardMask again = again_engine.variant().deal.turn_again.cards;
  REQUIRE(again.size() == 6);
  int turned_again = 0, twice = 0;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    INFO("seed " << seed);
    const State plain = plain_engine.deal(4, seed);
    const State s = again_engine.deal(4, seed);
    for (int seat = 0; seat < 4; ++seat) CHECK(s.hand(seat) == plain.hand(seat));
    REQUIRE(s.discard.size() == 1);
    CHECK(s.stock.size() == plain.stock.size());
    const Card first = plain.discard.top();
    if (!again.contains(first)) {
      CHECK(s == plain);
      continue;
    }
    ++turned_again;
    // The cards turned up after `first` come from the top of the same stock.
    int k = plain.stock.size() - 1;
    while (again.contains(plain.stock[k])) --k;
    CHECK(s.discard.top() == plain.stock[k]);
    const int buried = plain.stock.size() - k;  // `first` and those above the new top card
    if (buried > 1) ++twice;
    // Under the stock, in the order they were turned up (the last one at the very bottom).
    CHECK(s.stock[0] == (k + 1 < plain.stock.size() ? plain.stock[k + 1] : first));
    CHECK(s.stock[buried - 1] == first);
    for (int i = 0; i < k; ++i) CHECK(s.stock[buried + i] == plain.stock[i]);
  }
  CHECK(turned_again > 20);  // about 6 in 52 of 400 deals
  CHECK(twice > 0);
}

TEST_CASE("deal: turn_again stops once round the stock, and may not name the whole deck",
          "[deal]") {
  // Eight cards, 8s and 9s: when the two hands hold every 9, the stock is 8s only, and the deal
  // turns each of them once and lets the last one stand rather than loop.
  const Variant v = load_variant_from_string(
      "name: eights-and-nines\nplayers: {min: 2, max: 2}\ndeck: {ranks: [8, 9]}\n"
      "deal: {hand_size: 3, turn_again: 8}\n");
  const Engine engine(v);
  int only_eights = 0, nine_found = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    const State s = engine.deal(2, seed);
    REQUIRE(s.stock.size() == 1);
    int nines_held = 0;
    for (int seat = 0; seat < 2; ++seat)
      s.hand(seat).for_each([&](Card c) { nines_held += c.rank() == Rank::nine; });
    if (nines_held == 4) {
      ++only_eights;
      CHECK(s.discard.top().rank() == Rank::eight);
    } else {
      ++nine_found;
      CHECK(s.discard.top().rank() == Rank::nine);
    }
  }
  CHECK(only_eights > 0);
  CHECK(nine_found > 0);

  // The whole deck is refused, by the loader and by an Engine given such a Variant built in C++.
  CHECK_THROWS_WITH(load_variant("british", "deal: {turn_again: any}", "--rules"),
                    Catch::Contains("deal.turn_again: 'any' is every card of the deck"));
  Variant every = load_variant("british");
  every.deal.turn_again = Selector{every.deal.deck.kinds(), "every card"};
  CHECK_THROWS_WITH(Engine(every), Catch::Contains("none could start the discard pile"));
}
