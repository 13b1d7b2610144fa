// Balkan Switch: load the built-in variant and play a whole match to 250 points between three
// bots. The first round is narrated move by move: an Agent wrapper receives every event its
// seat may see (Agent::observe) and prints it as a sentence; later rounds print their scores.
#include <fmt/core.h>

#include <switchcards/agents/forwarding_agent.hpp>
#include <switchcards/agents/heuristic_agent.hpp>
#include <switchcards/agents/match.hpp>
#include <switchcards/io/event_text.hpp>
#include <switchcards/io/load_variant.hpp>

#include "../example_main.hpp"

using namespace switchcards;

// Plays like the agent it wraps; while `narrating`, prints what seat 0 of the round sees.
class Narrated final : public ForwardingAgent {
 public:
  Narrated(Agent& inner, const Engine& engine) : ForwardingAgent(inner), engine_(&engine) {}
  void observe(const PlayerView& view, std::span<const Event> events) override {
    ForwardingAgent::observe(view, events);
    if (!narrating || view.seat() != 0) return;
    EventTextOptions options;
    options.viewer = kAtTheTable;  // hidden cards stay hidden
    options.engine = engine_;
    for (const std::string& line : describe_events(events, options)) fmt::print("  {}\n", line);
  }
  bool observes() const override { return true; }  // it prints what it is told
  bool narrating = true;

 private:
  const Engine* engine_;
};

int run() {
  const Variant balkan = load_variant("balkan");
  const Engine engine(balkan);  // for the narration's wording of demands
  HeuristicAgent bots[] = {HeuristicAgent(1), HeuristicAgent(2), HeuristicAgent(3)};
  Narrated n0(bots[0], engine), n1(bots[1], engine), n2(bots[2], engine);
  Match match(balkan, {&n0, &n1, &n2}, /*seed=*/7);

  match.set_observer([&](const MatchEvent& e) {
    const Standings& s = *e.standings;
    if (e.kind == MatchEventKind::round_started && e.round == 0)
      fmt::print("Round 1, move by move (seat {} deals):\n", e.seat);
    if (e.kind == MatchEventKind::round_scored) {
      n0.narrating = n1.narrating = n2.narrating = false;
      fmt::print("Round {:>2}: {:<16} totals {:>3} {:>3} {:>3}\n", e.round + 1,
                 e.stalemate ? std::string("stalemate") : fmt::format("seat {} out first", e.seat),
                 s.totals[0], s.totals[1], s.totals[2]);
    }
    if (e.kind == MatchEventKind::match_over)
      fmt::print("Match over: seat {} is the only one below {} and wins; seat {} loses.\n", e.seat,
                 balkan.match.limit, e.loser);
  });
  match.play();
  return match.over() ? 0 : 1;
}

int main(int argc, char** argv) {
  return example_main(argc, argv, run);
}
