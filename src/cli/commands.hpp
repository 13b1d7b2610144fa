// The subcommands of the `switchcards` command line, one file each (src/cli/<name>.cpp). Each
// add_<name> registers its subcommand, options and callback on the app; the callback sets
// `exit_code`. Errors are thrown and reported once, by main.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "io/write_file.hpp"
#include "switchcards/agents/simulate.hpp"
#include "switchcards/io/load_error.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards::cli {

void add_play(CLI::App& app, int& exit_code);
void add_simulate(CLI::App& app, int& exit_code);
void add_merge(CLI::App& app, int& exit_code);
void add_compare(CLI::App& app, int& exit_code);
void add_sweep(CLI::App& app, int& exit_code);
void add_demo(CLI::App& app, int& exit_code);
void add_validate(CLI::App& app, int& exit_code);
void add_describe(CLI::App& app, int& exit_code);
void add_score(CLI::App& app, int& exit_code);
void add_scenario(CLI::App& app, int& exit_code);
void add_replay(CLI::App& app, int& exit_code);

// ---- shared helpers (main.cpp) --------------------------------------------------------------

// A built-in name or a path, with optional YAML overrides, given by the option `rules_flag`
// (which messages about them name). Throws LoadError.
Variant load_cli_variant(const std::string& name_or_path, const std::string& rules = "",
                         const std::string& rules_flag = "--rules");
bool stdout_is_terminal();
// Coloured cards: --no-color never, --color always, else only on a terminal, unless the
// NO_COLOR environment variable is set (to anything but "") or TERM is `dumb`.
// Throws UsageError if both flags are given.
bool use_colour(bool colour_flag, bool no_colour_flag);
// The help text naming the built-in variants: "british, balkan, ... or a path to a YAML file".
std::string variant_help();

// ---- argument checks (arguments.cpp), applied before any work starts ------------------------

// A command line that cannot be run as given; main prints it and exits with status 2.
class UsageError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The most shards a study can be split into.
inline constexpr std::uint64_t kMaxShards = SimulationConfig::kMaxShards;

// `text` as a whole number from `min` to `max`; "--games '-5': expected a whole number from 1
// to ..." otherwise (no sign, no spaces, no wrapping past 2^64 - 1).
std::uint64_t parse_whole(std::string_view flag, const std::string& text, std::uint64_t min,
                          std::uint64_t max);
// The --players count for a variant: `requested` if `option` was given, else 4 or the nearest
// count the variant allows; within the variant's range, whose bounds the message names.
int players_for(const Variant& variant, const CLI::Option& option, const std::string& requested);
// The player counts a variant allows, for messages: "2 to 7 players", or "exactly 4 players".
std::string players_range(const Variant& variant);
// --shard K/M with 1 <= K <= M <= kMaxShards.
void parse_shard(const std::string& text, int& shard, int& shards);
// An output file that can be written: an existing file that is writable, or a new one in a
// writable directory. "-" (standard output) passes. Nothing is created.
void check_output_file(std::string_view flag, const std::string& path);
// "a,b,,c" -> {"a", "b", "", "c"}: the names of a comma-separated list such as --agents.
std::vector<std::string> split_commas(const std::string& s);
// Throws UsageError if `--agents AGENTS` names more agents (`named`) than there are `seats`:
// the last names would be dropped without a word.
void check_agents_fit(const std::string& agents, std::size_t named, int seats);
// An output option of a command: its flag and the path given ("" when it was not given).
struct OutputOption {
  std::string_view flag;
  const std::string& path;
};
// A file a command reads, for messages ("the variant file", "the grid file") and its path as
// given ("" or a built-in variant's name: none).
struct InputFile {
  std::string what;
  std::string path;
};
// The variant argument as an input: its path if load_variant reads it as a file, else none.
InputFile variant_input(std::string what, const std::string& name_or_path);
// Throws UsageError when two of `outputs` name the same file (after "." and ".." and symbolic
// links are resolved; hard links too) or more than one is '-' (standard output), or when an
// output is one of the files the command reads, `inputs`: writing it would lose the variant,
// grid or results it was made from. Devices such as /dev/null may be given twice.
void check_distinct_outputs(std::initializer_list<OutputOption> outputs,
                            const std::vector<InputFile>& inputs = {});
// Writes `text` to the file `path`; throws std::runtime_error ("cannot write PATH: REASON") if
// any of it cannot be written, checked once the file is closed (io/write_file.hpp).
using detail::write_text_file;

// A LoadError as the command line shows it, a line: "FILE:LINE:COL: message", as a compiler
// gives its errors, or "switchcards: message" for one that names no file (an empty name).
inline std::string load_error_text(const LoadError& e) {
  return (e.file().empty() ? "switchcards: " : "") + std::string(e.what()) + "\n";
}

// Writes `text` to `stream`, which may itself be closed or full (`2>&-`, `2>/dev/full`): then
// nothing is said and the caller goes on (its exit status tells). fmt::print would throw there,
// from inside an error's handler or a save's report, and end the program or the save.
inline void say(std::FILE* stream, const std::string& text) {
  std::fputs(text.c_str(), stream);
  std::fflush(stream);
}

// Whether `e` is {fmt}'s failure to print to a stream (a full disk, a closed pipe), whose text
// names no stream: "cannot write to file".
inline bool is_print_failure(const std::system_error& e) {
  return std::string_view(e.what()).starts_with("cannot write to file");
}

}  // namespace switchcards::cli
