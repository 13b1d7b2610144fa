// House rules: load a user's variant file (house-rules.yaml beside this program, which
// `extends: british` and changes a few rules), simulate the same games under it and under the
// base variant, and compare: are rounds longer, do penalties fire more, is the first seat
// favoured? Run from this folder (CTest does), or pass the file's path.
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

#include <switchcards/agents/simulate.hpp>
#include <switchcards/io/load_variant.hpp>

#include "../example_main.hpp"

using namespace switchcards;

int run(const std::string& house_file) {
  Variant base, house;
  try {
    base = load_variant("british");
    house = load_variant(house_file);
  } catch (const LoadError& e) {
    // An error that names no file (an empty name) gets the argument as its source.
    fmt::print(stderr, "{}{}\n", e.file().empty() ? "'" + house_file + "': " : "", e.what());
    return 1;
  }

  // Four seats, or the count nearest four that both rule sets allow; the bots repeat by seat.
  const int fewest = std::max(base.deal.min_players, house.deal.min_players);
  const int most = std::min(base.deal.max_players, house.deal.max_players);
  if (fewest > most) {
    fmt::print(stderr, "{}: {} plays {} to {} players and {} {} to {}: no table fits both\n",
               house_file, house.name, house.deal.min_players, house.deal.max_players, base.name,
               base.deal.min_players, base.deal.max_players);
    return 1;
  }
  const std::pair<const char*, const char*> bots[] = {
      {"heuristic", "heuristic"},
      {"greedy", "greedy"},
      {"heuristic", "heuristic"},
      {"random:0.3", "random (forgets last card 30%)"}};
  SimulationConfig study;
  study.players = std::clamp(4, fewest, most);
  study.agents.clear();
  std::string seats;
  for (int seat = 0; seat < study.players; ++seat) {
    const auto& [agent, label] = bots[seat % 4];
    study.agents.push_back(agent);
    seats += (seat > 0 ? ", " : "") + std::string(label);
  }
  study.games = 2000;
  study.seed = 99;
  study.threads = 2;
  const SimulationStats a = simulate(base, study).stats;
  const SimulationStats b = simulate(house, study).stats;

  const auto per_round = [](const SimulationStats& s, EventKind k) {
    return static_cast<double>(s.events[static_cast<int>(k)]) / static_cast<double>(s.rounds);
  };
  const auto rate = [](const SimulationStats& s, int seat) {
    return 100.0 * static_cast<double>(s.wins[seat]) / static_cast<double>(s.games);
  };
  fmt::print("{} games each, seats: {}\n\n", study.games, seats);
  fmt::print("{:<34} {:>12} {:>12}\n", "", base.name, house.name);
  fmt::print("{:<34} {:>12.1f} {:>12.1f}\n", "decisions per round (mean)", a.mean_round_length(),
             b.mean_round_length());
  fmt::print("{:<34} {:>12} {:>12}\n", "decisions per round (p90)", a.round_length_percentile(0.9),
             b.round_length_percentile(0.9));
  const std::pair<const char*, EventKind> rows[] = {
      {"penalties set per round", EventKind::penalty_pending},
      {"penalties cancelled per round", EventKind::penalty_cancelled},
      {"seats skipped per round", EventKind::seat_skipped},
      {"last-card penalties per round", EventKind::last_card_penalty},
      {"reshuffles per round", EventKind::stock_reshuffled}};
  for (const auto& [label, kind] : rows)
    fmt::print("{:<34} {:>12.2f} {:>12.2f}\n", label, per_round(a, kind), per_round(b, kind));
  for (int seat = 0; seat < study.players; ++seat)
    fmt::print("{:<34} {:>11.1f}% {:>11.1f}%\n",
               fmt::format("seat {} ({}) wins", seat, study.agent_of(seat)), rate(a, seat),
               rate(b, seat));
  fmt::print("{:<34} {:>12} {:>12}\n", "stalemates", a.stalemates, b.stalemates);
  return 0;
}

// -h or --help prints the usage line; another option or a second argument is refused with it.
int main(int argc, char** argv) {
  const std::string_view arg = argc > 1 ? argv[1] : "";
  const bool help = argc == 2 && (arg == "-h" || arg == "--help");
  if (help || argc > 2 || arg.starts_with('-')) {
    std::fprintf(
        help ? stdout : stderr,
        "usage: %s [VARIANT]  (a variant file or built-in name; house-rules.yaml if none)\n",
        argv[0]);
    return help ? 0 : 2;
  }
  return run_example(argv[0], [&] { return run(argc > 1 ? argv[1] : "house-rules.yaml"); });
}
