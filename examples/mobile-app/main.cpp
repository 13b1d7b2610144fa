// Mobile-app Switch: one round (the app plays single rounds) between three bots, driven with
// the engine directly: deal a State, let play_round ask each seat's agent, and print every
// action with the events it caused. Beginner mode would show every hand; here the log shows
// the hands at the start and the end, as the app's beginner mode would.
#include <fmt/core.h>

#include <switchcards/agents/greedy_agent.hpp>
#include <switchcards/agents/heuristic_agent.hpp>
#include <switchcards/agents/play_round.hpp>
#include <switchcards/agents/random_agent.hpp>
#include <switchcards/engine/scoring.hpp>
#include <switchcards/io/event_text.hpp>
#include <switchcards/io/load_variant.hpp>

#include "../example_main.hpp"

using namespace switchcards;

void print_hands(const State& s) {
  for (int seat = 0; seat < s.players(); ++seat) {
    std::string cards;
    s.hand(seat).for_each([&](Card c) { cards += " " + card_text(c, false); });
    fmt::print("  seat {}:{}\n", seat, cards.empty() ? " (no cards)" : cards);
  }
}

int run() {
  const Variant app = load_variant("mobile-app");
  const Engine engine(app);
  HeuristicAgent heuristic(1);
  GreedyAgent greedy;
  RandomAgent random(3);
  Agent* seats[] = {&heuristic, &greedy, &random};

  EventBuffer dealt;
  State state = engine.deal(3, /*seed=*/11, /*dealer=*/2, &dealt);
  fmt::print("{}: seat 0 heuristic, seat 1 greedy, seat 2 random\nThe deal:\n", app.title);
  print_hands(state);

  EventTextOptions text;
  text.engine = &engine;  // kSeesEverything: a spectator who sees every card drawn
  for (const std::string& line : describe_events(dealt.span(), text)) fmt::print("{}\n", line);
  int turn = 0;
  play_round(engine, state, seats, {}, [&](const State&, Action a, std::span<const Event> events) {
    std::string line;
    for (const std::string& part : describe_events(events, text)) line += " " + part;
    // A pass after drawing changes nothing on the table, so no event tells of it.
    if (line.empty() && a.kind() == ActionKind::pass)
      line = " " + seat_text(a.seat(), text) + " passes.";
    fmt::print("{:>3}. {:<24}|{}\n", ++turn, to_string(a), line);  // fits "2 play JH diamonds last"
  });

  fmt::print("Hands at the end:\n");
  print_hands(state);
  const std::vector<int> scores = round_scores(app, state);
  fmt::print("Penalty points (for the curious; the app plays single rounds): {} {} {}\n", scores[0],
             scores[1], scores[2]);
  return state.over() ? 0 : 1;
}

int main(int argc, char** argv) {
  return example_main(argc, argv, run);
}
