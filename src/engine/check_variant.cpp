// The values of a Variant built in code, checked as the loader checks a file (see
// engine/check_variant.hpp): each value on its own first, then the combination rules
// (engine/variant_combinations.hpp), which assume every value in its range.
#include "switchcards/engine/check_variant.hpp"

#include <cmath>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "switchcards/core/card_format.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/engine/variant_combinations.hpp"

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
    check_identical();
    check_last_card();
    check_round();
    check_scoring();
    check_match();
    check_teams();
    check_combinations();
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
    by_players("deal.decks", deal.decks, 1, kMaxDecks);
    if (deal.deck.ranks.none()) fail("deal.deck.ranks", "no rank: a deck needs at least one");
    range("deal.deck.jokers", deal.deck.jokers, 0, kMaxJokers);
    by_players("deal.hand_size", deal.hand_size, 1, kMaxCards);
    known("deal.first_card", deal.first_card, FirstCardRule::apply);
  }

  void check_draw() const {
    const DrawRules& draw = v_.draw;
    known("draw.after", draw.after, AfterDraw::must_play_drawn);
    if (draw.until_playable)
      range("draw.limit", draw.limit, 0, kMaxCards);
    else
      range("draw.cards", draw.cards, 1, kMaxEffectDraw);
  }

  void check_play() const {
    const PlayRules& play = v_.play;
    known("play.several", play.several, Several::both);
    known("play.run_direction", play.run_direction, RunDirection::either);
    known("play.run_ace", play.run_ace, RunAce::both);
    known("play.run_jokers", play.run_jokers, RunJokers::stand_in);
    known("play.effects", play.effects, SeveralEffects::last);
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
  }

  void check_identical() const {
    const IdenticalCardRules& r = v_.identical;
    range("identical.others_draw", r.others_draw, 0, kMaxEffectDraw);
    known("identical.jump_in", r.jump_in, JumpIn::same_rank);
  }

  void check_last_card() const {
    const LastCardRules& r = v_.last_card;
    known("last_card.enforce", r.enforce, LastCardEnforcement::when_caught);
    range("last_card.penalty", r.penalty, 0, kMaxEffectDraw);
    range("last_card.final_call", r.final_call, 0, kMaxEffectDraw);
    for (const auto& [path, words] :
         {std::pair<std::string_view, const std::string*>{"last_card.call_name", &r.call_name},
          {"last_card.final_call_name", &r.final_call_name}})
      if (!words->empty())
        if (const std::string_view problem = call_name_problem(*words); !problem.empty())
          fail(path, problem);  // not the words: they may hold a newline
  }

  void check_round() const {
    const RoundRules& r = v_.round;
    range("round.turn_limit", r.turn_limit, 1, kMaxTurnLimit);
    const NoFinishRules& f = r.no_finish;
    known("round.no_finish.then", f.then, NoFinish::draw);
    known("round.no_finish.unless", f.unless, NoFinishUnless::follows_suit);
    if (f.cards.cards.empty()) return;
    in_deck("round.no_finish.cards", f.cards);
    if (f.then == NoFinish::draw && f.draw != 0)
      range("round.no_finish.draw", f.draw, 1, kMaxEffectDraw);
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
    known("match.end", r.end, MatchKind::first_to);
    known("match.first_dealer", r.first_dealer, FirstDealer::lowest_cut);
    range("match.rounds", r.rounds, 1, kMaxFixedRounds);
    range("match.limit", r.limit, 1, kMaxMatchPoints);
    range("match.hard_limit", r.hard_limit, 0, kMaxMatchPoints);
  }

  void check_teams() const {
    const TeamRules& r = v_.teams;
    known("teams.seating", r.seating, TeamSeating::listed);
    known("teams.score", r.score, TeamScore::each_hand);
    if (r.seating != TeamSeating::listed) return;
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
  }

  // The first combination problem (engine/variant_combinations.hpp), once every value is in
  // its range.
  void check_combinations() const {
    for_each_combination_problem(v_, [](const CombinationProblem& p) { fail(p.path, p.message); });
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
