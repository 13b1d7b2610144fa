// The subcommands of the `switchcards` command line, one file each (src/cli/<name>.cpp). Each
// add_<name> registers its subcommand, options and callback on the app; the callback sets
// `exit_code`. Errors are thrown and reported once, by main.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "switchcards/rules/variant.hpp"

namespace switchcards::cli {

void add_play(CLI::App& app, int& exit_code);
void add_simulate(CLI::App& app, int& exit_code);
void add_merge(CLI::App& app, int& exit_code);
void add_demo(CLI::App& app, int& exit_code);
void add_validate(CLI::App& app, int& exit_code);
void add_describe(CLI::App& app, int& exit_code);
void add_score(CLI::App& app, int& exit_code);
void add_scenario(CLI::App& app, int& exit_code);
void add_replay(CLI::App& app, int& exit_code);

// ---- shared helpers (main.cpp) --------------------------------------------------------------

// A built-in name or a path, with optional YAML overrides (`--rules`). Throws LoadError.
Variant load_cli_variant(const std::string& name_or_path, const std::string& rules = "");
// The variant file's text when `name_or_path` is a file (for self-contained game records).
std::string variant_file_text(const std::string& name_or_path);
bool stdout_is_terminal();
// The help text naming the built-in variants: "british, balkan, ... or a path to a YAML file".
std::string variant_help();
// A player count for a variant: `requested` if given (> 0), else 4 clamped to its range.
int players_for(const Variant& variant, int requested);

}  // namespace switchcards::cli
