// Agents by name; see include/switchcards/agents/make_agent.hpp.
#include "switchcards/agents/make_agent.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "switchcards/agents/greedy_agent.hpp"
#include "switchcards/agents/heuristic_agent.hpp"
#include "switchcards/agents/human_agent.hpp"
#include "switchcards/agents/ismcts_agent.hpp"
#include "switchcards/agents/random_agent.hpp"

namespace switchcards {

std::vector<std::string> agent_names() {
  return {"random", "eager", "greedy", "heuristic", "ismcts", "human"};
}

namespace {

// The decimal number at the start of `text` ("0.25", "250" of "250ms") and how many characters
// it takes: digits and a point only, as written in a name (not std::stod, which takes " 0.5",
// "0x1", "1e-1" and "inf"). 0 characters: no number there.
std::pair<double, std::size_t> leading_decimal(std::string_view text) {
  if (text.empty() || !((text.front() >= '0' && text.front() <= '9') || text.front() == '.'))
    return {0, 0};
  double value = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (error != std::errc{} || std::isinf(value) || std::isnan(value)) return {0, 0};
  return {value, static_cast<std::size_t>(end - text.data())};
}

// "ismcts[:BUDGET[:ROLLOUT]]": BUDGET is iterations per decision (a positive whole number) or a
// time per decision ("250ms", "2s"); ROLLOUT is eager or heuristic.
IsmctsConfig ismcts_config(std::string_view name) {
  IsmctsConfig config;
  const auto fail = [&](const std::string& why) {
    return std::invalid_argument("agent '" + std::string(name) + "': " + why +
                                 " (expected ismcts, ismcts:ITERATIONS, ismcts:250ms or "
                                 "ismcts:ITERATIONS:heuristic)");
  };
  std::string_view rest = name.substr(std::string_view("ismcts").size());
  if (rest.empty()) return config;
  if (rest.front() != ':') throw fail("unknown agent");
  rest.remove_prefix(1);
  const auto colon = rest.find(':');
  const std::string budget(rest.substr(0, colon));
  if (colon != std::string_view::npos) {
    const std::string_view rollout = rest.substr(colon + 1);
    if (rollout == "eager")
      config.rollout = IsmctsConfig::Rollout::eager;
    else if (rollout == "heuristic")
      config.rollout = IsmctsConfig::Rollout::heuristic;
    else
      throw fail("the rollout policy is eager or heuristic, not '" + std::string(rollout) + "'");
  }
  const auto [value, used] = leading_decimal(budget);
  const std::string unit = budget.substr(used);
  if (used == 0 || !(value > 0) || !(unit.empty() || unit == "ms" || unit == "s"))
    throw fail("the budget is a positive number of iterations, or of ms or s per decision");
  if (unit.empty()) {
    // Digits only, without leading zeros: "1000.0" or "01000" would play as ismcts:1000 yet
    // be reported as another agent.
    if (budget.find('.') != std::string::npos || value != std::floor(value) ||
        value > IsmctsConfig::kMaxIterations || (budget.size() > 1 && budget[0] == '0'))
      throw fail("the iterations are a whole number up to " +
                 std::to_string(IsmctsConfig::kMaxIterations) + ", without leading zeros");
    config.iterations = static_cast<int>(value);
  } else {
    config.iterations = 0;
    config.seconds = unit == "ms" ? value / 1000 : value;
    if (config.seconds > IsmctsConfig::kMaxSeconds)
      throw fail("the time per decision is at most " +
                 std::to_string(static_cast<int>(IsmctsConfig::kMaxSeconds)) + "s");
  }
  return config;
}

}  // namespace

bool chooses_by_the_clock(std::string_view name) {
  if (name.substr(0, name.find(':')) != "ismcts") return false;
  try {
    return ismcts_config(name).seconds > 0;
  } catch (const std::invalid_argument&) {
    return false;  // no agent at all: make_agent says why
  }
}

std::unique_ptr<Agent> make_agent(std::string_view name, std::uint64_t seed) {
  const auto colon = name.find(':');
  const std::string_view base = name.substr(0, colon);
  if (base == "ismcts") return std::make_unique<IsmctsAgent>(seed, ismcts_config(name));
  const bool has_parameter = colon != std::string_view::npos;
  const bool named = std::ranges::count(agent_names(), base) > 0;
  double forget = 0;
  // A known agent that takes no parameter is told so before its parameter is read ("greedy:" was
  // told about a probability it does not take); an unknown one is named as unknown below.
  if (has_parameter && named && base != "random" && base != "eager" && base != "heuristic")
    throw std::invalid_argument("agent '" + std::string(name) +
                                "': only random, eager and heuristic take a parameter");
  if (has_parameter && named) {
    const std::string_view text = name.substr(colon + 1);
    std::size_t used = 0;
    std::tie(forget, used) = leading_decimal(text);
    if (used != text.size() || text.empty() || !(forget >= 0.0 && forget <= 1.0))
      throw std::invalid_argument("agent '" + std::string(name) +
                                  "': the part after ':' is the probability of forgetting to "
                                  "call last card, a number from 0 to 1");
  }
  if (base == "random") return std::make_unique<RandomAgent>(seed, forget);
  if (base == "eager")
    return std::make_unique<RandomAgent>(seed, forget, RandomAgent::Style::eager);
  if (base == "greedy") return std::make_unique<GreedyAgent>(seed);
  if (base == "heuristic")
    return std::make_unique<HeuristicAgent>(
        seed, has_parameter ? forget : HeuristicAgent::kDefaultForget);
  if (base == "human") {
    // Colour only on a terminal that has not asked for none (NO_COLOR), as the command line
    // does: escape codes in a pipe or a file are noise.
    const char* no_colour = std::getenv("NO_COLOR");
    const bool colour =
        ::isatty(STDOUT_FILENO) == 1 && (no_colour == nullptr || no_colour[0] == '\0');
    return std::make_unique<HumanAgent>(std::cin, std::cout, colour);
  }
  std::string known;
  for (const std::string& n : agent_names()) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("unknown agent '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace switchcards
