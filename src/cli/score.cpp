// `switchcards score --variant V CARD...`: the penalty points of a hand (one number). The cards
// are checked against the variant's deck first (ranks, jokers, copies).
#include <fmt/core.h>

#include <algorithm>
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
    // The hand must be one the variant's deck can deal: its ranks, its jokers, no more copies
    // of a card than the largest deck (over the variant's player counts) holds.
    int most_copies[kCardKinds] = {};
    for (int n = v.deal.min_players; n <= v.deal.max_players; ++n)
      for (int i = 0; i < kCardKinds; ++i)
        most_copies[i] = std::max(most_copies[i], v.deck_for(n).copies(Card::from_index(i)));
    int held[kCardKinds] = {};
    Hand hand;
    for (const std::string& text : cards) {
      Card c;
      try {
        c = parse_card(text);
      } catch (const std::exception& e) {
        throw UsageError(fmt::format("CARD '{}': {}", text, e.what()));
      }
      const int copies = most_copies[c.index()];
      if (copies == 0)
        throw UsageError(
            fmt::format("{}: {} has no such card ({})", to_string(c), v.name,
                        c.is_joker() ? std::string("its deck has no jokers")
                                     : fmt::format("its deck has no {}s", rank_symbol(c.rank()))));
      if (++held[c.index()] > copies)
        throw UsageError(fmt::format("{} is given {} times, but a {} deck holds at most {}",
                                     to_string(c), held[c.index()], v.name, copies));
      if (hand.size() >= kMaxCards) throw UsageError("too many cards");
      hand.add(c);
    }
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
