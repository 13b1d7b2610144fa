"""The environment's mask is the authority on what a step may do: every id it does not allow is
refused (IllegalAction, or ValueError for an int that is no id and for "decline" when nothing is
asked) and changes nothing, even where the engine would accept the action it stands for (a
jump-in from a seat asked whether it challenges, a swap naming a seat out of the match). Calls
before reset() and seeds out of range are refused with what to do."""

import numpy as np
import pytest

import switchcards as sc
from switchcards.env import SwitchcardsEnv


def refuse_every_forbidden_id(env, seed, steps_checked):
    """Plays an episode from `seed` with sample_action; at `steps_checked(env)` steps, steps
    every id the mask forbids first, each of which must be refused and leave everything as it
    was. Returns the trajectory (to compare with one played without the attempts) and the
    refusal names seen."""
    env.reset(seed=seed)
    trajectory, refusals = [], {}
    for agent in env.agent_iter(100_000):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            trajectory.append((agent, None))
            continue
        if steps_checked(env):
            before = env.game_state
            mask = obs["action_mask"].copy()
            observation = obs["observation"].copy()
            question = env.question
            for i in np.flatnonzero(mask == 0):
                with pytest.raises(ValueError) as caught:
                    env.step(int(i))
                if isinstance(caught.value, sc.IllegalAction):
                    refusals[caught.value.refusal] = refusals.get(caught.value.refusal, 0) + 1
                else:
                    assert i == env.decline_id and question == "turn", (i, caught.value)
                assert env.agent_selection == agent and env.question == question
            assert env.game_state == before
            assert (obs["action_mask"] == mask).all() and (obs["observation"] == observation).all()
        action = env.sample_action()
        env.step(action)
        trajectory.append((agent, action))
    return trajectory, refusals


def plain_trajectory(env, seed):
    return refuse_every_forbidden_id(env, seed, lambda env: False)[0]


def test_a_swap_naming_a_seat_out_of_the_match_is_refused_not_turned_into_another_action():
    """crazy-eights-swaps, 7 seats, match episodes: after an elimination 'play 7S swap +k' may
    name a seat that is out. Its id is not in the mask, has no action of the round (env.action
    refuses it as no_such_seat, where it once gave a swap with round seat 0 calling "last card")
    and step refuses it."""
    env = SwitchcardsEnv("crazy-eights-swaps", players=7, rewards="match")
    env.reset(seed=2)
    for agent in env.agent_iter(100_000):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        me = env.possible_agents.index(agent)
        out_targets = [
            i for i, name in enumerate(env.action_names)
            if " swap +" in name and env.out_of_match[(me + int(name.split("+")[1].split()[0])) % 7]
        ]
        if env.question == "turn" and out_targets:
            before = env.game_state
            for i in out_targets:
                assert obs["action_mask"][i] == 0
                with pytest.raises(sc.IllegalAction) as caught:
                    env.action(i)
                assert caught.value.refusal == "no_such_seat" and "out of the match" in caught.value.reason
                with pytest.raises(sc.IllegalAction) as caught:
                    env.step(i)
                assert caught.value.refusal == "no_such_seat"
            assert env.game_state == before and env.agent_selection == agent
            return
        env.step(env.sample_action())
    pytest.fail("no swap naming a seat out of the match")


def test_a_seat_asked_out_of_turn_may_answer_only_what_it_is_asked():
    """british with jump-ins: a seat asked whether it challenges holds a jump-in the engine
    would take (and a seat asked whether it jumps in may hold a challenge): step refuses both
    as not_asked, naming the question, and nothing changes."""
    env = SwitchcardsEnv("british", players=4, rules="{identical: {jump_in: same_rank}}")
    refused = set()
    for seed in range(300):
        env.reset(seed=seed)
        for agent in env.agent_iter(5000):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            if env.question in ("challenge", "late_call", "jump_in"):
                state, mask, question = env.game_state, obs["action_mask"].copy(), env.question
                for i in np.flatnonzero(mask == 0):
                    action = env.action(int(i))
                    if env.engine.check(state, action) is not None:
                        continue  # the engine refuses it too: its reason is given
                    with pytest.raises(sc.IllegalAction) as caught:
                        env.step(int(i))
                    assert caught.value.refusal == "not_asked"
                    assert f"{agent} is asked only whether it" in caught.value.reason
                    assert env.game_state == state and env.question == question
                    assert (obs["action_mask"] == mask).all()
                    refused.add((question, action.kind))
            env.step(env.sample_action())
        if refused >= {("challenge", "play"), ("jump_in", "challenge")}:
            break
    assert ("challenge", "play") in refused  # a jump-in offered to a challenger
    assert ("jump_in", "challenge") in refused  # a challenge offered to a jumper


@pytest.mark.parametrize(
    "variant,players,rewards,rules,seeds",
    [
        ("british", 4, "match", None, [0]),
        ("crazy-eights-swaps", 7, "match", None, [2]),
        ("balkan-jump-in", 3, "round", None, [0, 1]),
        ("british", 4, "round", "{identical: {jump_in: same_rank}}", range(12)),
        ("mau-mau", 2, "round", None, [0, 1]),
    ],
    ids=["british-match", "swaps-match-7", "balkan-jump-in", "british-jump-in", "mau-mau-2"],
)
def test_every_id_the_mask_forbids_is_refused_and_changes_nothing(variant, players, rewards, rules, seeds):
    """At every question out of turn, every step after an elimination and one turn in seven."""
    env = SwitchcardsEnv(variant, players=players, rewards=rewards, rules=rules)
    asked = lambda env: env.question != "turn" or any(env.out_of_match) or env.game_state.decisions % 7 == 0
    for seed in seeds:
        trajectory, refusals = refuse_every_forbidden_id(env, seed, asked)
        assert trajectory == plain_trajectory(env, seed)  # the attempts changed nothing
        assert refusals


def test_an_int_that_is_no_id_is_a_value_error():
    env = SwitchcardsEnv("british")
    env.reset(seed=1)
    before = env.game_state
    for bad in (env.action_size, 10_000, -1, -2, 2**70):
        with pytest.raises(ValueError, match=f"action id {bad}: the ids are 0 to {env.action_size - 1}") as caught:
            env.step(bad)
        assert not isinstance(caught.value, (IndexError, sc.IllegalAction))
        with pytest.raises(ValueError, match="the ids are 0 to"):
            env.action(bad)
    for bad in (3.0, "1", True, False, np.bool_(True)):
        with pytest.raises(TypeError, match=rf"action id {bad!r}: an int, the ids are 0 to {env.action_size - 1}"):
            env.step(bad)
        with pytest.raises(TypeError, match="action id"):
            env.action(bad)
    assert env.game_state == before


def test_calls_before_reset_say_to_reset_first():
    env = SwitchcardsEnv("british", players=3, render_mode="ansi")
    # game_state, render, match_totals... once gave an undealt State (whose top card was read
    # past the end of its empty discard pile), its text and the totals of no match ([0, 0]).
    for call in (lambda: env.step(0), env.last, lambda: env.observe("player_0"), env.sample_action,
                 lambda: env.action(0), lambda: env.game_state, env.render, lambda: env.match_totals,
                 lambda: env.out_of_match, lambda: env.round_seats, env.legal_ids):
        with pytest.raises(RuntimeError, match=r"reset\(\) first"):
            call()
    with pytest.raises(KeyError, match="not an agent"):
        env.reset(seed=1) or env.observe("player_9")
    # After every agent has left, step and last say the same; observe still writes.
    while env.agents:
        _, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else env.sample_action())
    with pytest.raises(RuntimeError, match=r"reset\(\) first"):
        env.step(None)
    with pytest.raises(RuntimeError, match=r"reset\(\) first"):
        env.last()
    with pytest.raises(RuntimeError, match=r"action\(\): no episode in play: call reset\(\) first"):
        env.action(0)  # once an action of the seat that last decided
    assert not env.observe("player_1")["action_mask"].any()
    # The episode's last position stays readable.
    assert env.game_state.over and env.render() and env.match_totals == [0, 0, 0]


def test_a_seed_is_0_to_2_64_minus_1():
    env = SwitchcardsEnv("british")
    for bad in (2**64, -1, 2**70):
        with pytest.raises(ValueError, match=r"seed .*: 0 to 2\*\*64-1"):
            env.reset(seed=bad)
    with pytest.raises(TypeError, match="seed"):
        env.reset(seed="7")
    env.reset(seed=2**64 - 1)
    env.reset(seed=np.uint64(2**64 - 1))
    assert env.agents == env.possible_agents


def test_sampling_an_all_zero_mask_says_no_action_is_allowed():
    # It raised numpy's "high <= 0".
    env = SwitchcardsEnv("british", players=3)
    env.reset(seed=4)
    space = env.action_space(env.agent_selection)
    other = next(a for a in env.agents if a != env.agent_selection)
    for mask in (np.zeros(env.action_size, dtype=np.int8), env.observe(other)["action_mask"]):
        with pytest.raises(ValueError, match=r"the mask allows no action \(all zeros\)"):
            space.sample(mask)
    mask = env.observe(env.agent_selection)["action_mask"]
    assert mask[space.sample(mask)] == 1
    # A mask of another length or shape gave ids past the space's n.
    for wrong in (np.ones(5000, np.int8), np.ones((2, space.n), np.int8), "abc"):
        with pytest.raises(ValueError, match=rf"a numpy array of shape \({space.n},\)"):
            space.sample(wrong)
