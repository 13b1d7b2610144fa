// A terminal game against the library's bots: house rules given as YAML inside the program,
// you at seat 0 (a HumanAgent on the terminal), three heuristic bots, a match of three rounds
// played by Match. When stdin is not a terminal (under CTest, or piped), seat 0 is a bot too
// and the program prints the game as seat 0 sees it, so it runs unattended.
// docs/api.md walks through it.
#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <switchcards/agents/forwarding_agent.hpp>
#include <switchcards/agents/human_agent.hpp>
#include <switchcards/agents/make_agent.hpp>
#include <switchcards/agents/match.hpp>
#include <switchcards/io/event_text.hpp>
#include <switchcards/io/load_variant.hpp>

#include "../example_main.hpp"

using namespace switchcards;

// The house rules: British Switch with two changes, and a short match.
constexpr const char* kHouseRules = R"(
extends: british
name: kitchen-switch
title: British Switch, kitchen rules
specials:
  skip: {stack: 8}         # an 8 answered by an 8 skips two players
last_card: {penalty: 4}    # forgetting "last card" costs 4 cards, not 2
match: {end: fixed_rounds, rounds: 3}
)";

// An agent that lets another agent decide and prints what its seat sees happen, in the
// sentences a HumanAgent would show ("You play 7♥", "Seat 2 draws a card"). It sees only
// what its seat may see: Match gives it a PlayerView and events masked for its seat.
class Narrated final : public ForwardingAgent {
 public:
  using ForwardingAgent::ForwardingAgent;

  void observe(const PlayerView& view, std::span<const Event> events) override {
    EventTextOptions text;
    text.viewer = view.seat();     // "You ..."; other seats' drawn cards are only counted
    text.engine = &view.engine();  // demands spelled out
    for (const std::string& line : describe_events(events, text)) fmt::print("  {}\n", line);
    ForwardingAgent::observe(view, events);
  }
  bool observes() const override { return true; }  // it prints what it is told
  std::string name() const override { return ForwardingAgent::name() + " (narrated)"; }
};

int run() {
  Variant variant;
  try {
    variant = load_variant_from_string(kHouseRules, "kitchen-switch");
  } catch (const LoadError& e) {
    fmt::print(stderr, "{}\n", e.what());  // "kitchen-switch:5:9: ..." names line and key
    return 1;
  }

  // Seat 0: you, when there is someone at the terminal; else a bot that narrates.
  std::vector<std::unique_ptr<Agent>> agents;
  if (isatty(STDIN_FILENO)) {
    agents.push_back(std::make_unique<HumanAgent>(std::cin, std::cout));
  } else {
    fmt::print("stdin is not a terminal: a heuristic bot plays seat 0, and you watch.\n");
    agents.push_back(std::make_unique<Narrated>(make_agent("heuristic", /*seed=*/1)));
  }
  for (int seat = 1; seat < 4; ++seat) agents.push_back(make_agent("heuristic", seat + 1));

  std::vector<Agent*> seats;
  for (const auto& a : agents) seats.push_back(a.get());
  Match match(variant, seats, /*seed=*/2026);
  match.set_observer([](const MatchEvent& e) {
    if (e.kind == MatchEventKind::round_started)
      fmt::print("\nRound {}: seat {} deals.\n", e.round + 1, e.seat);
    if (e.kind == MatchEventKind::round_scored) {
      fmt::print("Penalty points this round:");
      for (const int points : e.scores) fmt::print(" {}", points);
      fmt::print("; in all:");
      for (const int total : e.standings->totals) fmt::print(" {}", total);
      fmt::print("\n");
    }
    if (e.kind == MatchEventKind::match_over)
      fmt::print("\nSeat {} wins the match ({}).\n", e.seat, e.seat == 0 ? "you" : "a bot");
  });

  fmt::print("{}: 4 seats, seat 0 is you.\n", variant.title);
  try {
    match.play();
  } catch (const InputEnded& e) {  // the player closed the input (Ctrl-D)
    fmt::print("\n{}\n", e.what());
    return 0;
  } catch (const PlayerQuit& e) {  // the player typed `quit`
    fmt::print("\n{}; goodbye.\n", e.what());
    return 0;
  } catch (const OutputFailed& e) {  // standard output failed (a closed pipe, a full disk)
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return match.over() ? 0 : 1;
}

int main(int argc, char** argv) {
  return example_main(argc, argv, run);
}
