"""What the environment tests share: the AEC loop over the seats still acting, a random agent
that writes down every question play_round (or Match) asks it with its answer, and the
environment driven by such a log, so that the two can be held against each other."""

import random

import numpy as np

import switchcards as sc


def live_turns(env, limit=10_000):
    """The environment's turns until its episode ends, as (agent, observation): a seat that has
    finished is stepped with None here, as the AEC protocol asks, and not yielded."""
    for agent in env.agent_iter(limit):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        yield agent, obs


class Recording(sc.Agent):
    """A random agent that writes down every question it is asked, and its answer, as (question,
    seat, answer): a turn's action as text, a late call's or a challenge's yes or no, a jump-in's
    action as text or None. It calls "last card" with a play that leaves one card with
    probability `calls` (1: always), and says yes out of turn with probability `yes`."""

    def __init__(self, seat, log, seed, calls=0.5, yes=0.4):
        super().__init__()
        self.seat, self.log, self.rng = seat, log, random.Random(seed)
        self.calls, self.yes = calls, yes

    def _with_call(self, view, action):
        if len(view.hand) == 2 and (self.calls >= 1 or self.rng.random() < self.calls):
            return action.with_last()
        return action

    def choose(self, view, legal):
        action = legal[self.rng.randrange(len(legal))]
        if action.kind == "play":
            action = self._with_call(view, action)
        self.log.append(("turn", self.seat, str(action)))
        return action

    def calls_late(self, view):
        answer = self.rng.random() < self.yes
        self.log.append(("late_call", self.seat, answer))
        return answer

    def challenges(self, view, target):
        answer = self.rng.random() < self.yes
        self.log.append(("challenge", self.seat, answer))
        return answer

    def jumps_in(self, view, jumps):
        assert view.jump_open and view.turn != self.seat and jumps
        pick = self.rng.randrange(len(jumps) + 1)
        action = self._with_call(view, jumps[pick]) if pick < len(jumps) else None
        self.log.append(("jump_in", self.seat, None if action is None else str(action)))
        return action

    def name(self):
        return "recording"


def replay(env, log, inspect=None):
    """Drives env with the answers of a log of Recording agents; returns the questions out of
    turn it asked. Each step: the same seat, asked the same question, takes the same action,
    among the ids its mask allows. `inspect(env, question, seat, allowed)`, if given, sees
    every step before it is taken."""
    asked = 0
    for question, seat, answer in log:
        while env.terminations.get(env.agent_selection):  # eliminated: leaves first
            env.step(None)
        assert (env.question, env.agent_selection) == (question, f"player_{seat}")
        allowed = [int(i) for i in np.flatnonzero(env.observe(env.agent_selection)["action_mask"])]
        if inspect:
            inspect(env, question, seat, allowed)
        if question == "turn":
            assert env.decline_id not in allowed
            action_id = next(i for i in allowed if str(env.action(i)) == answer)
        elif question == "jump_in":
            asked += 1
            assert env.decline_id in allowed
            action_id = env.decline_id if answer is None else next(
                i for i in allowed if i != env.decline_id and str(env.action(i)) == answer)
        else:
            asked += 1
            assert len(allowed) == 2 and allowed[1] == env.decline_id
            action_id = allowed[0] if answer else env.decline_id
        env.step(action_id)
    return asked
