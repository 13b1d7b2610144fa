// The house variants of variants/ (british-* house rules, crazy-eights, mau-mau, last-card): each
// loads by name, extends a base, describes itself, and plays 1,000 seeded random rounds to the end
// with every listed action accepted. Then a house rule written at run time as a YAML string loads
// and plays, with no rebuild. Their rules are checked move by move in tests/scenarios/house/.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/core/deck.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/io/describe.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

namespace {

constexpr std::array<std::string_view, 13> kHouseVariants = {
    "british-jack-wild",      "british-draw-four",
    "british-king-stop",      "british-queens-reverse",
    "british-jokers",         "british-black-jacks-stack",
    "british-stacked-eights", "british-black-jack-50",
    "crazy-eights",           "mau-mau",
    "mau-mau-purist",         "last-card",
    "british-runs-jokers",
};

constexpr int kGames = 1000;

struct Playout {
  int games = 0, won = 0, stalemates = 0;
  long decisions = 0;
  std::string broken;  // the first broken expectation, with its game
};

// How the random seats choose among the legal actions.
enum class Policy {
  // Uniformly, like RandomAgent: voluntary draws and passes after a draw as often as any play,
  // so hand sizes drift and some rounds run into the turn limit (counted, not a failure).
  uniform,
  // Like a careless but willing player: a challenge when one is offered (half the time), else a
  // random play when there is one, else whatever is legal; "last card" forgotten a quarter of
  // the time. Such rounds should end with a winner.
  eager,
};

Action choose(const State& s, const ActionList& legal, Policy policy, Pcg32& rng) {
  const auto pick = [&](std::uint32_t n) { return static_cast<int>(rng.below(n)); };
  Action a = legal[pick(static_cast<std::uint32_t>(legal.size()))];
  if (policy == Policy::eager) {
    int plays = 0, challenge = -1;
    for (int i = 0; i < legal.size(); ++i) {
      if (legal[i].kind() == ActionKind::play) ++plays;
      if (legal[i].kind() == ActionKind::challenge) challenge = i;
    }
    if (challenge >= 0 && pick(2) == 0) return legal[challenge];
    if (plays > 0) {
      int k = pick(static_cast<std::uint32_t>(plays));
      for (const Action x : legal)
        if (x.kind() == ActionKind::play && k-- == 0) a = x;
    }
  }
  const int forget = policy == Policy::eager ? 4 : 2;
  if (a.kind() == ActionKind::play && s.hands[s.turn].size() == 2 && pick(forget) != 0)
    a = a.with_last();
  return a;
}

// Rounds of random legal play, spread over the variant's player counts, each dealt from
// derive_seed(seed, game). Every action listed as legal must pass Engine::check, the chosen one
// must be accepted by apply, and the round must end with a winner or at the turn limit.
Playout play_random(const Variant& variant, int games, std::uint64_t seed, Policy policy) {
  const Engine engine(variant);
  const int low = variant.deal.min_players, counts = variant.deal.max_players - low + 1;
  Playout p;
  ActionList legal;
  for (int game = 0; game < games && p.broken.empty(); ++game) {
    const int players = low + game % counts;
    const std::uint64_t game_seed = derive_seed(seed, static_cast<std::uint64_t>(game));
    const std::string where = variant.name + ", " + std::to_string(players) + " players, game " +
                              std::to_string(game) + ": ";
    State s = engine.deal(players, game_seed);
    Pcg32 rng(game_seed ^ 0x40115e);
    // apply ends a round at the turn limit, so this bound is only reached if that guard fails.
    const long bound = 2L * variant.round.turn_limit + 16;
    for (long step = 0; !s.over() && p.broken.empty(); ++step) {
      if (step > bound) {
        p.broken = where + "the round outlasted its turn limit";
        break;
      }
      engine.legal_actions(s, legal);
      if (legal.empty()) {
        p.broken = where + "no legal action in a running round";
        break;
      }
      for (const Action a : legal)
        if (engine.check(s, a) != Refusal::none)
          p.broken = where + "listed action refused: " + to_string(a);
      const Action a = choose(s, legal, policy, rng);
      if (const ApplyResult r = engine.apply(s, a); !r.ok())
        p.broken =
            where + "chosen action refused: " + to_string(a) + ": " + std::string(r.reason());
    }
    ++p.games;
    p.decisions += s.decisions;
    if (s.stalemate)
      ++p.stalemates;
    else if (s.winner >= 0)
      ++p.won;
  }
  return p;
}

const Effect* special(const Variant& v, std::string_view name) {
  for (const Effect& e : v.specials)
    if (e.name == name) return &e;
  return nullptr;
}

Card C(const char* text) {
  return parse_card(text);
}

}  // namespace

TEST_CASE("every house variant loads by name, extends a base and describes itself") {
  const std::vector<std::string> builtins = builtin_variant_names();
  for (const std::string_view name : kHouseVariants) {
    INFO(name);
    CHECK(std::find(builtins.begin(), builtins.end(), name) != builtins.end());
    const Variant v = load_variant(name);
    CHECK(v.name == name);
    CHECK(v.source == "built-in:" + std::string(name));
    CHECK(!v.title.empty());
    CHECK(!v.description.empty());
    // "overriding only what differs": each file starts from a base.
    CHECK(builtin_variant_text(name).find("\nextends: ") != std::string_view::npos);
    const std::string text = describe_variant(v);
    CHECK(text.find(v.title) != std::string::npos);
    CHECK(text.find("Special cards") != std::string::npos);
    CHECK(summarize_variant(v).find("(" + std::string(name) + ")") != std::string::npos);
  }
}

// The README counts them and variants/README.md lists each: neither may fall behind the files.
TEST_CASE("the READMEs count and list every house variant") {
  const auto text_of = [](const char* path) {
    std::ifstream in(std::string(SWITCHCARDS_SOURCE_DIR) + "/" + path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  const std::string readme = text_of("README.md");
  const std::string listed = text_of("variants/README.md");
  REQUIRE(!readme.empty());
  std::vector<std::string> house = builtin_variant_names();
  std::erase_if(house, [](const std::string& name) {
    return name == "balkan" || name == "british" || name == "mobile-app";  // the seeds
  });
  REQUIRE(house.size() + 3 == builtin_variant_names().size());
  CHECK(readme.find(std::to_string(house.size()) + " house variants") != std::string::npos);
  for (const std::string& name : house) {
    INFO(name);
    CHECK(listed.find("`" + name + ".yaml`") != std::string::npos);
  }
}

TEST_CASE("house variants carry the rules they are named for") {
  const Variant british = load_variant("british");

  SECTION("decks: jokers added, and the 32-card deck of Mau-Mau") {
    const Variant jokers = load_variant("british-jokers");
    CHECK(build_deck(jokers.deck_for(4)).size() == 54);
    CHECK(build_deck(jokers.deck_for(7)).size() == 106);  // two packs, still two jokers
    const Variant runs = load_variant("british-runs-jokers");
    CHECK(build_deck(runs.deck_for(4)).size() == 54);
    CHECK(runs.play.run_jokers == RunJokers::stand_in);
    CHECK(load_variant("british-runs").play.run_jokers == RunJokers::none);  // the default
    const Variant mau = load_variant("mau-mau");
    CHECK(mau.deal.max_players == 5);
    for (int players = mau.deal.min_players; players <= mau.deal.max_players; ++players) {
      const Pile deck = build_deck(mau.deck_for(players));
      CHECK(deck.size() == 32);
      for (const Card c : deck.cards()) {
        INFO(to_string(c));
        CHECK(!c.is_joker());
        CHECK((c.rank() == Rank::ace || c.rank() >= Rank::seven));
      }
    }
  }

  SECTION("only what differs is overridden") {
    // A house rule changes specials or scoring; the deal, draw and match rules are British.
    for (const std::string_view name : kHouseVariants) {
      // Games of their own: Mau-Mau (32 cards, 5 each), Last Card (its own call, one round).
      if (name.starts_with("mau-mau") || name == "last-card") continue;
      INFO(name);
      const Variant v = load_variant(name);
      CHECK(v.deal.hand_size == british.deal.hand_size);
      CHECK(v.draw == british.draw);
      CHECK(v.last_card == british.last_card);
      CHECK(v.match == british.match);
      CHECK(v.round == british.round);
    }
  }

  SECTION("the engine sees each rule") {
    const Engine wild(load_variant("british-jack-wild"));
    for (const char* j : {"JS", "JC", "JH", "JD"}) {
      REQUIRE(wild.effect_of(C(j)) != nullptr);
      CHECK(wild.effect_of(C(j))->wild);
      CHECK(wild.effect_of(C(j))->draw == 0);
    }
    const Variant eights = load_variant("british-stacked-eights");
    REQUIRE(special(eights, "skip") != nullptr);
    CHECK(special(eights, "skip")->is_attack());  // a pending skip, answerable by an 8
    const Variant stack = load_variant("british-black-jacks-stack");
    REQUIRE(special(stack, "pick-up-seven") != nullptr);
    CHECK(special(stack, "pick-up-seven")->cap == 14);
    const Engine crazy(load_variant("crazy-eights"));
    CHECK(crazy.effect_of(C("JS")) == nullptr);
    REQUIRE(crazy.effect_of(C("8H")) != nullptr);
    CHECK(crazy.effect_of(C("8H"))->names_suit);
    const Engine queens(load_variant("british-queens-reverse"));
    CHECK(queens.effect_of(C("AS")) == nullptr);
    REQUIRE(queens.effect_of(C("QS")) != nullptr);
    CHECK(queens.effect_of(C("QS"))->reverse);
    const Engine purist(load_variant("mau-mau-purist"));
    REQUIRE(purist.effect_of(C("AH")) != nullptr);
    CHECK(purist.effect_of(C("AH"))->play_again);
    CHECK(purist.effect_of(C("AH"))->skip == 0);
    REQUIRE(purist.effect_of(C("JC")) != nullptr);
    CHECK(purist.effect_of(C("JC"))->not_on.cards == CardMask::of_rank(Rank::jack));
    CHECK(purist.effect_of(C("JC"))->wild);
  }
}

TEST_CASE("a thousand random rounds of each house variant run to the end") {
  for (const std::string_view name : kHouseVariants) {
    const Variant v = load_variant(name);
    const Playout uniform = play_random(v, kGames, 2024, Policy::uniform);
    const Playout eager = play_random(v, kGames, 2025, Policy::eager);
    INFO(name << ": uniform: " << uniform.won << " won, " << uniform.stalemates
              << " stalemates at the turn limit, " << uniform.decisions
              << " decisions; eager: " << eager.won << " won, " << eager.stalemates
              << " stalemates, " << eager.decisions << " decisions");
    CHECK(uniform.broken == "");
    CHECK(eager.broken == "");
    CHECK(uniform.games == kGames);
    CHECK(eager.games == kGames);
    // Every round ends: with a winner, or as a stalemate at the turn limit.
    CHECK(uniform.won + uniform.stalemates == uniform.games);
    CHECK(eager.won + eager.stalemates == eager.games);
    // Players who play when they can finish their rounds; more would mean a rule that loops.
    CHECK(eager.stalemates * 100 <= eager.games);
  }
}

TEST_CASE("a house rule written at run time loads from a string and plays with no rebuild") {
  // Three existing primitives in one new house: 7s skip, 9s reverse, a Q demands a picture.
  constexpr std::string_view kYaml = R"(
name: sevens-nines-queens
extends: british
title: Our kitchen-table Switch
specials:
  seven-skip: {cards: 7, skip: 1}
  nine-reverse: {cards: 9, reverse: true, two_players: skip}
  queen-demands-picture: {cards: Q, demand: [J, Q, K]}
)";
  const Variant v = load_variant_from_string(kYaml, "our-house");
  CHECK(v.name == "sevens-nines-queens");
  CHECK(v.source == "our-house");
  CHECK(v.specials.size() == load_variant("british").specials.size() + 3);
  const Engine engine(v);

  // Four seats. 7H skips seat 1; seat 2's 9H reverses, so play goes to seat 1; seat 1's QH
  // demands a picture of seat 0 (any suit: KC), not a heart.
  Position pos;
  pos.hands = {{C("7H"), C("KC"), C("3H")},
               {C("QH"), C("5D"), C("5C")},
               {C("9H"), C("6D"), C("6C")},
               {C("4D"), C("4C")}};
  pos.discard = {C("4H")};
  pos.stock = {C("10C"), C("10D")};
  State s = engine.position(pos);
  REQUIRE(engine.apply(s, Action::play(0, C("7H"))).ok());
  CHECK(s.turn == 2);
  REQUIRE(engine.apply(s, Action::play(2, C("9H"))).ok());
  CHECK(s.seats.direction() == Direction::counterclockwise);
  CHECK(s.turn == 1);
  REQUIRE(engine.apply(s, Action::play(1, C("QH"))).ok());
  CHECK(s.turn == 0);
  CHECK(engine.check(s, Action::play(0, C("3H"))) == Refusal::demand_not_met);
  CHECK(engine.apply(s, Action::play(0, C("KC"))).ok());
  CHECK(s.turn == 3);

  const Playout p = play_random(v, kGames, 7, Policy::eager);
  INFO(p.won << " won, " << p.stalemates << " stalemates");
  CHECK(p.broken == "");
  CHECK(p.won + p.stalemates == p.games);
  CHECK(p.stalemates * 100 <= p.games);
}

TEST_CASE("alone at the table, a swap card is played as a plain card", "[swaps]") {
  // Found by fuzz_engine (tests/fuzz/regressions/engine/swap-card-alone-at-the-table): with one
  // seat the swap plays were to be dropped from the legal list, whose in-place rewrite from the
  // end then wrote before its start.
  const Engine engine(load_variant("crazy-eights-swaps"));
  Position p;
  p.hands = {{parse_card("3C"), parse_card("7S"), parse_card("JS")}};
  p.discard = {parse_card("5S")};
  p.stock = {parse_card("KD"), parse_card("QD")};
  State s = engine.position(p);
  ActionList legal;
  engine.legal_actions(s, legal);
  std::vector<Action> listed(legal.begin(), legal.end());
  CHECK(std::find(listed.begin(), listed.end(), Action::play(0, parse_card("7S"))) != listed.end());
  CHECK(engine.check(s, Action::play(0, parse_card("7S"))) == Refusal::none);
  REQUIRE(engine.apply(s, Action::play(0, parse_card("7S"))));
  CHECK(s.hands[0].size() == 2);
  CHECK(s.top() == parse_card("7S"));
}

TEST_CASE("a run steps by rank, the ace high or low, round the corner only with turn_corner",
          "[several]") {
  PlayRules p;
  p.several = Several::runs;
  CHECK(p.run_step(Rank::four, 1, Rank::joker) == Rank::five);
  CHECK(p.run_step(Rank::four, -1, Rank::joker) == Rank::three);
  CHECK(p.run_step(Rank::king, 1, Rank::queen) == Rank::ace);  // ace high
  CHECK(p.run_step(Rank::two, -1, Rank::three) == Rank::ace);  // ace low
  CHECK(p.run_step(Rank::ace, 1, Rank::king) == Rank::joker);  // K, A, 2: the corner
  CHECK(p.run_step(Rank::ace, -1, Rank::two) == Rank::joker);  // 2, A, K: the corner
  CHECK(p.run_step(Rank::ace, 1, Rank::joker) == Rank::two);   // a run starting on the ace
  CHECK(p.run_step(Rank::ace, -1, Rank::joker) == Rank::king);
  p.turn_corner = true;
  CHECK(p.run_step(Rank::ace, 1, Rank::king) == Rank::two);
  CHECK(p.run_step(Rank::ace, -1, Rank::two) == Rank::king);
  p.turn_corner = false;
  p.run_ace = RunAce::low;
  CHECK(p.run_step(Rank::king, 1, Rank::queen) == Rank::joker);
  CHECK(p.run_step(Rank::ace, -1, Rank::joker) == Rank::joker);
  p.run_ace = RunAce::high;
  CHECK(p.run_step(Rank::two, -1, Rank::three) == Rank::joker);
  CHECK(p.run_step(Rank::ace, 1, Rank::joker) == Rank::joker);
  CHECK(p.run_step(Rank::joker, 1, Rank::joker) == Rank::joker);
}

TEST_CASE("an answer of several cards needs several cards a turn, every card taking effect",
          "[several]") {
  // A Variant built in C++ is checked by the Engine as the loader checks a file.
  Variant v = load_variant("british");
  v.play.several_answers = true;
  CHECK_THROWS_AS(Engine(v), std::invalid_argument);  // one card a turn
  v.play.several = Several::same_rank;
  v.play.effects = SeveralEffects::last;
  CHECK_THROWS_AS(Engine(v), std::invalid_argument);  // only the top card would stack
  v.play.effects = SeveralEffects::each;
  CHECK_NOTHROW(Engine(v));
}
