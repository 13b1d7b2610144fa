// The ISMCTS agent (agents/ismcts_agent.hpp): it plays every built-in variant with only legal
// choices (with and without the events delivered), the same seed and budget choose the same
// actions, its choices do not change when the cards its seat cannot see are dealt
// differently, it does not search a forced move, and make_agent builds it from its CLI names.
#include <catch2/catch.hpp>

#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../common/checked_agent.hpp"
#include "../common/error_of.hpp"
#include "../common/invariants.hpp"
#include "switchcards/agents/heuristic_agent.hpp"
#include "switchcards/agents/ismcts_agent.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

namespace {

using Checked = switchcards::testing::CheckedAgent;

IsmctsConfig budget(int iterations) {
  IsmctsConfig c;
  c.iterations = iterations;
  return c;
}

// Plays one round: ismcts at seat 0, forgetful heuristics elsewhere (so that challenges and
// late calls come up). Returns seat 0's choices as text.
std::vector<std::string> ismcts_round(const Engine& engine, int players, std::uint64_t seed,
                                      int iterations, bool observe, int* illegal = nullptr) {
  std::vector<std::unique_ptr<Checked>> seats;
  seats.push_back(
      std::make_unique<Checked>(std::make_unique<IsmctsAgent>(seed, budget(iterations))));
  for (int k = 1; k < players; ++k)
    seats.push_back(std::make_unique<Checked>(std::make_unique<HeuristicAgent>(seed + k, 0.3)));
  std::vector<Agent*> agents;
  for (auto& s : seats) agents.push_back(s.get());
  EventBuffer events;
  State s = engine.deal(players, seed, -1, &events);
  RoundOptions options;
  options.observe = observe;
  if (observe) deliver_events(engine, s, agents, events.span());
  std::vector<std::string> chosen;
  play_round(engine, s, agents, options, [&](const State&, Action a, std::span<const Event>) {
    if (a.seat() == 0) chosen.push_back(to_string(a));
  });
  if (illegal)
    for (auto& seat : seats) *illegal += seat->illegal;
  return chosen;
}

}  // namespace

// QA: in british-partnerships ismcts caught its own partner's forgotten "last card" in 19 of
// 23 seeds (challenges() said yes to every target, and the search's reward counted only the
// seat that went out): the penalty cards cost its own team.
TEST_CASE("ismcts plays for its team: a round its partner wins is won, and it does not catch it") {
  const Engine engine(load_variant("british-partnerships"));
  // Seat 2 (seat 0's partner) plays an 8, which skips seat 3, and forgets to call "last card"
  // with one card left: seat 0 is to act and may catch it.
  Position p;
  p.hands = {{parse_card("4C"), parse_card("9D"), parse_card("KS")},
             {parse_card("6C"), parse_card("7D"), parse_card("QS")},
             {parse_card("8H"), parse_card("3C")},
             {parse_card("5C"), parse_card("10D"), parse_card("JS")}};
  p.discard = {parse_card("5H")};
  p.stock = {parse_card("AD"), parse_card("KD"), parse_card("QD"),
             parse_card("2S"), parse_card("9S"), parse_card("10S")};
  p.turn = 2;
  State s = engine.position(p);
  engine.apply(s, Action::play(2, parse_card("8H")));
  REQUIRE(s.turn == 0);
  ActionList legal;
  engine.legal_actions(s, legal);
  REQUIRE(legal[legal.size() - 1] == Action::challenge(0, 2));
  for (const std::uint64_t seed : {1, 2, 3, 4, 5}) {
    IsmctsAgent agent(seed, budget(400));
    CHECK(agent.choose(PlayerView(engine, s, 0), legal.span()) != Action::challenge(0, 2));
  }
  // Its search counts a round its partner wins as won: seat 0, holding the most points, lets
  // seat 2 go out at once (8H skips seat 1, and seat 2 follows with 9H), where a search for
  // its own hand alone scores that 0 and plays on.
  Position q;
  q.hands = {
      {parse_card("8H"), parse_card("5C"), parse_card("KS"), parse_card("KD"), parse_card("KC"),
       parse_card("QS"), parse_card("QD"), parse_card("QC"), parse_card("10S"), parse_card("10D")},
      {parse_card("3C"), parse_card("4D")},
      {parse_card("9H")},
      {parse_card("6C"), parse_card("7D"), parse_card("9S")}};
  q.discard = {parse_card("5H")};
  q.stock = {parse_card("AD"), parse_card("KH"), parse_card("QH"),
             parse_card("2S"), parse_card("4S"), parse_card("10C")};
  const State t = engine.position(q);
  engine.legal_actions(t, legal);
  for (const std::uint64_t seed : {1, 2, 3}) {
    IsmctsAgent agent(seed, budget(400));
    CHECK(agent.choose(PlayerView(engine, t, 0), legal.span()) ==
          Action::play(0, parse_card("8H")));
  }
  // Out of turn: seat 0 would catch an opponent, never its partner.
  IsmctsAgent agent(1, budget(10));
  CHECK(!agent.challenges(PlayerView(engine, s, 0), 2));
  CHECK(agent.challenges(PlayerView(engine, s, 1), 2));
  CHECK(agent.challenges(PlayerView(engine, s, 3), 2));
}

TEST_CASE("ismcts chooses only legal actions in every built-in variant, with or without events") {
  for (const std::string& name : builtin_variant_names()) {
    const Engine engine(load_variant(name));
    const int low = std::max(2, engine.variant().deal.min_players);
    for (int players : {low, std::min(low + 2, engine.variant().deal.max_players)}) {
      for (const bool observe : {true, false}) {
        INFO(name << ", " << players << " players, events " << (observe ? "on" : "off"));
        int illegal = 0;
        for (std::uint64_t seed = 0; seed < 2; ++seed)
          REQUIRE_NOTHROW(ismcts_round(engine, players, seed, 12, observe, &illegal));
        CHECK(illegal == 0);
      }
    }
  }
}

TEST_CASE("ismcts: the same seed and budget choose the same actions") {
  const Engine engine(load_variant("british"));
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto a = ismcts_round(engine, 3, seed, 60, true);
    const auto b = ismcts_round(engine, 3, seed, 60, true);
    REQUIRE(!a.empty());
    CHECK(a == b);
  }
  // A different seed searches differently (over three rounds, some choice differs).
  int differ = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed)
    differ +=
        ismcts_round(engine, 3, seed, 60, true) != ismcts_round(engine, 3, seed + 100, 60, true);
  CHECK(differ > 0);
}

TEST_CASE("ismcts decides the same when the cards its seat cannot see are dealt differently") {
  // Two agents with the same seed see the same events; at each of seat 0's decisions one
  // chooses on the real position and the other on the position with the other hands and the
  // stock re-dealt (testing::rehide): they must agree.
  int compared = 0;
  for (const char* name : {"british", "balkan", "mobile-app", "crazy-eights", "crazy-eights-swaps",
                           "balkan-jump-in", "british-deflection", "british-runs"}) {
    const Engine engine(load_variant(name));
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      const int players = 3;
      IsmctsAgent real(seed, budget(40)), rehidden(seed, budget(40));
      HeuristicAgent h1(seed + 1, 0.2), h2(seed + 2, 0.2);
      Pcg32 shuffle_rng(seed + 77);
      EventBuffer events, masked;
      State s = engine.deal(players, seed, -1, &events);
      auto deliver = [&] {
        detail::mask_events(events.span(), 0, false, masked);
        real.observe(PlayerView(engine, s, 0), masked.span());
        rehidden.observe(PlayerView(engine, s, 0), masked.span());
      };
      deliver();
      ActionList legal;
      for (int step = 0; step < 300 && !s.over(); ++step) {
        engine.legal_actions(s, legal);
        Action a;
        if (s.turn == 0) {
          const State other = testing::rehide(s, 0, shuffle_rng);
          REQUIRE(testing::view_text(PlayerView(engine, s, 0)) ==
                  testing::view_text(PlayerView(engine, other, 0)));
          a = real.choose(PlayerView(engine, s, 0), legal.span());
          const Action b = rehidden.choose(PlayerView(engine, other, 0), legal.span());
          INFO(name << ", seed " << seed << ", step " << step);
          REQUIRE(a == b);
          if (legal.size() > 1) ++compared;
        } else {
          a = (s.turn == 1 ? h1 : h2).choose(PlayerView(engine, s, s.turn), legal.span());
        }
        events.clear();
        REQUIRE(engine.apply(s, a, &events));
        deliver();
      }
    }
  }
  CHECK(compared > 50);
}

TEST_CASE("ismcts does not search a forced move, and searches its whole budget otherwise") {
  const Engine engine(load_variant("british"));
  State s = engine.deal(3, 4);
  IsmctsAgent agent(1, budget(30));
  ActionList legal;
  engine.legal_actions(s, legal);
  REQUIRE(legal.size() > 1);
  const Action a = agent.choose(PlayerView(engine, s, s.turn), legal.span());
  CHECK(legal.contains(a.with_last(false)));
  CHECK(agent.last_search().iterations == 30);
  CHECK(agent.last_search().nodes > 1);
  CHECK(agent.last_search().nodes <= 31);
  const Action only[] = {legal[0]};
  CHECK(agent.choose(PlayerView(engine, s, s.turn), only) == legal[0]);
  CHECK(agent.last_search().iterations == 0);
}

TEST_CASE("ismcts takes an immediate win") {
  // Seat 0 holds one card that it may play: playing it wins the round at once (drawing is
  // allowed too in British).
  const Engine engine(load_variant("british"));
  Position p;
  p.hands = {{parse_card("9H")},
             {parse_card("AH"), parse_card("KH")},
             {parse_card("4S"), parse_card("5S")}};
  p.discard = {parse_card("9C")};
  p.stock = {parse_card("AD"), parse_card("KD"), parse_card("QD"), parse_card("QS")};
  const State s = engine.position(p);
  ActionList legal;
  engine.legal_actions(s, legal);
  IsmctsAgent agent(5, budget(200));
  CHECK(agent.choose(PlayerView(engine, s, 0), legal.span()) == Action::play(0, parse_card("9H")));
}

TEST_CASE("make_agent builds ismcts from its command-line names") {
  CHECK(make_agent("ismcts", 1)->name() == "ismcts");
  auto check_config = [](const char* text, int iterations, double seconds,
                         IsmctsConfig::Rollout rollout) {
    INFO(text);
    const auto agent = make_agent(text, 1);
    const auto* ismcts = dynamic_cast<const IsmctsAgent*>(agent.get());
    REQUIRE(ismcts);
    CHECK(ismcts->config().iterations == iterations);
    CHECK(ismcts->config().seconds == Approx(seconds));
    CHECK(ismcts->config().rollout == rollout);
  };
  check_config("ismcts", IsmctsConfig::kDefaultIterations, 0, IsmctsConfig::Rollout::eager);
  check_config("ismcts:250", 250, 0, IsmctsConfig::Rollout::eager);
  check_config("ismcts:20ms", 0, 0.02, IsmctsConfig::Rollout::eager);
  check_config("ismcts:2s", 0, 2, IsmctsConfig::Rollout::eager);
  check_config("ismcts:100:heuristic", 100, 0, IsmctsConfig::Rollout::heuristic);
  for (const char* clock : {"ismcts:20ms", "ismcts:2s", "ismcts:0.5s:heuristic"})
    CHECK(chooses_by_the_clock(clock));
  for (const char* counted :
       {"ismcts", "ismcts:250", "ismcts:100:heuristic", "heuristic", "random",
        // no agents at all (make_agent refuses them), so none that plays by the clock
        "ismcts:fasts", "ismcts:0s", "ismcts:2s:smart", "ismctsx:2s"})
    CHECK(!chooses_by_the_clock(counted));
  for (const char* bad :
       {"ismcts:", "ismcts:0", "ismcts:-5", "ismcts:1.5", "ismcts:10:smart", "ismcts:fast",
        "ismcts:10x", "ismctsx", "ismcts: 100", "ismcts:1e3", "ismcts:0x10", "ismcts:infms",
        "ismcts:1000.0", "ismcts:00010", "ismcts:3601s", "ismcts:99999s", "ismcts:1000000000ms"}) {
    INFO(bad);
    CHECK_THROWS_AS(make_agent(bad, 1), std::invalid_argument);
  }
  check_config("ismcts:3600s", 0, 3600, IsmctsConfig::Rollout::eager);  // an hour, the most
}

TEST_CASE("ismcts refuses a budget or a constant that is not a finite number") {
  // QA: seconds NaN passed `seconds < 0` and the search never stopped; so did an infinite time.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const auto refused = [](IsmctsConfig c) {
    return switchcards::testing::error_of<std::invalid_argument>([&] { IsmctsAgent agent(1, c); });
  };
  for (const double seconds : {nan, inf, -1.0}) {
    IsmctsConfig c;
    c.iterations = 0;
    c.seconds = seconds;
    CHECK_THAT(refused(c), Catch::StartsWith("ismcts: give a budget of iterations or seconds"));
    c.iterations = 100;  // with iterations too: a NaN is no time at all
    CHECK_THAT(refused(c), Catch::StartsWith("ismcts: give a budget of iterations or seconds"));
  }
  for (const double bad : {nan, inf, -0.5}) {
    IsmctsConfig c;
    c.exploration = bad;
    CHECK(refused(c) == "ismcts: exploration must be a finite number, 0 or more");
    c = IsmctsConfig{};
    c.prior_margin = bad;
    CHECK(refused(c) == "ismcts: prior_margin must be a finite number, 0 or more");
  }
  // The most make_agent takes, for a config made in C++ too.
  IsmctsConfig big;
  big.iterations = IsmctsConfig::kMaxIterations + 1;
  CHECK_THAT(refused(big),
             Catch::StartsWith("ismcts: the budget is at most 1000000000 iterations"));
  big = IsmctsConfig{};
  big.seconds = IsmctsConfig::kMaxSeconds * 2;
  CHECK_THAT(refused(big), Catch::StartsWith("ismcts: the budget is at most"));
  big.seconds = IsmctsConfig::kMaxSeconds;
  CHECK(refused(big) == "(no error)");
  IsmctsConfig zero;
  zero.exploration = 0;  // a greedy search is a search
  zero.prior_margin = 0;
  CHECK(refused(zero) == "(no error)");
}

TEST_CASE("a time budget however short searches at least once") {
  // It chose legal[0] unsearched when the clock had run out before the first iteration.
  const Engine engine(load_variant("british"));
  IsmctsConfig config;
  config.iterations = 0;
  config.seconds = 1e-12;
  IsmctsAgent agent(3, config);
  ActionList legal;
  int searched = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const State s = engine.deal(4, seed);
    engine.legal_actions(s, legal);
    if (legal.size() < 2) continue;
    (void)agent.choose(PlayerView(engine, s, s.turn), legal.span());
    CHECK(agent.last_search().iterations >= 1);
    ++searched;
  }
  CHECK(searched > 5);
}

TEST_CASE("a stop test ends the search early with a legal choice, and its exception leaves it") {
  const Engine engine(load_variant("british"));
  const State s = engine.deal(3, 4);
  ActionList legal;
  engine.legal_actions(s, legal);
  REQUIRE(legal.size() > 1);
  IsmctsAgent agent(1, budget(3000));
  int asked = 0;
  // Asked at iterations 1, 17, 33...: the third time says stop, so 33 iterations ran.
  agent.stop_when([&] { return ++asked == 3; });
  const Action a = agent.choose(PlayerView(engine, s, s.turn), legal.span());
  CHECK(legal.contains(a.with_last(false)));
  CHECK(asked == 3);
  CHECK(agent.last_search().iterations == 33);
  CHECK(agent.last_search().stopped);
  // An exception from the test leaves choose(); without a test it searches its whole budget.
  agent.stop_when([]() -> bool { throw std::runtime_error("interrupted"); });
  CHECK_THROWS_WITH(agent.choose(PlayerView(engine, s, s.turn), legal.span()), "interrupted");
  agent.stop_when({});
  CHECK(legal.contains(agent.choose(PlayerView(engine, s, s.turn), legal.span()).with_last(false)));
  CHECK_FALSE(agent.last_search().stopped);
  CHECK(agent.last_search().iterations == 3000);
}

TEST_CASE("ismcts in its other configurations chooses only legal actions") {
  // The others in the tree (single-observer ISMCTS proper), heuristic rollouts, the win reward,
  // no prior, a node pool too small for the budget.
  IsmctsConfig tree;
  tree.iterations = 15;
  tree.opponents = IsmctsConfig::Opponents::tree;
  tree.rollout = IsmctsConfig::Rollout::heuristic;
  IsmctsConfig plain;
  plain.iterations = 15;
  plain.reward = IsmctsConfig::Reward::win;
  plain.prior_margin = 0;
  plain.max_nodes = 4;
  for (const char* name :
       {"british", "balkan", "mobile-app", "crazy-eights", "mau-mau-purist", "crazy-eights-swaps",
        "british-several-of-a-rank", "british-deflection"}) {
    const Engine engine(load_variant(name));
    for (const IsmctsConfig& config : {tree, plain}) {
      for (std::uint64_t seed = 0; seed < 2; ++seed) {
        INFO(name << ", seed " << seed);
        Checked searcher(std::make_unique<IsmctsAgent>(seed, config));
        Checked other(std::make_unique<HeuristicAgent>(seed + 1, 0.3));
        Checked third(std::make_unique<HeuristicAgent>(seed + 2, 0.3));
        std::vector<Agent*> agents = {&searcher, &other, &third};
        EventBuffer events;
        State s = engine.deal(3, seed, -1, &events);
        deliver_events(engine, s, agents, events.span());
        REQUIRE_NOTHROW(play_round(engine, s, agents));
        CHECK(searcher.illegal == 0);
        CHECK(searcher.choices > 0);
        const auto& stats = dynamic_cast<IsmctsAgent&>(searcher.inner()).last_search();
        CHECK(stats.nodes <= std::max(1, config.max_nodes));
      }
    }
  }
}

TEST_CASE("ismcts stops a simulation at its horizon, where the round need not end") {
  // No black card may be laid on any card, so a seat holding one cannot go out, and the turn
  // limit is the largest a variant may give: nearly every simulation ran a million decisions.
  const Engine lock(load_variant_from_string(
      "name: lock\nplayers: {min: 2, max: 7}\ndeck: {decks: 1, jokers: 1}\n"
      "specials:\n  lock: {cards: [clubs, spades], not_on: [clubs, diamonds, hearts, spades]}\n"
      "scoring:\n  values: {any: 0}\nround: {turn_limit: 1000000}\n",
      "lock.yaml"));
  State s = lock.deal(2, 3);
  ActionList legal;
  for (lock.legal_actions(s, legal); legal.size() < 2; lock.legal_actions(s, legal))
    REQUIRE(lock.apply(s, legal[0]).ok());  // to the first choice
  IsmctsConfig config = budget(50);
  config.horizon = 300;
  IsmctsAgent agent(1, config);
  CHECK(legal.contains(agent.choose(PlayerView(lock, s, s.turn), legal.span()).with_last(false)));
  CHECK(agent.last_search().rollouts_cut > 45);
  // Each stopped 300 decisions after the position searched: the tree's part and the rest.
  CHECK(agent.last_search().rollout_decisions <= 50 * 300);
  CHECK(agent.last_search().rollout_decisions > 50 * 250);

  // Under the default limit (2,000, the default horizon too) none is stopped.
  const Engine british(load_variant("british"));
  std::vector<std::unique_ptr<IsmctsAgent>> bots;
  std::vector<Agent*> seats;
  for (int seat = 0; seat < 4; ++seat) {
    bots.push_back(std::make_unique<IsmctsAgent>(seat + 2, budget(40)));
    seats.push_back(bots.back().get());
  }
  State b = british.deal(4, 5);
  int cut = 0, searches = 0;
  play_round(british, b, seats, RoundOptions{},
             [&](const State&, Action a, std::span<const Event>) {
               const IsmctsAgent::SearchStats& last =
                   bots[static_cast<std::size_t>(a.seat())]->last_search();
               cut += last.rollouts_cut;
               searches += last.iterations > 0;
             });
  CHECK(searches > 10);
  CHECK(cut == 0);

  IsmctsConfig none;
  none.horizon = 0;
  CHECK(switchcards::testing::error_of<std::invalid_argument>([&] { IsmctsAgent a(1, none); }) ==
        "ismcts: horizon must be at least 1");
}
