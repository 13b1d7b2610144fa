// JSON forms (io/json.hpp): every value round-trips on random positions of every built-in
// variant, and bad documents are refused with the JSON path of the problem.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/engine/standings.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/variant_fingerprint.hpp"

#include "../common/replaced.hpp"

using namespace switchcards;

namespace {

// Calls f(state, action, events) for every action of `rounds` seeded random rounds.
template <typename F>
void random_play(const Engine& engine, int players, int rounds, F&& f) {
  Pcg32 rng(99);
  ActionList legal;
  EventBuffer events;
  for (int r = 0; r < rounds; ++r) {
    State s = engine.deal(players, derive_seed(5, static_cast<std::uint64_t>(r)));
    while (!s.over()) {
      engine.legal_actions(s, legal);
      // Mostly plays (listed first), so rounds end well before the turn limit.
      int choices = 0;
      while (choices < legal.size() && legal[choices].kind() == ActionKind::play) ++choices;
      if (choices == 0 || rng.below(5) == 0) choices = legal.size();
      Action a = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(choices)))];
      if (a.kind() == ActionKind::play && s.hand(s.turn).size() == 2 && rng.below(2) == 0)
        a = a.with_last();
      events.clear();
      REQUIRE(engine.apply(s, a, &events));
      f(s, a, events.span());
    }
  }
}

// `json` with the scalar (or empty-list) value of `key` replaced by `value`: the first place
// the key occurs (pending's draw comes before the top level's decisions, its `from` is the only
// one).
std::string set(std::string json, const std::string& key, const std::string& value) {
  const std::size_t at = json.find("\"" + key + "\":");
  REQUIRE(at != std::string::npos);
  const std::size_t from = at + key.size() + 3;
  const std::size_t end = json.find_first_of(",}", from);
  return json.replace(from, end - from, value);
}

std::string error_of(const Engine& engine, const std::string& json) {
  try {
    state_from_json(engine, json, "save.json");
  } catch (const JsonError& e) {
    return e.what();
  }
  return "";
}

// The message of the JsonError that `read` throws; "accepted" if it throws none.
template <typename Read>
std::string json_error(const Read& read) {
  try {
    read();
  } catch (const JsonError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("json: states, views, actions and events round-trip in every built-in variant",
          "[json]") {
  // The built-in variants, and every house rule at once on one and on two decks.
  std::vector<std::string> names = builtin_variant_names();
  for (const char* file : {"kitchen-sink.yaml", "kitchen-sink-several.yaml"})
    names.push_back(SWITCHCARDS_SOURCE_DIR "/tests/variants/" + std::string(file));
  for (const std::string& name : names) {
    const Engine engine(load_variant(name));
    const Variant& v = engine.variant();
    for (int players : {v.deal.min_players, v.deal.max_players}) {
      INFO(name << " with " << players << " players");
      int checked = 0;
      random_play(engine, players, 6, [&](const State& s, Action a, std::span<const Event> ev) {
        REQUIRE(action_from_json(to_json(a)) == a);
        for (const Event& e : ev) REQUIRE(event_from_json(to_json(e)) == e);
        // Every position the engine reaches is one check_state accepts.
        REQUIRE(check_state(engine, s) == "");
        if (s.decisions % 5 != 0 && !s.over()) return;
        const std::string text = to_json(engine, s);
        const State back = state_from_json(engine, text);
        REQUIRE(back == s);
        REQUIRE(to_json(engine, back) == text);
        for (int seat = 0; seat < players; ++seat) {
          const ViewSnapshot view = snapshot(PlayerView(engine, s, seat));
          REQUIRE(view_from_json(to_json(view)) == view);
          if (v.beginner_mode) {
            const ViewSnapshot open = snapshot(PlayerView(engine, s, seat, true));
            REQUIRE(view_from_json(to_json(open)) == open);
          }
        }
        ++checked;
      });
      CHECK(checked > 0);
    }
  }
}

TEST_CASE("json: a round stopped by the turn limit mid-turn saves and loads", "[json]") {
  // The turn limit ends a round after its first action here. A play opens a jump-in window
  // (balkan-jump-in) or starts a turn of several cards (british-runs); the round's end closes
  // both, as check_state and the view's reader expect of a finished round.
  for (const char* name : {"balkan-jump-in", "british-runs"}) {
    INFO(name);
    const Engine free(load_variant(name));
    Variant v = free.variant();
    v.round.turn_limit = 1;
    const Engine limited(v);
    int open = 0;  // rounds whose play left a window open or a turn under way in `free`
    ActionList legal;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      State s = limited.deal(4, seed);
      limited.legal_actions(s, legal);
      const Action play = legal[0];  // plays come first
      if (play.kind() != ActionKind::play) continue;
      State unlimited = s;
      REQUIRE(free.apply(unlimited, play));
      open += unlimited.jump_open || unlimited.phase == Phase::laying;
      REQUIRE(limited.apply(s, play));
      REQUIRE(s.stalemate);
      CHECK_FALSE(s.jump_open);
      CHECK(s.laid == 0);
      CHECK(s.run_step == 0);
      CHECK(check_state(limited, s) == "");
      CHECK(state_from_json(limited, to_json(limited, s)) == s);
      for (int seat = 0; seat < 4; ++seat) {
        const ViewSnapshot view = snapshot(PlayerView(limited, s, seat));
        CHECK(view_from_json(to_json(view)) == view);
      }
    }
    CHECK(open > 0);
  }
}

// QA: an elimination match of a variant for 3 or 4 players deals its later rounds to two
// seats, and saving such a round failed: the reader and check_state took deal.min_players as
// the fewest seats a position of the variant can have.
TEST_CASE("json: a round an elimination match dealt to fewer seats than the minimum saves",
          "[json]") {
  const Engine engine(load_variant(
      "british", "players: {min: 3, max: 4}\nmatch: {end: elimination, limit: 40}", "house"));
  const State s = engine.deal(2, 5);
  CHECK(check_state(engine, s) == "");
  CHECK(state_from_json(engine, to_json(engine, s), "save.json") == s);
  const Engine single(
      load_variant("british", "players: {min: 3, max: 4}\nmatch: {end: single_round}", "house"));
  const State two = single.deal(2, 5);
  CHECK(check_state(single, two) == "/players: 2 seats, but the variant is for 3 to 4 players");
  // Five seats are too many for either; the elimination match says how few it may deal to.
  const Engine five(load_variant("british", "players: {min: 3, max: 5}", "house"));
  CHECK(check_state(engine, five.deal(5, 5)) ==
        "/players: 5 seats, but the variant is for 3 to 4 players (2 in the later rounds of a "
        "match)");
  CHECK_THROWS_WITH(state_from_json(single, to_json(single, two), "save.json"),
                    Catch::Contains("save.json: /players"));
}

// QA: a save with a suit named over a card that names none (spades over 5H in British, or in
// crazy-eights with no 8 on top) was read and forced spades on the next player.
TEST_CASE("json: a named suit needs a card that names one on top", "[json]") {
  for (const char* name : {"british", "crazy-eights"}) {
    const Engine engine(load_variant(name));
    State s = engine.deal(3, 11);
    REQUIRE(!engine.names_suit(s.top()));
    s.named_suit = s.top().suit() == Suit::spades ? Suit::hearts : Suit::spades;
    const std::string why = check_state(engine, s);
    CHECK(why.rfind("/named_suit: ", 0) == 0);
    CHECK(why.find("the top card " + to_string(s.top()) + " names no suit") != std::string::npos);
    CHECK_THROWS_WITH(state_from_json(engine, to_json(engine, s), "save.json"),
                      Catch::Contains("save.json: /named_suit"));
  }
}

TEST_CASE("json: a resumed state plays on exactly as the original", "[json]") {
  const Engine engine(load_variant("british"));
  State s = engine.deal(4, 17);
  Pcg32 rng(1);
  ActionList legal;
  for (int i = 0; i < 40 && !s.over(); ++i) {
    engine.legal_actions(s, legal);
    engine.apply(s, legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
  }
  State resumed = state_from_json(engine, to_json(engine, s));
  // Both play on with the same choices, reshuffles included (the generator is saved too).
  Pcg32 a(7), b(7);
  while (!s.over()) {
    engine.legal_actions(s, legal);
    const Action x = legal[static_cast<int>(a.below(static_cast<std::uint32_t>(legal.size())))];
    ActionList other;
    engine.legal_actions(resumed, other);
    const Action y = other[static_cast<int>(b.below(static_cast<std::uint32_t>(other.size())))];
    REQUIRE(x == y);
    engine.apply(s, x);
    engine.apply(resumed, y);
    REQUIRE(s == resumed);
  }
}

TEST_CASE("json: a bad state is refused with the path of the problem", "[json]") {
  const Engine engine(load_variant("british"));
  const State s = engine.deal(3, 4);
  const std::string good = to_json(engine, s);
  REQUIRE(error_of(engine, good) == "");
  const auto with = [&](std::string_view from, std::string_view to) {
    return testing::replaced(good, from, to);
  };

  // The first card of seat 2's hand becomes a card that does not exist.
  const std::string hand2 = to_json(s.hand(2).kinds().first());
  std::string bad = good;
  const std::size_t hands = bad.find("\"hands\":");
  std::size_t third = bad.find('[', bad.find("],[", bad.find("],[", hands) + 1));
  bad.replace(third + 1, hand2.size(), "\"11H\"");
  CHECK(error_of(engine, bad) ==
        "save.json: /hands/2/0: '11H' is not a card (e.g. AS, 10H, QD, JOKER)");

  CHECK(error_of(engine, with("\"version\":1", "\"version\":2")) ==
        "save.json: /version: version 2 is not supported (this library reads version 1)");
  CHECK(error_of(engine, with("\"version\":1", "\"version\":-1")) ==
        "save.json: /version: version -1 is not supported (this library reads version 1)");
  CHECK(error_of(engine, with("\"version\":1", "\"version\":\"1\"")) ==
        "save.json: /version: expected a whole number from 0 to 2147483647, got \"1\"");
  CHECK(error_of(engine, with("\"variant\":\"british\"", "\"variant\":\"balkan\"")) ==
        "save.json: /variant: this state is of variant 'balkan', not of the engine's 'british'");
  CHECK(error_of(engine, with("\"players\":3", "\"players\":9")) ==
        "save.json: /players: expected a whole number from 2 to 7, got 9");
  CHECK(error_of(engine, with("\"stalemate\":false", "\"stalemate\":false,\"cheat\":1")) ==
        "save.json: /cheat: unknown key 'cheat'");
  CHECK(error_of(engine, with("\"turn\":0", "\"turn\":\"0\"")) ==
        "save.json: /turn: expected a whole number from 0 to 2, got \"0\"");
  CHECK(error_of(engine, with("\"decisions\":0", "\"decisions\":-1")) ==
        "save.json: /decisions: expected a whole number from 0 to 4294967295, got -1");
  CHECK(error_of(engine, with("\"pending\":{\"draw\":0,", "\"pending\":{\"draw\":3,")) ==
        "save.json: /pending/effect: a pending draw or skip needs the special that set it");
  CHECK(error_of(engine, with("\"catchable\":null", "\"catchable\":1")) ==
        "save.json: /catchable: only a seat holding one card can be caught");
  CHECK(error_of(engine, with("\"phase\":\"play\"", "\"phase\":\"after_draw\""))
            .find("save.json: /drawn: ") == 0);
  CHECK(error_of(engine, with("\"rng\":{\"state\":\"0x", "\"rng\":{\"state\":\"1x"))
            .find("save.json: /rng/state: ") == 0);
  CHECK(error_of(engine, "{\"format\": \"switchcards.state\",") ==
        "save.json: not JSON: parse error at line 1, column 32: syntax error while parsing "
        "object key - "
        "unexpected end of input; expected string literal");
  CHECK(error_of(engine, "[]") == "save.json: expected an object, got an array");

  // A card taken out of the stock, or put in twice.
  const std::string top = to_json(s.top());
  const std::size_t stock = good.find("\"stock\":[") + 9;
  std::string missing = good;
  const std::size_t comma = missing.find(',', stock);
  missing.erase(stock, comma + 1 - stock);
  CHECK(error_of(engine, missing).find("save.json: '") == 0);
  CHECK(error_of(engine, missing).find("is missing: the deck for 3 players holds it 1 times") !=
        std::string::npos);
  std::string twice = good;
  twice.insert(stock, top + ",");
  CHECK(error_of(engine, twice) == "save.json: /stock/0: " + std::string("'") + to_string(s.top()) +
                                       "' is one more than the deck for 3 players holds (1)");
}

TEST_CASE("json: a state that no round could reach is refused", "[json]") {
  // Each of these read back as a State that offers a move no rule gives, or that the reader
  // itself would refuse once written again.
  const Engine british(load_variant("british"));
  // A dealt round whose seat to act holds a card it may play and one it may not.
  State s;
  Card playable{}, unplayable{};
  for (std::uint64_t seed = 0; playable == Card{} || unplayable == Card{}; ++seed) {
    REQUIRE(seed < 100);
    s = british.deal(3, seed);
    playable = unplayable = Card{};
    s.hand(s.turn).for_each([&](Card c) {
      if (british.names_suit(c)) return;
      (british.check(s, Action::play(s.turn, c)) == Refusal::none ? playable : unplayable) = c;
    });
  }
  const std::string good = to_json(british, s);
  REQUIRE(error_of(british, good) == "");
  // A key given twice: either value could be the one meant.
  const std::string turn = "\"turn\":" + std::to_string(s.turn);
  std::string twice = good;
  twice.insert(twice.find(turn), turn + ",");
  CHECK(error_of(british, twice) ==
        "save.json: /turn: the key 'turn' is given twice in one object");
  // After a draw of a card that may not be played, the turn has ended.
  const std::string after_draw = set(good, "phase", "\"after_draw\"");
  CHECK(error_of(british, set(after_draw, "drawn", to_json(playable))) == "");
  CHECK(error_of(british, set(after_draw, "drawn", to_json(unplayable))) ==
        "save.json: /drawn: phase after_draw follows a draw of a card that may be played, and '" +
            to_string(unplayable) + "' may not");
  // A missed call that only the other enforcements keep.
  CHECK(error_of(british, set(good, "owes_last_card", "[1]")) ==
        "save.json: /owes_last_card: only last_card.enforce: next_turn charges a missed call at "
        "the next turn");
  // A round at its turn limit is over; a penalty's attacker is kept only while it is pending.
  CHECK(error_of(british, set(good, "decisions", "2000")) ==
        "save.json: /decisions: a round that reached the variant's turn limit (2000) is over");
  CHECK(error_of(british, set(good, "decisions", "1999")) == "");
  CHECK(error_of(british, set(good, "from", "1")) ==
        "save.json: /pending/from: the seat that played a penalty is kept only while it is "
        "pending");

  // A seat with no cards in a round still in play (Engine::position refuses it too).
  State empty = british.deal(3, 5);
  const int idle = empty.seats.next(empty.turn);
  empty.hand(idle).for_each([&](Card c) { empty.stock.push(c); });
  empty.hands[idle] = Hand{};
  const std::string why = "/hands/" + std::to_string(idle) + ": seat " + std::to_string(idle) +
                          " holds no cards, but a round with an empty hand is over";
  CHECK(check_state(british, empty) == why);
  CHECK(error_of(british, to_json(british, empty)) == "save.json: " + why);

  const Engine mau(load_variant("mau-mau"));
  const State m = mau.deal(3, 1);
  CHECK(error_of(mau, set(set(to_json(mau, m), "phase", "\"after_draw\""), "drawn",
                          to_json(m.hand(m.turn).kinds().first()))) ==
        "save.json: /phase: drawing ends the turn in this variant (draw.after: end_turn)");

  const Engine balkan(load_variant("balkan"));
  CHECK(error_of(balkan, set(to_json(balkan, balkan.deal(3, 1)), "catchable", "1")) ==
        "save.json: /catchable: only last_card.enforce: when_caught lets a missed call be caught");
}

TEST_CASE("json: every rule of a saved state is checked, with the path it breaks", "[json]") {
  // One test per rule of check_state that the tests above leave out.
  const Engine british(load_variant("british"));
  const State s = british.deal(3, 4);
  const std::string good = to_json(british, s);
  REQUIRE(error_of(british, good) == "");
  const std::string seat1_card = to_json(s.hand(1).kinds().first());
  // After a draw: the seat to act holds the card it drew, and no penalty is pending.
  const std::string after_draw = set(good, "phase", "\"after_draw\"");
  CHECK(error_of(british, set(after_draw, "drawn", seat1_card)) ==
        "save.json: /drawn: the seat to act does not hold the drawn card");
  // The first position of seeded random play with a penalty pending.
  State attacked = s;
  random_play(british, 3, 1, [&](const State& now, Action, std::span<const Event>) {
    if (!attacked.pending.active() && now.pending.active()) attacked = now;
  });
  REQUIRE(attacked.pending.active());
  const std::string two_pending = to_json(british, attacked);
  REQUIRE(error_of(british, two_pending) == "");
  CHECK(error_of(british, set(set(two_pending, "phase", "\"after_draw\""), "drawn",
                              to_json(attacked.hand(attacked.turn).kinds().first()))) ==
        "save.json: /pending: a draw with a penalty pending pays it, and play goes on in phase "
        "play");
  // A penalty stays pending only on the card that set it, or one stacked on it or deflecting it.
  REQUIRE(british.effect_of(s.top()) == nullptr);
  CHECK(error_of(british, set(set(good, "draw", "2"), "effect", "\"draw-two\"")) ==
        "save.json: /pending: a penalty of 'draw-two' is pending, but the top card " +
            to_string(s.top()) + " neither sets a penalty nor stacks on or deflects one");
  // A demand and a pending penalty name specials that make them.
  CHECK(error_of(british, set(good, "demand", "\"draw-two\"")) ==
        "save.json: /demand: 'draw-two' makes no demand");
  CHECK(error_of(british, set(set(good, "draw", "2"), "effect", "\"reverse\"")) ==
        "save.json: /pending/effect: 'reverse' sets no penalty");
  // A round with a result is over, and its result is whole.
  CHECK(error_of(british, set(good, "stalemate", "true")) ==
        "save.json: /phase: a round with a result is over");
  const std::string over = set(good, "phase", "\"over\"");
  CHECK(error_of(british, set(set(over, "stalemate", "true"), "winner", "1")) ==
        "save.json: /winner: a stalemate has no winner");
  CHECK(error_of(british, set(over, "winner", "1")) ==
        "save.json: /winner: the winner still holds cards");
  // QA: a stalemate only the turn limit makes, and a count of reshuffles play could make.
  CHECK(error_of(british, set(over, "stalemate", "true")) ==
        "save.json: /stalemate: a stalemate is a round the turn limit (2000 decisions) ended, and "
        "this one has 0");
  CHECK(error_of(british, set(good, "reshuffles", "1")) == "");  // one, of the deal's cards
  CHECK(error_of(british, set(good, "reshuffles", "4294967295")) ==
        "save.json: /reshuffles: 4294967295 reshuffles in 0 decisions: each after the first needs "
        "a card played since the one before");
  // A jump-in window is open only in phase play.
  const Engine jump(load_variant("balkan-jump-in"));
  const std::string jump_good = to_json(jump, jump.deal(3, 4));
  REQUIRE(error_of(jump, set(jump_good, "jump_open", "true")) == "");
  CHECK(error_of(jump, set(set(jump_good, "jump_open", "true"), "phase", "\"over\"")) ==
        "save.json: /jump_open: a jump-in window is open only in phase play");
  // Cards are laid only in phase laying, and a turn under way has laid one at least.
  const Engine runs(load_variant("british-runs"));
  const std::string runs_good = to_json(runs, runs.deal(3, 4));
  CHECK(error_of(runs, set(runs_good, "laid", "1")) ==
        "save.json: /laid: cards are laid only in phase laying");
  CHECK(error_of(runs, set(runs_good, "phase", "\"laying\"")) ==
        "save.json: /laid: a turn of several cards has laid at least one card on the discard "
        "pile's first");
  // An ended round keeps no turn under way either (the turn limit's stalemate clears it).
  const std::string runs_over =
      set(set(set(runs_good, "phase", "\"over\""), "stalemate", "true"), "decisions", "2000");
  REQUIRE(error_of(runs, runs_over) == "");
  CHECK(error_of(runs, set(runs_over, "laid", "1")) ==
        "save.json: /laid: cards are laid only in phase laying");
  CHECK(error_of(runs, set(runs_over, "run_step", "1")) ==
        "save.json: /run_step: a run's direction is kept only in phase laying");
  // More cards laid than lie on the pile, beside a named suit (whose check reads the cards laid
  // this turn): refused for the cards laid, before the pile is read past its bottom (a fuzz
  // finding, tests/fuzz/regressions/json/laid-past-the-discard-pile).
  for (const char* phase : {"play", "laying"})
    CHECK(error_of(runs,
                   set(set(set(runs_good, "phase", std::string("\"") + phase + "\""), "laid", "5"),
                       "named_suit", "\"hearts\"")) ==
          "save.json: /laid: more cards laid this turn than the discard pile holds");
  // A State built in C++ rather than read: every card of the deck once.
  State doubled = s;
  doubled.hands[0].add(s.top());
  CHECK(check_state(british, doubled) == "/hands: '" + to_string(s.top()) +
                                             "' is in the state 2 times, the deck for 3 players "
                                             "holds it 1 times");
}

TEST_CASE("json: a drawn card is kept only in phase after_draw", "[json]") {
  const Engine british(load_variant("british"));
  const State s = british.deal(3, 4);
  REQUIRE(s.phase == Phase::play);
  REQUIRE(s.drawn == Card::joker());
  // Saves of versions that left the last drawn card in the State read as the engine now
  // reaches the position: the same value as the round saved.
  const State stale_save =
      state_from_json(british, set(to_json(british, s), "drawn", "\"4H\""), "old.json");
  CHECK(stale_save == s);
  // A State built in C++ with a drawn card outside that phase is not one the engine reaches.
  State t = s;
  t.drawn = parse_card("4H");
  CHECK(check_state(british, t) ==
        "/drawn: a card is kept as drawn only in phase after_draw (the joker otherwise)");
}

TEST_CASE("json: a view that contradicts itself is refused", "[json]") {
  // Views of one dealt round of the mobile app's rules: a seat not to act, and the same
  // revealed (beginner mode).
  const Engine app(load_variant("mobile-app"));
  const State s = app.deal(3, 4);
  const int other = s.seats.next(s.turn);
  const std::string hidden = to_json(PlayerView(app, s, other));
  const std::string open = to_json(PlayerView(app, s, other, true));
  REQUIRE(view_from_json(hidden) == snapshot(PlayerView(app, s, other)));
  REQUIRE(view_from_json(open) == snapshot(PlayerView(app, s, other, true)));
  const auto refusal = [](const std::string& json) -> std::string {
    try {
      (void)view_from_json(json, "view.json");
    } catch (const JsonError& e) {
      return e.what();
    }
    return "";
  };
  CHECK(refusal(set(hidden, "call_due", "true")) ==
        "view.json: /call_due: a play carries the last-card call only from a hand of one or two "
        "cards, and this seat holds 7");
  CHECK(refusal(set(hidden, "drawn", "\"4H\"")) ==
        "view.json: /drawn: a drawn card is shown only to the seat to act, in phase after_draw");
  CHECK(refusal(set(hidden, "winner", std::to_string(s.turn))) ==
        "view.json: /winner: a round has a winner only in phase over");
  CHECK(refusal(set(hidden, "catchable", std::to_string(s.turn))) ==
        "view.json: /catchable: only a seat holding one card can be caught, and seat " +
            std::to_string(s.turn) + " holds 7");
  CHECK(refusal(set(hidden, "draw", "2")) ==
        "view.json: /pending: a pending draw or skip needs the special that set it");
  CHECK(refusal(set(set(hidden, "jump_open", "true"), "phase", "\"over\"")) ==
        "view.json: /jump_open: a jump-in window is open only in phase play");
  CHECK(refusal(set(hidden, "discard_size", "0")) ==
        "view.json: /discard_size: a dealt round has a card on the discard pile");
  CHECK(refusal(set(open, "stock_size", "3")).find("view.json: /stock: holds ") == 0);
  CHECK(refusal(set(open, "discard_size", "2")) ==
        "view.json: /discard: holds 1 card, but discard_size says 2");
  // A message names another field by its JSON pointer too.
  const std::string sizes = "\"hand_sizes\":[7,7,7]";
  std::string short_hand = hidden;
  REQUIRE(short_hand.find(sizes) != std::string::npos);
  short_hand[short_hand.find(sizes) + sizes.size() - 6 + 2 * static_cast<std::size_t>(other)] = '6';
  CHECK(refusal(short_hand) ==
        "view.json: /hand: holds 7 cards, but /hand_sizes/" + std::to_string(other) + " says 6");
  // QA: a view of one player, and a suit in force that neither the top card nor a named suit
  // gives, were read.
  CHECK(refusal(set(hidden, "players", "1")) ==
        "view.json: /players: expected a whole number from 2 to 8, got 1");
  const std::string top_suit(suit_name(s.top().suit()));
  const std::string other_suit = top_suit == "spades" ? "hearts" : "spades";
  CHECK(refusal(set(hidden, "suit_in_force", "\"" + other_suit + "\"")) ==
        "view.json: /suit_in_force: the suit in force is " + top_suit + " (the top card " +
            to_string(s.top()) + "'s), not " + other_suit);
  CHECK(refusal(set(hidden, "named_suit", "\"" + other_suit + "\"")) ==
        "view.json: /suit_in_force: the suit in force is " + other_suit + " (named), not " +
            top_suit);
  // The seat to act in phase after_draw is shown the card it drew.
  const std::string to_act = to_json(PlayerView(app, s, s.turn));
  CHECK(refusal(set(to_act, "phase", "\"after_draw\"")) ==
        "view.json: /drawn: the seat to act in phase after_draw decides on the card it drew");
}

TEST_CASE("json: check_state finds a State whose bytes no engine wrote", "[json]") {
  // A State copied from raw bytes (a pickle of another build, a stray write): check_state looks
  // at the bytes before anything reads through them.
  const Engine engine(load_variant("british"));
  const State s = engine.deal(3, 4);
  REQUIRE(check_state(engine, s) == "");
  const auto poke = [&](auto State::*field, unsigned char value) {
    State t = s;
    std::memcpy(static_cast<void*>(&(t.*field)), &value, 1);
    return check_state(engine, t);
  };
  CHECK(poke(&State::named_suit, 0x80) == "/named_suit: not a suit");
  CHECK(poke(&State::phase, 7) == "/phase: not a phase");
  CHECK(poke(&State::drawn, 0x99) == "/drawn: not a card");
  CHECK(poke(&State::stalemate, 2) == "/stalemate: not a boolean");
  CHECK(poke(&State::jump_open, 2) == "/jump_open: not a boolean");
  // Seats past the round's (the engine indexes by them: a pickled catchable seat 5 of 4 made
  // play_round crash on its challenge), and laid cards past the discard pile, are refused
  // without a variant.
  const auto raw = [&](auto State::*field, unsigned char value) {
    State t = s;
    std::memcpy(static_cast<void*>(&(t.*field)), &value, 1);
    return check_representation(t);
  };
  CHECK(raw(&State::catchable, 3) == "/catchable: not a seat");
  CHECK(raw(&State::catchable, 0xfe) == "/catchable: not a seat");  // -2
  CHECK(raw(&State::catchable, 0xff) == "");                        // -1: none
  CHECK(raw(&State::winner, 5) == "/winner: not a seat");
  CHECK(raw(&State::turn, 3) == "/turn: not a seat");
  CHECK(raw(&State::dealer, 7) == "/dealer: not a seat");
  CHECK(raw(&State::owes_last_card, 8) == "/owes_last_card: not a seat");
  CHECK(raw(&State::misses_turn, 0x80) == "/misses_turn: not a seat");
  CHECK(raw(&State::demand, 0xfe) == "/demand: not a special of the variant");
  CHECK(raw(&State::laid, 2) == "/laid: more cards laid this turn than the discard pile holds");
  CHECK(raw(&State::laid, 1) == "");  // check_state then says laid cards need phase laying
  State from = s;
  from.pending.from = 3;
  CHECK(check_representation(from) == "/pending/from: not a seat");
  // A pending draw or skip past what any round reaches: it was accepted, a view showed it as a
  // negative int, and the save it made was refused by the reader.
  State big = s;
  big.pending = Pending{static_cast<std::uint32_t>(kMaxPendingDraw) + 1, 0, 0, -1};
  CHECK(check_representation(big) ==
        "/pending/draw: out of range (0 to " + std::to_string(kMaxPendingDraw) + ")");
  big.pending = Pending{2, 3000000000u, 0, -1};
  CHECK(check_state(engine, big) ==
        "/pending/skip: out of range (0 to " + std::to_string(kMaxPendingSkip) + ")");
  big.pending = Pending{static_cast<std::uint32_t>(kMaxPendingDraw),
                        static_cast<std::uint32_t>(kMaxPendingSkip), 0, -1};
  CHECK(check_representation(big) == "");
}

TEST_CASE("json: actions and events are read strictly", "[json]") {
  CHECK(to_json(Action::play(1, parse_card("AS"), Suit::hearts, true)) ==
        R"({"seat":1,"kind":"play","card":"AS","suit":"hearts","last":true})");
  CHECK(action_from_json(R"({"seat":2,"kind":"challenge","target":0})") == Action::challenge(2, 0));
  CHECK(action_from_json(R"({"seat":0,"kind":"play","card":"7H"})") ==
        Action::play(0, parse_card("7H")));
  // The message of what `read` throws for `json`, or "" when it reads it.
  const auto refusal = [](const auto& read, const std::string& json) -> std::string {
    try {
      read(json);
    } catch (const JsonError& e) {
      return e.what();
    }
    return "";
  };
  const auto error = [&](const std::string& json) {
    return refusal([](const std::string& j) { (void)action_from_json(j, "client"); }, json);
  };
  CHECK(error(R"({"seat":0,"kind":"draw","card":"7H"})") ==
        "client: /card: 'card' is not part of a 'draw' action");
  CHECK(error(R"({"seat":0,"kind":"fold"})") ==
        "client: /kind: 'fold' is not an action kind (play, draw, pass, challenge, call, name)");
  CHECK(error(R"({"seat":0,"kind":"play"})") == "client: missing key 'card'");
  CHECK(error(R"({"seat":12,"kind":"draw"})") ==
        "client: /seat: expected a whole number from 0 to 7, got 12");
  // Whole numbers past 64 bits are read as doubles: out of range all the same.
  CHECK(error(R"({"seat":18446744073709551616,"kind":"draw"})") ==
        "client: /seat: expected a whole number from 0 to 7, got 1.8446744073709552e+19");
  CHECK(error(R"({"seat":-1e30,"kind":"draw"})") ==
        "client: /seat: expected a whole number from 0 to 7, got -1e+30");
  CHECK(error(R"({"seat":1.0,"kind":"draw"})") ==
        "client: /seat: expected a whole number from 0 to 7, got 1.0");
  CHECK(error(R"({"seat":0.5,"kind":"draw"})") ==
        "client: /seat: expected a whole number from 0 to 7, got 0.5");
  CHECK(error(R"({"seat":0,"kind":"play","card":"7H","suit":"stars"})") ==
        "client: /suit: 'stars' is not a suit (clubs, diamonds, hearts, spades, or null)");
  // An event of a kind that names its card needs it: null was read as the joker.
  const auto event_error = [&](const std::string& json) {
    return refusal([](const std::string& j) { (void)event_from_json(j, "server"); }, json);
  };
  CHECK(event_error(R"({"kind":"penalty_pending","seat":1,"card":null,"count":2,"extra":0})") ==
        "server: /card: a penalty_pending event names its card");
  CHECK(event_error(R"({"kind":"seat_skipped","seat":1,"card":null,"count":0,"extra":0})") == "");
  // QA: fields a kind does not carry, or values it cannot have, read back.
  CHECK(event_error(R"({"kind":"rank_named","seat":0,"card":null,"count":0,"extra":0})") ==
        "server: /card: a rank_named event names its card");
  CHECK(event_error(R"({"kind":"rank_named","seat":0,"card":"JOKER","count":0,"extra":0})") ==
        "server: /card: a rank_named event names a suited card (its rank is the one named)");
  CHECK(event_error(R"({"kind":"suit_named","seat":0,"card":"JOKER","count":0,"extra":0})") ==
        "server: /card: a suit_named event names a suited card (its suit is the one named)");
  CHECK(event_error(R"({"kind":"stock_reshuffled","seat":3,"card":null,"count":21,"extra":0})") ==
        "server: /seat: a stock_reshuffled event names no seat (null)");
  CHECK(
      event_error(R"({"kind":"stock_reshuffled","seat":null,"card":"AD","count":21,"extra":0})") ==
      "server: /card: a stock_reshuffled event names no card (null)");
  CHECK(
      event_error(R"({"kind":"stock_reshuffled","seat":null,"card":null,"count":21,"extra":9})") ==
      "server: /extra: a stock_reshuffled event has no extra (0)");
  CHECK(event_error(
            R"({"kind":"stock_reshuffled","seat":null,"card":null,"count":21,"extra":0})") == "");
  CHECK(event_error(R"({"kind":"direction_reversed","seat":0,"card":"AD","count":5,"extra":0})") ==
        "server: /count: a direction_reversed event's count is a direction: 0 or 1");
  CHECK(event_error(R"({"kind":"last_card_called","seat":0,"card":null,"count":0,"extra":99})") ==
        "server: /extra: a last_card_called event's extra is 1 for the final card's call, 2 for "
        "a late call, else 0");
  CHECK(event_error(R"({"kind":"last_card_called","seat":0,"card":null,"count":0,"extra":2})") ==
        "");
  CHECK(event_error(R"({"kind":"last_card_missed","seat":0,"card":null,"count":0,"extra":2})") ==
        "server: /extra: a last_card_missed event's extra is 1 for the final card's call, else 0");
  CHECK(event_error(R"({"kind":"hands_swapped","seat":1,"card":"7H","count":0,"extra":1})") ==
        "server: /extra: a hands_swapped event's extra is another seat than its seat (1)");
  CHECK(event_error(R"({"kind":"last_card_caught","seat":2,"card":null,"count":0,"extra":2})") ==
        "server: /extra: a last_card_caught event's extra is another seat than its seat (2)");
  CHECK(event_error(R"({"kind":"seat_skipped","seat":1,"card":null,"count":3,"extra":0})") ==
        "server: /count: a seat_skipped event counts nothing (0)");
  CHECK(event_error(R"({"kind":"seat_skipped","seat":null,"card":null,"count":0,"extra":0})") ==
        "server: /seat: a seat_skipped event names its seat");
  // An `extra` that is a seat is held to the seats, as `seat` is; elsewhere it is a count.
  CHECK(event_error(R"({"kind":"hands_swapped","seat":1,"card":"7H","count":0,"extra":8})") ==
        "server: /extra: expected a whole number from 0 to 7, got 8");
  CHECK(event_error(R"({"kind":"hands_swapped","seat":1,"card":"7H","count":0,"extra":7})") == "");
  CHECK(event_error(
            R"({"kind":"penalty_pending","seat":1,"card":"2H","count":2,"extra":4294967295})") ==
        "");
}

// A position set up with fewer cards than the deck (Engine::position, as scenarios set one up)
// once saved a document the reader refused ("'AC' is missing"): the rest of the deck is out of
// play, and the save lists it.
TEST_CASE("json: a position with cards out of play saves and reads back", "[json]") {
  const Engine engine(load_variant("british"));
  Position p;
  p.hands = {{parse_card("7H"), parse_card("2C")}, {parse_card("8H"), parse_card("3D")}};
  p.discard = {parse_card("9H")};
  p.stock = {parse_card("KS")};
  const State s = engine.position(p);
  const std::string saved = to_json(engine, s);
  CHECK(saved.find(R"("stock":["KS"],"out_of_play":["AC","3C",)") != std::string::npos);
  CHECK(state_from_json(engine, saved) == s);
  CHECK(to_json(engine, state_from_json(engine, saved)) == saved);
  // Every card still in exactly one place or listed: one dropped from the list is missing.
  const auto error = [&](const std::string& json) -> std::string {
    try {
      state_from_json(engine, json, "save.json");
    } catch (const JsonError& e) {
      return e.what();
    }
    return "";
  };
  std::string dropped = saved;
  dropped.replace(dropped.find(R"("AC",)"), 5, "");
  CHECK(error(dropped) ==
        "save.json: 'AC' is missing: the deck for 2 players holds it 1 "
        "times, the state 0");
  std::string twice = saved;
  twice.replace(twice.find(R"("3C",)"), 5, R"("3C","7H",)");
  CHECK(error(twice) ==
        "save.json: /out_of_play/2: '7H' is one more than the deck for 2 "
        "players holds (1)");
  // A dealt round holds every card: its save has no out_of_play.
  CHECK(to_json(engine, engine.deal(2, 1)).find("out_of_play") == std::string::npos);
  // check_state checks a State as a dealt one (it cannot tell which cards were set aside).
  CHECK(check_state(engine, s).starts_with("/hands: 'AC' is in the state 0 times"));
}

// The text form once took seats and targets up to 99: "9 draw" made an action whose JSON form
// action_from_json refuses (/seat: out of range).
TEST_CASE("json: the text form takes the seats the JSON form takes, 0 to 7", "[json]") {
  for (int seat = 0; seat < kMaxSeats; ++seat) {
    const Action a = parse_action(std::to_string(seat) + " challenge " + std::to_string(7 - seat));
    CHECK(action_from_json(to_json(a)) == a);
  }
  const auto error = [](const std::string& text) -> std::string {
    try {
      parse_action(text);
    } catch (const NotationError& e) {
      return e.what();
    }
    return "";
  };
  CHECK(error("9 draw").starts_with("action '9 draw': '9' is not a seat number (0 to 7) ("));
  CHECK(error("0 challenge 20")
            .starts_with("action '0 challenge 20': 'challenge' takes one seat number (0 to 7) ("));
  CHECK(error("0 play 7H swap 8")
            .starts_with("action '0 play 7H swap 8': 'swap' takes one seat number (0 to 7) ("));
}

// Found by fuzz_json (tests/fuzz/regressions/json/number-overflow): a number too large for a
// double (1e400) made the JSON parser throw its out_of_range, which escaped every reader as
// something other than JsonError (a server catching JsonError from a client's message would
// have died of it). Now it is a JsonError like any other parse error.
TEST_CASE("json: a number too large for a double is refused with a JsonError", "[json]") {
  const Engine engine(load_variant("british"));
  CHECK(json_error([] { action_from_json(R"({"seat":1e400,"kind":"draw"})", "client"); }) ==
        "client: /seat: number overflow parsing '1e400'");
  CHECK(json_error([] { card_from_json("1e400", "client"); }) ==
        "client: number overflow parsing '1e400'");
  CHECK(json_error([&] { state_from_json(engine, R"({"turn":-1e999})", "save"); }) ==
        "save: /turn: number overflow parsing '-1e999'");
  CHECK(json_error([] {
          events_from_json("[0, 1e400]");
        }).ends_with(": /1: number overflow parsing '1e400'"));
}

TEST_CASE("json: a document nested deeper than 64 levels is refused, not parsed", "[json]") {
  // A value 50,000 levels deep followed by another key crashed every reader (a stack overflow
  // in nlohmann's ordered object copying its members as it grew); found by QA.
  const Engine engine(load_variant("british"));
  const auto nested = [](int depth) {
    return R"({"x":)" + std::string(static_cast<std::size_t>(depth), '[') +
           std::string(static_cast<std::size_t>(depth), ']') + R"(,"a":0,"b":0})";
  };
  // Refused at the opening bracket of level 65, whose place the message names: the key "x" of
  // the object at level `object`, then an array's first element down to level 64.
  const auto place = [](int object) {
    std::string out = "/x";
    for (int level = object + 1; level <= 64; ++level) out += "/0";
    return out + ": nesting deeper than 64 levels";
  };
  for (const int depth : {64, 100'000}) {
    const std::string doc = nested(depth);  // the object is level 1: 65 levels and more
    CHECK(json_error([&] { action_from_json(doc, "client"); }) == "client: " + place(1));
    CHECK(json_error([&] { view_from_json(doc, "view"); }) == "view: " + place(1));
    CHECK(json_error([&] { state_from_json(engine, doc, "save"); }) == "save: " + place(1));
    CHECK(json_error([&] { events_from_json("[" + doc + "]"); }).ends_with(": /0" + place(2)));
  }
  // 64 levels are read, and refused for what they hold.
  CHECK(json_error([&] { action_from_json(nested(63), "client"); }) ==
        "client: missing key 'seat'");
}

// A save was matched to its engine by the variant's name alone: a variant file edited since
// (the same name, other rules) resumed the save under rules it was not played by.
TEST_CASE("json: a save made under other rules of the same variant name is refused", "[json]") {
  const Engine made(load_variant("british"));
  const Engine edited(load_variant("british", "{last_card: {penalty: 4}}", "--rules"));
  REQUIRE(edited.variant().name == made.variant().name);
  const std::string was = variant_fingerprint(made.variant());
  const std::string now = variant_fingerprint(edited.variant());
  REQUIRE(was != now);
  const State s = made.deal(4, 5);
  const std::string saved = to_json(made, s);
  CHECK(saved.find("\"variant\":\"british\",\"variant_fingerprint\":\"" + was + "\"") !=
        std::string::npos);
  CHECK(state_from_json(made, saved) == s);
  CHECK(error_of(edited, saved) ==
        "save.json: /variant_fingerprint: saved under rules of fingerprint " + was +
            ", but the engine's variant 'british' has fingerprint " + now +
            ": its rules changed since (load the variant as it was when saved)");
  // Saves of earlier versions carry no fingerprint: read as they were, by the name alone.
  std::string old = saved;
  old.erase(old.find(",\"variant_fingerprint\""), 41);
  REQUIRE(old.find("fingerprint") == std::string::npos);
  CHECK(state_from_json(made, old) == s);
  CHECK(state_from_json(edited, old) == s);
  CHECK(error_of(made, set(saved, "variant_fingerprint", "\"bad\"")) ==
        "save.json: /variant_fingerprint: 'bad' is not a variant fingerprint (16 lowercase "
        "hexadecimal digits)");

  // Standings to resume a match: the same, through the engine's overloads.
  const std::vector<int> scores = {0, 40, 90};
  const Standings st = after_round(made.variant().match, Standings::start(3), scores, 0);
  const std::string kept = to_json(made, st);
  CHECK(kept.find("\"variant_fingerprint\":\"" + was + "\"") != std::string::npos);
  CHECK(standings_from_json(made, kept) == st);
  CHECK(standings_from_json(kept) == st);  // a value: read, not checked
  CHECK_THROWS_WITH(standings_from_json(edited, kept, "match.json"),
                    "match.json: /variant_fingerprint: saved under rules of fingerprint " + was +
                        ", but the engine's variant 'british' has fingerprint " + now +
                        ": it was saved under another variant, or this one's rules changed "
                        "since (load the variant it was saved under, as it was then)");
  CHECK(standings_from_json(edited, to_json(st)) == st);  // saved without one
  CHECK(to_json(st).find("fingerprint") == std::string::npos);
}

// variant_fingerprint keeps the last variant's fingerprint per thread: the cache must answer
// for the rules asked about, not for the last ones.
TEST_CASE("json: the fingerprint follows the rules asked about, alternately", "[json]") {
  const Variant a = load_variant("british");
  const Variant b = load_variant("british", "{last_card: {penalty: 4}}", "--rules");
  const std::string fa = variant_fingerprint(a), fb = variant_fingerprint(b);
  CHECK(fa != fb);
  for (int i = 0; i < 3; ++i) {
    CHECK(variant_fingerprint(a) == fa);
    CHECK(variant_fingerprint(b) == fb);
  }
  Variant changed = a;
  changed.deal.hand_size = ByPlayers::constant(5);
  CHECK(variant_fingerprint(changed) != fa);
  CHECK(variant_fingerprint(a) == fa);
}

TEST_CASE("json: standings round-trip and are checked", "[json]") {
  const Variant v = load_variant("balkan");
  Standings st = Standings::start(3);
  const std::vector<int> scores = {0, 40, 90};
  st = after_round(v.match, st, scores, 0);
  CHECK(standings_from_json(to_json(st)) == st);
  st = end_match_now(v.match, st);
  CHECK(standings_from_json(to_json(st)) == st);
  std::string text = to_json(Standings::start(2));
  text.replace(text.find("\"out\":[false,false]"), 19, "\"out\":[false]");
  CHECK_THROWS_WITH(standings_from_json(text, "match.json"),
                    "match.json: /out: has 1 entry, but /totals has 2: one entry per seat");
}

// QA: "rounds":2147483647 was read, and the match resumed from it overflowed an int at its next
// round (after_round's ++rounds), as did totals near INT_MAX at the first score added.
TEST_CASE("json: standings' totals, scores and rounds are read within their ranges", "[json]") {
  const std::string good = to_json(Standings::start(3));
  const auto with = [&](const std::string& key, const std::string& value) {
    std::string text = good;
    const std::size_t at = text.find("\"" + key + "\":") + key.size() + 3;
    const std::size_t end = text.find(key == "rounds" ? ',' : ']', at);
    text.replace(at, end + (key == "rounds" ? 0 : 1) - at, value);
    return text;
  };
  const auto error = [](const std::string& text) -> std::string {
    try {
      standings_from_json(text, "match.json");
    } catch (const JsonError& e) {
      return e.what();
    }
    return "";
  };
  REQUIRE(error(good) == "");
  CHECK(error(with("rounds", "2147483647")) ==
        "match.json: /rounds: expected a whole number from 0 to 1250, got 2147483647");
  CHECK(error(with("rounds", "1250")) == "");
  CHECK(error(with("totals", "[2147483642,0,0]")) ==
        "match.json: /totals/0: expected a whole number from -1000000000 to 1000000000, got "
        "2147483642");
  CHECK(error(with("totals", "[0,0,-1000000001]")) ==
        "match.json: /totals/2: expected a whole number from -1000000000 to 1000000000, got "
        "-1000000001");
  CHECK(error(with("totals", "[1000000000,0,-1000000000]")) == "");
  // 2^64 - 1 is no -1, and 2^63 no -2^63: a number past a type is refused, never wrapped into it.
  CHECK(error(with("totals", "[18446744073709551615,0,0]")) ==
        "match.json: /totals/0: expected a whole number from -1000000000 to 1000000000, got "
        "18446744073709551615");
  CHECK(error(with("last_round", "[0,800001,0]")) ==
        "match.json: /last_round/1: expected a whole number from -800000 to 800000, got 800001");
  CHECK(error(with("last_round", "[0,800000,-800000]")) == "");
}

// QA: {"seat":0,"kind":"pa\u0000ss"} gave a what() cut off at the NUL, and "\u001b[2J..." put
// the terminal's escape sequences into it.
TEST_CASE("json: a message shows the document's control characters as escapes", "[json]") {
  const auto error = [](const std::string& json) {
    try {
      action_from_json(json, "client");
    } catch (const JsonError& e) {
      return e;
    }
    throw std::logic_error("accepted: " + json);
  };
  const JsonError nul = error(R"({"seat":0,"kind":"pa\u0000ss"})");
  CHECK(
      std::string(nul.what()) ==
      R"(client: /kind: 'pa\u0000ss' is not an action kind (play, draw, pass, challenge, call, name))");
  CHECK(nul.message() ==
        R"('pa\u0000ss' is not an action kind (play, draw, pass, challenge, call, name))");
  const JsonError esc = error(R"({"seat":0,"kind":"\u001b[2J\u001b]0;x\u0007\u007f\u009b"})");
  CHECK(std::string(esc.what())
            .starts_with(
                R"(client: /kind: '\u001b[2J\u001b]0;x\u0007\u007f\u009b' is not an action kind)"));
  // A key is shown escaped too, in the path and the message; path() is the pointer as it is.
  const JsonError key = error("{\"seat\":0,\"kind\":\"draw\",\"a\\u001bb\":1}");
  CHECK(std::string(key.what()) == R"(client: /a\u001bb: unknown key 'a\u001bb')");
  CHECK(key.path() ==
        "/a\x1b"
        "b");
  // Other text is left as it is: tab-free UTF-8, quotes and backslashes.
  CHECK(std::string(error(R"({"seat":0,"kind":"ü\\\""})").what()) ==
        R"(client: /kind: 'ü\"' is not an action kind (play, draw, pass, challenge, call, name))");
}

// QA: a fault of the whole document was shown at "/", which in a JSON pointer is the key "".
TEST_CASE("json: a fault of the whole document shows no pointer", "[json]") {
  try {
    action_from_json(R"({"kind":"draw"})", "in");
    FAIL("accepted");
  } catch (const JsonError& e) {
    CHECK(std::string(e.what()) == "in: missing key 'seat'");
    CHECK(e.path() == "");
    CHECK(e.message() == "missing key 'seat'");
  }
  // The key "" has the pointer "/".
  try {
    action_from_json(R"({"seat":0,"kind":"draw","":1})", "in");
    FAIL("accepted");
  } catch (const JsonError& e) {
    CHECK(std::string(e.what()) == "in: /: unknown key ''");
    CHECK(e.path() == "/");
  }
}

TEST_CASE("json: game records round-trip, seeds past 2^53 included", "[json]") {
  GameRecord r;
  r.variant = "british";
  r.variant_text = "name: british\n";
  r.players = 3;
  r.agents = {"human", "heuristic", "eager"};
  r.seed = 18446744073709551615ull;
  r.match = true;
  RecordedRound round;
  round.seed = 9007199254740993ull;  // 2^53 + 1: a double would round it
  round.dealer = 2;
  round.seats = {0, 1, 2};
  round.actions = {Action::play(0, parse_card("7H")), Action::draw(1),
                   Action::play(2, parse_card("AS"), Suit::none, true), Action::challenge(0, 2)};
  round.winner = 1;
  round.scores = {12, 0, 30};
  r.rounds = {round, round};
  r.totals = {24, 0, 60};
  r.match_winner = 1;
  r.match_loser = 2;
  const std::string text = to_json(r);
  const GameRecord back = record_from_json(text);
  CHECK(to_json(back) == text);
  CHECK(back.seed == r.seed);
  CHECK(back.rounds[1].seed == round.seed);
  CHECK(back.rounds[0].actions == round.actions);
  std::string bad = text;
  bad.replace(bad.find("\"0 play 7H\""), 11, "\"0 fold 7H\"");
  CHECK_THROWS_WITH(
      record_from_json(bad, "game.json"),
      Catch::Matchers::StartsWith("game.json: /rounds/0/actions/0: action '0 fold 7H'"));
  std::string big = text;
  big.replace(big.find("18446744073709551615"), 20, "18446744073709551616");
  CHECK_THROWS_WITH(record_from_json(big, "game.json"),
                    "game.json: /seed: '18446744073709551616' is not a seed (a whole number from 0 "
                    "to 2^64 - 1, as a string)");
}

TEST_CASE("json: a turn laying on an answer resumes where play.answers is several, not elsewhere",
          "[json][several]") {
  const Engine twos(load_variant("british-twos-together"));
  const auto cards = [](std::initializer_list<const char*> names) {
    std::vector<Card> out;
    for (const char* n : names) out.push_back(parse_card(n));
    return out;
  };
  Position p;
  p.hands = {cards({"2H", "5C", "9C"}), cards({"2S", "2C", "6C", "7C"}), cards({"5D", "6D"}),
             cards({"KS", "9S"})};
  p.discard = cards({"9H"});
  // The rest of the deck is the stock: a saved state holds every card.
  const Pile deck = twos.deck(4);
  for (const Card c : deck.cards()) {
    int placed = 0;
    for (const auto& pile : p.hands) placed += static_cast<int>(std::ranges::count(pile, c));
    placed += static_cast<int>(std::ranges::count(p.discard, c));
    if (placed == 0) p.stock.push_back(c);
  }
  State s = twos.position(p);
  REQUIRE(twos.apply(s, Action::play(0, parse_card("2H"))));
  REQUIRE(twos.apply(s, Action::play(1, parse_card("2S"))));
  REQUIRE(s.phase == Phase::laying);
  REQUIRE(s.pending.active());
  const std::string saved = to_json(twos, s);
  CHECK(state_from_json(twos, saved) == s);

  // british-several-of-a-rank answers with one card: that state cannot arise there.
  const Engine one(load_variant("british-several-of-a-rank"));
  // (Saved without its fingerprint, as earlier versions saved, else that would refuse it.)
  std::string other = saved;
  const std::string name = "\"variant\":\"british-twos-together\"";
  other.replace(other.find(name), name.size(), "\"variant\":\"british-several-of-a-rank\"");
  other.erase(other.find(",\"variant_fingerprint\""), 41);
  CHECK(error_of(one, other) ==
        "save.json: /pending: a turn of several cards goes on after answering a penalty only "
        "where play.answers is several");
}

TEST_CASE("json: a view of a turn under way shows its cards and the run's way, only then",
          "[json]") {
  const Engine engine(load_variant("british-runs-jokers"));
  State s = engine.deal(4, 9);
  // The seat to act lays the 5H and a joker standing for the 6H (the cards are put in its
  // hand, the 5C on the discard pile).
  s.hands[s.turn] = Hand{};
  for (const char* c : {"5H", "JOKER", "7H", "8H", "KC"}) s.hands[s.turn].add(parse_card(c));
  s.discard.push(parse_card("5C"));
  const int seat = s.turn, other = (seat + 1) % 4;
  REQUIRE(engine.apply(s, parse_action(std::to_string(seat) + " play 5H")));
  REQUIRE(engine.apply(s, parse_action(std::to_string(seat) + " play JOKER spades")));
  REQUIRE(s.phase == Phase::laying);
  // Every seat saw the two cards laid: each view shows them, first laid first.
  const ViewSnapshot view = snapshot(PlayerView(engine, s, other));
  CHECK(view.turn_cards == std::vector<Card>{parse_card("5H"), parse_card("JOKER")});
  CHECK(view.run_step == 0);  // a joker fixes no way: a 7H or a 3H may follow
  const std::string text = to_json(view);
  CHECK(text.find("\"turn_cards\":[\"5H\",\"JOKER\"]") != std::string::npos);
  CHECK(view_from_json(text) == view);
  REQUIRE(engine.apply(s, parse_action(std::to_string(seat) + " play 7H")));
  CHECK(snapshot(PlayerView(engine, s, other)).run_step == 1);  // 5, joker, 7: up
  // Out of phase laying there are none: a file that says otherwise is refused at the key.
  std::string bad = to_json(snapshot(PlayerView(engine, engine.deal(4, 9), other)));
  const std::size_t at = bad.find("\"turn_cards\":[]");
  REQUIRE(at != std::string::npos);
  bad.replace(at, 15, "\"turn_cards\":[\"5H\"]");
  try {
    (void)view_from_json(bad, "view.json");
    FAIL("accepted");
  } catch (const JsonError& e) {
    CHECK(std::string(e.what()) ==
          "view.json: /turn_cards: cards are laid, and a run's direction kept, only in phase "
          "laying");
  }
}
