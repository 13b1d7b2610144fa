// Simulation: results independent of the thread count, shards adding up exactly to the
// unsharded run, per-game determinism, the statistics helpers, game records that replay.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <chrono>
#include <functional>
#include <sstream>

#include "agents/game_player.hpp"
#include "switchcards/agents/compare.hpp"
#include "switchcards/agents/simulate.hpp"
#include "switchcards/agents/simulation_results.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/standings.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

using namespace switchcards;

namespace {

// The leader by definition: the one seat with fewer cards than every other, or -1 on a tie.
int strict_leader(const State& s) {
  int best = 1 << 30, who = -1, at_best = 0;
  for (int seat = 0; seat < s.players(); ++seat) {
    const int n = s.hands[seat].size();
    if (n < best)
      best = n, who = seat, at_best = 1;
    else if (n == best)
      ++at_best;
  }
  return at_best == 1 ? who : -1;
}

SimulationConfig study(int players, std::uint64_t games, std::vector<std::string> agents) {
  SimulationConfig c;
  c.players = players;
  c.games = games;
  c.agents = std::move(agents);
  c.seed = 2024;
  return c;
}

}  // namespace

TEST_CASE("simulation results do not depend on the number of threads") {
  const Variant british = load_variant("british");
  SimulationConfig c = study(4, 300, {"random", "heuristic", "greedy"});
  const SimulationResult one = simulate(british, c);
  c.threads = 2;
  const SimulationResult two = simulate(british, c);
  c.threads = 3;
  const SimulationResult three = simulate(british, c);
  CHECK(one.stats == two.stats);
  CHECK(one.stats == three.stats);
  CHECK(one.stats.games == 300);
  CHECK(one.stats.rounds == 300);
  std::uint64_t wins = 0;
  for (auto w : one.stats.wins) wins += w;
  CHECK(wins + one.stats.stalemates == 300);
  CHECK(one.stats.decisions > 300 * 10);
}

TEST_CASE("a progress callback that throws stops the study, and simulate rethrows it") {
  // The Python bindings stop a study on Ctrl-C this way: the workers are stopped and joined
  // (a running thread left behind would terminate the program), and the error comes out.
  const Variant british = load_variant("british");
  struct Stop {};
  int calls = 0;
  CHECK_THROWS_AS(simulate(british, study(4, 1'000'000'000, {"eager"}),
                           [&](std::uint64_t, std::uint64_t) {
                             ++calls;
                             throw Stop{};
                           }),
                  Stop);
  CHECK(calls == 1);
}

TEST_CASE("a study being stopped stops its searches, so the games under way end in moments") {
  // QA: Python's Ctrl-C during a study of ismcts:60s bots waited for the game under way to be
  // played out, each of its decisions a minute's search. The third call of the progress
  // callback (about 200 ms in) comes during the first game's first search.
  const Variant british = load_variant("british");
  struct Stop {};
  const auto stopped_after = [](const std::function<void(const SimulationProgress&)>& study) {
    int calls = 0;
    const auto start = std::chrono::steady_clock::now();
    CHECK_THROWS_AS(study([&](std::uint64_t, std::uint64_t) {
                      if (++calls == 3) throw Stop{};
                    }),
                    Stop);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const SimulationConfig searching = study(2, 4, {"ismcts:60s"});
  CHECK(stopped_after([&](const SimulationProgress& p) { (void)simulate(british, searching, p); }) <
        30);
  // A paired comparison plays its games the same way.
  CHECK(stopped_after([&](const SimulationProgress& p) {
          (void)compare(british, british, searching, "british", "", "british", "", p);
        }) < 30);
}

TEST_CASE("shards add up to exactly the unsharded study") {
  const Variant balkan = load_variant("balkan");
  SimulationConfig c = study(4, 201, {"heuristic", "random"});
  const SimulationResult whole = simulate(balkan, c);
  for (int shards : {2, 3}) {
    SimulationStats sum;
    std::uint64_t expected_first = 0;
    for (int k = 1; k <= shards; ++k) {
      c.shard = k;
      c.shards = shards;
      const SimulationResult part = simulate(balkan, c);
      CHECK(part.first_game == expected_first);
      expected_first = part.end_game;
      sum.add(part.stats);
    }
    CHECK(expected_first == 201);
    CHECK(sum == whole.stats);
  }
}

TEST_CASE("each game of a study can be played alone with the same result") {
  const Variant app = load_variant("mobile-app");
  const SimulationConfig c = study(3, 40, {"greedy", "heuristic:0.5", "random"});
  SimulationStats sum;
  sum.wins.assign(3, 0);
  sum.losses.assign(3, 0);
  for (std::uint64_t g = 0; g < c.games; ++g) sum.add(simulate_game(app, c, g));
  CHECK(sum == simulate(app, c).stats);
}

TEST_CASE("special effects and last-card events are counted") {
  const SimulationResult r = simulate(load_variant("british"), study(4, 200, {"heuristic"}));
  const auto count = [&](EventKind k) { return r.stats.events[static_cast<int>(k)]; };
  CHECK(count(EventKind::penalty_pending) > 0);
  CHECK(count(EventKind::seat_skipped) > 0);
  CHECK(count(EventKind::direction_reversed) > 0);
  CHECK(count(EventKind::penalty_cancelled) > 0);
  CHECK(count(EventKind::last_card_missed) > 0);
  CHECK(count(EventKind::last_card_caught) > 0);
  CHECK(count(EventKind::round_over) == 200);
  CHECK(count(EventKind::card_played) > 200);  // the turned-up first cards count too
}

TEST_CASE("round-length percentiles come from the exact histogram") {
  SimulationStats s;
  s.round_lengths = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5,
                     0, 3, 0, 0, 0, 0, 0, 0, 0, 2};  // 10x5 12x3 20x2
  CHECK(s.mean_round_length() == Approx((50.0 + 36 + 40) / 10));
  CHECK(s.round_length_percentile(0.5) == 10);
  CHECK(s.round_length_percentile(0.51) == 12);
  CHECK(s.round_length_percentile(0.8) == 12);
  CHECK(s.round_length_percentile(0.9) == 20);
  CHECK(s.round_length_percentile(0.99) == 20);
  CHECK(s.longest_round() == 20);
}

TEST_CASE("Wilson intervals") {
  const Interval half = wilson_interval(50, 100);
  CHECK(half.low == Approx(0.4038).epsilon(1e-3));
  CHECK(half.high == Approx(0.5962).epsilon(1e-3));
  const Interval none = wilson_interval(0, 10);
  CHECK(none.low == 0.0);
  CHECK(none.high == Approx(0.2775).epsilon(1e-3));
  CHECK(wilson_interval(0, 0).high == 1.0);
}

TEST_CASE("per-agent summaries add the seats each agent held") {
  SimulationConfig c = study(4, 100, {"random", "heuristic"});
  SimulationStats s;
  s.games = 100;
  s.wins = {10, 40, 12, 38};
  const auto agents = summarize_agents(c, s);
  REQUIRE(agents.size() == 2);
  CHECK(agents[0].agent == "random");
  CHECK(agents[0].seats == 2);
  CHECK(agents[0].wins == 22);
  CHECK(agents[0].trials == 200);
  CHECK(agents[1].rate == Approx(0.39));
}

TEST_CASE("simulation refuses bad configurations") {
  const Variant balkan = load_variant("balkan");
  CHECK_THROWS_AS(simulate(balkan, study(2, 10, {"random"})), std::invalid_argument);
  CHECK_THROWS_AS(simulate(balkan, study(4, 10, {"clever"})), std::invalid_argument);
  CHECK_THROWS_AS(simulate(balkan, study(4, 10, {"human"})), std::invalid_argument);
  // More agents than seats: the last would sit out without a word.
  CHECK_THROWS_WITH(simulate(balkan, study(3, 10, {"random", "eager", "greedy", "heuristic"})),
                    "simulate: 4 agents for 3 seats: name one agent a seat, or fewer, which are "
                    "repeated to fill the seats");
  CHECK_NOTHROW(simulate(balkan, study(3, 10, {"random", "eager", "greedy"})));
  // QA: no games gave results their own reader refuses; no seats was an agents' error.
  CHECK_THROWS_WITH(simulate(balkan, study(3, 0, {"random"})),
                    "simulate: games 0: a study plays at least 1 game");
  CHECK_THROWS_WITH(simulate(balkan, study(0, 10, {"random"})),
                    "balkan is for 3 to 5 players, not 0");
  SimulationConfig c = study(4, 10, {"random"});
  c.shard = 3;
  c.shards = 2;
  CHECK_THROWS_AS(simulate(balkan, c), std::invalid_argument);
  // QA: the library took a shard of no games and 5,000 threads, which the command line and
  // Python refuse: the limits are the library's, and the front ends word them.
  c.shard = 1;
  c.shards = 20;
  CHECK_THROWS_WITH(simulate(balkan, c),
                    "simulate: games 10 in 20 shards: every shard needs a game");
  c.shards = 10;
  CHECK_NOTHROW(simulate(balkan, c));
  c = study(4, 10, {"random"});
  for (const int threads : {0, SimulationConfig::kMaxThreads + 1}) {
    c.threads = threads;
    CHECK_THROWS_WITH(simulate(balkan, c),
                      "simulate: threads " + std::to_string(threads) + ": 1 to 1024");
  }
  c = study(4, 10, {"random"});
  c.kind = GameKind::match;
  for (const int rounds : {0, kMaxMatchRounds + 1}) {
    c.max_match_rounds = rounds;
    CHECK_THROWS_WITH(simulate(balkan, c),
                      "simulate: max_match_rounds " + std::to_string(rounds) + ": 1 to 1250");
  }
}

// QA: a validated variant whose formula scores at the clamp, in partnerships and over the
// longest fixed match, took totals past kMaxMatchTotal, and simulate stopped with after_round's
// overflow error. Every hand is clamped to kMaxHandScore, so these matches end normally: the
// fixed one after its 1000 rounds, the negative one (never reaching the elimination limit) at
// the longest round cap.
TEST_CASE("matches scoring at the hand-score clamp in every round never leave the totals' range",
          "[simulate][match]") {
  SimulationConfig c = study(4, 2, {"eager"});
  c.kind = GameKind::match;
  c.max_match_rounds = kMaxMatchRounds;
  const Variant fixed = load_variant(
      "british-partnerships",
      "scoring: {formula: \"1e12\"}\nmatch: {end: fixed_rounds, rounds: 1000}", "clamped-fixed");
  SimulationResult r = simulate(fixed, c);
  CHECK(r.stats.games == 2);
  CHECK(r.stats.unfinished == 0);
  CHECK(r.stats.rounds == 2000);
  const Variant negative =
      load_variant("british-partnerships", "scoring: {formula: \"-1e12\"}", "clamped-negative");
  r = simulate(negative, c);
  CHECK(r.stats.games == 2);
  CHECK(r.stats.unfinished == 2);
  CHECK(r.stats.rounds == 2 * static_cast<std::uint64_t>(kMaxMatchRounds));
}

TEST_CASE("recorded games replay, and a tampered record does not") {
  for (const char* name : {"british", "balkan", "mobile-app"}) {
    INFO(name);
    SimulationConfig c = study(3, 6, {"heuristic", "random"});
    c.record = 2;
    SimulationResult r = simulate(load_variant(name), c);
    REQUIRE(r.records.size() == 2);
    for (GameRecord& rec : r.records) rec.variant = name;

    std::ostringstream yaml;
    write_game_records(yaml, r.records);
    const std::vector<GameRecord> back = read_game_records_from_string(yaml.str());
    REQUIRE(back.size() == 2);
    for (const GameRecord& rec : back) {
      const ReplayResult replayed = replay_game(rec);
      CHECK(replayed.failure == "");
      CHECK(replayed.ok);
      CHECK(replayed.rounds == 1);
    }

    GameRecord bad = back[0];
    REQUIRE(bad.rounds[0].actions.size() > 3);
    bad.rounds[0].actions[2] = Action::pass(bad.rounds[0].actions[2].seat());
    const ReplayResult refused = replay_game(bad);
    CHECK_FALSE(refused.ok);
    CHECK(refused.failure.rfind("round 1, action 3", 0) == 0);

    bad = back[0];
    bad.rounds[0].winner = (bad.rounds[0].winner + 1) % 3;
    CHECK_FALSE(replay_game(bad).ok);
  }
}

TEST_CASE("matches: whole Balkan matches simulate, record and replay") {
  SimulationConfig c = study(3, 4, {"heuristic", "greedy", "random"});
  c.kind = GameKind::match;
  c.record = 1;
  const Variant balkan = load_variant("balkan");
  const SimulationResult one = simulate(balkan, c);
  c.threads = 2;
  CHECK(simulate(balkan, c).stats == one.stats);
  CHECK(one.stats.games == 4);
  CHECK(one.stats.rounds > 4);
  std::uint64_t wins = 0, losses = 0;
  for (auto w : one.stats.wins) wins += w;
  for (auto l : one.stats.losses) losses += l;
  CHECK(wins == 4);
  CHECK(losses == 4);
  REQUIRE(one.records.size() == 1);
  GameRecord rec = one.records[0];
  rec.variant = "balkan";
  CHECK(rec.match);
  CHECK(rec.match_winner >= 0);
  std::ostringstream yaml;
  write_game_record(yaml, rec);
  const ReplayResult replayed = replay_game(read_game_records_from_string(yaml.str()).at(0));
  CHECK(replayed.failure == "");
  CHECK(replayed.rounds == static_cast<int>(rec.rounds.size()));
}

// QA: a record whose variant name was not its embedded rules' replayed under the other name, a
// stalemate's winner read "-1", and a file holding an empty list of records passed.
TEST_CASE("replay checks its variant's name, and refuses a file of no records", "[records]") {
  SimulationConfig c = study(3, 1, {"heuristic"});
  c.record = 1;
  const SimulationResult sim = simulate(load_variant("british"), c);
  REQUIRE(sim.records.size() == 1);
  GameRecord rec = sim.records[0];
  rec.variant = "british";  // as the command line writes it
  rec.variant_text = resolved_variant_yaml("british", "");
  REQUIRE(!rec.match);
  REQUIRE(replay_game(rec).failure == "");
  GameRecord bad = rec;
  bad.variant = "balkan";
  CHECK(replay_game(bad).failure ==
        "variant: 'balkan', but its variant_text is the rules of 'british'");
  bad = rec;
  bad.variant = "house/british.yaml";  // a path names a file, whatever the rules' name
  CHECK(replay_game(bad).failure == "");
  bad = rec;
  bad.rounds[0].winner = -1;
  CHECK(replay_game(bad).failure ==
        "round 1: recorded winner null, replayed " + std::to_string(rec.rounds[0].winner));
  CHECK_THROWS_WITH(read_game_records_from_string("[]\n", "empty.yaml"),
                    "empty.yaml:1:1: a list of no game records: nothing to replay (a record, or "
                    "a list of them)");
}

TEST_CASE("replay finds every kind of tampering with a record, and says where") {
  // A recorded British elimination match of three seats (a seat goes out, so later rounds have
  // two), each copy changed in one place.
  SimulationConfig c = study(3, 1, {"heuristic", "greedy", "random"});
  c.kind = GameKind::match;
  c.record = 1;
  const SimulationResult sim = simulate(load_variant("british"), c);
  REQUIRE(sim.records.size() == 1);
  GameRecord rec = sim.records[0];
  rec.variant = "british";
  REQUIRE(replay_game(rec).failure == "");
  const std::size_t n = rec.rounds.size();
  REQUIRE(n >= 2);
  REQUIRE(rec.rounds[n - 1].seats.size() == 2);  // the last round has a seat out
  const auto failure = [](const GameRecord& r) {
    const ReplayResult res = replay_game(r);
    CHECK_FALSE(res.ok);
    return res.failure;
  };
  const auto starts = [](const std::string& text, const std::string& prefix) {
    INFO(text);
    CHECK(text.rfind(prefix, 0) == 0);
  };
  GameRecord bad = rec;
  bad.rounds[0].winner = (rec.rounds[0].winner + 1) % 3;
  starts(failure(bad), "round 1: recorded winner ");
  bad = rec;
  bad.rounds[0].scores[static_cast<std::size_t>((rec.rounds[0].winner + 1) % 3)] += 1;
  starts(failure(bad), "round 1: recorded scores ");
  bad = rec;
  bad.totals[0] += 1;
  starts(failure(bad), "match: recorded totals ");
  bad = rec;
  std::swap(bad.match_winner, bad.match_loser);
  starts(failure(bad), "match: recorded winner ");
  bad = rec;
  bad.rounds[0].actions[0] = Action::pass(rec.rounds[0].actions[0].seat());
  starts(failure(bad), "round 1, action 1 '");
  CHECK(failure(bad).find(": refused: ") != std::string::npos);
  bad = rec;
  bad.rounds[0].actions.push_back(Action::draw(0));
  starts(failure(bad), "round 1, action " + std::to_string(rec.rounds[0].actions.size() + 1));
  CHECK(failure(bad).find(": the round was already over") != std::string::npos);
  bad = rec;
  bad.rounds[0].actions.pop_back();
  starts(failure(bad), "round 1: the actions end before the round does");
  // A game saved in the middle of its last round (play --record, on quit) claims no winner and
  // no scores there, and a match only the totals before it: it replays, unfinished.
  GameRecord saved = rec;
  saved.rounds[n - 1].actions.pop_back();
  saved.rounds[n - 1].winner = -1;
  saved.rounds[n - 1].scores.clear();
  saved.match_winner = saved.match_loser = -1;
  saved.totals.clear();
  const ReplayResult unfinished = replay_game(saved);
  CHECK(unfinished.ok);
  CHECK(unfinished.unfinished);
  CHECK(unfinished.rounds == static_cast<int>(n) - 1);
  bad = saved;
  bad.totals.assign(static_cast<std::size_t>(rec.players), 7);
  starts(failure(bad), "match: recorded totals [7, ");
  CHECK(failure(bad).find("but the rounds before the unfinished one give") != std::string::npos);
  bad = saved;
  bad.rounds[n - 2].actions.pop_back();  // not the last round, though it claims nothing
  bad.rounds[n - 2].winner = -1;
  bad.rounds[n - 2].scores.clear();
  starts(failure(bad), "round " + std::to_string(n - 1) + ": the actions end before");
  bad = saved;
  bad.rounds[n - 1].scores = rec.rounds[n - 1].scores;  // claims scores
  starts(failure(bad), "round " + std::to_string(n) + ": the actions end before");
  bad = rec;
  bad.rounds[0].seed += 1;
  starts(failure(bad), "round 1: dealt by seat ");
  bad = rec;
  bad.rounds[n - 1].seats = {0, 1, 2};
  starts(failure(bad), "round " + std::to_string(n) + ": seats [0, 1, 2], but the seats still in");
  bad = rec;
  bad.rounds.push_back(rec.rounds[n - 1]);
  starts(failure(bad), "round " + std::to_string(n + 1) + ": the match was already over");
  // A single round, dealt as its record says.
  GameRecord round = rec;
  round.match = false;
  round.rounds = {rec.rounds[0]};
  round.totals.clear();
  REQUIRE(replay_game(round).failure == "");
  bad = round;
  bad.rounds[0].dealer = 5;
  starts(failure(bad), "round 1: the dealer 5 is not one of the seats [0, 1, 2]");
  // Seats a reader would refuse, in a record built in code: past the last, or twice.
  bad = round;
  bad.rounds[0].seats = {0, 1, 2, 3, 4, 5, 6, 7};
  starts(failure(bad), "round 1: seat 3 is not one of the 3 seats of the record");
  bad = round;
  bad.rounds[0].seats = {0, 1, 1};
  starts(failure(bad), "round 1: seat 1 is listed twice");
  bad = round;
  bad.rounds[0].seats = {2, 1, 0};
  starts(failure(bad), "round 1: seat 1 is listed after seat 2");
  // Only a match leaves seats out: a round alone of two of its three seats dealt a table it
  // was not (and of one seat, a table no variant has).
  bad = round;
  bad.rounds[0].seats = {0, 2};
  starts(failure(bad),
         "round 1: seats [0, 2], but a round that is no match's deals every seat of the record "
         "(0 to 2)");
}

TEST_CASE("a malformed game record is a LoadError with its position") {
  const char* text =
      "variant: british\nplayers: 2\nseed: 1\nrounds:\n  - seed: 5\n    dealer: 1\n"
      "    actions: [0 play 7H, 1 jump]\n";
  try {
    read_game_records_from_string(text, "bad.yaml");
    FAIL("no error");
  } catch (const LoadError& e) {
    CHECK(std::string(e.what()).find("bad.yaml:7:") == 0);
    CHECK(std::string(e.what()).find("unknown verb 'jump'") != std::string::npos);
  }
}

TEST_CASE("wins are counted by place from the first player to act and from the dealer") {
  // Regression: the report never said who acted first; with `first_dealer: lowest_cut` the
  // first player is random, so seat rates hid a first-player advantage.
  // In the order of play at the deal: an ace turned up under `first_card: apply` reverses it
  // (they were counted clockwise regardless).
  const Variant applied = load_variant("british", "deal: {first_card: apply}", "apply");
  for (const Variant& v : {load_variant("british"), load_variant("mau-mau"), applied}) {
    const Engine engine(v);
    SimulationConfig c;
    c.players = 4;
    c.agents = {"heuristic"};
    c.games = 120;
    c.threads = 2;
    const SimulationResult r = simulate(v, c);
    std::vector<std::uint64_t> from_first(4), from_dealer(4);
    std::uint64_t won = 0, counterclockwise = 0;
    // Steps from `from` to `seat` in the deal's order of play.
    const auto steps = [](const State& dealt, int from, int seat) {
      int k = 0;
      while (dealt.seats.after(from, k) != seat) ++k;
      return static_cast<std::size_t>(k);
    };
    for (std::uint64_t g = 0; g < c.games; ++g) {
      GameRecord rec;
      simulate_game(v, c, g, &rec);
      const RecordedRound& round = rec.rounds.at(0);
      const State dealt = engine.deal(4, round.seed, round.dealer);
      counterclockwise += dealt.seats.direction() == Direction::counterclockwise;
      if (round.winner < 0) continue;
      ++from_first[steps(dealt, dealt.turn, round.winner)];
      ++from_dealer[steps(dealt, round.dealer, round.winner)];
      ++won;
    }
    INFO(v.name << ", " << counterclockwise << " games begun counterclockwise");
    if (&v == &applied) CHECK(counterclockwise > 0);
    CHECK(r.stats.wins_from_first == from_first);
    CHECK(r.stats.wins_from_dealer == from_dealer);
    std::uint64_t sum = 0;
    for (std::uint64_t w : r.stats.wins) sum += w;
    CHECK(sum == won);
  }
}

TEST_CASE("the first player's advantage is of the games someone won") {
  // Stalemates are nobody's: with uniform random bots about a quarter of British rounds reach
  // the turn limit, which made the first player look disadvantaged (W_0 / N - 1/n).
  SimulationConfig c;
  c.players = 4;
  c.agents = {"random"};
  c.games = 200;
  const SimulationResult r = simulate(load_variant("british"), c);
  REQUIRE(r.stats.stalemates > 10);
  std::uint64_t won = 0;
  for (std::uint64_t w : r.stats.wins_from_first) won += w;
  CHECK(won == r.stats.games - r.stats.stalemates);
  const Fairness f = fairness(r.stats);
  CHECK(f.won == won);
  CHECK(f.first_player_win_rate == Approx(double(r.stats.wins_from_first[0]) / 200));
  REQUIRE(f.first_player_share_of_won);
  CHECK(*f.first_player_share_of_won == Approx(double(r.stats.wins_from_first[0]) / double(won)));
  REQUIRE(f.first_player_advantage);
  CHECK(*f.first_player_advantage == Approx(*f.first_player_share_of_won - 0.25));
  // No game won: no share, no advantage, null in the JSON; no mid-round leader rate either.
  c.games = 20;
  const Variant stalls = load_variant("british", "round: {turn_limit: 3}", "stalls");
  const SimulationResult none = simulate(stalls, c);
  REQUIRE(none.stats.stalemates == 20);
  CHECK_FALSE(fairness(none.stats).first_player_advantage);
  const std::string json = to_json(shard_results(none, "british", "round: {turn_limit: 3}", "t"));
  CHECK(json.find("\"first_player_advantage\": null") != std::string::npos);
  CHECK(json.find("\"mid_leader_win_rate\": null") != std::string::npos);
  // ... and no interval of it: null, not [0, 1] (an interval claimed for no rounds).
  const auto j = nlohmann::json::parse(json);
  REQUIRE(j["lead"]["mid_leader_rounds"] == 0);
  CHECK(j["lead"]["ci95"].is_null());
}

TEST_CASE("record_variant uses the embedded text, with the rules of an older record merged on") {
  // Regression: with `rules` set, the embedded text was ignored and the variant loaded again
  // by name or path (which fails where the file is not).
  GameRecord old;
  old.variant = "gone/house.yaml";  // no such file here
  old.variant_text = "extends: british\nname: house\nlast_card: {penalty: 3}\n";
  old.rules = "{last_card: {miss_turn: true}}";
  const Variant v = record_variant(old);
  CHECK(v.name == "house");
  CHECK(v.last_card.penalty == 3);
  CHECK(v.last_card.miss_turn);

  // A record written now: the resolved text alone, no extends.
  GameRecord now;
  now.variant = "british";
  now.variant_text = resolved_variant_yaml("british", "{last_card: {penalty: 4}}");
  CHECK(now.variant_text.find("extends") == std::string::npos);
  const Variant w = record_variant(now);
  Variant expected = load_variant("british", "{last_card: {penalty: 4}}", "--rules");
  expected.source = w.source;
  CHECK(w == expected);
}

TEST_CASE(
    "every variant resolves to one document whose records replay, keys without effect "
    "left out") {
  // QA: crazy-eights-swaps (enforce: none over British's late_call: true) and any --rules that
  // turned a rule off could not be recorded: in the merged text the base's key sat beside the
  // switch that turned it off, and the loader refused it there.
  std::vector<std::pair<std::string, std::string>> cases;
  for (const std::string& name : builtin_variant_names()) cases.emplace_back(name, "");
  for (const char* rules : {"{last_card: {enforce: none}}", "{last_card: {enforce: next_turn}}",
                            "{match: {end: single_round}}", "{identical: {enabled: false}}"})
    cases.emplace_back("british", rules);
  cases.emplace_back("balkan", "{identical: {enabled: false}}");
  for (const auto& [name, rules] : cases) {
    INFO(name << " " << rules);
    const std::string text = resolved_variant_yaml(name, rules);
    CHECK(text.find("extends") == std::string::npos);
    Variant expected = rules.empty() ? load_variant(name) : load_variant(name, rules, "--rules");
    Variant again = load_variant_from_string(text, name);
    again.source = expected.source;
    CHECK(again == expected);
    SimulationConfig c = study(std::max(2, expected.deal.min_players), 1, {"heuristic"});
    c.record = 1;
    GameRecord record = simulate(expected, c).records.at(0);
    record.variant = name;
    record.variant_text = text;
    record.rules = rules;
    std::ostringstream written;
    write_game_record(written, record);
    CHECK(replay_game(read_game_records_from_string(written.str()).at(0)).failure == "");
  }
  // The key without effect is dropped: its field holds the default, as in a file without it.
  const Variant off = load_variant("british", "{last_card: {enforce: next_turn}}", "--rules");
  CHECK_FALSE(off.last_card.late_call);
  CHECK(resolved_variant_yaml("british", "{last_card: {enforce: none}}").find("late_call") ==
        std::string::npos);

  // A record in the form written before keys without effect were refused (the base's
  // late_call beside enforce: none in one document) still replays, to the same variant.
  GameRecord older;
  older.variant = "crazy-eights-swaps";
  older.variant_text = resolved_variant_yaml("crazy-eights-swaps");
  const std::size_t at = older.variant_text.find("enforce: none");
  REQUIRE(at != std::string::npos);
  older.variant_text.insert(at + std::string_view("enforce: none").size(), ", late_call: true");
  CHECK_THROWS_AS(load_variant_from_string(older.variant_text, "older"), LoadError);
  Variant from_older = record_variant(older);
  Variant swaps = load_variant("crazy-eights-swaps");
  from_older.source = swaps.source;
  CHECK(from_older == swaps);
}

// The lead (docs/studies.md) as the definition says, from every position of the round, against
// the incremental LeadTracker that simulations run on every action.
TEST_CASE("the incremental lead tracker agrees with the definition on every action") {
  for (const char* name : {"british", "balkan", "mobile-app", "crazy-eights", "british-jokers",
                           "crazy-eights-swaps"}) {
    const Variant v = load_variant(name);
    const Engine engine(v);
    for (int players : {2, 3, 5}) {
      if (players < v.deal.min_players || players > v.deal.max_players) continue;
      for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        State s = engine.deal(players, seed);
        std::vector<int> leaders{strict_leader(s)};
        detail::LeadTracker tracker(v);
        tracker.start(s);
        Pcg32 rng(seed);
        ActionList legal;
        while (!s.over()) {
          engine.legal_actions(s, legal);
          const Action a =
              legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
          REQUIRE(engine.apply(s, a));
          tracker.after(s, a.seat());
          leaders.push_back(strict_leader(s));
        }
        std::uint64_t changes = 0;
        int last = -1;
        for (int l : leaders) {
          if (l < 0) continue;
          changes += last >= 0 && l != last;
          last = l;
        }
        INFO(name << " " << players << " players, seed " << seed);
        CHECK(tracker.changes() == changes);
        CHECK(tracker.at_middle() == leaders[(leaders.size() - 1) / 2]);
      }
    }
  }
}

TEST_CASE("a study's penalty cards, lead changes and mid-round leaders add up from its games") {
  // Each of these sums is counted on the fly from the events; here it is counted again from the
  // recorded games, replayed with their events, by its definition.
  const Variant v = load_variant("british");
  const Engine engine(v);
  SimulationConfig c = study(4, 60, {"heuristic", "random"});
  const SimulationResult r = simulate(v, c);
  std::uint64_t penalty_cards = 0, lead_changes = 0, mid_rounds = 0, mid_wins = 0;
  for (std::uint64_t g = 0; g < c.games; ++g) {
    GameRecord rec;
    simulate_game(v, c, g, &rec);
    const RecordedRound& round = rec.rounds.at(0);
    EventBuffer events;
    State s = engine.deal(4, round.seed, round.dealer, &events);
    const auto count_penalties = [&] {
      for (const Event& e : events.span())
        if (e.kind == EventKind::penalty_paid || e.kind == EventKind::last_card_penalty)
          penalty_cards += e.count;
    };
    count_penalties();
    std::vector<int> leaders{strict_leader(s)};
    for (const Action a : round.actions) {
      events.clear();
      REQUIRE(engine.apply(s, a, &events));
      count_penalties();
      leaders.push_back(strict_leader(s));
    }
    REQUIRE(s.over());
    int last = -1;
    for (const int l : leaders) {
      if (l < 0) continue;
      lead_changes += last >= 0 && l != last;
      last = l;
    }
    const int middle = leaders[(leaders.size() - 1) / 2];
    if (s.winner >= 0 && middle >= 0) {
      ++mid_rounds;
      mid_wins += middle == s.winner;
    }
  }
  CHECK(penalty_cards > 0);
  CHECK(r.stats.penalty_cards == penalty_cards);
  CHECK(r.stats.lead_changes == lead_changes);
  CHECK(r.stats.mid_leader_rounds == mid_rounds);
  CHECK(r.stats.mid_leader_wins == mid_wins);
  CHECK(mid_wins > 0);
  CHECK(mid_wins < mid_rounds);  // a leader at mid-round does not always win
}

TEST_CASE("a study counts its stalemates and the matches its round cap stopped") {
  const Variant v = load_variant("british");
  const Engine engine(v);
  // Uniform random play reaches British's turn limit in about a quarter of its rounds.
  SimulationConfig c = study(3, 40, {"random"});
  const SimulationResult r = simulate(v, c);
  std::uint64_t stalemates = 0;
  for (std::uint64_t g = 0; g < c.games; ++g) {
    GameRecord rec;
    simulate_game(v, c, g, &rec);
    const RecordedRound& round = rec.rounds.at(0);
    State s = engine.deal(3, round.seed, round.dealer);
    for (const Action a : round.actions) REQUIRE(engine.apply(s, a));
    REQUIRE(s.over());
    stalemates += s.stalemate;
  }
  CHECK(stalemates > 0);
  CHECK(r.stats.stalemates == stalemates);
  // Matches capped at one round: unfinished unless that round ended the match.
  SimulationConfig m = study(3, 20, {"heuristic"});
  m.kind = GameKind::match;
  m.max_match_rounds = 1;
  const SimulationResult capped = simulate(v, m);
  std::uint64_t unfinished = 0;
  for (std::uint64_t g = 0; g < m.games; ++g) {
    GameRecord rec;
    simulate_game(v, m, g, &rec);
    REQUIRE(rec.rounds.size() == 1);
    const Standings after =
        after_round(v.match, Standings::start(3), rec.rounds[0].scores, rec.rounds[0].winner);
    unfinished += !after.over;
  }
  CHECK(unfinished > 0);
  CHECK(capped.stats.unfinished == unfinished);
}

// Regression: replay ended any match whose record claimed a winner "as it stood", so a match
// record cut after its first round (or with no rounds) and given a made-up result replayed OK.
// Only a round cap ends a match early, and the record now says so (round_cap).
TEST_CASE("replay takes a match result before the match's end only from a round cap") {
  // A low limit, so that some matches end within the cap and some do not.
  const std::string rules = "{match: {limit: 40}}";
  const Variant v = load_variant("british", rules, "rules");
  SimulationConfig m = study(3, 20, {"heuristic"});
  m.kind = GameKind::match;
  m.max_match_rounds = 2;
  GameRecord capped, whole;
  for (std::uint64_t g = 0; g < m.games && (capped.rounds.empty() || whole.rounds.empty()); ++g) {
    GameRecord rec;
    simulate_game(v, m, g, &rec);
    rec.variant = "british";  // simulate leaves the name to its caller (shard_results)
    rec.rules = rules;
    (rec.round_cap > 0 ? capped : whole) = rec;
  }
  REQUIRE_FALSE(whole.rounds.empty());
  REQUIRE(capped.round_cap == 2);
  REQUIRE(capped.rounds.size() == 2);
  REQUIRE(capped.match_winner >= 0);
  CHECK(whole.round_cap == 0);  // ended by its rules within the cap
  CHECK(replay_game(capped).failure == "");
  // The cap goes through both forms.
  std::ostringstream yaml;
  write_game_record(yaml, capped);
  CHECK(yaml.str().find("round_cap: 2") != std::string::npos);
  CHECK(read_game_records_from_string(yaml.str()).at(0).round_cap == 2);
  CHECK(record_from_json(to_json(capped)).round_cap == 2);
  CHECK(replay_game(read_game_records_from_string(yaml.str()).at(0)).failure == "");
  // Without it, the result claimed for a match that is not over is refused...
  GameRecord claimed = capped;
  claimed.round_cap = 0;
  CHECK(replay_game(claimed).failure ==
        "match: recorded winner " + std::to_string(capped.match_winner) + " and loser " +
            std::to_string(capped.match_loser) + ", but the match is not over after 2 rounds");
  // ...as is a record cut short of its cap, or a cap the rules had beaten.
  GameRecord cut = capped;
  cut.rounds.pop_back();
  CHECK(replay_game(cut).failure ==
        "match: stopped at a round cap of 2, but the record stops after 1 round");
  GameRecord ended = whole;
  ended.round_cap = static_cast<int>(whole.rounds.size());
  CHECK(replay_game(ended).failure.find(", but its rules ended it after ") != std::string::npos);
  // A record that stops between rounds and claims nothing is an unfinished match.
  GameRecord open = capped;
  open.round_cap = 0;
  open.match_winner = open.match_loser = -1;
  open.totals.clear();
  const ReplayResult r = replay_game(open);
  CHECK(r.failure == "");
  CHECK(r.ok);
}

// Regression: the winner's margin took the runner-up as the best other seat, which with
// partnerships is the winner's partner (the same total): the margin was always 0.
TEST_CASE("a partnership match's margin is the best other team's total minus the winner's") {
  const Variant v = load_variant("british-partnerships");
  SimulationConfig m = study(4, 6, {"heuristic"});
  m.kind = GameKind::match;
  const std::vector<int> team = v.teams.team_of_seats(4);
  REQUIRE(team.size() == 4);
  const Engine engine(v);
  SimulationStats stats;
  detail::GamePlayer player(v, engine, m, stats);
  for (std::uint64_t g = 0; g < m.games; ++g) {
    GameRecord rec;
    const detail::GameOutcome out = player.play(g, &rec);
    REQUIRE(out.winner >= 0);
    int best_rival = -1;
    for (int seat = 0; seat < 4; ++seat)
      if (team[seat] != team[out.winner] && (best_rival < 0 || rec.totals[seat] < best_rival))
        best_rival = rec.totals[seat];
    CHECK(out.margin == best_rival - rec.totals[out.winner]);
    CHECK(out.margin > 0);
  }
}

TEST_CASE("a game's special effects are the effects its special cards fired") {
  // GameOutcome::specials (compare's "specials" measure): one effect event per special card
  // played, counted again here from the replayed game's events.
  const Variant v = load_variant("crazy-eights");  // 8s name a suit, As reverse, 2s attack
  const Engine engine(v);
  const SimulationConfig c = study(4, 30, {"heuristic"});
  SimulationStats stats;
  detail::GamePlayer player(v, engine, c, stats);
  std::uint64_t named = 0;
  for (std::uint64_t g = 0; g < c.games; ++g) {
    GameRecord rec;
    const detail::GameOutcome out = player.play(g, &rec);
    const RecordedRound& round = rec.rounds.at(0);
    EventBuffer events;
    State s = engine.deal(4, round.seed, round.dealer, &events);
    std::uint64_t effects = 0;
    const auto count = [&] {
      for (const Event& e : events.span()) {
        switch (e.kind) {
          case EventKind::penalty_pending:
          case EventKind::direction_reversed:
          case EventKind::play_again:
          case EventKind::back_to_previous:
          case EventKind::suit_named:
          case EventKind::demand_set:
          case EventKind::penalty_cancelled:
            ++effects;
            named += e.kind == EventKind::suit_named;
            break;
          default:
            break;
        }
      }
    };
    count();
    for (const Action a : round.actions) {
      events.clear();
      REQUIRE(engine.apply(s, a, &events));
      count();
    }
    INFO("game " << g);
    CHECK(out.specials == effects);
  }
  CHECK(named > 0);
}
