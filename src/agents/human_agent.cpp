// The terminal player; see include/switchcards/agents/human_agent.hpp.
#include "switchcards/agents/human_agent.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cctype>
#include <istream>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

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

// The longest answer kept: a move's words are far shorter. The rest of a longer line is read
// and dropped, so that a line of any length costs no more memory than this.
constexpr std::size_t kLongestAnswer = 1000;

// How reading a line ended.
enum class LineRead { whole, too_long, ended };

// Reads a line of `in` into `line`, keeping at most kLongestAnswer characters (too_long: more
// were read and dropped); ended at the end of the input (or a read error) before any character,
// as std::getline fails then.
LineRead read_bounded_line(std::istream& in, std::string& line) {
  line.clear();
  const std::istream::sentry ready(in, true);  // flushes a tied stream; false once ended
  if (!ready) return LineRead::ended;
  std::streambuf* buf = in.rdbuf();
  bool any = false, cut = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(any ? std::ios::eofbit : std::ios::eofbit | std::ios::failbit);
      break;
    }
    any = true;
    if (c == '\n') break;
    if (line.size() < kLongestAnswer)
      line += static_cast<char>(c);
    else
      cut = true;
  }
  return !any ? LineRead::ended : cut ? LineRead::too_long : LineRead::whole;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The words of `s`, split at spaces and tabs.
std::vector<std::string> words_of(const std::string& s) {
  std::vector<std::string> words;
  std::istringstream in(s);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// `text` without the move list's remarks in parentheses ("(7 cards)").
std::string without_remarks(const std::string& text) {
  std::string out;
  int depth = 0;
  for (const char c : text) {
    if (c == '(') ++depth;
    if (depth == 0) out += c;
    if (c == ')' && depth > 0) --depth;
  }
  return out;
}

// The words joined by single spaces.
std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// The answer as the action notation reads it: keywords in any case ("DRAW", "Play 6D",
// "6D LAST"), the move list's own words typed back ("play 8C and name hearts", "play 7C and
// swap hands with seat 1 (7 cards)", "challenge seat 2"), and "last" anywhere after the card
// ("8C last hearts").
std::string notation_of(const std::string& answer) {
  // "challenge seat 2: it did not call ...": what follows a colon is a remark too.
  const std::string lowered = lower(answer);
  std::string text = without_remarks(lowered.substr(0, lowered.find(':')));
  std::replace(text.begin(), text.end(), ',', ' ');
  std::vector<std::string> kept;
  bool last = false;
  for (const std::string& w : words_of(text)) {
    if (w == "and" || w == "name" || w == "hands" || w == "with") continue;
    if (w == "seat" && !kept.empty() && (kept.back() == "swap" || kept.back() == "challenge"))
      continue;
    if (w == "last" && !kept.empty() && kept.front() != "call") {
      last = true;
      continue;
    }
    kept.push_back(w);
  }
  const std::string out = joined(kept);
  return last ? out + " last" : out;
}

// A move typed as text instead of its number: "6H", "play 6h", "JS hearts", "7C swap 2",
// "draw", "pass", "call", "challenge 2", "name 7" (or "7"), optionally with "last"
// (notation_of). nullopt if it is no move at all.
std::optional<Action> typed_move(const std::string& answer, int seat) {
  const std::string text = notation_of(answer);
  if (text.empty()) return std::nullopt;
  for (const char* verb : {"", "play ", "name "}) {
    try {
      return parse_action(fmt::format("{} {}{}", seat, verb, text));
    } catch (const NotationError&) {
    }
  }
  return std::nullopt;
}

// Digits only, at most four after any leading zeros (so std::stoul reads it: "0001" and
// "00001" are both 1).
bool is_number(const std::string& answer) {
  bool number = !answer.empty();
  for (const char c : answer) number = number && std::isdigit(static_cast<unsigned char>(c));
  return number && answer.size() - std::min(answer.find_first_not_of('0'), answer.size()) <= 4;
}

bool is_legal(Action a, std::span<const Action> legal) {
  const Action listed = a.kind() == ActionKind::play ? a.with_last(false) : a;
  for (const Action l : legal)
    if (l == listed) return true;
  return false;
}

// The question for a play that carries the "last card" call (PlayerView::call_due).
std::string call_question(const PlayerView& view) {
  return view.hand().size() == 1 ? fmt::format("That is your final card. Call {} with it?",
                                               quoted_call(view.variant().last_card, true))
                                 : fmt::format("That leaves you one card. Call {}?",
                                               quoted_call(view.variant().last_card));
}

// What a seat caught without the call pays.
std::string caught_text(const Variant& v) {
  return fmt::format("a player caught without it draws {}{}.",
                     detail::plural(v.last_card.penalty, "penalty card"),
                     v.last_card.miss_turn ? " and misses a turn" : "");
}

std::string call_help(const PlayerView& view) {
  // The final card's call (last_card.final_call) is no one's to catch: without it the card
  // stands, its player draws at once and stays in the round.
  if (view.hand().size() == 1)
    return fmt::format(
        "Calling {} with your final card is how you go out. Without "
        "the call the card is played all the same, but you are not out: you draw "
        "{} at once and the round goes on.",
        quoted_call(view.variant().last_card, true),
        detail::plural(view.variant().last_card.final_call, "penalty card"));
  return fmt::format(
      "Calling {} with this play tells the table you will have one "
      "card left; {}",
      quoted_call(view.variant().last_card), caught_text(view.variant()));
}

// What taking the pending penalty costs the seat to act (detail::penalty_cost).
detail::PenaltyCost penalty_cost(const PlayerView& view) {
  return detail::penalty_cost(view.pending_draw(), view.pending_skip(),
                              view.engine().variant().specials[view.pending_effect()].waits, "you",
                              view.players());
}

}  // namespace

// The engine's texts (describe(Refusal)) are a developer's: they name the seat in the third
// person and the variant's keys (`not_on`, `answers_match`), which a player at the table has
// never seen.
std::string_view refusal_for_you(Refusal r) {
  switch (r) {
    case Refusal::none:
      return "it is not one of your moves now";
    case Refusal::round_over:
      return "the round is over";
    case Refusal::no_such_seat:
      return "there is no such seat";
    case Refusal::not_your_turn:
      return "it is not your turn";
    case Refusal::card_not_in_hand:
      return "you do not hold that card";
    case Refusal::not_playable:
      return "the card matches neither the suit nor the rank of the top card";
    case Refusal::must_answer_penalty:
      return "a penalty is pending: take it, or answer it with a card that stacks on it or "
             "cancels it, where these rules have one";
    case Refusal::demand_not_met:
      return "the card does not meet the demand in force";
    case Refusal::suit_not_followed:
      return "the card is not of the suit named";
    case Refusal::suit_required:
      return "this card names a suit: type the suit after the card ('8H hearts')";
    case Refusal::suit_not_allowed:
      return "this card names no suit";
    case Refusal::last_not_allowed:
      return "the call goes with the play that leaves you one card (and, where these rules "
             "call the final card too, with that card)";
    case Refusal::cap_exceeded:
      return "the answer would raise the pending penalty above its limit";
    case Refusal::must_play_drawn_or_pass:
      return "after drawing you may play only the card you drew, or keep it and end your turn";
    case Refusal::draw_not_allowed:
      return "you may not draw now: you hold a card you can play, or a skip is pending (pass "
             "to take it)";
    case Refusal::pass_not_allowed:
      return "you may pass only after drawing, or to take a pending skip";
    case Refusal::nothing_to_challenge:
      return "nobody can be challenged now";
    case Refusal::cannot_challenge_self:
      return "you cannot challenge yourself";
    case Refusal::malformed:
      return "that is not a move";
    case Refusal::not_on_top:
      return "this card may not be played on the top card";
    case Refusal::late_call_not_allowed:
      return "in these rules the call is made only with the play that leaves you one card";
    case Refusal::nothing_to_call:
      return "a late call is yours only just after a play that left you one card without the "
             "call, before you are caught or the next player acts";
    case Refusal::cannot_finish_on:
      return "you may not go out on this card: keep it and draw";
    case Refusal::must_play_drawn:
      return "the card you drew can be played, so you must play it";
    case Refusal::not_a_deflection:
      return "this card does not turn the pending penalty away: answer with one that does, or "
             "take it";
    case Refusal::swap_target_required:
      return "this card swaps hands: type the seat after it ('JC swap 2')";
    case Refusal::swap_target_not_allowed:
      return "this card swaps no hands: name no seat";
    case Refusal::cannot_swap_with_self:
      return "you cannot swap hands with yourself";
    case Refusal::does_not_follow:
      return "in a turn of several cards each card follows the one laid before it (the same "
             "rank, or the next card of the run): lay one that does, or pass to end your turn";
    case Refusal::draw_while_laying:
      return "you are laying several cards: lay one that follows, or pass to end your turn";
    case Refusal::cannot_jump_in:
      return "out of turn you may only jump in: with a card identical to the one just played, "
             "that you could play in turn, while you owe no last-card penalty and miss no turn";
    case Refusal::does_not_stack:
      return "you are answering the penalty with several cards: go on only with cards that "
             "stack on it within its limit, or pass to end your turn";
    case Refusal::answer_does_not_match:
      return "an answer to this penalty must also be a card you could play on the top card: of "
             "its suit or rank, of the suit named, or one demanded";
    case Refusal::holds_suit_in_force:
      return "you may play this card only when you hold no other card of the suit in force";
    case Refusal::rank_required:
      return "the card just played names a rank: name one first ('name 7')";
    case Refusal::rank_not_nameable:
      return "this card cannot name that rank";
    case Refusal::nothing_to_name:
      return "no card is waiting for a rank to be named";
  }
  // No Refusal reaches here (each has its case above); not describe(r), whose table GCC -O3
  // then sees indexed past its end, and refuses to compile (-Warray-bounds).
  return "that move is refused";
}

int HumanAgent::shown(int seat) const {
  return seat >= 0 && static_cast<std::size_t>(seat) < numbers_.size()
             ? numbers_[static_cast<std::size_t>(seat)]
             : seat;
}

std::optional<Action> HumanAgent::typed(const std::string& answer, const PlayerView& view) const {
  const std::optional<Action> a = typed_move(answer, shown(view.seat()));
  if (!a || numbers_.empty()) return a;
  bool in_round = true;
  const Action mapped = with_seats_mapped(*a, [&](int number) {
    const auto at = std::find(numbers_.begin(), numbers_.end(), number);
    in_round = in_round && at != numbers_.end();
    return at == numbers_.end() ? 0 : static_cast<int>(at - numbers_.begin());
  });
  if (!in_round) return std::nullopt;
  return mapped;
}

std::string HumanAgent::read_line() {
  // What was printed is flushed first: an answer to a question nobody could see is no answer.
  if (!out_->flush()) throw OutputFailed();
  std::string line;
  for (LineRead read; (read = read_bounded_line(*in_, line)) != LineRead::whole;) {
    if (read == LineRead::ended) throw InputEnded();
    // Its first 1,000 characters are no answer either (they may read as one).
    fmt::print(*out_,
               "That line is longer than {} characters; please answer again: ", kLongestAnswer);
    out_->flush();
  }
  line = trim(line);
  if (echo_) *out_ << line << "\n";
  if (const std::string l = lower(line); l == "quit" || l == "q") throw PlayerQuit();
  return line;
}

int HumanAgent::columns() const {
  // One short of the terminal: a line that fills the last column wraps on some terminals.
  return width_ > 0 && width_ < 100 ? width_ - 1 : 0;
}

std::string HumanAgent::wrapped(const std::string& text) const {
  return columns() > 0 ? detail::fill(text, static_cast<std::size_t>(columns())) : text;
}

bool HumanAgent::ask_yes_no(const std::string& question, bool default_answer,
                            const std::string& explanation) {
  for (;;) {
    fmt::print(*out_, "{} [{}] ", question, default_answer ? "Y/n" : "y/N");
    out_->flush();
    const std::string answer = lower(read_line());
    if (answer.empty()) return default_answer;
    if (answer == "y" || answer == "yes") return true;
    if (answer == "n" || answer == "no") return false;
    if (answer == "help" || answer == "?") fmt::print(*out_, "{}", wrapped(explanation + "\n"));
    fmt::print(*out_, "{}",
               wrapped(fmt::format("Please answer y (yes) or n (no); an empty line means {}. "
                                   "'help' explains the question, 'quit' leaves the game.\n",
                                   default_answer ? "yes" : "no")));
  }
}

void HumanAgent::show_table(const PlayerView& view) const {
  std::ostream& out = *out_;
  fmt::print(out, "\n--- Your turn (seat {}) ---\n", shown(view.seat()));
  std::string top = "Top card: " + card_text(view.top(), colour_);
  if (view.named_suit() != Suit::none)
    top += fmt::format("   suit in force: {}", suit_name(view.named_suit()));
  fmt::print(out, "{}\n", top);
  if (view.demand_effect() >= 0) {
    // The special whose demand binds (with a rank named, the top card may be one that answered).
    const Effect& e = view.variant().specials[static_cast<std::size_t>(view.demand_effect())];
    if (view.named_rank() != kNoRank) {
      const std::string_view rank = rank_symbol(view.named_rank());
      const bool mine = view.named_by() == view.seat();
      fmt::print(
          out, "{} {}: {}.\n",
          mine ? std::string("You named") : fmt::format("Seat {} named", shown(view.named_by())),
          rank,
          detail::named_rank_words(
              rank, selector_words(e.demand),
              mine ? std::string("you") : fmt::format("seat {}", shown(view.named_by()))));
    } else {
      fmt::print(out, "The next card must be {}.\n",
                 e.demand.cards.empty() ? "what the top card demands" : selector_words(e.demand));
    }
  }
  if (view.penalty_pending()) {
    const detail::PenaltyCost p = penalty_cost(view);
    const bool answerable = view.variant().specials[view.pending_effect()].answerable();
    fmt::print(out, "Penalty pending: {}{}{}.\n", p.cost, answerable ? " unless you answer it" : "",
               p.after);
  }
  std::string others;
  for (int k = 1; k < view.players(); ++k) {
    const int seat = view.seats().after(view.seat(), k);
    others += fmt::format("{}seat {}: ", others.empty() ? "" : ", ", shown(seat));
    if (view.revealed()) {
      std::string cards;
      view.hand_of(seat).for_each([&](Card c) { cards += " " + card_text(c, colour_); });
      others += fmt::format("[{} ]", cards);
    } else {
      others += detail::plural(view.hand_size(seat), "card");
    }
    if (const std::uint32_t turns = view.turns_to_miss(seat); turns > 0)
      others += turns == 1 ? std::string(" (misses the next turn)")
                           : fmt::format(" (misses the next {} turns)", turns);
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

std::string HumanAgent::move_text(const PlayerView& view, Action a, bool colour) const {
  switch (a.kind()) {
    case ActionKind::play:
      if (a.named_suit() != Suit::none)
        return fmt::format("play {} and name {}", card_text(a.card(), colour),
                           suit_name(a.named_suit()));
      if (a.swap_target() >= 0)
        return fmt::format("play {} and swap hands with seat {} ({})", card_text(a.card(), colour),
                           shown(a.swap_target()),
                           detail::plural(view.hand_size(a.swap_target()), "card"));
      return fmt::format("play {}", card_text(a.card(), colour));
    case ActionKind::draw:
    case ActionKind::pass:
      // A pending penalty is taken by a draw (it has cards to draw) or a pass (a skip only).
      if (view.penalty_pending() && view.phase() == Phase::play) {
        const detail::PenaltyCost p = penalty_cost(view);
        return "take the penalty: " + p.cost + p.after;
      }
      if (a.kind() == ActionKind::draw) {
        // QA: "draw a card" drew three under draw.cards: until_playable.
        const DrawRules& d = view.variant().draw;
        if (d.until_playable)
          return d.limit > 0 ? fmt::format("draw until you can play (at most {} cards)", d.limit)
                             : std::string("draw until you can play");
        return d.cards > 1 ? fmt::format("draw {} cards", d.cards) : std::string("draw a card");
      }
      if (view.phase() == Phase::laying) return "lay no more cards: end your turn";
      return view.phase() == Phase::after_draw ? "keep the card and end your turn"
                                               : "miss the turn";
    case ActionKind::challenge:
      return fmt::format("challenge seat {}: it did not call {}", shown(a.target()),
                         quoted_call(view.variant().last_card));
    case ActionKind::call:
      return fmt::format("call {} now (you forgot it with your play)",
                         quoted_call(view.variant().last_card));
    case ActionKind::name: {
      const Effect* e = view.engine().effect_of(view.top());  // the card that names
      const std::string_view rank = rank_symbol(a.named_rank());
      return fmt::format("name {}: {}", rank,
                         detail::named_rank_words(rank, e ? selector_words(e->demand) : "", "you"));
    }
  }
  return to_string(a);
}

void HumanAgent::show_moves(const PlayerView& view, std::span<const Action> legal) const {
  for (std::size_t i = 0; i < legal.size(); ++i)
    fmt::print(*out_, "  {}) {}\n", i + 1, move_text(view, legal[i], colour_));
}

std::optional<Action> HumanAgent::listed_move(const PlayerView& view, const std::string& answer,
                                              std::span<const Action> legal) const {
  // A move's own words, typed back as the list shows them (with or without its remark in
  // parentheses or after a colon), in any case and spacing.
  const auto canonical = [](const std::string& text, bool remark) {
    return joined(words_of(remark ? lower(text) : without_remarks(lower(text))));
  };
  const std::string typed = canonical(answer, true);
  for (const Action a : legal) {
    const std::string listed = move_text(view, a, false);
    if (typed == canonical(listed, true) || typed == canonical(listed, false) ||
        typed == canonical(listed.substr(0, listed.find(':')), false))
      return a;
  }
  return std::nullopt;
}

std::string HumanAgent::typing_hint(std::span<const Action> legal) const {
  // One example of each kind of move there is now, with its own cards: "draw" where no draw is
  // legal (in a turn of several cards, after a draw) misled, and "pass" was never offered.
  // The engine lists a draw, a pass and a call at most once; plays and challenges may be many.
  std::vector<std::string> forms;
  bool plain = false, suit = false, swap = false, challenge = false, name = false;
  for (const Action a : legal) {
    const std::string card = a.kind() == ActionKind::play ? to_string(a.card()) : "";
    switch (a.kind()) {
      case ActionKind::play:
        if (a.swap_target() >= 0) {
          if (!std::exchange(swap, true))
            forms.push_back(fmt::format("'{} swap {}'", card, shown(a.swap_target())));
        } else if (a.named_suit() != Suit::none) {
          if (!std::exchange(suit, true))
            forms.push_back(fmt::format("'{} {}'", card, suit_name(a.named_suit())));
        } else if (!std::exchange(plain, true)) {
          forms.push_back(fmt::format("'play {}'", card));
          forms.push_back(fmt::format("'{} last'", card));
        }
        break;
      case ActionKind::draw:
        forms.push_back("'draw'");
        break;
      case ActionKind::pass:
        forms.push_back("'pass'");
        break;
      case ActionKind::challenge:
        if (!std::exchange(challenge, true))
          forms.push_back(fmt::format("'challenge {}'", shown(a.target())));
        break;
      case ActionKind::call:
        forms.push_back("'call'");
        break;
      case ActionKind::name:
        if (!std::exchange(name, true))
          forms.push_back(fmt::format("'name {}'", rank_symbol(a.named_rank())));
        break;
    }
  }
  std::string out;
  for (std::size_t i = 0; i < forms.size(); ++i)
    out += (i == 0 ? "" : i + 1 == forms.size() ? " or " : ", ") + forms[i];
  return "the move itself (as " + out + ")";
}

Action HumanAgent::choose(const PlayerView& view, std::span<const Action> legal) {
  show_table(view);
  if (auto drawn = view.drawn()) {
    // Under forced play (draw.after: must_play_drawn) a playable drawn card is no choice.
    const bool must = view.variant().draw.after == AfterDraw::must_play_drawn;
    fmt::print(*out_, "You drew {}, which you {} play now.\n", card_text(*drawn, colour_),
               must ? "must" : "may");
  }
  show_moves(view, legal);
  Action chosen;
  bool typed_last = false;  // "last" typed with the move: no need to ask
  for (;;) {
    fmt::print(*out_, "Your move [{}, help, quit]: ",
               legal.size() == 1 ? std::string("1") : fmt::format("1-{}", legal.size()));
    out_->flush();
    const std::string answer = read_line();
    if (const std::string l = lower(answer); l == "help" || l == "?") {
      fmt::print(*out_, "\n{}\nYour moves now:\n",
                 describe_variant(view.variant(), columns() > 0 ? std::min(columns(), 96) : 96));
      show_moves(view, legal);
      fmt::print(*out_, "{}",
                 wrapped(fmt::format("Type a move's number, or {}; 'quit' leaves the game.\n",
                                     typing_hint(legal))));
      continue;
    }
    const bool number = is_number(answer);
    const std::size_t pick = number ? std::stoul(answer) : 0;
    if (number && pick >= 1 && pick <= legal.size()) {
      chosen = legal[pick - 1];
      break;
    }
    if (!number && !answer.empty()) {
      if (const auto listed = listed_move(view, answer, legal)) {
        chosen = *listed;
        break;
      }
      if (const auto move = typed(answer, view)) {
        if (is_legal(*move, legal)) {
          chosen = *move;
          typed_last = move->calls_last();
          break;
        }
        // A move, but not a legal one: the engine's reason, in a player's words. A card typed
        // alone is a play ("You cannot play 2S", not "You cannot 2S").
        const Refusal why =
            view.check(move->kind() == ActionKind::play ? move->with_last(false) : *move);
        const bool bare_card =
            move->kind() == ActionKind::play && !lower(answer).starts_with("play");
        fmt::print(*out_, "You cannot {}{}: {}.\n", bare_card ? "play " : "", answer,
                   refusal_for_you(why));
        continue;
      }
    }
    fmt::print(
        *out_, "{}",
        wrapped(fmt::format("Please type {}, or {}; 'help' lists the moves and the "
                            "rules, 'quit' leaves.\n",
                            legal.size() == 1 ? std::string("1")
                                              : fmt::format("a number from 1 to {}", legal.size()),
                            typing_hint(legal))));
  }
  if (chosen.kind() == ActionKind::play && view.call_due() && !typed_last)
    chosen = chosen.with_last(ask_yes_no(call_question(view), true, call_help(view)));
  if (chosen.calls_last() && !view.call_due()) {
    // Said too early: the play stands, without the call (a record could not carry it).
    fmt::print(*out_,
               "(The call {} is made with the play that leaves you one card; this one "
               "leaves {}, so it is played without the call.)\n",
               quoted_call(view.variant().last_card), view.hand().size() - 1);
    chosen = chosen.with_last(false);
  }
  return chosen;
}

void HumanAgent::observe(const PlayerView& view, std::span<const Event> events) {
  EventTextOptions options;
  options.viewer = shown(view.seat());
  options.colour = colour_;
  options.engine = &view.engine();
  options.players = view.players();
  for (const std::string& line : describe_events(with_seats(events, numbers_), options))
    fmt::print(*out_, "  {}\n", line);
}

bool HumanAgent::calls_late(const PlayerView& view) {
  const std::string call = quoted_call(view.variant().last_card);
  return ask_yes_no(
      fmt::format("You have one card left and did not call {}. Call it now?", call), true,
      fmt::format("You played without calling {}. Calling it now, before anyone catches you, is "
                  "allowed and costs nothing; {}",
                  call, caught_text(view.variant())));
}

std::optional<Action> HumanAgent::jumps_in(const PlayerView& view, std::span<const Action> jumps) {
  fmt::print(*out_,
             "You hold a card {} the {} just played: you may jump in out of turn "
             "(play goes on from you; the seats before you lose their turn).\n",
             view.variant().identical.jump_in == JumpIn::same_rank ? "of the same rank as"
                                                                   : "identical to",
             card_text(view.top(), colour_));
  show_moves(view, jumps);
  const bool one = jumps.size() == 1;
  for (;;) {
    fmt::print(*out_, "Jump in? [{}, or 0 to let play go on, help, quit]: ",
               one ? std::string("y or 1") : fmt::format("1-{}", jumps.size()));
    out_->flush();
    const std::string answer = read_line();
    const std::string l = lower(answer);
    if (l.empty() || l == "0" || l == "n" || l == "no") return std::nullopt;
    std::optional<Action> jump;
    if (is_number(l)) {
      const std::size_t pick = std::stoul(l);
      if (pick >= 1 && pick <= jumps.size()) jump = jumps[pick - 1];
    } else if (l == "y" || l == "yes") {
      if (one) jump = jumps[0];
    } else if (auto listed = listed_move(view, answer, jumps)) {
      jump = listed;
    } else if (const auto move = typed(answer, view)) {
      for (const Action a : jumps)
        if (a == move->with_last(false)) jump = *move;
    }
    if (jump) {
      if (!view.call_due()) return jump->with_last(false);
      if (jump->calls_last()) return jump;
      return jump->with_last(ask_yes_no(call_question(view), true, call_help(view)));
    }
    if (l == "help" || l == "?")
      fmt::print(*out_, "{}",
                 wrapped("Jumping in plays your card now, out of turn; play then goes on from "
                         "you. Letting play go on keeps the card.\n"));
    fmt::print(*out_, "{}",
               wrapped(fmt::format("Please type {}, or 0 (or n) to let play go on.\n",
                                   one ? std::string("y (or 1) to jump in")
                                       : fmt::format("a number from 1 to {}", jumps.size()))));
  }
}

bool HumanAgent::challenges(const PlayerView& view, int target) {
  // The rules let a partner catch too (docs/house-rules.md), but it costs the partnership
  // the penalty cards: asked, with "no" the default.
  const bool partner = view.variant().teams.partners(view.players(), view.seat(), target);
  const int number = shown(target);
  return ask_yes_no(
      fmt::format("Seat {}{} has one card left and did not call {}. Challenge?", number,
                  partner ? ", your partner," : "", quoted_call(view.variant().last_card)),
      !partner,
      fmt::format("Challenging catches seat {} for the missed call: {}{}", number,
                  caught_text(view.variant()),
                  partner ? " Seat " + std::to_string(number) +
                                " is your partner: its penalty is your team's."
                          : ""));
}

}  // namespace switchcards
