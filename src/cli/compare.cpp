// `switchcards compare A [B]`: two variants (or one with two --rules overrides) played on the
// same seeds, game i of each from derive_seed(seed, i); for each measure its value under A and
// B and the paired difference B - A with a 95% interval, in words when it cannot be told from
// zero. --json writes the comparison (merge adds shards up), --report an HTML page.
#include <fmt/core.h>

#include <algorithm>

#include "cli/commands.hpp"
#include "cli/html_report.hpp"
#include "cli/interrupt.hpp"
#include "cli/simulation_report.hpp"
#include "cli/study_options.hpp"
#include "switchcards/agents/compare.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/variant_fingerprint.hpp"

namespace switchcards::cli {

namespace {

std::string value_text(double x, bool rate) {
  return rate ? fmt::format("{:.1f}%", 100 * x) : fmt::format("{:.2f}", x);
}
std::string diff_text(double x, bool rate) {
  return rate ? fmt::format("{:+.3f} pts", 100 * x) : fmt::format("{:+.3f}", x);
}

// "british with --rules-b '{...}'": a side's rule set as the command line gave it.
std::string rule_set_text(char side, const std::string& name, const std::string& rules) {
  return rules.empty()
             ? name
             : fmt::format("{} with --rules-{} '{}'", name, side == 'A' ? 'a' : 'b', rules);
}

// The player count of both sides: --players, which both must allow; else 4 or the count nearest
// it that both allow. Messages name the side, with its --rules-a or --rules-b, that refuses it.
int common_players(const StudyOptions& study, const Variant& a, const std::string& set_a,
                   const Variant& b, const std::string& set_b) {
  const int min = std::max(a.deal.min_players, b.deal.min_players);
  const int max = std::min(a.deal.max_players, b.deal.max_players);
  if (!study.players_given()) {
    if (min > max)
      throw UsageError(fmt::format(
          "compare: no player count suits both rule sets: A, {}, is for {}; B, {}, for {}", set_a,
          players_range(a), set_b, players_range(b)));
    return std::clamp(Variant::kDefaultPlayers, min, max);
  }
  const auto refuse = [&](char side, const std::string& set, const Variant& v) {
    const std::string hint = min > max
                                 ? fmt::format(", and rule set {} for {}", side == 'A' ? 'B' : 'A',
                                               players_range(side == 'A' ? b : a))
                             : min == max ? fmt::format(": give {}", min)
                                          : fmt::format(": give a number from {} to {}", min, max);
    return UsageError(fmt::format("--players {}: {} is for {} (rule set {}){}",
                                  study.players_text(), set, players_range(v), side, hint));
  };
  int n = 0;
  try {
    n = study.players(a);  // a number A allows
  } catch (const UsageError&) {
    throw refuse('A', set_a, a);
  }
  if (n < b.deal.min_players || n > b.deal.max_players) throw refuse('B', set_b, b);
  return n;
}

std::string side_name(const ShardResults& r) {
  return r.title + " (" + r.variant + rules_note(r.rules) + ")";
}

}  // namespace

void print_comparison(const ComparisonResults& r) {
  const SimulationConfig& c = r.a.config;
  fmt::print("A: {}\nB: {}\n", side_name(r.a), side_name(r.b));
  fmt::print("Paired: {}: game i of A and of B are both played from derive_seed({}, i)\n",
             study_text(c, r.a.stats.games), c.seed);
  if (const std::string range = range_text(r.a); !range.empty()) fmt::print("{}\n", range);
  fmt::print(
      "Places are counted in the order of play from the first player to act at the deal{}.\n",
      c.kind == GameKind::match ? " of the first round" : "");
  if (r.seconds > 0)
    fmt::print("{}\n", time_text(r.seconds, c.threads, r.a.stats.games, "paired games"));

  fmt::print("\n{:<34} {:>9} {:>9} {:>12}   {}\n", "Measure", "A", "B", "B - A",
             "95% interval of B - A");
  std::vector<std::string> unresolved;
  for (const PairedMeasure& m : r.measures) {
    const PairedDifference d = paired_difference(m.sums);
    const bool rate = m.rate;
    if (d.n == 0) {
      fmt::print("  {:<32} {:>9} {:>9} {:>12}   (no pairs)\n", m.label, "-", "-", "-");
      continue;
    }
    if (!d.sd) {
      fmt::print("  {:<32} {:>9} {:>9} {:>12}   (one pair: no interval)\n", m.label,
                 value_text(d.mean_a, rate), value_text(d.mean_b, rate), diff_text(d.diff, rate));
      continue;
    }
    fmt::print("  {:<32} {:>9} {:>9} {:>12}   {} to {}{}\n", m.label, value_text(d.mean_a, rate),
               value_text(d.mean_b, rate), diff_text(d.diff, rate), diff_text(*d.low, rate),
               diff_text(*d.high, rate),
               d.resolved ? (d.diff > 0 ? "  B higher" : "  B lower") : "");
    if (!d.resolved)
      unresolved.push_back(
          d.games_needed
              ? fmt::format("  {}: about {} paired games would resolve a difference of {}", m.label,
                            grouped(*d.games_needed), diff_text(d.diff, rate))
              : fmt::format("  {}: no difference at all was observed", m.label));
  }
  fmt::print(
      "(95% intervals by Student's t with n - 1 degrees of freedom and the standard deviation "
      "of the pairs' differences; {} {}{})\n",
      grouped(r.a.stats.games), r.a.stats.games == 1 ? "pair" : "pairs",
      c.kind == GameKind::round
          ? "; the mid-round leader's rate over pairs in which both rounds had one"
          : "");
  if (!unresolved.empty()) {
    fmt::print(
        "\nNot distinguishable from zero at this sample size (the interval covers 0); games "
        "needed for 80% power at the 5% level, the least m >= (t(m - 1) + 0.84)^2 s^2 / d^2, "
        "about (1.96 + 0.84)^2 s^2 / d^2:\n");
    for (const std::string& line : unresolved) fmt::print("{}\n", line);
  }
  fmt::print(
      "\nRound length (decisions), each side on its own: A mean {:.1f}, p50 {}, p90 {}, "
      "p99 {}; B mean {:.1f}, p50 {}, p90 {}, p99 {}\n",
      r.a.stats.mean_round_length(), r.a.stats.round_length_percentile(0.5),
      r.a.stats.round_length_percentile(0.9), r.a.stats.round_length_percentile(0.99),
      r.b.stats.mean_round_length(), r.b.stats.round_length_percentile(0.5),
      r.b.stats.round_length_percentile(0.9), r.b.stats.round_length_percentile(0.99));
}

void add_compare(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "compare", "Play two rule sets on the same seeds and compare them, pair by pair");
  static std::string variant_a, variant_b, rules_a, rules_b, json_file, report_file;
  static StudyOptions study;
  cmd->add_option("A", variant_a, "rule set A: " + variant_help());
  cmd->add_option("B", variant_b, "rule set B (default: A again, with --rules-b)");
  study.add_to(*cmd);
  cmd->add_option("--rules-a", rules_a,
                  "YAML overrides merged onto A, e.g. '{last_card: {penalty: 4}}'");
  cmd->add_option("--rules-b", rules_b, "YAML overrides merged onto B");
  auto* json_opt = cmd->add_option("--json", json_file,
                                   "write the comparison as JSON to FILE ('-': standard output)");
  auto* report_opt = cmd->add_option(
      "--report", report_file, "write the comparison as a self-contained HTML page with charts");
  cmd->callback([&exit_code, json_opt, report_opt] {
    // Not CLI11's required(), whose message is "A is required".
    if (variant_a.empty())
      throw UsageError(
          "compare: no rule sets to compare: give two variants (`switchcards compare british "
          "british-stacked-eights`), or one with --rules-a or --rules-b (`switchcards compare "
          "british --rules-b '{last_card: {penalty: 4}}'`)");
    SimulationConfig config = study.config();
    if (json_opt->count() > 0) check_output_file("--json", json_file);
    if (report_opt->count() > 0) check_report_file(report_file);
    check_distinct_outputs({{"--json", json_file}, {"--report", report_file}},
                           {variant_input("rule set A's file", variant_a),
                            variant_input("rule set B's file", variant_b)});
    const std::string b_name = variant_b.empty() ? variant_a : variant_b;
    const Variant a = load_cli_variant(variant_a, rules_a, "--rules-a");
    const Variant b = load_cli_variant(b_name, rules_b, "--rules-b");
    // The same rules however named or spelled (an override that sets a rule's own value): every
    // pair would be the same game twice, and every difference 0.
    if (const std::string fingerprint = variant_fingerprint(a);
        fingerprint == variant_fingerprint(b))
      throw UsageError(fmt::format(
          "compare: A and B are the same rule set: {} and {} have the same variant fingerprint "
          "({}), so every difference would be 0; name two variants, or give --rules-a or "
          "--rules-b that change a rule",
          rule_set_text('A', variant_a, rules_a), rule_set_text('B', b_name, rules_b),
          fingerprint));
    config.players = common_players(study, a, rule_set_text('A', variant_a, rules_a), b,
                                    rule_set_text('B', b_name, rules_b));
    study.check_agent_count(config.players);
    const bool bar = show_progress(json_file);
    const ComparisonResults r =
        compare(a, b, config, variant_a, rules_a, b_name, rules_b, study_progress(bar));
    if (bar) clear_progress();
    write_study_results(
        to_json(r), json_file, [&] { print_comparison(r); }, report_file, report_title(r));
    exit_code = 0;
  });
}

}  // namespace switchcards::cli
