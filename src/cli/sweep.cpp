// `switchcards sweep GRID --variant V`: every combination of a YAML grid of rule overrides
// (io/sweep_grid.hpp) simulated with the same seeds; one table of the measures (text, --csv,
// --json), --shard K/M as for simulate (merge adds sweep shards up), --report an HTML page.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/html_report.hpp"
#include "cli/interrupt.hpp"
#include "cli/simulation_report.hpp"
#include "cli/study_options.hpp"
#include "switchcards/agents/sweep.hpp"
#include "switchcards/io/load_variant.hpp"

namespace switchcards::cli {

void print_sweep(const SweepResults& r) {
  fmt::print("{} ({}){}: sweep of {} ({} combination{} of {})\n", r.title, r.variant,
             rules_note(r.base_rules), r.grid, r.rows.size(), r.rows.size() == 1 ? "" : "s", [&] {
               std::string keys;
               for (const std::string& k : r.keys) keys += (keys.empty() ? "" : ", ") + k;
               return keys;
             }());
  if (r.rows.empty()) return;
  const ShardResults& first = r.rows[0].results;
  const SimulationConfig& c = first.config;
  fmt::print(
      "Each: {}, on the same seeds; places counted in the order of play from the first player "
      "to act at the deal\n",
      study_text(c, first.stats.games));
  if (const std::string range = range_text(first); !range.empty()) fmt::print("{}\n", range);
  if (r.seconds > 0) fmt::print("Time: {:.2f} s\n", r.seconds);
  std::size_t width = 11;
  std::vector<std::string> labels;
  for (const SweepRow& row : r.rows) {
    std::string label;
    for (std::size_t k = 0; k < r.keys.size(); ++k)
      label += (k ? ", " : "") + r.keys[k] + "=" + row.values[k];
    width = std::max(width, label.size());
    labels.push_back(label);
  }
  fmt::print("\n{:<{}}  {:>7}  {:>15}  {:>6}  {:>7}  {:>6}  {:>6}  {:>6}\n", "combination", width,
             "first", "95% interval", "spread", "length", "stale", "leads", "mid-ld");
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    // The row's measures as the CSV and the JSON state them (summary_json, their one copy):
    // null, and absent for matches (the lead is measured in single rounds only), print as "-".
    const nlohmann::json m = nlohmann::json::parse(summary_json(r.rows[i].results));
    const auto optional = [&m](const char* key, const char* format, double scale) {
      return m.contains(key) && m[key].is_number()
                 ? fmt::format(fmt::runtime(format), scale * m[key].get<double>())
                 : std::string("-");
    };
    fmt::print(
        "{:<{}}  {:>6.1f}%  {:>6.1f}% - {:>4.1f}%  {:>6.1f}  {:>7.1f}  {:>5.1f}%  {:>6}  {:>6}\n",
        labels[i], width, 100 * m["first_player_win_rate"].get<double>(),
        100 * m["first_player_ci95"][0].get<double>(),
        100 * m["first_player_ci95"][1].get<double>(), 100 * m["positional_spread"].get<double>(),
        m["mean_round_length"].get<double>(), 100 * m["stalemate_rate"].get<double>(),
        optional("lead_changes_per_round", "{:.2f}", 1),
        optional("mid_leader_win_rate", "{:.1f}%", 100));
  }
  fmt::print(
      "\nfirst: the first player's win rate (95% Wilson interval); spread: the largest minus the "
      "smallest place's win rate, in points; length: mean decisions a round; stale: stalemates; "
      "leads: lead changes a round; mid-ld: rounds won by the leader at mid-round (single "
      "rounds). docs/studies.md defines them.\n");
}

void add_sweep(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "sweep", "Simulate every combination of a grid of rule overrides on the same seeds");
  static std::string grid_file, variant, rules, json_file, csv_file, report_file;
  static StudyOptions study;
  cmd->add_option("GRID", grid_file,
                  "a YAML grid file: dotted variant keys and the values each takes, one a line, "
                  "e.g. a file grid.yaml holding 'last_card.penalty: [1, 2, 3]'")
      ->required();
  cmd->add_option("--variant,-v", variant, variant_help())->required();
  cmd->add_option("--rules", rules,
                  "YAML overrides merged onto the variant for every row; the grid's values are "
                  "merged over them");
  study.add_to(*cmd);
  auto* json_opt = cmd->add_option("--json", json_file,
                                   "write the sweep as JSON to FILE ('-': standard output)");
  auto* csv_opt =
      cmd->add_option("--csv", csv_file, "write the table as CSV to FILE ('-': standard output)");
  auto* report_opt = cmd->add_option("--report", report_file,
                                     "write the sweep as a self-contained HTML page with charts");
  cmd->callback([&exit_code, json_opt, csv_opt, report_opt] {
    SimulationConfig config = study.config();
    if (json_opt->count() > 0) check_output_file("--json", json_file);
    if (csv_opt->count() > 0) check_output_file("--csv", csv_file);
    if (report_opt->count() > 0) check_report_file(report_file);
    check_distinct_outputs(
        {{"--json", json_file}, {"--csv", csv_file}, {"--report", report_file}},
        {{"the grid file", grid_file}, variant_input("the variant file", variant)});
    const Variant v = load_cli_variant(variant, rules);
    config.players = study.players(v);
    study.check_agent_count(config.players);
    const SweepGrid grid = load_sweep_grid(grid_file);
    check_sweep_grid(grid, variant, rules);
    const bool bar = show_progress(json_file == "-" || csv_file == "-" ? "-" : "");
    const SweepResults r = sweep(variant, rules, grid, config, study_progress(bar));
    if (bar) clear_progress();
    // As merge writes a merged sweep: it prints what the whole sweep prints.
    write_study_results(to_json(r), json_file, [&] { print_sweep(r); }, report_file,
                        report_title(r), false, {csv_file, csv_file.empty() ? "" : to_csv(r)});
    exit_code = 0;
  });
}

}  // namespace switchcards::cli
