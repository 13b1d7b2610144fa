// The engine's invariants as plain checks, shared by the property test
// (tests/unit/test_invariants.cpp) and the engine fuzz target (tests/fuzz/fuzz_engine.cpp).
// Each check returns what is broken ("" when nothing is); they are cheap enough to run after
// every action. docs/reliability.md lists the invariants.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "switchcards/engine/action.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/state.hpp"
#include "switchcards/engine/view.hpp"

namespace switchcards::testing {

// How many copies of each card kind a state holds, over stock, discard pile and hands.
using Census = std::array<int, kCardKinds>;

inline Census census(const State& s) {
  Census out{};
  for (Card c : s.stock.cards()) ++out[c.index()];
  for (Card c : s.discard.cards()) ++out[c.index()];
  for (int seat = 0; seat < kMaxSeats; ++seat)
    s.hands[seat].for_each([&](Card c) { ++out[c.index()]; });
  return out;
}

// How many cards a state holds in all.
inline int card_count(const State& s) {
  int n = s.stock.size() + s.discard.size();
  for (const Hand& h : s.hands) n += h.size();
  return n;
}

// The census of a freshly built deck (what deal() shuffles).
inline Census census(const Pile& deck) {
  Census out{};
  for (Card c : deck.cards()) ++out[c.index()];
  return out;
}

inline std::string census_diff(const Census& want, const Census& got) {
  std::string out;
  for (int i = 0; i < kCardKinds; ++i)
    if (want[i] != got[i])
      out += " " + to_string(Card::from_index(i)) + ": " + std::to_string(want[i]) + " -> " +
             std::to_string(got[i]);
  return out;
}

// Internal consistency of a hand: its size is the sum of its counts, its kinds those counted.
inline std::string check_hand(const Hand& h) {
  int total = 0;
  CardMask kinds;
  for (int i = 0; i < kCardKinds; ++i) {
    const Card c = Card::from_index(i);
    total += h.count(c);
    if (h.count(c) > 0) kinds.insert(c);
  }
  if (total != h.size()) return "hand size " + std::to_string(h.size()) + " != sum of counts";
  if (!(kinds == h.kinds())) return "hand kinds disagree with its counts";
  return "";
}

// Every accessor of a seat's view, as text: two states that differ only in what the seat may
// not see must give the same text.
inline std::string view_text(const PlayerView& v) {
  std::string out;
  auto add = [&](long x) {
    out += std::to_string(x);
    out += ',';
  };
  add(v.seat());
  add(v.players());
  add(v.turn());
  add(v.my_turn());
  add(static_cast<int>(v.direction()));
  add(v.dealer());
  add(static_cast<int>(v.phase()));
  add(v.top().index());
  add(static_cast<int>(v.named_suit()));
  add(static_cast<int>(v.suit_in_force()));
  add(static_cast<long>(v.demand().bits()));
  add(v.pending_draw());
  add(v.pending_skip());
  add(v.penalty_pending());
  add(v.stock_size());
  add(v.discard_size());
  for (int k = 0; k < v.players(); ++k) add(v.hand_size(k));
  add(v.catchable());
  add(v.winner());
  add(v.pending_effect());
  add(v.demand_effect());
  add(static_cast<int>(v.named_rank()));
  add(v.named_by());
  for (const Card c : v.turn_cards()) add(c.index());
  add(v.run_step());
  for (int k = 0; k < v.players(); ++k) add(v.owes_last_card(k) * 2 + v.misses_turn(k));
  for (int k = 0; k < v.players(); ++k) add(static_cast<int>(v.turns_to_miss(k)));
  add(v.decisions());
  add(v.reshuffles());
  v.hand().for_each([&](Card c) { add(c.index()); });
  add(v.drawn() ? v.drawn()->index() : -1);
  return out;
}

// `s` with everything `seat` cannot see dealt differently: the other hands and the stock are
// pooled, shuffled and dealt back in the same sizes.
inline State rehide(const State& s, int seat, Pcg32& rng) {
  State t = s;
  Pile pool;
  for (Card c : s.stock.cards()) pool.push(c);
  for (int k = 0; k < s.players(); ++k)
    if (k != seat) s.hands[k].for_each([&](Card c) { pool.push(c); });
  shuffle(pool.cards(), rng);
  t.stock.clear();
  for (int i = 0; i < s.stock.size(); ++i) t.stock.push(pool.pop());
  for (int k = 0; k < s.players(); ++k) {
    if (k == seat) continue;
    t.hands[k].clear();
    for (int i = 0; i < s.hands[k].size(); ++i) t.hands[k].add(pool.pop());
  }
  return t;
}

// What each seat's PlayerView shows: its own hand and the public table, never a hidden card.
// The hidden accessors throw unless the view is revealed (beginner mode only). Exceptions are
// slow, so this runs once per round; check_views_hide_cards runs often.
inline std::string check_view_guards(const Engine& e, const State& s) {
  const bool beginner = e.variant().beginner_mode;
  auto throws = [](auto&& f) {
    try {
      f();
    } catch (const std::logic_error&) {
      return true;
    }
    return false;
  };
  for (int seat = 0; seat < s.players(); ++seat) {
    const PlayerView v(e, s, seat);
    const std::string who = "view of seat " + std::to_string(seat) + ": ";
    const int other = (seat + 1) % s.players();
    if (other != seat && !throws([&] { (void)v.hand_of(other); }))
      return who + "hand_of(another seat) did not throw";
    if (!throws([&] { (void)v.stock(); })) return who + "stock() did not throw";
    if (!throws([&] { (void)v.discard_pile(); })) return who + "discard_pile() did not throw";
    // std::invalid_argument is a std::logic_error too.
    const bool refused = throws([&] {
      const PlayerView open(e, s, seat, true);
      if (!(open.hand_of(other) == s.hands[other])) throw std::runtime_error("wrong hand_of");
    });
    if (refused == beginner)
      return beginner ? "beginner mode: a revealed view was refused"
                      : "a revealed view was allowed without beginner mode";
  }
  return "";
}

// Every seat's view shows its own hand and never a card it may not see: the view's whole output
// is unchanged when the cards hidden from it are dealt differently.
inline std::string check_views_hide_cards(const Engine& e, const State& s, Pcg32& rng) {
  for (int seat = 0; seat < s.players(); ++seat) {
    const PlayerView v(e, s, seat);
    const std::string who = "view of seat " + std::to_string(seat) + ": ";
    if (!(v.hand() == s.hands[seat])) return who + "wrong hand";
    if (v.drawn() && !(s.phase == Phase::after_draw && s.turn == seat))
      return who + "shows another seat's drawn card";
    const State hidden = rehide(s, seat, rng);
    if (view_text(v) != view_text(PlayerView(e, hidden, seat)))
      return who + "changes with cards it cannot see";
  }
  return "";
}

// Stacked penalties add up exactly, never saturating or wrapping: a play that stacks onto a
// pending penalty whose stack adds, and leaves one pending, leaves the sum of the draws and
// skips (the answer's own effect's numbers, or the source's for a card without one). An answer
// of several cards (play.answers: several) leaves the penalty as it was while the turn goes on,
// and the sum over every card laid on it when the turn ends.
inline std::string check_stacking(const Engine& e, const State& before, Action a,
                                  const State& after) {
  if (a.kind() != ActionKind::play || !before.pending.active() || after.over()) return "";
  if (after.phase == Phase::laying) {
    if (!(after.pending == before.pending))
      return "laying " + to_string(a) + " on an answer changed the pending penalty";
    return "";
  }
  if (!after.pending.active()) return "";
  // The cards the turn laid on the penalty, in order: those already laid, then this one.
  std::vector<Card> cards;
  if (before.phase == Phase::laying) {
    const auto pile = before.discard.cards();
    cards.assign(pile.end() - before.laid, pile.end());
  }
  cards.push_back(a.card());
  const auto& specials = e.variant().specials;
  int effect = before.pending.effect, draw = before.pending.draw, skip = before.pending.skip;
  for (const Card card : cards) {
    const Effect& source = specials[static_cast<std::size_t>(effect)];
    if (!source.stack_adds || !source.stack.cards.contains(card) ||
        source.cancel.cards.contains(card))
      return "";
    int own = effect;
    for (std::size_t i = 0; i < specials.size(); ++i)
      if (specials[i].cards.cards.contains(card)) own = static_cast<int>(i);
    const Effect& x = specials[static_cast<std::size_t>(own)];
    draw += x.draw;
    skip += x.skip;
    if (x.is_attack()) effect = own;
  }
  if (std::cmp_not_equal(after.pending.draw, draw) || std::cmp_not_equal(after.pending.skip, skip))
    return "stacking " + to_string(a) + " onto draw " + std::to_string(before.pending.draw) +
           ", skip " + std::to_string(before.pending.skip) + " left draw " +
           std::to_string(after.pending.draw) + ", skip " + std::to_string(after.pending.skip) +
           ", not " + std::to_string(draw) + ", " + std::to_string(skip);
  return "";
}

// The invariants of one state of a round whose cards are `deck`: every card in exactly one
// place; a consistent table; a running round offers the seat to act at least one action and
// every action it lists is accepted (on a copy); an ended round has a winner with an empty hand
// or was a stalemate, and offers nothing.
inline std::string check_state(const Engine& e, const State& s, const Census& deck) {
  const Census now = census(s);
  if (now != deck) return "cards lost or made:" + census_diff(deck, now);
  const int players = s.players();
  if (players < 1 || players > kMaxSeats) return "bad player count";
  if (s.turn >= players) return "turn is not a seat";
  if (s.discard.empty()) return "empty discard pile";
  for (int seat = 0; seat < kMaxSeats; ++seat) {
    if (seat >= players) {
      if (!(s.hands[seat] == Hand{})) return "cards held by a seat that is not there";
    } else if (auto h = check_hand(s.hands[seat]); !h.empty()) {
      return "seat " + std::to_string(seat) + ": " + h;
    }
  }
  const int effects = static_cast<int>(e.variant().specials.size());
  if (s.pending.effect < -1 || s.pending.effect >= effects) return "pending effect out of range";
  if (s.demand < -1 || s.demand >= effects) return "demand out of range";
  if (s.catchable < -1 || s.catchable >= players) return "catchable is not a seat";
  ActionList legal;
  e.legal_actions(s, legal);
  if (s.over()) {
    if (!legal.empty()) return "actions listed after the round ended";
    const bool won = s.winner >= 0 && s.winner < players && s.hands[s.winner].empty();
    if (won == s.stalemate) return "an ended round needs exactly one of a winner and a stalemate";
    return "";
  }
  if (s.winner >= 0 || s.stalemate) return "a running round has a result";
  if (legal.empty()) return "no legal action while the round is running";
  const Hand& hand = s.hands[s.turn];
  // After a draw the seat decides on the card it drew, which it holds and which matches the
  // table: the engine enters this phase only for such a card (its legal actions then offer the
  // drawn card whether it matches or not).
  if (s.phase == Phase::after_draw) {
    if (!hand.contains(s.drawn)) return "the drawn card is not in the hand of the seat to act";
    State in_play = s;
    in_play.phase = Phase::play;
    if (!e.playable_kinds(in_play).contains(s.drawn))
      return "the drawn card " + to_string(s.drawn) + " does not match the table";
  }
  // The documented order: plays first (agents rely on it), then draw or pass, then a challenge
  // or a late call.
  for (int i = 1; i < legal.size(); ++i)
    if (legal[i].kind() == ActionKind::play && legal[i - 1].kind() != ActionKind::play)
      return "a play listed after another action: " + to_string(legal[i]);
  for (Action a : legal) {
    if (a.seat() != s.turn) return "listed for another seat: " + to_string(a);
    if (e.check(s, a) != Refusal::none) return "listed but check() refuses: " + to_string(a);
    State copy = s;
    if (!e.apply(copy, a)) return "listed but refused: " + to_string(a);
    // The full census runs on the state the round goes on with; here the count suffices.
    if (card_count(copy) != card_count(s)) return "cards lost or made by " + to_string(a);
    if (auto b = check_stacking(e, s, a, copy); !b.empty()) return b;
    if (a.kind() == ActionKind::play) {
      const Refusal last = e.check(s, a.with_last());
      if (e.variant().last_card.call_allowed(hand.size()) != (last == Refusal::none))
        return "'last' wrongly " + std::string(last == Refusal::none ? "accepted" : "refused") +
               ": " + to_string(a.with_last());
    }
  }
  return "";
}

// Applies an action that may well be illegal. A refusal must leave the state exactly as it was
// and agree with check(); an acceptance must be of an action legal_actions listed (modulo the
// 'last' call), or a challenge (which any seat may make).
inline std::string apply_checked(const Engine& e, State& s, Action a, bool& accepted) {
  const State before = s;
  const Refusal predicted = e.check(s, a);
  ActionList legal;
  e.legal_actions(s, legal);
  const ApplyResult r = e.apply(s, a);
  accepted = r.ok();
  if (r.refusal != predicted) return "apply and check disagree on " + to_string(a);
  if (!accepted) {
    if (!(s == before)) return "refused but changed the state: " + to_string(a);
    return "";
  }
  // Out of turn: a challenge from any seat, a late call from the seat that forgot, a jump-in
  // (identical.jump_in) of a seat that jump_ins listed it for.
  ActionList jumps;
  if (a.kind() == ActionKind::play && a.seat() < before.players())
    e.jump_ins(before, a.seat(), jumps);
  const bool listed = legal.contains(a) || legal.contains(a.with_last(false)) ||
                      jumps.contains(a.with_last(false)) || a.kind() == ActionKind::challenge ||
                      a.kind() == ActionKind::call;
  if (!listed) return "accepted but not listed: " + to_string(a);
  return "";
}

// An action of any kind with arbitrary fields (mostly illegal), built by `pick(bound)`.
template <typename Pick>
Action arbitrary_action(Pick&& pick, int players) {
  const int seat = static_cast<int>(pick(static_cast<std::uint32_t>(players + 1)));
  switch (pick(7)) {
    case 0:
      return Action::draw(seat);
    case 6:
      return Action::call(seat);
    case 1:
      return Action::pass(seat);
    case 2:
      return Action::challenge(seat,
                               static_cast<int>(pick(static_cast<std::uint32_t>(players + 1))));
    case 3: {
      // Raw bytes, as if read from elsewhere: the engine must refuse what no factory makes.
      const std::uint32_t raw = pick(0xffffffffu);
      return std::bit_cast<Action>(raw);
    }
    default: {
      const Card card = Card::from_index(static_cast<int>(pick(kCardKinds)));
      const Suit named = static_cast<Suit>(pick(kSuitCount + 1));
      return Action::play(seat, card, named, pick(4) == 0);
    }
  }
}

// What one checked round did.
struct RoundReport {
  std::string broken;  // the first broken invariant, "" if none
  long accepted = 0;   // actions applied
  long refused = 0;    // illegal actions tried and refused
  bool ended = false;  // the round ended (a winner or the stalemate guard)
  bool stalemate = false;
  int max_pending_draw = 0;     // the largest pending draw the round saw
  long jump_ins = 0;            // jump-ins applied (identical.jump_in)
  long answers_laid_on = 0;     // cards laid on an answer already laid (play.answers: several)
  long final_calls_missed = 0;  // final cards played without the call, whose player drew and
                                // played on (last_card.final_call)
};

// Plays a round from `s`, checking every invariant after every action. Choices come from
// `pick(bound)` (a number below bound): mostly a listed action (a play, when there is one, seven
// times in eight; with or without 'last'), else an
// arbitrary action, a challenge from any seat or a late call, most of them illegal. `twin` starts
// equal to `s` (dealt separately by `twin_engine`, built from the same variant) and is given every
// accepted action, through Engine::apply_at_once where it takes it: it must stay equal
// (determinism, and the fast path's agreement with apply). Views are checked every `view_every`
// steps (0: never). Stops when the round ends, when `more()` turns false, or with a broken
// invariant when the round outlasts its turn limit. The accepted actions are appended to `record`
// if given.
template <typename Pick, typename More>
RoundReport play_checked(const Engine& e, State s, const Engine& twin_engine, State twin,
                         const Census& deck, Pick&& pick, More&& more, int view_every,
                         std::vector<Action>* record = nullptr) {
  RoundReport r;
  auto fail = [&](const std::string& what) {
    r.broken = "after " + std::to_string(r.accepted) + " actions: " + what;
    return r;
  };
  if (!(s == twin)) return fail("the same deal twice gave different states");
  Pcg32 hide_rng = s.rng;  // a copy: hidden cards are re-dealt without touching the round
  const long limit = 4L * e.variant().round.turn_limit + 64;
  ActionList legal;
  for (long step = 0;; ++step) {
    if (auto b = check_state(e, s, deck); !b.empty()) return fail(b);
    r.max_pending_draw = std::max<int>(r.max_pending_draw, s.pending.draw);
    if (view_every > 0 && step % view_every == 0) {
      if (step == 0)
        if (auto b = check_view_guards(e, s); !b.empty()) return fail(b);
      if (auto b = check_views_hide_cards(e, s, hide_rng); !b.empty()) return fail(b);
    }
    if (s.over()) {
      r.ended = true;
      r.stalemate = s.stalemate;
      return r;
    }
    if (!more()) return r;
    // Accepted actions, not attempts: a stream of refused ones (arbitrary actions, raw bytes)
    // leaves the round where it was and only `more()` ends it.
    if (r.accepted > limit) return fail("the round outlasted its turn limit");
    Action a;
    // Now and then a jump-in (identical.jump_in) of a random seat that has one. Only where the
    // window is open, so the other variants' rounds draw from `pick` as they always did.
    bool jumped = false;
    if (s.jump_open) {
      e.jump_ins(s, static_cast<int>(pick(static_cast<std::uint32_t>(s.players()))), legal);
      if (!legal.empty() && pick(2) == 0) {
        a = legal[static_cast<int>(pick(static_cast<std::uint32_t>(legal.size())))];
        jumped = true;
      }
    }
    const std::uint32_t choice = jumped ? 16 : pick(16);
    if (jumped) {
      // a is the jump-in
    } else if (choice < 12) {
      // Mostly a play when there is one, as players do: drawing at random whenever allowed
      // makes rounds run into the turn limit.
      e.legal_actions(s, legal);
      int plays = 0;
      while (plays < legal.size() && legal[plays].kind() == ActionKind::play) ++plays;
      const bool play = plays > 0 && pick(8) != 0;
      a = legal[static_cast<int>(pick(static_cast<std::uint32_t>(play ? plays : legal.size())))];
      if (a.kind() == ActionKind::play &&
          e.variant().last_card.call_allowed(s.hands[s.turn].size()) && pick(2) == 0)
        a = a.with_last();
    } else if (choice < 14 || s.catchable < 0) {
      a = arbitrary_action(pick, s.players());
    } else if (choice == 14) {
      a = Action::challenge(static_cast<int>(pick(static_cast<std::uint32_t>(s.players()))),
                            s.catchable);
    } else {
      a = Action::call(s.catchable);  // the forgetter calls late (refused where not allowed)
    }
    const bool lays_on_answer =
        s.phase == Phase::laying && s.pending.active() && a.kind() == ActionKind::play;
    const bool final_without_call = e.variant().last_card.final_call > 0 && a.well_formed() &&
                                    a.kind() == ActionKind::play && !a.calls_last() &&
                                    a.seat() < s.players() && s.hands[a.seat()].size() == 1 &&
                                    !e.variant().round.no_finish.cards.cards.contains(a.card());
    bool accepted = false;
    if (auto b = apply_checked(e, s, a, accepted); !b.empty()) return fail(b);
    if (!accepted) {
      ++r.refused;
      continue;
    }
    ++r.accepted;
    r.jump_ins += jumped;
    r.answers_laid_on += lays_on_answer;
    r.final_calls_missed += final_without_call && !s.over();
    if (record) record->push_back(a);
    // The twin tries apply_at_once first, as play_round does: the two paths must agree too.
    if (!twin_engine.apply_at_once(twin, a) && !twin_engine.apply(twin, a))
      return fail("the twin refused " + to_string(a));
    if (!(twin == s)) return fail("the same action on the same state differed: " + to_string(a));
  }
}

}  // namespace switchcards::testing
