"""switchcards.env: PettingZoo's AEC conventions, for every shipped variant: thousands of random
episodes in which no mask ever allows an action the engine refuses and every episode ends."""

import numpy as np
import pytest

import switchcards as sc
from env_driving import live_turns
from switchcards.env import SwitchcardsEnv

EPISODES_PER_VARIANT = 150


def run_episode(env, seed, check_engine):
    """One random episode with the AEC loop; returns the steps taken. Checks the conventions on
    the way, and with check_engine that the engine accepts every id the mask allows."""
    env.reset(seed=seed)
    assert env.agents == env.possible_agents
    steps = 0
    done_seen = set()
    for agent in env.agent_iter(100_000):
        obs, reward, termination, truncation, info = env.last()
        assert agent == env.agent_selection
        assert obs["observation"].shape == (env.observation_size,)
        assert obs["observation"].dtype == np.float32
        assert obs["action_mask"].shape == (env.action_size,)
        assert obs["action_mask"].dtype == np.int8
        if termination or truncation:
            done_seen.add(agent)
            assert not obs["action_mask"].any()
            env.step(None)
            continue
        assert reward == 0.0
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        assert len(legal) > 0 and env.legal_ids() == list(legal)
        if check_engine:
            state = env.game_state
            seat = env.possible_agents.index(agent)
            assert (state.turn == seat) == (env.question == "turn")
            for i in legal:
                action = env.action(int(i))
                if action is None:  # "decline": only when asked out of turn
                    assert env.question in ("late_call", "challenge")
                else:
                    assert action.seat == seat and env.engine.check(state, action) is None
        env.step(env.action_space(agent).sample(mask))
        steps += 1
        assert steps < 10_000
    assert env.agents == [] and done_seen == set(env.possible_agents)
    return steps


@pytest.mark.parametrize("variant", sc.builtin_variant_names())
def test_random_episodes_of_every_variant(variant):
    env = SwitchcardsEnv(variant)
    assert env.players == env.variant.default_players
    totals = []
    for episode in range(EPISODES_PER_VARIANT):
        env.reset(seed=episode)
        final = None  # the cumulative rewards and flags when the episode ended
        steps = 0
        for agent in env.agent_iter(100_000):
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                if final is None:
                    final = (dict(env._cumulative_rewards), termination, truncation)
                env.step(None)
                continue
            # Every step applies one id the mask allows (a refusal would raise); in one episode
            # of three, every id it allows is checked with the engine.
            if episode % 3 == 0:
                state = env.game_state
                for i in np.flatnonzero(obs["action_mask"]):
                    action = env.action(int(i))
                    assert (action is None) == (i == env.decline_id)
                    assert action is None or env.engine.check(state, action) is None
            env.step(env.sample_action())
            steps += 1
        assert env.agents == []
        totals.append(steps)
        assert final is not None and steps < 10_000
        rewards, termination, truncation = final
        values = list(rewards.values())
        assert termination != truncation
        if termination:
            assert sorted(values)[-1] == 1.0 and abs(sum(values)) < 1e-5
        else:
            assert values == [0.0] * env.players
    assert min(totals) > 0


def test_the_conventions_checked_step_by_step():
    for seed in range(20):
        run_episode(SwitchcardsEnv("british", players=3), seed, check_engine=True)


def test_the_same_seed_gives_the_same_episode():
    def trajectory(seed):
        env = SwitchcardsEnv("crazy-eights")
        env.reset(seed=seed)
        ids = []
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            action = None if term or trunc else env.sample_action()
            ids.append((agent, action, obs["observation"].tobytes()))
            env.step(action)
        return ids

    assert trajectory(5) == trajectory(5)
    assert trajectory(5) != trajectory(6)


def test_a_refused_id_raises_and_changes_nothing():
    env = SwitchcardsEnv("british")
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"].copy()
    refused = int(np.flatnonzero(mask == 0)[0])
    before, agent = env.game_state, env.agent_selection
    with pytest.raises(sc.IllegalAction) as caught:
        env.step(refused)
    assert caught.value.reason
    assert env.game_state == before and env.agent_selection == agent
    assert (env.observe(agent)["action_mask"] == mask).all()
    with pytest.raises(ValueError):
        env.step(None)


def test_another_agents_observation_has_an_empty_mask():
    env = SwitchcardsEnv("mau-mau", players=3)
    env.reset(seed=1)
    other = next(a for a in env.agents if a != env.agent_selection)
    seen = env.observe(other)
    assert not seen["action_mask"].any()
    hand = next(s for s in env.layout if s["name"] == "hand")
    seat = env.possible_agents.index(other)
    held = seen["observation"][hand["offset"]: hand["offset"] + hand["size"]]
    assert held.sum() == len(env.game_state.hand(seat))


def test_match_episodes_carry_the_totals():
    env = SwitchcardsEnv("balkan", players=3, rewards="match")
    totals = env.layout[-1]
    assert totals["name"] == "match_totals"
    env.reset(seed=2)
    rounds_seen = 0
    last_totals = None
    for agent, obs in live_turns(env, 1_000_000):
        current = obs["observation"][totals["offset"]: totals["offset"] + totals["size"]].copy()
        seat = env.possible_agents.index(agent)  # per-seat entries: in order of play from it
        way = 1 if env.engine.view(env.game_state, seat).direction == "clockwise" else -1
        assert list(current) == [env.match_totals[(seat + way * k) % env.players] for k in range(env.players)]
        if last_totals is not None and not np.array_equal(current, last_totals):
            rounds_seen += 1
        last_totals = current
        env.step(env.sample_action())
    assert rounds_seen >= 1  # the totals changed between rounds: several rounds in one episode
    # A match that eliminates nobody keeps the round's layout (test_env_match.py: those that do).
    fixed = SwitchcardsEnv("british", rewards="match", rules="{match: {end: fixed_rounds, rounds: 2}}")
    assert fixed.layout == SwitchcardsEnv("british").layout



@pytest.mark.parametrize("variant", ["british", "mau-mau", "crazy-eights", "balkan"])
def test_the_observation_is_the_seats_view_and_memory(variant):
    """Step by step, the environment's observation equals what ObservationLayout writes for the
    same State from a CardKnowledge fed the seat's events by Engine.apply: the environment
    shows a seat nothing more, and nothing less, than its view and its memory."""
    env = SwitchcardsEnv(variant)
    engine, players = env.engine, env.players
    layout = sc.ObservationLayout(engine, players)
    expected = np.zeros(layout.size, dtype=np.float32)
    for seed in range(3):
        env.reset(seed=seed)
        state, events = engine.deal_with_events(players, seed)
        assert state == env.game_state
        memories = [sc.CardKnowledge(engine) for _ in range(players)]
        for seat, memory in enumerate(memories):
            memory.observe(state, seat, events)
        while not state.over:
            seat = env.possible_agents.index(env.agent_selection)  # the seat to act, or one asked
            layout.write(state, seat, memories[seat], [], expected)
            assert (env.observe(env.agent_selection)["observation"] == expected).all()
            action_id = env.sample_action()
            action = env.action(action_id)
            events = [] if action is None else engine.apply(state, action)
            env.step(action_id)
            for seat, memory in enumerate(memories):
                memory.observe(state, seat, events)
            assert state == env.game_state


@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_round_rewards_are_the_documented_fractions_in_double(players):
    """Rewards were float32 values: a loser of four got -0.3333333432674408, and an episode's
    rewards summed to -2.98e-08. Now they are -1/(players-1) as Python computes it."""
    env = SwitchcardsEnv("british", players=players)
    for seed in range(20):
        env.reset(seed=seed)
        rewards = {}
        while env.agents:
            agent = env.agent_selection
            _, reward, termination, truncation, _ = env.last(observe=False)
            if termination or truncation:
                rewards[agent] = reward
                env.step(None)
            else:
                env.step(env.sample_action())
        if truncation:
            continue
        assert sorted(rewards.values()) == [-1 / (players - 1)] * (players - 1) + [1.0]
        total = sum(rewards.values())
        assert total == 0.0 if players in (3, 5) else abs(total) < 1e-15
        return
    pytest.fail("no episode ended with a winner")


def test_the_core_refuses_to_step_without_an_episode():
    env = SwitchcardsEnv("british")
    with pytest.raises(RuntimeError, match="reset"):
        env._core.step(0)
    env.reset(seed=1)
    while env._core.turn >= 0:
        env._core.step(env._core.sample())
    with pytest.raises(RuntimeError, match="reset"):
        env._core.step(0)
    env.reset(seed=1)
    with pytest.raises(ValueError, match="action id 10000: the ids are 0 to"):
        env.step(10_000)


@pytest.mark.parametrize("rewards", ["round", "match"])
def test_partners_share_the_reward(rewards):
    """british-partnerships (teams 0+2 and 1+3): both seats of the winning team get +1, both of
    the other -1, in round and in match episodes."""
    env = SwitchcardsEnv("british-partnerships", rewards=rewards)
    seen = set()
    for seed in range(12):
        env.reset(seed=seed)
        final = {}
        for agent in env.agent_iter(100_000):
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                final[agent] = (reward, trunc)
                env.step(None)
                continue
            env.step(env.sample_action())
        if any(trunc for _, trunc in final.values()):
            continue  # a stalemate: no result
        r = [final[a][0] for a in env.possible_agents]
        assert r[0] == r[2] and r[1] == r[3]
        assert sorted(r) == [-1.0, -1.0, 1.0, 1.0]
        seen.add(r[0])
    assert seen == {1.0, -1.0}  # each team won at least once


def test_each_observe_is_a_new_dict_so_changing_one_changes_no_other():
    env = SwitchcardsEnv("british", players=3)
    env.reset(seed=5)
    first = env.observe(env.agent_selection)
    mask = first["action_mask"].copy()
    observation = first["observation"].copy()
    # What a user may do with the dict it is given: rebind a key, pop another.
    first["observation"] = first["observation"] * 2
    first.pop("action_mask")
    again, *_ = env.last()
    assert again is not first and set(again) == {"observation", "action_mask"}
    assert np.array_equal(again["observation"], observation)
    assert np.array_equal(again["action_mask"], mask)
    env.step(env.sample_action())
    later = env.observe(env.agent_selection)
    assert set(later) == {"observation", "action_mask"} and later["observation"].dtype == np.float32
    # Another agent's observation too: a new dict around its buffers each call.
    other = next(a for a in env.agents if a != env.agent_selection)
    theirs = env.observe(other)
    theirs.pop("action_mask")
    assert set(env.observe(other)) == {"observation", "action_mask"}


def test_writing_into_the_mask_handed_out_changes_nothing_the_environment_enforces():
    env = SwitchcardsEnv("british", players=4)
    env.reset(seed=3)
    while env.question != "turn":
        env.step(env.sample_action())
    legal = env.legal_ids()
    mask = env.observe(env.agent_selection)["action_mask"]
    # "decline" is not asked of the seat to act: allowing it in the copy does not make it legal.
    mask[env.decline_id] = 1
    with pytest.raises(ValueError, match="decline"):
        env.step(env.decline_id)
    assert env.legal_ids() == legal
    # Nor does zeroing the copy take away the seat's actions.
    mask[:] = 0
    assert env.legal_ids() == legal
    before = env.game_state
    action = env.sample_action()
    assert action in legal
    env.step(action)
    assert env.game_state != before
    # The next step writes the copy again, from the environment's own mask.
    assert env.legal_ids() == list(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))


def test_writing_into_the_arrays_handed_out_changes_no_later_observation():
    """An agent that normalises its observation in place, or edits its mask, finds the arrays
    as the environment wrote them at the next observe or last (before: its own edits)."""
    env = SwitchcardsEnv("british", players=4)
    env.reset(seed=3)
    first = env.observe(env.agent_selection)
    observation, mask = first["observation"].copy(), first["action_mask"].copy()
    first["observation"] /= 100
    first["action_mask"][:] = 0
    again, _, _, _, _ = env.last()
    assert np.array_equal(again["observation"], observation)
    assert np.array_equal(again["action_mask"], mask)
    assert list(np.flatnonzero(again["action_mask"])) == env.legal_ids()
