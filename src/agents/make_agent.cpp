// Agents by name; see include/switchcards/agents/make_agent.hpp.
#include "switchcards/agents/make_agent.hpp"

#include <iostream>
#include <stdexcept>

#include "switchcards/agents/greedy_agent.hpp"
#include "switchcards/agents/heuristic_agent.hpp"
#include "switchcards/agents/human_agent.hpp"
#include "switchcards/agents/random_agent.hpp"

namespace switchcards {

std::vector<std::string> agent_names() {
  return {"random", "eager", "greedy", "heuristic", "human"};
}

std::unique_ptr<Agent> make_agent(std::string_view name, std::uint64_t seed) {
  const auto colon = name.find(':');
  const std::string_view base = name.substr(0, colon);
  const bool has_parameter = colon != std::string_view::npos;
  double forget = 0;
  if (has_parameter) {
    const std::string text(name.substr(colon + 1));
    std::size_t used = 0;
    try {
      forget = std::stod(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != text.size() || text.empty() || !(forget >= 0.0 && forget <= 1.0))
      throw std::invalid_argument("agent '" + std::string(name) +
                                  "': the part after ':' is the probability of forgetting to "
                                  "call last card, a number from 0 to 1");
    if (base != "random" && base != "eager" && base != "heuristic")
      throw std::invalid_argument("agent '" + std::string(name) +
                                  "': only random, eager and heuristic take a parameter");
  }
  if (base == "random") return std::make_unique<RandomAgent>(seed, forget);
  if (base == "eager")
    return std::make_unique<RandomAgent>(seed, forget, RandomAgent::Style::eager);
  if (base == "greedy") return std::make_unique<GreedyAgent>(seed);
  if (base == "heuristic")
    return std::make_unique<HeuristicAgent>(
        seed, has_parameter ? forget : HeuristicAgent::kDefaultForget);
  if (base == "human") return std::make_unique<HumanAgent>(std::cin, std::cout);
  std::string known;
  for (const std::string& n : agent_names()) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("unknown agent '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace switchcards
