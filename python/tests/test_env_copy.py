"""Copies of the environment: copy.deepcopy makes an independent environment in the same
position (stepping one leaves the other as it was, and both then play the same episode for the
same ids); copy.copy, which would share one C++ core between two environments, and pickle are a
TypeError saying what to do instead."""

import copy
import gc
import pickle

import numpy as np
import pytest

from switchcards.env import SwitchcardsEnv


def rest_of_episode(env):
    """Every turn to the end, each agent stepping with the env's own random legal id."""
    turns = []
    for agent in env.agent_iter(100_000):
        observation, reward, termination, truncation, _ = env.last()
        turns.append((agent, observation["observation"].tobytes(), observation["action_mask"].tobytes(),
                      reward, env.question))
        env.step(None if termination or truncation else env.sample_action())
    return turns, env.rewards, env.match_totals


def test_a_deep_copy_is_independent_and_in_the_same_position():
    env = SwitchcardsEnv("crazy-eights", players=3)
    env.reset(seed=11)
    for _ in range(9):
        env.step(env.sample_action())
    twin = copy.deepcopy(env)
    assert twin._core is not env._core and twin.engine is env.engine
    assert twin.game_state == env.game_state and twin.agent_selection == env.agent_selection
    assert np.array_equal(twin.observe(twin.agent_selection)["observation"],
                          env.observe(env.agent_selection)["observation"])
    before = twin.game_state
    env.step(env.sample_action())  # the original moves on; the copy does not
    assert twin.game_state == before and env.game_state != before
    # From the copy's position, the rest of the episode is the original's (played from a
    # second copy taken at the same moment).
    again = copy.deepcopy(twin)
    assert rest_of_episode(twin) == rest_of_episode(again)


def test_a_deep_copy_of_a_match_after_an_elimination_plays_on_as_the_original():
    env = SwitchcardsEnv("british", players=4, rewards="match")
    env.reset(seed=3)
    while not any(env.out_of_match):  # a round seat is then no longer its match seat
        _, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else env.sample_action())
    twin = copy.deepcopy(env)
    assert twin.round_seats == env.round_seats and len(twin.round_seats) < 4
    expected = rest_of_episode(env)
    del env
    gc.collect()  # the copy holds nothing of the original
    assert rest_of_episode(twin) == expected


def test_copy_and_pickle_are_a_type_error_saying_what_to_do():
    env = SwitchcardsEnv("british")
    env.reset(seed=1)
    with pytest.raises(TypeError, match=r"copy.copy\(env\) would share one C\+\+ core .* copy.deepcopy\(env\)"):
        copy.copy(env)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        with pytest.raises(TypeError, match=r"cannot pickle a SwitchcardsEnv: copy.deepcopy\(env\)"):
            pickle.dumps(env, protocol=protocol)
