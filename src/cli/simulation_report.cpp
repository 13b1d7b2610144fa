// The text report of simulation results; see simulation_report.hpp.
#include "cli/simulation_report.hpp"

#include <algorithm>

#include <fmt/core.h>
#include <fmt/format.h>

#include "cli/effect_labels.hpp"

namespace switchcards::cli {

std::string percent(double x) {
  return fmt::format("{:.1f}%", 100 * x);
}

std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string time_text(double seconds, int threads, std::uint64_t games, std::string_view what) {
  std::string text =
      fmt::format("Time: {:.2f} s on {} thread{}", seconds, threads, threads == 1 ? "" : "s");
  if (seconds <= 0 || games == 0) return text;
  const double rate = static_cast<double>(games) / seconds;
  // Below 10 a second, a whole rate would say little ("1 games/s" for 1.4): the time of one.
  if (rate >= 10.0)
    return text + fmt::format(", {} {}/s", grouped(static_cast<std::uint64_t>(rate + 0.5)), what);
  return text + fmt::format(", {:.1f} s a {}", 1.0 / rate, what == "games" ? "game" : "pair");
}

std::string rules_note(const std::string& rules) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  std::string line;
  for (std::size_t i = 0; i < rules.size();) {
    const char c = rules[i++];
    if (c != '\n' && c != '\r') {
      line += c;
      continue;
    }
    // A line break, with the blanks after it: one space between two lines.
    while (i < rules.size() && blank(rules[i])) ++i;
    if (!line.empty() && i < rules.size()) line += ' ';
  }
  return line.empty() ? "" : ", rules " + line;
}

std::string study_text(const SimulationConfig& c, std::uint64_t games) {
  std::string agents;
  for (int seat = 0; seat < c.players; ++seat) agents += (seat ? "," : "") + c.agent_of(seat);
  const bool one = games == 1;
  const char* what = c.kind == GameKind::round
                         ? (one ? "game (a single round)" : "games (single rounds)")
                         : (one ? "match" : "matches");
  return fmt::format("{} {} of {} players, agents {}, seed {}", grouped(games), what, c.players,
                     agents, c.seed);
}

std::string range_text(const ShardResults& r) {
  const SimulationConfig& c = r.config;
  if (r.first_game == 0 && r.end_game == c.games) return "";
  return fmt::format("Games {}..{} of a study of {}{}", r.first_game, r.end_game, grouped(c.games),
                     c.shards > 1 ? fmt::format(" (shard {}/{})", c.shard, c.shards) : "");
}

void print_report(const ShardResults& r, double seconds) {
  const SimulationStats& s = r.stats;
  const SimulationConfig& c = r.config;
  // The rules as compare and sweep name them: two runs with different --rules must not print
  // the same header.
  fmt::print("{} ({}{}): {}\n", r.title, r.variant, rules_note(r.rules), study_text(c, s.games));
  if (const std::string range = range_text(r); !range.empty()) fmt::print("{}\n", range);
  if (seconds >= 0) fmt::print("{}\n", time_text(seconds, c.threads, s.games, "games"));
  fmt::print("Rounds: {}, decisions: {}, stalemates (turn limit): {}{}\n", grouped(s.rounds),
             grouped(s.decisions), grouped(s.stalemates),
             c.kind == GameKind::match
                 ? fmt::format(", matches stopped at the round cap: {}", grouped(s.unfinished))
                 : "");
  if (s.stalemates > 0) {
    // Prominent: stalemates are wins for nobody, and a study full of them measures little.
    const double share =
        s.rounds ? static_cast<double>(s.stalemates) / static_cast<double>(s.rounds) : 0.0;
    fmt::print(
        "\n*** STALEMATES: {} of {} rounds ({}) reached the turn limit; nobody won them{}.\n"
        "*** Agents that draw when they could play stall (random does); so do rules that\n"
        "*** loop, whoever plays (docs/house-rules.md, \"Simulate it\").\n",
        grouped(s.stalemates), grouped(s.rounds), percent(share),
        c.kind == GameKind::match
            ? ""
            : fmt::format(",\n*** so the win rates below add up to {}", percent(1 - share)));
  }
  // The agents' column is as wide as the longest name, 12 at least (heuristic:0.5 would push
  // its row's numbers out of line).
  std::size_t names = 12;
  for (const std::string& a : c.agents) names = std::max(names, a.size());
  fmt::print("\n{:<{}} {:>9} {:>6}   95% interval\n",
             c.kind == GameKind::match ? "Wins by seat (matches)" : "Wins by seat", names + 10,
             "wins", "rate");
  for (int seat = 0; seat < c.players; ++seat) {
    const std::uint64_t w = s.wins[seat];
    const Interval i = wilson_interval(w, s.games);
    fmt::print("  seat {}  {:<{}} {:>9} {:>6}   {} - {}{}\n", seat, c.agent_of(seat), names,
               grouped(w),
               percent(s.games ? static_cast<double>(w) / static_cast<double>(s.games) : 0),
               percent(i.low), percent(i.high),
               c.kind == GameKind::match ? fmt::format("   lost {}", grouped(s.losses[seat])) : "");
  }
  if (!r.teams.empty()) {
    fmt::print("\n{:<22} {:>9} {:>6}   95% interval\n", "Wins by team", "wins", "rate");
    for (const TeamWins& t : team_wins(r.teams, s)) {
      const Interval i = wilson_interval(t.wins, s.games);
      fmt::print("  team {}  seats {:<6} {:>9} {:>6}   {} - {}\n", t.team,
                 fmt::format("{}", fmt::join(t.seats, ",")), grouped(t.wins),
                 percent(s.games ? static_cast<double>(t.wins) / static_cast<double>(s.games) : 0),
                 percent(i.low), percent(i.high));
    }
  }
  // Wins by place at the table: seats are fixed, but who deals and who acts first is not (with
  // `first_dealer: lowest_cut` it is random), so seat rates can hide a first-player advantage.
  for (const bool from_dealer : {false, true}) {
    const std::vector<std::uint64_t>& wins = from_dealer ? s.wins_from_dealer : s.wins_from_first;
    fmt::print("\n{:<26} {:>5} {:>6}   95% interval\n",
               from_dealer ? "Wins by place from dealer" : "Wins by place in play", "wins", "rate");
    for (std::size_t k = 0; k < wins.size(); ++k) {
      const Interval i = wilson_interval(wins[k], s.games);
      fmt::print("  {:<24} {:>5} {:>6}   {} - {}\n", place_name(static_cast<int>(k), from_dealer),
                 grouped(wins[k]),
                 percent(s.games ? static_cast<double>(wins[k]) / static_cast<double>(s.games) : 0),
                 percent(i.low), percent(i.high));
    }
  }
  const auto by_agent = summarize_agents(c, s);
  if (by_agent.size() > 1) {
    fmt::print("\n{:<{}} {:>9} {:>6}   95% interval\n", "Wins by agent per seat", names + 10,
               "wins", "rate");
    for (const AgentSummary& a : by_agent)
      fmt::print("  {:<{}} {} seat{} {:>9} {:>6}   {} - {}\n", a.agent, names, a.seats,
                 a.seats == 1 ? " " : "s", grouped(a.wins), percent(a.rate),
                 percent(a.interval.low), percent(a.interval.high));
  }
  if (r.format_version >= 3) {
    const Fairness f = fairness(s);
    // Stalemated games are no one's: the advantage is of the first player's share of the games
    // someone won, which the text says when the two differ.
    std::string first;
    if (!f.first_player_advantage)
      first = "no game was won";
    else if (f.won == s.games)
      first =
          fmt::format("the first player to act wins {} (an advantage of {:+.1f} points over 1/{})",
                      percent(f.first_player_win_rate), 100 * *f.first_player_advantage, c.players);
    else
      first = fmt::format(
          "the first player to act wins {} of the games and {} of those won (an advantage of "
          "{:+.1f} points over 1/{})",
          percent(f.first_player_win_rate), percent(*f.first_player_share_of_won),
          100 * *f.first_player_advantage, c.players);
    fmt::print("\nFairness: {}; the places' win rates span {:.1f} points\n", first,
               100 * f.positional_spread);
    if (c.kind == GameKind::round && s.rounds > 0) {
      const std::string lead =
          fmt::format("Lead (the seat with strictly fewest cards): {:.2f} lead changes a round; ",
                      static_cast<double>(s.lead_changes) / static_cast<double>(s.rounds));
      if (s.mid_leader_rounds == 0) {
        fmt::print("{}no round won had a leader at mid-round\n", lead);
      } else {
        const Interval i = wilson_interval(s.mid_leader_wins, s.mid_leader_rounds);
        fmt::print("{}the leader at mid-round wins {} ({} - {}) of the {} {} won that had one\n",
                   lead,
                   percent(static_cast<double>(s.mid_leader_wins) /
                           static_cast<double>(s.mid_leader_rounds)),
                   percent(i.low), percent(i.high), grouped(s.mid_leader_rounds),
                   s.mid_leader_rounds == 1 ? "round" : "rounds");
      }
    }
  }
  fmt::print("\nRound length (decisions): mean {:.1f}, p50 {}, p90 {}, p99 {}, longest {}\n",
             s.mean_round_length(), s.round_length_percentile(0.5), s.round_length_percentile(0.9),
             s.round_length_percentile(0.99), s.longest_round());
  fmt::print("\n{:<30} {:>12} {:>10}\n", "Effects", "total", "per round");
  for (const EventLabel& e : kEffectEvents) {
    const std::uint64_t n = s.events[static_cast<int>(e.kind)];
    if (n == 0) continue;
    fmt::print("  {:<28} {:>12} {:>10.2f}\n", e.label, grouped(n),
               s.rounds ? static_cast<double>(n) / static_cast<double>(s.rounds) : 0.0);
  }
  if (r.format_version >= 3 && s.penalty_cards > 0)
    fmt::print(
        "  {:<28} {:>12} {:>10.2f}\n", kPenaltyCardsLabel, grouped(s.penalty_cards),
        s.rounds ? static_cast<double>(s.penalty_cards) / static_cast<double>(s.rounds) : 0.0);
}

}  // namespace switchcards::cli
