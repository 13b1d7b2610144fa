"""switchcards.env asks the seats that may jump in (identical.jump_in) as play_round asks agents:
after the late-call and challenge questions, each seat holding a jump-in, in order of play from
the seat after the seat to act; the mask allows exactly that seat's jump-ins and "decline"."""

import switchcards as sc
from env_driving import Recording, live_turns, replay
from switchcards.env import SwitchcardsEnv


def test_jump_in_questions_come_when_and_in_the_order_play_round_asks_them():
    engine = sc.Engine("balkan-jump-in")
    env = SwitchcardsEnv("balkan-jump-in", players=4)
    answers = {"jumped": 0, "declined": 0}

    def inspect(env, question, seat, allowed):
        if question != "jump_in":
            return
        game = env.game_state
        jumps = engine.jump_ins(game, seat)
        assert jumps and game.jump_open and game.turn != seat
        # The mask: the seat's jump-ins (with the call where one card is left) and decline.
        named = {str(env.action(i)) for i in allowed if i != env.decline_id}
        assert {str(j) for j in jumps} <= named
        assert all(name.replace(" last", "") in {str(j) for j in jumps} for name in named)

    for seed in range(20):
        log = []
        state = engine.deal(4, seed)
        agents = [Recording(s, log, 1000 * seed + s, calls=1) for s in range(4)]
        sc.play_round(engine, state, agents)
        env.reset(seed=seed)
        replay(env, log, inspect)
        assert env.game_state == state
        for question, _, answer in log:
            if question == "jump_in":
                answers["declined" if answer is None else "jumped"] += 1
    assert answers["jumped"] > 5 and answers["declined"] > 5


def test_a_jump_in_skips_to_the_jumper():
    engine = sc.Engine("balkan-jump-in")
    env = SwitchcardsEnv("balkan-jump-in", players=3)
    for seed in range(200):
        env.reset(seed=seed)
        for agent, obs in live_turns(env):
            if env.question == "jump_in":
                before = env.game_state
                seat = env.possible_agents.index(agent)
                jump = engine.jump_ins(before, seat)[0]
                env.step(next(i for i in env.legal_ids() if env.action(i) == jump))
                after = env.game_state
                assert after.top == before.top and len(after.hand(seat)) < len(before.hand(seat))
                return
            env.step(env.sample_action())
    raise AssertionError("no jump-in question in 200 rounds")
