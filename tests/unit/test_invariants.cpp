// Property test: random rounds of every built-in variant, from 2 players (or the variant's
// minimum) to its maximum, mixing legal actions with illegal ones, checking after every action
// the invariants of tests/common/invariants.hpp: every card in exactly one place, refusals
// change nothing, the seat to act always has an action and every listed one is accepted,
// determinism (and a sample of rounds replayed from game records), rounds end (or hit the
// stalemate guard), views hide what they must.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "../common/invariants.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

using namespace switchcards;

namespace {

// Rounds per variant, spread evenly over its player counts. Under the sanitizers (about ten
// times slower) a tenth; the normal build runs the full count.
#ifdef SWITCHCARDS_SANITIZED
constexpr int kRoundsPerVariant = 1000;
#else
constexpr int kRoundsPerVariant = 10000;
#endif
// Views are compared against re-dealt hidden cards every this many steps (the costliest check).
constexpr int kViewEvery = 16;
// Every this many rounds also goes through a game record: written, read back and replayed.
constexpr int kReplayEvery = 50;

// The round as a game record, written as YAML and read back, must replay to the same result.
std::string check_replay(const std::string& variant, int players, std::uint64_t seed,
                         const std::vector<Action>& actions, const State& end) {
  GameRecord record;
  record.variant = variant;
  record.players = players;
  record.agents.assign(static_cast<std::size_t>(players), "random");
  RecordedRound round;
  round.seed = seed;
  round.dealer = players - 1;  // deal()'s default dealer
  for (int s = 0; s < players; ++s) round.seats.push_back(s);
  round.actions = actions;
  round.winner = end.winner;
  record.rounds.push_back(round);
  std::ostringstream yaml;
  write_game_record(yaml, record);
  const std::vector<GameRecord> back = read_game_records_from_string(yaml.str(), "<record>");
  if (back.size() != 1 || back[0].rounds.size() != 1 || back[0].rounds[0].actions != actions)
    return "the record does not read back as written";
  const ReplayResult r = replay_game(back[0]);
  if (!r.ok) return "the recorded round does not replay: " + r.failure;
  if (r.actions != static_cast<int>(actions.size())) return "the replay applied a different count";
  return "";
}

struct Totals {
  long rounds = 0, won = 0, stalemates = 0, accepted = 0, refused = 0, replayed = 0, jump_ins = 0,
       answers_laid_on = 0, final_calls_missed = 0;
  std::string broken;
};

Totals run_variant(const std::string& name) {
  const Variant variant = load_variant(name);
  const Engine engine(variant), twin_engine(variant);
  const int low = std::max(2, variant.deal.min_players), high = variant.deal.max_players;
  const int counts = high - low + 1;
  const int per_count = (kRoundsPerVariant + counts - 1) / counts;
  Totals t;
  for (int players = low; players <= high && t.broken.empty(); ++players) {
    const testing::Census deck = testing::census(build_deck(variant.deck_for(players)));
    for (int game = 0; game < per_count && t.broken.empty(); ++game) {
      const std::uint64_t seed = derive_seed(static_cast<std::uint64_t>(players), game);
      Pcg32 rng(seed ^ 0x5eed);
      const bool replay = game % kReplayEvery == 0;
      std::vector<Action> actions;
      const State start = engine.deal(players, seed);
      const auto r = testing::play_checked(
          engine, start, twin_engine, twin_engine.deal(players, seed), deck,
          [&](std::uint32_t bound) { return rng.below(bound); }, [] { return true; }, kViewEvery,
          replay ? &actions : nullptr);
      if (replay && r.broken.empty()) {
        State end = start;
        for (Action a : actions) engine.apply(end, a);
        if (auto b = check_replay(name, players, seed, actions, end); !b.empty())
          t.broken = name + ", " + std::to_string(players) + " players, seed " +
                     std::to_string(seed) + ": " + b;
        ++t.replayed;
      }
      ++t.rounds;
      t.accepted += r.accepted;
      t.refused += r.refused;
      t.jump_ins += r.jump_ins;
      t.answers_laid_on += r.answers_laid_on;
      t.final_calls_missed += r.final_calls_missed;
      if (r.stalemate)
        ++t.stalemates;
      else if (r.ended)
        ++t.won;
      if (!r.broken.empty() && t.broken.empty())
        t.broken = name + ", " + std::to_string(players) + " players, seed " +
                   std::to_string(seed) + ": " + r.broken;
    }
  }
  return t;
}

// The variants in two halves, so that ctest -j2 runs them side by side.
void check_variants(int shard) {
  const auto names = builtin_variant_names();
  REQUIRE(names.size() >= 2);
  for (std::size_t i = static_cast<std::size_t>(shard); i < names.size(); i += 2) {
    const Totals t = run_variant(names[i]);
    // Kept in ctest's log (Testing/Temporary/LastTest.log): the stalemate count is reported.
    std::printf(
        "invariants: %-26s %6ld rounds, %6ld won, %3ld stalemates, %8ld actions, %7ld refusals, "
        "%4ld replayed\n",
        names[i].c_str(), t.rounds, t.won, t.stalemates, t.accepted, t.refused, t.replayed);
    INFO(names[i] << ": " << t.rounds << " rounds (" << t.won << " won, " << t.stalemates
                  << " stalemates), " << t.accepted << " actions, " << t.refused << " refusals");
    CHECK(t.broken == "");
    CHECK(t.rounds >= kRoundsPerVariant);
    // Every round ends: with a winner, or at the turn limit (counted; rare with these players).
    CHECK(t.won + t.stalemates == t.rounds);
    CHECK(t.stalemates * 100 <= t.rounds);
    CHECK(t.refused > 0);
    CHECK(t.replayed > 0);
  }
}

// Engine::jump_ins by its definition (identical.jump_in): were it `seat`'s turn in the play
// phase, its legal plays of cards identical to the top, for a seat other than the seat to act
// whose turn would not begin with a last-card penalty or a missed turn.
ActionList jump_ins_by_definition(const Engine& e, const State& s, int seat) {
  ActionList out;
  const JumpIn rule = e.variant().identical.jump_in;
  const bool owes = ((s.owes_last_card | s.misses_turn) >> seat) & 1u;
  if (rule == JumpIn::none || !s.jump_open || s.over() || seat == s.turn || owes) return out;
  State t = s;
  t.turn = static_cast<std::uint8_t>(seat);
  t.phase = Phase::play;
  t.catchable = -1;
  ActionList legal;
  e.legal_actions(t, legal);
  const Card top = s.top();
  for (const Action a : legal) {
    if (a.kind() != ActionKind::play) continue;
    if (rule == JumpIn::same_rank ? a.card().rank() == top.rank() : a.card() == top) out.push(a);
  }
  return out;
}

// How many actions apply_at_once took in the sampled positions (the test asserts it took some).
long applied_at_once = 0;

// apply_at_once(s, a) applies `a` exactly as apply does (the same State, the same events), or
// leaves `s` and the events untouched for apply to do.
std::string apply_at_once_agrees(const Engine& e, const State& s, Action a) {
  State fast = s, full = s;
  EventBuffer fast_events, full_events;
  if (!e.apply_at_once(fast, a, &fast_events)) {
    if (fast == s && fast_events.size() == 0) return "";
    return "apply_at_once changed what it did not take: " + to_string(a);
  }
  ++applied_at_once;
  if (!e.apply(full, a, &full_events))
    return "apply_at_once took what apply refuses: " + to_string(a);
  if (!(fast == full)) return "apply_at_once left another State than apply: " + to_string(a);
  if (!std::equal(fast_events.begin(), fast_events.end(), full_events.begin(), full_events.end()))
    return "apply_at_once told other events than apply: " + to_string(a);
  return "";
}

// Every action a seat could name in `s` (every seat, every card with every suit and with and
// without "last", draw, pass, every challenge, a late call): check() must accept exactly what
// legal_actions lists for the seat to act, the "last" call where the play leaves one card, a
// challenge of the catchable seat from anyone else, and the jump-ins (identical.jump_in) that
// jump_ins lists for the other seats. check() answers the common accepted actions on
// an inline fast path and everything else in full: this compares the two over the whole space.
// Engine::apply_at_once, apply's own fast path, is compared with apply over it too.
std::string check_whole_action_space(const Engine& e, const State& s) {
  ActionList legal;
  e.legal_actions(s, legal);
  const int players = s.players();
  auto expect = [&](Action a, bool accepted) -> std::string {
    // (Only the seat to act's: apply_at_once refuses any other seat's before it looks further.)
    if (a.seat() == s.turn)
      if (auto b = apply_at_once_agrees(e, s, a); !b.empty()) return b;
    if ((e.check(s, a) == Refusal::none) == accepted) return "";
    return std::string(accepted ? "refused: " : "accepted: ") + to_string(a);
  };
  ActionList jumps;
  for (int seat = 0; seat < players; ++seat) {
    e.jump_ins(s, seat, jumps);
    const ActionList defined = jump_ins_by_definition(e, s, seat);
    if (!std::equal(jumps.begin(), jumps.end(), defined.begin(), defined.end()))
      return "jump_ins of seat " + std::to_string(seat) + " differ from their definition";
    for (int i = 0; i < kCardKinds; ++i) {
      for (int suit = 0; suit <= kSuitCount; ++suit) {
        const Action plain = Action::play(seat, Card::from_index(i), static_cast<Suit>(suit));
        const bool listed = legal.contains(plain) || jumps.contains(plain);
        if (auto b = expect(plain, listed); !b.empty()) return b;
        if (auto b = expect(plain.with_last(),
                            listed && e.variant().last_card.call_allowed(s.hands[seat].size()));
            !b.empty())
          return b;
      }
    }
    for (Action a : {Action::draw(seat), Action::pass(seat)})
      if (auto b = expect(a, legal.contains(a)); !b.empty()) return b;
    // A late call: the forgetter only, where the variant allows it, whoever is to act.
    if (auto b = expect(Action::call(seat),
                        !s.over() && e.variant().last_card.late_call && seat == s.catchable);
        !b.empty())
      return b;
    for (int target = 0; target < players; ++target)
      if (auto b = expect(Action::challenge(seat, target),
                          !s.over() && target == s.catchable && target != seat);
          !b.empty())
        return b;
  }
  return "";
}

}  // namespace

TEST_CASE(
    "check() accepts exactly the listed actions, and apply_at_once applies as apply does, over "
    "every action of sampled positions") {
  long positions = 0, with_jump_ins = 0;  // positions; seats there that may jump in
  ActionList jumps;
  // The built-in variants, and every house rule at once (its jump-in is by rank).
  std::vector<std::string> names = builtin_variant_names();
  names.push_back(SWITCHCARDS_SOURCE_DIR "/tests/variants/kitchen-sink.yaml");
  for (const std::string& name : names) {
    const Variant variant = load_variant(name);
    const Engine engine(variant);
    for (int players : {std::max(2, variant.deal.min_players), variant.deal.max_players}) {
      Pcg32 rng(derive_seed(7, static_cast<std::uint64_t>(players)));
      ActionList legal;
      // Every 7th position of seeded random rounds (with "last" called at random, so that
      // missed calls and challenges occur) until 400 are checked, the end of a round included.
      int checked = 0;
      for (std::uint64_t round = 0; checked < 400; ++round) {
        State s = engine.deal(players, derive_seed(11, round));
        for (int step = 0; checked < 400; ++step) {
          if (step % 7 == 0 || s.over()) {
            const std::string broken = check_whole_action_space(engine, s);
            INFO(name << ", " << players << " players, round " << round << ", step " << step);
            REQUIRE(broken == "");
            ++checked;
            for (int seat = 0; seat < players; ++seat) {
              engine.jump_ins(s, seat, jumps);
              with_jump_ins += !jumps.empty();
            }
          }
          if (s.over()) break;
          engine.legal_actions(s, legal);
          Action a = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
          if (a.kind() == ActionKind::play && rng.below(2)) a = a.with_last();
          if (!engine.apply(s, a)) engine.apply(s, a.with_last(false));
        }
      }
      positions += checked;
    }
  }
  CHECK(positions >= 400 * 2 * 3);
  CHECK(with_jump_ins > 300);      // the jump-in variants' positions reach jump_ins' listing
  CHECK(applied_at_once > 10000);  // the fast path took plain plays and draws
}

TEST_CASE("invariants hold after every action of random rounds: built-in variants 1, 3, 5...") {
  check_variants(0);
}

TEST_CASE("invariants hold after every action of random rounds: built-in variants 2, 4, 6...") {
  check_variants(1);
}

TEST_CASE("invariants hold in random rounds of every house rule at once") {
  // tests/variants/kitchen-sink.yaml: draw until playable (at most 3), a drawn card that must be
  // played, forced play, identical cards, deflection, jokers and no finishing on a special, on
  // one and two decks, jump-in with a card of the same rank, the call with the final card; run
  // as a built-in variant is.
  const std::string path = SWITCHCARDS_SOURCE_DIR "/tests/variants/kitchen-sink.yaml";
  const Totals t = run_variant(path);
  std::printf(
      "invariants: %-26s %6ld rounds, %6ld won, %3ld stalemates, %8ld actions, %6ld jump-ins, "
      "%5ld final calls missed\n",
      "kitchen-sink", t.rounds, t.won, t.stalemates, t.accepted, t.jump_ins, t.final_calls_missed);
  CHECK(t.broken == "");
  CHECK(t.jump_ins > 0);
  CHECK(t.final_calls_missed > 0);
  CHECK(t.rounds >= kRoundsPerVariant);
  CHECK(t.won + t.stalemates == t.rounds);
  CHECK(t.refused > 0);
  CHECK(t.replayed > 0);
}

TEST_CASE("invariants hold in random rounds of several cards a turn with every house rule") {
  // tests/variants/kitchen-sink-several.yaml: kitchen-sink.yaml without identical cards, with
  // play.several: both (runs turning the corner, every special counting, penalties answered
  // with several cards) and hand swaps.
  const std::string path = SWITCHCARDS_SOURCE_DIR "/tests/variants/kitchen-sink-several.yaml";
  const Totals t = run_variant(path);
  std::printf(
      "invariants: %-26s %6ld rounds, %6ld won, %3ld stalemates, %8ld actions, %6ld laid on an "
      "answer\n",
      "kitchen-sink-several", t.rounds, t.won, t.stalemates, t.accepted, t.answers_laid_on);
  CHECK(t.broken == "");
  CHECK(t.answers_laid_on > 0);
  CHECK(t.rounds >= kRoundsPerVariant);
  CHECK(t.won + t.stalemates == t.rounds);
  CHECK(t.refused > 0);
  CHECK(t.replayed > 0);
}

TEST_CASE("invariants hold in random rounds whose stacked penalties pass 8 bits") {
  // Regression: the pending draw was 8 bits and stopped at 255 (three 2s of 100 left 255).
  // Two decks of 2s worth 100 each, stacking without a cap, and 8s whose skips stack.
  const Variant variant = load_variant(
      "british", "{deck: {decks: 2}, specials: {draw-two: {draw: 100}, skip: {stack: 8}}}", "test");
  const Engine engine(variant), twin(variant);
  int past_255 = 0;
  for (int players : {2, 4}) {
    const testing::Census deck = testing::census(build_deck(variant.deck_for(players)));
    for (std::uint64_t game = 0; game < 60; ++game) {
      Pcg32 rng(game + 100 * static_cast<std::uint64_t>(players));
      const State s = engine.deal(players, game);
      const auto r = testing::play_checked(
          engine, s, twin, twin.deal(players, game), deck,
          [&](std::uint32_t bound) { return rng.below(bound); }, [] { return true; }, 50, nullptr);
      INFO("players " << players << ", game " << game);
      REQUIRE(r.broken.empty());
      past_255 += r.max_pending_draw > 255;
    }
  }
  CHECK(past_255 > 0);  // the test reached the range that used to saturate
}
