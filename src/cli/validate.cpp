// `switchcards validate FILE`: load a variant file and print OK with a one-line summary, or its
// error (FILE:LINE:COL: key: message) and exit 1.
#include <fmt/core.h>

#include "cli/commands.hpp"
#include "switchcards/io/describe.hpp"
#include "switchcards/io/load_variant.hpp"

namespace switchcards::cli {

void add_validate(CLI::App& app, int& exit_code) {
  auto* cmd =
      app.add_subcommand("validate", "Check a variant file: OK and a summary, or its errors");
  static std::string file;
  cmd->add_option("FILE", file, variant_help())->required();
  cmd->callback([&exit_code] {
    try {
      const Variant v = load_variant(file);
      fmt::print("OK {}: {}\n", file, summarize_variant(v));
      exit_code = 0;
    } catch (const LoadError& e) {
      say(stderr, load_error_text(e));
      exit_code = 1;
    }
  });
}

}  // namespace switchcards::cli
