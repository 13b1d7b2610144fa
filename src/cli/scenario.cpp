// `switchcards scenario PATH...`: run conformance scenario files and directories
// (docs/scenarios.md); exit 1 if any failed.
#include <iostream>
#include <vector>

#include "cli/commands.hpp"
#include "switchcards/io/scenario.hpp"

namespace switchcards::cli {

void add_scenario(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("scenario", "Run scenario files or directories of them");
  static std::vector<std::string> paths;
  cmd->add_option(
         "PATH", paths,
         "scenario files (.yaml) and directories, whose .yaml and .yml files run (recursively)")
      ->required();
  cmd->callback([&exit_code] { exit_code = run_scenarios(paths, std::cout); });
}

}  // namespace switchcards::cli
