// Mid-round positions with a searching agent for the seat to act, shared by the ISMCTS speed
// benchmark (bench_ismcts.cpp) and its allocation count (bench_allocations.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "bench_support.hpp"
#include "switchcards/agents/ismcts_agent.hpp"
#include "switchcards/agents/play_round.hpp"

namespace switchcards::bench {

struct SearchPosition {
  State state;
  std::unique_ptr<IsmctsAgent> agent;  // the seat to act's searcher, fed every event it saw
};

// Positions from eager random rounds (plays whenever it can, so rounds end as real ones do),
// at decisions 12 to 27 of successive rounds: hands are still mid-sized, some cards have been
// played, reshuffles are yet rare. Skips rounds that end first and forced moves.
inline std::vector<SearchPosition> mid_round_search_positions(const Table& t, int players,
                                                              int count, IsmctsConfig config) {
  std::vector<SearchPosition> out;
  Pcg32 rng(11);
  ActionList legal;
  for (std::uint64_t round = 0; static_cast<int>(out.size()) < count; ++round) {
    std::vector<std::unique_ptr<IsmctsAgent>> seats;
    for (int seat = 0; seat < players; ++seat)
      seats.push_back(std::make_unique<IsmctsAgent>(derive_seed(round, seat), config));
    EventBuffer events, masked;
    State s = t.engine.deal(players, derive_seed(17, round), -1, &events);
    auto deliver = [&] {
      for (int seat = 0; seat < players; ++seat) {
        detail::mask_events(events.span(), seat, false, masked);
        seats[seat]->observe(PlayerView(t.engine, s, seat), masked.span());
      }
    };
    deliver();
    const int target = 12 + static_cast<int>(round % 16);
    for (int d = 0; !s.over(); ++d) {
      t.engine.legal_actions(s, legal);
      if (d >= target && legal.size() > 1) {
        out.push_back({s, std::move(seats[s.turn])});
        break;
      }
      int plays = 0;
      while (plays < legal.size() && legal[plays].kind() == ActionKind::play) ++plays;
      Action a = legal[static_cast<int>(
          rng.below(static_cast<std::uint32_t>(plays > 0 ? plays : legal.size())))];
      if (a.kind() == ActionKind::play && s.hands[s.turn].size() == 2) a = a.with_last();
      events.clear();
      t.engine.apply(s, a, &events);
      deliver();
    }
  }
  return out;
}

}  // namespace switchcards::bench
