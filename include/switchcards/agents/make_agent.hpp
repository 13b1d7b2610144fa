// make_agent: an agent by name, as the command line and configuration files write it:
// "random", "eager" (random among its plays when it has one), "greedy", "heuristic", "human"
// (the terminal, on std::cin and std::cout). "random:P", "eager:P" and "heuristic:P" set the
// probability P of forgetting to call "last card".
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/agents/agent.hpp"

namespace switchcards {

// Throws std::invalid_argument naming the known agents for an unknown name or a bad P.
std::unique_ptr<Agent> make_agent(std::string_view name, std::uint64_t seed = 0);

// The names make_agent knows, for help texts: random, eager, greedy, heuristic, human.
std::vector<std::string> agent_names();

}  // namespace switchcards
