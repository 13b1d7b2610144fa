// `switchcards describe V`: the rules of a variant as English text generated from it.
#include <fmt/core.h>

#include "cli/commands.hpp"
#include "switchcards/io/describe.hpp"

namespace switchcards::cli {

void add_describe(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("describe", "Print the rules of a variant in English");
  static std::string variant;
  static std::string rules;
  cmd->add_option("VARIANT", variant, variant_help())->required();
  cmd->add_option("--rules", rules,
                  "YAML overrides merged onto the variant, e.g. '{match: {limit: 50}}'");
  cmd->callback([&exit_code] {
    fmt::print("{}", describe_variant(load_cli_variant(variant, rules)));
    exit_code = 0;
  });
}

}  // namespace switchcards::cli
