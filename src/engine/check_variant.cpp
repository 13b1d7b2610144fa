// The values of a Variant built in code, checked as the loader checks a file (see
// engine/check_variant.hpp). The order follows the loader's: the table first, since the
// selectors and the rules after it are judged against its deck.
#include "switchcards/engine/check_variant.hpp"

#include <cmath>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "switchcards/core/card_format.hpp"
#include "switchcards/engine/scoring.hpp"

namespace switchcards {

namespace {

// The first problem found; thrown to end the check.
struct Problem {
  std::string message;
};

class Checker {
 public:
  explicit Checker(const Variant& v) : v_(v), kinds_(v.deal.deck.kinds()) {}

  void run() {
    check_names();
    check_table();
    check_draw();
    check_play();
    check_constraints();
    for (std::size_t i = 0; i < v_.specials.size(); ++i) check_special(i);
    for (std::size_t i = 0; i < v_.specials.size(); ++i) check_deflect(i);
    check_identical();
    check_last_card();
    check_round();
    check_scoring();
    check_match();
    check_teams();
  }

 private:
  [[noreturn]] static void fail(std::string_view path, std::string_view what) {
    throw Problem{fmt::format("{}: {}", path, what)};
  }
  template <typename T>
  static void range(std::string_view path, T value, T min, T max) {
    if (value < min || value > max)
      fail(path, fmt::format("{} is out of range (allowed: {}..{})", value, min, max));
  }
  // An enum's value among its enumerators, `last` the last of them.
  template <typename E>
  static void known(std::string_view path, E value, E last) {
    const int i = static_cast<int>(value);
    if (i < 0 || i > static_cast<int>(last))
      fail(path, fmt::format("{} is no value of its enum (0..{})", i, static_cast<int>(last)));
  }
  // A number from min (exclusive) up to max, as scoring's factors.
  static void factor(std::string_view path, double value) {
    if (!std::isfinite(value)) fail(path, fmt::format("{} is not a finite number", value));
    if (!(value > 0.0) || value > kMaxScoreFactor)
      fail(path, fmt::format("{} is out of range (allowed: more than 0 up to {})", value,
                             kMaxScoreFactor));
  }

  // Steps ascending by player count (1..kMaxSeats), each value in min..max. The path of a
  // step's value names its player count (deal.hand_size[5]), but for a constant.
  static void by_players(std::string_view path, const ByPlayers& b, int min, int max) {
    if (b.steps.empty())
      fail(path, "no steps: give a value, e.g. ByPlayers::constant(7), or one per player count");
    int previous = 0;
    for (const auto& [from, value] : b.steps) {
      if (from < 1 || from > kMaxSeats)
        fail(path, fmt::format("a step from {} players: player counts are 1..{}", from, kMaxSeats));
      if (from <= previous)
        fail(path, fmt::format("the step from {} players comes after the step from {}: list the "
                               "steps once each, in ascending order of player count",
                               from, previous));
      previous = from;
      const bool constant = b.steps.size() == 1 && from == 1;
      range(constant ? std::string(path) : fmt::format("{}[{}]", path, from), value, min, max);
    }
  }

  // A selector given (not empty) must match a card of the deck.
  void in_deck(std::string_view path, const Selector& s) const {
    if (!s.cards.empty() && (s.cards & kinds_).empty())
      fail(path, fmt::format("'{}' matches no card of the deck", s.text));
  }

  std::string special_path(std::size_t i) const { return fmt::format("specials[{}]", i); }

  void check_names() const {
    if (!is_variant_name(v_.name))
      fail("name", fmt::format("'{}' is not a variant name: use 1 to {} characters a-z, 0-9 and "
                               "'-', e.g. my-house-rules",
                               v_.name, kMaxNameLength));
  }

  void check_table() const {
    const DealRules& deal = v_.deal;
    range("deal.min_players", deal.min_players, kMinPlayers, kMaxSeats);
    range("deal.max_players", deal.max_players, kMinPlayers, kMaxSeats);
    if (deal.min_players > deal.max_players)
      fail("deal.min_players", fmt::format("{} is greater than deal.max_players {}",
                                           deal.min_players, deal.max_players));
    by_players("deal.decks", deal.decks, 1, kMaxDecks);
    if (deal.deck.ranks.none()) fail("deal.deck.ranks", "no rank: a deck needs at least one");
    range("deal.deck.jokers", deal.deck.jokers, 0, kMaxJokers);
    by_players("deal.hand_size", deal.hand_size, 1, kMaxCards);
    known("deal.first_card", deal.first_card, FirstCardRule::apply);
    // From fewest_players_dealt: an elimination match deals to fewer seats as they go out.
    for (int players = v_.fewest_players_dealt(); players <= deal.max_players; ++players) {
      const DeckSpec deck = v_.deck_for(players);
      if (deck.size() > kMaxCards)
        fail("deal.decks", fmt::format("with {} players the deck has {} cards; at most {} are "
                                       "supported",
                                       players, deck.size(), kMaxCards));
      const int hand = deal.hand_size.at(players);
      const int needed = players * hand + 1;
      if (needed > deck.size())
        fail("deal.hand_size",
             fmt::format("impossible deal: {} players x {} cards + 1 turned up = {} cards, but the "
                         "deck has only {}{}",
                         players, hand, needed, deck.size(),
                         players < deal.min_players
                             ? " (match.end elimination deals later rounds to the seats still in)"
                             : ""));
    }
  }

  void check_draw() const {
    const DrawRules& draw = v_.draw;
    known("draw.after", draw.after, AfterDraw::must_play_drawn);
    if (draw.until_playable) {
      if (draw.cards != 1)
        fail("draw.cards", fmt::format("{} with until_playable, which takes cards one at a time: "
                                       "set cards to 1",
                                       draw.cards));
      if (draw.after == AfterDraw::end_turn)
        fail("draw.until_playable",
             "it stops at a playable card, which draw.after: end_turn would never let be "
             "played: use may_play_drawn or must_play_drawn");
      range("draw.limit", draw.limit, 0, kMaxCards);
    } else {
      range("draw.cards", draw.cards, 1, kMaxEffectDraw);
      if (draw.limit != 0)
        fail("draw.limit", fmt::format("{} caps a draw until_playable; this variant draws {} "
                                       "{}",
                                       draw.limit, draw.cards, draw.cards == 1 ? "card" : "cards"));
    }
  }

  void check_play() const {
    const PlayRules& play = v_.play;
    known("play.several", play.several, Several::both);
    known("play.run_direction", play.run_direction, RunDirection::either);
    known("play.run_ace", play.run_ace, RunAce::both);
    known("play.run_jokers", play.run_jokers, RunJokers::stand_in);
    known("play.effects", play.effects, SeveralEffects::last);
    if (!play.runs()) {
      const PlayRules defaults;
      const char* shaped = play.run_direction != defaults.run_direction ? "play.run_direction"
                           : play.run_ace != defaults.run_ace           ? "play.run_ace"
                           : play.turn_corner != defaults.turn_corner   ? "play.turn_corner"
                           : play.run_jokers != defaults.run_jokers     ? "play.run_jokers"
                                                                        : nullptr;
      if (shaped)
        fail(shaped,
             fmt::format("shapes a run, which play.several: runs or both lays; this "
                         "variant lays {} (leave it at its default)",
                         play.several_cards() ? "cards of one rank only" : "one card a turn"));
    }
    if (play.turn_corner && play.run_ace != RunAce::both)
      fail("play.turn_corner",
           "it lets an ace be high and low in one run (K, A, 2), which "
           "play.run_ace low or high forbids: use RunAce::both");
    if (play.run_jokers == RunJokers::stand_in && v_.deal.deck.jokers == 0)
      fail("play.run_jokers",
           "stand_in lets a joker stand in a run, and this variant's deck has "
           "no jokers (deal.deck.jokers)");
    if (play.effects != SeveralEffects::each && !play.several_cards())
      fail("play.effects",
           "it says how the specials of a turn of several cards combine; "
           "play.several: none lays one card a turn");
    if (play.several_answers && !play.several_cards())
      fail("play.several_answers",
           "it answers a penalty with several cards in a turn, which "
           "play.several: none never lays");
    if (play.several_answers && play.effects != SeveralEffects::each)
      fail("play.several_answers",
           "it stacks every card laid on the pending penalty, and "
           "play.effects: last lets only the top card take effect: use "
           "effects: each");
    if (play.several_cards() && v_.identical.enabled)
      fail("play.several",
           "it lays further cards in the turn, and identical.enabled already "
           "rewards a second identical card with another turn: the two rules "
           "judge the same card differently; use one of them");
  }

  void check_constraints() const {
    known("constraints.named_suit", v_.constraints.named_suit, Lasts::until_played);
    known("constraints.demand", v_.constraints.demand, Lasts::until_played);
  }

  void check_special(std::size_t i) const {
    const Effect& e = v_.specials[i];
    const std::string at = special_path(i);
    const auto path = [&](std::string_view field) { return at + "." + std::string(field); };
    if (e.name.empty() || e.name.size() > kMaxNameLength)
      fail(path("name"),
           fmt::format("a special's name must have 1 to {} characters", kMaxNameLength));
    for (std::size_t j = 0; j < i; ++j)
      if (v_.specials[j].name == e.name)
        fail(path("name"), fmt::format("'{}' is also the name of {}", e.name, special_path(j)));
    if (e.cards.cards.empty()) fail(path("cards"), "no card: a special needs the cards it is on");
    in_deck(path("cards"), e.cards);
    in_deck(path("demand"), e.demand);
    in_deck(path("stack"), e.stack);
    in_deck(path("cancel"), e.cancel);
    in_deck(path("deflect"), e.deflect);
    in_deck(path("not_on"), e.not_on);
    range(path("draw"), e.draw, 0, kMaxEffectDraw);
    range(path("skip"), e.skip, 0, kMaxSeats - 1);
    range(path("cap"), e.cap, 0, kMaxEffectCap);
    if (e.cap > 0 && e.cap < e.draw)
      fail(path("cap"),
           fmt::format("cap {} is below draw {}: the first card would exceed it", e.cap, e.draw));
    if (e.play_again && (e.draw > 0 || e.skip > 0 || e.back))
      fail(path("play_again"), fmt::format("it cannot be combined with {}: its player acts next",
                                           e.draw > 0   ? "draw"
                                           : e.skip > 0 ? "skip"
                                                        : "back"));
    if (e.rotate_hands && e.swap_hands)
      fail(path("rotate_hands"),
           "a card swaps with one chosen player (swap_hands) or passes "
           "every hand on (rotate_hands), not both");
    if (const CardMask both = e.stack.cards & e.cancel.cards & kinds_; !both.empty())
      fail(path("cancel"), fmt::format("{} both stacks on the penalty (stack) and cancels it "
                                       "(cancel): a card answers it one way, so list it in one "
                                       "of them",
                                       to_string(both.first())));
    if (e.names_suit && !e.demand.cards.empty())
      fail(path("demand"),
           "a card that names a suit (names_suit) cannot also make a demand: the "
           "next card would have to follow both, and only one can bind it");
    if (!e.miss_turn && e.draw > 0 && e.skip > 0)
      fail(path("miss_turn"), fmt::format("false contradicts skip {}: with a draw, skip makes "
                                          "the victim miss its turn (skip: 0 lets it play after "
                                          "drawing)",
                                          e.skip));
    if (e.swap_hands && e.names_suit)
      fail(path("swap_hands"),
           "a swap card cannot also name a suit (names_suit): its play names "
           "the seat to swap with");
    for (std::size_t j = 0; j < i; ++j)
      if (const CardMask both = v_.specials[j].cards.cards & e.cards.cards & kinds_; !both.empty())
        fail(path("cards"),
             fmt::format("{} is also a card of {} '{}' (a card has at most one "
                         "special: put both effects in one)",
                         to_string(both.first()), special_path(j), v_.specials[j].name));
  }

  // Deflection, against the specials of the deflecting cards (any of which may come later).
  void check_deflect(std::size_t i) const {
    const Effect& penalty = v_.specials[i];
    const std::string at = special_path(i);
    const CardMask deflect = penalty.deflect.cards & kinds_;
    if (deflect.empty()) {
      if (!penalty.deflect_to_attacker)
        fail(at + ".deflect_to_attacker",
             "false says where a reverse deflects the penalty, but the special lists no card "
             "that deflects (deflect)");
      return;
    }
    if (!penalty.is_attack())
      fail(at + ".deflect",
           "the special sets no penalty to deflect (deflect goes with draw, or "
           "a skip that can be answered)");
    if (const CardMask both = deflect & (penalty.stack.cards | penalty.cancel.cards); !both.empty())
      fail(at + ".deflect",
           fmt::format("{} both deflects and {} the penalty: a card answers it one way",
                       to_string(both.first()),
                       penalty.stack.cards.contains(both.first()) ? "stacks on" : "cancels"));
    bool any_reverse = false;
    for (CardMask m = deflect; !m.empty();) {
      const Card card = m.pop_first();
      const Effect* own = nullptr;
      for (const Effect& e : v_.specials)
        if (own == nullptr && e.cards.cards.contains(card)) own = &e;
      if (own != nullptr && (own->is_attack() || own->draw > 0))
        fail(at + ".deflect", fmt::format("{} carries a penalty of its own ('{}'): stack it "
                                          "instead of deflecting with it",
                                          to_string(card), own->name));
      if (own == nullptr || (!own->reverse && own->skip == 0))
        fail(at + ".deflect",
             fmt::format("{} deflects only if it reverses or skips, but {}", to_string(card),
                         own ? fmt::format("'{}' does neither", own->name)
                             : std::string("it is no special card")));
      if (own->reverse && own->skip > 0)
        fail(at + ".deflect", fmt::format("{} both reverses and skips ('{}'): which way it "
                                          "deflects is ambiguous",
                                          to_string(card), own->name));
      any_reverse = any_reverse || own->reverse;
    }
    if (!penalty.deflect_to_attacker && !any_reverse)
      fail(at + ".deflect_to_attacker",
           "false says where a reverse sends the penalty, but no "
           "card of deflect reverses");
  }

  void check_identical() const {
    const IdenticalCardRules& r = v_.identical;
    range("identical.others_draw", r.others_draw, 0, kMaxEffectDraw);
    known("identical.jump_in", r.jump_in, JumpIn::same_rank);
    if (r.jump_in == JumpIn::same_card && !v_.deck_has_twins())
      fail("identical.jump_in",
           "same_card jump-in needs a deck with identical cards (deal.decks 2 or more, or two "
           "jokers) for some player count: with one deck no card is held twice, so nobody could "
           "ever jump in");
  }

  void check_last_card() const {
    const LastCardRules& r = v_.last_card;
    known("last_card.enforce", r.enforce, LastCardEnforcement::when_caught);
    range("last_card.penalty", r.penalty, 0, kMaxEffectDraw);
    range("last_card.final_call", r.final_call, 0, kMaxEffectDraw);
  }

  void check_round() const {
    const RoundRules& r = v_.round;
    range("round.turn_limit", r.turn_limit, 1, kMaxTurnLimit);
    const NoFinishRules& f = r.no_finish;
    known("round.no_finish.then", f.then, NoFinish::draw);
    known("round.no_finish.unless", f.unless, NoFinishUnless::follows_suit);
    if (f.cards.cards.empty()) {
      if (f.then != NoFinish::refused || f.draw != 0 || f.unless != NoFinishUnless::none)
        fail("round.no_finish.cards",
             "no card: then, draw and unless apply to the cards that may not finish");
      return;
    }
    in_deck("round.no_finish.cards", f.cards);
    if (f.then == NoFinish::draw)
      range("round.no_finish.draw", f.draw, 1, kMaxEffectDraw);
    else if (f.draw != 0)
      fail("round.no_finish.draw",
           "it is the penalty of then: draw; with then: refused the "
           "play is not allowed at all");
    if (f.unless != NoFinishUnless::none && f.then != NoFinish::refused)
      fail("round.no_finish.unless",
           "it works with then: refused only (a card that may not "
           "finish is then not playable as the last one)");
    if (f.then == NoFinish::refused && f.unless == NoFinishUnless::none &&
        (kinds_ - f.cards.cards).empty())
      fail("round.no_finish.cards",
           "every card of the deck is refused as a last card: nobody "
           "could ever go out (name fewer cards, or then: draw, or "
           "unless: follows_suit)");
  }

  void check_scoring() const {
    const ScoringRules& r = v_.scoring;
    for (std::size_t i = 0; i < r.values.size(); ++i) {
      const std::string path = fmt::format("scoring.values[{}]", i);
      in_deck(path, Selector{r.values[i].cards, r.values[i].selector});
      if (r.values[i].cards.empty()) fail(path, "no card");
      range(path + ".points", r.values[i].points, 0, kMaxCardPoints);
    }
    for (std::size_t i = 0; i < r.multipliers.size(); ++i) {
      const std::string path = fmt::format("scoring.multipliers[{}]", i);
      in_deck(path, Selector{r.multipliers[i].cards, r.multipliers[i].selector});
      if (r.multipliers[i].cards.empty()) fail(path, "no card");
      factor(path + ".factor", r.multipliers[i].factor);
    }
    factor("scoring.pair_factor", r.pair_factor);
    known("scoring.rounding", r.rounding, Rounding::nearest);
    if (!r.formula.empty()) {
      if (r.formula.find_first_not_of(" \t\n") == std::string::npos)
        fail("scoring.formula", "a blank formula: leave it empty to use the structured rules");
      if (auto error = check_scoring_formula(r.formula))
        fail("scoring.formula", error->to_string());
    }
  }

  void check_match() const {
    const MatchRules& r = v_.match;
    known("match.end", r.end, MatchKind::threshold);
    known("match.first_dealer", r.first_dealer, FirstDealer::lowest_cut);
    range("match.rounds", r.rounds, 1, kMaxFixedRounds);
    range("match.limit", r.limit, 1, kMaxMatchPoints);
    range("match.hard_limit", r.hard_limit, 0, kMaxMatchPoints);
    if (r.hard_limit != 0 && r.hard_limit <= r.limit)
      fail("match.hard_limit",
           fmt::format("{} must be above match.limit {} (or 0: none)", r.hard_limit, r.limit));
  }

  void check_teams() const {
    const TeamRules& r = v_.teams;
    known("teams.seating", r.seating, TeamSeating::listed);
    known("teams.score", r.score, TeamScore::each_hand);
    const int min = v_.deal.min_players, max = v_.deal.max_players;
    const std::string allows = min == max ? std::to_string(min) : fmt::format("{} to {}", min, max);
    if (r.seating != TeamSeating::listed && !r.listed.empty())
      fail("teams.listed", "teams are listed, but teams.seating is not TeamSeating::listed");
    switch (r.seating) {
      case TeamSeating::none:
        if (r.score != TeamScore::losing_teams)
          fail("teams.score", "a team score without teams (teams.seating: none)");
        return;
      case TeamSeating::opposite:
        if (min == 2 && max == 2)
          fail("teams.seating",
               "opposite with two players makes them one team, with nobody to play against: "
               "use 4 players or more");
        if (min != max || min % 2 != 0)
          fail("teams.seating", fmt::format("opposite needs one even number of players, but "
                                            "deal.min_players to max_players allows {}",
                                            allows));
        return;
      case TeamSeating::listed:
        break;
    }
    if (r.listed.size() < 2) fail("teams.listed", "list at least two teams, each a list of seats");
    std::vector<bool> named(static_cast<std::size_t>(kMaxSeats), false);
    int count = 0;
    for (std::size_t t = 0; t < r.listed.size(); ++t) {
      const std::string path = fmt::format("teams.listed[{}]", t);
      if (r.listed[t].empty()) fail(path, "an empty team: list its seats");
      for (const int seat : r.listed[t]) {
        range(path, seat, 0, kMaxSeats - 1);
        if (named[static_cast<std::size_t>(seat)])
          fail(path, fmt::format("seat {} is in two teams", seat));
        named[static_cast<std::size_t>(seat)] = true;
        ++count;
      }
    }
    for (int seat = 0; seat < count; ++seat)
      if (!named[static_cast<std::size_t>(seat)])
        fail("teams.listed", fmt::format("the teams name {} seats but not seat {}: number the "
                                         "seats from 0",
                                         count, seat));
    if (min != max || min != count)
      fail("teams.listed", fmt::format("the teams seat {} players, but deal.min_players to "
                                       "max_players allows {}",
                                       count, allows));
  }

  const Variant& v_;
  CardMask kinds_;
};

}  // namespace

std::string check_variant(const Variant& v) {
  try {
    Checker(v).run();
  } catch (Problem& p) {
    return std::move(p.message);
  }
  return {};
}

}  // namespace switchcards
