// The fingerprint of a variant's rules; see include/switchcards/io/variant_fingerprint.hpp.
//
// Every struct of the Variant is taken apart with a structured binding that names all of its
// fields: a field added to one of them stops this file from compiling until it is written
// here too (or named as left out), so no rule can be missed by the fingerprint.
#include "switchcards/io/variant_fingerprint.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace switchcards {

namespace {

// The canonical text: one "key value" line a field, keys as in the variant file.
class Canonical {
 public:
  std::string text;

  void line(std::string_view key, std::string_view value) {
    text += key;
    text += ' ';
    text += value;
    text += '\n';
  }
  void number(std::string_view key, long long x) { line(key, fmt::format("{}", x)); }
  // Shortest decimal that reads back as the same double: stable across platforms.
  void real(std::string_view key, double x) { line(key, fmt::format("{}", x)); }
  void flag(std::string_view key, bool x) { line(key, x ? "true" : "false"); }
  template <typename Enum>
  void choice(std::string_view key, Enum x) {
    number(key, static_cast<long long>(x));
  }
  void cards(std::string_view key, CardMask m) { line(key, fmt::format("{:x}", m.bits())); }
  void selector(std::string_view key, const Selector& s) {
    const auto& [cards_of, text_of] = s;
    (void)text_of;  // how the set was written
    cards(key, cards_of);
  }
  void by_players(std::string_view key, const ByPlayers& b) {
    const auto& [steps] = b;
    std::string value;
    for (const auto& [from, v] : steps) value += fmt::format("{}:{} ", from, v);
    line(key, value);
  }
};

void deal_text(Canonical& c, const DealRules& d) {
  const auto& [min_players, max_players, decks, deck, hand_size, first_card, turn_again] = d;
  c.number("players.min", min_players);
  c.number("players.max", max_players);
  c.by_players("deck.decks", decks);
  const auto& [spec_decks, ranks, jokers] = deck;
  c.number("deck.spec_decks", spec_decks);
  c.line("deck.ranks", ranks.to_string());
  c.number("deck.jokers", jokers);
  c.by_players("deal.hand_size", hand_size);
  c.choice("deal.first_card", first_card);
  // Written only when set, so that the fingerprints of variants without it (and the saves and
  // results that carry them) stay what they were before the key existed.
  if (!turn_again.cards.empty()) c.selector("deal.turn_again", turn_again);
}

void draw_text(Canonical& c, const DrawRules& d) {
  const auto& [after, when_playable, cards, until_playable, limit] = d;
  c.choice("draw.after", after);
  c.flag("draw.when_playable", when_playable);
  c.number("draw.cards", cards);
  c.flag("draw.until_playable", until_playable);
  c.number("draw.limit", limit);
}

void play_text(Canonical& c, const PlayRules& p) {
  const auto& [several, run_direction, run_ace, turn_corner, run_jokers, effects, several_answers] =
      p;
  c.choice("play.several", several);
  c.choice("play.runs.direction", run_direction);
  c.choice("play.runs.ace", run_ace);
  c.flag("play.runs.turn_corner", turn_corner);
  c.choice("play.runs.jokers", run_jokers);
  c.choice("play.effects", effects);
  c.flag("play.answers", several_answers);
}

void constraints_text(Canonical& c, const ConstraintRules& r) {
  const auto& [named_suit, demand] = r;
  c.choice("constraints.named_suit", named_suit);
  c.choice("constraints.demand", demand);
}

void special_text(Canonical& c, const Effect& e) {
  const auto& [name, cards, wild, names_suit, demand, names_rank, draw, skip, stack, stack_adds,
               cap, cancel, miss_turn, waits, deflect, deflect_to_attacker, answers_match, reverse,
               reverse_skips_with_two, back, play_again, swap_hands, rotate_hands, anything_on,
               not_on, only_without_suit] = e;
  (void)name;  // a label: the special's place in the list is what the engine uses
  c.selector("special.cards", cards);
  c.flag("special.wild", wild);
  c.flag("special.names_suit", names_suit);
  c.selector("special.demand", demand);
  // Written only when set, as answers_match below.
  if (!names_rank.cards.empty()) c.selector("special.names_rank", names_rank);
  c.number("special.draw", draw);
  c.number("special.skip", skip);
  c.selector("special.stack", stack);
  c.flag("special.stack_adds", stack_adds);
  c.number("special.cap", cap);
  c.selector("special.cancel", cancel);
  c.flag("special.miss_turn", miss_turn);
  if (waits) c.flag("special.waits", waits);  // written only when set, as answers_match below
  c.selector("special.deflect", deflect);
  c.flag("special.deflect_to_attacker", deflect_to_attacker);
  // Written only when set, so that the fingerprints of variants without it stay what they were
  // before the key existed.
  if (answers_match) c.flag("special.answers_match", answers_match);
  c.flag("special.reverse", reverse);
  c.flag("special.reverse_skips_with_two", reverse_skips_with_two);
  c.flag("special.back", back);
  c.flag("special.play_again", play_again);
  c.flag("special.swap_hands", swap_hands);
  c.flag("special.rotate_hands", rotate_hands);
  // Written only when set, as answers_match.
  if (anything_on) c.flag("special.anything_on", anything_on);
  c.selector("special.not_on", not_on);
  if (only_without_suit) c.flag("special.only_without_suit", only_without_suit);  // as above
}

void identical_text(Canonical& c, const IdenticalCardRules& r) {
  const auto& [enabled, others_draw, play_again, card_effect, jump_in] = r;
  c.flag("identical.enabled", enabled);
  c.number("identical.others_draw", others_draw);
  c.flag("identical.play_again", play_again);
  c.flag("identical.card_effect", card_effect);
  c.choice("identical.jump_in", jump_in);
}

void last_card_text(Canonical& c, const LastCardRules& r) {
  const auto& [enforce, penalty, miss_turn, late_call, final_call, call_name, final_call_name] = r;
  (void)call_name, (void)final_call_name;  // the words of the calls change no play
  c.choice("last_card.enforce", enforce);
  c.number("last_card.penalty", penalty);
  c.flag("last_card.miss_turn", miss_turn);
  c.flag("last_card.late_call", late_call);
  c.number("last_card.final_call", final_call);
}

void round_text(Canonical& c, const RoundRules& r) {
  const auto& [turn_limit, final_card_draws, no_finish] = r;
  c.number("round.turn_limit", turn_limit);
  c.flag("round.final_card_draws", final_card_draws);
  const auto& [cards, then, draw, unless] = no_finish;
  c.selector("round.no_finish.cards", cards);
  c.choice("round.no_finish.then", then);
  c.number("round.no_finish.draw", draw);
  c.choice("round.no_finish.unless", unless);
}

void scoring_text(Canonical& c, const ScoringRules& r) {
  const auto& [values, multipliers, pair_factor, rounding, formula] = r;
  c.number("scoring.values", static_cast<long long>(values.size()));
  for (const CardValue& v : values) {
    const auto& [cards, selector, points] = v;
    (void)selector;  // how the set was written
    c.cards("scoring.value.cards", cards);
    c.number("scoring.value.points", points);
  }
  c.number("scoring.multipliers", static_cast<long long>(multipliers.size()));
  for (const HandMultiplier& m : multipliers) {
    const auto& [cards, selector, factor] = m;
    (void)selector;
    c.cards("scoring.multiplier.cards", cards);
    c.real("scoring.multiplier.factor", factor);
  }
  c.real("scoring.pair_factor", pair_factor);
  c.choice("scoring.rounding", rounding);
  c.line("scoring.formula", formula);
}

void match_text(Canonical& c, const MatchRules& r) {
  const auto& [end, rounds, limit, hard_limit, first_dealer] = r;
  c.choice("match.end", end);
  c.number("match.rounds", rounds);
  c.number("match.limit", limit);
  c.number("match.hard_limit", hard_limit);
  c.choice("match.first_dealer", first_dealer);
}

void teams_text(Canonical& c, const TeamRules& r) {
  const auto& [seating, listed, score] = r;
  c.choice("teams.seating", seating);
  std::string seats;
  for (const std::vector<int>& team : listed) {
    for (int seat : team) seats += fmt::format("{} ", seat);
    seats += "| ";
  }
  c.line("teams.listed", seats);
  c.choice("teams.score", score);
}

std::string compute_fingerprint(const Variant& variant) {
  const auto& [name, title, description, source, deal, draw, play, constraints, specials, identical,
               last_card, round, scoring, match, teams, beginner_mode] = variant;
  (void)name, (void)title, (void)description, (void)source;  // they name or document the rules
  Canonical c;
  deal_text(c, deal);
  draw_text(c, draw);
  play_text(c, play);
  constraints_text(c, constraints);
  c.number("specials", static_cast<long long>(specials.size()));
  for (const Effect& e : specials) special_text(c, e);
  identical_text(c, identical);
  last_card_text(c, last_card);
  round_text(c, round);
  scoring_text(c, scoring);
  match_text(c, match);
  teams_text(c, teams);
  c.flag("beginner_mode", beginner_mode);

  // FNV-1a, 64 bits: the offset basis and prime of the published parameters.
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char ch : c.text) {
    hash ^= static_cast<unsigned char>(ch);
    hash *= 0x100000001b3ULL;
  }
  return fmt::format("{:016x}", hash);
}

}  // namespace

// Saves carry the fingerprint (to_json of a State or Standings), and a program may write one
// after every action: building the canonical text costs more than the save itself (british:
// 5.7 us against 9 us for a State's JSON), comparing a Variant with the last one 0.06 us. So
// each thread keeps the last variant it was asked about, by value (a cache keyed by address
// would answer for a destroyed variant whose address is reused).
std::string variant_fingerprint(const Variant& variant) {
  thread_local std::optional<std::pair<Variant, std::string>> last;
  if (!last || !(last->first == variant)) last.emplace(variant, compute_fingerprint(variant));
  return last->second;
}

}  // namespace switchcards
