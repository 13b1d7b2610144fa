// MatchDriver: the rounds of a match without players (engine/match_driver.hpp): round k is
// dealt from round_seed(seed, k) to the seats still in, by the rotating dealer, and its scores
// go back to match seats; Match, replays and simulations deal through it, so a Match's
// history, its action hook and a replayed record all agree with the driver.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "switchcards/agents/forwarding_agent.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/match.hpp"
#include "switchcards/agents/simulate.hpp"
#include "switchcards/engine/match_driver.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

using namespace switchcards;

namespace {

// Plays `state` to its end with the first legal action each time.
void play_first_legal(const Engine& engine, State& state) {
  ActionList legal;
  while (!state.over()) {
    engine.legal_actions(state, legal);
    REQUIRE(engine.apply(state, legal[0]));
  }
}

// Deals the driver's next round, plays it with the first legal action and finishes it.
void play_next_round(MatchDriver& driver, const Engine& engine) {
  const RoundDeal deal = driver.next_round();
  State state = deal.deal(engine);
  play_first_legal(engine, state);
  driver.finish_round(deal, state);
}

// Counts the views it is asked with that show every hand.
class RevealCounter final : public ForwardingAgent {
 public:
  using ForwardingAgent::ForwardingAgent;
  Action choose(const PlayerView& view, std::span<const Action> legal) override {
    ++(view.revealed() ? revealed : hidden);
    return ForwardingAgent::choose(view, legal);
  }
  int revealed = 0, hidden = 0;
};

}  // namespace

TEST_CASE("MatchDriver: seeds, dealers and seats of each round", "[match][driver]") {
  const Variant v = load_variant("british", "match: {end: elimination, limit: 40}", "house");
  const Engine engine(v);
  MatchDriver driver(v, 4, 99);
  const RoundDeal first = driver.next_round();
  CHECK(first.round == 0);
  CHECK(first.seed == round_seed(99, 0));
  CHECK(first.dealer == first_dealer(v, 4, 99));
  CHECK(first.seats == std::vector<int>{0, 1, 2, 3});
  CHECK(first.agent_seed(2) == derive_seed(first.seed, 3));
  // first_round is the first round of a fresh match, without the standings.
  const RoundDeal alone = first_round(engine, 4, 99);
  CHECK(alone.seed == first.seed);
  CHECK(alone.dealer == first.dealer);
  CHECK(alone.round_dealer == first.round_dealer);
  CHECK(alone.seats == first.seats);

  int rounds = 0;
  while (!driver.over()) {
    const RoundDeal deal = driver.next_round();
    CHECK(deal.round == rounds);
    CHECK(deal.seed == round_seed(99, rounds));
    CHECK(deal.seats == driver.standings().active_seats());
    CHECK(deal.seats[static_cast<std::size_t>(deal.round_dealer)] == deal.dealer);
    for (int seat = 0; seat < 4; ++seat)
      CHECK(deal.round_seat(seat) == (driver.standings().is_in(seat) ? deal.round_seat(seat) : -1));
    State state = deal.deal(engine);
    CHECK(state.players() == deal.players());
    CHECK_THROWS_AS(driver.finish_round(deal, state), std::logic_error);  // not over yet
    play_first_legal(engine, state);
    const std::vector<int> scores = driver.match_scores(deal, state);
    const int dealer = deal.dealer;
    const RoundRecord rec = driver.finish_round(deal, state);
    CHECK(rec.scores == scores);
    CHECK(rec.winner ==
          (state.winner >= 0 ? deal.seats[static_cast<std::size_t>(state.winner)] : -1));
    for (int seat = 0; seat < 4; ++seat)
      if (deal.round_seat(seat) < 0) CHECK(rec.scores[static_cast<std::size_t>(seat)] == 0);
    CHECK(driver.standings().rounds == rounds + 1);
    if (!driver.over()) CHECK(driver.dealer() == next_dealer(driver.standings(), dealer));
    // The same round cannot be added twice.
    CHECK_THROWS_AS(driver.finish_round(deal, state), std::logic_error);
    ++rounds;
  }
  CHECK(rounds > 1);
  CHECK_THROWS_AS(driver.next_round(), std::logic_error);
}

TEST_CASE("MatchDriver: bad set-ups and the round cap", "[match][driver]") {
  const Variant balkan = load_variant("balkan");  // 3 to 5 players
  CHECK_THROWS_AS(MatchDriver(balkan, 2, 1), std::invalid_argument);
  MatchStart start;
  start.first_dealer = 7;
  CHECK_THROWS_AS(MatchDriver(balkan, 3, 1, start), std::invalid_argument);
  start = {};
  start.start_totals = {1, 2};
  CHECK_THROWS_AS(MatchDriver(balkan, 3, 1, start), std::invalid_argument);
  start = {};
  start.max_rounds = 1;
  MatchDriver driver(balkan, 3, 5, start);
  play_next_round(driver, Engine(balkan));
  CHECK(driver.over());
  CHECK(driver.stopped_at_round_limit());
}

// QA: max_rounds 0 or -5 played one round, and first_dealer -2 was taken as -1 (the variant's
// first dealer); only -1 means that.
TEST_CASE("MatchDriver: max_rounds below 1 and a first_dealer below -1 are refused",
          "[match][driver]") {
  const Variant balkan = load_variant("balkan");  // 3 to 5 players
  const auto refusal = [&](const MatchStart& start) -> std::string {
    try {
      MatchDriver(balkan, 3, 1, start);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  };
  for (const int rounds : {0, -5}) {
    MatchStart start;
    start.max_rounds = rounds;
    CHECK(refusal(start) == "max_rounds " + std::to_string(rounds) +
                                ": a match plays at least 1 round (a value above 1250 counts "
                                "as 1250)");
  }
  for (const int dealer : {-2, 3}) {
    MatchStart start;
    start.first_dealer = dealer;
    CHECK(refusal(start) == "first_dealer " + std::to_string(dealer) +
                                " is not a seat of 3 (0 to 2, or -1 for the variant's "
                                "match.first_dealer)");
  }
  MatchStart fine;
  fine.max_rounds = 1;
  fine.first_dealer = 2;
  CHECK(refusal(fine) == "");
  fine.first_dealer = -1;
  fine.max_rounds = std::numeric_limits<int>::max();  // counts as kMaxMatchRounds
  CHECK(refusal(fine) == "");
}

// QA: start totals of INT_MAX - 5 on balkan overflowed an int in the first round (the header
// promised std::invalid_argument for bad start totals); British standings with three of four
// seats out but not over dealt a round to one seat, and a seat in play on 500 points (British
// eliminates at 100) went on to win on 1114.
TEST_CASE("MatchDriver: start totals and resumed standings a match cannot have are refused",
          "[match][driver]") {
  const auto refusal = [](const Variant& v, int players, const MatchStart& start) -> std::string {
    try {
      MatchDriver(v, players, 1, start);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  };
  const Variant balkan = load_variant("balkan");
  MatchStart start;
  start.start_totals = {2147483642, 0, 0};
  CHECK(refusal(balkan, 3, start) ==
        "start_totals: the start total of seat 0, 2147483642, is outside -1000000000 to "
        "1000000000");
  std::vector<std::unique_ptr<Agent>> agents;
  for (int i = 0; i < 3; ++i) agents.push_back(make_agent("heuristic", 0));
  MatchOptions options;
  options.start_totals = start.start_totals;
  CHECK_THROWS_AS(Match(balkan, {agents[0].get(), agents[1].get(), agents[2].get()}, 1, options),
                  std::invalid_argument);
  start = {};
  Standings endless = Standings::start(3);
  endless.rounds = std::numeric_limits<int>::max();
  start.resume = endless;
  CHECK(refusal(balkan, 3, start) ==
        "resume: rounds 2147483647 is outside 0 to 1250 (under the match rules of balkan)");
  // QA: a match resumed at its round cap played a whole round before after_round refused it.
  Standings capped = Standings::start(3);
  capped.rounds = 1000;
  start.resume = capped;
  CHECK(refusal(balkan, 3, start) ==
        "resume: 1000 rounds played, and a match of at most 1000 rounds (max_rounds, or "
        "kMaxMatchRounds) stops there: that match is over");
  capped.rounds = 999;
  start.resume = capped;
  CHECK(refusal(balkan, 3, start) == "");

  const Variant british = load_variant("british");  // eliminates at 100
  const auto resumed = [&](const std::string& totals, const std::string& out,
                           const std::string& first_at_limit) {
    MatchStart s;
    s.resume = standings_from_json(
        R"({"format":"switchcards.standings","version":1,"totals":)" + totals + R"(,"out":)" + out +
        R"(,"last_round":[0,0,0,0],"rounds":0,"last_round_winner":null,)" +
        R"("over":false,"winner":null,"loser":null,"first_at_limit":)" + first_at_limit +
        R"(,"first_at_hard_limit":null})");
    return refusal(british, 4, s);
  };
  CHECK(resumed("[0,0,0,0]", "[false,true,true,true]", "1") ==
        "resume: seat 1 is out with 0 points, below the elimination limit 100 (under the match "
        "rules of british)");
  CHECK(resumed("[0,100,120,100]", "[false,true,true,true]", "2") ==
        "resume: only seat 0 is in play, but the match is not over: a round needs two players "
        "(under the match rules of british)");
  CHECK(resumed("[500,8,0,9]", "[false,false,false,false]", "null") ==
        "resume: seat 0 is in play with 500 points, at or past the elimination limit 100 (under "
        "the match rules of british)");
  CHECK(resumed("[500,8,0,9]", "[true,false,false,false]", "0") == "");
  start = {};
  start.start_totals = {10, 100, 120, 150};
  CHECK(refusal(british, 4, start) ==
        "start_totals [10, 100, 120, 150]: only seat 0 is in play, but the match is not over: a "
        "round needs two players (under the match rules of british)");
  start.start_totals = {10, 100, 20, 150};
  CHECK(refusal(british, 4, start) == "");

  // No match goes past kMaxMatchRounds rounds: it stops there as at any round cap.
  const Variant endless_rules =
      load_variant("british", "match: {end: elimination, limit: 1000000}", "house");
  start = {};
  start.max_rounds = std::numeric_limits<int>::max();
  Standings late = Standings::start(3);
  late.rounds = kMaxMatchRounds - 1;
  start.resume = late;
  MatchDriver driver(endless_rules, 3, 5, start);
  play_next_round(driver, Engine(endless_rules));
  CHECK(driver.standings().rounds == kMaxMatchRounds);
  CHECK(driver.over());
  CHECK(driver.stopped_at_round_limit());
}

TEST_CASE("Match deals through the driver, its hook sees every action, revealed is by match seat",
          "[match][driver]") {
  const Variant v = load_variant("mobile-app");
  std::vector<std::unique_ptr<RevealCounter>> owned;
  std::vector<Agent*> agents;
  for (int i = 0; i < 3; ++i) {
    owned.push_back(std::make_unique<RevealCounter>(make_agent("heuristic", 0)));
    agents.push_back(owned.back().get());
  }
  MatchOptions options;
  options.round.revealed = 0b100;  // match seat 2
  std::vector<std::vector<Action>> actions(1);
  int deals = 0;
  options.on_action = [&](const RoundDeal& deal, const State& state, const Action* a,
                          std::span<const Event> events) {
    CHECK_FALSE(events.empty());
    if (a == nullptr) {
      ++deals;
      CHECK(static_cast<int>(actions.size()) == deal.round + 1);
      CHECK(state.decisions == 0);
    } else {
      actions.back().push_back(*a);
    }
  };
  Match match(v, agents, 31, options);
  MatchDriver driver(v, 3, 31);
  match.set_observer([&](const MatchEvent& e) {
    if (e.kind == MatchEventKind::round_started) {
      const RoundDeal expected = driver.next_round();
      CHECK(e.deal->seed == expected.seed);
      CHECK(e.deal->dealer == expected.dealer);
      CHECK(e.deal->seats == expected.seats);
    } else if (e.kind == MatchEventKind::round_scored) {
      REQUIRE(e.state != nullptr);
      CHECK(e.state->over());
      CHECK(static_cast<int>(actions.back().size()) == static_cast<int>(e.state->decisions));
      driver.finish_round(*e.deal, *e.state);
      CHECK(driver.standings() == *e.standings);
      actions.emplace_back();
    }
  });
  match.play();
  CHECK(deals == match.standings().rounds);
  CHECK(driver.over());
  CHECK(owned[2]->hidden == 0);
  CHECK(owned[2]->revealed > 0);
  CHECK(owned[0]->revealed + owned[1]->revealed == 0);

  // The recorded match replays, and a round dealt from another seed is refused.
  GameRecord record;
  record.variant = "mobile-app";
  record.players = 3;
  record.seed = 31;
  record.match = true;
  for (const RoundRecord& rec : match.history()) {
    RecordedRound r;
    r.seed = rec.seed;
    r.dealer = rec.dealer;
    r.seats = rec.seats;
    r.actions = actions[static_cast<std::size_t>(rec.round)];
    r.winner = rec.winner;
    r.scores = rec.scores;
    record.rounds.push_back(r);
  }
  record.totals = match.standings().totals;
  record.match_winner = match.winner();
  record.match_loser = match.loser();
  const ReplayResult replayed = replay_game(record);
  CHECK(replayed.failure == "");
  CHECK(replayed.ok);
  record.rounds[0].seed += 1;
  const ReplayResult refused = replay_game(record);
  CHECK_FALSE(refused.ok);
  CHECK(refused.failure.rfind("round 1: dealt by seat", 0) == 0);
}

// QA: finish_round checked only the deal's round number. Seats past the table wrote out of
// bounds, reversed seats scored the wrong seats and a State of another seat count or dealer
// was scored, all without an error; a first_dealer out of the match was silently replaced; and
// resumed standings whose latest round's winner scored points, or sat out, were taken.
TEST_CASE("MatchDriver: only the deal next_round gives, and a State dealt from it, are scored",
          "[match][driver]") {
  const Variant british = load_variant("british");  // eliminates at 100
  const Engine engine(british);
  const auto refusal = [](auto&& attempt) -> std::string {
    try {
      attempt();
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  };
  MatchDriver driver(british, 4, 77);
  const RoundDeal deal = driver.next_round();
  State state = deal.deal(engine);
  play_first_legal(engine, state);
  const auto not_dealt = [&](const std::string& seats, std::uint64_t seed, int round_dealer = -1) {
    return fmt::format(
        "finish_round: round 1 of this match is dealt by seat {} (round seat {}) to seats "
        "[0, 1, 2, 3] from seed {}, not by seat {} (round seat {}) to seats [{}] from seed {}",
        deal.dealer, deal.round_dealer, deal.seed, deal.dealer,
        round_dealer < 0 ? deal.round_dealer : round_dealer, seats, seed);
  };
  RoundDeal wrong = deal;
  wrong.seats = {0, 1, 2, 1000000};
  CHECK(refusal([&] { driver.finish_round(wrong, state); }) ==
        not_dealt("0, 1, 2, 1000000", deal.seed));
  CHECK(refusal([&] { driver.match_scores(wrong, state); }) ==
        "match_scores: the deal's seats [0, 1, 2, 1000000] are not distinct seats of this match "
        "of 4");
  wrong.seats = {0, 1, 1, 3};
  CHECK(refusal([&] { driver.match_scores(wrong, state); }) ==
        "match_scores: the deal's seats [0, 1, 1, 3] are not distinct seats of this match of 4");
  wrong.seats = {3, 2, 1, 0};
  CHECK(refusal([&] { driver.finish_round(wrong, state); }) == not_dealt("3, 2, 1, 0", deal.seed));
  wrong = deal;
  wrong.seed = deal.seed + 1;
  CHECK(refusal([&] { driver.finish_round(wrong, state); }) ==
        not_dealt("0, 1, 2, 3", deal.seed + 1));
  // A deal that differs only in its dealer's round seat names both round seats.
  wrong = deal;
  wrong.round_dealer = (deal.round_dealer + 1) % 4;
  CHECK(refusal([&] { driver.finish_round(wrong, state); }) ==
        not_dealt("0, 1, 2, 3", deal.seed, wrong.round_dealer));

  State seven = engine.deal(7, deal.seed);
  play_first_legal(engine, seven);
  CHECK(refusal([&] { driver.finish_round(deal, seven); }) ==
        "finish_round: a State of 7 seats for a round dealt to 4");
  CHECK(refusal([&] { driver.match_scores(deal, seven); }) ==
        "match_scores: a State of 7 seats for a round dealt to 4");
  const int other_dealer = (deal.round_dealer + 1) % 4;
  State dealt_by_another = engine.deal(4, deal.seed, other_dealer);
  play_first_legal(engine, dealt_by_another);
  CHECK(refusal([&] { driver.finish_round(deal, dealt_by_another); }) ==
        fmt::format("finish_round: the State was dealt by round seat {}, not by the deal's {}",
                    other_dealer, deal.round_dealer));

  // Refused deals leave the match as it was.
  CHECK(driver.standings().rounds == 0);
  const RoundRecord done = driver.finish_round(deal, state);
  CHECK(done.scores == driver.match_scores(deal, state));
  CHECK(driver.standings().rounds == 1);

  // A first dealer named must be in the match; the variant's own rule passes the deal on.
  MatchStart start;
  start.start_totals = {100, 0, 0, 0};
  start.first_dealer = 0;
  CHECK(refusal([&] { MatchDriver(british, 4, 1, start); }) ==
        "first_dealer 0: that seat is out of the match (its total is 100), so it deals no more; "
        "name a seat still in, or -1 for the variant's match.first_dealer");
  start.first_dealer = 1;
  CHECK(MatchDriver(british, 4, 1, start).dealer() == 1);

  const auto resumed = [&](const std::string& out, const std::string& last_round, int winner) {
    MatchStart s;
    s.resume = standings_from_json(
        R"({"format":"switchcards.standings","version":1,"totals":[12,0,21,109],"out":)" + out +
        R"(,"last_round":)" + last_round + R"(,"rounds":2,"last_round_winner":)" +
        std::to_string(winner) + R"(,"over":false,"winner":null,"loser":null,"first_at_limit":3,)" +
        R"("first_at_hard_limit":null})");
    return refusal([&] { MatchDriver(british, 4, 1, s); });
  };
  const std::string out = "[false,false,false,true]";
  CHECK(resumed(out, "[12,0,21,109]", 1) == "");
  CHECK(resumed(out, "[12,0,21,109]", 2) ==
        "resume: last_round_winner is seat 2, but its latest round's score is 21: a round's "
        "winner emptied its hand and scores 0 (under the match rules of british)");
  CHECK(resumed(out, "[12,0,21,0]", 3) ==
        "resume: last_round_winner is seat 3, which is out: a seat that sits a round out does "
        "not win it (under the match rules of british)");
}
