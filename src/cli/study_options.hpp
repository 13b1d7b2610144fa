// The options every study command shares (simulate, compare, sweep): games, players, agents,
// threads, seed, shard, matches; registered once and turned into a SimulationConfig with the
// checks of arguments.cpp, before any work starts. Also the progress bar of long studies.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <string>

#include "switchcards/agents/simulate.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards::cli {

class StudyOptions {
 public:
  // Registers the options on `cmd`; the object must outlive the command's callback.
  void add_to(CLI::App& cmd);
  // The configuration the options give, except the player count; throws UsageError.
  SimulationConfig config() const;
  // The --players count for `variant` (4, or the nearest count it allows, when not given).
  int players(const Variant& variant) const;
  // Throws UsageError if --agents names more agents than `players` seats.
  void check_agent_count(int players) const;
  // Whether --players was given, and its text.
  bool players_given() const { return players_opt_->count() > 0; }
  const std::string& players_text() const { return players_; }

 private:
  std::string games_ = "1000", seed_ = "1", players_, threads_, agents_, shard_;
  bool matches_ = false;
  CLI::Option* players_opt_ = nullptr;
  CLI::Option* shard_opt_ = nullptr;
};

// A sweep's table as CSV (`--csv FILE` of sweep and merge; "-": standard output).
struct CsvOutput {
  std::string file, text;
};

// The results of simulate, compare, sweep and merge: `json` to standard output for `--json -`
// (and a sweep's `csv` for `--csv -`); otherwise the readable report (`print_readable`) and,
// with `--json FILE`, the JSON to FILE (with `--csv FILE`, the table to FILE). With `--report
// FILE`, also the HTML page titled `report_title`. `quiet`: another output goes to standard
// output (`simulate --record -`), so neither the report nor "written to" lines are printed.
void write_study_results(const std::string& json, const std::string& json_file,
                         const std::function<void()>& print_readable,
                         const std::string& report_file, const std::string& report_title,
                         bool quiet = false, const CsvOutput& csv = {});

// Whether to draw a progress bar: on a terminal, unless an output (`json_file`, or another when
// `quiet`) goes to standard output.
bool show_progress(const std::string& json_file, bool quiet = false);
// "[#####.....]  42%  420/1000 games", redrawn in place; then clear_progress().
void draw_progress(std::uint64_t done, std::uint64_t total);
void clear_progress();

}  // namespace switchcards::cli
