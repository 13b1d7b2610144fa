// Conformance scenarios: YAML files that set up a position (or deal one from a seed), apply
// actions and check expectations, in the format of docs/scenarios.md. The runner prints
// `PASS name` or `FAIL name: step N: expected X, got Y` per file and `N passed, M failed`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace switchcards {

struct ScenarioResult {
  std::string file;
  std::string name;  // the scenario's name (the file name if it could not be read)
  bool passed = false;
  std::string failure;  // "step N: expected X, got Y", or why the file could not be used
  int line = 0;         // of the step that failed, in `file` (0: no step failed)
};

// Runs one scenario file. Never throws for a bad file: it becomes a failure with a message.
ScenarioResult run_scenario_file(const std::string& path);

// Runs files and directories (recursively, *.yaml / *.yml, sorted) and prints each result and
// the closing `N passed, M failed` line to `out`. Returns 0 if all passed, 1 otherwise (also
// when a path does not exist or holds no scenario).
int run_scenarios(const std::vector<std::string>& paths, std::ostream& out);

}  // namespace switchcards
