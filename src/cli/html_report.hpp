// `--report FILE.html` of simulate, compare and sweep: one self-contained HTML page that holds
// the results' JSON (the same text --json writes), the chart library and report/report.js,
// which draws the charts from that JSON. Nothing is fetched when the page opens.
#pragma once

#include <string>

namespace switchcards {
struct ShardResults;
struct ComparisonResults;
struct SweepResults;
}  // namespace switchcards

namespace switchcards::cli {

// Throws UsageError when no report can be written: the chart library was not embedded at build
// time (it says how to get it), or FILE cannot be written (as check_output_file).
void check_report_file(const std::string& path);

// Writes the page for `json` (a simulation, comparison or sweep file's text) titled `title`.
void write_html_report(const std::string& path, const std::string& json, const std::string& title);

// A page's title, the same for a study and for the merge of its shards: "switchcards simulate:
// British Switch", "switchcards compare: A vs B" (each side with its rules where the two titles
// are one: `--rules-b` compares a variant with itself), "switchcards sweep: British Switch,
// grid.yaml".
std::string report_title(const ShardResults& r);
std::string report_title(const ComparisonResults& r);
std::string report_title(const SweepResults& r);

}  // namespace switchcards::cli
