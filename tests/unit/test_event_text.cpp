// Event sentences (io/event_text.hpp) where the rules make the wording easy to get wrong: a
// skip of several turns, a demand of several ranks, the final card played without its call.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "../common/late_call_position.hpp"
#include "switchcards/core/card_format.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/io/event_text.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

namespace {

std::string line_of(const Event& e, const EventTextOptions& o = {}) {
  const std::vector<std::string> lines = describe_events(std::span<const Event>(&e, 1), o);
  REQUIRE(lines.size() == 1);
  return lines.front();
}

Event pending(int seat, std::uint32_t draw, std::uint32_t skip) {
  Event e{EventKind::penalty_pending, static_cast<std::uint8_t>(seat)};
  e.count = draw;
  e.extra = skip;
  return e;
}

}  // namespace

TEST_CASE("events: with_seats renumbers every seat an event names", "[event_text]") {
  // A round dealt to match seats 1, 2 and 3 (seat 0 is out).
  const std::vector<int> match_seats = {1, 2, 3};
  for (int k = 0; k < kEventKindCount; ++k) {
    const auto kind = static_cast<EventKind>(k);
    INFO(event_name(kind));
    const Event e{kind, 0, Card(Rank::eight, Suit::spades), 2, 2};
    const Event renumbered = with_seats(e, match_seats);
    CHECK(renumbered.seat == 1);
    CHECK(renumbered.card == e.card);
    CHECK(renumbered.count == e.count);
    CHECK(renumbered.extra == (extra_is_seat(kind) ? 3u : 2u));
  }
  CHECK(extra_is_seat(EventKind::penalty_deflected));
  CHECK(extra_is_seat(EventKind::hands_swapped));
  CHECK(extra_is_seat(EventKind::jumped_in));
  CHECK(extra_is_seat(EventKind::last_card_caught));
  CHECK_FALSE(extra_is_seat(EventKind::penalty_pending));  // the turns to skip
  // No seat stays no seat; a seat past the list keeps its number.
  CHECK(with_seats(Event{EventKind::round_over}, match_seats).seat == kNoSeat);
  CHECK(with_seats(Event{EventKind::card_played, 5}, match_seats).seat == 5);
  // A span of events, each renumbered, in order.
  const std::vector<Event> round = {Event{EventKind::card_played, 0},
                                    Event{EventKind::jumped_in, 2, Card{}, 0, 1}};
  const std::vector<Event> told = with_seats(round, match_seats);
  REQUIRE(told.size() == 2);
  CHECK(told[0] == with_seats(round[0], match_seats));
  CHECK(told[1] == with_seats(round[1], match_seats));
  CHECK(told[1].extra == 2u);
}

// QA: british-stacked-eights said "You must miss 2 turns", where two stacked 8s skip two
// players: the victim's turn and the next player's are missed, one each.
TEST_CASE("event text: a skip of several turns says whose turns are missed", "[event_text]") {
  const EventTextOptions you{.viewer = 1};
  CHECK(line_of(pending(1, 0, 1), you) == "You must miss a turn unless answered.");
  CHECK(line_of(pending(1, 0, 2), you) ==
        "You must miss a turn unless answered, and the player after you is skipped too.");
  CHECK(line_of(pending(2, 0, 4), you) ==
        "Seat 2 must miss a turn unless answered, and the 3 players after seat 2 are skipped "
        "too.");
  // QA: with 3 players, 4 stacked skips said "the 3 players after seat 1": they are turns,
  // round the table (seat 2's, then seat 0's, then seat 1's again).
  CHECK(line_of(pending(1, 0, 4), {.viewer = 0, .players = 3}) ==
        "Seat 1 must miss a turn unless answered, and the next 3 turns after seat 1's are "
        "skipped too, round the table.");
  CHECK(line_of(pending(1, 0, 4), {.viewer = 1, .players = 3}) ==
        "You must miss a turn unless answered, and the next 3 turns after yours are skipped "
        "too, round the table.");
  CHECK(line_of(pending(1, 0, 3), {.viewer = 0, .players = 3}) ==
        "Seat 1 must miss a turn unless answered, and the 2 players after seat 1 are skipped "
        "too.");
  CHECK(line_of(pending(2, 2, 0), you) == "Seat 2 must draw 2 unless answered.");
  CHECK(line_of(pending(2, 4, 1), you) == "Seat 2 must draw 4 and miss a turn unless answered.");
}

// QA: Makao's kings, whose penalty no card answers, said "must draw 5 unless answered".
TEST_CASE("event text: a penalty nothing answers is not said to be answerable", "[event_text]") {
  const Engine makao(load_variant("makao"));
  Event king = pending(2, 5, 0);
  king.card = parse_card("KH");
  REQUIRE(makao.effect_of(king.card) != nullptr);
  CHECK(line_of(king, {.engine = &makao}) == "Seat 2 must draw 5.");
  Event two = pending(2, 2, 0);
  two.card = parse_card("2H");
  CHECK(line_of(two, {.engine = &makao}) == "Seat 2 must draw 2 unless answered.");
  // Without the engine the card's special is unknown: the answer stays possible.
  CHECK(line_of(king) == "Seat 2 must draw 5 unless answered.");
}

// QA: Balkan's jacks printed "The next card must be [J, Q, K]." (the YAML list as written),
// where EventTextOptions promises the demand spelled out.
TEST_CASE("event text: a demand reads as words, as describe writes it", "[event_text]") {
  const Engine balkan(load_variant("balkan"));
  Event e{EventKind::demand_set, 0, parse_card("JS")};
  REQUIRE(balkan.effect_of(e.card) != nullptr);
  CHECK(line_of(e, {.engine = &balkan}) == "The next card must be J, Q or K.");
  CHECK(line_of(e) == "J♠ sets a demand on the next card.");
  // The position (replay --until) spells it the same way, after a jack is played.
  Position p;
  p.hands = {{parse_card("JS"), parse_card("4C"), parse_card("5D")},
             {parse_card("9C"), parse_card("QD")}};
  p.discard = {parse_card("9S")};
  p.stock = {parse_card("2H"), parse_card("3H")};
  State s = balkan.position(p);
  REQUIRE(balkan.apply(s, Action::play(0, parse_card("JS"))).ok());
  REQUIRE(s.demand >= 0);
  std::string position;
  for (const std::string& line : describe_position(balkan, s)) position += line + "\n";
  CHECK(position.find("the next card must be J, Q or K (") != std::string::npos);
  Selector listed{CardMask{}, "[2, A]"};
  CHECK(selector_words(listed) == "2 or A");
  CHECK(selector_words(Selector{CardMask{}, "black J"}) == "black J");
}

// QA: "You did not call "last card" with the final card, and is not out."
TEST_CASE("event text: a final card without its call, to its player and to others",
          "[event_text]") {
  Event e{EventKind::last_card_missed, 0};
  e.extra = 1;
  CHECK(line_of(e, {.viewer = 0}) ==
        "You did not call \"last card\" with the final card, and you are not out.");
  CHECK(line_of(e, {.viewer = 1}) ==
        "Seat 0 did not call \"last card\" with the final card, and is not out.");
  e.extra = 0;
  CHECK(line_of(e, {.viewer = 0}) == "You did not call \"last card\".");
}

TEST_CASE("event text: the last-card calls in the variant's own words", "[event_text]") {
  const Engine mau(load_variant("mau-mau-final-call"));  // call_name: Mau, final_call_name: Mau-Mau
  Event called{EventKind::last_card_called, 2};
  CHECK(line_of(called, {.engine = &mau}) == "Seat 2 calls \"Mau!\"");
  CHECK(line_of(called) == "Seat 2 calls \"Last card!\"");  // no engine: the default words
  called.extra = 1;                                         // the final call, with the final card
  CHECK(line_of(called, {.engine = &mau}) == "Seat 2 calls \"Mau-Mau!\" with the final card.");
  CHECK(line_of(called, {.viewer = 2}) == "You call \"Last card!\" with the final card.");
  called.extra = 0;
  Event missed{EventKind::last_card_missed, 0};
  called.extra = 2;  // a late call, an action of its own after the play
  CHECK(line_of(called, {.engine = &mau}) == "Seat 2 calls \"Mau!\" late, before being caught.");
  CHECK(line_of(called, {.viewer = 2}) == "You call \"Last card!\" late, before being caught.");
  called.extra = 0;
  CHECK(line_of(missed, {.viewer = 1, .engine = &mau}) == "Seat 0 did not call \"Mau\".");
  CHECK(line_of(missed, {.viewer = 1}) == "Seat 0 did not call \"last card\".");
  missed.extra = 1;  // the final card's call
  CHECK(line_of(missed, {.viewer = 1, .engine = &mau}) ==
        "Seat 0 did not call \"Mau-Mau\" with the final card, and is not out.");
  Event caught{EventKind::last_card_caught, 1};
  caught.extra = 0;
  CHECK(line_of(caught, {.viewer = 0, .engine = &mau}) ==
        "Seat 1 catches you without a \"Mau\" call.");
  CHECK(line_of(caught, {.viewer = 0}) == "Seat 1 catches you without a last-card call.");
  Event paid{EventKind::last_card_penalty, 0};
  paid.count = 2;
  CHECK(line_of(paid, {.engine = &mau}) == "Seat 0 draws 2 \"Mau\" penalty cards.");
  CHECK(line_of(paid) == "Seat 0 draws 2 last-card penalty cards.");
  // Drawn and merged into one line, as a round's events read.
  const Event drawn{EventKind::card_drawn, 0, parse_card("7H")};
  const std::vector<Event> draw_and_pay = {drawn, drawn, paid};
  CHECK(describe_events(draw_and_pay, {.viewer = 1, .engine = &mau}) ==
        std::vector<std::string>{"Seat 0 draws 2 \"Mau\" penalty cards."});
  // The final call's penalty (extra 1) is named after the final call.
  paid.extra = 1;
  CHECK(line_of(paid, {.engine = &mau}) == "Seat 0 draws 2 \"Mau-Mau\" penalty cards.");
  CHECK(describe_events(std::vector<Event>{drawn, drawn, paid}, {.viewer = 1, .engine = &mau}) ==
        std::vector<std::string>{"Seat 0 draws 2 \"Mau-Mau\" penalty cards."});
  CHECK(line_of(paid) == "Seat 0 draws 2 last-card penalty cards.");
  paid.extra = 0;
  // Custom words are said as written, with "!" unless they end in punctuation.
  const Engine uno(load_variant("british", "{last_card: {call_name: uno}}", "override"));
  CHECK(line_of(called, {.engine = &uno}) == "Seat 2 calls \"uno!\"");
  const Engine shout(load_variant("british", "{last_card: {call_name: \"Uno!\"}}", "override"));
  CHECK(line_of(called, {.engine = &shout}) == "Seat 2 calls \"Uno!\"");
}

// QA: a last-card penalty of 2 whose second card came after a reshuffle read "Seat 2 draws 1
// card. / The discard pile is shuffled ... / Seat 2 draws 1 last-card penalty card.": a draw
// of its own and a penalty of one.
// QA: a draw for going out on a card that may not finish read twice ("Seat 3 draws 2 cards.
// Seat 3 draws 2 cards instead of going out on JC, ..."), and a penalty the stock could not pay
// in full read as a plain draw, the shortage, and a penalty of no cards drawn.
TEST_CASE("event text: the draws of a finish penalty, or of a short stock, are one line",
          "[event_text]") {
  const Event drawn_10h{EventKind::card_drawn, 3, parse_card("10H")};
  const Event drawn_10c{EventKind::card_drawn, 3, parse_card("10C")};
  Event finish{EventKind::finish_penalty, 3, parse_card("JC")};
  finish.count = 2;
  CHECK(describe_events(std::vector<Event>{drawn_10h, drawn_10c, finish}, {.viewer = 0}) ==
        std::vector<std::string>{
            "Seat 3 draws 2 cards instead of going out on J♣, which may not finish a hand."});
  CHECK(describe_events(std::vector<Event>{drawn_10h, drawn_10c, finish}, {.viewer = 3}) ==
        std::vector<std::string>{
            "You draw 2 cards instead of going out on J♣, which may not finish a hand: 10♥ 10♣"});
  Event short_stock{EventKind::stock_exhausted, 3};
  short_stock.count = 1;
  short_stock.extra = 2;
  Event penalty{EventKind::last_card_penalty, 3};
  penalty.count = 1;
  CHECK(describe_events(std::vector<Event>{drawn_10h, short_stock, penalty}, {.viewer = 0}) ==
        std::vector<std::string>{"Seat 3 gets only 1 of 2: no cards are left.",
                                 "Seat 3 draws 1 last-card penalty card."});
  // A penalty the stock could not pay at all: no card was drawn.
  penalty.count = 0;
  CHECK(describe_events(std::vector<Event>{short_stock, penalty}, {.viewer = 0}) ==
        std::vector<std::string>{"Seat 3 gets only 1 of 2: no cards are left.",
                                 "Seat 3 draws no last-card penalty cards."});
  Event paid{EventKind::penalty_paid, 3};
  CHECK(describe_events(std::vector<Event>{paid}, {.viewer = 0}) ==
        std::vector<std::string>{"Seat 3 takes the penalty (no cards left to draw)."});
  // A plain draw the stock could not make stays two lines: the draw, then the shortage.
  CHECK(describe_events(std::vector<Event>{drawn_10h, short_stock}, {.viewer = 0}) ==
        std::vector<std::string>{"Seat 3 draws 1 card.",
                                 "Seat 3 gets only 1 of 2: no cards are left."});
}

TEST_CASE("event text: a penalty drawn across a reshuffle is one draw of all its cards",
          "[event_text]") {
  Event reshuffled{EventKind::stock_reshuffled};
  reshuffled.count = 27;
  Event penalty{EventKind::last_card_penalty, 2};
  penalty.count = 2;
  const std::vector<Event> events = {Event{EventKind::card_drawn, 2, parse_card("5H")}, reshuffled,
                                     Event{EventKind::card_drawn, 2, parse_card("6H")}, penalty};
  CHECK(describe_events(events, {.viewer = 0}) ==
        std::vector<std::string>{"The discard pile is shuffled into a new stock (27 cards).",
                                 "Seat 2 draws 2 last-card penalty cards."});
  CHECK(describe_events(events, {.viewer = 2}) ==
        std::vector<std::string>{"The discard pile is shuffled into a new stock (27 cards).",
                                 "You draw 2 last-card penalty cards: 5♥ 6♥"});
  // A reshuffle after the last card drawn, or before another seat's draw, stays where it is.
  const std::vector<Event> apart = {Event{EventKind::card_drawn, 2, parse_card("5H")}, reshuffled,
                                    Event{EventKind::card_drawn, 3, parse_card("6H")}};
  CHECK(describe_events(apart, {.viewer = 0}) ==
        std::vector<std::string>{"Seat 2 draws 1 card.",
                                 "The discard pile is shuffled into a new stock (27 cards).",
                                 "Seat 3 draws 1 card."});
}

// QA: replay --until listed only the seat to act's moves as "Legal:", without the late call,
// the catches or the jump-ins that may come first.
TEST_CASE("the position lists what other seats may do first", "[event_text]") {
  const Engine british(load_variant("british"));
  Position p;
  p.hands = {{parse_card("5H"), parse_card("6H")},
             {parse_card("9C"), parse_card("QD")},
             {parse_card("4C"), parse_card("3D")}};
  p.discard = {parse_card("9H")};
  p.stock = {parse_card("2S"), parse_card("3S")};
  State s = british.position(p);
  REQUIRE(british.apply(s, Action::play(0, parse_card("5H"))).ok());  // no call: catchable
  REQUIRE(s.catchable == 0);
  std::string position;
  for (const std::string& line : describe_position(british, s)) position += line + "\n";
  INFO(position);
  CHECK(position.find("Legal: 1 draw, 1 challenge 0.\n") != std::string::npos);
  CHECK(position.find("Out of turn, first: 0 call, 2 challenge 0.\n") != std::string::npos);
  // Nobody to catch: no such line.
  const State dealt = british.position(p);
  position.clear();
  for (const std::string& line : describe_position(british, dealt)) position += line + "\n";
  CHECK(position.find("Out of turn") == std::string::npos);
}

TEST_CASE("event text: a late call says it is late, after the miss it mends", "[event_text]") {
  // QA: the log said "did not call", then "calls", with nothing saying the call came after the
  // play.
  const Engine engine(load_variant("mau-mau-purist"));
  State s = engine.position(testing::ace_leaves_one_card());
  EventBuffer events;
  REQUIRE(engine.apply(s, parse_action("0 play AH"), &events));
  std::vector<std::string> lines;
  for (const Event& e : events) lines.push_back(line_of(e, {.engine = &engine}));
  CHECK(std::ranges::find(lines, "Seat 0 did not call \"Mau\".") != lines.end());
  events.clear();
  REQUIRE(engine.apply(s, Action::call(0), &events));
  REQUIRE(events.size() == 1);
  CHECK(events[0].kind == EventKind::last_card_called);
  CHECK(events[0].extra == 2);
  CHECK(line_of(events[0], {.engine = &engine}) ==
        "Seat 0 calls \"Mau!\" late, before being caught.");
}
