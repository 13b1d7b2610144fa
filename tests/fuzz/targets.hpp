// The bodies of the fuzz targets, as plain functions: each takes one input and returns what
// is broken ("" when nothing is). The libFuzzer mains (fuzz_*.cpp) abort on a non-empty answer;
// tests/unit/test_fuzz_regressions.cpp runs the saved findings and the seeds through the same
// functions in every build. An exception escaping one of them is a finding too (libFuzzer
// reports it as a crash; Catch as a failed test).
#pragma once

#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "../common/invariants.hpp"
#include "switchcards/core/card.hpp"
#include "switchcards/core/card_format.hpp"
#include "switchcards/engine/action.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"
#include "switchcards/io/scenario.hpp"

namespace switchcards::fuzz {

// ---- variant loader ---------------------------------------------------------------------------

// A short checked round of a loaded variant, for one of the player counts it allows (picked
// by `seed`): what the loader accepts must deal and play.
inline std::string play_variant(const Variant& v, std::uint64_t seed) {
  const Engine engine(v);
  const int range = v.deal.max_players - v.deal.min_players + 1;
  if (range < 1) return "min_players > max_players";
  const int players =
      v.deal.min_players + static_cast<int>(seed % static_cast<std::uint64_t>(range));
  const State s = engine.deal(players, seed);
  const testing::Census deck = testing::census(build_deck(v.deck_for(players)));
  Pcg32 rng(seed);
  int steps = 0;
  const testing::RoundReport r = testing::play_checked(
      engine, s, engine, s, deck, [&](std::uint32_t bound) { return rng.below(bound); },
      [&] { return ++steps < 100; }, 0);
  if (!r.broken.empty()) return v.name + ", " + std::to_string(players) + " players: " + r.broken;
  return "";
}

// YAML text as a variant file, and as overrides merged onto a built-in. The loader returns a
// variant or throws LoadError with a message; nothing else.
inline std::string variant(std::string_view text) {
  const std::string base_dir = SWITCHCARDS_SOURCE_DIR "/tests/bad-variants";
  for (int mode = 0; mode < 2; ++mode) {
    try {
      const Variant v = mode == 0 ? load_variant_from_string(text, "<fuzz>", base_dir)
                                  : load_variant("british", text, "<fuzz overrides>");
      if (auto b = play_variant(v, text.size()); !b.empty()) return b;
    } catch (const LoadError& e) {
      if (e.message().empty()) return "LoadError without a message";
    }
  }
  return "";
}

// ---- scenario runner --------------------------------------------------------------------------

// Any text run as a scenario file gives a result: passed, or failed with a message.
inline std::string scenario(std::string_view text) {
  // One file per process, rewritten for every input, in a directory of its own (removed at
  // exit) so relative variant paths resolve to nothing in particular.
  static const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("switchcards-fuzz-scenario-" + std::to_string(::getpid()));
  static const std::string path = [] {
    std::filesystem::create_directories(dir);
    // Registered after `dir` is built, so it runs before `dir` is destroyed.
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    });
    return (dir / "input.yaml").string();
  }();
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
  }
  const ScenarioResult r = run_scenario_file(path);
  if (!r.passed && r.failure.empty()) return "a failed scenario without a message";
  return "";
}

// ---- game records -----------------------------------------------------------------------------

// Text read as game records: LoadError or records; each record replays, or fails with a reason
// (LoadError only for a variant that does not load).
inline std::string replay(std::string_view text) {
  std::vector<GameRecord> records;
  try {
    records = read_game_records_from_string(text, "<fuzz>");
  } catch (const LoadError& e) {
    return e.message().empty() ? "LoadError without a message" : "";
  }
  for (const GameRecord& record : records) {
    try {
      const ReplayResult r = replay_game(record, SWITCHCARDS_SOURCE_DIR "/variants");
      if (!r.ok && r.failure.empty()) return "a failed replay without a reason";
    } catch (const LoadError& e) {
      if (e.message().empty()) return "LoadError without a message";
    }
  }
  return "";
}

// ---- notation ---------------------------------------------------------------------------------

// Text either fails to parse (nullopt, or NotationError with a message) or parses to a value
// whose canonical text parses back to it.
inline std::string notation(std::string_view text) {
  if (auto card = try_parse_card(text)) {
    if (card->index() < 0 || card->index() >= kCardKinds) return "card index out of range";
    if (try_parse_card(to_string(*card)) != card) return "card " + to_string(*card);
    (void)fmt::format("{} {:s} {:c}", *card, *card, *card);
  }
  if (auto suit = try_parse_suit(text)) {
    if (try_parse_suit(suit_name(*suit)) != suit) return "suit name";
    if (try_parse_suit(std::string(1, suit_letter(*suit))) != suit) return "suit letter";
  }
  if (auto rank = try_parse_rank(text))
    if (try_parse_rank(rank_symbol(*rank)) != rank) return "rank";
  try {
    const Action a = parse_action(text);
    const std::string canonical = to_string(a);
    if (parse_action(canonical) != a) return "action " + canonical;
  } catch (const NotationError& e) {
    if (std::string_view(e.what()).empty()) return "NotationError without a message";
  }
  return "";
}

// ---- engine -----------------------------------------------------------------------------------

// Reads choices from the input; once it runs out, from a generator seeded by the input (when
// the input asked to play on to the end of the round) or not at all.
class Choices {
 public:
  explicit Choices(std::span<const std::uint8_t> data) : data_(data) {}
  std::uint8_t byte() { return pos_ < data_.size() ? data_[pos_++] : 0; }
  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = v << 8 | byte();
    return v;
  }
  void play_on(bool on, std::uint64_t seed) {
    play_on_ = on;
    rng_ = Pcg32(seed);
  }
  // Whether to go on: while the input lasts, then for a bounded number of generated steps.
  bool more() {
    if (pos_ < data_.size()) return true;
    return play_on_ && ++generated_ <= kGeneratedSteps;
  }
  std::uint32_t operator()(std::uint32_t bound) {
    if (bound <= 1) return 0;
    if (pos_ >= data_.size()) return play_on_ ? rng_.below(bound) : 0;
    std::uint32_t v = byte();
    if (bound > 256)
      v = v << 24 | std::uint32_t(byte()) << 16 | std::uint32_t(byte()) << 8 | byte();
    return v % bound;
  }

 private:
  std::span<const std::uint8_t> data_;
  std::size_t pos_ = 0;
  bool play_on_ = false;
  Pcg32 rng_;
  static constexpr int kGeneratedSteps = 600;
  int generated_ = 0;
};

inline const std::vector<Variant>& builtin_variants() {
  static const std::vector<Variant> all = [] {
    std::vector<Variant> out;
    for (const std::string& name : builtin_variant_names()) out.push_back(load_variant(name));
    return out;
  }();
  return all;
}

// Rule switches the shipped variants do not all use, so that every engine path is reachable.
inline Variant tweak(Variant v, std::uint8_t a, std::uint8_t b) {
  auto flip = [](bool& x, bool on) {
    if (on) x = !x;
  };
  if (a & 0x01)  // end_turn -> may_play_drawn -> must_play_drawn -> end_turn
    v.draw.after = static_cast<AfterDraw>((static_cast<int>(v.draw.after) + 1) % 3);
  flip(v.draw.when_playable, a & 0x02);
  flip(v.identical.enabled, a & 0x04);
  flip(v.identical.play_again, a & 0x08);
  flip(v.identical.card_effect, a & 0x10);
  flip(v.round.final_card_draws, a & 0x20);
  if (a & 0x40)
    v.deal.first_card =
        v.deal.first_card == FirstCardRule::apply ? FirstCardRule::ignore : FirstCardRule::apply;
  if ((a & 0x41) == 0x41) {  // deal.turn_again: every special card turned up goes under the stock
    v.deal.turn_again = Selector{{}, "special"};
    for (const Effect& e : v.specials) v.deal.turn_again.cards |= e.cards.cards;
  }
  flip(v.beginner_mode, a & 0x80);
  if (b & 0x03) v.last_card.enforce = static_cast<LastCardEnforcement>((b & 0x03) - 1);
  flip(v.last_card.miss_turn, b & 0x04);
  flip(v.last_card.late_call, b & 0x80);  // shares the bit with the turn limit below
  if (b & 0x08)
    v.constraints.named_suit =
        v.constraints.named_suit == Lasts::next_player ? Lasts::until_played : Lasts::next_player;
  if (b & 0x10)
    v.constraints.demand =
        v.constraints.demand == Lasts::next_player ? Lasts::until_played : Lasts::next_player;
  if (b & 0x20) v.round.turn_limit = 1 + (b >> 6) * 20;  // reach the stalemate guard
  if (b & 0x40) {
    v.draw.cards = 1 + (a & 0x03);  // a plain draw of 1 to 3 cards
    v.draw.until_playable = false;
    v.draw.limit = 0;
    if ((a & 0x03) == 0x03) {  // draw until playable, with a limit of 0 (none) or 3
      v.draw.cards = 1;
      v.draw.until_playable = true;
      v.draw.limit = (b & 0x80) ? 3 : 0;
    }
  }
  if ((b & 0x18) == 0x18) {  // deflection: every penalty turned away by the plain reverses and
                             // skips, to the attacker or the next player
    CardMask movers, reversers;
    for (const Effect& e : v.specials)
      if (!e.is_attack() && e.draw == 0 && (e.reverse != (e.skip > 0))) {
        movers |= e.cards.cards;
        if (e.reverse) reversers |= e.cards.cards;
      }
    for (Effect& e : v.specials)
      if (e.is_attack()) {
        e.deflect.cards = movers - e.stack.cards - e.cancel.cards;
        // Where a reverse sends the penalty, only where a reverse deflects it.
        e.deflect_to_attacker = !(a & 0x01) || (e.deflect.cards & reversers).empty();
      }
  }
  if ((a & 0x06) == 0x06) {  // hand swaps: 7s swap with a chosen seat, 10s rotate every hand
    CardMask taken;
    for (const Effect& e : v.specials) taken |= e.cards.cards;
    const auto add = [&](Rank rank, const char* name, bool swap) {
      const CardMask cards = (CardMask::of_rank(rank) & v.deal.deck.kinds()) - taken;
      if (cards.empty()) return;
      Effect e;
      e.name = name;
      e.cards.cards = cards;
      e.swap_hands = swap;
      e.rotate_hands = !swap;
      v.specials.push_back(e);
    };
    add(Rank::seven, "fuzz-swap", true);
    add(Rank::ten, "fuzz-rotate", false);
  }
  if ((a & 0x0c) == 0x0c)  // jump-in: with a card of the top's rank, or only the identical card
    // (same_card needs a deck with identical cards)
    v.identical.jump_in = (b & 0x01) && v.deck_has_twins() ? JumpIn::same_card : JumpIn::same_rank;
  if ((a & 0x48) == 0x48) {  // several cards a turn: of a rank, runs, or both (the loader
                             // refuses them beside identical cards)
    v.play.several = static_cast<Several>(1 + (b >> 5) % 3);
    if (v.play.runs()) {  // the shape of a run, for runs only
      v.play.run_direction = static_cast<RunDirection>((b >> 1) % 3);
      v.play.turn_corner = (b & 0x10) != 0;
      v.play.run_ace = v.play.turn_corner ? RunAce::both : static_cast<RunAce>((b >> 3) % 3);
      // jokers standing in runs, in a deck that has them
      v.play.run_jokers =
          (a & 0x01) && v.deal.deck.jokers > 0 ? RunJokers::stand_in : RunJokers::none;
    } else {
      const PlayRules defaults;
      v.play.run_direction = defaults.run_direction;
      v.play.turn_corner = defaults.turn_corner;
      v.play.run_ace = defaults.run_ace;
      v.play.run_jokers = defaults.run_jokers;
    }
    v.play.effects = (b & 0x02) ? SeveralEffects::last : SeveralEffects::each;
    v.play.several_answers = v.play.effects == SeveralEffects::each && (b & 0x40) != 0;
    v.identical.enabled = false;
  }
  // No going out on a special: refused, or a draw of two.
  if ((a & 0x30) == 0x30 && !v.specials.empty()) {
    for (const Effect& e : v.specials) v.round.no_finish.cards.cards |= e.cards.cards;
    v.round.no_finish.then = (b & 0x04) ? NoFinish::draw : NoFinish::refused;
    v.round.no_finish.draw = v.round.no_finish.then == NoFinish::draw ? 2 : 0;
    if (v.round.no_finish.then == NoFinish::draw) v.round.no_finish.unless = NoFinishUnless::none;
  }
  if ((a & 0x82) == 0x82 && !v.specials.empty())  // a special played only without the suit
    v.specials[b % v.specials.size()].only_without_suit = true;
  // Skips taken as turns to wait (the Makao stop), where a skip is a penalty.
  if ((a & 0x84) == 0x84)
    for (Effect& e : v.specials) e.waits = e.skip > 0 && e.is_attack();
  if ((a & 0x90) == 0x90)  // the call with the final card, a forgotten one drawing 1 or 2
    v.last_card.final_call = 1 + (b & 0x01);
  // Combinations the loader refuses (and so does the Engine): identical cards or
  // only_without_suit beside several cards a turn, a draw until playable that ends the turn,
  // which would never let it be played.
  if (v.play.several_cards()) {
    v.identical.enabled = false;
    for (Effect& e : v.specials) e.only_without_suit = false;
  }
  if (v.draw.until_playable && v.draw.after == AfterDraw::end_turn)
    v.draw.after = AfterDraw::may_play_drawn;
  // A card that names a rank ends its turn with the name: no identical card, jump-in or turn
  // of several cards beside it, and no rule that acts with its play.
  if (std::ranges::any_of(v.specials,
                          [](const Effect& e) { return !e.names_rank.cards.empty(); })) {
    v.identical.enabled = false;
    v.identical.jump_in = JumpIn::none;
    v.play = PlayRules{};
    // The ranks named are plain: those a switch above gave a special (7s that swap hands)
    // leave the list, and a list left empty leaves the card its plain demand.
    CardMask special;
    for (const Effect& e : v.specials) special |= e.cards.cards;
    for (Effect& e : v.specials) {
      if (e.names_rank.cards.empty()) continue;
      e.only_without_suit = false;
      for (CardMask m = e.names_rank.cards; !m.empty();)
        if (const Card c = m.pop_first();
            !c.is_joker() && !(CardMask::of_rank(c.rank()) & special).empty())
          e.names_rank.cards = e.names_rank.cards - CardMask::of_rank(c.rank());
    }
  }
  return v;
}

// The input picks a built-in variant, rule switches flipped from it, a player count, a seed and
// a dealer, then a stream of choices among the legal actions and deliberately illegal ones
// (arbitrary Action values, raw bytes included); every invariant is checked after every step.
inline std::string engine(std::span<const std::uint8_t> data) {
  Choices in(data);
  const auto& all = builtin_variants();
  const Variant& base = all[in.byte() % all.size()];
  const std::uint8_t a = in.byte(), b = in.byte();
  const Variant variant = tweak(base, a, b);
  const int players = 1 + in.byte() % kMaxSeats;
  const std::uint64_t seed = in.u64();
  // -1 (the default, the last seat) or a seat at the table.
  const int dealer = static_cast<int>(in.byte() % (players + 1)) - 1;
  in.play_on((in.byte() & 0x0f) == 0, seed);

  const Engine engine(variant), twin_engine(variant);
  State s, twin;
  try {
    s = engine.deal(players, seed, dealer);
  } catch (const std::invalid_argument&) {
    return "";  // a deal that cannot be made (too many cards for the deck) is refused
  }
  twin = twin_engine.deal(players, seed, dealer);
  const testing::Census deck = testing::census(build_deck(variant.deck_for(players)));
  const testing::RoundReport r = testing::play_checked(
      engine, s, twin_engine, twin, deck, in, [&] { return in.more(); }, 8);
  return r.broken;
}

// ---- JSON -------------------------------------------------------------------------------------

// The engines of the built-in variants, built once (a State read from JSON is of one of them).
inline const std::vector<Engine>& builtin_engines() {
  static const std::vector<Engine> all = [] {
    std::vector<Engine> out;
    out.reserve(builtin_variants().size());
    for (const Variant& v : builtin_variants()) out.emplace_back(v);
    return out;
  }();
  return all;
}

// Text read by every JSON reader of io/json.hpp: each returns a value or throws JsonError with a
// message, nothing else. A value read writes back to JSON that reads to the same value. A State
// read is one a round of its variant can be in (check_state) and plays on, every invariant
// checked at every step (what a server does with a position a client sent).
inline std::string json(std::string_view text) {
  std::string broken;
  // Runs one reader; `read` returns what is broken about the value it read ("" if nothing).
  const auto attempt = [&](std::string_view what, auto&& read) {
    if (!broken.empty()) return;
    try {
      if (std::string b = read(); !b.empty()) broken = fmt::format("{}: {}", what, b);
    } catch (const JsonError& e) {
      if (e.message().empty()) broken = fmt::format("{}: a JsonError without a message", what);
    }
  };
  // A reader whose value, written back (`write`), reads to the same value.
  const auto reads_back = [&](std::string_view what, auto read, auto write) {
    attempt(what, [&] {
      const auto value = read(text);
      const std::string written = write(value);
      return read(written) == value ? std::string() : "does not read back from " + written;
    });
  };
  const auto as_text = [](const auto& value) { return to_json(value); };
  reads_back(
      "card", [](std::string_view t) { return card_from_json(t); }, as_text);
  reads_back(
      "action", [](std::string_view t) { return action_from_json(t); }, as_text);
  reads_back(
      "view", [](std::string_view t) { return view_from_json(t); }, as_text);
  reads_back(
      "standings", [](std::string_view t) { return standings_from_json(t); }, as_text);
  reads_back(
      "events", [](std::string_view t) { return events_from_json(t); },
      [](const std::vector<Event>& events) { return to_json(std::span<const Event>(events)); });
  // A GameRecord has no ==: its JSON, read and written again, is the same text.
  reads_back(
      "record", [](std::string_view t) { return to_json(record_from_json(t)); },
      [](const std::string& json) { return json; });
  // A State names its variant: it is read by the engine of every built-in variant whose name
  // the text quotes (and by british's, so that a wrong name is refused too).
  for (const Engine& engine : builtin_engines()) {
    const std::string& name = engine.variant().name;
    if (name != "british" && text.find('"' + name + '"') == std::string_view::npos) continue;
    attempt("state of " + name, [&]() -> std::string {
      const State s = state_from_json(engine, text);
      const std::string written = to_json(engine, s);
      // A set-up position has cards out of play (its save lists them), which check_state, a
      // check of dealt States, reports missing; the reader made every other check of it. Its
      // cards in play are the census its play keeps; a dealt State's are the whole deck.
      const bool set_up = written.find("\"out_of_play\"") != std::string::npos;
      if (const std::string why = check_state(engine, s); !set_up && !why.empty())
        return "accepted a state that check_state refuses: " + why;
      if (!(state_from_json(engine, written) == s)) return "does not read back from " + written;
      if (s.over()) return "";
      const testing::Census deck =
          set_up ? testing::census(s)
                 : testing::census(build_deck(engine.variant().deck_for(s.players())));
      Pcg32 rng(text.size());
      int steps = 0;
      return testing::play_checked(
                 engine, s, engine, s, deck, [&](std::uint32_t bound) { return rng.below(bound); },
                 [&] { return ++steps < 60; }, 8)
          .broken;
    });
  }
  return broken;
}

// ---- what every libFuzzer main does with a target's answer --------------------------------

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A non-empty answer is a finding: printed, then abort() so that libFuzzer keeps the input.
inline int verdict(const char* target, const std::string& broken) {
  if (!broken.empty()) {
    std::fprintf(stderr, "%s: %s\n", target, broken.c_str());
    std::abort();
  }
  return 0;
}

}  // namespace switchcards::fuzz
