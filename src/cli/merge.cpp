// `switchcards merge FILE...`: add up the JSON files of `simulate`, `compare` or `sweep` run
// with `--shard K/M --json FILE`; the merged results equal those of one unsharded run (exact
// sums and histograms).
#include <fmt/core.h>

#include <filesystem>
#include <functional>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "cli/commands.hpp"
#include "cli/html_report.hpp"
#include "cli/simulation_report.hpp"
#include "cli/study_options.hpp"
#include "io/read_file.hpp"
#include "switchcards/agents/compare.hpp"
#include "switchcards/agents/sweep.hpp"

namespace switchcards::cli {

namespace {

// A results file is a few KiB; a sweep of the most combinations (10,000) some tens of MiB. The
// limit is there so that an endless input (/dev/zero) is refused instead of filling the memory.
constexpr std::size_t kMaxResultsBytes = std::size_t{256} << 20;

// The text of a results file; std::runtime_error naming it (exit status 1, as every command that
// cannot use a file) when it is missing, a directory, unreadable or too large.
std::string read_results_file(const std::string& file) {
  detail::FileText read = detail::read_whole_file(file, kMaxResultsBytes);
  using Problem = detail::FileText::Problem;
  switch (read.problem) {
    case Problem::none:
      return std::move(read.text);
    case Problem::missing:
      throw std::runtime_error(file + ": cannot open '" + file + "': no such file");
    case Problem::directory:
      throw std::runtime_error(file + ": '" + file + "' is a directory, not a JSON file");
    case Problem::unopenable:
      throw std::runtime_error(file + ": cannot open '" + file + "'");
    case Problem::unreadable:
      break;
    case Problem::too_large:
      throw std::runtime_error(
          fmt::format("{}: larger than the limit of {} bytes (256 MiB) for a results file", file,
                      kMaxResultsBytes));
  }
  throw std::runtime_error(file + ": cannot read '" + file + "'");
}

}  // namespace

void add_merge(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "merge", "Add up the JSON results of simulation, comparison or sweep shards");
  static std::vector<std::string> files;
  static std::string json_file, report_file, csv_file;
  cmd->add_option(
      "FILE", files,
      "JSON files written by `simulate`, `compare` or `sweep` with --shard K/M --json FILE");
  auto* json_opt = cmd->add_option(
      "--json", json_file, "write the merged results as JSON to FILE ('-': standard output)");
  auto* report_opt =
      cmd->add_option("--report", report_file,
                      "write the merged results as a self-contained HTML page with charts");
  auto* csv_opt = cmd->add_option(
      "--csv", csv_file,
      "write a merged sweep's table as CSV to FILE ('-': standard output), as sweep --csv does");
  cmd->callback([&exit_code, json_opt, report_opt, csv_opt] {
    // Not CLI11's required(), whose message is "FILE is required".
    if (files.empty())
      throw UsageError(
          "merge: no files to merge: give the JSON files of the shards, e.g. `switchcards merge "
          "part1.json part2.json` (written by simulate, compare or sweep with --shard K/M --json)");
    if (json_opt->count() > 0) check_output_file("--json", json_file);
    if (report_opt->count() > 0) check_report_file(report_file);
    if (csv_opt->count() > 0) check_output_file("--csv", csv_file);
    // An output over an input would lose the shard it replaces.
    std::vector<InputFile> inputs;
    for (const std::string& file : files) inputs.push_back({"the file to merge", file});
    check_distinct_outputs({{"--json", json_file}, {"--report", report_file}, {"--csv", csv_file}},
                           inputs);
    // One file given twice would count its games twice (merge then calls it an overlap).
    const auto same_file = [](const std::string& a, const std::string& b) {
      std::error_code ec;
      return std::filesystem::equivalent(a, b, ec) && !ec;
    };
    for (std::size_t i = 0; i < files.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j)
        if (same_file(files[j], files[i]))
          throw UsageError(files[i] == files[j]
                               ? fmt::format("{} is given twice", files[i])
                               : fmt::format("{} and {} are the same file", files[j], files[i]));
    }
    // Every file is of one kind: simulation, comparison or sweep shards.
    std::vector<std::string> texts;
    for (const std::string& file : files) texts.push_back(read_results_file(file));
    const std::string kind = results_format(texts[0], files[0]);
    const auto family = [](const std::string& format) {
      return format.substr(0, format.find('/'));
    };
    for (std::size_t i = 1; i < files.size(); ++i)
      if (family(results_format(texts[i], files[i])) != family(kind))
        throw std::runtime_error("merge: " + files[i] + " is not the same kind of results as " +
                                 files[0] + " (" + (kind.empty() ? "no format" : kind) + ")");
    // Named by what it is not, all three kinds (each reader names only its own).
    if (family(kind) != "switchcards-comparison" && family(kind) != "switchcards-sweep" &&
        family(kind) != "switchcards-simulation")
      throw std::runtime_error(
          files[0] + ": not a results file of simulate, compare or sweep (" +
          (kind.empty() ? std::string("no format") : "format " + kind) +
          "; merge takes switchcards-simulation, switchcards-comparison and switchcards-sweep "
          "files)");
    // Only a sweep has a table: said before anything is read further, as a bad option.
    if (!csv_file.empty() && family(kind) != "switchcards-sweep")
      throw UsageError(
          "--csv: only a sweep's results have a table; " + files[0] + " holds " +
          (family(kind) == "switchcards-comparison" ? "a comparison's" : "a simulation's") +
          " (its numbers are in --json FILE)");
    std::string json, title;
    CsvOutput csv{csv_file, ""};
    std::function<void()> print_readable;
    if (family(kind) == "switchcards-comparison") {
      std::vector<ComparisonResults> parts;
      for (std::size_t i = 0; i < files.size(); ++i)
        parts.push_back(comparison_from_json(texts[i], files[i]));
      auto merged = std::make_shared<ComparisonResults>(merge_comparisons(std::move(parts), files));
      json = to_json(*merged);
      title = report_title(*merged);
      print_readable = [merged] { print_comparison(*merged); };
    } else if (family(kind) == "switchcards-sweep") {
      std::vector<SweepResults> parts;
      for (std::size_t i = 0; i < files.size(); ++i)
        parts.push_back(sweep_from_json(texts[i], files[i]));
      auto merged = std::make_shared<SweepResults>(merge_sweeps(std::move(parts), files));
      json = to_json(*merged);
      title = report_title(*merged);
      if (!csv_file.empty()) csv.text = to_csv(*merged);
      print_readable = [merged] { print_sweep(*merged); };
    } else {
      std::vector<ShardResults> parts;
      for (std::size_t i = 0; i < files.size(); ++i)
        parts.push_back(shard_results_from_json(texts[i], files[i]));
      auto merged = std::make_shared<ShardResults>(merge_shards(std::move(parts), files));
      json = to_json(*merged);
      title = report_title(*merged);
      print_readable = [merged] { print_report(*merged, -1); };
    }
    // As simulate, compare and sweep write them: the merge is one study.
    write_study_results(json, json_file, print_readable, report_file, title, false, csv);
    exit_code = 0;
  });
}

}  // namespace switchcards::cli
