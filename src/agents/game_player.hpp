// The game loop of simulation studies, private to src/agents/: GamePlayer plays game i of a
// study from derive_seed(seed, i), adds it to a SimulationStats and returns its GameOutcome
// (what a paired comparison needs of each game); run_games spreads game indices over threads.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "switchcards/agents/agent.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/agents/simulate.hpp"
#include "switchcards/core/compiler.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/io/replay.hpp"

namespace switchcards::detail {

// One game as a comparison sees it. Places are counted in the order of play at the deal of the
// game's first round.
struct GameOutcome {
  int winner = -1;  // seat; -1: nobody (a stalemate, or a match without a winner)
  int first = 0;    // the first seat to act
  int dealer = 0;
  // The order of play at that deal: counterclockwise when the card turned up reversed it
  // (deal.first_card: apply), and places are counted that way.
  Direction direction = Direction::clockwise;
  std::uint64_t rounds = 0;
  std::uint64_t decisions = 0;
  std::uint64_t stalemates = 0;
  std::uint64_t penalty_cards = 0;  // cards drawn as penalties (attacks and last card)
  std::uint64_t specials = 0;       // effects of special cards (see special_effect)
  std::uint64_t lead_changes = 0;   // single rounds only
  int mid_leader = -1;              // single rounds: the strict leader at mid-round, or -1
  // matches: how far ahead the winner finished (the runner-up's total less the winner's; under
  // first_to the winner's less the runner-up's); -1: none
  int margin = -1;
};

// The place of `seat` counted from `from` (0) in the order of play `direction`.
inline int place_of(int seat, int from, int players, Direction direction) {
  const int steps = direction == Direction::clockwise ? seat - from : from - seat;
  return (steps + players) % players;
}

// The effects a special card's play fires, one event each (docs/studies.md, "special-card
// effects"). A plain skip is not among them: its `seat_skipped` is also a penalty's missed turn.
inline constexpr std::array<EventKind, 10> kSpecialEffects = {
    EventKind::penalty_pending,   EventKind::direction_reversed, EventKind::play_again,
    EventKind::back_to_previous,  EventKind::suit_named,         EventKind::demand_set,
    EventKind::penalty_cancelled, EventKind::penalty_deflected,  EventKind::hands_swapped,
    EventKind::hands_rotated};

// The special cards' effects counted in `stats`. Ten loads: GamePlayer::play takes it before
// and after every game.
inline std::uint64_t special_effects(const SimulationStats& stats) {
  std::uint64_t n = 0;
  for (const EventKind k : kSpecialEffects) n += stats.events[static_cast<int>(k)];
  return n;
}

// The leader of a round, action by action: the seat with strictly fewer cards than every other
// (none on a tie). It runs on every action of a simulation, so it is incremental: an action
// changes the hand of the seat that acts, whose size is compared with the smallest; a full
// scan is needed only when a seat with the fewest cards draws, or when another seat's hand
// changed too (a penalty drawn at once, a caught last-card call), which the number of cards
// in all hands tells. Where specials move hands (swap_hands, rotate_hands) that number does
// not tell: a rotation can move sizes between seats and leave the sum as the actor's own
// change predicts, so there every action is a full scan. The leader after each action is kept
// (one byte, stored unconditionally: cheaper than a test), because the middle of a round is
// known only at its end.
class LeadTracker {
 public:
  static constexpr std::int8_t kNone = -1;
  explicit LeadTracker(const Variant& variant)
      : hands_move_(std::ranges::any_of(
            variant.specials, [](const Effect& e) { return e.swap_hands || e.rotate_hands; })),
        // A round has at most turn_limit actions (State::decisions).
        leaders_(static_cast<std::size_t>(variant.round.turn_limit) + 1) {}
  // At the deal (State::decisions 0).
  void start(const State& s) {
    players_ = s.players();
    changes_ = 0;
    last_ = kNone;
    leader_ = kNone;
    resync(s);
    actions_ = s.decisions;
    leaders_[actions_] = leader_;
  }
  // After an action of `seat`.
  SWITCHCARDS_ALWAYS_INLINE void after(const State& s, int seat) {
    const int now = s.hands[seat].size(), before = sizes_[seat];
    sizes_[seat] = now;
    hand_cards_ += now - before;
    if (hand_cards_ + s.stock.size() + s.discard.size() != cards_ || hands_move_) {
      resync(s);  // another seat's hand changed too, or may have
    } else if (now < before) {
      if (now < fewest_) {
        fewest_ = now;
        at_fewest_ = 1;
        set(static_cast<std::int8_t>(seat));
      } else if (now == fewest_) {
        ++at_fewest_;
        set(kNone);
      }
    } else if (now > before && before == fewest_) {
      rescan();
    }
    actions_ = s.decisions;
    leaders_[actions_] = leader_;
  }
  std::uint64_t changes() const { return changes_; }
  // The leader after half the round's actions (rounded down).
  int at_middle() const { return leaders_[actions_ / 2]; }

 private:
  void resync(const State& s) {
    hand_cards_ = 0;
    for (int seat = 0; seat < players_; ++seat) {
      sizes_[seat] = s.hands[seat].size();
      hand_cards_ += sizes_[seat];
    }
    cards_ = hand_cards_ + s.stock.size() + s.discard.size();
    rescan();
  }
  void rescan() {
    fewest_ = sizes_[0];
    at_fewest_ = 1;
    int who = 0;
    for (int seat = 1; seat < players_; ++seat) {
      if (sizes_[seat] < fewest_) {
        fewest_ = sizes_[seat];
        at_fewest_ = 1;
        who = seat;
      } else if (sizes_[seat] == fewest_) {
        ++at_fewest_;
      }
    }
    set(at_fewest_ == 1 ? static_cast<std::int8_t>(who) : kNone);
  }
  void set(std::int8_t leader) {
    if (leader == leader_) return;  // most calls
    leader_ = leader;
    if (leader != kNone) {
      changes_ += last_ != kNone && leader != last_;
      last_ = leader;
    }
  }

  bool hands_move_;
  int players_ = 0;
  std::array<int, kMaxSeats> sizes_{};
  int hand_cards_ = 0, cards_ = 0;  // cards in all hands; in hands, stock and discard pile
  int fewest_ = 0, at_fewest_ = 0;  // the smallest hand, and how many seats hold that many
  std::uint32_t actions_ = 0;       // actions so far (State::decisions)
  std::uint64_t changes_ = 0;
  std::int8_t leader_ = kNone, last_ = kNone;  // now; the last seat that led
  std::vector<std::int8_t> leaders_;           // [k]: the leader after k actions
};

// Everything one thread needs to play games of a study, built once per thread.
class GamePlayer {
 public:
  // `stop`: the study's stop flag (run_games'), or nullptr. Once it is set, a searching
  // agent's search ends early (IsmctsAgent::stop_when): the study is being stopped and its
  // results thrown away, so the game under way is played out in moments, not in minutes.
  GamePlayer(const Variant& variant, const Engine& engine, const SimulationConfig& config,
             SimulationStats& stats, const std::atomic<bool>* stop = nullptr);
  ~GamePlayer();
  GamePlayer(const GamePlayer&) = delete;
  GamePlayer& operator=(const GamePlayer&) = delete;

  // Plays game `game` of the study, adds it to the stats and returns what happened.
  GameOutcome play(std::uint64_t game, GameRecord* record);

 private:
  void play_round_game(std::uint64_t seed, GameRecord* record, GameOutcome& out);
  void play_match_game(std::uint64_t seed, GameRecord* record, GameOutcome& out);
  void count_win(const GameOutcome& out);  // out.winner's win, by seat and places
  // Keeps `a` for the game's record. Throws std::runtime_error once the game has more actions
  // than a record `replay` reads can hold, before they take the memory: a match of a variant
  // whose rounds never end held a billion actions (4 GB) before its record was refused.
  void record_action(Action a);

  const Variant* variant_;
  const Engine* engine_;
  const SimulationConfig* config_;
  SimulationStats* stats_;
  HandScorer scorer_;
  LeadTracker lead_;
  // The deal's events, kept from game to game: a fresh buffer would be value-initialized (all
  // 256 entries) for every round.
  EventBuffer deal_events_;
  RoundBuffers buffers_;        // play_round's, for the same reason
  std::vector<Action> log_;     // the actions of the round being recorded
  std::uint64_t game_ = 0;      // the game being played
  std::uint64_t recorded_ = 0;  // the actions of its record so far
  std::vector<std::unique_ptr<Agent>> owned_;
  std::vector<Agent*> agents_;
  bool observe_ = false;  // some seat's agent observes
};

// Runs games [first, end) on `threads` threads: `make_worker(t, stop)` builds thread t's worker
// (a callable taking a game index), called from that thread; `stop` is set when the study is
// being stopped (an error, or the progress callback's exception). Workers take chunks of indices;
// `progress` is called from the calling thread about ten times a second, and once more as the
// last worker ends (not up to 100 ms after: a sweep runs one study a row). Rethrows the first
// error of a worker.
template <typename MakeWorker>
void run_games(std::uint64_t first, std::uint64_t end, int threads,
               const SimulationProgress& progress, MakeWorker&& make_worker) {
  constexpr std::uint64_t kChunk = 64;
  const std::uint64_t total = end - first;
  std::atomic<std::uint64_t> next{first};
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards error and running
  std::exception_ptr error;
  int running = threads;
  std::condition_variable ended;  // a worker ended
  // `reports`: the worker is the calling thread itself (no other could be started), which
  // calls `progress` between chunks, so that Ctrl-C still stops the study.
  const auto work = [&](int t, bool reports) {
    try {
      auto worker = make_worker(t, std::as_const(failed));
      for (;;) {
        const std::uint64_t begin = next.fetch_add(kChunk);
        if (begin >= end || failed.load()) break;
        const std::uint64_t stop = std::min(end, begin + kChunk);
        // A stopped study (an error, or the progress callback's Ctrl-C) ends after the game
        // under way, not after the chunk: a chunk of search bots' games takes minutes. Games
        // are counted a chunk at a time (an atomic add a game cost eager play 3 instructions
        // a decision, by the code GCC made of the loop).
        std::uint64_t game = begin;
        for (; game < stop && !failed.load(std::memory_order_relaxed); ++game) worker(game);
        done.fetch_add(game - begin);
        if (reports && progress) progress(done.load(), total);
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex);
      if (!error) error = std::current_exception();
      failed.store(true);
    }
    {
      const std::lock_guard<std::mutex> lock(mutex);
      --running;
    }
    ended.notify_all();
  };
  std::vector<std::thread> workers;
  workers.reserve(static_cast<std::size_t>(threads));
  for (int t = 0; t < threads; ++t) {
    try {
      workers.emplace_back(work, t, false);
    } catch (...) {  // std::system_error, or std::bad_alloc for the thread's state
      // The system gives no more threads (under a memory limit each takes its stack): the
      // study goes on with those it has, which play the same games, as the workers take them a
      // chunk at a time. The exception is caught here, not let out: leaving with the started
      // threads still joinable would terminate the program.
      const std::lock_guard<std::mutex> lock(mutex);
      running -= threads - t;  // those never started (some started may have ended already)
      break;
    }
  }
  if (workers.empty()) {  // not one: this thread plays them all
    running = 1;
    work(0, true);
  }
  if (progress) {
    try {
      std::unique_lock<std::mutex> lock(mutex);
      while (running > 0 && !failed.load()) {
        lock.unlock();
        progress(done.load(), total);
        lock.lock();
        ended.wait_for(lock, std::chrono::milliseconds(100),
                       [&] { return running == 0 || failed.load(); });
      }
    } catch (...) {
      // The callback stops the study (the Python bindings' Ctrl-C): the workers finish the
      // games they have begun and are joined before the error leaves, as after a worker's own
      // error (a joinable thread destroyed would terminate the program).
      const std::lock_guard<std::mutex> lock(mutex);
      if (!error) error = std::current_exception();
      failed.store(true);
    }
  }
  for (std::thread& w : workers) w.join();
  if (error) std::rethrow_exception(error);
  if (progress) progress(total, total);
}

// The threads a study of `games` games uses: at most one per game.
inline int study_threads(int requested, std::uint64_t games) {
  return static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(requested),
                                                  std::max<std::uint64_t>(1, games)));
}

// Throws std::invalid_argument for a configuration simulate cannot run.
void check_config(const Variant& variant, const SimulationConfig& c);

}  // namespace switchcards::detail
