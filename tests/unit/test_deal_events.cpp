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
