// British Switch: load the built-in variant, seat four bots and play a whole match
// (elimination at 100 penalty points), printing each round's scores and the totals.
// The Match runs the rounds; an observer prints what it reports.
#include <fmt/core.h>

#include <switchcards/agents/greedy_agent.hpp>
#include <switchcards/agents/heuristic_agent.hpp>
#include <switchcards/agents/match.hpp>
#include <switchcards/agents/random_agent.hpp>
#include <switchcards/io/describe.hpp>
#include <switchcards/io/load_variant.hpp>

#include "../example_main.hpp"

int run() {
  using namespace switchcards;
  const Variant british = load_variant("british");
  fmt::print("{}\n\n", summarize_variant(british));

  HeuristicAgent alice(1);
  HeuristicAgent bob(2);
  GreedyAgent carol;
  RandomAgent dave(4);
  const std::vector<Agent*> seats = {&alice, &bob, &carol, &dave};
  const char* names[] = {"Alice (heuristic)", "Bob (heuristic)", "Carol (greedy)", "Dave (random)"};

  Match match(british, seats, /*seed=*/2024);
  match.set_observer([&](const MatchEvent& e) {
    const Standings& s = *e.standings;
    switch (e.kind) {
      case MatchEventKind::round_started:
        fmt::print("Round {}: {} deals.\n", e.round + 1, names[e.seat]);
        break;
      case MatchEventKind::round_scored:
        fmt::print("  {}\n", e.stalemate ? std::string("stalemate")
                                         : fmt::format("{} goes out first", names[e.seat]));
        for (int seat = 0; seat < s.players(); ++seat)
          fmt::print("  {:<18} {:>3} this round, {:>3} in all{}\n", names[seat], e.scores[seat],
                     s.totals[seat], s.is_in(seat) ? "" : " (out)");
        break;
      case MatchEventKind::player_eliminated:
        fmt::print("  {} reaches {} and is out.\n", names[e.seat], british.match.limit);
        break;
      case MatchEventKind::match_over:
        fmt::print("\n{} wins the match after {} rounds; {} was out first.\n", names[e.seat],
                   s.rounds, names[e.loser]);
        break;
    }
  });
  match.play();
  return match.over() ? 0 : 1;
}

int main(int argc, char** argv) {
  return example_main(argc, argv, run);
}
