// check_variant (engine/check_variant.hpp): a Variant built in code is held to the loader's
// rules, and Engine's constructor refuses one that breaks them with the same message.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "switchcards/core/pile.hpp"
#include "switchcards/engine/check_variant.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/variant_combinations.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_error.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

namespace {

Variant named() {
  Variant v;
  v.name = "built-in-code";
  return v;
}

Effect effect(std::string name, CardMask cards, std::string text) {
  Effect e;
  e.name = std::move(name);
  e.cards = Selector{cards, std::move(text)};
  return e;
}

Effect two_draws_two() {
  Effect e = effect("draw-two", CardMask::of_rank(Rank::two), "2");
  e.draw = 2;
  e.stack = e.cards;
  return e;
}

struct Case {
  std::string message;
  std::function<void(Variant&)> change;
};

// One change each from a valid variant, and the problem check_variant names.
const std::vector<Case>& invalid_cases() {
  static const std::vector<Case> cases = {
      // names
      {"name: '' is not a variant name: use 1 to 64 characters a-z, 0-9 and '-', e.g. "
       "my-house-rules",
       [](Variant& v) { v.name = ""; }},
      {"name: 'My Rules' is not a variant name: use 1 to 64 characters a-z, 0-9 and '-', e.g. "
       "my-house-rules",
       [](Variant& v) { v.name = "My Rules"; }},
      // the table
      {"deal.min_players: 1 is out of range (allowed: 2..8)",
       [](Variant& v) { v.deal.min_players = 1; }},
      {"deal.max_players: 9 is out of range (allowed: 2..8)",
       [](Variant& v) { v.deal.max_players = 9; }},
      {"deal.min_players: min 5 is greater than max 3",
       [](Variant& v) {
         v.deal.min_players = 5;
         v.deal.max_players = 3;
       }},
      {"deal.decks: 0 is out of range (allowed: 1..3)",
       [](Variant& v) { v.deal.decks = ByPlayers::constant(0); }},
      {"deal.decks[5]: 4 is out of range (allowed: 1..3)",
       [](Variant& v) {
         v.deal.decks = ByPlayers{{{2, 1}, {5, 4}}};
       }},
      {"deal.decks: no steps: give a value, e.g. ByPlayers::constant(7), or one per player count",
       [](Variant& v) { v.deal.decks = ByPlayers{}; }},
      {"deal.decks: the step from 2 players comes after the step from 5: list the steps once "
       "each, in ascending order of player count",
       [](Variant& v) {
         v.deal.decks = ByPlayers{{{5, 2}, {2, 1}}};
       }},
      {"deal.decks: a step from 9 players: player counts are 1..8",
       [](Variant& v) {
         v.deal.decks = ByPlayers{{{1, 1}, {9, 2}}};
       }},
      {"deal.deck.ranks: no rank: a deck needs at least one",
       [](Variant& v) { v.deal.deck.ranks.reset(); }},
      {"deal.deck.jokers: 5 is out of range (allowed: 0..4)",
       [](Variant& v) { v.deal.deck.jokers = 5; }},
      {"deal.hand_size: 0 is out of range (allowed: 1..160)",
       [](Variant& v) { v.deal.hand_size = ByPlayers::constant(0); }},
      {"deal.hand_size: -3 is out of range (allowed: 1..160)",
       [](Variant& v) { v.deal.hand_size = ByPlayers::constant(-3); }},
      {"deal.hand_size[3]: 0 is out of range (allowed: 1..160)",
       [](Variant& v) {
         v.deal.hand_size = ByPlayers{{{2, 7}, {3, 0}}};
       }},
      {"deal.hand_size: impossible deal: 7 players x 8 cards + 1 turned up = 57 cards, but the "
       "deck has only 52",
       [](Variant& v) { v.deal.hand_size = ByPlayers::constant(8); }},
      {"deal.first_card: 2 is no value of its enum (0..1)",
       [](Variant& v) { v.deal.first_card = static_cast<FirstCardRule>(2); }},
      // draw
      {"draw.cards: 0 is out of range (allowed: 1..100)", [](Variant& v) { v.draw.cards = 0; }},
      {"draw.cards: 101 is out of range (allowed: 1..100)", [](Variant& v) { v.draw.cards = 101; }},
      {"draw.limit: draw.limit caps a draw of cards: until_playable; this variant draws 1 card",
       [](Variant& v) { v.draw.limit = 3; }},
      {"draw.cards: 2 with until_playable, which takes cards one at a time: set cards to 1",
       [](Variant& v) {
         v.draw.until_playable = true;
         v.draw.cards = 2;
       }},
      {"draw.after: draw.cards: until_playable stops at a playable card, which draw.after: "
       "end_turn would never let be played: use may_play_drawn or must_play_drawn",
       [](Variant& v) {
         v.draw.until_playable = true;
         v.draw.after = AfterDraw::end_turn;
       }},
      {"draw.limit: 161 is out of range (allowed: 0..160)",
       [](Variant& v) {
         v.draw.until_playable = true;
         v.draw.limit = 161;
       }},
      {"draw.after: 7 is no value of its enum (0..2)",
       [](Variant& v) { v.draw.after = static_cast<AfterDraw>(7); }},
      // several cards a turn
      {"play.runs: play.runs shapes a run, which play.several: runs or both lays; this variant "
       "lays cards of one rank only",
       [](Variant& v) {
         v.play.several = Several::same_rank;
         v.play.run_ace = RunAce::low;
       }},
      {"play.turn_corner: play.runs.turn_corner lets an ace be high and low in one run (K, A, "
       "2), which play.runs.ace: high forbids: use ace: both",
       [](Variant& v) {
         v.play.several = Several::runs;
         v.play.run_ace = RunAce::high;
         v.play.turn_corner = true;
       }},
      {"play.run_jokers: stand_in lets a joker stand in a run, and this variant's deck has no "
       "jokers: add them with deck: {jokers: N}",
       [](Variant& v) {
         v.play.several = Several::runs;
         v.play.run_jokers = RunJokers::stand_in;
       }},
      {"play.effects: play.effects says how the specials of a turn of several cards combine; "
       "play.several: none lays one card a turn",
       [](Variant& v) { v.play.effects = SeveralEffects::last; }},
      {"play.several_answers: play.answers: several answers a penalty with several cards in a "
       "turn, which play.several: none never lays",
       [](Variant& v) { v.play.several_answers = true; }},
      {"play.several: play.several lays further cards in the turn, and identical.enabled "
       "already rewards a second identical card with another turn: the two rules judge the "
       "same card differently; use one of them",
       [](Variant& v) {
         v.play.several = Several::same_rank;
         v.identical.enabled = true;
       }},
      // specials
      {"specials[0].cards: no card: a special needs the cards it is on",
       [](Variant& v) {
         Effect e;
         e.name = "bad";
         e.draw = 5;
         v.specials = {e};
       }},
      {"specials[0].name: a special's name must have 1 to 64 characters",
       [](Variant& v) { v.specials = {effect("", CardMask::of_rank(Rank::eight), "8")}; }},
      {"specials[1].name: 'draw-two' is also the name of specials[0]",
       [](Variant& v) {
         v.specials = {two_draws_two(), effect("draw-two", CardMask::of_rank(Rank::eight), "8")};
       }},
      {"specials[1].not_on: no card of the deck may be played on any card of it (each is in a "
       "special whose not_on covers the deck): every round would end at the turn limit",
       [](Variant& v) {
         Effect red = effect("red", CardMask::of_colour(Colour::red), "red");
         Effect black = effect("black", CardMask::of_colour(Colour::black), "black");
         red.not_on = black.not_on = Selector{CardMask::all(), "any"};
         v.specials = {red, black};
       }},
      {"specials[0].cards: 'joker' matches no card of the deck",
       [](Variant& v) { v.specials = {effect("jokers", CardMask::of(Card::joker()), "joker")}; }},
      {"specials[1].cards: 2C is matched by both 'draw-two' and 'clubs' (a card has at most "
       "one entry: put both effects in one)",
       [](Variant& v) {
         v.specials = {two_draws_two(), effect("clubs", CardMask::of_suit(Suit::clubs), "C")};
       }},
      {"specials[0].draw: 1000 is out of range (allowed: 0..100)",
       [](Variant& v) {
         Effect e = two_draws_two();
         e.draw = 1000;
         v.specials = {e};
       }},
      {"specials[0].skip: 8 is out of range (allowed: 0..7)",
       [](Variant& v) {
         Effect e = effect("skip", CardMask::of_rank(Rank::eight), "8");
         e.skip = 8;
         v.specials = {e};
       }},
      {"specials[0].cap: cap 1 is below draw 2: the first card would exceed it",
       [](Variant& v) {
         Effect e = two_draws_two();
         e.cap = 1;
         v.specials = {e};
       }},
      {"specials[0].play_again: play_again cannot be combined with draw: its player acts next",
       [](Variant& v) {
         Effect e = two_draws_two();
         e.play_again = true;
         v.specials = {e};
       }},
      {"specials[0].rotate_hands: a card swaps with one chosen player (swap_hands) or passes "
       "every hand on (rotate_hands), not both",
       [](Variant& v) {
         Effect e = effect("sevens", CardMask::of_rank(Rank::seven), "7");
         e.swap_hands = e.rotate_hands = true;
         v.specials = {e};
       }},
      {"specials[0].cancel: 2C both stacks on the penalty (stack) and cancels it (cancel): a "
       "card answers it one way, so list it in one of them",
       [](Variant& v) {
         Effect e = two_draws_two();
         e.cancel = e.stack;
         v.specials = {e};
       }},
      {"specials[0].demand: a card that names a suit (names_suit) cannot also make a demand: the "
       "next card would have to follow both, and only one can bind it (put the demand on another "
       "card)",
       [](Variant& v) {
         Effect e = effect("ace", CardMask::of_rank(Rank::ace), "A");
         e.names_suit = true;
         e.demand = Selector{CardMask::of_rank(Rank::king), "K"};
         v.specials = {e};
       }},
      {"specials[0].miss_turn: miss_turn: false contradicts skip 1: with a draw, skip makes the "
       "victim miss its turn (skip: 0 lets it play after drawing)",
       [](Variant& v) {
         Effect e = two_draws_two();
         e.skip = 1;
         e.miss_turn = false;
         v.specials = {e};
       }},
      {"specials[0].swap_hands: a swap card cannot also name a suit (names_suit): its play names "
       "the seat to swap with",
       [](Variant& v) {
         Effect e = effect("sevens", CardMask::of_rank(Rank::seven), "7");
         e.swap_hands = e.names_suit = true;
         v.specials = {e};
       }},
      {"specials[0].deflect: 'eights' sets no penalty to deflect (deflect goes with draw, or a "
       "skip that can be answered)",
       [](Variant& v) {
         Effect e = effect("eights", CardMask::of_rank(Rank::eight), "8");
         e.deflect = Selector{CardMask::of_rank(Rank::ace), "A"};
         v.specials = {e};
       }},
      {"specials[0].deflect: AC deflects only if it reverses or skips, but it is no special card",
       [](Variant& v) {
         Effect e = two_draws_two();
         e.deflect = Selector{CardMask::of_rank(Rank::ace), "A"};
         v.specials = {e};
       }},
      {"specials[0].deflect_to_attacker: deflect_reverse_to goes with deflect: this special "
       "lists no card that deflects its penalty",
       [](Variant& v) {
         Effect e = two_draws_two();
         e.deflect_to_attacker = false;
         v.specials = {e};
       }},
      // identical cards, last card, round
      {"identical.others_draw: -1 is out of range (allowed: 0..100)",
       [](Variant& v) { v.identical.others_draw = -1; }},
      {"identical.jump_in: same_card jump-in needs a deck with identical cards (deck.decks 2 or "
       "more, or two jokers) for some player count: with one deck no card is held twice, so "
       "nobody could ever jump in (same_rank jumps in with a card of the same rank)",
       [](Variant& v) { v.identical.jump_in = JumpIn::same_card; }},
      {"last_card.penalty: 101 is out of range (allowed: 0..100)",
       [](Variant& v) { v.last_card.penalty = 101; }},
      {"last_card.final_call: -1 is out of range (allowed: 0..100)",
       [](Variant& v) { v.last_card.final_call = -1; }},
      {"last_card.call_name: the words of a call hold no control character",
       [](Variant& v) { v.last_card.call_name = "Mau\nMau"; }},
      {"last_card.final_call_name: the words of a call are 1 to 32 bytes long",
       [](Variant& v) { v.last_card.final_call_name = std::string(33, 'M'); }},
      {"round.turn_limit: 0 is out of range (allowed: 1..1000000)",
       [](Variant& v) { v.round.turn_limit = 0; }},
      {"round.turn_limit: -1 is out of range (allowed: 1..1000000)",
       [](Variant& v) { v.round.turn_limit = -1; }},
      {"round.turn_limit: 1000001 is out of range (allowed: 1..1000000)",
       [](Variant& v) { v.round.turn_limit = kMaxTurnLimit + 1; }},
      {"round.no_finish.cards: no card: then, draw and unless apply to the cards that may not "
       "finish",
       [](Variant& v) {
         v.round.no_finish.then = NoFinish::draw;
         v.round.no_finish.draw = 2;
       }},
      {"round.no_finish.then: then: draw needs round.no_finish.draw, the cards its player draws",
       [](Variant& v) {
         v.round.no_finish.cards = Selector{CardMask::of_rank(Rank::two), "2"};
         v.round.no_finish.then = NoFinish::draw;
       }},
      {"round.no_finish.draw: round.no_finish.draw is the penalty of then: draw; with then: "
       "refused the play is not allowed at all",
       [](Variant& v) {
         v.round.no_finish.cards = Selector{CardMask::of_rank(Rank::two), "2"};
         v.round.no_finish.draw = 2;
       }},
      {"round.no_finish.cards: every card of the deck is refused as a last card: nobody could "
       "ever go out (name fewer cards, or then: draw, or unless: follows_suit)",
       [](Variant& v) {
         v.round.no_finish.cards = Selector{CardMask::all(), "any"};
       }},
      // scoring
      {"scoring.values[0].points: 1001 is out of range (allowed: 0..1000)",
       [](Variant& v) {
         v.scoring.values = {CardValue{CardMask::of_rank(Rank::king), "K", 1001}};
       }},
      {"scoring.multipliers[0].factor: 0 is out of range (allowed: more than 0 up to 1000)",
       [](Variant& v) {
         v.scoring.multipliers = {HandMultiplier{CardMask::of_rank(Rank::two), "2", 0.0}};
       }},
      {"scoring.pair_factor: nan is not a finite number",
       [](Variant& v) { v.scoring.pair_factor = std::nan(""); }},
      {"scoring.formula: position 1: unknown name \"totl\" (the variables are total, cards and "
       "pairs; the functions count(r), min, max and muparser's built-ins)",
       [](Variant& v) { v.scoring.formula = "totl"; }},
      {"scoring.formula: a blank formula: leave it empty to use the structured rules",
       [](Variant& v) { v.scoring.formula = " "; }},
      // match
      {"match.rounds: 0 is out of range (allowed: 1..1000)",
       [](Variant& v) { v.match.rounds = 0; }},
      {"match.limit: 0 is out of range (allowed: 1..1000000)",
       [](Variant& v) { v.match.limit = 0; }},
      {"match.hard_limit: hard_limit 100 must be above limit 100 (or 0: none)",
       [](Variant& v) {
         v.match.end = MatchKind::threshold;
         v.match.hard_limit = 100;
       }},
      {"deal.hand_size: impossible deal: 6 players x 9 cards + 1 turned up = 55 cards, but the "
       "deck has only 52 (match.end elimination deals later rounds to the seats still in)",
       [](Variant& v) {
         v.deal.min_players = v.deal.max_players = 7;
         v.deal.decks = ByPlayers{{{2, 1}, {7, 2}}};
         v.deal.hand_size = ByPlayers::constant(9);
         v.match.end = MatchKind::elimination;
       }},
      // teams
      {"teams.seating: opposite seats partners across the table, and two players opposite "
       "each other would be one team with nobody to play against: use 4 players or more",
       [](Variant& v) {
         v.deal.min_players = v.deal.max_players = 2;
         v.teams.seating = TeamSeating::opposite;
       }},
      {"teams.seating: opposite needs one even number of players, but players allows 2 to 7: "
       "set players to {min: 4, max: 4} (or 6, 8)",
       [](Variant& v) { v.teams.seating = TeamSeating::opposite; }},
      {"teams.listed: the teams seat 4 players, but players allows 2 to 7: set players to "
       "{min: 4, max: 4}",
       [](Variant& v) {
         v.teams.seating = TeamSeating::listed;
         v.teams.listed = {{0, 2}, {1, 3}};
       }},
      {"teams.listed: the teams name 3 seats but not seat 2: number the seats from 0",
       [](Variant& v) {
         v.teams.seating = TeamSeating::listed;
         v.teams.listed = {{0, 3}, {1}};
       }},
      {"teams.score: a team score without teams (no teams.seats)",
       [](Variant& v) { v.teams.score = TeamScore::each_hand; }},
  };
  return cases;
}

}  // namespace

TEST_CASE("check_variant names the first field out of the loader's rules", "[check_variant]") {
  REQUIRE(check_variant(named()).empty());
  for (const Case& c : invalid_cases()) {
    Variant v = named();
    c.change(v);
    INFO(c.message);
    CHECK(check_variant(v) == c.message);
  }
}

TEST_CASE("for_each_combination_problem gives every combination problem, in order",
          "[check_variant]") {
  Variant v = named();
  Effect e = two_draws_two();
  e.cancel = e.stack;
  e.play_again = true;
  v.specials = {e};
  v.match.end = MatchKind::threshold;  // the only match that reads hard_limit
  v.match.hard_limit = 100;
  std::vector<std::string> found;
  for_each_combination_problem(
      v, [&](const CombinationProblem& p) { found.push_back(p.path + ": " + p.message); });
  CHECK(found == std::vector<std::string>{
                     "specials[0].play_again: play_again cannot be combined with draw: its "
                     "player acts next",
                     "specials[0].cancel: 2C both stacks on the penalty (stack) and cancels it "
                     "(cancel): a card answers it one way, so list it in one of them",
                     "match.hard_limit: hard_limit 100 must be above limit 100 (or 0: none)"});
  CHECK(check_variant(v) == found.front());
  // A key refused for being written at all, as a file writes it: with its default value.
  found.clear();
  for_each_combination_problem(
      named(), [&](const CombinationProblem& p) { found.push_back(p.path); },
      [](std::string_view path) { return path == "draw.limit" || path == "play.effects"; });
  CHECK(found == std::vector<std::string>{"draw.limit", "play.effects"});
}

TEST_CASE("Engine refuses a variant check_variant finds fault with, with its message",
          "[check_variant]") {
  for (const Case& c : invalid_cases()) {
    Variant v = named();
    c.change(v);
    INFO(c.message);
    CHECK_THROWS_MATCHES(Engine(v), std::invalid_argument, Catch::Message(c.message));
  }
}

TEST_CASE("every built-in variant passes check_variant", "[check_variant]") {
  for (const std::string& name : builtin_variant_names()) {
    INFO(name);
    CHECK(check_variant(load_variant(name)) == "");
  }
}

TEST_CASE("a variant built in code at the edges of every range plays", "[check_variant]") {
  Variant v = named();
  v.deal.min_players = v.deal.max_players = 2;
  v.deal.decks = ByPlayers::constant(kMaxDecks);
  v.deal.deck.jokers = kMaxJokers;
  v.deal.hand_size = ByPlayers::constant((kMaxCards - 1) / 2);  // 2 x 79 + 1 = 159 of 160
  v.round.turn_limit = 1;
  v.match.rounds = kMaxFixedRounds;
  v.match.limit = kMaxMatchPoints;
  v.scoring.pair_factor = kMaxScoreFactor;
  REQUIRE(check_variant(v) == "");
  const Engine engine(v);
  State s = engine.deal(2, 1);
  ActionList legal;
  engine.legal_actions(s, legal);
  REQUIRE(engine.apply(s, legal[0]));
  // A turn limit of 1 ends the round as a stalemate after one decision, and the engine's own
  // State is one a round of the variant can be in (it was refused with a turn limit of 0).
  CHECK(s.stalemate);
  CHECK(check_state(engine, s) == "");
}

// The loader and check_variant read the same limits (rules/variant_limits.hpp): at each
// bound a value the one takes the other takes, and one past it both refuse.
TEST_CASE("the loader and check_variant share their bounds", "[check_variant]") {
  struct Bound {
    std::string yaml;  // an override of british, at the bound
    std::string past;  // one past it
    std::function<void(Variant&, bool)> change;
  };
  const std::vector<Bound> bounds = {
      {"deck: {jokers: 4}", "deck: {jokers: 5}",
       [](Variant& v, bool past) { v.deal.deck.jokers = kMaxJokers + past; }},
      {"deck: {decks: 3}", "deck: {decks: 4}",
       [](Variant& v, bool past) { v.deal.decks = ByPlayers::constant(kMaxDecks + past); }},
      {"players: {max: 8}", "players: {max: 9}",
       [](Variant& v, bool past) { v.deal.max_players = kMaxSeats + past; }},
      {"round: {turn_limit: 1000000}", "round: {turn_limit: 1000001}",
       [](Variant& v, bool past) { v.round.turn_limit = kMaxTurnLimit + past; }},
      {"last_card: {penalty: 100}", "last_card: {penalty: 101}",
       [](Variant& v, bool past) { v.last_card.penalty = kMaxEffectDraw + past; }},
      // (rounds counts a match of fixed rounds: in british's elimination it would do nothing)
      {"match: {end: fixed_rounds, rounds: 1000}", "match: {end: fixed_rounds, rounds: 1001}",
       [](Variant& v, bool past) { v.match.rounds = kMaxFixedRounds + past; }},
      {"match: {limit: 1000000}", "match: {limit: 1000001}",
       [](Variant& v, bool past) { v.match.limit = kMaxMatchPoints + past; }},
      {"scoring: {pair_factor: 1000}", "scoring: {pair_factor: 1000.5}",
       [](Variant& v, bool past) { v.scoring.pair_factor = kMaxScoreFactor + (past ? 0.5 : 0); }},
  };
  const Variant british = load_variant("british");
  for (const Bound& b : bounds) {
    INFO(b.yaml);
    CHECK_NOTHROW(load_variant("british", b.yaml, "bound"));
    CHECK_THROWS_AS(load_variant("british", b.past, "past"), LoadError);
    Variant at = british, past = british;
    b.change(at, false);
    b.change(past, true);
    CHECK(check_variant(at) == "");
    CHECK(check_variant(past) != "");
  }
}

TEST_CASE("the words of a call: what may be said inside a line of text", "[check_variant]") {
  CHECK(call_name_problem("Mau") == "");
  CHECK(call_name_problem("Макао") == "");
  CHECK(call_name_problem("Uno!") == "");
  CHECK(call_name_problem(std::string(32, 'x')) == "");
  CHECK(call_name_problem(std::string(30, 'x') + "é") == "");  // 32 bytes
  CHECK(call_name_problem(std::string(31, 'x') + "é") ==
        "the words of a call are 1 to 32 bytes long");
  CHECK(call_name_problem("") == "the words of a call are 1 to 32 bytes long");
  // QA: C1 controls and Unicode's blank spaces passed.
  for (const char* control : {"a\tb", "a\x7f", "a\u0085b", "a\u009bb", "a\u2028b", "a\u2029b"})
    CHECK(call_name_problem(control) == "the words of a call hold no control character");
  for (const char* blank : {"   ", "\u00a0\u00a0", "\u3000", " \u2003 \ufeff"})
    CHECK(call_name_problem(blank) == "the words of a call are not only spaces");
  CHECK(call_name_problem("a\u00a0b") == "");
  CHECK(call_name_problem("say \"it\"") == "the words of a call hold no double quote (\")");
}

TEST_CASE("words equal to a call's default count as unset, as a default number does",
          "[check_variant]") {
  // QA: `call_name: last card` under enforce: none was refused as a key without effect, where
  // `penalty: 2` is not.
  const Variant quiet =
      load_variant("crazy-eights-swaps", "{last_card: {call_name: last card}}", "override");
  CHECK(quiet.last_card.call_name.empty());
  const Variant mau = load_variant("mau-mau", "{last_card: {final_call_name: Mau}}", "override");
  CHECK(mau.last_card.final_call_name.empty());
  CHECK(mau.last_card.final_call_words() == "Mau");
  CHECK_THROWS_WITH(load_variant("mau-mau", "{last_card: {final_call_name: Mau-Mau}}", "override"),
                    Catch::Contains("last_card.final_call_name: this key has no effect here"));
}
