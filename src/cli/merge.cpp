// `switchcards merge FILE...`: add up the JSON files of `simulate --shard K/M --json FILE`; the
// merged results equal those of one unsharded run (exact sums and histograms).
#include <fmt/core.h>

#include <fstream>
#include <iterator>

#include "cli/commands.hpp"
#include "cli/simulation_report.hpp"
#include "switchcards/agents/compare.hpp"
#include "switchcards/agents/sweep.hpp"

namespace switchcards::cli {

void add_merge(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "merge", "Add up the JSON results of simulation, comparison or sweep shards");
  static std::vector<std::string> files;
  static std::string json_file;
  cmd->add_option(
         "FILE", files,
         "JSON files written by `simulate`, `compare` or `sweep` with --shard K/M --json FILE")
      ->required()
      ->check(CLI::ExistingFile);
  auto* json_opt = cmd->add_option(
      "--json", json_file, "write the merged results as JSON to FILE ('-': standard output)");
  cmd->callback([&exit_code, json_opt] {
    if (json_opt->count() > 0) check_output_file("--json", json_file);
    // Every file is of one kind: simulation, comparison or sweep shards.
    std::vector<std::string> texts;
    for (const std::string& file : files) {
      std::ifstream in(file);
      texts.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      if (!in && !in.eof()) throw std::runtime_error("cannot read " + file);
    }
    const std::string kind = results_format(texts[0]);
    const auto family = [](const std::string& format) {
      return format.substr(0, format.find('/'));
    };
    for (std::size_t i = 1; i < files.size(); ++i)
      if (family(results_format(texts[i])) != family(kind))
        throw std::runtime_error("merge: " + files[i] + " is not the same kind of results as " +
                                 files[0] + " (" + (kind.empty() ? "no format" : kind) + ")");
    std::string json, title;
    if (family(kind) == "switchcards-comparison") {
      std::vector<ComparisonResults> parts;
      for (std::size_t i = 0; i < files.size(); ++i)
        parts.push_back(comparison_from_json(texts[i], files[i]));
      const ComparisonResults merged = merge_comparisons(std::move(parts), files);
      json = to_json(merged);
      if (json_file != "-") print_comparison(merged);
    } else if (family(kind) == "switchcards-sweep") {
      std::vector<SweepResults> parts;
      for (std::size_t i = 0; i < files.size(); ++i)
        parts.push_back(sweep_from_json(texts[i], files[i]));
      const SweepResults merged = merge_sweeps(std::move(parts), files);
      json = to_json(merged);
      if (json_file != "-") print_sweep(merged);
    } else {
      std::vector<ShardResults> parts;
      for (std::size_t i = 0; i < files.size(); ++i)
        parts.push_back(shard_results_from_json(texts[i], files[i]));
      const ShardResults merged = merge_shards(std::move(parts), files);
      json = to_json(merged);
      if (json_file != "-") print_report(merged, -1);
    }
    if (json_file == "-") {
      fmt::print("{}\n", json);
    } else if (!json_file.empty()) {
      write_text_file(json_file, json + "\n");
      fmt::print("\nMerged results written to {}\n", json_file);
    }
    exit_code = 0;
  });
}

}  // namespace switchcards::cli
