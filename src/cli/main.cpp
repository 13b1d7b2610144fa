// The `switchcards` command line: one subcommand per file of src/cli/ (see commands.hpp).
#include <fmt/core.h>
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "switchcards/agents/human_agent.hpp"
#include "switchcards/io/closest_match.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/version.hpp"

namespace switchcards::cli {

Variant load_cli_variant(const std::string& name_or_path, const std::string& rules,
                         const std::string& rules_flag) {
  if (rules.empty()) return load_variant(name_or_path);
  return load_variant(name_or_path, rules, rules_flag);
}

bool stdout_is_terminal() {
  return ::isatty(STDOUT_FILENO) == 1;
}

bool use_colour(bool colour_flag, bool no_colour_flag) {
  if (colour_flag && no_colour_flag) throw UsageError("--color and --no-color: give one of them");
  if (no_colour_flag) return false;
  if (colour_flag) return true;
  // https://no-color.org: a NO_COLOR that is set and not empty turns colour off by default;
  // so does TERM=dumb, a terminal that shows escape sequences as text.
  const char* no_colour = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::string_view(term) == "dumb") return false;
  return stdout_is_terminal() && (no_colour == nullptr || no_colour[0] == '\0');
}

std::string variant_help() {
  std::string names;
  for (const std::string& n : builtin_variant_names()) names += (names.empty() ? "" : ", ") + n;
  return "a built-in variant (" + names + ") or a path to a variant YAML file";
}

}  // namespace switchcards::cli

namespace {

using namespace switchcards;
using cli::UsageError;

std::vector<std::string_view> subcommand_names(const CLI::App& app) {
  std::vector<std::string_view> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  return names;
}

std::string joined(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::string_view n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& names) {
  if (auto guess = closest_match(word, names)) return fmt::format("; did you mean '{}'?", *guess);
  return "";
}

// The option names a subcommand takes ("--games", "-n", ...), and --help.
std::vector<std::string> option_names(const CLI::App& sub) {
  std::vector<std::string> names = {"--help", "-h"};
  for (const CLI::Option* o : sub.get_options()) {
    for (const std::string& l : o->get_lnames()) names.push_back("--" + l);
    for (const std::string& sn : o->get_snames()) names.push_back("-" + sn);
  }
  return names;
}

// "-5", "-1/4": a value (a negative number), not an option.
bool looks_like_number(std::string_view s) {
  return s.size() >= 2 && s[0] == '-' && std::isdigit(static_cast<unsigned char>(s[1]));
}

// The first argument of `sub` that looks like an option but is none of its options, with the
// nearest one it has: "--player" gets "did you mean '--players'?". Values that look like
// negative numbers ("-5") are left for the range checks, which say what is allowed.
void check_option_names(const CLI::App& sub, int first, int argc, char** argv) {
  const std::vector<std::string> names = option_names(sub);
  std::vector<std::string_view> long_names;  // without the dashes
  for (const std::string& n : names)
    if (n.starts_with("--")) long_names.push_back(std::string_view(n).substr(2));
  for (int i = first; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") return;  // the rest are values
    if (arg.size() < 2 || arg[0] != '-' || looks_like_number(arg)) continue;
    const std::string_view name = arg.substr(0, arg.find('='));
    bool known = std::find(names.begin(), names.end(), name) != names.end();
    // Short options may be glued to their value ("-n5").
    if (!known && name.size() > 2 && name[1] != '-')
      known = std::find(names.begin(), names.end(), name.substr(0, 2)) != names.end();
    if (known) continue;
    const auto guess =
        closest_match(name.substr(name.find_first_not_of('-') == std::string_view::npos
                                      ? name.size()
                                      : name.find_first_not_of('-')),
                      long_names);
    throw UsageError(
        fmt::format("{}: unknown option '{}'{} (run 'switchcards help {}' for its "
                    "options)",
                    sub.get_name(), name,
                    guess ? fmt::format("; did you mean '--{}'?", *guess) : "", sub.get_name()));
  }
}

// The command line run; main checks that its output reached standard output.
// CLI11's messages for the commonest mistakes, in the words of the project's own ("--games:
// 1 required TEXT missing" becomes "--games: expected a value"); any other passes unchanged.
std::string parse_error_text(const std::string& what) {
  static const std::regex kMissing(R"(^(\S+): 1 required \S+ missing$)");
  static const std::regex kTwice(R"(^(\S+): At Most 1 required but received (\d+)$)");
  static const std::regex kExtra(R"(^The following arguments? (?:was|were) not expected: (.*)$)");
  std::smatch m;
  if (std::regex_match(what, m, kMissing)) return m[1].str() + ": expected a value after it";
  if (std::regex_match(what, m, kTwice))
    return fmt::format("{} is given {} times: give it once", m[1].str(), m[2].str());
  if (std::regex_match(what, m, kExtra)) {
    // CLI11 lists the arguments it did not use last first.
    std::vector<std::string> words;
    std::istringstream in(m[1].str());
    for (std::string word; in >> word;) words.insert(words.begin(), word);
    return fmt::format("unexpected argument{} '{}'", words.size() == 1 ? "" : "s",
                       fmt::join(words, "' '"));
  }
  return what;
}

int run(int argc, char** argv) {
  CLI::App app{
      "switchcards: the card game Switch and the Mau-Mau family.\n"
      "Play against the computer, simulate thousands of games, check rules and "
      "records."};
  app.set_version_flag("--version", std::string(version()));
  app.name("switchcards");
  app.require_subcommand(1);
  app.footer("Run 'switchcards help COMMAND' (or 'switchcards COMMAND --help') for its options.");
  app.fallthrough(false);

  int exit_code = 0;
  cli::add_play(app, exit_code);
  cli::add_simulate(app, exit_code);
  cli::add_merge(app, exit_code);
  cli::add_compare(app, exit_code);
  cli::add_sweep(app, exit_code);
  cli::add_demo(app, exit_code);
  cli::add_validate(app, exit_code);
  cli::add_describe(app, exit_code);
  cli::add_score(app, exit_code);
  cli::add_scenario(app, exit_code);
  cli::add_replay(app, exit_code);

  const std::vector<std::string_view> commands = subcommand_names(app);
  try {
    // Unknown subcommands and options get the nearest known name before CLI11 sees them.
    if (argc >= 2 && argv[1][0] != '-') {
      const std::string_view word = argv[1];
      if (word == "help") {
        if (argc == 2) {
          fmt::print("{}", app.help());
          return 0;
        }
        const std::string_view topic = argv[2];
        if (argc > 3)
          throw UsageError(fmt::format("help {} {}: help takes one command", topic, argv[3]));
        if (topic == "help" || topic == "--help" || topic == "-h") {
          fmt::print(
              "The commands, or one command's options (as 'switchcards COMMAND --help')\n"
              "Usage: switchcards help [COMMAND]\n\nPositionals:\n  COMMAND  one of: {}, help\n",
              joined(commands));
          return 0;
        }
        if (std::find(commands.begin(), commands.end(), topic) == commands.end())
          throw UsageError(fmt::format("help: no command '{}'{} (commands: {}, help)", topic,
                                       did_you_mean(topic, commands), joined(commands)));
        // With the program's name before the command's, as `COMMAND --help` prints its usage.
        fmt::print("{}", app.get_subcommand(std::string(topic))->help(app.get_name()));
        return 0;
      }
      if (std::find(commands.begin(), commands.end(), word) == commands.end())
        throw UsageError(fmt::format("unknown command '{}'{} (commands: {}, help)", word,
                                     did_you_mean(word, commands), joined(commands)));
      check_option_names(*app.get_subcommand(std::string(word)), 2, argc, argv);
    }
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string text = parse_error_text(e.what());
    // CLI11's "FILE is required" names neither the command nor what FILE is: its help does.
    static const std::regex kRequired(R"(^(\S+) is required$)");
    std::smatch m;
    const std::string what = e.what();
    if (std::regex_match(what, m, kRequired))
      for (const CLI::App* command : app.get_subcommands())
        if (const CLI::Option* option = command->get_option_no_throw(m[1].str()))
          text = fmt::format("{}: {} is required: {}", command->get_name(), m[1].str(),
                             option->get_description());
    cli::say(stderr,
             fmt::format("switchcards: {}\nRun 'switchcards help' for the commands, 'switchcards "
                         "help COMMAND' for one command's options.\n",
                         text));
    return 2;
  } catch (const UsageError& e) {
    cli::say(stderr, fmt::format("switchcards: {}\n", e.what()));
    return 2;
  } catch (const LoadError& e) {
    cli::say(stderr, cli::load_error_text(e));
    return 1;
  } catch (const PlayerQuit& e) {
    cli::say(stdout, fmt::format("\nswitchcards: {}; goodbye.\n", e.what()));
    return 0;
  } catch (const cli::StudyInterrupted& e) {
    cli::say(stderr, fmt::format("\nswitchcards: {}\n", e.what()));
    cli::die_of_interrupt();
  } catch (const InputEnded& e) {
    cli::say(stderr, fmt::format("\nswitchcards: {}\n", e.what()));
    return 1;
  } catch (const std::system_error& e) {
    // fmt::print's failure (a full disk, /dev/full) names no file: the commands print to
    // standard output only (files are written by write_text_file, which names them).
    const std::string what = e.what();
    if (cli::is_print_failure(e))
      cli::say(stderr, fmt::format("switchcards: cannot write to standard output: {}\n",
                                   e.code().message()));
    else
      cli::say(stderr, fmt::format("switchcards: {}\n", what));
    return 1;
  } catch (const std::exception& e) {
    cli::say(stderr, fmt::format("switchcards: {}\n", e.what()));
    return 1;
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  // Past a file size limit (ulimit -f) a write fails with EFBIG and the command reports it
  // and removes its half-written new file; the signal would end it there, leaving that file.
  std::signal(SIGXFSZ, SIG_IGN);
  const int status = run(argc, argv);
  // Standard output is buffered: a write that fails (a full disk, `--csv -` into /dev/full)
  // fails at the flush, after every command has said it is done, so it is checked here.
  // A command that failed has said why already.
  errno = 0;
  const bool written = std::fflush(stdout) == 0 && std::ferror(stdout) == 0 && std::cout;
  const int error = errno;  // the flush's, if it failed; an earlier write's reason is gone
  if (status == 0 && !written) {
    cli::say(stderr, "switchcards: cannot write to standard output" +
                         (error != 0 ? ": " + std::generic_category().message(error) : "") + "\n");
    return 1;
  }
  return status;
}
