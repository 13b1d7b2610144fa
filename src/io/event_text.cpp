// Sentences for events; see include/switchcards/io/event_text.hpp.
#include "switchcards/io/event_text.hpp"

#include <fmt/format.h>

#include <optional>

#include "io/words.hpp"
#include "switchcards/core/card_format.hpp"

namespace switchcards {

using detail::penalty_cost;
using detail::PenaltyCost;
using detail::plural;

std::string card_text(Card card, bool colour) {
  return colour ? fmt::format("{:c}", card) : fmt::format("{:s}", card);
}

std::string selector_words(const Selector& selector) {
  const std::string& text = selector.text;
  if (text.size() > 2 && text.front() == '[' && text.back() == ']') {
    std::string inner = text.substr(1, text.size() - 2);
    if (const std::size_t last = inner.rfind(", "); last != std::string::npos)
      inner.replace(last, 2, " or ");
    return inner;
  }
  if (!text.empty()) return text;
  std::string out;
  for (CardMask m = selector.cards; !m.empty();)
    out += (out.empty() ? "" : " ") + to_string(m.pop_first());
  return out;
}

namespace {
// The words of the call, or of the final card's call.
std::string_view call_words(const LastCardRules& r, bool final_card) {
  return final_card ? r.final_call_words() : r.call_words();
}
}  // namespace

std::string quoted_call(const LastCardRules& rules, bool final_card) {
  return fmt::format("\"{}\"", call_words(rules, final_card));
}

std::string seat_text(int seat, const EventTextOptions& options) {
  if (seat == options.viewer) return "You";
  return fmt::format("Seat {}", seat);
}

namespace {

// A seat inside a sentence: "you", "seat 2".
std::string object_text(int seat, const EventTextOptions& o) {
  return seat == o.viewer ? "you" : fmt::format("seat {}", seat);
}

// "You play" / "Seat 2 plays".
std::string says(int seat, const EventTextOptions& o, std::string_view you_form,
                 std::string_view third_form) {
  return fmt::format("{} {}", seat_text(seat, o), seat == o.viewer ? you_form : third_form);
}

// The last-card rules the text speaks of: the engine's, or the defaults ("last card").
const LastCardRules& call_rules(const Engine* engine) {
  static const LastCardRules defaults;
  return engine ? engine->variant().last_card : defaults;
}

// The call before a noun: "last-card" ("a last-card call"), or the variant's words in quotes
// ("a "Mau" call"); `final_card`: the final call's.
std::string call_label(const LastCardRules& r, bool final_card = false) {
  return call_words(r, final_card) == LastCardRules{}.call_words() ? "last-card"
                                                                   : quoted_call(r, final_card);
}

// The call as it is called out (`final_card`: the final call): "Last card!", or the variant's
// words as written with "!" unless they end in punctuation already ("Mau!", "Uno!").
std::string call_out(const LastCardRules& r, bool final_card) {
  const std::string_view name = call_words(r, final_card);
  if (name == LastCardRules{}.call_words()) return "\"Last card!\"";
  const char last = name.back();
  const bool punctuated = last == '!' || last == '?' || last == '.';
  return fmt::format("\"{}{}\"", name, punctuated ? "" : "!");
}

// Whether the penalty that `card` left pending counts its skips as turns its taker misses
// (the special's waits). The card carries it when it stacked or set it; a card that deflected
// it carries none of its own, and then the specials whose penalties it deflects say, when they
// agree. Without the engine, or where they disagree: no (the wording of a plain skip).
bool counts_turns(const Engine* engine, Card card) {
  if (engine == nullptr) return false;
  if (const Effect* own = engine->effect_of(card); own != nullptr && own->is_attack())
    return own->waits;
  bool any = false, all = true;
  for (const Effect& e : engine->variant().specials)
    if (e.deflect.cards.contains(card)) {
      any = true;
      all = all && e.waits;
    }
  return any && all;
}

// The cards besides the rank that answer a rank named (the special's demand as written), for
// an event, which does not say which special named it: those of the specials that may name
// that rank, when they agree. Without the engine, or where they disagree: none.
std::string rank_answers(const Engine* engine, Rank rank) {
  if (engine == nullptr) return "";
  std::optional<std::string> answers;
  for (const Effect& e : engine->variant().specials) {
    if ((e.names_rank.cards & CardMask::of_rank(rank)).empty()) continue;
    if (answers && *answers != selector_words(e.demand)) return "";
    answers = selector_words(e.demand);
  }
  return answers.value_or("");
}

std::string one_event(const Event& e, const EventTextOptions& o) {
  const int seat = e.seat == kNoSeat ? -2 : e.seat;
  // The second seat an event names (deflected to, swapped with, jumped before, caught).
  const int other = static_cast<int>(e.extra);
  const std::string card = card_text(e.card, o.colour);
  switch (e.kind) {
    case EventKind::card_played:
      if (seat < 0) return fmt::format("The first card turned up is {}.", card);
      return fmt::format("{} {}.", says(seat, o, "play", "plays"), card);
    case EventKind::card_drawn:  // only reached alone through a caller's own loop
      return fmt::format("{} a card.", says(seat, o, "draw", "draws"));
    case EventKind::seat_skipped:
      return fmt::format("{} a turn.", says(seat, o, "miss", "misses"));
    case EventKind::direction_reversed:
      return fmt::format(
          "Play now goes {}.",
          direction_name(e.count == 0 ? Direction::clockwise : Direction::counterclockwise));
    case EventKind::play_again:
      return fmt::format("{} again.", says(seat, o, "play", "plays"));
    case EventKind::back_to_previous:
      return fmt::format("Play goes back to {}.", object_text(seat, o));
    case EventKind::suit_named:
      return fmt::format("{} {}.", says(seat, o, "name", "names"), suit_name(e.card.suit()));
    case EventKind::demand_set: {
      const Effect* effect = o.engine ? o.engine->effect_of(e.card) : nullptr;
      if (effect && !effect->demand.cards.empty())
        return fmt::format("The next card must be {}.", selector_words(effect->demand));
      return fmt::format("{} sets a demand on the next card.", card);
    }
    case EventKind::penalty_pending: {
      const PenaltyCost p = penalty_cost(static_cast<int>(e.count), static_cast<int>(e.extra),
                                         e.extra > 1 && counts_turns(o.engine, e.card),
                                         object_text(seat, o), o.players);
      // A penalty no card answers (the Makao kings) is not said to be answerable.
      const Effect* own = o.engine ? o.engine->effect_of(e.card) : nullptr;
      const bool unanswerable = own && own->is_attack() && !own->answerable();
      return fmt::format("{} must {}{}{}.", seat_text(seat, o), p.cost,
                         unanswerable ? "" : " unless answered", p.after);
    }
    case EventKind::penalty_paid:
      return fmt::format(
          "{} the penalty ({}).", says(seat, o, "take", "takes"),
          e.count == 0 ? std::string("no cards left to draw") : plural(e.count, "card"));
    case EventKind::penalty_cancelled:
      return fmt::format("{} the penalty with {}.", says(seat, o, "cancel", "cancels"), card);
    case EventKind::penalty_deflected:
      return fmt::format("{} the penalty with {} on to {}.", says(seat, o, "deflect", "deflects"),
                         card, object_text(other, o));
    case EventKind::hands_swapped:
      return fmt::format("{} hands with {}.", says(seat, o, "swap", "swaps"),
                         object_text(other, o));
    case EventKind::rank_named:
      return fmt::format(
          "{} {}: {}.", says(seat, o, "name", "names"), rank_symbol(e.card.rank()),
          detail::named_rank_words(rank_symbol(e.card.rank()),
                                   rank_answers(o.engine, e.card.rank()), object_text(seat, o)));
    case EventKind::jumped_in:
      return fmt::format("{} in with {}, before {}.", says(seat, o, "jump", "jumps"), card,
                         object_text(other, o));
    case EventKind::hands_rotated:
      return fmt::format(
          "Every hand passes to the next player ({}).",
          direction_name(e.count == 0 ? Direction::clockwise : Direction::counterclockwise));
    case EventKind::last_card_called:
      return fmt::format("{} {}{}", says(seat, o, "call", "calls"),
                         call_out(call_rules(o.engine), e.extra == 1),
                         e.extra == 1   ? " with the final card."
                         : e.extra == 2 ? " late, before being caught."
                                        : "");
    case EventKind::last_card_missed:
      return fmt::format("{} not call {}{}.", says(seat, o, "did", "did"),
                         quoted_call(call_rules(o.engine), e.extra == 1),
                         e.extra != 1       ? ""
                         : seat == o.viewer ? " with the final card, and you are not out"
                                            : " with the final card, and is not out");
    case EventKind::last_card_caught:
      return fmt::format("{} {} without a {} call.", says(seat, o, "catch", "catches"),
                         object_text(other, o), call_label(call_rules(o.engine)));
    case EventKind::last_card_penalty:
      return fmt::format("{} {} {} penalty {}.", says(seat, o, "draw", "draws"),
                         e.count == 0 ? std::string("no") : std::to_string(e.count),
                         call_label(call_rules(o.engine), e.extra == 1),
                         e.count == 1 ? "card" : "cards");
    case EventKind::stock_reshuffled:
      return fmt::format("The discard pile is shuffled into a new stock ({}).",
                         plural(e.count, "card"));
    case EventKind::stock_exhausted:
      return fmt::format("{} only {} of {}: no cards are left.", says(seat, o, "get", "gets"),
                         e.count, e.extra);
    case EventKind::round_over:
      if (seat < 0) return "The round ends in a stalemate: the turn limit was reached.";
      return fmt::format("{} the round!", says(seat, o, "win", "wins"));
    case EventKind::card_dealt:
      if (o.viewer == kSeesEverything || o.viewer == seat)
        return fmt::format("{} dealt {}.", says(seat, o, "are", "is"), card);
      return fmt::format("{} dealt a card.", says(seat, o, "are", "is"));
    case EventKind::finish_penalty:
      return fmt::format("{} {} instead of going out on {}, which may not finish a hand.",
                         says(seat, o, "draw", "draws"), plural(e.count, "card"), card);
  }
  return "?";  // not reached: every kind is handled above
}

}  // namespace

std::vector<std::string> describe_events(std::span<const Event> events, const EventTextOptions& o) {
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    if (e.kind != EventKind::card_drawn) {
      lines.push_back(one_event(e, o));
      continue;
    }
    // A run of draws by one seat, and the penalty it paid, if that is why it drew. A stock that
    // ran out midway is shuffled anew between two of its draws: the run goes on through it (it
    // read as a draw of its own and a smaller penalty), and the reshuffle is told first.
    std::string cards;
    int n = 0;
    std::size_t j = i;
    const auto drawn_by_seat = [&](std::size_t k) {
      return k < events.size() && events[k].kind == EventKind::card_drawn &&
             events[k].seat == e.seat;
    };
    for (;;) {
      for (; drawn_by_seat(j); ++j, ++n) cards += " " + card_text(events[j].card, o.colour);
      std::size_t next = j;
      while (next < events.size() && events[next].kind == EventKind::stock_reshuffled) ++next;
      if (next == j || !drawn_by_seat(next)) break;
      for (; j < next; ++j) lines.push_back(one_event(events[j], o));
    }
    // What the draws were for follows them: a stock that ran short says so first.
    const auto by_seat = [&](std::size_t k, EventKind kind) {
      return k < events.size() && events[k].kind == kind && events[k].seat == e.seat;
    };
    if (by_seat(j, EventKind::stock_exhausted) &&
        (by_seat(j + 1, EventKind::penalty_paid) || by_seat(j + 1, EventKind::last_card_penalty) ||
         by_seat(j + 1, EventKind::finish_penalty)))
      lines.push_back(one_event(events[j++], o));
    std::string why, after;
    if (by_seat(j, EventKind::penalty_paid)) {
      why = "penalty ";
      ++j;
    } else if (by_seat(j, EventKind::last_card_penalty)) {
      why = call_label(call_rules(o.engine), events[j].extra == 1) + " penalty ";
      ++j;
    } else if (by_seat(j, EventKind::finish_penalty)) {
      after = fmt::format(" instead of going out on {}, which may not finish a hand",
                          card_text(events[j].card, o.colour));
      ++j;
    }
    const bool shown = o.viewer == kSeesEverything || o.viewer == e.seat;
    std::string line = says(e.seat, o, "draw", "draws") + " " + std::to_string(n) + " " + why +
                       (n == 1 ? "card" : "cards") + after;
    line += shown ? ":" + cards : ".";
    lines.push_back(std::move(line));
    i = j - 1;
  }
  return lines;
}

std::vector<std::string> describe_position(const Engine& engine, const State& s, bool colour) {
  std::vector<std::string> lines;
  for (int seat = 0; seat < s.players(); ++seat) {
    std::string cards;
    s.hand(seat).for_each([&](Card c) { cards += " " + card_text(c, colour); });
    std::string marks;
    if (!s.over() && seat == s.turn) marks += " (to act)";
    if (seat == s.dealer) marks += " (dealer)";
    const std::string call = call_label(engine.variant().last_card);
    if (seat == s.catchable) marks += " (may be caught: no " + call + " call)";
    if ((s.owes_last_card >> seat) & 1u) marks += " (owes a " + call + " penalty)";
    if (const std::uint32_t turns = turns_to_miss(s, seat); turns == 1)
      marks += " (misses the next turn)";
    else if (turns > 1)
      marks += fmt::format(" (misses the next {} turns)", turns);
    lines.push_back(fmt::format("Seat {}{}: {}{}", seat, marks, plural(s.hand(seat).size(), "card"),
                                cards.empty() ? "" : ":" + cards));
  }
  std::string table = fmt::format("Top card {}", card_text(s.top(), colour));
  if (s.named_suit != Suit::none) table += fmt::format(", {} named", suit_name(s.named_suit));
  table += fmt::format("; suit in force {}", suit_name(engine.suit_in_force(s)));
  if (s.demand >= 0) {
    const Effect& e = engine.variant().specials[static_cast<std::size_t>(s.demand)];
    if (s.named_rank != kNoRank)
      table +=
          fmt::format("; seat {} named {}: {} ({})", s.demand_by, rank_symbol(s.named_rank),
                      detail::named_rank_words(rank_symbol(s.named_rank), selector_words(e.demand),
                                               fmt::format("seat {}", s.demand_by)),
                      e.name);
    else
      table += fmt::format("; the next card must be {} ({})", selector_words(e.demand), e.name);
  }
  lines.push_back(table + ".");
  if (s.pending.active()) {
    const Effect& e = engine.variant().specials[static_cast<std::size_t>(s.pending.effect)];
    const PenaltyCost p = penalty_cost(s.pending.draw, s.pending.skip, e.waits,
                                       fmt::format("seat {}", s.turn), s.players());
    lines.push_back(fmt::format("Pending ({}): {}{}{}.", e.name, p.cost,
                                e.answerable() ? " unless answered" : "", p.after));
  }
  lines.push_back(fmt::format(
      "Stock {}, discard pile {}; {}; play goes {}; {} so far.", plural(s.stock.size(), "card"),
      plural(s.discard.size(), "card"), plural(s.reshuffles, "reshuffle"),
      direction_name(s.seats.direction()), plural(s.decisions, "decision")));
  if (s.over()) {
    lines.push_back(s.winner >= 0 ? fmt::format("The round is over: seat {} won.", s.winner)
                                  : std::string("The round is over: a stalemate."));
    return lines;
  }
  ActionList legal;
  engine.legal_actions(s, legal);
  std::string moves;
  for (const Action a : legal) moves += (moves.empty() ? "" : ", ") + to_string(a);
  lines.push_back(
      fmt::format("{}Legal: {}.", s.phase == Phase::after_draw ? "After a draw. " : "", moves));
  // What the other seats may do before the seat to act (QA: "Legal:" read as the whole list,
  // and left out the jump-in or late call that came next): a late call, a catch, a jump-in.
  std::string others;
  const auto add = [&](Action a) {
    if (engine.check(s, a) == Refusal::none) others += (others.empty() ? "" : ", ") + to_string(a);
  };
  if (s.catchable >= 0 && s.catchable != s.turn) add(Action::call(s.catchable));
  // In the order play_round asks: the catches in order of play, then the jump-ins.
  for (int k = 1; k < s.players(); ++k) {
    const int seat = s.seats.after(s.turn, k);
    if (s.catchable >= 0 && seat != s.catchable) add(Action::challenge(seat, s.catchable));
  }
  for (int k = 1; s.jump_open && k < s.players(); ++k) {
    engine.jump_ins(s, s.seats.after(s.turn, k), legal);
    for (const Action a : legal) others += (others.empty() ? "" : ", ") + to_string(a);
  }
  if (!others.empty()) lines.push_back(fmt::format("Out of turn, first: {}.", others));
  return lines;
}

}  // namespace switchcards
