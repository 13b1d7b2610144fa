// `switchcards merge FILE...`: add up the JSON files of `simulate --shard K/M --json FILE`; the
// merged results equal those of one unsharded run (exact sums and histograms).
#include <fmt/core.h>

#include <fstream>
#include <iterator>

#include "cli/commands.hpp"
#include "cli/simulation_report.hpp"

namespace switchcards::cli {

void add_merge(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("merge", "Add up the JSON results of simulation shards");
  static std::vector<std::string> files;
  static std::string json_file;
  cmd->add_option("FILE", files, "JSON files written by `simulate --shard K/M --json FILE`")
      ->required()
      ->check(CLI::ExistingFile);
  auto* json_opt = cmd->add_option(
      "--json", json_file, "write the merged results as JSON to FILE ('-': standard output)");
  cmd->callback([&exit_code, json_opt] {
    if (json_opt->count() > 0) check_output_file("--json", json_file);
    std::vector<ShardResults> parts;
    for (const std::string& file : files) {
      std::ifstream in(file);
      const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      if (!in && !in.eof()) throw std::runtime_error("cannot read " + file);
      parts.push_back(shard_results_from_json(text, file));
    }
    const ShardResults merged = merge_shards(std::move(parts), files);
    if (json_file == "-") {
      fmt::print("{}\n", to_json(merged));
    } else {
      print_report(merged, -1);
      if (!json_file.empty()) {
        std::ofstream out(json_file);
        out << to_json(merged) << "\n";
        if (!out) throw std::runtime_error("cannot write " + json_file);
        fmt::print("\nMerged results written to {}\n", json_file);
      }
    }
    exit_code = 0;
  });
}

}  // namespace switchcards::cli
