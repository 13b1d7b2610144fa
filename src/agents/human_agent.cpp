// The terminal player; see include/switchcards/agents/human_agent.hpp.
#include "switchcards/agents/human_agent.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cctype>
#include <istream>
#include <optional>
#include <ostream>
#include <span>

#include "io/words.hpp"
#include "switchcards/io/describe.hpp"
#include "switchcards/io/event_text.hpp"

namespace switchcards {

namespace {

std::string trim(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return s.substr(i);
}

// A move typed as text instead of its number: "6H", "play 6h", "JS hearts", "draw", "pass",
// "call", "challenge 2", optionally with "last". nullopt if it is no move at all.
std::optional<Action> typed_move(const std::string& answer, int seat) {
  for (const char* verb : {"", "play "}) {
    try {
      return parse_action(fmt::format("{} {}{}", seat, verb, answer));
    } catch (const NotationError&) {
    }
  }
  return std::nullopt;
}

bool is_legal(Action a, std::span<const Action> legal) {
  const Action listed = a.kind() == ActionKind::play ? a.with_last(false) : a;
  for (const Action l : legal)
    if (l == listed) return true;
  return false;
}

// The question for a play that carries the "last card" call (PlayerView::call_due).
const char* call_question(const PlayerView& view) {
  return view.hand().size() == 1 ? "That is your final card. Call \"last card\" with it?"
                                 : "That leaves you one card. Call \"last card\"?";
}

}  // namespace

std::string HumanAgent::read_line() {
  std::string line;
  if (!std::getline(*in_, line)) throw InputEnded();
  line = trim(line);
  if (echo_) *out_ << line << "\n";
  if (line == "quit" || line == "q") throw PlayerQuit();
  return line;
}

bool HumanAgent::ask_yes_no(const std::string& question, bool default_answer) {
  for (;;) {
    fmt::print(*out_, "{} [{}] ", question, default_answer ? "Y/n" : "y/N");
    out_->flush();
    const std::string answer = read_line();
    if (answer.empty()) return default_answer;
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(answer[0])));
    if (c == 'y') return true;
    if (c == 'n') return false;
    fmt::print(*out_, "Please answer y or n.\n");
  }
}

void HumanAgent::show_table(const PlayerView& view) const {
  std::ostream& out = *out_;
  fmt::print(out, "\n--- Your turn (seat {}) ---\n", view.seat());
  std::string top = "Top card: " + card_text(view.top(), colour_);
  if (view.named_suit() != Suit::none)
    top += fmt::format("   suit in force: {}", suit_name(view.named_suit()));
  fmt::print(out, "{}\n", top);
  if (!view.demand().empty()) {
    const Effect* e = view.engine().effect_of(view.top());
    fmt::print(out, "The next card must be {}.\n",
               e && !e->demand.text.empty() ? e->demand.text : "what the top card demands");
  }
  if (view.penalty_pending()) {
    std::string what;
    if (view.pending_draw() > 0) what = fmt::format("draw {}", view.pending_draw());
    if (view.pending_skip() > 0)
      what += fmt::format("{}miss {}", what.empty() ? "" : " and ",
                          detail::plural(view.pending_skip(), "turn"));
    fmt::print(out, "Penalty pending: {} unless you answer it.\n", what);
  }
  std::string others;
  for (int k = 1; k < view.players(); ++k) {
    const int seat = view.seats().after(view.seat(), k);
    others += fmt::format("{}seat {}: ", others.empty() ? "" : ", ", seat);
    if (view.revealed()) {
      std::string cards;
      view.hand_of(seat).for_each([&](Card c) { cards += " " + card_text(c, colour_); });
      others += fmt::format("[{} ]", cards);
    } else {
      others += detail::plural(view.hand_size(seat), "card");
    }
  }
  fmt::print(out, "Others (in order of play): {}. Stock: {}.\n", others,
             detail::plural(view.stock_size(), "card"));
  if (view.revealed()) {
    std::string stock;
    const auto cards = view.stock();
    for (auto it = cards.rbegin(); it != cards.rend(); ++it) stock += " " + card_text(*it, colour_);
    fmt::print(out, "Stock, top first:{}\n", stock);
  }
  std::string hand;
  view.hand().for_each([&](Card c) { hand += " " + card_text(c, colour_); });
  fmt::print(out, "Your hand:{}\n", hand);
}

std::string HumanAgent::move_text(const PlayerView& view, Action a) const {
  switch (a.kind()) {
    case ActionKind::play:
      if (a.named_suit() != Suit::none)
        return fmt::format("play {} and name {}", card_text(a.card(), colour_),
                           suit_name(a.named_suit()));
      return fmt::format("play {}", card_text(a.card(), colour_));
    case ActionKind::draw:
      if (view.penalty_pending())
        return fmt::format("take the penalty ({})", detail::plural(view.pending_draw(), "card"));
      return "draw a card";
    case ActionKind::pass:
      if (view.phase() == Phase::laying) return "lay no more cards: end your turn";
      return view.phase() == Phase::after_draw ? "keep the card and end your turn"
                                               : "miss the turn";
    case ActionKind::challenge:
      return fmt::format("challenge seat {}: it did not call last card", a.target());
    case ActionKind::call:
      return "call \"last card\" now (you forgot it with your play)";
  }
  return to_string(a);
}

void HumanAgent::show_moves(const PlayerView& view, std::span<const Action> legal) const {
  for (std::size_t i = 0; i < legal.size(); ++i)
    fmt::print(*out_, "  {}) {}\n", i + 1, move_text(view, legal[i]));
}

Action HumanAgent::choose(const PlayerView& view, std::span<const Action> legal) {
  show_table(view);
  if (auto drawn = view.drawn())
    fmt::print(*out_, "You drew {}, which you may play now.\n", card_text(*drawn, colour_));
  show_moves(view, legal);
  Action chosen;
  bool typed_last = false;  // "last" typed with the move: no need to ask
  for (;;) {
    fmt::print(*out_, "Your move [1-{}, help, quit]: ", legal.size());
    out_->flush();
    const std::string answer = read_line();
    if (answer == "help" || answer == "?") {
      fmt::print(*out_, "\n{}\nYour moves now:\n", describe_variant(view.variant()));
      show_moves(view, legal);
      fmt::print(*out_,
                 "Type a move's number, or the move itself ('play 6H', '6H last', 'JS hearts', "
                 "'draw'); 'quit' leaves the game.\n");
      continue;
    }
    std::size_t pick = 0;
    bool number = !answer.empty() && answer.size() <= 4;
    for (char c : answer) number = number && std::isdigit(static_cast<unsigned char>(c));
    if (number) pick = std::stoul(answer);
    if (number && pick >= 1 && pick <= legal.size()) {
      chosen = legal[pick - 1];
      break;
    }
    if (!number && !answer.empty()) {
      if (const auto typed = typed_move(answer, view.seat())) {
        if (is_legal(*typed, legal)) {
          chosen = *typed;
          typed_last = typed->calls_last();
          break;
        }
        // A move, but not a legal one: the engine's reason.
        const Refusal why =
            view.check(typed->kind() == ActionKind::play ? typed->with_last(false) : *typed);
        fmt::print(*out_, "You cannot {}: {}.\n", answer,
                   why == Refusal::none ? std::string_view("it is not one of your moves now")
                                        : describe(why));
        continue;
      }
    }
    fmt::print(*out_,
               "Please type a number from 1 to {}, or the move itself (as 'play 6H', '6H last', "
               "'JS hearts' or 'draw'); 'help' lists the moves and the rules, 'quit' leaves.\n",
               legal.size());
  }
  if (chosen.kind() == ActionKind::play && view.call_due() && !typed_last)
    chosen = chosen.with_last(ask_yes_no(call_question(view), true));
  if (chosen.calls_last() && !view.call_due()) {
    // Said too early: the play stands, without the call (a record could not carry it).
    fmt::print(*out_,
               "(\"Last card\" is called with the play that leaves you one card; this one "
               "leaves {}, so it is played without the call.)\n",
               view.hand().size() - 1);
    chosen = chosen.with_last(false);
  }
  return chosen;
}

void HumanAgent::observe(const PlayerView& view, std::span<const Event> events) {
  EventTextOptions options;
  options.viewer = view.seat();
  options.colour = colour_;
  options.engine = &view.engine();
  for (const std::string& line : describe_events(events, options))
    fmt::print(*out_, "  {}\n", line);
}

bool HumanAgent::calls_late(const PlayerView& /*view*/) {
  return ask_yes_no("You have one card left and did not call \"last card\". Call it now?", true);
}

std::optional<Action> HumanAgent::jumps_in(const PlayerView& view, std::span<const Action> jumps) {
  fmt::print(*out_,
             "You hold a card {} the {} just played: you may jump in out of turn "
             "(play goes on from you; the seats before you lose their turn).\n",
             view.variant().identical.jump_in == JumpIn::same_rank ? "of the same rank as"
                                                                   : "identical to",
             card_text(view.top(), colour_));
  show_moves(view, jumps);
  for (;;) {
    fmt::print(*out_, "Jump in? [1-{}, or 0 to let play go on, quit]: ", jumps.size());
    out_->flush();
    const std::string answer = read_line();
    if (answer.empty() || answer == "0" || answer == "n" || answer == "no") return std::nullopt;
    bool number = answer.size() <= 4;
    for (char c : answer) number = number && std::isdigit(static_cast<unsigned char>(c));
    const std::size_t pick = number ? std::stoul(answer) : 0;
    if (pick >= 1 && pick <= jumps.size()) {
      const Action a = jumps[pick - 1];
      if (!view.call_due()) return a;
      return a.with_last(ask_yes_no(call_question(view), true));
    }
    fmt::print(*out_, "Please type a number from 1 to {}, or 0 to let play go on.\n", jumps.size());
  }
}

bool HumanAgent::challenges(const PlayerView& /*view*/, int target) {
  return ask_yes_no(fmt::format("Seat {} has one card left and did not call \"last card\". "
                                "Challenge?",
                                target),
                    true);
}

}  // namespace switchcards
