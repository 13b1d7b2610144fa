// `switchcards score --variant V CARD...`: the penalty points of a hand (one number). The cards
// are checked against the variant's deck first (ranks, jokers, copies).
#include <fmt/core.h>

#include <vector>

#include "cli/commands.hpp"
#include "switchcards/engine/scoring.hpp"

namespace switchcards::cli {

void add_score(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("score", "Print the penalty points of a hand under a variant");
  static std::string variant;
  static std::string rules;
  static std::vector<std::string> cards;
  static bool explain = false;
  cmd->add_option("--variant,-v", variant, variant_help())->required();
  cmd->add_option("--rules", rules, "YAML overrides merged onto the variant");
  cmd->add_option("CARD", cards, "cards in hand, e.g. AS 10H qd 2C (none: an empty hand)");
  cmd->add_flag("--explain", explain, "show the card total, pairs and the value before rounding");
  cmd->callback([&exit_code] {
    const Variant v = load_cli_variant(variant, rules);
    std::vector<Card> given;
    for (const std::string& text : cards) {
      try {
        given.push_back(parse_card(text));
      } catch (const std::exception& e) {
        throw UsageError(fmt::format("CARD '{}': {}", text, e.what()));
      }
    }
    // The hand must be one the variant's deck can deal (which also keeps it within a Hand).
    if (const std::string problem = hand_problem(v, given); !problem.empty())
      throw UsageError(problem);
    Hand hand;
    for (const Card c : given) hand.add(c);
    const HandScorer scorer(v);
    const HandScore s = scorer.breakdown(hand);
    if (explain)
      fmt::print("cards {}, card total {}, identical pairs {}, before rounding {}, score {}\n",
                 s.cards, s.total, s.pairs, s.raw, s.score);
    else
      fmt::print("{}\n", s.score);
    exit_code = 0;
  });
}

}  // namespace switchcards::cli
