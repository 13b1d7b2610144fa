// `switchcards demo`: a whole match of a built-in variant between bots, as a readable log — what
// the README's first command shows. Every action is a line; each round ends with its scores
// and the totals.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "switchcards/agents/forwarding_agent.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/match.hpp"
#include "switchcards/io/describe.hpp"
#include "switchcards/io/event_text.hpp"

namespace switchcards::cli {

namespace {

// Prints the events of each turn as one line, as a spectator at the table sees them (a turn of
// several cards, play.several, is one line for all its cards); it watches through round seat
// 0, which every round has.
class Narrator final : public ForwardingAgent {
 public:
  Narrator(std::unique_ptr<Agent> inner, const Engine& engine, const std::vector<int>* seats,
           bool colour)
      : ForwardingAgent(std::move(inner)), engine_(&engine), seats_(seats), colour_(colour) {}
  void observe(const PlayerView& view, std::span<const Event> events) override {
    ForwardingAgent::observe(view, events);
    if (view.seat() != 0) return;
    // Round seats are renumbered to match seats for the log.
    const std::vector<Event> renamed = with_seats(events, *seats_);
    EventTextOptions o;
    o.viewer = kAtTheTable;
    o.colour = colour_;
    o.engine = engine_;
    o.players = view.players();
    for (const std::string& part : describe_events(renamed, o))
      line_ += (line_.empty() ? "" : " ") + part;
    if (view.phase() == Phase::laying || line_.empty()) return;  // the turn goes on
    fmt::print("  {}\n", line_);
    line_.clear();
  }

 private:
  std::string line_;  // the turn's text so far
  const Engine* engine_;
  const std::vector<int>* seats_;
  bool colour_;
};

std::string by_seat(std::span<const int> values, const Standings& s, bool skip_out) {
  std::string out;
  for (int seat = 0; seat < static_cast<int>(values.size()); ++seat) {
    if (skip_out && !s.is_in(seat) && values[seat] == 0) continue;
    out += fmt::format("{}seat {} {}", out.empty() ? "" : ", ", seat, values[seat]);
  }
  return out;
}

}  // namespace

void add_demo(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("demo", "Watch a whole match between bots, as a readable log");
  static std::string variant = "british", agents = "heuristic,greedy,heuristic,random";
  static std::string seed = "1", players;
  static bool colour = false, no_colour = false;
  cmd->add_option("--variant,-v", variant, variant_help())->capture_default_str();
  cmd->add_option("--seed,-s", seed, "seed of the match")->capture_default_str();
  auto* players_opt = cmd->add_option("--players,-p", players,
                                      "players (default: 4, or the nearest the variant allows)");
  auto* agents_opt = cmd->add_option("--agents,-a", agents,
                                     "bots by seat, comma-separated, repeated to fill the seats")
                         ->capture_default_str();
  cmd->add_flag("--color", colour,
                "coloured cards even when the output is not a terminal or NO_COLOR is set");
  cmd->add_flag("--no-color", no_colour, "plain cards");
  cmd->callback([&exit_code, players_opt, agents_opt] {
    const std::uint64_t match_seed =
        parse_whole("--seed", seed, 0, std::numeric_limits<std::uint64_t>::max());
    const Variant v = load_cli_variant(variant);
    const int n = players_for(v, *players_opt, players);
    const std::vector<std::string> names = split_commas(agents);
    // The default line-up is cut to any table; a list given must fit it.
    if (agents_opt->count() > 0) check_agents_fit(agents, names.size(), n);
    const Engine engine(v);
    std::vector<int> round_seats;  // updated at each round start
    std::vector<std::unique_ptr<Narrator>> owned;
    std::vector<Agent*> seats;
    std::string lineup;
    for (int seat = 0; seat < n; ++seat) {
      const std::string& name = names[static_cast<std::size_t>(seat) % names.size()];
      if (name.rfind("human", 0) == 0)
        throw UsageError("--agents " + agents +
                         ": the demo is played by bots only; to play, "
                         "run `switchcards play`");
      std::unique_ptr<Agent> agent;
      try {
        agent = make_agent(name, 0);
      } catch (const std::invalid_argument& e) {
        throw UsageError("--agents " + agents + ": " + e.what());
      }
      owned.push_back(std::make_unique<Narrator>(std::move(agent), engine, &round_seats,
                                                 use_colour(colour, no_colour)));
      seats.push_back(owned.back().get());
      lineup += fmt::format("{}seat {} {}", seat ? ", " : "", seat, name);
    }
    Match match(v, seats, match_seed);
    fmt::print("{}\nSeats: {}. Seed {}.\n", summarize_variant(v), lineup, match_seed);
    match.set_observer([&](const MatchEvent& e) {
      const Standings& s = *e.standings;
      switch (e.kind) {
        case MatchEventKind::round_started:
          round_seats = s.active_seats();
          fmt::print("\nRound {}: seat {} deals{}.\n", e.round + 1, e.seat,
                     round_seats.size() < static_cast<std::size_t>(n)
                         ? fmt::format(" ({} players still in)", round_seats.size())
                         : "");
          break;
        case MatchEventKind::round_scored:
          fmt::print("Round {} {}. Scores: {}.\n", e.round + 1,
                     e.stalemate ? std::string("ends in a stalemate")
                                 : fmt::format("won by seat {}", e.seat),
                     by_seat(e.scores, s, true));
          if (v.match.end != MatchKind::single_round)
            fmt::print("Totals after {} round{}: {}.\n", s.rounds, s.rounds == 1 ? "" : "s",
                       by_seat(s.totals, s, false));
          break;
        case MatchEventKind::player_eliminated:
          fmt::print("Seat {} is out with {} points.\n", e.seat, s.totals[e.seat]);
          break;
        case MatchEventKind::match_over: {
          // With partnerships a seat wins or loses with its team.
          const auto who = [&](int seat) {
            const std::vector<int> team = v.teams.team_seats(n, seat);
            if (team.size() == 1) return fmt::format("seat {} ({})", seat, seats[seat]->name());
            std::vector<std::string> agents;
            for (const int t : team) agents.push_back(seats[t]->name());
            return fmt::format("the team of seats {} and {} ({})",
                               fmt::join(team.begin(), team.end() - 1, ", "), team.back(),
                               fmt::join(agents, ", "));
          };
          fmt::print("\nThe match is over after {} round{}: {} wins", s.rounds,
                     s.rounds == 1 ? "" : "s", who(e.seat));
          if (e.loser >= 0 && v.match.end != MatchKind::single_round &&
              v.teams.team_seats(n, e.loser) != v.teams.team_seats(n, e.seat))
            fmt::print(", {} loses", who(e.loser));
          fmt::print(".\n");
          break;
        }
      }
    });
    match.play();
    if (match.stopped_at_round_limit()) fmt::print("(The match was stopped at its round cap.)\n");
    exit_code = 0;
  });
}

}  // namespace switchcards::cli
