// `switchcards play`: you (seat 0) against bots at the terminal — coloured cards, numbered
// moves, the last-card call, the other seats' moves as they happen (the rounds the human sits
// out too), round and match scores, partners under `teams:`; a --record game saved on quit,
// at the end of the input and on Ctrl-C.
// The match is a Match (agents/match.hpp): its observer prints the rounds, its action hook
// records the moves and checks a resumed game's saved moves as they are made again.
#include <fmt/core.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <vector>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "switchcards/agents/forwarding_agent.hpp"
#include "switchcards/agents/human_agent.hpp"
#include "switchcards/agents/make_agent.hpp"
#include "switchcards/agents/match.hpp"
#include "switchcards/core/card_format.hpp"
#include "switchcards/io/describe.hpp"
#include "switchcards/io/event_text.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

namespace switchcards::cli {

namespace {

constexpr int kMaxRounds = 1000;

// The human's seat while a saved game is resumed: it answers from the record, the turn's
// choices and the out-of-turn ones alike, until the record's actions run out, then passes every
// question to the person (the live agent it wraps). The bots play live all along and must make
// the recorded moves again, which play's action hook checks.
class ResumeScript final : public ForwardingAgent {
 public:
  // `script` points to the saved actions of the round being played (none: the person plays);
  // `next` counts the actions of the round applied so far. play's hooks move both on.
  ResumeScript(Agent& live, const std::vector<Action>* const& script, const std::size_t& next)
      : ForwardingAgent(live), script_(&script), next_(&next) {}
  Action choose(const PlayerView& view, std::span<const Action> legal) override {
    if (const Action* a = recorded()) return *a;
    return ForwardingAgent::choose(view, legal);
  }
  bool challenges(const PlayerView& view, int target) override {
    if (const Action* a = recorded())
      return a->kind() == ActionKind::challenge && a->seat() == view.seat() &&
             a->target() == target;
    return ForwardingAgent::challenges(view, target);
  }
  bool calls_late(const PlayerView& view) override {
    if (const Action* a = recorded())
      return a->kind() == ActionKind::call && a->seat() == view.seat();
    return ForwardingAgent::calls_late(view);
  }
  std::optional<Action> jumps_in(const PlayerView& view, std::span<const Action> jumps) override {
    if (const Action* a = recorded()) {
      if (a->kind() == ActionKind::play && a->seat() == view.seat()) return *a;
      return std::nullopt;
    }
    return ForwardingAgent::jumps_in(view, jumps);
  }

 private:
  const Action* recorded() const {
    const std::vector<Action>& actions = **script_;
    return *next_ < actions.size() ? &actions[*next_] : nullptr;
  }
  const std::vector<Action>* const* script_;
  const std::size_t* next_;
};

std::string hand_text(const Hand& hand, bool colour) {
  std::string out;
  hand.for_each([&](Card c) { out += " " + card_text(c, colour); });
  return out.empty() ? " (none)" : out;
}

// "you", "seat 2".
std::string seat_name(int seat) {
  return seat == 0 ? std::string("you") : fmt::format("seat {}", seat);
}

// Match seats as people say them: "you", "seat 2", "you and seat 2", "seats 1 and 3",
// "you, seat 1 and seat 3".
std::string seats_text(const std::vector<int>& seats) {
  const bool you = !seats.empty() && seats[0] == 0;
  std::vector<std::string> names;
  for (const int seat : seats)
    if (seat != 0) names.push_back(std::to_string(seat));
  if (you || names.size() == 1)
    for (std::string& name : names) name = "seat " + name;
  else if (!names.empty())
    names[0] = "seats " + names[0];
  if (you) names.insert(names.begin(), "you");
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out;
}

// The terminal's width in columns, from COLUMNS or the terminal itself; 0 if unknown.
int terminal_width() {
  if (const char* columns = std::getenv("COLUMNS")) {
    const int n = std::atoi(columns);
    if (n > 0) return n;
  }
  winsize size{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 0;
}

}  // namespace

void add_play(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("play", "Play against the computer in the terminal");
  static std::string variant = "british", rules, bots = "heuristic", record_file, players, seed,
                     resume_file;
  static bool beginner = false, single_round = false, no_colour = false, colour = false;
  cmd->add_option("--variant,-v", variant, variant_help())->capture_default_str();
  auto* players_opt =
      cmd->add_option("--players,-p", players,
                      "players, you included (default: 4, or the nearest the variant allows)");
  cmd->add_flag("--beginner", beginner,
                "see every hand and the stock (variants with a beginner mode)");
  auto* seed_opt =
      cmd->add_option("--seed,-s", seed, "seed of the match (default: a random one, printed)");
  cmd->add_option("--bots", bots,
                  "the computer players: heuristic, greedy, eager, random or ismcts (ismcts:N: N "
                  "iterations a move; one human plays, at seat 0: several humans at one terminal "
                  "are not supported)")
      ->capture_default_str();
  auto* record_opt = cmd->add_option("--record", record_file,
                                     "write the game record (YAML) to FILE when the game ends, or "
                                     "the game so far when it stops early: quit, the end of the "
                                     "input, Ctrl-C (then --resume FILE continues it)");
  cmd->add_option("--rules", rules, "YAML overrides merged onto the variant");
  auto* resume_opt = cmd->add_option(
      "--resume", resume_file,
      "continue the game saved in FILE (a record written by --record when the game stopped "
      "early): its "
      "variant, seats, bots and seed are the save's");
  cmd->add_flag("--round", single_round, "play one round instead of a match");
  cmd->add_flag("--color", colour,
                "coloured cards even when the output is not a terminal or NO_COLOR is set");
  cmd->add_flag("--no-color", no_colour, "plain cards");

  cmd->callback([&exit_code, seed_opt, players_opt, record_opt, resume_opt, cmd] {
    // A saved game brings its own variant, seats, bots and seed.
    GameRecord saved;
    const bool resuming = resume_opt->count() > 0;
    if (resuming) {
      if (resume_file.empty()) throw UsageError("--resume '': expected a file name");
      for (const char* flag : {"--variant", "--rules", "--players", "--seed", "--bots", "--round"})
        if (cmd->count(flag) > 0)
          throw UsageError(std::string(flag) +
                           ": a resumed game keeps the saved game's; leave it out");
      // What the save holds is a file that cannot be used (exit status 1, as a save that does
      // not replay), not a command line that cannot run (2).
      const std::vector<GameRecord> records = read_game_records(resume_file);
      if (records.size() != 1 || records[0].agents.empty() || records[0].agents[0] != "human")
        throw std::runtime_error("--resume " + resume_file +
                                 ": not a game saved by `play` (one record, a human at seat 0)");
      saved = records[0];
      variant = saved.variant;
      // `play` seats one kind of bot at every other seat; a save that says otherwise was not
      // written by it, and playing it with one kind would not be the saved game.
      for (std::size_t seat = 2; seat < saved.agents.size(); ++seat)
        if (saved.agents[seat] != saved.agents[1])
          throw std::runtime_error("--resume " + resume_file + ": seat " + std::to_string(seat) +
                                   " is '" + saved.agents[seat] + "' but seat 1 is '" +
                                   saved.agents[1] +
                                   "': a game saved by `play` has one kind of bot");
      bots = saved.agents.size() > 1 ? saved.agents[1] : bots;
      single_round = !saved.match;
    }
    // Every argument is checked before the game starts.
    const std::uint64_t match_seed =
        resuming ? saved.seed
        : seed_opt->count() == 0
            ? std::random_device{}() % 1000000
            : parse_whole("--seed", seed, 0, std::numeric_limits<std::uint64_t>::max());
    if (bots.rfind("human", 0) == 0 && resuming)
      throw std::runtime_error("--resume " + resume_file + ": seat 1 is '" + bots +
                               "': a game saved by `play` has computer players at the other seats");
    if (bots.rfind("human", 0) == 0)
      throw UsageError("--bots " + bots +
                       ": the other seats are computer players; `play` has one human, at seat 0 "
                       "(several humans at one terminal are not supported)");
    try {
      (void)make_agent(bots, 0);  // an unknown name is refused here, naming the known ones
    } catch (const std::invalid_argument& e) {
      if (resuming)
        throw std::runtime_error("--resume " + resume_file + ": seat 1 is '" + bots +
                                 "': " + e.what());
      throw UsageError("--bots " + bots + ": " + e.what());
    }
    // Standard output is the game itself; a record there would be mixed into it.
    if (record_file == "-" && record_opt->count() > 0)
      throw UsageError("--record -: the game is played on standard output; give a file name");
    if (record_opt->count() > 0) check_output_file("--record", record_file);
    // A record over the save it continues loses nothing (it holds the save's moves and more);
    // over the variant file, the rules would be lost.
    if (!resuming)
      check_distinct_outputs({{"--record", record_file}},
                             {variant_input("the variant file", variant)});
    const Variant v =
        resuming ? record_variant(saved, std::filesystem::path(resume_file).parent_path().string())
                 : load_cli_variant(variant, rules);
    if (resuming) {
      // Every saved action must be legal where it stands: a save edited by hand is refused
      // here, naming its round and action, not when the game reaches the move.
      const std::string dir = std::filesystem::path(resume_file).parent_path().string();
      const ReplayResult check = replay_game(saved, dir.empty() ? "." : dir);
      if (!check.ok)
        throw std::runtime_error("--resume " + resume_file +
                                 ": the save does not replay: " + check.failure);
      // A record of a game played to its end (its last round scored and, for a match, its
      // result written) has nothing left to play.
      if (!check.unfinished && (!saved.match || saved.match_winner >= 0))
        throw std::runtime_error(
            "--resume " + resume_file + ": that " + (saved.match ? "match" : "round") +
            " is already over; there is nothing to continue (switchcards replay " + resume_file +
            " checks it)");
    }
    const int n = resuming ? saved.players : players_for(v, *players_opt, players);
    if (beginner && !v.beginner_mode)
      throw UsageError("--beginner: " + v.name + " has no beginner mode (beginner_mode: false)");
    const bool col = use_colour(colour, no_colour);

    HumanAgent human(std::cin, std::cout, col);
    human.set_echo(::isatty(STDIN_FILENO) != 1);
    human.set_width(terminal_width());
    static const std::vector<Action> kNone;
    const std::vector<Action>* script = &kNone;  // the saved actions of the round being played
    std::size_t next = 0;                        // actions applied in the round being played
    ResumeScript scripted(human, script, next);
    std::vector<std::unique_ptr<Agent>> owned;
    std::vector<Agent*> agents = {&scripted};
    for (int seat = 1; seat < n; ++seat) {
      owned.push_back(make_agent(bots, 0));
      agents.push_back(owned.back().get());
    }

    fmt::print("{}\n", summarize_variant(v));
    fmt::print("You are seat 0, against {} {} bot{}. Seed {} (replay this deal with --seed {}).\n",
               n - 1, bots, n == 2 ? "" : "s", match_seed, match_seed);
    fmt::print("Rules: switchcards describe {}\n", variant);
    const std::vector<int> team_of = v.teams.team_of_seats(n);  // empty without teams
    if (!team_of.empty()) {
      std::vector<int> partners = v.teams.team_seats(n, 0);
      partners.erase(partners.begin());  // seat 0, you
      fmt::print(
          "You play in a partnership: your partner{} {} {}. Partners win, score and stand in the "
          "match together.\n",
          partners.size() == 1 ? "" : "s", partners.size() == 1 ? "is" : "are",
          partners.empty() ? "nobody" : seats_text(partners));
    }

    GameRecord record;
    record.variant = variant;
    // The text the record embeds (rules merged in), made only for a record: a variant too
    // large to record still plays.
    record.variant_text = resuming              ? saved.variant_text
                          : record_file.empty() ? std::string()
                                                : resolved_variant_yaml(variant, rules);
    record.players = n;
    record.seed = match_seed;
    record.match = !single_round;
    record.agents.push_back("human");
    for (int seat = 1; seat < n; ++seat) record.agents.push_back(bots);

    // Beginner mode shows the human every hand while the human is in (match seat 0).
    MatchOptions options;
    options.max_rounds = kMaxRounds;
    if (beginner) options.round.revealed = 1;
    RecordedRound rec;            // the round being played
    EventTextOptions table_text;  // the rounds the human sits out, seen from the table
    table_text.viewer = kAtTheTable;
    table_text.colour = col;
    options.on_action = [&](const RoundDeal& deal, const State& state, const Action* a,
                            std::span<const Event> events) {
      if (interrupt_noted() && !state.over()) throw InputEnded();  // saved, then the signal
      // The human sees and types the match's seat numbers in every round, as the scores show
      // them, also after seats have gone out and the round's are numbered 0.. again.
      if (a == nullptr) human.set_seat_numbers(deal.seats);
      // The human's agent narrates the rounds it plays; one it sits out is narrated here,
      // with the seat numbers of the match, as its scores are.
      if (deal.round_seat(0) < 0) {
        table_text.players = state.players();
        for (const std::string& line : describe_events(with_seats(events, deal.seats), table_text))
          fmt::print("  {}\n", line);
      }
      if (a == nullptr) return;  // the deal
      // A resumed game replays the saved rounds: the human's moves from the save, the bots'
      // again (they must come out the same), until the saved actions run out.
      if (next < script->size() && !(*a == (*script)[next]))
        throw std::runtime_error(fmt::format(
            "--resume {}: the save does not replay: round {}, action {} is '{}' in the save but "
            "'{}' now{}",
            resume_file, deal.round + 1, next + 1, to_string((*script)[next]), to_string(*a),
            chooses_by_the_clock(bots) ? fmt::format(" (the bots, {}, search for a time, so they "
                                                     "need not choose as they did)",
                                                     bots)
                                       : ""));
      ++next;
      rec.actions.push_back(*a);
    };
    if (!record_file.empty()) {
      catch_interrupt(/*end_input=*/true);
      // A closed pipe fails the write that meets it, which saves the game, rather than ending
      // the program by SIGPIPE with the game lost.
      std::signal(SIGPIPE, SIG_IGN);
    }
    Match match(v, agents, match_seed, options);
    table_text.engine = &match.engine();  // demands spelled out, the call in its own words
    match.set_observer([&](const MatchEvent& e) {
      if (e.kind == MatchEventKind::round_started) {
        const RoundDeal& deal = *e.deal;
        const bool replaying = resuming && deal.round < static_cast<int>(saved.rounds.size());
        script = replaying ? &saved.rounds[static_cast<std::size_t>(deal.round)].actions : &kNone;
        next = 0;
        rec = RecordedRound{};
        rec.seed = deal.seed;
        rec.dealer = deal.dealer;
        rec.seats = deal.seats;
        if (resuming && deal.round == static_cast<int>(saved.rounds.size()) - 1)
          fmt::print(
              "\n(Resuming the saved game: its moves are replayed, then it is your turn "
              "to play on.)\n");
        const int human_seat = deal.round_seat(0);
        fmt::print("\n=== Round {}: seat {} deals{} ===\n", deal.round + 1, deal.dealer,
                   human_seat < 0 ? " (you are out: the others play on)" : "");
        if (human_seat > 0)
          fmt::print("(Seats are renumbered for this round: you are seat {}.)\n", human_seat);
      } else if (e.kind == MatchEventKind::round_scored) {
        const RoundDeal& deal = *e.deal;
        rec.winner = e.seat;
        rec.scores.assign(e.scores.begin(), e.scores.end());
        record.rounds.push_back(std::move(rec));
        fmt::print("\n--- Round {} over: {} ---\n", deal.round + 1,
                   e.seat < 0    ? std::string("a stalemate (turn limit)")
                   : e.seat == 0 ? std::string("you win the round!")
                                 : fmt::format("seat {} wins", e.seat));
        for (int r = 0; r < deal.players(); ++r) {
          const int seat = deal.seats[static_cast<std::size_t>(r)];
          fmt::print("  {:<7} {:>4} points:{}\n", seat_name(seat),
                     e.scores[static_cast<std::size_t>(seat)], hand_text(e.state->hand(r), col));
        }
        const bool take = v.match.end == MatchKind::first_to;
        if (!team_of.empty())
          fmt::print("  (Partners score together: each line shows the team's score{}.)\n",
                     take ? "; the round winner's team scores the cards of the other teams' "
                            "hands, the others 0"
                     : v.teams.score == TeamScore::losing_teams
                         ? "; the round winner's team scores 0, the other the cards of all its "
                           "hands"
                         : ", the cards of all its players' hands");
        else if (take)
          fmt::print("  (The round's winner scores the cards left in the other hands.)\n");
        if (single_round || v.match.end == MatchKind::single_round) return;
        std::string totals;
        for (int seat = 0; seat < n; ++seat)
          totals += fmt::format("{}{} {}{}", seat ? ", " : "",
                                seat == 0 ? "you" : fmt::format("seat {}", seat),
                                e.standings->totals[static_cast<std::size_t>(seat)],
                                e.standings->is_in(seat) ? "" : " (out)");
        fmt::print("Totals: {}\n", totals);
      }
    });
    // Leaving (quit), the end of the input and Ctrl-C save the game so far, the unfinished
    // round too, where --record asked for it; `why` begins the message.
    // Writes the game so far, when asked to, and says so on `to` (standard error when standard
    // output has failed; a failure to say it there is no failure of the save).
    const auto save_so_far = [&](std::string_view why, std::FILE* to = stdout) {
      if (!record_file.empty()) {
        record.rounds.push_back(std::move(rec));
        if (!single_round) record.totals = match.standings().totals;
        write_game_record(record_file, record);
        // A save keeps the game, not how it is shown: beginner mode is asked for again.
        std::string said = fmt::format(
            "\n{}The game so far is saved in {}: continue it with switchcards play "
            "--resume {}{}\n",
            why, record_file, record_file, beginner ? " --beginner" : "");
        if (chooses_by_the_clock(bots))
          said += fmt::format(
              "(The bots, {}, search for a time, not a number of iterations: they may choose "
              "differently when the save is played again, and then it cannot be resumed. "
              "--bots ismcts:N saves games that always resume.)\n",
              bots);
        say(to, said);
      }
    };
    try {
      if (single_round)
        match.play_round();
      else
        match.play();
    } catch (const PlayerQuit&) {
      save_so_far("");
      throw;
    } catch (const OutputFailed&) {
      // Standard output is gone (a full disk, a closed pipe), found before a question: the
      // game is kept, and the error says why it stopped.
      save_so_far("Standard output failed. ", stderr);
      throw std::runtime_error("cannot write to standard output: the game stopped there");
    } catch (const std::system_error& e) {
      // The same, found by the narration between questions.
      if (!is_print_failure(e)) throw;
      save_so_far("Standard output failed. ", stderr);
      throw std::runtime_error("cannot write to standard output: " + e.code().message() +
                               "; the game stopped there");
    } catch (const InputEnded&) {
      // The end of the input (Ctrl-D, a closed terminal) or Ctrl-C (catch_interrupt).
      save_so_far(interrupt_noted() ? "Interrupted. " : "The input ended. ");
      if (interrupt_noted()) die_of_interrupt();
      throw;
    }
    if (!single_round) {
      const Standings& standings = match.standings();
      record.totals = standings.totals;
      record.match_winner = standings.winner;
      record.match_loser = standings.loser;
      // With partnerships a seat wins or loses with its team.
      const auto who = [&](int s) {
        return s < 0 ? std::vector<int>{s} : v.teams.team_seats(n, s);
      };
      const auto verb = [](const std::vector<int>& seats, const char* one, const char* many) {
        return seats.size() > 1 || seats[0] == 0 ? many : one;
      };
      const std::vector<int> winners = who(standings.winner), losers = who(standings.loser);
      fmt::print("\n*** The match is over: {} {}", seats_text(winners),
                 verb(winners, "wins", "win"));
      if (standings.loser >= 0 && losers != winners && v.match.end != MatchKind::single_round)
        fmt::print("; {} {}", seats_text(losers), verb(losers, "loses", "lose"));
      fmt::print(". ***\n");
    }
    if (!record_file.empty()) {
      write_game_record(record_file, record);
      fmt::print("Game record written to {} (check it with: switchcards replay {})\n", record_file,
                 record_file);
    }
    exit_code = 0;
  });
}

}  // namespace switchcards::cli
