// make_agent: an agent by name, as the command line and configuration files write it:
// "random", "eager" (random among its plays when it has one), "greedy", "heuristic", "ismcts"
// (tree search, agents/ismcts_agent.hpp), "human" (the terminal, on std::cin and std::cout).
// "random:P", "eager:P" and "heuristic:P" set the probability P of forgetting to call "last
// card"; "ismcts:N" searches N iterations per decision (default 1000), "ismcts:250ms" (or
// "ismcts:2s") for a time per decision, and "ismcts:N:heuristic" plays its simulations with
// the heuristic instead of the eager policy.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "switchcards/agents/agent.hpp"

namespace switchcards {

// Throws std::invalid_argument naming the known agents for an unknown name, a bad P or budget.
std::unique_ptr<Agent> make_agent(std::string_view name, std::uint64_t seed = 0);

// Whether the agent `name` stands for searches for a time rather than a number of iterations
// ("ismcts:250ms", "ismcts:2s:heuristic"): its choices depend on the machine's speed, so a
// game it played does not come out the same when played again (`play --resume` needs that).
bool chooses_by_the_clock(std::string_view name);

// The names make_agent knows, for help texts: random, eager, greedy, heuristic, ismcts,
// human.
std::vector<std::string> agent_names();

}  // namespace switchcards
