// ActionSpace (engine/action_space.hpp): dense ids that cover every action, and a mask that
// marks exactly the actions the engine accepts from the seat to act, in every variant.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <vector>

#include "switchcards/engine/action_space.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

TEST_CASE("action space: ids round-trip and the mask is exactly what the engine accepts",
          "[action_space]") {
  for (const std::string& name : builtin_variant_names()) {
    const Engine engine(load_variant(name));
    const Variant& v = engine.variant();
    for (int players = v.deal.min_players; players <= v.deal.max_players; ++players) {
      INFO(name << " with " << players << " players");
      const ActionSpace space(engine, players);
      std::set<std::string> names;
      for (int id = 0; id < space.size(); ++id) {
        names.insert(space.name(id));
        for (int seat = 0; seat < players; ++seat) REQUIRE(space.id(space.action(id, seat)) == id);
      }
      CHECK(static_cast<int>(names.size()) == space.size());  // no two ids for one move
      Pcg32 rng(static_cast<std::uint64_t>(players));
      ActionList legal;
      std::vector<std::uint8_t> mask(static_cast<std::size_t>(space.size()));
      int positions = 0;
      for (int round = 0; round < 3; ++round) {
        State s = engine.deal(players, derive_seed(3, static_cast<std::uint64_t>(round)));
        for (int step = 0; !s.over() && step < 300; ++step) {
          engine.legal_actions(s, legal);
          space.mask(s, legal.span(), mask);
          for (int id = 0; id < space.size(); ++id) {
            const Action a = space.action(id, s.turn);
            const bool accepted = engine.check(s, a) == Refusal::none;
            INFO("action " << to_string(a));
            REQUIRE(accepted == (mask[static_cast<std::size_t>(id)] == 1));
          }
          ++positions;
          int plays = 0;
          while (plays < legal.size() && legal[plays].kind() == ActionKind::play) ++plays;
          const int choices = plays > 0 && rng.below(4) != 0 ? plays : legal.size();
          engine.apply(s, legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(choices)))]);
        }
      }
      CHECK(positions > 0);
    }
  }
}

TEST_CASE("action space: the layout of British Switch with four players", "[action_space]") {
  const Engine engine(load_variant("british"));
  const ActionSpace space(engine, 4);
  // 52 cards (none names a suit), each with and without the call; draw, pass, the late call,
  // and a challenge of each of the three other seats.
  CHECK(space.size() == 52 * 2 + 2 + 1 + 3);
  CHECK(space.name(0) == "play AC");
  CHECK(space.name(1) == "play AC last");
  CHECK(space.id(Action::draw(2)) == 104);
  CHECK(space.name(105) == "pass");
  CHECK(space.name(106) == "call");
  CHECK(space.id(Action::challenge(3, 0)) == 107);  // seat 0 is one place on from seat 3
  CHECK(space.action(109, 1) == Action::challenge(1, 0));
  CHECK(space.id(Action::play(0, parse_card("7H"), Suit::spades)) == -1);  // 7s name no suit
  CHECK_THROWS_WITH(ActionSpace(engine, 9), "players 9: british is for 2 to 7 players");
}

TEST_CASE("action space: a card that names a suit has one id per suit", "[action_space]") {
  const Engine engine(load_variant("crazy-eights"));
  const ActionSpace space(engine, 5);
  const int eight = space.id(Action::play(0, parse_card("8C"), Suit::clubs));
  CHECK(space.name(eight) == "play 8C clubs");
  CHECK(space.name(eight + 1) == "play 8C clubs last");
  CHECK(space.name(eight + 2) == "play 8C diamonds");
  CHECK(space.name(eight + 7) == "play 8C spades last");
  CHECK(space.id(Action::play(0, parse_card("8C"))) == -1);  // an eight must name its suit
}

// Ids are relative to the acting seat and number the challenges of `players` seats: a mask of
// a space for 3 given a 4-seat table's actions marked ids meaning other seats, silently.
TEST_CASE("action space: a mask refuses a State or actions of another seat count",
          "[action_space]") {
  const Engine engine(load_variant("british"));
  const ActionSpace three(engine, 3);
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(three.size()));
  ActionList legal;
  const State four = engine.deal(4, 5);
  engine.legal_actions(four, legal);
  CHECK_THROWS_MATCHES(three.mask(four, legal.span(), mask), std::invalid_argument,
                       Catch::Message("this action space is for 3 players, not a State of 4"));
  // A list alone does not say its table's size; an action no seat of 3 can take does.
  const Action past_the_table[] = {Action::challenge(1, 3)};
  CHECK_THROWS_AS(three.mask(past_the_table, 5, mask), std::invalid_argument);
  CHECK_THROWS_WITH(three.mask(past_the_table, 5, mask),
                    Catch::Contains("has no id in this action space of 3 players"));
  const State s = engine.deal(3, 5);
  engine.legal_actions(s, legal);
  three.mask(s, legal.span(), mask);
  CHECK(std::count(mask.begin(), mask.end(), 1) >= legal.size());
}
