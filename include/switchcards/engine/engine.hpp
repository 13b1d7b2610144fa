// Engine: applies a Variant's rules to States. Built once from a Variant, it compiles the
// specials into flat per-card tables so the hot path (legal_actions, apply) never looks at
// strings or YAML-shaped data and never allocates. An illegal action is refused with a
// reason and leaves the state untouched. Consequences nobody chooses (a skipped seat, a
// last-card penalty due at a turn's start) are applied by the engine, so the seat to act
// always has a decision.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/core/card_mask.hpp"
#include "switchcards/core/compiler.hpp"
#include "switchcards/core/deck.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/engine/action.hpp"
#include "switchcards/engine/check_variant.hpp"
#include "switchcards/engine/event.hpp"
#include "switchcards/engine/state.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {

// Why an action was refused.
enum class Refusal : std::uint8_t {
  none,
  round_over,
  no_such_seat,
  not_your_turn,
  card_not_in_hand,
  not_playable,
  must_answer_penalty,
  demand_not_met,
  suit_not_followed,
  suit_required,
  suit_not_allowed,
  last_not_allowed,
  cap_exceeded,
  must_play_drawn_or_pass,
  draw_not_allowed,
  pass_not_allowed,
  nothing_to_challenge,
  cannot_challenge_self,
  malformed,
  not_on_top,
  late_call_not_allowed,
  nothing_to_call,
  cannot_finish_on,
  must_play_drawn,
  not_a_deflection,
  swap_target_required,
  swap_target_not_allowed,
  cannot_swap_with_self,
  does_not_follow,
  draw_while_laying,
  cannot_jump_in,
  does_not_stack,
  answer_does_not_match,
  holds_suit_in_force,
  rank_required,
  rank_not_nameable,
  nothing_to_name,
};
// One past the last Refusal: the tables of texts and names below are sized by it, so a refusal
// added above without its text and name does not compile.
inline constexpr int kRefusalCount = static_cast<int>(Refusal::nothing_to_name) + 1;

// The refusal's name as the enumerator spells it ("" for none), for programs that match on it
// (the Python package's IllegalAction.refusal).
constexpr std::string_view refusal_name(Refusal r) {
  constexpr std::string_view kNames[] = {"",
                                         "round_over",
                                         "no_such_seat",
                                         "not_your_turn",
                                         "card_not_in_hand",
                                         "not_playable",
                                         "must_answer_penalty",
                                         "demand_not_met",
                                         "suit_not_followed",
                                         "suit_required",
                                         "suit_not_allowed",
                                         "last_not_allowed",
                                         "cap_exceeded",
                                         "must_play_drawn_or_pass",
                                         "draw_not_allowed",
                                         "pass_not_allowed",
                                         "nothing_to_challenge",
                                         "cannot_challenge_self",
                                         "malformed",
                                         "not_on_top",
                                         "late_call_not_allowed",
                                         "nothing_to_call",
                                         "cannot_finish_on",
                                         "must_play_drawn",
                                         "not_a_deflection",
                                         "swap_target_required",
                                         "swap_target_not_allowed",
                                         "cannot_swap_with_self",
                                         "does_not_follow",
                                         "draw_while_laying",
                                         "cannot_jump_in",
                                         "does_not_stack",
                                         "answer_does_not_match",
                                         "holds_suit_in_force",
                                         "rank_required",
                                         "rank_not_nameable",
                                         "nothing_to_name"};
  static_assert(std::size(kNames) == kRefusalCount);
  return kNames[static_cast<int>(r)];
}

constexpr std::string_view describe(Refusal r) {
  constexpr std::string_view kText[] = {
      "accepted",
      "the round is over",
      "there is no such seat",
      "it is not this seat's turn",
      "the card is not in the seat's hand",
      "the card matches neither the suit nor the rank of the top card",
      "a penalty is pending: take it, or answer it with a card that stacks on it or cancels "
      "it, where the variant has one",
      "the card does not satisfy the demand in force",
      "the card does not follow the named suit",
      "this card names a suit: give one",
      "this card names no suit",
      "'last' is called only with the play that leaves exactly one card (and, with "
      "last_card.final_call, with the final card)",
      "the answer would raise the pending penalty above its cap",
      "after drawing, only the drawn card may be played, or pass",
      "drawing is not allowed now (a playable card is held) under draw.when_playable: false, "
      "or while a skip is pending (pass to take it)",
      "passing is allowed only after a draw or to take a pending skip",
      "no seat can be challenged now",
      "a seat cannot challenge itself",
      "the action is malformed (an unknown kind, a card that does not exist, or stray bits)",
      "this card may not be played on the top card (not_on)",
      "this variant takes the \"last card\" call only with the play",
      "only a seat that has just left itself one card without calling may call late, before it "
      "is caught or the next player acts",
      "a hand may not be emptied with this card (round.no_finish): keep it and draw",
      "a playable drawn card must be played (draw.after: must_play_drawn)",
      "this card does not deflect the pending penalty (its special lists it under neither "
      "deflect, stack nor cancel): answer with one that does, or take it",
      "this card swaps hands: give the seat to swap with ('swap T')",
      "this card swaps no hands: give no seat to swap with",
      "a seat cannot swap hands with itself",
      "in a turn of several cards each further card follows the card laid before it (play.several: "
      "the same rank, or the next card of the run): lay one that does, or pass to end the turn",
      "a turn of several cards is under way: lay a card that follows, or pass to end the turn",
      "out of turn a card may be played only to jump in: a card identical to the top, just after "
      "it was played, that would be legal in turn, by a seat that owes no last-card penalty and "
      "misses no turn (identical.jump_in)",
      "a turn that answers a penalty with several cards goes on only with cards that stack on "
      "it within its cap (play.answers: several): lay one that does, or pass to end the turn",
      "an answer to this penalty must also be a card a plain play could lay on the top card: of "
      "its suit or rank, of the suit named if one is, or one demanded (answers_match)",
      "this card may be played only by a player who holds no other card of the suit in force: "
      "the top card's, or the suit named (only_without_suit)",
      "the card just played names a rank (names_rank): its player names one now ('S name "
      "RANK') before anything else is played",
      "this rank is not one the card just played may name (its special's names_rank)",
      "no card is waiting for a rank to be named: 'name' follows the play of a card of a "
      "special's names_rank",
  };
  static_assert(std::size(kText) == kRefusalCount);
  return kText[static_cast<int>(r)];
}

// The result of apply: accepted, or refused with a reason (the state is then unchanged).
struct ApplyResult {
  Refusal refusal = Refusal::none;
  bool ok() const { return refusal == Refusal::none; }
  explicit operator bool() const { return ok(); }
  std::string_view reason() const { return describe(refusal); }
};

// What deal() reports: the turned-up card only (simulations, the default), or every card.
enum class DealEvents { turned_up_card, every_card };

// An exact position (as scenarios give it) instead of a shuffled deal.
struct Position {
  std::vector<std::vector<Card>> hands;  // seat 0 first
  std::vector<Card> discard;             // bottom first; the last is the top
  std::vector<Card> stock;               // top first
  int turn = 0;
  Direction direction = Direction::clockwise;
  Suit suit = Suit::none;  // a suit in force: the top card must be one that names a suit
  std::uint64_t seed = 0;  // drives reshuffles
};

namespace detail {
// A number no Engine built before in this process has (Engine::id).
inline std::uint64_t next_engine_id() {
  static std::atomic<std::uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}
}  // namespace detail

// Every State given to an Engine must be one of its variant (dealt or positioned by an Engine
// of it, or read with it by state_from_json): the Engine takes that on trust, as a check would
// cost every call, and another variant's State can index past its compiled tables.
// check_state(engine, state) (io/json.hpp) says whether a State from elsewhere fits.
class Engine {
 public:
  // Throws std::invalid_argument with check_variant's message (engine/check_variant.hpp) for
  // a variant the loader would have refused, e.g. "deal.hand_size: 0 is out of range (allowed:
  // 1..160)".
  explicit Engine(Variant variant) : variant_(std::move(variant)) {
    if (std::string problem = check_variant(variant_); !problem.empty())
      throw std::invalid_argument(std::move(problem));
    compile();
  }

  const Variant& variant() const { return variant_; }
  // Which engine this is: every Engine built from a variant gets a number of its own, and its
  // copies share it (they hold the same variant, which no Engine changes). An agent keeps what
  // it works out from the variant under this number, so a new variant is noticed even where an
  // Engine is built at an old one's address, without comparing the rules every decision.
  std::uint64_t id() const { return id_; }
  // The special effect a card carries, or nullptr.
  const Effect* effect_of(Card c) const {
    const int e = effect_index_[c.index()];
    return e < 0 ? nullptr : &variant_.specials[e];
  }

  // ---- starting a round ----------------------------------------------------------------

  // Shuffles the variant's deck for `players` with `seed`, deals from the dealer's left, turns
  // up the first card and applies it if the variant says so. The seat left of the dealer
  // acts first; by default (-1) the dealer is the last seat, so seat 0 starts. Throws
  // std::invalid_argument for a seat count outside 1 to kMaxSeats or a dealer out of range.
  // The variant's players range is not checked: the engine plays any table it can deal (the
  // engine fuzzer deals 1 to kMaxSeats seats in every variant); require_player_count
  // (rules/variant.hpp) checks the range where it matters. `events` gets the
  // turned-up card and what it did; with DealEvents::every_card also one card_dealt event per
  // card dealt, in dealing order, for a table that animates the deal (mask them per seat
  // with seen_by: each card is its receiver's alone).
  State deal(int players, std::uint64_t seed, int dealer = -1, EventBuffer* events = nullptr,
             DealEvents shown = DealEvents::turned_up_card) const;

  // An exact position. Throws std::invalid_argument for impossible positions (no discard
  // pile, a seat out of range, more seats than supported, a seat without cards (that round
  // would be over), more cards than fit, a card the
  // variant's deck for that many players does not hold that often). As for deal, the
  // variant's players range is not checked: 1 to kMaxSeats hands are taken.
  State position(const Position& p) const;
  // The unshuffled deck for `players` (the variant's deck.decks copies of its cards). Throws
  // std::invalid_argument for a deck the variant cannot make.
  Pile deck(int players) const;

  // ---- playing ---------------------------------------------------------------------------

  // Every legal action of the seat to act (a wild once per suit), plus a challenge it could
  // make now, or its own late "last card" call (last_card.late_call). In this order: the plays
  // by card index (a wild's suits in suit order), then draw or pass, then the challenge or the
  // call. Plays are listed without the "last card" call; `a.with_last()` is accepted too
  // wherever the call is allowed (LastCardRules::call_allowed: the play leaves exactly one card, or
  // under last_card.final_call empties the hand). Empty only when the round is over.
  void legal_actions(const State& s, ActionList& out) const;

  // Applies `a`, appending what happened to `events` (if given). Refused actions leave `s`
  // untouched. A challenge may come from any seat, a late call from the seat that may be
  // caught; every other action from the seat to act.
  ApplyResult apply(State& s, Action a, EventBuffer* events = nullptr) const;
  // apply for the commonest actions only, in a few instructions: a card that names no suit and
  // moves no hands (plain or special) from a hand of three or more that matches the top with no
  // suit named, no demand and no penalty pending, or that was just drawn; a plain one-card draw
  // where drawing is always allowed. Returns whether it applied `a` (exactly as apply would); false
  // leaves `s` untouched, for apply to do. A loop that calls apply out of line (play_round) tries
  // this first, inline: apply's own entry saves and unpacks more than these actions need.
  bool apply_at_once(State& s, Action a, EventBuffer* events = nullptr) const;

  // Why `a` would be refused now (Refusal::none if it would be accepted).
  Refusal check(const State& s, Action a) const;

  // identical.jump_in: the plays `seat` may make out of turn now (a wild once per suit, a swap
  // card once per target, as legal_actions lists them), empty when it may not jump in. A jump-in
  // is a play of a card identical to the top (same_card: rank and suit; same_rank: rank) by a
  // seat other than the seat to act, right after the top was played (State::jump_open), that
  // would be legal were it that seat's turn, by a seat that owes no last-card penalty and is to
  // miss no turn (its turn would start with those). Applied, play continues from the jumper as if
  // it had played in turn; the seats in between lose their turn.
  void jump_ins(const State& s, int seat, ActionList& out) const;
  // Whether `c` is identical to `top` in the sense of identical.jump_in.
  bool jumps_onto(Card c, Card top) const { return jumps_onto_[top.index()].contains(c); }

  // ---- questions a viewer asks -------------------------------------------------------------

  // The suit that binds the next play: a named suit if one is in force, else the top's suit.
  Suit suit_in_force(const State& s) const {
    return s.named_suit != Suit::none ? s.named_suit : s.top().suit();
  }
  // Whether playing `c` names a suit (a wild with names_suit).
  bool names_suit(Card c) const { return names_suit_.contains(c); }
  // The cards played only without another card of the suit in force (only_without_suit).
  CardMask only_without_suit() const { return only_without_suit_; }
  // Whether playing `c` swaps hands with a seat the play names (specials' swap_hands).
  bool swaps_hands(Card c) const { return swap_cards_.contains(c); }
  // The cards the seat to act could play now, as kinds (ignoring how many are held).
  CardMask playable_kinds(const State& s) const;
  // The cards of the demand in force, if any: its special's demand, and the rank named (a
  // special's names_rank) where one is.
  CardMask demand_cards(const State& s) const { return s.demand >= 0 ? demanded(s) : CardMask{}; }
  // The ranks playing `c` has its player name (a special's names_rank): a bit per Rank; 0 for
  // a card that names none.
  std::uint16_t rank_choices(Card c) const {
    const int e = effect_index_[c.index()];
    return e >= 0 ? compiled_[e].rank_choices : std::uint16_t{0};
  }

 private:
  struct CompiledEffect {
    CardMask demand, stack, cancel, deflect;
    std::uint16_t draw = 0, skip = 0, cap = 0;
    std::uint16_t rank_choices = 0;  // names_rank: a bit per Rank its player may name
    bool attack = false, stack_adds = true, miss_turn = true, reverse = false,
         reverse_skips_with_two = true, back = false, play_again = false,
         deflect_to_attacker = true, moves_hands = false, answers_match = false, waits = false;
  };
  // Where a penalty deflected by `seat` with `card` goes, and whether the deflection reverses
  // the direction of play (a reverse that acts as a skip with two players does not).
  struct Deflection {
    int victim;
    bool reverses;
  };
  Deflection deflection(const State& s, int seat, Card card) const;

  void compile();

  // What a played card's effects leave to the movement that follows them (resolve_play).
  struct Outcome {
    int skip = 0;           // seats passed over after the next one
    bool answered = false;  // a penalty is pending for whoever plays next (new or passed on)
    enum class Next : std::uint8_t {
      next,
      back,
      again,
      identical_again,
      deflected,
      naming  // its player names a rank first (names_rank): play moves on at the name
    } next = Next::next;
    int victim = -1;  // Next::deflected: the seat the penalty goes to
  };
  // The effects of `card` (penalties, a named suit, a demand, moved hands, a reverse), without
  // moving the turn on.
  Outcome play_effects(State& s, int seat, Card card, Action play, bool identical, bool effects_on,
                       EventBuffer* ev) const;
  // Moves the turn on from `seat`, whose card `card` had the effects `o`.
  void move_on(State& s, int seat, Card card, const Outcome& o, EventBuffer* ev) const;

  // ---- play.several ----
  // The cards that may follow the top card in the turn under way (Phase::laying), or the card
  // just laid (lay).
  CardMask followers(const State& s) const;
  // The cards that follow the top card by play.several's pattern (its rank, the run's next
  // card), before play.answers asks them to stack on a pending penalty.
  CardMask follows_laid(const State& s) const;
  // follows_laid where jokers stand in runs (play.runs.jokers: stand_in), out of line: the
  // other variants never pay for it.
  CardMask follows_with_stand_ins(const State& s) const;
  // Whether the turn's run may step `step` (+1 up, -1 down): play.runs.direction, and under
  // `either` the way its first step fixed (State::run_step).
  bool run_may_step(const State& s, int step) const;
  // After `seat` laid `a`'s card under play.several: the turn goes on (Phase::laying) while a
  // held card may follow, or ends. `finish_penalty`: the card drew a round.no_finish penalty.
  void lay(State& s, int seat, Action a, bool finish_penalty, EventBuffer* ev) const;
  // Ends a turn of s.laid cards (the last one laid by `last`): their effects, then the turn
  // moves on once.
  void end_laying(State& s, int seat, Action last, EventBuffer* ev) const;

  // The penalty after `seat` stacks `card` on `p` (`p`'s effect lists it under stack): the
  // stacking card's draw and skip added (or in place, without stack_adds), its own effect the
  // source if it attacks.
  Pending stacked(const Pending& p, int seat, Card card) const {
    return stacked(p, compiled_[p.effect], effect_index_[card.index()], seat);
  }
  // The same, given p's source effect and the card's effect index (play_effects has them).
  Pending stacked(const Pending& p, const CompiledEffect& src, int ei, int seat) const;
  // The cards of `cards` that stack on `p` within its cap (not those that cancel or deflect it).
  CardMask stacks_on(const Pending& p, CardMask cards) const;
  // The cards of `cards` that `src` (p's source effect) lists under stack and not cancel, and
  // that keep `p` within its cap (a card it lists to deflect it may be among them), added to
  // `out`.
  CardMask within_cap(const Pending& p, const CompiledEffect& src, CardMask cards,
                      CardMask out = {}) const;
  // play.answers: several — the penalty as it stands after the cards of the turn under way
  // (`laid`, in the order laid) stacked on the pending one.
  Pending stacked_by(const State& s, int seat, std::span<const Card> laid) const;
  // followers in a turn that answers a pending penalty: none (the answer is one card) unless
  // play.answers is several and the first card laid stacked on the penalty (rather than
  // cancelling or deflecting it); then those of `follow` (the cards that follow by the
  // pattern) that stack on the penalty as it stands after the cards laid so far.
  CardMask stacking_followers(const State& s, CardMask follow) const;
  // round.final_card_draws for a hand emptied by the last card of an answer of several cards
  // (play.answers: several; the card is on top): the penalty with every card of the turn
  // stacked on it.
  int several_answer_draw(const State& s, int seat) const;

  // What may be played on the top card with no pending penalty.
  CardMask matching(const State& s) const;
  // What matches the top card by suit (the one in force) or rank, or is wild, or meets the
  // demand: matching() without not_on, which does not bind answers (answers_match).
  CardMask answers_matching(const State& s) const;
  // What matches `top` with no suit named or demand: its suit or rank, or a wild card; any card
  // on a joker or a card of anything_on.
  CardMask plain_on(Card top) const;
  // The cards in hand that answer the pending penalty (stack within the cap, or cancel).
  CardMask answers(const State& s) const;
  // check() for everything but the common accepted play or draw (which check tests inline).
  Refusal check_in_full(const State& s, Action a) const;
  // Whether the well-formed play `a` of the seat to act, holding `hand`, is accepted as it
  // stands, its card being among `playable` (the cards it may play now).
  bool plays_at_once(const Hand& hand, CardMask playable, Action a) const;
  // A seat whose turn would begin with a last-card penalty or a missed turn (begin_turn): it
  // cannot jump in, since in its turn it would not get to play first.
  static bool owes_at_turn_start(const State& s, int seat) {
    return ((s.owes_last_card | s.misses_turn) >> seat) & 1u;
  }
  // check_in_full for an action of a seat that is not the seat to act (nor a challenge or call).
  Refusal check_out_of_turn(const State& s, Action a) const;
  bool may_draw(const State& s) const;
  // Whether forced play refuses a draw that it should allow: the only cards that match are
  // those only_without_suit refuses (may_draw does not look).
  bool forced_draw_refused(const State& s) const;
  // The cards the seat to act could play now if a last card could always go out.
  CardMask playable_ignoring_finish(const State& s) const;
  // The cards whose play would empty `seat`'s hand but may not (round.no_finish, then:
  // refused): with unless: follows_suit, a card of the suit in force may go out after all.
  CardMask finishing_refused(const State& s, int seat) const {
    if (s.hands[seat].size() != 1) return {};
    // Out of line: the test costs the variants without the rule one branch.
    if (finish_follows_suit_) [[unlikely]]
      return finishing_refused_by_suit(s);
    return no_finish_refused_;
  }
  CardMask finishing_refused_by_suit(const State& s) const;
  // The cards `seat` holds that the rest of its hand forbids it to play now: a last card that
  // may not go out (finishing_refused), and a card of only_without_suit held beside another
  // card of the suit in force (held_suit_refused).
  CardMask refused_by_hand(const State& s, int seat) const {
    // One test for the variants without only_without_suit, as finishing_refused makes.
    if (suit_held_rules_) [[unlikely]]
      return finishing_refused(s, seat) | held_suit_refused(s, seat);
    return finishing_refused(s, seat);
  }
  CardMask held_suit_refused(const State& s, int seat) const;
  // Whether the one card left in `seat`'s hand after it laid `a`, a card that may follow, may
  // not go out (round.no_finish), judged as the turn would go on: lay ends the turn then.
  bool last_follower_refused(const State& s, int seat, Action a) const;
  int draw_cards(State& s, int seat, int n, EventBuffer* ev, Card* last = nullptr) const;
  // legal_actions for round.no_finish (then: refused) and only_without_suit: removes the plays
  // that refused_by_hand refuses.
  void drop_refused_by_hand(const State& s, ActionList& out) const;
  // legal_actions and jump_ins for specials' swap_hands: each play of a swap card by `seat`,
  // once per target seat.
  void expand_swaps(const State& s, int seat, ActionList& out) const;
  // Appends `seat`'s plays of the cards in `cards` to list[n...], by card index (a wild once
  // per suit); returns the new count.
  int list_plays(int seat, CardMask cards, Action* list, int n) const;
  // A plain draw under draw.cards: until_playable: one card at a time until a playable one.
  int draw_until_playable(State& s, int seat, EventBuffer* ev, Card* last) const;
  // draw_cards for more than one card or from an empty stock (which is rebuilt).
  int draw_cards_with_reshuffle(State& s, int seat, int n, EventBuffer* ev, Card* last) const;
  // Effects of `card` just played by `seat` (or turned up for the dealer), then movement to
  // the next seat to act. `identical`: the identical-card bonus was earned.
  // `play`: the action that played it (its named suit, its swap target), or for the card
  // turned up at the deal a pass by the dealer (no suit named, no hands moved: nobody chose).
  void resolve_play(State& s, int seat, Card card, Action play, bool identical, bool effects_on,
                    EventBuffer* ev) const;
  // resolve_play out of line, for apply_at_once: a special card `seat` has just played alone,
  // with no suit named, no hands moved and no identical-card bonus. Inlined there, its code
  // crowded the loops that call apply_at_once (more spills in play_round's loop).
  void resolve_special(State& s, int seat, Card card, EventBuffer* ev) const;
  // specials' swap_hands and rotate_hands, for a card `seat` has just played.
  void move_hands(State& s, int seat, Card card, int swap_target, EventBuffer* ev) const;
  // Ends `seat`'s turn without a play (after a draw or pass): constraints that last for one
  // player lapse, then play moves `1 + extra_skips` seats on.
  void end_turn_without_play(State& s, int seat, int extra_skips, EventBuffer* ev) const;
  // The pending penalty `p`, just taken by `seat`, which misses this turn: the seats its
  // further skips pass over after `seat`, or none with its entry's `waits`, which has `seat`
  // miss that many more turns itself.
  int skips_after_taking(State& s, int seat, const Pending& p) const;
  // `seat` misses `turns` more turns (State::misses_turn and more_turns_missed).
  static void add_missed_turns(State& s, int seat, std::uint32_t turns);
  // Hands the turn to `seat`, applying penalties due at its start and missed turns.
  void begin_turn(State& s, int seat, EventBuffer* ev) const;
  // begin_turn when the seat owes a last-card penalty or misses its turn.
  void begin_turn_with_dues(State& s, int seat, EventBuffer* ev) const;
  // The demand in force, s.demand >= 0: its special's cards, and those of the rank named.
  CardMask demanded(const State& s) const {
    const CardMask cards = compiled_[s.demand].demand;
    return s.named_rank != kNoRank ? cards | CardMask::of_rank(s.named_rank) : cards;
  }
  // The constraints a turn that ended without a play leaves (constraints: next_player lapses
  // them); a rank named binds until its namer's turn ends (names_rank).
  void lapse_after_turn(State& s, int seat) const;
  void lapse_named_rank(State& s, int seat) const;  // lapse_after_turn's names_rank side
  // A card played lifts the demand and the named suit; a rank named stands until its namer's
  // turn ends (names_rank), or a card that names anew is played: the play path calls this
  // after lifting them.
  void keep_named_rank(State& s, int seat, Card card) const;
  // apply for a name: the rank named for the card its seat just played (Phase::naming); play
  // moves on.
  ApplyResult apply_name(State& s, Action a, EventBuffer* ev) const;
  Refusal check_naming(const State& s, Action a) const;
  void finish_action(State& s, EventBuffer* ev) const;

  Variant variant_;
  std::uint64_t id_ = detail::next_engine_id();
  std::array<std::int8_t, kCardKinds> effect_index_{};
  std::vector<CompiledEffect> compiled_;
  CardMask wild_;
  CardMask names_suit_;
  bool deflects_ = false;  // some special's penalty may be deflected (names the refusal)
  bool several_ = false;   // play.several: a turn may lay more than one card
  // play.several, identical.enabled or identical.jump_in: the play path tests them at once
  bool rare_play_rules_ = false;
  bool stand_ins_ = false;  // play.runs.jokers: stand_in, in a variant that lays runs
  // The cards whose play apply_at_once takes, for each top card: no suit to name, no hands to
  // move, no full check, not identical to the top where that earns a bonus (identical.enabled),
  // and none at all under play.several (a turn may go on); those of them that match the top
  // with no suit named and no demand. And whether it takes a plain draw (one card, drawing
  // always allowed).
  std::array<CardMask, kCardKinds> at_once_off_top_{}, at_once_on_top_{};
  bool plain_draw_ = false;
  bool jumps_ = false;  // identical.jump_in is on: a play opens State::jump_open
  // specials' swap_hands and rotate_hands; the cards whose plays check() always takes in full
  // (round.no_finish's refused cards and the swap cards).
  CardMask swap_cards_, moves_hands_, full_check_;
  bool rewrites_legal_ = false;  // legal_actions drops refused finishes or expands swaps
  // round.no_finish: the cards that may not empty a hand, refused or drawn for.
  CardMask no_finish_refused_, no_finish_draws_;
  bool finish_follows_suit_ = false;  // round.no_finish.unless: follows_suit
  bool suit_held_rules_ = false;      // a special has only_without_suit (only_without_suit_)
  // The final cards that may draw instead of going out: those of no_finish_draws_, and under
  // last_card.final_call every card (played without the call). One test in apply for both.
  CardMask finish_drawn_;
  // What may be played on each top card when no suit is named and no demand binds: its suit,
  // its rank and the wilds (anything on a joker), less what may not go on it. Compiled once so
  // the hot path does one load.
  std::array<CardMask, kCardKinds> on_top_{};
  // The cards that may never be played on each top card (the effects' not_on).
  std::array<CardMask, kCardKinds> not_on_top_{};
  // The unshuffled deck for each seat count the variant allows (empty: built when dealt), so
  // a deal copies it instead of building it card by card.
  std::array<Pile, kMaxSeats + 1> decks_{};
  // identical.jump_in: the cards identical to each top card (same_card: itself; same_rank: its
  // rank, the joker only itself); none without jump-ins.
  std::array<CardMask, kCardKinds> jumps_onto_{};
  // The cards of specials with anything_on: any card may go on them. Read by compile() and by
  // answers_matching() alone, so kept away from the fields every play reads.
  CardMask anything_on_;
  // The cards of specials with only_without_suit: played only by a player who holds no other
  // card of the suit in force. In full_check_, so only the rare paths read it.
  CardMask only_without_suit_;
  // What the play path's rare branch does beyond jump-ins and identical cards: lay a turn of
  // several cards (play.several), or keep a rank named (names_rank); the two exclude each
  // other (the loader), so one test serves both and variants with neither pay it once.
  enum class TurnRule : std::uint8_t { plain, several, names_rank } turn_rule_ = TurnRule::plain;
  // What a turn ended without a play does to the demand: constraints.demand, or (names_rank)
  // lapse_after_turn, which judges a rank named apart.
  enum class DemandAfterTurn : std::uint8_t {
    stays,
    lapses,
    by_namer
  } demand_after_turn_ = DemandAfterTurn::lapses;
};

// ======================================================================================
// Implementation (header-first: everything the engine does is visible and inlinable)
// ======================================================================================

namespace detail {
inline void emit(EventBuffer* ev, EventKind kind, int seat = kNoSeat, Card card = Card{},
                 int count = 0, int extra = 0) {
  if (ev)
    ev->push(Event{kind, static_cast<std::uint8_t>(seat), card, static_cast<std::uint32_t>(count),
                   static_cast<std::uint32_t>(extra)});
}
}  // namespace detail

inline Pile Engine::deck(int players) const {
  if (players >= 1 && players <= kMaxSeats && !decks_[players].empty()) return decks_[players];
  return build_deck(variant_.deck_for(players));
}

inline void Engine::compile() {
  const NoFinishRules& no_finish = variant_.round.no_finish;
  (no_finish.then == NoFinish::refused ? no_finish_refused_ : no_finish_draws_) =
      no_finish.cards.cards;
  finish_drawn_ = variant_.last_card.final_call > 0 ? CardMask::all() : no_finish_draws_;
  finish_follows_suit_ = no_finish.unless == NoFinishUnless::follows_suit;
  // The players range is within 2..kMaxSeats and each deck fits (check_variant).
  for (int n = variant_.deal.min_players; n <= variant_.deal.max_players; ++n)
    decks_[n] = build_deck(variant_.deck_for(n));
  effect_index_.fill(-1);
  compiled_.clear();
  compiled_.reserve(variant_.specials.size());
  // The cards of specials with names_rank: their player names a rank (Phase::naming). Only
  // the compiled rules below are read while playing.
  CardMask names_rank;
  for (std::size_t i = 0; i < variant_.specials.size(); ++i) {
    const Effect& e = variant_.specials[i];
    CompiledEffect c;
    c.demand = e.demand.cards;
    c.stack = e.stack.cards;
    c.cancel = e.cancel.cards;
    c.deflect = e.deflect.cards;
    c.deflect_to_attacker = e.deflect_to_attacker;
    c.answers_match = e.answers_match;
    c.waits = e.waits;
    for (CardMask m = e.names_rank.cards; !m.empty();)
      if (const Card r = m.pop_first(); !r.is_joker())
        c.rank_choices |= static_cast<std::uint16_t>(1u << static_cast<int>(r.rank()));
    if (c.rank_choices != 0) names_rank |= e.cards.cards;
    if (!e.deflect.cards.empty()) deflects_ = true;
    // Within 16 bits: check_variant keeps draw, skip and cap within the loader's bounds.
    c.draw = static_cast<std::uint16_t>(e.draw);
    c.skip = static_cast<std::uint16_t>(e.skip);
    c.cap = static_cast<std::uint16_t>(e.cap);
    c.attack = e.is_attack();
    c.stack_adds = e.stack_adds;
    c.miss_turn = e.miss_turn;
    c.reverse = e.reverse;
    c.reverse_skips_with_two = e.reverse_skips_with_two;
    c.back = e.back;
    // A card of names_rank keeps the turn, for its player to name the rank: play_effects tells
    // it from a plain play_again on that rare branch, so a play of any other card tests nothing
    // more.
    c.play_again = e.play_again || !e.names_rank.cards.empty();
    c.moves_hands = e.swap_hands || e.rotate_hands;
    if (e.swap_hands) swap_cards_ |= e.cards.cards;
    if (c.moves_hands) moves_hands_ |= e.cards.cards;
    compiled_.push_back(c);
    for (CardMask m = e.not_on.cards; !m.empty();)
      not_on_top_[m.pop_first().index()] |= e.cards.cards;
    for (CardMask m = e.cards.cards; !m.empty();) {
      const Card card = m.pop_first();
      // A card of the deck has at most one special (check_variant); of a card outside it,
      // which no round holds, the first entry is kept.
      if (effect_index_[card.index()] < 0)
        effect_index_[card.index()] = static_cast<std::int8_t>(i);
    }
    if (e.wild) wild_ |= e.cards.cards;
    if (e.names_suit) names_suit_ |= e.cards.cards;
    if (e.anything_on) anything_on_ |= e.cards.cards;
    if (e.only_without_suit) only_without_suit_ |= e.cards.cards;
  }
  several_ = variant_.play.several_cards();
  stand_ins_ = variant_.play.runs() && variant_.play.run_jokers == RunJokers::stand_in;
  jumps_ = variant_.identical.jump_in != JumpIn::none;
  turn_rule_ = several_              ? TurnRule::several
               : !names_rank.empty() ? TurnRule::names_rank
                                     : TurnRule::plain;
  rare_play_rules_ = turn_rule_ != TurnRule::plain || variant_.identical.enabled || jumps_;
  demand_after_turn_ = !names_rank.empty() ? DemandAfterTurn::by_namer
                       : variant_.constraints.demand == Lasts::next_player ? DemandAfterTurn::lapses
                                                                           : DemandAfterTurn::stays;
  suit_held_rules_ = !only_without_suit_.empty();
  full_check_ = no_finish_refused_ | swap_cards_ | only_without_suit_;
  // The cards a rank may be named of (names_rank) leave it too: a drawn one played under the
  // rank named keeps its demand (keep_named_rank, on apply's path), which apply_at_once's
  // after-draw play would lift.
  CardMask nameable;
  for (const CompiledEffect& c : compiled_)
    for (int r = 0; r < kRankCount; ++r)
      if ((c.rank_choices >> r) & 1u) nameable |= CardMask::of_rank(static_cast<Rank>(r));
  const CardMask at_once =
      several_ ? CardMask{}
               : CardMask::all() - names_suit_ - names_rank - nameable - full_check_ - moves_hands_;
  // A card drawn under only_without_suit is judged by apply, with the hand it joins.
  plain_draw_ = variant_.draw.when_playable && variant_.draw.cards == 1 &&
                !variant_.draw.until_playable && !suit_held_rules_;
  rewrites_legal_ = !full_check_.empty();
  for (int i = 0; i < kCardKinds; ++i) {
    const Card top = Card::from_index(i);
    if (variant_.identical.jump_in == JumpIn::same_card)
      jumps_onto_[i] = CardMask::of(top);
    else if (variant_.identical.jump_in == JumpIn::same_rank)
      jumps_onto_[i] = top.is_joker() ? CardMask::of(top) : CardMask::of_rank(top.rank());
    // Worked out here once, so that anything_on costs nothing where a card is played.
    on_top_[i] = plain_on(top) - not_on_top_[i];
    at_once_off_top_[i] = variant_.identical.enabled ? at_once - CardMask::of(top) : at_once;
    at_once_on_top_[i] = at_once_off_top_[i] & on_top_[i];
  }
}

inline CardMask Engine::plain_on(Card top) const {
  // A joker with no named suit, or a card of anything_on: anything goes.
  if (top.is_joker() || anything_on_.contains(top)) return CardMask::all();
  return CardMask::of_suit(top.suit()) | CardMask::of_rank(top.rank()) | wild_;
}

inline CardMask Engine::answers_matching(const State& s) const {
  if (s.demand >= 0) return demanded(s);
  if (s.named_suit != Suit::none) return CardMask::of_suit(s.named_suit) | wild_;
  return plain_on(s.top());
}

inline CardMask Engine::matching(const State& s) const {
  if (s.demand >= 0) return demanded(s) - not_on_top_[s.top().index()];
  if (s.named_suit != Suit::none)
    return (CardMask::of_suit(s.named_suit) | wild_) - not_on_top_[s.top().index()];
  return on_top_[s.top().index()];
}

SWITCHCARDS_NOINLINE inline CardMask Engine::answers(const State& s) const {
  const CardMask hand = s.hands[s.turn].kinds();
  const CompiledEffect& src = compiled_[s.pending.effect];
  const CardMask out = within_cap(s.pending, src, hand, hand & (src.cancel | src.deflect));
  // answers_match: only the answers a plain play could make on the top card.
  return src.answers_match ? out & answers_matching(s) : out;
}

SWITCHCARDS_ALWAYS_INLINE CardMask Engine::within_cap(const Pending& p, const CompiledEffect& src,
                                                      CardMask cards, CardMask out) const {
  for (CardMask m = cards & (src.stack - src.cancel); !m.empty();) {
    const Card c = m.pop_first();
    const int e = effect_index_[c.index()];
    const int add = e >= 0 ? compiled_[e].draw : src.draw;
    const int total = src.stack_adds ? p.draw + add : add;
    if (src.cap == 0 || total <= src.cap) out.insert(c);
  }
  return out;
}

inline CardMask Engine::stacks_on(const Pending& p, CardMask cards) const {
  const CompiledEffect& src = compiled_[p.effect];
  return within_cap(p, src, cards) - src.deflect;
}

SWITCHCARDS_ALWAYS_INLINE Pending Engine::stacked(const Pending& p, const CompiledEffect& src,
                                                  int ei, int seat) const {
  const CompiledEffect& own = ei >= 0 ? compiled_[ei] : src;
  Pending q;
  // Exact: one card a turn keeps the sum within kMaxPendingDraw and kMaxPendingSkip (state.hpp).
  q.draw = src.stack_adds ? p.draw + own.draw : own.draw;
  q.skip = src.stack_adds ? p.skip + own.skip : own.skip;
  q.effect = ei >= 0 && compiled_[ei].attack ? static_cast<std::int8_t>(ei) : p.effect;
  q.from = static_cast<std::int8_t>(seat);
  return q;
}

SWITCHCARDS_NOINLINE inline bool Engine::last_follower_refused(const State& s, int seat,
                                                               Action a) const {
  if (no_finish_refused_.empty()) return false;
  // Judged as legal_actions will judge it, in the turn that goes on: the suit in force, which
  // decides unless: follows_suit, is then the one this card names, if it names one.
  State laying = s;
  if (names_suit_.contains(a.card())) laying.named_suit = a.named_suit();
  laying.phase = Phase::laying;
  return ((laying.hands[seat].kinds() & followers(laying)) - finishing_refused(laying, seat))
      .empty();
}

inline Pending Engine::stacked_by(const State& s, int seat, std::span<const Card> laid) const {
  Pending p = s.pending;
  for (const Card c : laid) p = stacked(p, seat, c);
  return p;
}

SWITCHCARDS_NOINLINE inline int Engine::several_answer_draw(const State& s, int seat) const {
  return stacked_by(s, seat, s.discard.cards().last(s.laid + std::size_t{1})).draw;
}

SWITCHCARDS_ALWAYS_INLINE CardMask Engine::playable_ignoring_finish(const State& s) const {
  if (s.phase != Phase::play) [[unlikely]] {
    if (s.phase == Phase::after_draw) return CardMask::of(s.drawn);
    return s.phase == Phase::laying ? s.hands[s.turn].kinds() & followers(s) : CardMask{};
  }
  if (s.pending.active()) return answers(s);
  return s.hands[s.turn].kinds() & matching(s);
}

SWITCHCARDS_ALWAYS_INLINE CardMask Engine::playable_kinds(const State& s) const {
  return playable_ignoring_finish(s) - refused_by_hand(s, s.turn);
}

inline bool Engine::may_draw(const State& s) const {
  if (s.pending.active()) return s.pending.draw > 0;
  if (variant_.draw.when_playable) return true;
  // Forced play: drawing only when nothing can be played (a last card that may not go out
  // counts as unplayable). A card only_without_suit refuses counts too, but not here: the
  // test cost every variant 2 to 8 instructions a decision, so legal_actions and check add
  // that draw on their rare paths (forced_draw_refused).
  return ((s.hands[s.turn].kinds() & matching(s)) - finishing_refused(s, s.turn)).empty();
}

SWITCHCARDS_NOINLINE inline bool Engine::forced_draw_refused(const State& s) const {
  return suit_held_rules_ && s.phase == Phase::play && !s.pending.active() &&
         ((s.hands[s.turn].kinds() & matching(s)) - refused_by_hand(s, s.turn)).empty();
}

SWITCHCARDS_ALWAYS_INLINE int Engine::list_plays(int seat, CardMask cards, Action* list,
                                                 int n) const {
  for (CardMask m = cards; !m.empty();) {
    const Card c = m.pop_first();
    if (names_suit_.contains(c)) {
      for (int suit = 0; suit < kSuitCount; ++suit) list[n++] = Action::play(seat, c, Suit(suit));
    } else {
      list[n++] = Action::play(seat, c);
    }
  }
  return n;
}

SWITCHCARDS_ALWAYS_INLINE void Engine::legal_actions(const State& s, ActionList& out) const {
  out.clear();
  Action* list = out.data();
  int n = 0;
  if (s.phase == Phase::over) return;
  const int seat = s.turn;
  n = list_plays(seat, playable_ignoring_finish(s), list, n);
  if (s.phase != Phase::play) {
    // after a draw: keep the card (unless it must be played); laying: end the turn; naming:
    // each rank the card just played may name
    if (s.phase == Phase::naming) [[unlikely]] {
      const std::uint16_t choices = compiled_[effect_index_[s.top().index()]].rank_choices;
      for (int r = 0; r < kRankCount; ++r)
        if ((choices >> r) & 1u) list[n++] = Action::name(seat, static_cast<Rank>(r));
    } else if (s.phase == Phase::laying || variant_.draw.after != AfterDraw::must_play_drawn) {
      list[n++] = Action::pass(seat);
    }
  } else if (s.pending.active() && s.pending.draw == 0) {
    list[n++] = Action::pass(seat);  // take the pending skip
  } else if (may_draw(s)) {
    list[n++] = Action::draw(seat);
  }
  if (s.catchable >= 0) {
    if (s.catchable != seat)
      list[n++] = Action::challenge(seat, s.catchable);
    else if (variant_.last_card.late_call)
      list[n++] = Action::call(seat);  // after a play again, the forgetter acts itself
  }
  out.set_size(n);
  // Out of the loop above, which every decision runs: a variant without round.no_finish,
  // only_without_suit and swap cards pays one test for them.
  if (rewrites_legal_) [[unlikely]] {
    if (!no_finish_refused_.empty() || suit_held_rules_) drop_refused_by_hand(s, out);
    if (!swap_cards_.empty()) expand_swaps(s, s.turn, out);
  }
}

SWITCHCARDS_NOINLINE inline void Engine::expand_swaps(const State& s, int seat,
                                                      ActionList& out) const {
  // Each play of a swap card (the loader refuses one that names a suit) once per other seat,
  // in place: the list only grows, so it is rewritten from the end.
  // Alone at the table the plays stay plain (there is nobody to swap with), so the list only
  // ever grows here: rewriting from the end in place reads each entry before it is overwritten.
  if (s.players() < 2) return;
  int swaps = 0;
  for (const Action a : out)
    swaps += a.kind() == ActionKind::play && swap_cards_.contains(a.card());
  if (swaps == 0) return;
  const int grown = out.size() + swaps * (s.players() - 2);
  for (int from = out.size() - 1, to = grown - 1; from >= 0; --from) {
    const Action a = out[from];
    if (a.kind() == ActionKind::play && swap_cards_.contains(a.card())) {
      for (int target = s.players() - 1; target >= 0; --target)
        if (target != seat) out.data()[to--] = Action::play_swap(seat, a.card(), target);
    } else {
      out.data()[to--] = a;
    }
  }
  out.set_size(grown);
}

SWITCHCARDS_NOINLINE inline CardMask Engine::finishing_refused_by_suit(const State& s) const {
  const Suit suit = suit_in_force(s);  // none on a joker with no suit named: none follows
  return suit == Suit::none ? no_finish_refused_ : no_finish_refused_ - CardMask::of_suit(suit);
}

SWITCHCARDS_NOINLINE inline CardMask Engine::held_suit_refused(const State& s, int seat) const {
  const CardMask held = s.hands[seat].kinds() & only_without_suit_;
  const Suit suit = suit_in_force(s);  // none on a joker with no suit named: nothing binds
  if (held.empty() || suit == Suit::none) return {};
  const CardMask of_suit = s.hands[seat].kinds() & CardMask::of_suit(suit);
  CardMask refused;
  for (CardMask m = held; !m.empty();) {
    const Card c = m.pop_first();
    // Another card of the suit: a card of another kind, or a second copy of this one.
    if (!(of_suit - CardMask::of(c)).empty() || (of_suit.contains(c) && s.hands[seat].count(c) > 1))
      refused |= CardMask::of(c);
  }
  return refused;
}

SWITCHCARDS_NOINLINE inline void Engine::drop_refused_by_hand(const State& s,
                                                              ActionList& out) const {
  const CardMask refused = refused_by_hand(s, s.turn);
  if (refused.empty()) return;
  int kept = 0, plays = 0;
  for (int i = 0; i < out.size(); ++i)
    if (!(out[i].kind() == ActionKind::play && refused.contains(out[i].card()))) {
      plays += out[i].kind() == ActionKind::play;
      out.data()[kept++] = out[i];
    }
  out.set_size(kept);
  // Forced play: with the refused cards gone, a draw may be due where may_draw saw a match.
  if (!variant_.draw.when_playable && !may_draw(s) && forced_draw_refused(s)) {
    // After the plays, where legal_actions lists a draw (before a challenge or a late call).
    for (int i = out.size(); i > plays; --i) out.data()[i] = out[i - 1];
    out.data()[plays] = Action::draw(s.turn);
    out.set_size(out.size() + 1);
  }
}

SWITCHCARDS_ALWAYS_INLINE Refusal Engine::check(const State& s, Action a) const {
  // The actions a player makes most, accepted, tested in a few instructions: a card held that
  // matches with no penalty pending, a plain draw, a pending penalty's draw, or keeping the
  // card just drawn. Anything else (every refusal included) goes through check_in_full, which
  // names the reason.
  if (s.phase == Phase::play && !s.pending.active() && a.seat() == s.turn) {
    const Hand& hand = s.hands[s.turn];
    if (a.kind() == ActionKind::play && a.well_formed()) {
      if (plays_at_once(hand, hand.kinds() & matching(s), a)) return Refusal::none;
    } else if (a.kind() == ActionKind::draw && a.well_formed() && may_draw(s)) {
      return Refusal::none;
    }
  } else if (s.phase == Phase::play && a == Action::draw(s.turn) && s.pending.active() &&
             s.pending.draw > 0) {
    return Refusal::none;  // paying the penalty
  } else if (s.phase == Phase::after_draw && a.kind() == ActionKind::pass && a.seat() == s.turn &&
             a.well_formed() && variant_.draw.after != AfterDraw::must_play_drawn) {
    return Refusal::none;
  }
  return check_in_full(s, a);
}

SWITCHCARDS_ALWAYS_INLINE bool Engine::plays_at_once(const Hand& hand, CardMask playable,
                                                     Action a) const {
  const Card c = a.card();
  // A card of round.no_finish (then: refused) always takes the full check, which knows whether
  // it would be the last card, and so does a swap card, whose target it checks. A play with a
  // target or the call (play_extras) is accepted here only as the call.
  return playable.contains(c) && !full_check_.contains(c) &&
         names_suit_.contains(c) == (a.named_suit() != Suit::none) &&
         (a.play_extras() == 0 || (a.swap_target() < 0 && hand.size() == 2));
}

SWITCHCARDS_NOINLINE inline Refusal Engine::check_in_full(const State& s, Action a) const {
  if (!a.well_formed()) return Refusal::malformed;
  // The plays check leaves here that are accepted as they stand (an answer to a pending
  // penalty, the card just drawn, a card that follows in a turn of several): accepted before
  // any refusal is looked for. Kept out of check, which every action runs.
  if (a.kind() == ActionKind::play && a.seat() == s.turn &&
      plays_at_once(s.hands[s.turn], s.hands[s.turn].kinds() & playable_ignoring_finish(s), a))
    return Refusal::none;
  if (s.phase == Phase::over) return Refusal::round_over;
  if (a.seat() >= s.players()) return Refusal::no_such_seat;
  if (a.kind() == ActionKind::challenge) {
    if (a.target() >= s.players()) return Refusal::no_such_seat;
    if (a.target() == a.seat()) return Refusal::cannot_challenge_self;
    if (s.catchable != a.target()) return Refusal::nothing_to_challenge;
    return Refusal::none;
  }
  if (a.kind() == ActionKind::call) {
    if (!variant_.last_card.late_call) return Refusal::late_call_not_allowed;
    if (s.catchable != a.seat()) return Refusal::nothing_to_call;
    return Refusal::none;
  }
  if (a.kind() == ActionKind::name || s.phase == Phase::naming) [[unlikely]]
    return check_naming(s, a);
  if (a.seat() != s.turn) return check_out_of_turn(s, a);
  const Hand& hand = s.hands[a.seat()];
  switch (a.kind()) {
    case ActionKind::play: {
      const Card c = a.card();
      if (!hand.contains(c)) return Refusal::card_not_in_hand;
      if (s.phase == Phase::after_draw && c != s.drawn)
        return variant_.draw.after == AfterDraw::must_play_drawn ? Refusal::must_play_drawn
                                                                 : Refusal::must_play_drawn_or_pass;
      if (refused_by_hand(s, s.turn).contains(c) && playable_ignoring_finish(s).contains(c))
        return finishing_refused(s, s.turn).contains(c) ? Refusal::cannot_finish_on
                                                        : Refusal::holds_suit_in_force;
      if (!playable_kinds(s).contains(c)) {
        if (s.phase == Phase::laying)
          return s.pending.active() && follows_laid(s).contains(c) ? Refusal::does_not_stack
                                                                   : Refusal::does_not_follow;
        if (s.pending.active()) {
          const CompiledEffect& src = compiled_[s.pending.effect];
          if (src.answers_match && (src.stack | src.cancel | src.deflect).contains(c) &&
              !answers_matching(s).contains(c))
            return Refusal::answer_does_not_match;
          if (src.stack.contains(c)) return Refusal::cap_exceeded;
          return deflects_ ? Refusal::not_a_deflection : Refusal::must_answer_penalty;
        }
        if (not_on_top_[s.top().index()].contains(c)) return Refusal::not_on_top;
        if (s.demand >= 0) return Refusal::demand_not_met;
        if (s.named_suit != Suit::none) return Refusal::suit_not_followed;
        return Refusal::not_playable;
      }
      if (names_suit_.contains(c) && a.named_suit() == Suit::none) return Refusal::suit_required;
      if (!names_suit_.contains(c) && a.named_suit() != Suit::none)
        return Refusal::suit_not_allowed;
      if (const int target = a.swap_target(); target >= 0 || swap_cards_.contains(c)) [[unlikely]] {
        if (!swap_cards_.contains(c)) return Refusal::swap_target_not_allowed;
        // Alone at the table, a swap card has nobody to swap with: it is played as a plain card.
        if (target < 0 && s.players() > 1) return Refusal::swap_target_required;
        if (target >= s.players()) return Refusal::no_such_seat;
        if (target == a.seat()) return Refusal::cannot_swap_with_self;
      }
      if (a.calls_last() && !variant_.last_card.call_allowed(hand.size()))
        return Refusal::last_not_allowed;
      return Refusal::none;
    }
    case ActionKind::draw:
      if (s.phase == Phase::laying) return Refusal::draw_while_laying;
      if (s.phase == Phase::after_draw)
        return variant_.draw.after == AfterDraw::must_play_drawn ? Refusal::must_play_drawn
                                                                 : Refusal::must_play_drawn_or_pass;
      if (s.pending.active())
        return s.pending.draw > 0 ? Refusal::none : Refusal::must_answer_penalty;
      return may_draw(s) || forced_draw_refused(s) ? Refusal::none : Refusal::draw_not_allowed;
    case ActionKind::pass:
      if (s.phase == Phase::laying) return Refusal::none;
      if (s.phase == Phase::after_draw)
        return variant_.draw.after == AfterDraw::must_play_drawn ? Refusal::must_play_drawn
                                                                 : Refusal::none;
      if (s.pending.active() && s.pending.draw == 0) return Refusal::none;
      return Refusal::pass_not_allowed;
    case ActionKind::challenge:
    case ActionKind::call:
    case ActionKind::name:  // check_naming's
      break;
  }
  return Refusal::none;
}

SWITCHCARDS_NOINLINE inline Refusal Engine::check_naming(const State& s, Action a) const {
  if (s.phase != Phase::naming) return Refusal::nothing_to_name;
  if (a.seat() != s.turn) return Refusal::not_your_turn;
  if (a.kind() != ActionKind::name) return Refusal::rank_required;
  const std::uint16_t choices = compiled_[effect_index_[s.top().index()]].rank_choices;
  return (choices >> static_cast<int>(a.named_rank())) & 1u ? Refusal::none
                                                            : Refusal::rank_not_nameable;
}

SWITCHCARDS_NOINLINE inline Refusal Engine::check_out_of_turn(const State& s, Action a) const {
  if (!jumps_ || a.kind() != ActionKind::play) return Refusal::not_your_turn;
  // A jump-in is accepted as jump_ins lists it (with the call where it leaves one card); the
  // questions below only name the reason for a refusal.
  ActionList jumps;
  jump_ins(s, a.seat(), jumps);
  if (jumps.contains(a.with_last(false)) &&
      (!a.calls_last() || variant_.last_card.call_allowed(s.hands[a.seat()].size())))
    return Refusal::none;
  if (!s.hands[a.seat()].contains(a.card())) return Refusal::card_not_in_hand;
  if (!s.jump_open || !jumps_onto(a.card(), s.top()) || owes_at_turn_start(s, a.seat()))
    return Refusal::cannot_jump_in;
  // Judged as if it were the jumper's turn (in the play phase: an open window means the seat
  // to act has not drawn yet).
  State t = s;
  t.turn = static_cast<std::uint8_t>(a.seat());
  t.phase = Phase::play;
  const Refusal r = check_in_full(t, a);
  switch (r) {
    // A card that would not be playable in turn cannot jump in; a play of the wrong form (a
    // wild without its suit, a swap without its seat) is told what it lacks.
    case Refusal::not_playable:
    case Refusal::must_answer_penalty:
    case Refusal::demand_not_met:
    case Refusal::suit_not_followed:
    case Refusal::not_on_top:
    case Refusal::cap_exceeded:
    case Refusal::not_a_deflection:
    case Refusal::answer_does_not_match:
      return Refusal::cannot_jump_in;
    default:
      return r;
  }
}

SWITCHCARDS_NOINLINE inline void Engine::jump_ins(const State& s, int seat, ActionList& out) const {
  out.clear();
  if (!jumps_ || !s.jump_open || s.phase == Phase::over || seat < 0 || seat >= s.players() ||
      seat == s.turn || owes_at_turn_start(s, seat))
    return;
  // Most seats hold no card identical to the top: one mask test.
  const CardMask identical = s.hands[seat].kinds() & jumps_onto_[s.top().index()];
  if (identical.empty()) return;
  // Of those, the plays legal_actions would list were it the seat's turn in the play phase (an
  // open window means the seat to act has not drawn yet): what answers a pending penalty, or
  // what matches the top, less a last card that may not go out.
  CardMask playable;
  if (s.pending.active()) {
    // answers() reads the hand of the seat to act; it keeps that signature because the
    // decision path calls it, and an argument more there costs every variant.
    State t = s;
    t.turn = static_cast<std::uint8_t>(seat);
    playable = answers(t);
  } else {
    playable = s.hands[seat].kinds() & matching(s);
  }
  out.set_size(list_plays(seat, (identical & playable) - refused_by_hand(s, seat), out.data(), 0));
  if (!swap_cards_.empty()) expand_swaps(s, seat, out);
}

SWITCHCARDS_ALWAYS_INLINE int Engine::draw_cards(State& s, int seat, int n, EventBuffer* ev,
                                                 Card* last) const {
  if (n == 1 && !s.stock.empty()) {  // the usual plain draw: one card, no reshuffle
    const Card c = s.stock.pop();
    s.hands[seat].add(c);
    if (last) *last = c;
    detail::emit(ev, EventKind::card_drawn, seat, c);
    return 1;
  }
  return draw_cards_with_reshuffle(s, seat, n, ev, last);
}

SWITCHCARDS_NOINLINE inline int Engine::draw_cards_with_reshuffle(State& s, int seat, int n,
                                                                  EventBuffer* ev,
                                                                  Card* last) const {
  int drawn = 0;
  for (; drawn < n; ++drawn) {
    if (s.stock.empty()) {
      // An empty stock is rebuilt from the discard pile except its top card (and, during a
      // turn of several cards, the cards laid before it, whose effects are still to come).
      const int moved = s.discard.take_all_but_top(s.stock, 1 + s.laid);
      if (moved == 0) break;  // nothing left anywhere: draw what there is
      shuffle(s.stock.cards(), s.rng);
      ++s.reshuffles;
      detail::emit(ev, EventKind::stock_reshuffled, kNoSeat, Card{}, moved);
    }
    const Card c = s.stock.pop();
    s.hands[seat].add(c);
    if (last) *last = c;
    detail::emit(ev, EventKind::card_drawn, seat, c);
  }
  if (drawn < n) detail::emit(ev, EventKind::stock_exhausted, seat, Card{}, drawn, n);
  return drawn;
}

SWITCHCARDS_NOINLINE inline int Engine::draw_until_playable(State& s, int seat, EventBuffer* ev,
                                                            Card* last) const {
  const CardMask playable = matching(s);  // what the drawn card must be to stop the draw
  const int limit = variant_.draw.limit;
  int got = 0;
  while (limit == 0 || got < limit) {
    // Each card drawn leaves the stock and the discard pile one card smaller, so this ends.
    if (draw_cards(s, seat, 1, ev, last) == 0) break;
    ++got;
    if (playable.contains(*last) && !refused_by_hand(s, seat).contains(*last)) break;
  }
  return got;
}

SWITCHCARDS_ALWAYS_INLINE void Engine::begin_turn(State& s, int seat, EventBuffer* ev) const {
  // The usual case: the seat owes nothing and misses nothing.
  if (!((s.owes_last_card | s.misses_turn) & (1u << seat))) {
    s.turn = static_cast<std::uint8_t>(seat);
    s.phase = Phase::play;
    return;
  }
  begin_turn_with_dues(s, seat, ev);
}

SWITCHCARDS_NOINLINE inline void Engine::begin_turn_with_dues(State& s, int seat,
                                                              EventBuffer* ev) const {
  // Each pass through the loop clears one bit or lowers one count of missed turns, so it ends.
  for (;;) {
    const std::uint8_t bit = static_cast<std::uint8_t>(1u << seat);
    bool misses = false;
    if (s.owes_last_card & bit) {
      s.owes_last_card &= static_cast<std::uint8_t>(~bit);
      const int got = draw_cards(s, seat, variant_.last_card.penalty, ev);
      detail::emit(ev, EventKind::last_card_penalty, seat, Card{}, got);
      misses = variant_.last_card.miss_turn;
    } else if (s.misses_turn & bit) {
      if (s.more_turns_missed[seat] > 0)
        --s.more_turns_missed[seat];
      else
        s.misses_turn &= static_cast<std::uint8_t>(~bit);
      misses = true;
    }
    if (!misses) break;
    // A seat that misses its turn cannot answer a penalty aimed at it: it takes it.
    int extra = 0;
    if (s.pending.active()) {
      if (s.pending.draw > 0) {
        const int got = draw_cards(s, seat, s.pending.draw, ev);
        detail::emit(ev, EventKind::penalty_paid, seat, Card{}, got);
      }
      extra = skips_after_taking(s, seat, s.pending);
      s.pending = Pending{};
    }
    detail::emit(ev, EventKind::seat_skipped, seat);
    if (variant_.constraints.named_suit == Lasts::next_player) s.named_suit = Suit::none;
    lapse_after_turn(s, seat);
    for (int k = 0; k < extra; ++k) {
      seat = s.seats.next(seat);
      detail::emit(ev, EventKind::seat_skipped, seat);
    }
    seat = s.seats.next(seat);
  }
  s.turn = static_cast<std::uint8_t>(seat);
  s.phase = Phase::play;
}

inline int Engine::skips_after_taking(State& s, int seat, const Pending& p) const {
  const std::uint32_t extra = p.skip > 1 ? p.skip - 1 : 0;
  if (extra == 0 || !compiled_[p.effect].waits) return static_cast<int>(extra);
  add_missed_turns(s, seat, extra);
  return 0;
}

inline void Engine::add_missed_turns(State& s, int seat, std::uint32_t turns) {
  if (turns == 0) return;
  const std::uint8_t bit = static_cast<std::uint8_t>(1u << seat);
  s.more_turns_missed[seat] += (s.misses_turn & bit) ? turns : turns - 1;
  s.misses_turn |= bit;
}

SWITCHCARDS_ALWAYS_INLINE void Engine::lapse_after_turn(State& s, int seat) const {
  if (demand_after_turn_ == DemandAfterTurn::lapses)
    s.demand = -1;
  else if (demand_after_turn_ == DemandAfterTurn::by_namer) [[unlikely]]
    lapse_named_rank(s, seat);
}

// Out of line: the turn's end in every variant passes here, and only those with names_rank
// reach it.
SWITCHCARDS_NOINLINE inline void Engine::lapse_named_rank(State& s, int seat) const {
  if (s.demand_by >= 0) {
    if (seat == s.demand_by) {  // back at its namer, whose turn it bound last
      s.demand = -1;
      s.named_rank = kNoRank;
      s.demand_by = -1;
      s.rank_demand = -1;
    }
  } else if (variant_.constraints.demand == Lasts::next_player) {
    s.demand = -1;
  }
}

inline void Engine::keep_named_rank(State& s, int seat, Card card) const {
  if (s.demand_by < 0) return;
  // A card that names anew ends it too: until its player names, nothing binds (QA: the old
  // rank showed in the view and the observation while the new one was being named).
  if (seat == s.demand_by || rank_choices(card) != 0) {
    s.named_rank = kNoRank;
    s.demand_by = -1;
    s.rank_demand = -1;
  } else {
    s.demand = s.rank_demand;
  }
}

// Out of line and left as a tail call at apply's start: code for it inside apply costs every
// variant's plays (docs/performance.md).
SWITCHCARDS_NOINLINE inline ApplyResult Engine::apply_name(State& s, Action a,
                                                           EventBuffer* ev) const {
  // Part of the play it follows: a missing "last card" call may still be caught.
  const int seat = a.seat();
  const Card card = s.top();
  s.named_rank = a.named_rank();
  s.demand_by = static_cast<std::int8_t>(seat);
  s.rank_demand = s.demand = effect_index_[card.index()];
  s.phase = Phase::play;
  detail::emit(ev, EventKind::rank_named, seat, Card(s.named_rank, card.suit()));
  begin_turn(s, s.seats.next(seat), ev);
  finish_action(s, ev);
  return {};
}

inline void Engine::end_turn_without_play(State& s, int seat, int extra_skips,
                                          EventBuffer* ev) const {
  if (variant_.constraints.named_suit == Lasts::next_player) s.named_suit = Suit::none;
  lapse_after_turn(s, seat);
  int next = s.seats.next(seat);
  for (int k = 0; k < extra_skips; ++k) {
    detail::emit(ev, EventKind::seat_skipped, next);
    next = s.seats.next(next);
  }
  begin_turn(s, next, ev);
}

SWITCHCARDS_NOINLINE inline void Engine::move_hands(State& s, int seat, Card card, int swap_target,
                                                    EventBuffer* ev) const {
  if (swap_cards_.contains(card)) {
    if (swap_target < 0) return;  // a seat alone at the table swaps with nobody
    std::swap(s.hands[seat], s.hands[swap_target]);
    detail::emit(ev, EventKind::hands_swapped, seat, card, 0, swap_target);
    return;
  }
  // Every hand to the next seat in the direction of play (before this card's own reverse).
  const std::array<Hand, kMaxSeats> before = s.hands;
  for (int k = 0; k < s.players(); ++k) s.hands[s.seats.next(k)] = before[k];
  detail::emit(ev, EventKind::hands_rotated, seat, card,
               s.seats.direction() == Direction::clockwise ? 0 : 1);
}

SWITCHCARDS_ALWAYS_INLINE void Engine::resolve_play(State& s, int seat, Card card, Action play,
                                                    bool identical, bool effects_on,
                                                    EventBuffer* ev) const {
  move_on(s, seat, card, play_effects(s, seat, card, play, identical, effects_on, ev), ev);
}

SWITCHCARDS_NOINLINE inline void Engine::resolve_special(State& s, int seat, Card card,
                                                         EventBuffer* ev) const {
  resolve_play(s, seat, card, Action::play(seat, card), false, true, ev);
}

SWITCHCARDS_ALWAYS_INLINE Engine::Outcome Engine::play_effects(State& s, int seat, Card card,
                                                               Action play, bool identical,
                                                               bool effects_on,
                                                               EventBuffer* ev) const {
  const int ei = effect_index_[card.index()];
  const CompiledEffect* e = (ei >= 0 && effects_on) ? &compiled_[ei] : nullptr;
  Outcome o;
  // Hands move first: what follows (a penalty, a skip) hits seats, whoever now holds what.
  if (e && e->moves_hands && play.kind() == ActionKind::play) [[unlikely]]
    move_hands(s, seat, card, play.swap_target(), ev);

  // Answering a pending penalty: a cancel ends it, a stacking card passes it on, a deflecting
  // card sends it on unchanged.
  bool deflected = false;
  if (s.pending.active()) {
    const CompiledEffect& src = compiled_[s.pending.effect];
    if (src.cancel.contains(card)) {
      s.pending = Pending{};
      detail::emit(ev, EventKind::penalty_cancelled, seat, card);
    } else if (src.deflect.contains(card)) [[unlikely]] {
      deflected = o.answered = true;
    } else if (src.stack.contains(card)) {
      s.pending = stacked(s.pending, src, ei, seat);
      o.answered = true;
    }
  }
  if (e && e->attack && !o.answered) {
    s.pending =
        Pending{e->draw, e->skip, static_cast<std::int8_t>(ei), static_cast<std::int8_t>(seat)};
    o.answered = true;  // a new penalty is pending
  }
  if (const Suit named = play.named_suit(); names_suit_.contains(card) && named != Suit::none) {
    s.named_suit = named;
    detail::emit(ev, EventKind::suit_named, seat, Card(Rank::ace, named));
  }
  // A card of names_rank sets its demand when its rank is named (apply_name).
  if (e && !e->demand.empty() && e->rank_choices == 0) {
    s.demand = static_cast<std::int8_t>(ei);
    detail::emit(ev, EventKind::demand_set, seat, card);
  }

  // Identical card: every other player draws, in order of play from the next seat.
  if (identical) {
    for (int k = 1; k < s.players(); ++k) {
      const int other = s.seats.after(seat, k);
      draw_cards(s, other, variant_.identical.others_draw, ev);
    }
  }

  // A deflecting card moves the penalty instead of skipping or reversing as usual.
  if (deflected) [[unlikely]] {
    const Deflection d = deflection(s, seat, card);
    if (d.reverses) {
      s.seats.reverse();
      detail::emit(ev, EventKind::direction_reversed, seat, card,
                   s.seats.direction() == Direction::clockwise ? 0 : 1);
    }
    detail::emit(ev, EventKind::penalty_deflected, seat, card, 0, d.victim);
    o.next = Outcome::Next::deflected;
    o.victim = d.victim;
    return o;
  }
  o.skip = (e && !e->attack) ? e->skip : 0;
  if (e && e->reverse) {
    if (s.players() == 2 && e->reverse_skips_with_two) {
      // A skip of the other player, unless a penalty is now pending: then the other player
      // faces it, as the player before would with more players (skipped, it would fall on the
      // card's own player). A card that skips the other player itself already gives its player
      // the next turn: a second skip would hand it back to the other player.
      if (!s.pending.active() && o.skip == 0) o.skip = 1;
    } else {
      s.seats.reverse();
      detail::emit(ev, EventKind::direction_reversed, seat, card,
                   s.seats.direction() == Direction::clockwise ? 0 : 1);
    }
  }
  if (e && e->back)
    o.next = Outcome::Next::back;
  else if (e && e->play_again)
    o.next = e->rank_choices != 0 ? Outcome::Next::naming : Outcome::Next::again;
  else if (identical && variant_.identical.play_again)
    o.next = Outcome::Next::identical_again;
  return o;
}

SWITCHCARDS_ALWAYS_INLINE void Engine::move_on(State& s, int seat, Card card, const Outcome& o,
                                               EventBuffer* ev) const {
  int next;
  switch (o.next) {
    case Outcome::Next::deflected:
      detail::emit(ev, EventKind::penalty_pending, o.victim, card, s.pending.draw, s.pending.skip);
      begin_turn(s, o.victim, ev);
      return;
    case Outcome::Next::naming:
      // Its player names the rank: the dealer for a card turned up under first_card: apply.
      s.turn = static_cast<std::uint8_t>(seat);
      s.phase = Phase::naming;
      return;
    case Outcome::Next::back:
      next = s.seats.previous(seat);
      detail::emit(ev, EventKind::back_to_previous, next);
      break;
    case Outcome::Next::again:
      // The loader refuses play_again with a draw, a skip or back; a reverse-as-skip with two
      // players means the same seat anyway.
      next = seat;
      detail::emit(ev, EventKind::play_again, seat);
      break;
    case Outcome::Next::identical_again:
      // The same player plays again; a skip aimed at "the next player" now starts with them.
      next = seat;
      if (o.skip == 0) detail::emit(ev, EventKind::play_again, seat);
      for (int k = 0; k < o.skip; ++k) {
        detail::emit(ev, EventKind::seat_skipped, next);
        next = s.seats.next(next);
      }
      break;
    case Outcome::Next::next:
    default:
      next = s.seats.next(seat);
      for (int k = 0; k < o.skip; ++k) {
        detail::emit(ev, EventKind::seat_skipped, next);
        next = s.seats.next(next);
      }
      break;
  }
  if (s.pending.active() && o.answered)
    detail::emit(ev, EventKind::penalty_pending, next, card, s.pending.draw, s.pending.skip);
  begin_turn(s, next, ev);
}

SWITCHCARDS_ALWAYS_INLINE CardMask Engine::follows_laid(const State& s) const {
  if (stand_ins_) [[unlikely]]
    return follows_with_stand_ins(s);
  const Card top = s.top();
  if (top.is_joker()) return {};  // a joker has no rank to match or run from
  const PlayRules& play = variant_.play;
  CardMask out;
  if (play.same_rank()) out |= CardMask::of_rank(top.rank());
  if (play.runs()) {
    const Suit suit = top.suit();
    const Rank rank = top.rank();
    // The rank the run came to the top from, if the card under it is the run's step.
    const std::span<const Card> pile = s.discard.cards();
    const Rank from = s.laid >= 2 && pile[pile.size() - 2].suit() == suit
                          ? pile[pile.size() - 2].rank()
                          : Rank::joker;
    for (const int step : {1, -1}) {
      if (!run_may_step(s, step)) continue;
      if (const Rank next = play.run_step(rank, step, from); next != Rank::joker)
        out.insert(Card(next, suit));
    }
  }
  return out - not_on_top_[top.index()];
}

SWITCHCARDS_ALWAYS_INLINE bool Engine::run_may_step(const State& s, int step) const {
  const RunDirection way = variant_.play.run_direction;
  if (way == RunDirection::either) return step > 0 ? s.run_step >= 0 : s.run_step <= 0;
  return (way == RunDirection::ascending) == (step > 0);
}

SWITCHCARDS_NOINLINE inline CardMask Engine::follows_with_stand_ins(const State& s) const {
  // The turn's cards (the top s.laid of the discard pile): the jokers on top, and the natural
  // card under them, from which the run goes on. A joker played first has no run to stand in:
  // nothing follows it, and lay ends the turn.
  const std::span<const Card> turn =
      s.discard.cards().last(static_cast<std::size_t>(std::max<int>(s.laid, 1)));
  const int n = static_cast<int>(turn.size());
  int jokers = 0;
  while (jokers < n && turn[n - 1 - jokers].is_joker()) ++jokers;
  if (jokers == n) return {};
  const int at = n - 1 - jokers;
  const Card base = turn[at];
  const PlayRules& play = variant_.play;
  CardMask out;
  if (play.same_rank() && jokers == 0) out |= CardMask::of_rank(base.rank());
  const Suit suit = base.suit();
  for (const int step : {1, -1}) {
    if (!run_may_step(s, step)) continue;
    // The rank the run came to the base card from, as follows_laid takes it; a joker under it
    // stood for the rank one step back.
    Rank from = Rank::joker;
    if (at >= 1 && turn[at - 1].is_joker())
      from = play.run_step(base.rank(), -step, Rank::joker);
    else if (at >= 1 && turn[at - 1].suit() == suit)
      from = turn[at - 1].rank();
    // Each joker stands for the run's next card, one of the deck's ranks. (ranks[i], not
    // ranks.test(i): test may throw, and a call that may throw on the laying path made GCC
    // reload the top card around followers() in every variant's hot loop: +1.6 a decision.)
    Rank rank = base.rank();
    bool open = true;
    for (int k = 0; k < jokers && open; ++k) {
      const Rank next = play.run_step(rank, step, from);
      open = next != Rank::joker && variant_.deal.deck.ranks[static_cast<std::size_t>(next)];
      from = rank;
      rank = next;
    }
    if (!open) continue;
    if (const Rank next = play.run_step(rank, step, from); next != Rank::joker) {
      out.insert(Card(next, suit));
      if (variant_.deal.deck.ranks[static_cast<std::size_t>(next)]) out.insert(Card::joker());
    }
  }
  return out - not_on_top_[s.top().index()];
}

SWITCHCARDS_NOINLINE inline CardMask Engine::followers(const State& s) const {
  const CardMask out = follows_laid(s);
  // play.answers: several — a turn answering a penalty goes on with cards that stack on it as
  // it stands after the cards laid so far.
  if (s.pending.active()) [[unlikely]]
    return stacking_followers(s, out);
  return out;
}

SWITCHCARDS_NOINLINE inline CardMask Engine::stacking_followers(const State& s,
                                                                CardMask follow) const {
  if (!variant_.play.several_answers) return {};
  const std::span<const Card> laid = s.laid_cards();
  if (!stacks_on(s.pending, CardMask::of(laid.front())).contains(laid.front())) return {};
  return stacks_on(stacked_by(s, s.turn, laid), follow);
}

SWITCHCARDS_NOINLINE inline void Engine::lay(State& s, int seat, Action a, bool finish_penalty,
                                             EventBuffer* ev) const {
  const Card card = a.card();
  ++s.laid;
  if (s.laid >= 2 && !card.is_joker()) {
    // A step to another rank is a run's step: it fixes the run's direction for the turn. Over
    // jokers standing in (play.runs.jokers), from the natural card under them, a step each.
    const std::span<const Card> pile = s.discard.cards();
    int below = static_cast<int>(pile.size()) - 2, steps = 1;
    while (pile[below].is_joker()) {
      --below;
      ++steps;
    }
    if (pile[below].rank() != card.rank()) {
      const int up =
          (static_cast<int>(card.rank()) - static_cast<int>(pile[below].rank()) + kRankCount) %
          kRankCount;
      s.run_step = up == steps ? 1 : -1;
    }
  }
  // The turn goes on while a held card may follow (followers: an answer to a pending penalty
  // is one card unless play.answers is several); a card that moves hands, a joker (but one
  // that may stand in a run: one played first has none to stand in, and nothing follows it)
  // or a finish penalty ends it.
  const bool may_go_on =
      !moves_hands_.contains(card) && (!card.is_joker() || stand_ins_) && !finish_penalty;
  // A last card that may not go out (round.no_finish) does not follow, as legal_actions leaves
  // it out: with no other card to lay, the turn ends by itself.
  if (may_go_on && !(s.hands[seat].kinds() & followers(s)).empty() &&
      (s.hands[seat].size() != 1 || !last_follower_refused(s, seat, a))) {
    // The suit a wild names is kept for the turn's end, when its effects come (the play
    // lifted the suit named before it).
    if (names_suit_.contains(card)) s.named_suit = a.named_suit();
    s.phase = Phase::laying;
    s.jump_open = false;  // nobody jumps in on a turn still under way
    return;
  }
  end_laying(s, seat, a, ev);
}

SWITCHCARDS_NOINLINE inline void Engine::end_laying(State& s, int seat, Action last,
                                                    EventBuffer* ev) const {
  const int laid = s.laid;
  s.laid = 0;
  s.run_step = 0;
  s.phase = Phase::play;
  s.named_suit = Suit::none;
  const Card top = s.top();
  if (laid == 1 || variant_.play.effects == SeveralEffects::last) {
    // As if the card on top alone had been played.
    resolve_play(s, seat, top, last, false, true, ev);
    return;
  }
  // play.effects: each — every card laid takes effect in order, as if played alone; then the
  // turn moves on once: skips add up, each reverse turned the direction, and the last card's
  // movement (back, play again, a deflection) decides who is next.
  // A copy: the effects may draw cards, and a reshuffle would rebuild the discard pile.
  std::array<Card, kMaxCards> cards;
  std::ranges::copy(s.discard.cards().last(static_cast<std::size_t>(laid)), cards.begin());
  Outcome total;
  for (int k = 0; k < laid; ++k) {
    const Card c = cards[k];
    const bool on_top = k == laid - 1;
    s.named_suit = Suit::none;  // a card laid over a wild or a demand lifts them
    s.demand = -1;
    const Outcome o =
        play_effects(s, seat, c, on_top ? last : Action::play(seat, c), false, true, ev);
    total.skip += o.skip;
    total.answered = total.answered || o.answered;
    if (on_top) {
      total.next = o.next;
      total.victim = o.victim;
    }
  }
  move_on(s, seat, top, total, ev);
}

inline Engine::Deflection Engine::deflection(const State& s, int seat, Card card) const {
  const int ei = effect_index_[card.index()];
  const bool reverses = ei >= 0 && compiled_[ei].reverse &&
                        !(s.players() == 2 && compiled_[ei].reverse_skips_with_two);
  if (!reverses) return {s.seats.next(seat), false};  // a skip passes it over the deflector
  const int attacker = s.pending.from;
  // The attacker deflecting back what it sent would send it to itself: it goes on instead.
  if (compiled_[s.pending.effect].deflect_to_attacker && attacker >= 0 && attacker != seat)
    return {attacker, true};
  return {s.seats.previous(seat), true};  // the next player once the direction has flipped
}

inline void Engine::finish_action(State& s, EventBuffer* ev) const {
  ++s.decisions;
  if (s.phase != Phase::over &&
      s.decisions >= static_cast<std::uint32_t>(variant_.round.turn_limit)) {
    s.phase = Phase::over;
    // A round that stalls keeps no card drawn to play, no turn of several cards under way and
    // no jump-in window on its last card: nothing more is played in it.
    s.drawn = Card{};
    s.laid = 0;
    s.run_step = 0;
    s.jump_open = false;
    s.stalemate = true;
    detail::emit(ev, EventKind::round_over, kNoSeat);
  }
}

SWITCHCARDS_ALWAYS_INLINE bool Engine::apply_at_once(State& s, Action a, EventBuffer* ev) const {
  if (s.pending.active() || a.seat() != s.turn) return false;
  const int seat = s.turn;
  Hand& hand = s.hands[seat];
  // Its two events are pushed here rather than through detail::emit, which GCC leaves out of
  // line in play_round's loop: the call cost 11 instructions a decision there.
  if (a.kind() == ActionKind::play) {
    const Card card = a.card();
    // A card that names no suit and moves no hands, with nothing but itself in the action (no
    // suit, call or target), held among three or more (so no last-card call is due and the
    // round goes on), that matches the top with no suit named and no demand, or that was just
    // drawn.
    if (card.index() >= kCardKinds || a != Action::play(seat, card) || hand.size() < 3)
      return false;
    if (s.phase == Phase::play) {
      if (s.demand >= 0 || s.named_suit != Suit::none ||
          !(hand.kinds() & at_once_on_top_[s.top().index()]).contains(card))
        return false;
    } else if (s.phase != Phase::after_draw || card != s.drawn || !hand.contains(card) ||
               !at_once_off_top_[s.top().index()].contains(card)) {
      return false;
    } else {
      s.drawn = Card{};  // the after-draw phase ends: no card is "drawn" any more
    }
    s.catchable = -1;
    s.jump_open = jumps_;  // others may now jump in on this card
    hand.remove(card);
    s.discard.push(card);
    s.phase = Phase::play;
    s.named_suit = Suit::none;
    s.demand = -1;
    if (ev) ev->push(Event{EventKind::card_played, static_cast<std::uint8_t>(seat), card});
    if (effect_index_[card.index()] >= 0)
      resolve_special(s, seat, card, ev);
    else
      begin_turn(s, s.seats.next(seat), ev);
  } else if (s.phase == Phase::play && a == Action::draw(seat) && plain_draw_ && !s.stock.empty()) {
    s.catchable = -1;
    s.jump_open = false;
    const Card card = s.stock.pop();
    hand.add(card);
    if (ev) ev->push(Event{EventKind::card_drawn, static_cast<std::uint8_t>(seat), card});
    // A drawn card that is playable may (or must) be played at once, if the variant says so.
    if (variant_.draw.after != AfterDraw::end_turn && matching(s).contains(card)) {
      s.phase = Phase::after_draw;
      s.drawn = card;
    } else {
      end_turn_without_play(s, seat, 0, ev);
    }
  } else {
    return false;
  }
  finish_action(s, ev);
  return true;
}

inline ApplyResult Engine::apply(State& s, Action a, EventBuffer* ev) const {
  const Refusal r = check(s, a);
  if (r != Refusal::none) return {r};
  if (a.kind() == ActionKind::name) [[unlikely]]
    return apply_name(s, a, ev);
  const int seat = a.seat();

  if (a.kind() == ActionKind::challenge) {
    const int target = a.target();
    s.catchable = -1;
    detail::emit(ev, EventKind::last_card_caught, seat, Card{}, 0, target);
    const int got = draw_cards(s, target, variant_.last_card.penalty, ev);
    detail::emit(ev, EventKind::last_card_penalty, target, Card{}, got);
    if (variant_.last_card.miss_turn) add_missed_turns(s, target, 1);
    finish_action(s, ev);
    return {};
  }
  if (a.kind() == ActionKind::call) {
    // Said late (after the play, as an action of its own), but in time: the seat can no longer
    // be caught. The turn does not move.
    s.catchable = -1;
    detail::emit(ev, EventKind::last_card_called, seat, Card{}, 0, 2);
    finish_action(s, ev);
    return {};
  }

  // The seat to act acts: an unnoticed missing "last card" call can no longer be caught.
  s.catchable = -1;

  switch (a.kind()) {
    case ActionKind::play: {
      const Card card = a.card();
      const Card previous_top = s.top();
      if (seat != s.turn) [[unlikely]] {
        // A jump-in (check_out_of_turn accepted it): the jumper plays as if in turn, and the
        // seats from the seat to act up to it lose their turn.
        detail::emit(ev, EventKind::jumped_in, seat, card, 0, s.turn);
        s.turn = static_cast<std::uint8_t>(seat);
      }
      Hand& hand = s.hands[seat];
      hand.remove(card);
      s.discard.push(card);
      s.phase = Phase::play;
      s.drawn = Card{};  // the after-draw phase, if it was that, ends with this play
      s.named_suit = Suit::none;
      s.demand = -1;
      detail::emit(ev, EventKind::card_played, seat, card);

      if (hand.size() == 1) {
        if (moves_hands_.contains(card)) [[unlikely]] {
          // The one card left is about to be swapped or passed on: a hand that a swap or a
          // rotation leaves with one card needs no call, and nobody can be caught for it.
        } else if (a.calls_last()) {
          detail::emit(ev, EventKind::last_card_called, seat);
        } else if (variant_.last_card.enforce != LastCardEnforcement::none) {
          detail::emit(ev, EventKind::last_card_missed, seat);
          if (variant_.last_card.enforce == LastCardEnforcement::next_turn)
            s.owes_last_card |= static_cast<std::uint8_t>(1u << seat);
          else
            s.catchable = static_cast<std::int8_t>(seat);
        }
      }
      bool finish_penalty = false;
      if (hand.empty() && finish_drawn_.contains(card)) [[unlikely]] {
        finish_penalty = true;
        if (no_finish_draws_.contains(card)) {
          // round.no_finish, then: draw — the card stands, its player draws instead of going
          // out. It cannot go out, so it owes no final call.
          const int got = draw_cards(s, seat, variant_.round.no_finish.draw, ev);
          detail::emit(ev, EventKind::finish_penalty, seat, card, got);
        } else if (a.calls_last()) {
          finish_penalty = false;  // last_card.final_call, called: the player goes out
          detail::emit(ev, EventKind::last_card_called, seat, Card{}, 0, 1);
        } else {
          // last_card.final_call, forgotten: the card stands as a card laid mid-hand would;
          // its player draws the penalty at once (no later moment could catch it) and the
          // round goes on.
          detail::emit(ev, EventKind::last_card_missed, seat, Card{}, 0, 1);
          const int got = draw_cards(s, seat, variant_.last_card.final_call, ev);
          detail::emit(ev, EventKind::last_card_penalty, seat, Card{}, got, 1);
        }
      }
      if (hand.empty()) {
        // The round ends at once; a final card's pending draw is taken only if the variant
        // says so.
        if (variant_.round.final_card_draws) {
          const int ei = effect_index_[card.index()];
          int total = 0;
          int victim = s.seats.next(seat);
          if (s.laid > 0 && s.pending.active()) [[unlikely]] {
            // play.answers: several — the answer's cards all stack on the penalty.
            total = several_answer_draw(s, seat);
          } else if (s.pending.active() && compiled_[s.pending.effect].deflect.contains(card)) {
            total = s.pending.draw;
            victim = deflection(s, seat, card).victim;
          } else if (s.pending.active() && compiled_[s.pending.effect].stack.contains(card)) {
            total = stacked(s.pending, seat, card).draw;  // as play_effects would stack it
          } else if (ei >= 0) {
            total = compiled_[ei].draw;
          }
          // The cards laid before it in a free turn of several cards (play.effects: each) draw
          // too.
          if (s.laid > 0 && !s.pending.active() && variant_.play.effects == SeveralEffects::each) {
            const std::span<const Card> laid = s.discard.cards().last(s.laid + 1u).first(s.laid);
            for (const Card c : laid)
              if (const int e = effect_index_[c.index()]; e >= 0) total += compiled_[e].draw;
          }
          // Alone at the table, the winner would be its own victim: nobody pays.
          if (total > 0 && victim != seat) {
            const int got = draw_cards(s, victim, total, ev);
            detail::emit(ev, EventKind::penalty_paid, victim, Card{}, got);
          }
        }
        s.pending = Pending{};
        s.catchable = -1;
        s.laid = 0;
        s.run_step = 0;
        s.jump_open = false;
        s.named_rank = kNoRank;  // a rank named binds no more (names_rank)
        s.demand_by = s.rank_demand = -1;
        s.phase = Phase::over;
        s.winner = static_cast<std::int8_t>(seat);
        detail::emit(ev, EventKind::round_over, seat);
        ++s.decisions;
        return {};
      }
      // One test for the rules that look at a play beyond its card (several cards a turn,
      // identical cards, jump-in), so a variant with none of them pays one branch.
      bool identical = false;
      if (rare_play_rules_) [[unlikely]] {
        s.jump_open = jumps_;  // others may now jump in on this card
        if (turn_rule_ != TurnRule::plain) {
          if (turn_rule_ == TurnRule::several) {
            lay(s, seat, a, finish_penalty, ev);
            break;
          }
          keep_named_rank(s, seat, card);
        }
        // With `card_effect: none` an identical card that answers a pending penalty is an
        // answer, not a bonus: the penalty passes on to the next player as usual.
        identical = variant_.identical.enabled && card == previous_top &&
                    (variant_.identical.card_effect || !s.pending.active());
      }
      if (!identical && !s.pending.active() && effect_index_[card.index()] < 0 &&
          !names_suit_.contains(card)) {
        // A plain card (most plays): no effect to resolve, play moves one seat on. This is
        // what resolve_play does for such a card, without its call and its rare cases.
        begin_turn(s, s.seats.next(seat), ev);
        break;
      }
      const bool effects_on = !identical || variant_.identical.card_effect;
      resolve_play(s, seat, card, a, identical, effects_on, ev);
      break;
    }
    case ActionKind::draw: {
      s.jump_open = false;
      if (s.pending.active()) {
        const Pending p = s.pending;
        const CompiledEffect& src = compiled_[p.effect];
        s.pending = Pending{};
        const int got = draw_cards(s, seat, p.draw, ev);
        detail::emit(ev, EventKind::penalty_paid, seat, Card{}, got);
        if (p.skip > 0 || src.miss_turn) {
          detail::emit(ev, EventKind::seat_skipped, seat);
          end_turn_without_play(s, seat, skips_after_taking(s, seat, p), ev);
        }
        // Otherwise the victim, having drawn, plays its turn as usual.
        break;
      }
      Card drawn{};
      const int got = variant_.draw.until_playable
                          ? draw_until_playable(s, seat, ev, &drawn)
                          : draw_cards(s, seat, variant_.draw.cards, ev, &drawn);
      // A drawn card that is playable may (or must) be played at once, if the variant says so.
      // (only_without_suit: judged with the hand it joins; plain_draw_ is off for it.)
      const bool can_play_drawn =
          got > 0 && variant_.draw.after != AfterDraw::end_turn && matching(s).contains(drawn) &&
          (!suit_held_rules_ || !held_suit_refused(s, seat).contains(drawn));
      if (can_play_drawn) {
        s.phase = Phase::after_draw;
        s.drawn = drawn;
      } else {
        end_turn_without_play(s, seat, 0, ev);
      }
      break;
    }
    case ActionKind::pass: {
      // Ending a turn of several cards opens the jump-in window on its top card; any other
      // pass closes it.
      s.jump_open = s.phase == Phase::laying && jumps_;
      if (s.phase == Phase::laying) {
        // The turn of several cards ends with the card on top: its named suit was kept.
        end_laying(s, seat, Action::play(seat, s.top(), s.named_suit), ev);
      } else if (s.phase == Phase::after_draw) {
        s.phase = Phase::play;
        s.drawn = Card{};
        end_turn_without_play(s, seat, 0, ev);
      } else {
        // Taking a pending skip (the chained 8 of the app): miss the turn.
        const Pending p = s.pending;
        s.pending = Pending{};
        detail::emit(ev, EventKind::seat_skipped, seat);
        end_turn_without_play(s, seat, skips_after_taking(s, seat, p), ev);
      }
      break;
    }
    case ActionKind::challenge:
    case ActionKind::call:
    case ActionKind::name:
      break;
  }
  finish_action(s, ev);
  return {};
}

namespace detail {
// Out of line: the deal is inlined into every loop that plays rounds, and building these
// messages inside it made it too big to inline (8 more instructions a decision in benchmarks).
[[noreturn]] SWITCHCARDS_NOINLINE inline void throw_bad_deal(int players, int dealer) {
  if (players < 1 || players > kMaxSeats)
    throw std::invalid_argument("cannot seat " + std::to_string(players) + " players (1 to " +
                                std::to_string(kMaxSeats) + ")");
  throw std::invalid_argument("the dealer " + std::to_string(dealer) + " is not a seat of " +
                              std::to_string(players) + " (0 to " + std::to_string(players - 1) +
                              ", or -1 for the last seat)");
}

// deal.turn_again: while the turned-up card is one of `again`, it goes to the bottom of the
// stock and the next card is turned up. At most once round the stock: should every card left
// be one of them (a deck the loader refuses, or a tiny one), the last turned up stands.
SWITCHCARDS_NOINLINE inline Card turn_up_again(Pile& stock, Card first, CardMask again) {
  for (int left = stock.size(); left > 0 && again.contains(first); --left) {
    stock.push(first);
    const std::span<Card> cards = stock.cards();
    std::rotate(cards.begin(), cards.end() - 1, cards.end());  // the top card to the bottom
    first = stock.pop();
  }
  return first;
}
}  // namespace detail

inline State Engine::deal(int players, std::uint64_t seed, int dealer, EventBuffer* ev,
                          DealEvents shown) const {
  if (players < 1 || players > kMaxSeats || dealer < -1 || dealer >= players) [[unlikely]]
    detail::throw_bad_deal(players, dealer);
  State s;
  s.rng = Pcg32(seed);
  s.seats = Seats(players);
  if (dealer < 0) dealer = players - 1;
  s.dealer = static_cast<std::uint8_t>(dealer);
  s.stock = deck(players);
  shuffle(s.stock.cards(), s.rng);
  const int hand_size = variant_.deal.hand_size.at(players);
  if (players * hand_size + 1 > s.stock.size())
    throw std::invalid_argument(std::to_string(players) + " players x " +
                                std::to_string(hand_size) + (hand_size == 1 ? " card" : " cards") +
                                " + 1 do not fit a deck of " + std::to_string(s.stock.size()));
  // One card at a time round the table, from the dealer's left.
  const bool every_card = ev != nullptr && shown == DealEvents::every_card;
  std::array<std::uint8_t, kMaxSeats> order{};  // the seats from the dealer's left, worked out once
  for (int k = 1; k <= players; ++k)
    order[k - 1] = static_cast<std::uint8_t>(s.seats.after(dealer, k));
  for (int round = 0; round < hand_size; ++round)
    for (int k = 0; k < players; ++k) {
      const int seat = order[k];
      const Card card = s.stock.pop();
      s.hands[seat].add(card);
      if (every_card) detail::emit(ev, EventKind::card_dealt, seat, card);
    }
  Card first = s.stock.pop();
  if (!variant_.deal.turn_again.cards.empty()) [[unlikely]]
    first = detail::turn_up_again(s.stock, first, variant_.deal.turn_again.cards);
  s.discard.push(first);
  detail::emit(ev, EventKind::card_played, kNoSeat, first);
  if (variant_.deal.first_card == FirstCardRule::apply && effect_index_[first.index()] >= 0) {
    // As if the dealer had played it; a wild turned up names no suit (its own suit holds).
    resolve_play(s, dealer, first, Action::pass(dealer), false, true, ev);
  } else {
    begin_turn(s, s.seats.next(dealer), ev);
  }
  return s;
}

inline State Engine::position(const Position& p) const {
  const int players = static_cast<int>(p.hands.size());
  if (players < 1 || players > kMaxSeats)
    throw std::invalid_argument("a position needs 1 to " + std::to_string(kMaxSeats) +
                                " hands, not " + std::to_string(players));
  if (p.discard.empty())
    throw std::invalid_argument("a position needs a discard pile (its top card)");
  for (std::size_t seat = 0; seat < p.hands.size(); ++seat)
    if (p.hands[seat].empty())
      throw std::invalid_argument("seat " + std::to_string(seat) +
                                  " holds no cards: a round with an empty hand is over");
  if (p.turn < 0 || p.turn >= players)
    throw std::invalid_argument("turn " + std::to_string(p.turn) + " is not a seat of " +
                                std::to_string(players));
  // Enum values made by a cast from a number are checked too: a State holds them as bytes that
  // index tables and shift masks.
  if (p.direction != Direction::clockwise && p.direction != Direction::counterclockwise)
    throw std::invalid_argument("direction " + std::to_string(static_cast<int>(p.direction)) +
                                " is no direction");
  if (static_cast<int>(p.suit) > static_cast<int>(Suit::none))
    throw std::invalid_argument("suit " + std::to_string(static_cast<int>(p.suit)) + " is no suit");
  std::size_t total = p.discard.size() + p.stock.size();
  for (const auto& h : p.hands) total += h.size();
  if (total > static_cast<std::size_t>(kMaxCards))
    throw std::invalid_argument("a position of " + std::to_string(total) + " cards: at most " +
                                std::to_string(kMaxCards) + " fit");
  // Every card must be one the variant's deck for this many players holds, no more often than
  // it holds it: a joker without jokers, or a third ace of spades, is no position a deal reaches.
  const DeckSpec deck = variant_.deck_for(players);
  std::array<int, kCardKinds> seen{};
  auto count = [&](const std::vector<Card>& cards) {
    for (Card c : cards) {
      if (c.index() < 0 || c.index() >= kCardKinds)
        throw std::invalid_argument("card index " + std::to_string(c.index()) + " is no card");
      ++seen[c.index()];
    }
  };
  for (const auto& h : p.hands) count(h);
  count(p.discard);
  count(p.stock);
  for (int i = 0; i < kCardKinds; ++i) {
    const Card c = Card::from_index(i);
    if (seen[i] > deck.copies(c))
      throw std::invalid_argument("card " + to_string(c) + " appears " + std::to_string(seen[i]) +
                                  (seen[i] == 1 ? " time" : " times") + ", but the deck for " +
                                  std::to_string(players) + " players holds " +
                                  std::to_string(deck.copies(c)));
  }
  // A suit is named by a card that names one, and the next card laid lifts it: over any other
  // top card it is no position a round reaches, and a save of it would be refused
  // (check_state).
  if (p.suit != Suit::none && !names_suit(p.discard.back()))
    throw std::invalid_argument("the suit " + std::string(suit_name(p.suit)) +
                                " is in force only over a card that names a suit, and the top "
                                "card " +
                                to_string(p.discard.back()) + " names none");
  State s;
  s.rng = Pcg32(p.seed);
  s.seats = Seats(players, p.direction);
  s.dealer = static_cast<std::uint8_t>(s.seats.previous(p.turn));
  for (int seat = 0; seat < players; ++seat)
    for (Card c : p.hands[seat]) s.hands[seat].add(c);
  for (Card c : p.discard) s.discard.push(c);
  for (auto it = p.stock.rbegin(); it != p.stock.rend(); ++it) s.stock.push(*it);
  s.turn = static_cast<std::uint8_t>(p.turn);
  s.named_suit = p.suit;
  s.phase = Phase::play;
  return s;
}

}  // namespace switchcards
