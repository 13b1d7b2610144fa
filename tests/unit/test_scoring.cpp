// Scoring: the card-value tables of the built-in variants, the Balkan modifiers alone and
// together with the rounding rules, British house values, formulas (the structured form and the
// equivalent formula agree on many random hands; bad formulas are refused with a position),
// round scores, and formula evaluation from several threads.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "switchcards/core/rng.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/io/load_variant.hpp"

#include "../common/cards.hpp"

using namespace switchcards;

namespace {

using testing::cards;
Hand hand(std::initializer_list<const char*> names) {
  Hand h;
  for (Card c : cards(names)) h.add(c);
  return h;
}

// The value of one card of each rank (suit: hearts; JOKER last).
std::map<std::string, int> value_table(const HandScorer& s) {
  std::map<std::string, int> out;
  for (int r = 0; r < kRankCount; ++r)
    out[std::string(rank_symbol(Rank(r)))] = s.card_value(Card(Rank(r), Suit::hearts));
  out["JOKER"] = s.card_value(Card::joker());
  return out;
}

// The Balkan scoring of balkan.yaml, built in code (so these tests do not depend on the file).
ScoringRules balkan_rules(Rounding rounding = Rounding::down) {
  ScoringRules r;
  auto value = [&](Rank rank, int points) {
    r.values.push_back(CardValue{CardMask::of_rank(rank), std::string(rank_symbol(rank)), points});
  };
  value(Rank::ace, 22);
  value(Rank::jack, 20);
  value(Rank::eight, 16);
  value(Rank::five, 10);
  r.multipliers.push_back(HandMultiplier{CardMask::of_rank(Rank::two), "2", 2.0});
  r.pair_factor = 0.5;
  r.rounding = rounding;
  return r;
}

ScoringRules with_formula(ScoringRules r, std::string formula) {
  r.formula = std::move(formula);
  return r;
}

}  // namespace

TEST_CASE("default card values: 2..10 face, J Q K 10, A 1, joker 50", "[scoring]") {
  const HandScorer s{ScoringRules{}};
  const std::map<std::string, int> expected = {
      {"A", 1}, {"2", 2}, {"3", 3},   {"4", 4},  {"5", 5},  {"6", 6},  {"7", 7},
      {"8", 8}, {"9", 9}, {"10", 10}, {"J", 10}, {"Q", 10}, {"K", 10}, {"JOKER", 50}};
  CHECK(value_table(s) == expected);
  CHECK(default_card_value(parse_card("10S")) == 10);
}

TEST_CASE("card-value tables of the built-in variants", "[scoring][variants]") {
  SECTION("balkan: specials count double (A 22, J 20, 8 16, 5 10), a 2 its face value") {
    const std::map<std::string, int> expected = {
        {"A", 22}, {"2", 2}, {"3", 3},   {"4", 4},  {"5", 10}, {"6", 6},  {"7", 7},
        {"8", 16}, {"9", 9}, {"10", 10}, {"J", 20}, {"Q", 10}, {"K", 10}, {"JOKER", 50}};
    CHECK(value_table(HandScorer(load_variant("balkan"))) == expected);
    CHECK(value_table(HandScorer(balkan_rules())) == expected);
  }
  SECTION("british: A 25 (aces reverse), J 20, K Q 10, 10..2 face value") {
    const std::map<std::string, int> expected = {
        {"A", 25}, {"2", 2}, {"3", 3},   {"4", 4},  {"5", 5},  {"6", 6},  {"7", 7},
        {"8", 8},  {"9", 9}, {"10", 10}, {"J", 20}, {"Q", 10}, {"K", 10}, {"JOKER", 50}};
    CHECK(value_table(HandScorer(load_variant("british"))) == expected);
  }
  SECTION("mobile-app: the British values") {
    const std::map<std::string, int> expected = {
        {"A", 25}, {"2", 2}, {"3", 3},   {"4", 4},  {"5", 5},  {"6", 6},  {"7", 7},
        {"8", 8},  {"9", 9}, {"10", 10}, {"J", 20}, {"Q", 10}, {"K", 10}, {"JOKER", 50}};
    CHECK(value_table(HandScorer(load_variant("mobile-app"))) == expected);
  }
  SECTION("the loaded Balkan rules are the ones built here") {
    const Variant v = load_variant("balkan");
    CHECK(v.scoring.pair_factor == 0.5);
    CHECK(v.scoring.rounding == Rounding::down);
    REQUIRE(v.scoring.multipliers.size() == 1);
    CHECK(v.scoring.multipliers[0].factor == 2.0);
    CHECK(v.scoring.multipliers[0].cards == CardMask::of_rank(Rank::two));
  }
}

TEST_CASE("Balkan modifiers: each 2 doubles, each identical pair halves", "[scoring][balkan]") {
  const HandScorer s{balkan_rules()};
  SECTION("no modifier: the sum of the values") {
    CHECK(s(hand({"AS", "JD", "8H", "5C", "KS", "3D"})) == 22 + 20 + 16 + 10 + 10 + 3);
    CHECK(s(hand({"5D", "5H"})) == 20);  // same rank, different suits: not identical
  }
  SECTION("2s alone") {
    CHECK(s(hand({"2C"})) == 4);                      // 2 x 2
    CHECK(s(hand({"2C", "KH"})) == 24);               // (2 + 10) x 2
    CHECK(s(hand({"2C", "2D", "3H"})) == 28);         // (2 + 2 + 3) x 4
    CHECK(s(hand({"2C", "2D", "2H", "AS"})) == 224);  // (6 + 22) x 8
  }
  SECTION("pairs alone, and the rounding of odd totals") {
    CHECK(s(hand({"7H", "7H"})) == 7);                     // 14 / 2
    CHECK(s(hand({"7H", "7H", "3C"})) == 8);               // 17 / 2 = 8.5, down
    CHECK(s(hand({"9S", "9S", "5D", "5D", "3C"})) == 10);  // 41 / 4 = 10.25, down
    CHECK(s(hand({"AS", "AS", "3C"})) == 23);              // 47 / 2 = 23.5, down
    CHECK(s(hand({"QH", "QH", "QH"})) == 15);              // three copies: one pair, 30 / 2
    CHECK(s(hand({"QH", "QH", "QH", "QH"})) == 10);        // four copies: two pairs, 40 / 4
  }
  SECTION("2s and pairs together (multiplication commutes; one rounding at the end)") {
    CHECK(s(hand({"2C", "7H", "7H", "KS", "AD"})) == 48);        // docs/scoring.md: 48 x 2 / 2
    CHECK(s(hand({"2C", "7H", "7H", "3S"})) == 19);              // 19 x 2 / 2
    CHECK(s(hand({"2C", "2C"})) == 8);                           // a pair of 2s: 4 x 4 / 2
    CHECK(s(hand({"2C", "7H", "7H", "9S", "9S", "4D"})) == 19);  // 38 x 2 / 4
    CHECK(s(hand({"2C", "7H", "7H", "9S", "9S", "3D"})) == 18);  // 37 x 2 / 4 = 18.5, down
    CHECK(s(hand({"2D", "JC", "JC"})) == 42);                    // (2 + 40) x 2 / 2
    CHECK(s(hand({"2D", "AS", "AS", "3C", "KD", "KD"})) == 34);  // 69 x 2 / 4 = 34.5, down
    CHECK(s(hand({"AS", "AS", "3C", "2D", "2D", "6H"})) == 57);  // 57 x 4 / 4: a pair of 2s
    // One rounding, at the end: 21 x 2 / 2 = 21. Halving first and rounding (10) then
    // doubling would give 20.
    CHECK(s(hand({"2D", "3C", "3C", "9H", "4S"})) == 21);
  }
  SECTION("the rounding rule") {
    const HandScorer up{balkan_rules(Rounding::up)};
    const HandScorer nearest{balkan_rules(Rounding::nearest)};
    // 8.5
    CHECK(up(hand({"7H", "7H", "3C"})) == 9);
    CHECK(nearest(hand({"7H", "7H", "3C"})) == 9);
    // 10.25
    CHECK(up(hand({"9S", "9S", "5D", "5D", "3C"})) == 11);
    CHECK(nearest(hand({"9S", "9S", "5D", "5D", "3C"})) == 10);
    CHECK(s(hand({"9S", "9S", "5D", "5D", "7H", "7H", "3C"})) == 6);  // 55 / 8 = 6.875
    CHECK(nearest(hand({"9S", "9S", "5D", "5D", "7H", "7H", "3C"})) == 7);
    CHECK(up(hand({"9S", "9S", "5D", "5D", "7H", "7H", "4C"})) == 7);  // 56 / 8 = 7 exactly
    CHECK(s(hand({"9S", "9S", "5D", "5D", "7H", "7H", "4C"})) == 7);
  }
}

TEST_CASE("hand score breakdown", "[scoring]") {
  const HandScorer s{balkan_rules()};
  const HandScore b = s.breakdown(hand({"2C", "7H", "7H", "3S", "3S"}));
  CHECK(b.total == 2 + 14 + 6);
  CHECK(b.cards == 5);
  CHECK(b.pairs == 2);
  CHECK(b.raw == Approx(11.0));  // 22 x 2 / 4
  CHECK(b.score == 11);
  CHECK(s.breakdown(Hand{}).score == 0);
}

TEST_CASE("total and summed_score agree with breakdown", "[scoring]") {
  const HandScorer balkan{balkan_rules()};
  const HandScorer british{load_variant("british")};
  REQUIRE(british.sums_values());
  REQUIRE_FALSE(balkan.sums_values());
  for (const Hand& h : {hand({"2C", "7H", "7H", "3S", "3S"}), hand({"AS"}), Hand{},
                        hand({"KD", "QD", "8C", "2H", "2H"})}) {
    CHECK(balkan.total(h) == balkan.breakdown(h).total);
    CHECK(british.total(h) == british.breakdown(h).total);
    CHECK(HandScorer::summed_score(british.total(h)) == british.score(h));
  }
  CHECK(HandScorer::summed_score(5 * kMaxHandScore) == kMaxHandScore);
  CHECK(HandScorer::summed_score(-5 * kMaxHandScore) == -kMaxHandScore);
}

TEST_CASE("an empty hand scores 0, whatever the rules", "[scoring]") {
  CHECK(HandScorer(balkan_rules())(Hand{}) == 0);
  CHECK(HandScorer(with_formula(ScoringRules{}, "total + 100"))(Hand{}) == 0);
}

TEST_CASE("British house values: later values entries override earlier ones",
          "[scoring][british]") {
  const Variant british = load_variant("british");
  SECTION("standard: aces 25 (they reverse), jacks 20") {
    CHECK(score_hand(british, cards({"AS", "JC", "KD", "7C"})) == 62);  // docs/scoring.md
    CHECK(score_hand(british, cards({"AS", "JC", "JH", "KD", "7C"})) == 25 + 20 + 20 + 10 + 7);
  }
  SECTION("aces 15 when a house file says so") {
    Variant v = british;
    v.scoring.values.push_back(CardValue{CardMask::of_rank(Rank::ace), "A", 15});
    CHECK(score_hand(v, cards({"AS", "AD", "3C"})) == 33);
    CHECK(score_hand(v, cards({"AS", "JC", "KD", "7C"})) == 52);
  }
  SECTION("black jacks 50 through an overriding entry") {
    Variant v = british;
    v.scoring.values.push_back(CardValue{
        CardMask::of_rank(Rank::jack) & CardMask::of_colour(Colour::black), "black J", 50});
    CHECK(score_hand(v, cards({"JC"})) == 50);
    CHECK(score_hand(v, cards({"JS"})) == 50);
    CHECK(score_hand(v, cards({"JH"})) == 20);  // red jacks keep the earlier entry's 20
    CHECK(score_hand(v, cards({"JC", "JH", "AS", "4D"})) == 50 + 20 + 25 + 4);
    CHECK(score_hand(v, cards({"AS", "JC", "KD", "7C"})) == 92);
  }
  SECTION("black jacks 50 from a house-rule file") {
    const Variant v = load_variant("british", "scoring: {values: {black J: 50}}", "house rule");
    CHECK(score_hand(v, cards({"JC", "JH", "AS", "4D"})) == 50 + 20 + 25 + 4);
    CHECK(score_hand(v, cards({"JS", "JS"})) == 100);  // no pair_factor in British: 1
  }
  SECTION("jokers 50 by default; two identical jokers are a pair") {
    CHECK(score_hand(british, cards({"JOKER"})) == 50);
    CHECK(score_hand(british, cards({"JOKER", "JOKER"})) == 100);
    ScoringRules halve = ScoringRules{};
    halve.pair_factor = 0.5;
    CHECK(score_hand(halve, hand({"JOKER", "JOKER"})) == 50);
  }
}

TEST_CASE("exact fractions: factors that binary floating point cannot hold", "[scoring]") {
  ScoringRules r;
  r.multipliers.push_back(HandMultiplier{CardMask::of_rank(Rank::king), "K", 1.1});
  r.rounding = Rounding::up;
  const HandScorer s{r};
  // 10 x 1.1 is 11.000000000000002 in doubles; exactly 11, so rounding up gives 11, not 12.
  CHECK(s(hand({"KH"})) == 11);
  CHECK(s(hand({"KH", "KD"})) == 25);  // 20 x 1.21 = 24.2, up
  r.multipliers[0].factor = 1.0 / 3.0;
  r.rounding = Rounding::down;
  CHECK(HandScorer(r)(hand({"KH", "KD", "KS", "2C"})) == 1);  // 32 / 27 = 1.18...
  CHECK(HandScorer(r)(hand({"KH", "7D"})) == 5);              // 17 / 3 = 5.67
  r.multipliers[0].factor = 3.0;
  r.pair_factor = 1.0 / 3.0;
  CHECK(HandScorer(r)(hand({"KH", "KH", "KH"})) == 270);  // 30 x 3^3 x (1/3)^1 (one pair)
}

TEST_CASE("exact fractions round alike within and beyond 64 bits, negative ones too", "[scoring]") {
  ScoringRules r;
  r.multipliers.push_back(HandMultiplier{CardMask::of_rank(Rank::king), "K", 1000.0 / 999.0});
  const Hand one = hand({"KH"});
  const Hand eight = hand({"KH", "KH", "KD", "KD", "KS", "KS", "KC", "KC"});
  // 10 x 1000/999 = 10.01 (64-bit); 80 x (1000/999)^8 = 80.64..., whose numerator 8 x 10^25
  // and denominator 999^8 (about 9.9 x 10^23) need 128 bits. Pairs count 1 (no pair factor).
  for (const auto& [rounding, low, high] :
       {std::tuple{Rounding::down, 10, 80}, std::tuple{Rounding::up, 11, 81},
        std::tuple{Rounding::nearest, 10, 81}}) {
    r.rounding = rounding;
    CHECK(HandScorer(r)(one) == low);
    CHECK(HandScorer(r)(eight) == high);
  }
  // A negative total: -10 / 3 = -3.33 rounds down to -4 and up (and to the nearest) to -3.
  ScoringRules neg;
  neg.values.push_back(CardValue{CardMask::of_rank(Rank::king), "K", -10});
  neg.multipliers.push_back(HandMultiplier{CardMask::of_rank(Rank::king), "K", 1.0 / 3.0});
  neg.rounding = Rounding::down;
  CHECK(HandScorer(neg)(one) == -4);
  neg.rounding = Rounding::up;
  CHECK(HandScorer(neg)(one) == -3);
  neg.rounding = Rounding::nearest;
  CHECK(HandScorer(neg)(one) == -3);
}

TEST_CASE("formulas: variables, count(r), min and max, rounding", "[scoring][formula]") {
  const ScoringRules base = balkan_rules();
  auto score = [&](const char* formula, std::initializer_list<const char*> h,
                   Rounding rounding = Rounding::down) {
    ScoringRules r = with_formula(base, formula);
    r.rounding = rounding;
    return HandScorer(r)(hand(h));
  };
  CHECK(score("total", {"AS", "2C"}) == 24);  // the formula replaces the modifiers
  CHECK(score("cards", {"AS", "2C", "3D"}) == 3);
  CHECK(score("pairs * 100", {"AS", "AS", "3D", "3D", "3D"}) == 200);
  CHECK(score("count(1)", {"AS", "AD", "3D"}) == 2);
  CHECK(score("count(13) + count(12) * 10 + count(11) * 100", {"KS", "QS", "QD", "JC"}) == 121);
  CHECK(score("count(2) * 1000 + count(10)", {"2S", "10H", "10C"}) == 1002);
  CHECK(score("count(0) + count(14) + count(2.4)", {"2S", "JOKER"}) == 1);  // 2.4 is 2
  CHECK(score("min(total, 50)", {"AS", "AD", "AH"}) == 50);
  CHECK(score("min(total, 50)", {"AS"}) == 22);
  CHECK(score("max(total, 30)", {"AS"}) == 30);
  CHECK(score("total * 2^count(2) / 2^pairs", {"2C", "7H", "7H", "3S"}) == 19);
  CHECK(score("total / 3", {"AS"}) == 7);  // 7.33, down
  CHECK(score("total / 3", {"AS"}, Rounding::up) == 8);
  CHECK(score("total / 4", {"AS"}, Rounding::nearest) == 6);  // 5.5 rounds up
  CHECK(score("total * 1.1", {"KH"}, Rounding::up) == 11);    // not 12: 11.000000000000002
  // Near 0 the tolerance is absolute (1e-9): 3 * 0.1 - 0.3 is 5.6e-17 in doubles, and 0.
  CHECK(score("total * 0.1 - 0.3", {"3S"}, Rounding::up) == 0);
  CHECK(score("1e-12", {"3S"}, Rounding::up) == 0);
  CHECK(score("1e-8", {"3S"}, Rounding::up) == 1);
  CHECK(score("total > 40 ? 100 : total", {"AS", "AD"}) == 100);
  CHECK(score("-total", {"AS"}) == -22);
  CHECK(score("-total / 4", {"AS"}) == -6);       // -5.5, down is floor
  CHECK(score("1e12", {"AS"}) == kMaxHandScore);  // clamped
}

TEST_CASE("formulas: non-finite values at scoring time are clamped", "[scoring][formula]") {
  // Finite on the sample hands of check_scoring_formula (none totals 100), infinite or not a
  // number for two jokers (total 100).
  ScoringRules r = with_formula(ScoringRules{}, "total == 100 ? 1 / 0 : total");
  REQUIRE_FALSE(check_scoring_formula(r.formula));
  CHECK(HandScorer(r)(hand({"JOKER", "JOKER"})) == kMaxHandScore);
  r.formula = "total == 100 ? -1 / 0 : total";
  CHECK(HandScorer(r)(hand({"JOKER", "JOKER"})) == -kMaxHandScore);
  r.formula = "total == 100 ? sqrt(-1) : total";
  CHECK(HandScorer(r)(hand({"JOKER", "JOKER"})) == kMaxHandScore);
  CHECK(HandScorer(r)(hand({"JOKER"})) == 50);
}

TEST_CASE("structured Balkan scoring and the equivalent formula agree on random hands",
          "[scoring][formula][property]") {
  const Rounding rounding = GENERATE(Rounding::down, Rounding::up, Rounding::nearest);
  const ScoringRules structured = balkan_rules(rounding);
  const HandScorer a{structured};
  const HandScorer b{with_formula(structured, "total * 2^count(2) * 0.5^pairs")};
  const HandScorer c{with_formula(structured, "total * 2^count(2) / 2^pairs")};
  REQUIRE(b.uses_formula());
  REQUIRE_FALSE(a.uses_formula());
  Pcg32 rng(20240611 + static_cast<int>(rounding));
  const Pile deck = build_deck(DeckSpec::standard(2));  // two decks: identical pairs happen
  int with_pairs = 0, with_twos = 0, odd = 0;
  for (int i = 0; i < 20000; ++i) {
    Pile shuffled = deck;
    shuffle(shuffled.cards(), rng);
    const int size = 1 + static_cast<int>(rng.below(20));
    Hand h;
    for (int k = 0; k < size; ++k) h.add(shuffled.pop());
    const HandScore sa = a.breakdown(h);
    with_pairs += sa.pairs > 0;
    with_twos += !(h.kinds() & CardMask::of_rank(Rank::two)).empty();
    odd += sa.raw != static_cast<double>(sa.score);
    const int sb = b(h), sc = c(h);
    if (sa.score != sb || sa.score != sc) {
      std::string text;
      h.for_each([&](Card card) { text += to_string(card) + " "; });
      INFO("hand " << text);
      CHECK(sa.score == sb);
      CHECK(sa.score == sc);
    }
  }
  // The sample really exercised the modifiers and the rounding.
  CHECK(with_pairs > 1000);
  CHECK(with_twos > 1000);
  CHECK(odd > 100);
}

TEST_CASE("bad formulas are refused with their position", "[scoring][formula]") {
  auto error = [](std::string_view f) {
    const auto e = check_scoring_formula(f);
    REQUIRE(e.has_value());
    INFO(f << " -> " << e->to_string());
    return *e;
  };
  SECTION("usable formulas") {
    CHECK_FALSE(check_scoring_formula(""));
    CHECK_FALSE(check_scoring_formula("   "));
    CHECK_FALSE(check_scoring_formula("total * 2^count(2) / 2^pairs"));
    CHECK_FALSE(check_scoring_formula("min(total, 50)"));
    CHECK_FALSE(check_scoring_formula("cards >= 5 && total <= 10 ? 0 : total"));
    CHECK_FALSE(check_scoring_formula("total != 3"));
    CHECK_FALSE(check_scoring_formula("total / cards"));
  }
  SECTION("unknown variables and functions") {
    FormulaError e = error("totl * 2");
    CHECK(e.position == 1);
    CHECK_THAT(e.message, Catch::Contains("unknown name \"totl\""));
    e = error("total + jokers");
    CHECK(e.position == 9);
    CHECK_THAT(e.message, Catch::Contains("jokers"));
    e = error("total * cnt(2)");
    CHECK(e.position == 9);
    CHECK_THAT(e.message, Catch::Contains("unknown function \"cnt\""));
  }
  SECTION("syntax errors") {
    FormulaError e = error("total +");
    CHECK(e.position == 8);  // one past the end
    CHECK_THAT(e.message, Catch::Contains("end of expression"));
    e = error("total * (2");
    CHECK(e.position == 11);
    CHECK_THAT(e.message, Catch::Contains("parenthesis"));
    e = error("total 2");
    CHECK(e.position == 7);
    e = error("count()");
    CHECK(e.position >= 1);
    e = error("\"total\"");
    CHECK(e.position >= 1);
  }
  SECTION("assignments and lists") {
    FormulaError e = error("total = 3");
    CHECK(e.position == 7);
    CHECK_THAT(e.message, Catch::Contains("assigns"));
    e = error("min(total, 2), 5");
    CHECK(e.position == 14);
    CHECK_THAT(e.message, Catch::Contains("one expression"));
  }
  SECTION("values that are not finite on ordinary hands") {
    FormulaError e = error("total / count(2)");
    CHECK(e.position == 1);
    CHECK_THAT(e.message, Catch::Contains("infinite") && Catch::Contains("[KH]"));
    e = error("total / pairs");
    CHECK_THAT(e.message, Catch::Contains("division by zero"));
    e = error("sqrt(-total)");
    CHECK_THAT(e.message, Catch::Contains("not a number") && Catch::Contains("negative number") &&
                              !Catch::Contains("division"));
    e = error("total ^ 1000");  // an overflow, not a division
    CHECK_THAT(e.message, Catch::Contains("infinite") && Catch::Contains("too large"));
  }
  SECTION("scoring with an unchecked bad formula throws FormulaException, not a crash") {
    CHECK_THROWS_AS(HandScorer(with_formula(ScoringRules{}, "total +")), FormulaException);
    try {
      score_hand(with_formula(ScoringRules{}, "totl"), hand({"AS"}));
      FAIL("no exception");
    } catch (const FormulaException& x) {
      CHECK(x.error().position == 1);
      CHECK_THAT(std::string(x.what()), Catch::Contains("scoring.formula: position 1"));
    }
  }
}

TEST_CASE("round scores: the winner 0, the others their hands, and a stalemate scores everyone",
          "[scoring]") {
  Variant v;
  v.name = "two-decks";                   // Engine refuses a Variant without a name
  v.deal.decks = ByPlayers::constant(2);  // the two 7H
  v.scoring = balkan_rules();
  const Engine engine(v);
  Position p;
  p.hands = {cards({"3C"}), cards({"2C", "KH"}), cards({"7H", "7H", "3S"})};
  p.discard = cards({"3D"});
  p.stock = cards({"9C", "9D", "9H"});
  State s = engine.position(p);
  CHECK(round_scores(v, s) == std::vector<int>{3, 24, 8});  // not over: everyone scores
  REQUIRE(engine.apply(s, Action::play(0, parse_card("3C"))));
  REQUIRE(s.over());
  CHECK(s.winner == 0);
  CHECK(round_scores(v, s) == std::vector<int>{0, 24, 8});
}

TEST_CASE("formula scoring from several threads", "[scoring][formula][threads]") {
  const HandScorer structured{balkan_rules()};
  const HandScorer formula{with_formula(balkan_rules(), "total * 2^count(2) * 0.5^pairs")};
  const HandScorer other{with_formula(balkan_rules(), "min(total, 40) + cards")};
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      Pcg32 rng(static_cast<std::uint64_t>(t));
      const Pile deck = build_deck(DeckSpec::standard(2));
      for (int i = 0; i < 3000; ++i) {
        Pile shuffled = deck;
        shuffle(shuffled.cards(), rng);
        Hand h;
        for (int k = 0; k < 1 + static_cast<int>(rng.below(12)); ++k) h.add(shuffled.pop());
        const HandScore sb = structured.breakdown(h);
        if (formula(h) != sb.score) ++mismatches[static_cast<std::size_t>(t)];
        if (other(h) != std::min(sb.total, 40) + h.size())
          ++mismatches[static_cast<std::size_t>(t)];
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(mismatches == std::vector<int>(4, 0));
}
