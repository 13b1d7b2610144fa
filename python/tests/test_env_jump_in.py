"""switchcards.env asks the seats that may jump in (identical.jump_in) as play_round asks agents:
after the late-call and challenge questions, each seat holding a jump-in, in order of play from
the seat after the seat to act; the mask allows exactly that seat's jump-ins and "decline"."""

import random

import numpy as np

import switchcards as sc
from switchcards.env import SwitchcardsEnv


class Recording(sc.Agent):
    """A random agent that writes down its turns and its jump-in answers."""

    def __init__(self, seat, log, seed):
        super().__init__()
        self.seat, self.log, self.rng = seat, log, random.Random(seed)

    def choose(self, view, legal):
        action = legal[self.rng.randrange(len(legal))]
        if action.kind == "play" and len(view.hand) == 2:
            action = action.with_last()
        self.log.append(("turn", self.seat, str(action)))
        return action

    def jumps_in(self, view, jumps):
        assert view.jump_open and view.turn != self.seat and jumps
        pick = self.rng.randrange(len(jumps) + 1)
        action = jumps[pick] if pick < len(jumps) else None
        if action is not None and len(view.hand) == 2:
            action = action.with_last()
        self.log.append(("jump_in", self.seat, None if action is None else str(action)))
        return action

    def name(self):
        return "recording"


def test_jump_in_questions_come_when_and_in_the_order_play_round_asks_them():
    engine = sc.Engine("balkan-jump-in")
    env = SwitchcardsEnv("balkan-jump-in", players=4)
    jumped = declined = 0
    for seed in range(20):
        log = []
        state = engine.deal(4, seed)
        sc.play_round(engine, state, [Recording(s, log, 1000 * seed + s) for s in range(4)])
        env.reset(seed=seed)
        for kind, seat, answer in log:
            assert (env.question, env.agent_selection) == (kind, f"player_{seat}")
            allowed = [int(i) for i in np.flatnonzero(env.observe(env.agent_selection)["action_mask"])]
            if kind == "jump_in":
                game = env.game_state
                jumps = engine.jump_ins(game, seat)
                assert jumps and game.jump_open and game.turn != seat
                # The mask: the seat's jump-ins (with the call where one card is left) and decline.
                assert env.decline_id in allowed
                named = {str(env.action(i)) for i in allowed if i != env.decline_id}
                assert {str(j) for j in jumps} <= named
                assert all(str(env.action(i)).replace(" last", "") in {str(j) for j in jumps}
                           for i in allowed if i != env.decline_id)
                if answer is None:
                    declined += 1
                    env.step(env.decline_id)
                else:
                    jumped += 1
                    env.step(next(i for i in allowed if i != env.decline_id and str(env.action(i)) == answer))
            else:
                assert env.decline_id not in allowed
                env.step(next(i for i in allowed if str(env.action(i)) == answer))
        assert env.game_state == state
    assert jumped > 5 and declined > 5


def test_a_jump_in_skips_to_the_jumper():
    engine = sc.Engine("balkan-jump-in")
    env = SwitchcardsEnv("balkan-jump-in", players=3)
    for seed in range(200):
        env.reset(seed=seed)
        for agent in env.agent_iter(10_000):
            _, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            if env.question == "jump_in":
                before = env.game_state
                seat = env.possible_agents.index(agent)
                jump = engine.jump_ins(before, seat)[0]
                allowed = [int(i) for i in np.flatnonzero(env.observe(agent)["action_mask"])]
                env.step(next(i for i in allowed if env.action(i) == jump))
                after = env.game_state
                assert after.top == before.top and len(after.hand(seat)) < len(before.hand(seat))
                return
            env.step(env.sample_action())
    raise AssertionError("no jump-in question in 200 rounds")
