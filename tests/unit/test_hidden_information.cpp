// No hidden information reaches a seat (issue 15): over random positions of every built-in
// variant, positions that differ only in what a seat may not see (the other hands, the order
// of the stock, the discard pile below its top) give it the same observation vector, the same
// JSON view and, after the same action of another seat, the same masked events; positions that
// differ in something it may see give it different ones.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "switchcards/engine/observation.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

namespace {

// `s` with the cards `observer` cannot see dealt anew at random: each hidden place keeps its
// size. `keep` is a seat whose hand stays as it is too (-1: none).
State rearrange_hidden(const State& s, int observer, int keep, Pcg32& rng) {
  State t = s;
  std::vector<Card> pool;
  for (int seat = 0; seat < s.players(); ++seat) {
    if (seat == observer || seat == keep) continue;
    s.hand(seat).for_each([&](Card c) { pool.push_back(c); });
    t.hands[seat].clear();
  }
  for (Card c : s.stock.cards()) pool.push_back(c);
  // The top card, and the cards laid in a turn of several cards under way (everyone saw them
  // played, and what may follow or what they add up to depends on them), stay.
  const int seen = std::max(1, static_cast<int>(s.laid));
  const int below_top = s.discard.size() - seen;
  for (int i = 0; i < below_top; ++i) pool.push_back(s.discard[i]);
  shuffle(std::span<Card>(pool), rng);
  std::size_t next = 0;
  for (int seat = 0; seat < s.players(); ++seat) {
    if (seat == observer || seat == keep) continue;
    for (int i = 0; i < s.hand(seat).size(); ++i) t.hands[seat].add(pool[next++]);
  }
  t.stock.clear();
  for (int i = 0; i < s.stock.size(); ++i) t.stock.push(pool[next++]);
  t.discard.clear();
  for (int i = 0; i < below_top; ++i) t.discard.push(pool[next++]);
  for (int i = below_top; i < s.discard.size(); ++i) t.discard.push(s.discard[i]);
  return t;
}

struct Seen {
  std::vector<float> observation;
  std::string view;
};

Seen seen_by_seat(const Engine& engine, const ObservationLayout& layout, const State& s, int seat,
                  std::span<const Card> discard_seen, std::span<const int> totals) {
  Seen out;
  out.observation.resize(static_cast<std::size_t>(layout.size()));
  const PlayerView view(engine, s, seat);
  layout.write(view, discard_seen, totals, out.observation);
  out.view = to_json(view);
  return out;
}

// The events as `seat` sees them, less the cards it draws itself: a draw shows the drawer a
// card from the hidden stock, which is what drawing is for, so those may differ.
std::vector<Event> masked(const EventBuffer& events, int seat) {
  std::vector<Event> out;
  for (const Event& e : events) {
    Event seen = seen_by(e, seat, false);
    if (seen.kind == EventKind::card_drawn && seen.seat == seat) seen.card = Card::joker();
    out.push_back(seen);
  }
  return out;
}

}  // namespace

TEST_CASE("hidden information: what a seat cannot see changes nothing it is given", "[hidden]") {
  for (const std::string& name : builtin_variant_names()) {
    const Engine engine(load_variant(name));
    const Variant& v = engine.variant();
    for (int players : {v.deal.min_players, std::min(4, v.deal.max_players)}) {
      if (players < 2) continue;
      INFO(name << " with " << players << " players");
      const ObservationLayout layout(engine, players);
      const std::vector<int> totals = [&] {
        std::vector<int> t;
        for (int seat = 0; seat < players; ++seat) t.push_back(10 * seat);
        return t;
      }();
      Pcg32 rng(static_cast<std::uint64_t>(players) * 31);
      ActionList legal;
      int compared = 0, events_compared = 0, draws_compared = 0, differences_seen = 0;
      for (int round = 0; round < 4; ++round) {
        State s = engine.deal(players, derive_seed(21, static_cast<std::uint64_t>(round)));
        for (int step = 0; !s.over() && step < 200; ++step) {
          engine.legal_actions(s, legal);
          const Action a =
              legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
          if (step % 3 == 0) {
            const int actor = s.turn;
            const int observer = s.seats.next(actor);
            // The observer remembers the discard pile as it saw it played: the same memory in
            // both positions (the test gives it the true pile).
            const std::vector<Card> memory(s.discard.cards().begin(), s.discard.cards().end());
            const Seen here = seen_by_seat(engine, layout, s, observer, memory, totals);

            // 1. Everything hidden from the observer dealt anew (but the card the actor drew
            // and may now play stays in its hand).
            const int keep = s.phase == Phase::after_draw ? actor : -1;
            const State other = rearrange_hidden(s, observer, keep, rng);
            REQUIRE(check_state(engine, other) == "");
            const Seen there = seen_by_seat(engine, layout, other, observer, memory, totals);
            REQUIRE(here.observation == there.observation);
            REQUIRE(here.view == there.view);
            ++compared;

            // 2. The same, but the actor keeps its hand, so it can make the same move: the
            // observer's masked events of it are the same. (A card the actor draws differs
            // between the two, and whether it can be played shows publicly in what happens
            // next, so only moves with the same public outcome are compared.)
            State x = s, y = rearrange_hidden(s, observer, actor, rng);
            EventBuffer ex, ey;
            REQUIRE(engine.apply(x, a, &ex));
            REQUIRE(engine.apply(y, a, &ey));
            // (With draw.cards: until_playable how many cards a draw takes is public too, and
            // depends on the hidden stock.)
            if (x.phase == y.phase && x.turn == y.turn &&
                x.hand(actor).size() == y.hand(actor).size()) {
              REQUIRE(to_json(masked(ex, observer)) == to_json(masked(ey, observer)));
              ++events_compared;
              if (a.kind() == ActionKind::draw) ++draws_compared;
            }

            // 3. What the observer may see, changed: its own hand (a card swapped with the
            // stock), or a hand size (a card moved between two other hands).
            if (!s.stock.empty() && !s.hand(observer).empty()) {
              State mine = s;
              const Card held = mine.hands[observer].kinds().first();
              const Card from_stock = mine.stock.pop();
              if (from_stock != held) {
                mine.hands[observer].remove(held);
                mine.hands[observer].add(from_stock);
                mine.stock.push(held);
                const Seen changed = seen_by_seat(engine, layout, mine, observer, memory, totals);
                REQUIRE(changed.observation != here.observation);
                REQUIRE(changed.view != here.view);
                ++differences_seen;
              }
            }
            if (players >= 3 && !s.hand(actor).empty()) {
              State sizes = s;
              const int third = s.seats.next(observer);
              const Card c = sizes.hands[actor].kinds().first();
              sizes.hands[actor].remove(c);
              sizes.hands[third == actor ? observer : third].add(c);
              if (third != actor) {
                const Seen changed = seen_by_seat(engine, layout, sizes, observer, memory, totals);
                REQUIRE(changed.observation != here.observation);
                REQUIRE(changed.view != here.view);
                ++differences_seen;
              }
            }
          }
          engine.apply(s, a);
        }
      }
      CHECK(compared > 10);
      CHECK(events_compared > 10);
      CHECK(draws_compared > 0);
      CHECK(differences_seen > 0);
    }
  }
}

TEST_CASE("observation: the layout names every slice once and fills the vector", "[hidden]") {
  const Engine engine(load_variant("british"));
  const ObservationLayout layout(engine, 4);
  int end = 0;
  std::vector<std::string> names;
  for (const ObservationSlice& s : layout.slices()) {
    CHECK(s.offset == end);  // contiguous, in table order
    CHECK(s.size > 0);
    end += s.size;
    names.push_back(s.name);
  }
  CHECK(end == layout.size());
  std::sort(names.begin(), names.end());
  CHECK(std::adjacent_find(names.begin(), names.end()) == names.end());

  // A fresh British deal seen from seat 0: seven cards, the turned-up card, four seats.
  const State s = engine.deal(4, 3);
  std::vector<float> o(static_cast<std::size_t>(layout.size()));
  const std::vector<Card> seen = {s.top()};
  layout.write(PlayerView(engine, s, 0), seen, {}, o);
  const auto at = [&](std::string_view slice, int i) {
    return o[static_cast<std::size_t>(layout.slice(slice).offset + i)];
  };
  float held = 0;
  for (int i = 0; i < kCardKinds; ++i) held += at("hand", i);
  CHECK(held == 7);
  CHECK(at("top", s.top().index()) == 1);
  CHECK(at("discard_seen", s.top().index()) == 1);
  CHECK(at("to_act", 0) == (s.turn == 0 ? 1 : 0));
  for (int k = 0; k < 4; ++k) CHECK(at("hand_sizes", k) == s.hand(s.seats.after(0, k)).size());
  CHECK(at("stock_size", 0) == s.stock.size());
  CHECK_THROWS_AS(layout.slice("nothing"), std::out_of_range);
}

// API misuse QA: a card index past the deck in discard_seen was written past the caller's
// vector. It is refused before anything is written.
TEST_CASE("observation: discard_seen of a card index past the deck is refused, out untouched",
          "[hidden]") {
  const Engine engine(load_variant("british"));
  const ObservationLayout layout(engine, 4);
  const State s = engine.deal(4, 3);
  std::vector<float> o(static_cast<std::size_t>(layout.size()), -1.0f);
  const std::vector<Card> seen = {s.top(), Card::from_index(kCardKinds)};
  try {
    layout.write(PlayerView(engine, s, 0), seen, {}, o);
    FAIL("wrote an observation of a card index past the deck");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()) == "discard_seen: card index 53 is no card");
  }
  CHECK(std::all_of(o.begin(), o.end(), [](float x) { return x == -1.0f; }));
  const std::vector<Card> joker = {Card::joker()};  // the last index is a card
  CHECK_NOTHROW(layout.write(PlayerView(engine, s, 0), joker, {}, o));
}

TEST_CASE("observation: a turn of several cards under way shows its cards and the run's way",
          "[hidden]") {
  // A variant that lays one card a turn has no such slices: its vector does not grow.
  const ObservationLayout one_card(Engine(load_variant("british")), 4);
  CHECK_THROWS_AS(one_card.slice("turn_cards"), std::out_of_range);
  CHECK_THROWS_AS(one_card.slice("run_direction"), std::out_of_range);
  CHECK(one_card.size() == 310);  // docs/api.md's table

  const Engine engine(load_variant("british-runs-jokers"));
  const ObservationLayout layout(engine, 2);
  Position p;
  p.hands = {
      {parse_card("5H"), Card::joker(), parse_card("3H"), parse_card("2H"), parse_card("KC")},
      {parse_card("2C"), parse_card("3D"), parse_card("KS")}};
  p.discard = {parse_card("5S")};
  p.stock = {parse_card("QD"), parse_card("JD"), parse_card("TD")};
  State s = engine.position(p);
  std::vector<float> o(static_cast<std::size_t>(layout.size()));
  const auto seen_by = [&](int seat) {
    layout.write(PlayerView(engine, s, seat), s.discard.cards(), {}, o);
  };
  const auto at = [&](std::string_view slice, int i) {
    return o[static_cast<std::size_t>(layout.slice(slice).offset + i)];
  };
  const auto laid = [&](Card c) { return at("turn_cards", c.index()); };
  const auto sum = [&](std::string_view slice) {
    float total = 0;
    for (int i = 0; i < layout.slice(slice).size; ++i) total += at(slice, i);
    return total;
  };
  const auto lay = [&](std::string_view card) {
    REQUIRE(engine.apply(s, Action::play(0, parse_card(card))));
  };

  seen_by(1);  // no turn under way
  CHECK(sum("turn_cards") == 0);
  CHECK(sum("run_direction") == 0);

  lay("5H");  // the first card: no direction yet
  REQUIRE(s.phase == Phase::laying);
  for (int seat : {0, 1}) {  // both seats saw it laid
    seen_by(seat);
    CHECK(laid(parse_card("5H")) == 1);
    CHECK(sum("turn_cards") == 1);
    CHECK(sum("run_direction") == 0);
  }

  REQUIRE(engine.apply(s, Action::play(0, Card::joker(), Suit::clubs)));  // a stand-in (4H or 6H)
  seen_by(1);
  CHECK(laid(Card::joker()) == 1);
  CHECK(sum("turn_cards") == 2);
  CHECK(sum("run_direction") == 0);

  lay("3H");  // the joker stood for 4H: the run goes down (2H may follow)
  seen_by(1);
  CHECK(laid(parse_card("3H")) == 1);
  CHECK(sum("turn_cards") == 3);
  CHECK(at("run_direction", 0) == 0);
  CHECK(at("run_direction", 1) == 1);

  REQUIRE(engine.apply(s, Action::pass(0)));  // the turn ends: nothing is under way
  seen_by(1);
  CHECK(sum("turn_cards") == 0);
  CHECK(sum("run_direction") == 0);
}

TEST_CASE("observation: a CardKnowledge fed the seat's events remembers the discard pile",
          "[hidden]") {
  const Engine engine(load_variant("british"));
  const ObservationLayout layout(engine, 3);
  EventBuffer events;
  State s = engine.deal(3, 8, -1, &events);
  std::array<CardKnowledge, 3> memory;
  const auto tell = [&] {
    for (int seat = 0; seat < 3; ++seat) {
      std::vector<Event> seen;
      for (const Event& e : events) seen.push_back(seen_by(e, seat, false));
      memory[static_cast<std::size_t>(seat)].observe(PlayerView(engine, s, seat), seen);
    }
  };
  tell();
  Pcg32 rng(4);
  ActionList legal;
  std::vector<float> from_memory(static_cast<std::size_t>(layout.size()));
  std::vector<float> from_truth(from_memory.size());
  for (int step = 0; step < 150 && !s.over(); ++step) {
    engine.legal_actions(s, legal);
    events.clear();
    engine.apply(s, legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))],
                 &events);
    tell();
    // A seat that saw every action remembers the discard pile exactly.
    const PlayerView view(engine, s, 1);
    layout.write(view, memory[1], {}, from_memory);
    layout.write(view, s.discard.cards(), {}, from_truth);
    REQUIRE(from_memory == from_truth);
  }
}

TEST_CASE(
    "observation: a layout of the match's seats keeps the round's slices and flags the "
    "seats that are out",
    "[hidden]") {
  const Engine engine(load_variant("british"));
  const ObservationLayout round_layout(engine, 4);
  const ObservationLayout layout(engine, 4, ObservationSeats::match);
  // The round layout's slices, then out_of_match.
  REQUIRE(layout.slices().size() == round_layout.slices().size() + 1);
  for (std::size_t i = 0; i < round_layout.slices().size(); ++i) {
    CHECK(layout.slices()[i].name == round_layout.slices()[i].name);
    CHECK(layout.slices()[i].offset == round_layout.slices()[i].offset);
  }
  CHECK(layout.slice("out_of_match").offset == round_layout.size());
  CHECK(layout.slice("out_of_match").size == 4);
  const std::vector<int> totals = {10, 20, 120, 40};  // by match seat; seat 2 is out
  std::vector<float> o(static_cast<std::size_t>(layout.size()));
  const auto at = [&](std::string_view slice, int k) {
    return o[static_cast<std::size_t>(layout.slice(slice).offset + k)];
  };

  // Every match seat in: the round layout's vector, and nobody flagged.
  const State all = engine.deal(4, 5);
  std::vector<float> round_o(static_cast<std::size_t>(round_layout.size()));
  const std::vector<int> everyone = {0, 1, 2, 3};
  layout.write(PlayerView(engine, all, 1), all.discard.cards(), totals, everyone, o);
  round_layout.write(PlayerView(engine, all, 1), all.discard.cards(), totals, round_o);
  CHECK(std::equal(round_o.begin(), round_o.end(), o.begin()));
  for (int k = 0; k < 4; ++k) CHECK(at("out_of_match", k) == 0);

  // Seat 2 out: the round is dealt to match seats 0, 1 and 3 (round seats 0, 1, 2), and the
  // observer, match seat 3, sees them at their places among the match's four seats.
  const State s = engine.deal(3, 6);
  const std::vector<int> round_seats = {0, 1, 3};
  layout.write(PlayerView(engine, s, 2), s.discard.cards(), totals, round_seats, o);
  const bool clockwise = s.seats.direction() == Direction::clockwise;
  const std::array<int, 4> around =
      clockwise ? std::array<int, 4>{3, 0, 1, 2} : std::array<int, 4>{3, 2, 1, 0};
  const std::array<int, 4> round_seat_of = {0, 1, -1, 2};
  for (int k = 0; k < 4; ++k) {
    const int m = around[static_cast<std::size_t>(k)];
    const int r = round_seat_of[static_cast<std::size_t>(m)];
    INFO("entry " << k << ": match seat " << m);
    CHECK(at("out_of_match", k) == (r < 0 ? 1 : 0));
    CHECK(at("hand_sizes", k) == (r < 0 ? 0 : s.hand(r).size()));
    CHECK(at("to_act", k) == (r == s.turn ? 1 : 0));
    CHECK(at("match_totals", k) == totals[static_cast<std::size_t>(m)]);
  }
  float held = 0;
  for (int i = 0; i < kCardKinds; ++i) held += at("hand", i);
  CHECK(held == s.hand(2).size());

  // The seat that is out sees who is out and the totals, nothing of the round.
  layout.write_out(2, round_seats, totals, o);
  for (int k = 0; k < 4; ++k) {
    CHECK(at("out_of_match", k) == (k == 0 ? 1 : 0));
    CHECK(at("match_totals", k) == totals[static_cast<std::size_t>((2 + k) % 4)]);
    CHECK(at("hand_sizes", k) == 0);
  }
  CHECK(at("stock_size", 0) == 0);

  // What does not fit is refused.
  CHECK_THROWS_WITH(layout.write_out(1, round_seats, totals, o), "seat 1 is not out");
  // QA: a seat past the table was said to be "not out".
  CHECK_THROWS_WITH(layout.write_out(7, round_seats, totals, o),
                    "seat 7 is not one of the layout's 4 seats");
  CHECK_THROWS_AS(layout.write(PlayerView(engine, s, 0), {}, totals, std::vector<int>{0, 1}, o),
                  std::invalid_argument);
  CHECK_THROWS_AS(layout.write(PlayerView(engine, s, 0), {}, totals, std::vector<int>{3, 1, 0}, o),
                  std::invalid_argument);
  CHECK_THROWS_AS(layout.write(PlayerView(engine, s, 0), std::span<const Card>{}, totals, o),
                  std::invalid_argument);
  std::vector<float> round3(static_cast<std::size_t>(ObservationLayout(engine, 3).size()));
  CHECK_THROWS_AS(
      ObservationLayout(engine, 3).write(PlayerView(engine, s, 0), {}, totals, round_seats, round3),
      std::invalid_argument);
}

TEST_CASE("a view asked about a seat not at the table throws, naming it", "[hidden]") {
  // It read past the hands (hand_size(9) on four seats) or shifted by a negative count.
  const Engine engine(load_variant("british"));
  const State s = engine.deal(4, 3);
  const PlayerView view(engine, s, 0);
  CHECK(view.hand_size(3) == 7);
  for (const int seat : {-1, 4, 9, 40}) {
    INFO(seat);
    CHECK_THROWS_WITH(view.hand_size(seat),
                      "seat " + std::to_string(seat) + " is not at the table (0 to 3)");
    CHECK_THROWS_AS(view.owes_last_card(seat), std::out_of_range);
    CHECK_THROWS_AS(view.misses_turn(seat), std::out_of_range);
    CHECK_THROWS_AS(view.hand_of(seat), std::exception);  // hidden, or not at the table
  }
  CHECK_THROWS_WITH(PlayerView(engine, s, 4), "seat 4 is not at the table (0 to 3)");
}

// layout.write(view, {}, {}, out) (no memory, no totals) did not compile: `{}` made both a
// CardKnowledge and a span of cards, and the call was ambiguous. It is the span's: no card seen.
TEST_CASE("an observation is written with {} for no memory and no totals") {
  const Engine engine(load_variant("british"));
  const ObservationLayout layout(engine, 4);
  const State s = engine.deal(4, 3);
  std::vector<float> braces(static_cast<std::size_t>(layout.size()), -1.0f);
  std::vector<float> spelled(braces.size(), -2.0f);
  layout.write(PlayerView(engine, s, 0), {}, {}, braces);
  layout.write(PlayerView(engine, s, 0), std::span<const Card>{}, std::span<const int>{}, spelled);
  CHECK(braces == spelled);
  CardKnowledge memory;  // the memory overload still takes a CardKnowledge
  memory.sync(PlayerView(engine, s, 0));
  layout.write(PlayerView(engine, s, 0), memory, {}, braces);
  const std::vector<Card> top = {s.top()};
  layout.write(PlayerView(engine, s, 0), top, {}, spelled);
  CHECK(braces == spelled);
}
