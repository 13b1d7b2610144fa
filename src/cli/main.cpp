// The `switchcards` command line: one subcommand per file of src/cli/ (see commands.hpp).
#include <fmt/core.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/commands.hpp"
#include "switchcards/agents/human_agent.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/version.hpp"

namespace switchcards::cli {

Variant load_cli_variant(const std::string& name_or_path, const std::string& rules) {
  if (rules.empty()) return load_variant(name_or_path);
  return load_variant(name_or_path, rules, "--rules");
}

std::string variant_file_text(const std::string& name_or_path) {
  for (const std::string& name : builtin_variant_names())
    if (name == name_or_path) return "";
  std::ifstream in(name_or_path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool stdout_is_terminal() {
  return ::isatty(STDOUT_FILENO) == 1;
}

std::string variant_help() {
  std::string names;
  for (const std::string& n : builtin_variant_names()) names += (names.empty() ? "" : ", ") + n;
  return "a built-in variant (" + names + ") or a path to a variant YAML file";
}

int players_for(const Variant& variant, int requested) {
  if (requested > 0) return requested;
  return std::clamp(4, variant.deal.min_players, variant.deal.max_players);
}

}  // namespace switchcards::cli

int main(int argc, char** argv) {
  using namespace switchcards;
  CLI::App app{
      "switchcards: the card game Switch and the Mau-Mau family.\n"
      "Play against the computer, simulate thousands of games, check rules and "
      "records."};
  app.set_version_flag("--version", std::string(version()));
  app.require_subcommand(1);
  app.fallthrough(false);

  int exit_code = 0;
  cli::add_play(app, exit_code);
  cli::add_simulate(app, exit_code);
  cli::add_merge(app, exit_code);
  cli::add_demo(app, exit_code);
  cli::add_validate(app, exit_code);
  cli::add_describe(app, exit_code);
  cli::add_score(app, exit_code);
  cli::add_scenario(app, exit_code);
  cli::add_replay(app, exit_code);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const LoadError& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 1;
  } catch (const InputEnded& e) {
    fmt::print(stderr, "\nswitchcards: {}\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "switchcards: {}\n", e.what());
    return 1;
  }
  return exit_code;
}
