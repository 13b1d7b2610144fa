// `switchcards simulate`: play many games between bots on several threads and report wins per
// seat and agent (95% intervals), round lengths, how often each effect fired; --json writes the
// results for `merge`; --shard K/M plays one of M parts of the study.
#include <fmt/core.h>

#include <iostream>

#include "cli/commands.hpp"
#include "cli/html_report.hpp"
#include "cli/interrupt.hpp"
#include "cli/simulation_report.hpp"
#include "cli/study_options.hpp"
#include "switchcards/agents/simulate.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

namespace switchcards::cli {

void add_simulate(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("simulate", "Play many games between bots and report statistics");
  static std::string variant, rules, json_file, record_file, report_file;
  static StudyOptions study;
  cmd->add_option("--variant,-v", variant, variant_help())->required();
  study.add_to(*cmd);
  auto* json_opt = cmd->add_option("--json", json_file,
                                   "write the results as JSON to FILE ('-': standard output)");
  auto* report_opt = cmd->add_option("--report", report_file,
                                     "write the results as a self-contained HTML page with charts");
  auto* record_opt = cmd->add_option(
      "--record", record_file,
      "write game records (YAML) to FILE ('-': standard output): every game played if there are "
      "at most 10 (with --shard, the shard's), else the first; check them with `switchcards "
      "replay FILE`");
  cmd->add_option("--rules", rules,
                  "YAML overrides merged onto the variant, e.g. "
                  "'{last_card: {penalty: 4}}'");

  cmd->callback([&exit_code, json_opt, report_opt, record_opt] {
    // Every argument is checked before the study starts.
    SimulationConfig config = study.config();
    if (json_opt->count() > 0) check_output_file("--json", json_file);
    if (report_opt->count() > 0) check_report_file(report_file);
    if (record_opt->count() > 0) check_output_file("--record", record_file);
    check_distinct_outputs(
        {{"--json", json_file}, {"--report", report_file}, {"--record", record_file}},
        {variant_input("the variant file", variant)});
    const Variant v = load_cli_variant(variant, rules);
    config.players = study.players(v);
    study.check_agent_count(config.players);
    // The text the records embed, made now: a variant that cannot be recorded is refused
    // before the study, and the records keep the rules played if the file changes meanwhile.
    RecordedVariant recorded;
    if (!record_file.empty()) {
      config.record = config.games_to_record();
      recorded = recorded_variant(variant, rules);
    }
    // `--record -`: standard output holds the records alone, as it holds the JSON for --json -.
    const bool records_out = record_file == "-";
    const bool bar = show_progress(json_file, records_out);
    SimulationResult result = simulate(v, config, study_progress(bar));
    if (bar) clear_progress();
    const ShardResults r =
        shard_results(result, variant, rules, v.title.empty() ? v.name : v.title);

    write_study_results(
        to_json(r), json_file, [&] { print_report(r, result.seconds); }, report_file,
        report_title(r), records_out);
    if (records_out) {
      write_study_records(std::cout, result.records, recorded);
      if (!std::cout.flush())
        throw std::runtime_error("cannot write the records to standard output");
    } else if (!record_file.empty()) {
      write_study_records(record_file, result.records, recorded);
      if (json_file != "-")
        fmt::print("{} written to {}\n",
                   result.records.size() == 1
                       ? std::string("A game record")
                       : fmt::format("{} game records", result.records.size()),
                   record_file);
    }
    exit_code = 0;
  });
}

}  // namespace switchcards::cli
