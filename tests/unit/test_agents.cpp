// Agents: every agent chooses only legal actions over many rounds of every built-in variant;
// a round is reproducible from (variant, agents, seed); the heuristic's strategy in small
// positions; the terminal player through a scripted istream; make_agent.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../common/cards.hpp"
#include "../common/checked_agent.hpp"
#include "../common/error_of.hpp"
#include "../common/late_call_position.hpp"
#include "switchcards/agents/forwarding_agent.hpp"
#include "switchcards/agents/greedy_agent.hpp"
#include "switchcards/agents/heuristic_agent.hpp"
#include "switchcards/agents/human_agent.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/agents/random_agent.hpp"
#include "switchcards/agents/recording_agent.hpp"
#include "switchcards/io/event_text.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;
using switchcards::testing::cards;

namespace {

Card C(const char* s) {
  return parse_card(s);
}

// The terminal player's table: seat 0 to act holding 6H and KS on 5H (the 6 plays, and leaves
// one card: the call is due), seat 1 three diamonds, one card in the stock.
State six_of_hearts_on_five(const Engine& engine) {
  Position p;
  p.hands = {cards({"6H", "KS"}), cards({"3D", "4D", "5D"})};
  p.discard = cards({"5H"});
  p.stock = cards({"3C"});
  return engine.position(p);
}

using Checked = switchcards::testing::CheckedAgent;

std::vector<std::string> round_actions(const Engine& engine, int players,
                                       const std::vector<std::string>& names, std::uint64_t seed) {
  std::vector<std::unique_ptr<Agent>> owned;
  std::vector<Agent*> agents;
  for (int seat = 0; seat < players; ++seat) {
    owned.push_back(make_agent(names[seat % names.size()], derive_seed(seed, 100 + seat)));
    agents.push_back(owned.back().get());
  }
  State s = engine.deal(players, seed);
  std::vector<std::string> actions;
  play_round(engine, s, agents, {}, [&](const State&, Action a, std::span<const Event>) {
    actions.push_back(to_string(a));
  });
  return actions;
}

}  // namespace

TEST_CASE("every agent chooses only legal actions in every built-in variant") {
  for (const std::string& variant_name : builtin_variant_names()) {
    const Engine engine(load_variant(variant_name));
    const int players = engine.variant().deal.min_players + 1;
    for (const char* kind :
         {"random", "eager", "greedy", "heuristic", "heuristic:0.5", "random:0.5", "eager:0.5"}) {
      INFO(variant_name << " / " << kind);
      int rounds_won = 0;
      for (std::uint64_t seed = 0; seed < 20; ++seed) {
        std::vector<std::unique_ptr<Checked>> owned;
        std::vector<Agent*> agents;
        for (int seat = 0; seat < players; ++seat) {
          owned.push_back(std::make_unique<Checked>(make_agent(kind, seed * 10 + seat)));
          agents.push_back(owned.back().get());
        }
        State s = engine.deal(players, seed);
        REQUIRE_NOTHROW(play_round(engine, s, agents));
        REQUIRE(s.over());
        for (const auto& seat : owned) CHECK(seat->illegal == 0);
        if (s.winner >= 0) ++rounds_won;
      }
      CHECK(rounds_won > 0);
    }
  }
}

TEST_CASE("a bot that never calls last card, among bots that always catch it, never wins") {
  for (const std::string& variant_name : builtin_variant_names()) {
    INFO(variant_name);
    const Engine engine(load_variant(variant_name));
    if (engine.variant().last_card.enforce == LastCardEnforcement::none) continue;
    for (std::uint64_t seed = 0; seed < 5; ++seed) {
      HeuristicAgent forgetful(seed, 1.0);
      std::vector<std::unique_ptr<Agent>> owned;
      std::vector<Agent*> agents = {&forgetful};
      for (int seat = 1; seat < 3; ++seat) {
        owned.push_back(make_agent("heuristic:1", seed + seat));
        agents.push_back(owned.back().get());
      }
      State s = engine.deal(3, seed);
      play_round(engine, s, agents);
      CHECK(s.stalemate);
    }
  }
}

TEST_CASE("a forgetter that calls late is asked before the catchers, and is not caught") {
  // Seat 0 never calls "last card" with its play; everyone else always catches. With
  // late_call, play_round asks seat 0 first, so a seat 0 that calls late is never caught; one
  // that does not is caught every time.
  struct Forgetter final : Agent {
    bool late = false;
    int asked = 0;
    Action choose(const PlayerView&, std::span<const Action> legal) override {
      for (Action a : legal)
        if (a.kind() == ActionKind::play || a.kind() == ActionKind::call) return a;
      return legal[0];
    }
    bool calls_late(const PlayerView&) override {
      ++asked;
      return late;
    }
    std::string name() const override { return "forgetter"; }
  };
  for (const char* variant_name : {"british", "mobile-app"}) {
    INFO(variant_name);
    const Engine engine(load_variant(variant_name));
    REQUIRE(engine.variant().last_card.late_call);
    for (const bool late : {true, false}) {
      int called = 0, caught = 0, asked = 0;
      for (std::uint64_t seed = 0; seed < 40; ++seed) {
        Forgetter forgetter;
        forgetter.late = late;
        GreedyAgent a(1), b(2);
        std::vector<Agent*> agents = {&forgetter, &a, &b};
        State s = engine.deal(3, seed);
        play_round(engine, s, agents, {}, [&](const State&, Action act, std::span<const Event>) {
          if (act.kind() == ActionKind::call) ++called;
          if (act.kind() == ActionKind::challenge) ++caught;
        });
        asked += forgetter.asked;
      }
      INFO("late " << late << ": asked " << asked << ", called " << called << ", caught "
                   << caught);
      CHECK(asked > 0);
      if (late) {
        CHECK(called == asked);
        CHECK(caught == 0);
      } else {
        CHECK(called == 0);
        CHECK(caught == asked);
      }
    }
  }
}

TEST_CASE("a random agent that always forgets never calls, not even late on its own turn") {
  const Engine engine(load_variant("mau-mau-purist"));
  State s = engine.position(testing::ace_leaves_one_card());
  REQUIRE(engine.apply(s, parse_action("0 play AH")));
  ActionList legal;
  engine.legal_actions(s, legal);
  REQUIRE(legal.contains(Action::call(0)));
  int calls_never = 0, calls_sometimes = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    RandomAgent never(seed, 1.0), sometimes(seed, 0.5);
    if (never.choose(PlayerView(engine, s, 0), legal.span()).kind() == ActionKind::call)
      ++calls_never;
    if (sometimes.choose(PlayerView(engine, s, 0), legal.span()).kind() == ActionKind::call)
      ++calls_sometimes;
  }
  CHECK(calls_never == 0);
  CHECK(calls_sometimes > 0);
}

TEST_CASE("the eager random agent plays whenever it can, so its rounds end") {
  // Uniform random play in British draws about as often as it plays (drawing is always
  // allowed), and many rounds reach the turn limit; eager play never declines a play.
  const Engine engine(load_variant("british"));
  struct Watch final : Agent {
    std::unique_ptr<Agent> inner;
    long declined_a_play = 0, decisions = 0;
    Action choose(const PlayerView& view, std::span<const Action> legal) override {
      const Action a = inner->choose(view, legal);
      ++decisions;
      const bool could_play = legal[0].kind() == ActionKind::play;
      if (could_play && a.kind() != ActionKind::play) ++declined_a_play;
      return a;
    }
    std::string name() const override { return inner->name(); }
  };
  for (const char* kind : {"eager", "random"}) {
    INFO(kind);
    int stalemates = 0;
    long declined = 0, decisions = 0;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      std::vector<std::unique_ptr<Watch>> owned;
      std::vector<Agent*> agents;
      for (int seat = 0; seat < 4; ++seat) {
        owned.push_back(std::make_unique<Watch>());
        owned.back()->inner = make_agent(kind, derive_seed(seed, seat));
        agents.push_back(owned.back().get());
      }
      State s = engine.deal(4, seed);
      play_round(engine, s, agents);
      if (s.stalemate) ++stalemates;
      for (const auto& w : owned) {
        declined += w->declined_a_play;
        decisions += w->decisions;
      }
    }
    INFO(stalemates << " stalemates in 200 rounds; " << declined << " of " << decisions
                    << " decisions declined a play");
    if (std::string(kind) == "eager") {
      CHECK(make_agent(kind)->name() == "eager");
      CHECK(declined == 0);
      CHECK(stalemates == 0);
    } else {
      CHECK(declined > decisions / 10);
      CHECK(stalemates > 10);
    }
  }
}

TEST_CASE("a round is reproducible from the variant, the agents and the seed") {
  const Engine engine(load_variant("british"));
  const std::vector<std::string> mix = {"random", "heuristic", "greedy", "random:0.3"};
  const auto a = round_actions(engine, 4, mix, 77);
  CHECK(a == round_actions(engine, 4, mix, 77));
  CHECK(a != round_actions(engine, 4, mix, 78));
  CHECK(round_actions(engine, 3, {"heuristic"}, 5) == round_actions(engine, 3, {"heuristic"}, 5));
}

TEST_CASE("play_round refuses an agent's illegal choice") {
  struct Cheat final : Agent {
    Action choose(const PlayerView& view, std::span<const Action>) override {
      return Action::play(view.seat(), Card(Rank::king, Suit::hearts));
    }
    std::string name() const override { return "cheat"; }
  };
  const Engine engine(load_variant("british"));
  Cheat cheat;
  std::vector<Agent*> agents = {&cheat, &cheat};
  State s = engine.deal(2, 1);
  CHECK_THROWS_AS(play_round(engine, s, agents), IllegalChoice);
}

TEST_CASE("play_round takes one agent a seat, and leaves the state as it was otherwise") {
  const Engine engine(load_variant("british"));
  RandomAgent a(1), b(2), c(3);
  const State dealt = engine.deal(2, 1);
  State s = dealt;
  std::vector<Agent*> three = {&a, &b, &c};
  CHECK_THROWS_WITH(play_round(engine, s, three),
                    "play_round: 2 seats but 3 agents (one agent a seat)");
  std::vector<Agent*> one = {&a};
  CHECK_THROWS_WITH(play_round(engine, s, one),
                    "play_round: 2 seats but 1 agent (one agent a seat)");
  std::vector<Agent*> missing = {&a, nullptr};
  CHECK_THROWS_WITH(play_round(engine, s, missing), "play_round: no agent for seat 1");
  CHECK(s == dealt);
}

TEST_CASE("the heuristic keeps a set for later where a turn may lay several cards") {
  const Engine engine(load_variant("british-several-of-a-rank"));
  HeuristicAgent bot(1, 0.0);
  Position p;
  p.stock = cards({"3C", "4C", "5C", "6C", "7C", "9C", "10C"});
  p.discard = cards({"4H"});
  p.hands = {cards({"7H", "7S", "7D", "9H", "KC"}), cards({"2D", "4D", "6D", "8D", "QD"})};
  State s = engine.position(p);
  ActionList legal;
  engine.legal_actions(s, legal);
  const PlayerView view(engine, s, 0);
  // 7H would start a set of three; 9H stands alone.
  CHECK(bot.rate_play(view, Action::play(0, C("9H"))) >
        bot.rate_play(view, Action::play(0, C("7H"))));
  CHECK(to_string(bot.choose(view, legal.span())) == "0 play 9H");
  // Once the set is begun, it is laid out: the turn goes on while a card follows.
  p.discard = cards({"8H"});
  s = engine.position(p);
  REQUIRE(engine.apply(s, Action::play(0, C("7H"))));
  REQUIRE(s.phase == Phase::laying);
  engine.legal_actions(s, legal);
  CHECK(bot.choose(PlayerView(engine, s, 0), legal.span()).kind() == ActionKind::play);
}

TEST_CASE("the heuristic plays the British strategy") {
  const Engine engine(load_variant("british"));
  HeuristicAgent bot(1, 0.0);
  ActionList legal;
  auto choose = [&](const Position& p) {
    const State s = engine.position(p);
    engine.legal_actions(s, legal);
    return bot.choose(PlayerView(engine, s, s.turn), legal.span());
  };
  Position p;
  p.stock = cards({"3C", "4C", "5C", "6C", "7C", "9C", "10C"});
  p.discard = cards({"5H"});

  SECTION("keeps a red jack, switches suit by rank towards its long suit") {
    p.hands = {cards({"JH", "5S", "KS", "QS", "9H", "3D"}), cards({"2D", "4D", "6D", "7D", "8D"})};
    CHECK(to_string(choose(p)) == "0 play 5S");
  }
  SECTION("chains a two on a pending two") {
    p.hands = {cards({"2C", "9H", "KS", "QS"}), cards({"2H", "3D", "4D", "6D"})};
    p.discard = cards({"2S"});
    State s = engine.position(p);
    REQUIRE(engine.apply(s, Action::play(0, C("2C"))));  // seat 1 now faces 2
    engine.legal_actions(s, legal);
    CHECK(to_string(bot.choose(PlayerView(engine, s, 1), legal.span())) == "1 play 2H");
  }
  SECTION("cancels a black jack with a red one") {
    p.hands = {cards({"JS", "9H", "KS", "QS"}), cards({"JD", "3D", "4D", "6D"})};
    p.discard = cards({"JC"});
    State s = engine.position(p);
    REQUIRE(engine.apply(s, Action::play(0, C("JS"))));
    engine.legal_actions(s, legal);
    CHECK(to_string(bot.choose(PlayerView(engine, s, 1), legal.span())) == "1 play JD");
  }
  SECTION("skips the next player when it is close to going out, else saves the 8") {
    p.hands = {cards({"8H", "6H", "KS", "QS"}), cards({"3D", "4D"}),
               cards({"3S", "4S", "9S", "10S"})};
    CHECK(to_string(choose(p)) == "0 play 8H");
    p.hands[1] = cards({"3D", "4D", "5D", "6D", "7D"});
    CHECK(to_string(choose(p)) == "0 play 6H");
  }
  SECTION("calls last card, unless it forgets") {
    p.hands = {cards({"6H", "KS"}), cards({"3D", "4D", "5D"})};
    CHECK(to_string(choose(p)) == "0 play 6H last");
    HeuristicAgent forgetful(1, 1.0);
    const State s = engine.position(p);
    engine.legal_actions(s, legal);
    CHECK(to_string(forgetful.choose(PlayerView(engine, s, 0), legal.span())) == "0 play 6H");
  }
  SECTION("challenges a forgetful opponent") {
    p.hands = {cards({"6H", "KS"}), cards({"3D", "4D", "5D"})};
    State s = engine.position(p);
    REQUIRE(engine.apply(s, Action::play(0, C("6H"))));  // no call
    REQUIRE(s.catchable == 0);
    engine.legal_actions(s, legal);
    CHECK(to_string(bot.choose(PlayerView(engine, s, 1), legal.span())) == "1 challenge 0");
  }
}

TEST_CASE("the heuristic names the suit it holds most of") {
  const Engine engine(load_variant("mobile-app"));  // jacks are wild and name a suit
  HeuristicAgent bot(1, 0.0);
  ActionList legal;
  Position p;
  p.hands = {cards({"JC", "3S", "4S", "9S", "KD"}), cards({"3D", "4D", "5D", "6D"})};
  p.discard = cards({"7H"});
  p.stock = cards({"3C", "4C", "5C"});
  const State s = engine.position(p);
  engine.legal_actions(s, legal);
  CHECK(to_string(bot.choose(PlayerView(engine, s, 0), legal.span())) == "0 play JC spades");
}

TEST_CASE("the greedy agent sheds the card worth most against it") {
  const Engine engine(load_variant("british"));
  GreedyAgent bot;
  ActionList legal;
  Position p;
  p.hands = {cards({"6H", "KH", "3H", "9C"}), cards({"3D", "4D", "5D", "6D"})};
  p.discard = cards({"5H"});
  p.stock = cards({"3C"});
  const State s = engine.position(p);
  engine.legal_actions(s, legal);
  CHECK(to_string(bot.choose(PlayerView(engine, s, 0), legal.span())) == "0 play KH");
}

TEST_CASE("the terminal player reads numbered moves from its input") {
  const Engine engine(load_variant("british"));
  const State s = six_of_hearts_on_five(engine);
  ActionList legal;
  engine.legal_actions(s, legal);
  REQUIRE(legal.size() == 2);  // play 6H, draw

  std::istringstream in("what\n7\n1\nn\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  const Action a = human.choose(PlayerView(engine, s, 0), legal.span());
  CHECK(to_string(a) == "0 play 6H");  // 'n': no last-card call
  const std::string text = out.str();
  CHECK(text.find("Top card: 5♥") != std::string::npos);
  CHECK(text.find("1) play 6♥") != std::string::npos);
  CHECK(text.find("2) draw a card") != std::string::npos);
  CHECK(text.find("Please type a number from 1 to 2, or the move itself") != std::string::npos);
  CHECK(text.find("Call \"last card\"?") != std::string::npos);
  // QA: under draw.cards: until_playable "draw a card" drew several; a draw of 2 says 2.
  for (const auto& [rules, words] :
       {std::pair<const char*, const char*>{"draw: {cards: until_playable}",
                                            "2) draw until you can play\n"},
        {"draw: {cards: until_playable, limit: 3}", "2) draw until you can play (at most 3 cards)"},
        {"draw: {cards: 2}", "2) draw 2 cards\n"}}) {
    const Engine drawing(load_variant("british", rules, "--rules"));
    const State t = six_of_hearts_on_five(drawing);
    ActionList moves;
    drawing.legal_actions(t, moves);
    std::istringstream first("1\nn\n");
    std::ostringstream shown;
    HumanAgent reader(first, shown, false);
    (void)reader.choose(PlayerView(drawing, t, 0), moves.span());
    CHECK(shown.str().find(words) != std::string::npos);
  }

  std::istringstream ended("");
  HumanAgent quiet(ended, out, false);
  CHECK_THROWS_AS(quiet.choose(PlayerView(engine, s, 0), legal.span()), InputEnded);

  std::istringstream yes("1\n\n");
  HumanAgent caller(yes, out, true);
  CHECK(to_string(caller.choose(PlayerView(engine, s, 0), legal.span())) == "0 play 6H last");

  // QA: a line of any length was read whole (100 MB took 788 MB) and echoed back whole. A line
  // past 1,000 characters is read and dropped and asked again (its start, "1" and spaces, would
  // read as an answer); the next line is the next answer, and a last line without its newline
  // counts.
  std::istringstream endless("1" + std::string(5'000'000, ' ') + "2\n1\nn");
  std::ostringstream seen;
  HumanAgent patient(endless, seen, false);
  CHECK(to_string(patient.choose(PlayerView(engine, s, 0), legal.span())) == "0 play 6H");
  CHECK(seen.str().size() < 10'000);
  CHECK(seen.str().find("That line is longer than 1000 characters; please answer again") !=
        std::string::npos);

  // The move may be typed instead of its number; an illegal one is asked again.
  std::istringstream typed("play KS\n6h last\ndraw\n");
  HumanAgent typist(typed, out, false);
  CHECK(to_string(typist.choose(PlayerView(engine, s, 0), legal.span())) == "0 play 6H last");
  CHECK(to_string(typist.choose(PlayerView(engine, s, 0), legal.span())) == "0 draw");

  // "last" typed with a play that leaves more than one card: played without it, and told so.
  Position many;
  many.hands = {cards({"6H", "KS", "2C"}), cards({"3D", "4D", "5D"})};
  many.discard = cards({"5H"});
  many.stock = cards({"3C"});
  const State m = engine.position(many);
  engine.legal_actions(m, legal);
  std::istringstream early("6h last\n");
  std::ostringstream told;
  HumanAgent eager_caller(early, told, false);
  CHECK(to_string(eager_caller.choose(PlayerView(engine, m, 0), legal.span())) == "0 play 6H");
  CHECK(told.str().find("this one leaves 2, so it is played without the call") !=
        std::string::npos);
  // Counts of one are singular, here and in the position's description.
  CHECK(told.str().find("Stock: 1 card.") != std::string::npos);
  const std::vector<std::string> lines = describe_position(engine, m);
  CHECK(std::find(lines.begin(), lines.end(),
                  "Stock 1 card, discard pile 1 card; 0 reshuffles; play goes clockwise; 0 "
                  "decisions so far.") != lines.end());
}

TEST_CASE("make_agent knows the agents by name") {
  for (const std::string& name : agent_names()) CHECK(make_agent(name, 1)->name() == name);
  CHECK(make_agent("heuristic:0.25", 1)->name() == "heuristic");
  CHECK_THROWS_AS(make_agent("clever", 1), std::invalid_argument);
  CHECK_THROWS_AS(make_agent("heuristic:2", 1), std::invalid_argument);
  CHECK_THROWS_AS(make_agent("greedy:0.1", 1), std::invalid_argument);
  // The probability is written with digits and a point: std::stod also took these.
  for (const char* odd : {"heuristic:0x1", "random: 0.5", "random:1e-1", "random:+0.5", "eager:inf",
                          "eager:nan", "random:0.5 ", "random:"}) {
    INFO(odd);
    CHECK_THROWS_AS(make_agent(odd, 1), std::invalid_argument);
  }
  CHECK(make_agent("random:.5", 1)->name() == "random");
  CHECK(make_agent("eager:1", 1)->name() == "eager");
  // An agent without a parameter says so whatever follows the ':' (QA: "greedy:" was told about
  // a probability it does not take), and an unknown name is unknown with or without one.
  const auto message = [](const char* name) {
    return switchcards::testing::error_of<std::invalid_argument>(
        [&] { (void)make_agent(name, 1); });
  };
  for (const char* name : {"greedy:", "greedy:0.5", "greedy:x", "human:0.1"})
    CHECK_THAT(message(name),
               Catch::EndsWith("': only random, eager and heuristic take a parameter"));
  CHECK_THAT(message("clever:0.5"),
             Catch::StartsWith("unknown agent 'clever:0.5' (known: random,"));
}

namespace {

// Answers every question and counts them, to see what a wrapper passes on.
class Probe final : public Agent {
 public:
  Action choose(const PlayerView&, std::span<const Action> legal) override {
    ++chosen;
    return legal.front();
  }
  void observe(const PlayerView&, std::span<const Event>) override { ++observed; }
  bool challenges(const PlayerView&, int) override { return ++challenged, true; }
  bool calls_late(const PlayerView&) override { return ++called, true; }
  void reset(std::uint64_t seed) override { last_seed = seed; }
  std::string name() const override { return "probe"; }
  int chosen = 0, observed = 0, challenged = 0, called = 0;
  std::uint64_t last_seed = 0;
};

// A wrapper that adds one thing and overrides nothing else, as the CLI's narrator does.
class Counting final : public ForwardingAgent {
 public:
  using ForwardingAgent::ForwardingAgent;
  void observe(const PlayerView& view, std::span<const Event> events) override {
    ++seen;
    ForwardingAgent::observe(view, events);
  }
  int seen = 0;
};

}  // namespace

TEST_CASE("agents: wrappers built on ForwardingAgent pass every question on, out of turn too") {
  const Variant v = load_variant("british");
  const Engine engine(v);
  const State s = engine.deal(3, 5, 0);
  ActionList legal;
  engine.legal_actions(s, legal);
  const PlayerView view(engine, s, s.turn);
  Probe probe;
  std::vector<Action> log;
  RecordingAgent recorder(probe, log);
  Counting counting(recorder);  // a wrapper of a wrapper
  Agent& seat = counting;
  CHECK(seat.choose(view, legal.span()) == legal.span().front());
  CHECK(seat.challenges(view, 1));
  CHECK(seat.calls_late(view));
  seat.observe(view, {});
  seat.reset(42);
  CHECK(seat.name() == "probe");
  CHECK(probe.chosen == 1);
  CHECK(probe.challenged == 1);
  CHECK(probe.called == 1);
  CHECK(probe.observed == 1);
  CHECK(counting.seen == 1);
  CHECK(probe.last_seed == 42);
  // The recorder logged the choice, the challenge and the late call, in order.
  REQUIRE(log.size() == 3);
  CHECK(log[1] == Action::challenge(s.turn, 1));
  CHECK(log[2] == Action::call(s.turn));
}

TEST_CASE("Engine ids: every engine built has its own, its copies share it", "[agents][engine]") {
  const Variant british = load_variant("british");
  const Engine a(british), b(british);
  const Engine copy = a;
  CHECK(a.id() != 0);
  CHECK(a.id() != b.id());
  CHECK(copy.id() == a.id());
}

TEST_CASE("ScorerCache notices a new variant at an old engine's address", "[agents]") {
  std::optional<Engine> engine;
  engine.emplace(load_variant("british"));
  const Engine* address = &*engine;
  detail::ScorerCache cache;
  Hand h;
  for (const Card c : cards({"2C", "7H", "3S"})) h.add(c);
  CHECK(cache.get(*engine).score(h) == 12);  // British: face values
  engine.emplace(load_variant("balkan"));
  REQUIRE(&*engine == address);
  CHECK(cache.get(*engine).score(h) == HandScorer(engine->variant()).score(h));
  CHECK(cache.get(*engine).score(h) == 24);  // Balkan: each 2 doubles the hand
}

TEST_CASE("suit_lengths_after is suit_lengths of the hand less the card", "[agents]") {
  const Engine engine(load_variant("british-jokers"));
  CardMask wild;
  for (const Effect& e : engine.variant().specials)
    if (e.wild) wild |= e.cards.cards;
  Pcg32 rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    // Seven players: two decks, so kinds are held twice.
    const State s = engine.deal(trial % 2 ? 4 : 7, rng.next());
    const Hand& hand = s.hands[0];
    for (const CardMask except : {CardMask{}, wild}) {
      const auto lengths = detail::suit_lengths(hand, except);
      hand.for_each([&](Card c) {
        Hand after = hand;
        after.remove(c);
        CHECK(detail::suit_lengths_after(lengths, c, except) ==
              detail::suit_lengths(after, except));
      });
    }
  }
}

TEST_CASE("the heuristic goes down to a last card that may still finish on its suit") {
  // round.no_finish on every card, unless it follows the suit in force: the heuristic once
  // rated every play down to one card as stuck, never made it, and all its rounds stalled.
  Variant v = load_variant("mau-mau");
  v.round.no_finish.cards = Selector{v.deal.deck.kinds(), "any"};
  v.round.no_finish.unless = NoFinishUnless::follows_suit;
  const Engine e(v);
  int won = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    HeuristicAgent a(seed), b(seed + 100);
    std::vector<Agent*> agents = {&a, &b};
    State s = e.deal(2, seed);
    play_round(e, s, agents);
    won += s.winner >= 0;
  }
  CHECK(won == 20);
}

TEST_CASE("the terminal player takes keywords in any case and the move list's words typed back") {
  const Engine engine(load_variant("british"));
  const State s = six_of_hearts_on_five(engine);
  ActionList legal;
  engine.legal_actions(s, legal);
  const PlayerView view(engine, s, 0);
  std::istringstream in("DRAW\nPlay 6H\nn\n6H LAST\nplay 6♥\nNO\nDraw A Card\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  CHECK(to_string(human.choose(view, legal.span())) == "0 draw");
  CHECK(to_string(human.choose(view, legal.span())) == "0 play 6H");
  CHECK(to_string(human.choose(view, legal.span())) == "0 play 6H last");
  CHECK(to_string(human.choose(view, legal.span())) == "0 play 6H");  // the list's words
  CHECK(to_string(human.choose(view, legal.span())) == "0 draw");
  CHECK(out.str().find("Please type") == std::string::npos);
  std::istringstream quit("QUIT\n");
  HumanAgent leaver(quit, out, false);
  CHECK_THROWS_AS(leaver.choose(view, legal.span()), PlayerQuit);

  // A wild: "last" before or after the suit, and the list's "and name".
  const Engine eights(load_variant("crazy-eights"));
  Position w;
  w.hands = {cards({"8C", "KS"}), cards({"3D", "4D", "5D"})};
  w.discard = cards({"5H"});
  w.stock = cards({"3C"});
  const State ws = eights.position(w);
  eights.legal_actions(ws, legal);
  std::istringstream wild(
      "8C last hearts\nplay 8C and name hearts\nn\nPLAY 8♣ AND NAME SPADES\nn\n");
  HumanAgent namer(wild, out, false);
  const PlayerView wview(eights, ws, 0);
  CHECK(to_string(namer.choose(wview, legal.span())) == "0 play 8C hearts last");
  CHECK(to_string(namer.choose(wview, legal.span())) == "0 play 8C hearts");
  CHECK(to_string(namer.choose(wview, legal.span())) == "0 play 8C spades");
}

TEST_CASE("the terminal player's hint offers the kinds of move there are now") {
  // QA: in a turn of several cards the hint offered 'draw', no move there, and never 'pass';
  // "lay no more cards", the list's words without the remark after the colon, was no move.
  const Engine engine(load_variant("british-runs"));
  Position p;
  p.hands = {cards({"5C", "6C", "KD"}), cards({"3D", "4D", "5D"})};
  p.discard = cards({"4C"});
  p.stock = cards({"3C", "9H"});
  State s = engine.position(p);
  REQUIRE(engine.apply(s, parse_action("0 play 5C")));
  REQUIRE(s.phase == Phase::laying);
  ActionList legal;
  engine.legal_actions(s, legal);
  std::istringstream in("what\nlay no more cards\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  CHECK(to_string(human.choose(PlayerView(engine, s, 0), legal.span())) == "0 pass");
  const std::string text = out.str();
  CHECK(text.find("the move itself (as 'play 6C', '6C last' or 'pass')") != std::string::npos);
  CHECK(text.find("'draw'") == std::string::npos);
}

TEST_CASE("the terminal player reads a number with leading zeros, and asks for the only move") {
  // QA: "0001" was move 1 and "00001" no number; one move was asked for as "[1-1, ...]".
  const Engine engine(load_variant("british"));
  const State s = six_of_hearts_on_five(engine);
  ActionList legal;
  engine.legal_actions(s, legal);
  std::istringstream in("00002\n000000000000000000002\n100000\n2\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  const PlayerView view(engine, s, 0);
  CHECK(to_string(human.choose(view, legal.span())) == "0 draw");
  CHECK(to_string(human.choose(view, legal.span())) == "0 draw");
  CHECK(to_string(human.choose(view, legal.span())) == "0 draw");  // 100000: no move, then 2
  CHECK(out.str().find("Please type a number from 1 to 2") != std::string::npos);
  const std::span<const Action> one = legal.span().last(1);
  std::istringstream only("2\n1\n");
  std::ostringstream asked;
  HumanAgent single(only, asked, false);
  CHECK(to_string(single.choose(view, one)) == "0 draw");
  CHECK(asked.str().find("Your move [1, help, quit]: ") != std::string::npos);
  // Not "a number from 1 to 1".
  CHECK(asked.str().find("Please type 1, or ") != std::string::npos);
  CHECK(asked.str().find("from 1 to 1") == std::string::npos);
}

TEST_CASE("the terminal player's yes/no questions take y, yes, n, no or nothing, and explain") {
  const Engine engine(load_variant("british"));
  const State s = six_of_hearts_on_five(engine);
  ActionList legal;
  engine.legal_actions(s, legal);
  const PlayerView view(engine, s, 0);
  // "yolo" and "nope" are no answers (the first letter decided once); "help" explains.
  std::istringstream in("1\nyolo\nnope\nhelp\n?\nYES\n1\nNo\n1\n\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  CHECK(to_string(human.choose(view, legal.span())) == "0 play 6H last");
  CHECK(to_string(human.choose(view, legal.span())) == "0 play 6H");
  CHECK(to_string(human.choose(view, legal.span())) == "0 play 6H last");  // the default
  const std::string text = out.str();
  std::size_t asked = 0;
  for (std::size_t at = 0;
       (at = text.find("Please answer y (yes) or n (no)", at)) != std::string::npos; ++at)
    ++asked;
  CHECK(asked == 4);
  CHECK(text.find("an empty line means yes") != std::string::npos);
  CHECK(text.find("a player caught without it draws 2 penalty cards") != std::string::npos);
}

TEST_CASE(
    "the terminal player's help on the final card's call tells what last_card.final_call does") {
  // QA: it told of being caught and of last_card.penalty's 2 cards, where a final card played
  // without the call leaves its player in the round, drawing final_call's cards at once.
  Variant v = load_variant("mau-mau-final-call");
  v.last_card.final_call = 4;
  const Engine engine(v);
  Position p;
  p.hands = {cards({"7H"}), cards({"9C", "9D"})};  // a piquet deck: 7 to A
  p.discard = cards({"8H"});
  p.stock = cards({"JC", "QC", "KC", "AC", "7C"});
  const State s = engine.position(p);
  ActionList legal;
  engine.legal_actions(s, legal);
  std::istringstream in("1\n?\nn\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  CHECK(to_string(human.choose(PlayerView(engine, s, 0), legal.span())) == "0 play 7H");
  const std::string text = out.str();
  // In the variant's words (last_card.final_call_name: Mau-Mau).
  CHECK(text.find("That is your final card. Call \"Mau-Mau\" with it?") != std::string::npos);
  CHECK(text.find("Calling \"Mau-Mau\" with your final card is how you go out") !=
        std::string::npos);
  CHECK(text.find("you are not out: you draw 4 penalty cards at once and the round goes on") !=
        std::string::npos);
  CHECK(text.find("caught") == std::string::npos);
}

TEST_CASE("the terminal player is asked to catch a partner with no the default, and told so") {
  const Engine engine(load_variant("british-partnerships"));
  Position p;
  p.hands = {cards({"9C", "KS"}), cards({"3D", "4D", "5D"}), cards({"6H", "KH"}),
             cards({"3S", "4S"})};
  p.discard = cards({"5H"});
  p.stock = cards({"3C"});
  p.turn = 2;
  State s = engine.position(p);
  REQUIRE(engine.apply(s, Action::play(2, parse_card("6H"))));  // no call
  REQUIRE(s.catchable == 2);
  std::istringstream in("\n\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  CHECK_FALSE(human.challenges(PlayerView(engine, s, 0), 2));  // partners sit opposite
  CHECK(out.str().find("Seat 2, your partner, has one card left") != std::string::npos);
  CHECK(out.str().find("[y/N]") != std::string::npos);
  // An opponent: yes by default.
  Position q = p;
  q.turn = 1;
  q.hands[1] = cards({"6D", "KD"});
  q.discard = cards({"5D"});
  State t = engine.position(q);
  REQUIRE(engine.apply(t, Action::play(1, parse_card("6D"))));
  REQUIRE(t.catchable == 1);
  CHECK(human.challenges(PlayerView(engine, t, 0), 1));
  // QA: the greedy bot caught its own partner, and its team paid; out of turn and in turn
  // (seat 1 to act after seat 3's forgotten call could catch it from its legal actions).
  GreedyAgent greedy;
  CHECK_FALSE(greedy.challenges(PlayerView(engine, s, 0), 2));
  CHECK(greedy.challenges(PlayerView(engine, t, 0), 1));
  Position r = p;
  r.turn = 3;
  r.hands[3] = cards({"6S", "KC"});
  r.discard = cards({"5S"});
  State u = engine.position(r);
  REQUIRE(engine.apply(u, Action::play(3, parse_card("6S"))));  // seat 3 forgets the call
  REQUIRE((u.catchable == 3 && u.turn == 0));
  ActionList legal;
  engine.legal_actions(u, legal);
  REQUIRE(legal.contains(Action::challenge(0, 3)));
  CHECK(greedy.choose(PlayerView(engine, u, 0), legal.span()) == Action::challenge(0, 3));
  u.turn = 1;  // seat 1, seat 3's partner, to act instead
  engine.legal_actions(u, legal);
  REQUIRE(legal.contains(Action::challenge(1, 3)));
  CHECK(greedy.choose(PlayerView(engine, u, 1), legal.span()).kind() != ActionKind::challenge);
}

TEST_CASE("the terminal player's swap moves say whom they swap with, and take 'swap T'") {
  const Engine engine(load_variant("crazy-eights-swaps"));
  Position p;
  p.hands = {cards({"7C", "KS", "2D"}), cards({"3D", "4D", "5D"}), cards({"3S", "4S"})};
  p.discard = cards({"5C"});
  p.stock = cards({"3C"});
  const State s = engine.position(p);
  ActionList legal;
  engine.legal_actions(s, legal);
  const PlayerView view(engine, s, 0);
  std::istringstream in("7C\nwhat\n7c SWAP 2\nplay 7♣ and swap hands with seat 1 (3 cards)\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  CHECK(to_string(human.choose(view, legal.span())) == "0 play 7C swap 2");
  CHECK(to_string(human.choose(view, legal.span())) == "0 play 7C swap 1");
  const std::string text = out.str();
  CHECK(text.find(") play 7♣ and swap hands with seat 1 (3 cards)") != std::string::npos);
  CHECK(text.find(") play 7♣ and swap hands with seat 2 (2 cards)") != std::string::npos);
  CHECK(text.find("'7C swap 1'") != std::string::npos);  // the hint gives the typed form
}

TEST_CASE("the terminal player sees and types the match's seat numbers in a round of fewer seats") {
  // QA: after seat 1 of a match went out, the rounds were told with the round's seats (0, 1,
  // 2), so the player read "seat 1 wins" and the scores said seat 2.
  const Engine engine(load_variant("crazy-eights-swaps"));
  Position p;
  p.hands = {cards({"7C", "KS", "2D"}), cards({"3D", "4D", "5D"}), cards({"3S", "4S"})};
  p.discard = cards({"5C"});
  p.stock = cards({"3C"});
  State s = engine.position(p);
  ActionList legal;
  engine.legal_actions(s, legal);
  std::istringstream in("7c swap 3\n7C swap 1\n1\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  human.set_seat_numbers({0, 2, 3});  // match seat 1 is out
  CHECK(to_string(human.choose(PlayerView(engine, s, 0), legal.span())) == "0 play 7C swap 2");
  // Match seat 1 is in no round seat: no move, so the next answer is read.
  CHECK(to_string(human.choose(PlayerView(engine, s, 0), legal.span())) == "0 play 7C swap 1");
  std::string text = out.str();
  CHECK(text.find("Others (in order of play): seat 2: 3 cards, seat 3: 2 cards.") !=
        std::string::npos);
  CHECK(text.find(") play 7♣ and swap hands with seat 2 (3 cards)") != std::string::npos);
  CHECK(text.find(") play 7♣ and swap hands with seat 3 (2 cards)") != std::string::npos);
  CHECK(text.find("seat 1") == std::string::npos);
  // Events are told with the same numbers: round seat 1 plays as seat 2.
  out.str("");
  EventBuffer events;
  REQUIRE(engine.apply(s, parse_action("0 draw"), &events));
  human.observe(PlayerView(engine, s, 0), events.span());
  if (s.turn == 0) {  // the card drawn may be played: kept
    events.clear();
    REQUIRE(engine.apply(s, parse_action("0 pass"), &events));
    human.observe(PlayerView(engine, s, 0), events.span());
  }
  events.clear();
  REQUIRE(engine.apply(s, parse_action("1 play 5D"), &events));
  human.observe(PlayerView(engine, s, 0), events.span());
  text = out.str();
  CHECK(text.find("You draw 1 card: 3♣") != std::string::npos);
  CHECK(text.find("Seat 2 plays 5♦.") != std::string::npos);
  CHECK(text.find("Seat 1") == std::string::npos);
}

TEST_CASE("the terminal player wraps the rules to a narrow terminal") {
  const Engine engine(load_variant("british"));
  const State s = six_of_hearts_on_five(engine);
  ActionList legal;
  engine.legal_actions(s, legal);
  std::istringstream in("help\n2\n");
  std::ostringstream out;
  HumanAgent human(in, out, false);
  human.set_width(40);
  CHECK(to_string(human.choose(PlayerView(engine, s, 0), legal.span())) == "0 draw");
  const std::string text = out.str();
  const std::size_t from = text.find("British Switch (british)");
  const std::size_t to = text.find("Your moves now:");
  REQUIRE(from != std::string::npos);
  REQUIRE(to != std::string::npos);
  std::istringstream rules(text.substr(from, to - from));
  std::size_t longest = 0, lines = 0;
  for (std::string line; std::getline(rules, line); ++lines) {
    std::size_t width = 0;
    for (const char c : line) width += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    longest = std::max(longest, width);
  }
  CHECK(longest <= 39);
  CHECK(lines > 40);
  // Paragraphs and the list's hanging indent survive.
  CHECK(text.find("\n  - 8 (skip): the next player misses a\n    turn.\n") != std::string::npos);
}

TEST_CASE("the terminal tells a refusal in a player's words, without the variant's keys") {
  // QA: a player who typed a card not held read "the card is not in the seat's hand", and
  // others "(not_on)", "(answers_match)": keys of a variant file the player never saw.
  for (int k = 1; k < kRefusalCount; ++k) {
    const auto r = static_cast<Refusal>(k);
    const std::string_view text = refusal_for_you(r);
    INFO(refusal_name(r) << ": " << text);
    CHECK_FALSE(text.empty());
    CHECK(text.find('_') == std::string_view::npos);  // no key of a variant file
    CHECK(text.find("seat's") == std::string_view::npos);
    CHECK(text.find(": false") == std::string_view::npos);
    CHECK_FALSE(text.ends_with("."));
  }
  CHECK(refusal_for_you(Refusal::card_not_in_hand) == "you do not hold that card");
}
