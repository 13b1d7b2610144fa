"""switchcards.env asks seats out of turn as play_round asks agents: after a seat leaves itself one
card without calling "last card", first that seat (a late call, where the variant allows it),
then the other seats but the one to act, in order of play, whether they challenge; each question
is an AEC turn whose mask allows exactly what the engine would accept, and "decline"."""

import numpy as np
import pytest

import switchcards as sc
from env_driving import Recording, live_turns, replay
from switchcards.env import SwitchcardsEnv


def seat_of(env, agent):
    return env.possible_agents.index(agent)


def test_a_seat_not_to_act_challenges_and_the_penalty_is_applied():
    env = SwitchcardsEnv("british", players=3)
    penalty = 2  # british.yaml: last_card: {enforce: when_caught, penalty: 2, ...}
    for seed in range(100):
        env.reset(seed=seed)
        for agent, obs in live_turns(env):
            state = env.game_state
            seat = seat_of(env, agent)
            if env.question == "challenge" and len(state.stock) >= penalty:
                target, to_act = state.catchable, state.turn
                assert seat not in (target, to_act)
                allowed = list(np.flatnonzero(obs["action_mask"]))
                challenge = next(i for i in allowed if i != env.decline_id)
                assert allowed == [challenge, env.decline_id]
                assert env.action_names[challenge] == f"challenge +{(target - seat) % 3}"
                assert env.action(challenge) == sc.Action.challenge(seat, target)
                # The observation is the challenger's: a seat other than it is to act, and the
                # target is the one that may be caught (entries in order of play from it).
                slices = {s["name"]: s for s in env.layout}
                to_act_slice = obs["observation"][slices["to_act"]["offset"]:][:3]
                catchable_slice = obs["observation"][slices["catchable"]["offset"]:][:3]
                assert to_act_slice[0] == 0 and to_act_slice.sum() == 1 and catchable_slice.sum() == 1
                env.step(challenge)
                after = env.game_state
                assert len(after.hand(target)) == 1 + penalty
                assert after.catchable == -1 and after.turn == to_act
                assert env.agent_selection == f"player_{to_act}" and env.question == "turn"
                return
            env.step(env.sample_action())
    pytest.fail("no challenge out of turn in 100 rounds")


@pytest.mark.parametrize("variant,players", [("british", 4), ("british", 2), ("mobile-app", 3)])
def test_the_questions_come_when_and_in_the_order_play_round_asks_them(variant, players):
    """play_round with agents that write down what they are asked, then the environment driven
    by those answers: the same seat asked the same question at every step, the same end."""
    engine = sc.Engine(variant)
    env = SwitchcardsEnv(variant, players=players)
    asked_out_of_turn = 0
    for seed in range(30):
        log = []
        state = engine.deal(players, seed)
        sc.play_round(engine, state, [Recording(s, log, 1000 * seed + s) for s in range(players)])
        env.reset(seed=seed)
        asked_out_of_turn += replay(env, log)
        assert env.game_state == state
        assert all(env.terminations.values()) or all(env.truncations.values())
    assert asked_out_of_turn > 20


def test_a_match_asks_as_match_does_through_its_eliminations():
    """The same with a whole British match (Match, elimination at 100) and rewards='match': the
    seats keep their numbers as others are put out."""
    variant = sc.load_variant("british")
    env = SwitchcardsEnv(variant, players=4, rewards="match")
    eliminations = 0
    for seed in range(3):
        log = []
        match = sc.Match(variant, [Recording(s, log, 100 * seed + s) for s in range(4)], seed=seed)
        result = match.play()
        env.reset(seed=seed)
        assert replay(env, log) > 0
        eliminations += sum(env.out_of_match) - 1
        assert env.match_totals == list(result["totals"])
        assert all(env.terminations.values()) and env.rewards[f"player_{match.winner}"] == 1.0
    assert eliminations > 0


def test_the_mask_allows_a_challenge_or_late_call_exactly_when_the_engine_accepts_it():
    env = SwitchcardsEnv("british", players=4)
    out_of_turn_ids = [i for i, name in enumerate(env.action_names) if name.startswith("challenge") or name == "call"]
    assert len(out_of_turn_ids) == 4  # call, challenge +1..+3
    questions = 0
    for seed in range(40):
        env.reset(seed=seed)
        for agent, obs in live_turns(env):
            mask, state = obs["action_mask"], env.game_state
            for i in out_of_turn_ids:
                assert bool(mask[i]) == (env.engine.check(state, env.action(i)) is None), (seed, i)
            for i in np.flatnonzero(mask):
                action = env.action(int(i))
                if action is None:
                    assert env.question in ("late_call", "challenge")
                else:
                    assert env.engine.check(state, action) is None
            if env.question != "turn":
                questions += 1
                assert seat_of(env, agent) != state.turn
            env.step(env.sample_action())
    assert questions > 50


def test_declining_when_nothing_is_asked_is_refused_and_out_of_turn_can_be_turned_off():
    env = SwitchcardsEnv("british")
    env.reset(seed=1)
    assert env.question == "turn" and env.action_names[env.decline_id] == "decline"
    before = env.game_state
    with pytest.raises(ValueError, match="nothing is asked"):
        env.step(env.decline_id)
    assert env.game_state == before
    quiet = SwitchcardsEnv("british", out_of_turn=False)
    assert quiet.decline_id is None and quiet.action_size == env.action_size - 1
    quiet.reset(seed=1)
    for agent in quiet.agent_iter(10_000):
        _, _, term, trunc, _ = quiet.last()
        assert quiet.question in ("turn", "")
        quiet.step(None if term or trunc else quiet.sample_action())
    # Variants where nobody can be caught ask nobody and have no "decline" id.
    assert SwitchcardsEnv("balkan").decline_id is None
