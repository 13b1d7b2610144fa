// The fingerprint of a variant's rules (io/variant_fingerprint.hpp): the same rules give the
// same fingerprint however the file names, documents, orders or writes them; any rule changed
// gives another; and simulation results carry the fingerprint of the rules they played.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "../common/temp_dir.hpp"
#include "switchcards/agents/compare.hpp"
#include "switchcards/agents/simulate.hpp"
#include "switchcards/agents/simulation_results.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/variant_fingerprint.hpp"

using namespace switchcards;

TEST_CASE("fingerprint: 16 hexadecimal digits, one of its own for every built-in variant") {
  std::map<std::string, std::string> seen;  // fingerprint -> variant
  for (const std::string& name : builtin_variant_names()) {
    INFO(name);
    const std::string f = variant_fingerprint(load_variant(name));
    CHECK(f.size() == 16);
    CHECK(f.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(variant_fingerprint(load_variant(name)) == f);  // a second load: the same
    const auto [at, fresh] = seen.emplace(f, name);
    CHECK(fresh);  // no two built-ins play the same rules
  }
}

TEST_CASE(
    "fingerprint: names, documentation, layout, key order and selector spelling do not count") {
  const std::string british = variant_fingerprint(load_variant("british"));
  // British Switch written anew: another name, title and description, comments, the keys of
  // every map in another order (but the entries of specials and scoring.values, whose order
  // counts, in theirs), the specials renamed and the selectors spelled otherwise.
  const testing::TempDir dir;
  const std::string copy = dir.write("copy.yaml", R"(# a copy of British Switch
beginner_mode: false
match: {first_dealer: lowest_cut, limit: 100, end: elimination}
scoring:
  rounding: down
  values: {ace: 25, K: 10, Q: 10, J: 20}
round: {final_card_draws: false, turn_limit: 2000}
last_card: {late_call: true, miss_turn: false, penalty: 2, enforce: when_caught}
specials:
  two: {miss_turn: true, stack: [2C, 2D, 2H, 2S], draw: 2, cards: "2"}
  eight: {skip: 1, cards: [8]}
  seven: {miss_turn: true, cancel: [JD, JH], draw: 7, cards: [JC, spades jack]}
  ace: {two_players: skip, reverse: true, cards: ace}
draw: {cards: 1, when_playable: true, after: may_play_drawn}
deal: {first_card: ignore, hand_size: {7: 4, 5: 5, 2: 7}}
deck: {jokers: 0, ranks: all, decks: {7: 2, 2: 1}}
players: {max: 7, min: 2}
description: The same game, written otherwise.
title: Copy
name: copy
)")
                               .string();
  CHECK(variant_fingerprint(load_variant(copy)) == british);
  // Through extends:, with only the names changed.
  const std::string renamed =
      dir.write("renamed.yaml", "extends: british\nname: renamed\ntitle: Renamed\n").string();
  CHECK(variant_fingerprint(load_variant(renamed)) == british);
}

TEST_CASE("fingerprint: any rule changed changes it") {
  const std::string british = variant_fingerprint(load_variant("british"));
  for (const char* rules : {
           "{last_card: {penalty: 3}}",
           "{last_card: {late_call: false}}",
           "{players: {max: 6}}",
           "{deck: {decks: {2: 1, 6: 2}}}",
           "{deal: {hand_size: {2: 7, 5: 5, 7: 3}}}",
           "{draw: {after: end_turn}}",
           "{specials: {skip: {skip: 2}}}",
           "{specials: {pick-up-seven: {cards: J}}}",
           "{specials: {reverse: {two_players: reverse}}}",
           "{round: {turn_limit: 1999}}",
           "{scoring: {values: {A: 24}}}",
           "{scoring: {rounding: up}}",
           "{match: {limit: 101}}",
           "{beginner_mode: true}",
       }) {
    INFO(rules);
    CHECK(variant_fingerprint(load_variant("british", rules, "--rules")) != british);
  }
  // The play section's rules too: a joker standing in a run, or not.
  CHECK(variant_fingerprint(
            load_variant("british-runs-jokers", "{play: {runs: {jokers: none}}}", "--rules")) !=
        variant_fingerprint(load_variant("british-runs-jokers")));
  // The order of the specials counts: a card carries the first special that names it.
  Variant swapped = load_variant("british");
  std::swap(swapped.specials[0], swapped.specials[1]);
  CHECK(variant_fingerprint(swapped) != british);
}

TEST_CASE("fingerprint: simulation and comparison results carry the fingerprint of their rules") {
  const Variant a = load_variant("british");
  const Variant b = load_variant("british", "{last_card: {penalty: 4}}", "--rules-b");
  SimulationConfig c;
  c.games = 4;
  c.threads = 1;
  const ShardResults r = shard_results(simulate(a, c), "british", "", a.title);
  CHECK(r.variant_fingerprint == variant_fingerprint(a));
  CHECK(shard_results_from_json(to_json(r), "r.json").variant_fingerprint == r.variant_fingerprint);
  const ComparisonResults pair =
      compare(a, b, c, "british", "", "british", "{last_card: {penalty: 4}}");
  CHECK(pair.a.variant_fingerprint == variant_fingerprint(a));
  CHECK(pair.b.variant_fingerprint == variant_fingerprint(b));
}
