"""switchcards.env with rewards="match" for matches that eliminate seats (British: out at 100):
the agents stay the match's seats for the whole episode, the observation and the mask keep one
size, seats out of the match are flagged (and hold no cards) at positions that stay where they
were relative to the observer, an eliminated agent is terminated with its reward and leaves with
step(None) before anyone acts, and every episode terminates or truncates."""

import time

import numpy as np
import pytest

import switchcards as sc
from env_driving import live_turns
from switchcards.env import SwitchcardsEnv


def slices(env):
    return {s["name"]: (s["offset"], s["size"]) for s in env.layout}


def part(observation, where):
    offset, size = where
    return observation[offset: offset + size]


def play_match(env, seed, check):
    """One random match episode through the AEC loop; returns (steps, eliminated mid-episode,
    the episode's reward of every agent, terminated). With check: every id the mask allows is
    accepted by the engine, and the per-seat entries are checked against the match."""
    env.reset(seed=seed)
    n = env.players
    where = slices(env)
    returns, eliminated, steps, ended = {}, [], 0, None
    shapes = ((env.observation_size,), (env.action_size,))
    seat_of = {agent: seat for seat, agent in enumerate(env.possible_agents)}
    out_of_turn_ids = [i for i, name in enumerate(env.action_names) if name.startswith("challenge") or name == "call"]
    for agent in env.agent_iter(1_000_000):
        obs, reward, term, trunc, _ = env.last()
        seat = seat_of[agent]
        assert (obs["observation"].shape, obs["action_mask"].shape) == shapes
        if term or trunc:
            returns[agent] = reward
            if env._core.turn >= 0:  # the match goes on: this agent was eliminated
                assert term and env.out_of_match[seat]
                eliminated.append(agent)
                o = obs["observation"]
                assert part(o, where["out_of_match"])[0] == 1
                assert not part(o, where["hand"]).any() and not part(o, where["hand_sizes"]).any()
                assert not obs["action_mask"].any()
            else:
                ended = "terminated" if term else "truncated"
            env.step(None)
            assert agent not in env.agents
            continue
        assert reward == 0.0
        mask = obs["action_mask"]
        if check:
            assert not env.out_of_match[seat]
            state, round_seats = env.game_state, env.round_seats
            for i in np.flatnonzero(mask):
                action = env.action(int(i))
                assert action is None or env.engine.check(state, action) is None
            # A challenge or a late call: allowed exactly when the engine accepts it. A
            # challenge of a match seat that is out stands for no action of the round.
            for i in out_of_turn_ids:
                try:
                    action = env.action(i)
                except sc.IllegalAction as e:
                    assert e.refusal == "no_such_seat" and not mask[i]
                    continue
                assert bool(mask[i]) == (env.engine.check(state, action) is None)
            o = obs["observation"]
            mine = round_seats.index(seat)
            way = 1 if env.engine.view(state, mine).direction == "clockwise" else -1
            around = [(seat + way * k) % n for k in range(n)]  # match seats in order of play
            if "out_of_match" in where:  # matches that eliminate nobody keep the round layout
                assert list(part(o, where["out_of_match"])) == [float(env.out_of_match[m]) for m in around]
            assert list(part(o, where["hand_sizes"])) == [
                float(len(state.hand(round_seats.index(m)))) if m in round_seats else 0.0 for m in around
            ]
            assert list(part(o, where["match_totals"])) == [float(env.match_totals[m]) for m in around]
            assert part(o, where["hand"]).sum() == len(state.hand(mine))
        env.step(env.sample_action())
        steps += 1
    assert env.agents == [] and ended is not None
    assert set(returns) == set(env.possible_agents)
    return steps, eliminated, returns, ended


@pytest.mark.parametrize("players", [3, 4, 5])
def test_thousands_of_random_british_matches(players):
    env = SwitchcardsEnv("british", players=players, rewards="match")
    assert env.layout[-1]["name"] == "out_of_match" and env.layout[-1]["size"] == players
    round_layout = SwitchcardsEnv("british", players=players).layout
    assert env.layout[:-1] == round_layout  # the round's layout, unchanged, before the new slice
    started = time.process_time()
    episodes = {3: 800, 4: 700, 5: 500}[players]
    with_eliminations = 0
    for seed in range(episodes):
        steps, eliminated, returns, ended = play_match(env, seed, check=seed % 25 == 0)
        assert steps > 0
        with_eliminations += bool(eliminated)
        if ended == "terminated":
            assert sorted(returns.values())[-1] == 1.0 and abs(sum(returns.values())) < 1e-5
        for agent in eliminated:
            assert returns[agent] == pytest.approx(-1 / (players - 1))
    assert with_eliminations > episodes // 4
    assert time.process_time() - started < 20


@pytest.mark.parametrize("variant", sc.builtin_variant_names())
def test_match_episodes_of_every_variant(variant):
    env = SwitchcardsEnv(variant, rewards="match")
    for seed in range(6):
        play_match(env, seed, check=seed % 2 == 0)


def test_the_observation_is_the_layouts_for_the_matchs_seats():
    """Step by step, the environment's observation equals what ObservationLayout(seats='match')
    writes for the round in play and the match seats in it, and write_out for a seat that is out."""
    env = SwitchcardsEnv("british", players=4, rewards="match")
    layout = sc.ObservationLayout(env.engine, 4, seats="match")
    assert layout.slices == env.layout and layout.seats == "match"
    expected = np.zeros(layout.size, dtype=np.float32)
    other = np.zeros(layout.size, dtype=np.float32)
    mask = np.zeros(env.action_size, dtype=np.int8)
    out_seen = 0
    for seed in range(4):
        env.reset(seed=seed)
        for agent in env.agent_iter(1_000_000):
            obs, _, term, trunc, _ = env.last()
            seat = env.possible_agents.index(agent)
            if seat not in env.round_seats:  # out of the match: the round in play is not its
                layout.write_out(seat, env.round_seats, env.match_totals, expected)
                out_seen += 1
            else:
                state = env.game_state
                round_seat = env.round_seats.index(seat)
                memory = None  # compare all but the remembered discard pile
                layout.write(state, round_seat, memory, env.match_totals, expected, round_seats=env.round_seats)
                seen = slices(env)["discard_seen"]
                expected[seen[0]: seen[0] + seen[1]] = part(obs["observation"], seen)
            assert (obs["observation"] == expected).all()
            for s in range(4):  # every seat's observation on demand, those out too
                env._core.observe(s, other, mask)
                assert not mask.any() or s == env._core.turn  # the seat deciding (not a leaving one)
            env.step(None if term or trunc else env.sample_action())
    assert out_seen > 0


def test_layouts_for_match_seats_refuse_what_does_not_fit():
    engine = sc.Engine("british")
    layout = sc.ObservationLayout(engine, 4, seats="match")
    out = np.zeros(layout.size, dtype=np.float32)
    state = engine.deal(3, 1)
    with pytest.raises(ValueError, match="round_seats"):
        layout.write(state, 0, None, [], out, round_seats=[0, 2])
    with pytest.raises(ValueError, match="round_seats"):
        layout.write(state, 0, None, [], out, round_seats=[2, 1, 0])
    with pytest.raises(ValueError, match="not out"):
        layout.write_out(1, [0, 1, 3], [], out)
    with pytest.raises(ValueError, match="seat 7 is not one of the layout's 4 seats"):
        layout.write_out(7, [0, 1, 3], [], out)
    layout.write(state, 0, None, [], out, round_seats=[0, 1, 3])
    flags = layout.slice("out_of_match")
    clockwise = engine.view(state, 0).direction == "clockwise"
    # Match seat 2 is two places on from seat 0 either way round a table of four.
    assert list(out[flags["offset"]: flags["offset"] + 4]) == [0, 0, 1, 0]
    sizes = layout.slice("hand_sizes")
    held = [len(state.hand(r)) for r in (0, 1, 2)]  # match seats 0, 1, 3
    order = [held[0], held[1], 0, held[2]] if clockwise else [held[0], held[2], 0, held[1]]
    assert list(out[sizes["offset"]: sizes["offset"] + 4]) == order
    with pytest.raises(ValueError, match="not laid out"):
        sc.ObservationLayout(engine, 3).write(state, 0, None, [], np.zeros(sc.ObservationLayout(engine, 3).size, dtype=np.float32), round_seats=[0, 1, 2])
    with pytest.raises(ValueError, match="'round' or 'match'"):
        sc.ObservationLayout(engine, 3, seats="table")


def test_swaps_in_rounds_after_an_elimination():
    """crazy-eights-swaps in an elimination match: after a seat is out, round seats and match
    seats differ, and a swap's target must be mapped between them like the actor."""
    env = SwitchcardsEnv("crazy-eights-swaps", players=4, rewards="match",
                         rules="{match: {end: elimination, limit: 40}}")
    swaps_after_out = 0
    for seed in range(40):
        env.reset(seed=seed)
        for _agent, _obs in live_turns(env, 100_000):
            legal = env.legal_ids()
            swaps = [i for i in legal if env.action(i) is not None and " swap " in str(env.action(i))]
            if swaps and any(env.out_of_match):
                swaps_after_out += 1
                state = env.game_state
                for i in swaps:  # the engine accepts every swap the mask allows
                    assert env.engine.check(state, env.action(i)) is None
                env.step(swaps[0])
            else:
                env.step(env.sample_action())
    assert swaps_after_out > 0


def test_seats_put_out_by_the_last_round_before_the_truncation_lose():
    # Seed 1, four seats, two rounds: the second round puts a seat out and is the last the
    # episode plays. That seat is terminated with its loss, as after any round; only the seats
    # still in are truncated (reward 0).
    env = SwitchcardsEnv("british", players=4, rewards="match", max_match_rounds=2)
    env.reset(seed=1)
    left = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            left[agent] = (reward, termination, truncation)
            env.step(None)
        else:
            out_before = list(env.out_of_match)  # the flags before the step that may end it
            env.step(env.sample_action())
    out = [env.possible_agents[seat] for seat, flag in enumerate(env.out_of_match) if flag]
    put_out_last = [a for seat, a in enumerate(env.possible_agents) if a in out and not out_before[seat]]
    assert put_out_last, "the seed no longer puts a seat out by the last round"
    assert set(left) == set(env.possible_agents)
    for agent, (reward, termination, truncation) in left.items():
        if agent in out:
            assert (reward, termination, truncation) == (-1 / 3, True, False), agent
        else:
            assert (reward, termination, truncation) == (0.0, False, True), agent


def test_a_leaving_agent_decides_nothing_and_contains_refuses_what_step_refuses():
    """env.action(id) answered for the seat that decided last while agent_selection was only
    leaving; DiscreteActions.contains(True) was True though step(True) is a TypeError."""
    env = SwitchcardsEnv("british", players=4, rewards="match", max_match_rounds=2)
    env.reset(seed=1)
    leaving = 0
    for agent in env.agent_iter():
        _, _, termination, truncation, _ = env.last()
        if termination or truncation:
            with pytest.raises(RuntimeError, match=f"action\\(\\): {agent} is leaving the episode"):
                env.action(0)
            leaving += 1
            env.step(None)
        else:
            assert env.action(env.legal_ids()[0]) is not None or env.question != "turn"
            env.step(env.sample_action())
    assert leaving == 4
    space = env.action_space("player_0")
    assert space.contains(0) and space.contains(np.int64(1))
    assert not space.contains(True) and not space.contains(False)


def test_rounds_dealt_to_fewer_seats_than_the_variant_s_minimum_stay_positions_of_it():
    """An elimination match of a variant for 3 to 4 players deals its later rounds to two seats.
    render(), the Engine's calls on game_state and the JSON of that state refused the two-seat
    round ("this State is not a position of ...: 2 seats")."""
    rules = "players: {min: 3, max: 4}\nmatch: {end: elimination, limit: 40}"
    env = SwitchcardsEnv("british", rules=rules, players=3, rewards="match", render_mode="ansi")
    engine = env.engine
    for seed in range(1, 40):
        env.reset(seed=seed)
        two_seat_rounds = 0
        for agent in env.agent_iter(100_000):
            _, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            if env.agents and len(env.round_seats) == 2:
                state = env.game_state
                two_seat_rounds += 1
                text = env.render()
                assert "Seat 1" in text and "Seat 2" not in text
                assert engine.legal_actions(state)
                back = engine.state_from_json(engine.state_to_json(state))
                assert engine.state_to_json(back) == engine.state_to_json(state)
            env.step(env.sample_action())
        if two_seat_rounds:
            return
    pytest.fail("no seed of 1 to 39 dealt a two-seat round")
