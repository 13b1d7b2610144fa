// Client and server: an authoritative server process owns the State of a round of British
// Switch; one client process per seat (fork, and a socketpair each) knows only what the server
// sends it, as JSON, and answers with actions as JSON. Midway the server saves the game as
// JSON, restores it and checks that the restored game goes on exactly as the original would.
// Exits 0 only if the round finished and every check held (CTest: example.client-server).
//
// Protocol: text lines, each `WORD` or `WORD JSON` (the JSON on one line).
//   server -> client
//     event {Event}     something that happened, masked for the client's seat (seen_by):
//                       another seat's dealt or drawn card is "JOKER"
//     view {View}       the seat's view (to_json(PlayerView)), after the deal and every action
//     legal {Action}    one line per legal action of the seat to act, then
//     act               choose now: the client answers with one line, {Action}
//     refused TEXT      the answer was refused (TEXT says why); the client answers again
//     over              the round is over; the client exits
//   client -> server
//     {Action}          one line, only after `act` or `refused`
// Each action's events go to every client, then each client's view. The server asks only the
// seat to act; the challenge of a missed "last card" call is among that seat's legal actions.
//
// The clients here: a client tries the first card of its hand that matches the top card by
// rank or the suit in force (the server may refuse it: a penalty may be pending, or a card
// was just drawn), and after a refusal the first legal play, else the first legal action. It
// calls "last card" when it plays from two cards. Each client also checks what it was sent:
// its hand rebuilt from its own events equals the hand in its view, and no event shows it
// another seat's card.
#include <fmt/core.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <switchcards/engine/engine.hpp>
#include <switchcards/engine/view.hpp>
#include <switchcards/io/json.hpp>
#include <switchcards/io/load_variant.hpp>

#include "../example_main.hpp"

using namespace switchcards;

namespace {

constexpr int kPlayers = 4;
constexpr std::uint64_t kSeed = 5;  // a round with a reshuffle after the save
constexpr int kSaveAfter = 10;      // actions before the server saves and restores the game
constexpr int kTraceActions = 2;    // actions whose traffic with the seat to act is printed

// One end of a socketpair, carrying lines of text; `peer` names the other end in messages.
class LineChannel {
 public:
  LineChannel(int fd, std::string peer) : fd_(fd), peer_(std::move(peer)) {}
  void send_line(std::string_view text) const {
    std::string line(text);
    line += '\n';
    for (std::size_t done = 0; done < line.size();) {
      // MSG_NOSIGNAL: a peer that died is an error here, not a SIGPIPE.
      const ssize_t n = ::send(fd_, line.data() + done, line.size() - done, MSG_NOSIGNAL);
      if (n <= 0) throw std::runtime_error(peer_ + " hung up");
      done += static_cast<std::size_t>(n);
    }
  }
  // The next line without its newline; false at the end of the stream.
  bool receive_line(std::string& line) {
    for (;;) {
      if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
        line = buffer_.substr(0, end);
        buffer_.erase(0, end + 1);
        return true;
      }
      char chunk[4096];
      const ssize_t n = ::read(fd_, chunk, sizeof chunk);
      if (n <= 0) return false;
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

 private:
  int fd_;
  std::string peer_;
  std::string buffer_;
};

// ---- the client: one process per seat, knowing only what it is sent ---------------------

// Exit codes of a client process.
constexpr int kClientOk = 0, kClientCheckFailed = 2, kClientProtocolError = 3;

std::vector<Card> sorted(std::vector<Card> cards) {
  std::sort(cards.begin(), cards.end());
  return cards;
}

int run_client(int seat, LineChannel& server) {
  ViewSnapshot view;
  std::vector<Action> legal;
  std::vector<Card> hand;  // rebuilt from this seat's own events alone
  const auto fail = [&](const std::string& why) {
    fmt::print(stderr, "client {}: {}\n", seat, why);
    return kClientCheckFailed;
  };
  // Call "last card" with a play where the view says it is due.
  const auto with_call = [&](Action a) {
    return a.kind() == ActionKind::play && view.call_due ? a.with_last() : a;
  };
  const auto first_legal = [&] {
    for (const Action a : legal)
      if (a.kind() == ActionKind::play) return with_call(a);
    return legal.front();
  };
  std::string line;
  while (server.receive_line(line)) {
    const std::size_t space = line.find(' ');
    const std::string_view word = std::string_view(line).substr(0, space);
    const std::string_view json =
        space == std::string::npos ? std::string_view{} : std::string_view(line).substr(space + 1);
    if (word == "event") {
      const Event e = event_from_json(json, "event");
      const bool own = e.seat == seat;
      if (!own && (e.kind == EventKind::card_dealt || e.kind == EventKind::card_drawn) &&
          !e.card.is_joker())
        return fail("was shown seat " + std::to_string(e.seat) + "'s card " + to_string(e.card));
      if (own && (e.kind == EventKind::card_dealt || e.kind == EventKind::card_drawn))
        hand.push_back(e.card);
      if (own && e.kind == EventKind::card_played) {
        const auto it = std::find(hand.begin(), hand.end(), e.card);
        if (it == hand.end()) return fail("played " + to_string(e.card) + ", not in its hand");
        hand.erase(it);
      }
    } else if (word == "view") {
      view = view_from_json(json, "view");
      legal.clear();
      if (view.seat != seat || sorted(hand) != sorted(view.hand))
        return fail("its view's hand is not the hand its events dealt it");
    } else if (word == "legal") {
      legal.push_back(action_from_json(json, "legal"));
    } else if (word == "act") {
      if (legal.empty()) return kClientProtocolError;
      // A guess from the view alone: a card matching the top card's rank or the suit in force.
      Action choice = first_legal();
      for (const Card c : view.hand)
        if (c.rank() == view.top.rank() || c.suit() == view.suit_in_force) {
          choice = with_call(Action::play(seat, c));
          break;
        }
      server.send_line(to_json(choice));
    } else if (word == "refused") {
      if (legal.empty()) return kClientProtocolError;
      server.send_line(to_json(first_legal()));  // a listed action is always accepted
    } else if (word == "over") {
      return kClientOk;
    } else {
      return kClientProtocolError;
    }
  }
  return kClientProtocolError;  // the server hung up before `over`
}

// ---- the server: owns the State; the engine decides what is legal -------------------------

class Server {
 public:
  explicit Server(const Engine& engine) : engine_(engine) {}

  bool ok() const { return ok_; }
  void check(bool holds, std::string_view what) {
    if (!holds) fmt::print("CHECK FAILED: {}\n", what);
    ok_ = ok_ && holds;
  }

  // Starts one client process per seat.
  void start_clients() {
    for (int seat = 0; seat < kPlayers; ++seat) {
      int fds[2];
      if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0)
        throw std::runtime_error("socketpair failed");
      std::fflush(stdout);  // else the child would repeat what is buffered
      const pid_t pid = ::fork();
      if (pid < 0) throw std::runtime_error("fork failed");
      if (pid == 0) {  // the client: it keeps only its own end
        for (int fd : server_fds_) ::close(fd);
        ::close(fds[0]);
        LineChannel channel(fds[1], "the server");
        int code = kClientProtocolError;
        try {
          code = run_client(seat, channel);
        } catch (const std::exception& e) {
          fmt::print(stderr, "client {}: {}\n", seat, e.what());
        }
        std::_Exit(code);
      }
      ::close(fds[1]);
      server_fds_.push_back(fds[0]);
      clients_.emplace_back(fds[0], "client " + std::to_string(seat));
      pids_.push_back(pid);
    }
  }

  void play() {
    EventBuffer events;
    state_ = engine_.deal(kPlayers, kSeed, /*dealer=*/-1, &events, DealEvents::every_card);
    fmt::print("server: dealt a round of {} to {} clients, seed {}: {} events\n",
               engine_.variant().name, kPlayers, kSeed, events.size());
    broadcast(events, /*shown_seat=*/1, /*shown_events=*/2);

    int actions = 0;
    while (!state_.over()) {
      if (actions == kSaveAfter) save_and_restore();
      const bool trace = actions < kTraceActions;
      const int seat = state_.turn;
      const Action a = ask(seat, events, trace);
      if (resumed_) {  // the original, in memory, must go exactly as the restored game
        EventBuffer original_events;
        check(engine_.apply(original_, a, &original_events).ok(), "the original accepts it too");
        check(original_ == state_, "the restored game stays identical to the original");
        check(std::equal(events.begin(), events.end(), original_events.begin(),
                         original_events.end()),
              "the restored game has the original's events");
      }
      broadcast(events, trace ? seat : -1, 3);
      ++actions;
    }
    for (const LineChannel& client : clients_) client.send_line("over");
    fmt::print("server: round over after {} actions: seat {} wins ({} refusals answered)\n",
               actions, state_.winner, refusals_);
    fmt::print("server: after the restore, {} reshuffle(s), identical to the original's\n",
               state_.reshuffles - reshuffles_at_save_);
    check(state_.winner >= 0, "the round has a winner");
    check(resumed_, "the game was saved and restored");
    check(refusals_ > 0, "the clients' guesses met a refusal");
    // The saved generator state is what makes a reshuffle after the restore come out alike.
    check(state_.reshuffles > reshuffles_at_save_, "the stock was reshuffled after the restore");
  }

  // Waits for every client; true if each exited with kClientOk.
  bool wait_for_clients() {
    for (int fd : server_fds_) ::close(fd);  // a client still waiting then sees the end
    bool all_ok = true;
    for (std::size_t seat = 0; seat < pids_.size(); ++seat) {
      int status = 0;
      if (::waitpid(pids_[seat], &status, 0) != pids_[seat])
        throw std::runtime_error("cannot wait for client " + std::to_string(seat));
      const bool client_ok = WIFEXITED(status) && WEXITSTATUS(status) == kClientOk;
      if (WIFEXITED(status) && !client_ok)
        fmt::print("CHECK FAILED: client {} exited with code {}\n", seat, WEXITSTATUS(status));
      if (WIFSIGNALED(status))
        fmt::print("CHECK FAILED: client {} was killed by signal {}\n", seat, WTERMSIG(status));
      all_ok = all_ok && client_ok;
    }
    return all_ok;
  }

 private:
  // Sends every client the events masked for its seat, then its view. Prints the first
  // `shown_events` lines and the view sent to `shown_seat` (none if -1).
  void broadcast(const EventBuffer& events, int shown_seat, int shown_events) {
    for (int seat = 0; seat < kPlayers; ++seat) {
      int shown = 0;
      for (const Event& e : events) {
        const std::string line = "event " + to_json(seen_by(e, seat, /*revealed=*/false));
        if (seat == shown_seat && shown++ < shown_events) fmt::print("  to {}: {}\n", seat, line);
        clients_[seat].send_line(line);
      }
      const std::string line = "view " + to_json(PlayerView(engine_, state_, seat));
      if (seat == shown_seat) fmt::print("  to {}: {}\n", seat, line);
      clients_[seat].send_line(line);
    }
  }

  // Sends `seat` its legal actions and asks it to act, until the engine accepts its answer;
  // returns the accepted action, its events in `events`.
  Action ask(int seat, EventBuffer& events, bool trace) {
    LineChannel& client = clients_[static_cast<std::size_t>(seat)];
    ActionList legal;
    engine_.legal_actions(state_, legal);
    for (const Action a : legal) send(seat, "legal " + to_json(a), trace);
    send(seat, "act", trace);
    for (int attempt = 0;; ++attempt) {
      std::string line;
      if (!client.receive_line(line))
        throw std::runtime_error("client " + std::to_string(seat) + " hung up");
      if (trace) fmt::print("  from {}: {}\n", seat, line);
      if (attempt == 5) throw std::runtime_error("client " + std::to_string(seat) + " gives up");
      std::string refusal;
      try {
        const Action a = action_from_json(line, "client " + std::to_string(seat));
        // The server, not the client, decides who is acting.
        if (a.seat() != seat) {
          refusal = "you are seat " + std::to_string(seat);
        } else {
          const State before = state_;
          events.clear();
          const ApplyResult result = engine_.apply(state_, a, &events);
          if (result) return a;
          refusal = std::string(result.reason());
          check(state_ == before, "a refused action leaves the State untouched");
        }
      } catch (const JsonError& e) {
        refusal = e.what();  // names the JSON path of what is wrong
      }
      ++refusals_;
      if (!trace && refusals_ <= 3) fmt::print("  seat {}: {} refused: {}\n", seat, line, refusal);
      send(seat, "refused " + refusal, trace);
    }
  }

  void send(int seat, const std::string& line, bool trace) {
    if (trace) fmt::print("  to {}: {}\n", seat, line);
    clients_[static_cast<std::size_t>(seat)].send_line(line);
  }

  // Saves the whole State as JSON and goes on from the document read back, keeping the
  // original to compare with after every later action.
  void save_and_restore() {
    const std::string saved = to_json(engine_, state_);
    const State restored = state_from_json(engine_, saved, "saved game");
    fmt::print("server: saved the game after {} actions ({} bytes of JSON) and restored it\n",
               state_.decisions, saved.size());
    check(restored == state_, "the restored State equals the saved one");
    check(to_json(engine_, restored) == saved, "the restored State saves to the same JSON");
    // A document that is not a position is refused, naming the field: here a seat to act
    // that does not exist.
    std::string tampered = saved;
    tampered.replace(tampered.find("\"turn\":") + 7, 1, "9");
    try {
      (void)state_from_json(engine_, tampered, "tampered save");
      check(false, "a tampered save is refused");
    } catch (const JsonError& e) {
      fmt::print("server: {}\n", e.what());
      check(e.path() == "/turn", "the refusal of a tampered save names /turn");
    }
    original_ = state_;
    state_ = restored;
    resumed_ = true;
    reshuffles_at_save_ = state_.reshuffles;
  }

  const Engine& engine_;
  State state_;
  State original_;  // after the restore: the game as it went on in memory
  bool resumed_ = false;
  std::uint32_t reshuffles_at_save_ = 0;
  int refusals_ = 0;
  bool ok_ = true;
  std::vector<LineChannel> clients_;
  std::vector<int> server_fds_;
  std::vector<pid_t> pids_;
};

}  // namespace

int run() {
  const Engine engine(load_variant("british"));
  Server server(engine);
  try {
    server.start_clients();
    server.play();
  } catch (const std::exception& e) {
    fmt::print("server: {}\n", e.what());
    server.check(false, "the round was played to its end");
  }
  const bool clients_ok = server.wait_for_clients();
  const bool ok = server.ok() && clients_ok;
  fmt::print("{}\n", ok ? "all checks held" : "some checks failed");
  return ok ? 0 : 1;
}

int main(int argc, char** argv) {
  return example_main(argc, argv, run);
}
