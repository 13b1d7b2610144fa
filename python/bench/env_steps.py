"""Environment steps per second from Python: switchcards.env with random legal actions, the
observation and the action mask of every step included (docs/python.md, "Speed").

    PYTHONPATH=build/python /usr/bin/python3 python/bench/env_steps.py [--variant british]
        [--players 2] [--steps 300000] [--runs 7] [--rlcard DIR]

Four loops over the same environment, each the PettingZoo AEC loop (``agent_iter``, ``last``,
``step``), median of the runs:

* ``sample_action``: the random legal id drawn in C++ (one more call per step);
* ``python choice``: ``random.choice(env.legal_ids())``, the id drawn in Python;
* ``numpy choice``: the id drawn with numpy from the mask (``np.flatnonzero`` and a
  generator), as a policy reading the mask array would;
* ``core only``: the C++ core's step and sample without the AEC layer (the floor).

``--rlcard DIR``: also time RLCard's Uno (2 players, its RandomAgent, ``env.run``) from a copy of
its source in DIR, in the same run, counting one step per action taken. RLCard is not part of
this repository: bring it with the search tool's fetch (see docs/python.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import numpy as np

from switchcards.env import SwitchcardsEnv


def aec_loop(env: SwitchcardsEnv, steps: int, choice: str) -> float:
    """Steps per second of the AEC loop until `steps` actions were taken, each chosen by
    `choice`: "sample_action", "python" or "numpy"."""
    rng = np.random.default_rng(1)
    pick = random.Random(1).choice
    taken = 0
    episode = 0
    start = time.perf_counter()
    while taken < steps:
        env.reset(seed=episode)
        episode += 1
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            if choice == "sample_action":
                env.step(env.sample_action())
            elif choice == "python":
                env.step(pick(env.legal_ids()))
            else:
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
            taken += 1
    return taken / (time.perf_counter() - start)


def core_loop(env: SwitchcardsEnv, steps: int) -> float:
    core = env._core
    step, sample = core.step, core.sample
    taken = 0
    episode = 0
    start = time.perf_counter()
    while taken < steps:
        seat = core.reset(episode)
        episode += 1
        while seat >= 0:
            seat = step(sample())
            taken += 1
    return taken / (time.perf_counter() - start)


def rlcard_loop(directory: str, steps: int) -> float:
    sys.path.insert(0, directory)
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    taken = 0
    start = time.perf_counter()
    while taken < steps:
        trajectories, _ = env.run(is_training=False)
        # A player's trajectory alternates state, action, ..., state.
        taken += sum((len(t) - 1) // 2 for t in trajectories)
    return taken / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="british")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=300_000, help="steps per run")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--rlcard", metavar="DIR", help="a copy of RLCard's source")
    parser.add_argument("--rlcard-steps", type=int, default=20_000)
    args = parser.parse_args()

    env = SwitchcardsEnv(args.variant, players=args.players)
    loops = {
        "sample_action": lambda: aec_loop(env, args.steps, "sample_action"),
        "python choice": lambda: aec_loop(env, args.steps, "python"),
        "numpy choice": lambda: aec_loop(env, args.steps, "numpy"),
        "core only": lambda: core_loop(env, args.steps),
    }
    if args.rlcard:
        loops["rlcard uno"] = lambda: rlcard_loop(args.rlcard, args.rlcard_steps)
    print(f"{args.variant}, {args.players} players, observation {env.observation_size} floats, "
          f"{env.action_size} action ids; median of {args.runs} runs")
    results = {name: [] for name in loops}
    for _ in range(args.runs):  # interleaved, so a busy moment hits every loop alike
        for name, loop in loops.items():
            results[name].append(loop())
    for name, rates in results.items():
        print(f"{name:>14}: {statistics.median(rates):>10,.0f} steps/s  "
              f"(min {min(rates):,.0f}, max {max(rates):,.0f})")


if __name__ == "__main__":
    main()
