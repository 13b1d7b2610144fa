"""A multi-agent environment for learning, with PettingZoo's agent-environment-cycle (AEC)
conventions, without a dependency on PettingZoo.

One class, ``SwitchcardsEnv``, for every variant and player count. The agents are
``"player_0"`` .. ``"player_{n-1}"``; the one to act is ``agent_selection``; ``observe(agent)``
returns ``{"observation": float32 vector, "action_mask": int8 vector}`` (the layout table is
``env.layout``, the action ids ``env.action_names``); ``step(action_id)`` applies the action;
``rewards``, ``terminations``, ``truncations``, ``infos`` and ``last()`` behave as in PettingZoo,
and so does the end of an episode: every agent is then terminated (or truncated) and takes one
``step(None)`` to leave ``agents``.

The C++ core steps, writes the next observation and mask into numpy buffers owned here, and
returns the seat to act, in one call: the arrays ``observe`` returns for the agent to act are
those buffers, overwritten by the next step (copy them to keep them).

Episodes and rewards (``rewards=``):

* ``"round"`` (default): an episode is one round. The winner gets +1, every other seat
  -1/(players-1). A round stopped by the variant's turn limit (a stalemate) is truncated, with
  reward 0.
* ``"match"``: an episode is a whole match under the variant's ``match:`` rules (round after
  round, the observation's ``match_totals`` filled in). The agents are the match's seats for the
  whole episode. Where the match eliminates seats (British), an eliminated agent is terminated
  at the end of the round that put it out, with reward -1/(players-1), and leaves with its
  ``step(None)`` before anyone else acts; the observation is laid out for the match's seats,
  with ``out_of_match`` flagging those out. At the match's end the winner gets +1 and every
  other agent still there -1/(players-1) (the episode's rewards sum to 0, to within a double's
  rounding where the fraction is not a binary one, as -1/3). With partnerships
  (``teams:``) every seat of the winner's team gets +1 and every other seat -w/(players-w), w
  the team's size.

Out of turn (variants where a missed "last card" call can be caught, or with
``identical.jump_in``): after a seat leaves itself one card without calling, the environment
asks, as ``play_round`` asks agents, first that seat whether it calls late (where the variant
allows it), then the other seats but the one to act, in order of play, whether they challenge,
until one does; after a play where jump-ins are on, the seats that hold a card to jump in with,
in order of play after the seat to act, whether they jump in. Each is an AEC turn of its own
whose mask allows the call, the challenge or the jump-ins, and ``"decline"``, the last id. Then
the seat to act decides, with the challenge or its own late call among its legal actions.
``out_of_turn=False`` asks nobody out of turn (and has no ``"decline"`` id).
"""

from __future__ import annotations

import copy
import os
from typing import Any, Dict, Iterator, List, Optional, Tuple

import numpy as np

from . import _core


class DiscreteActions:
    """The action space of every agent: ids 0..n-1 (a stand-in for gymnasium's Discrete)."""

    def __init__(self, n: int, seed: Optional[int] = None):
        self.n = n
        self.shape = ()
        self.dtype = np.int64
        self._rng = np.random.default_rng(seed)

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        """A random id, among those the mask allows if one is given. A mask that allows
        none (all zeros: the mask of an agent that is done, or not to act) is a ValueError."""
        if mask is None:
            return int(self._rng.integers(self.n))
        # One entry per id, as gymnasium's Discrete asks: a longer or 2-D mask gave ids past n.
        if not isinstance(mask, np.ndarray) or mask.shape != (self.n,):
            shape = mask.shape if isinstance(mask, np.ndarray) else type(mask).__name__
            raise ValueError(f"sample(mask): a numpy array of shape ({self.n},), not {shape}")
        legal = np.flatnonzero(mask)
        if len(legal) == 0:
            raise ValueError(
                "sample(mask): the mask allows no action (all zeros): an agent that is done "
                "steps with None, and only agent_selection's mask allows ids"
            )
        return int(legal[self._rng.integers(len(legal))])

    def contains(self, x: Any) -> bool:
        # A bool is an int to Python, but step refuses it (TypeError): so does contains.
        return isinstance(x, (int, np.integer)) and not isinstance(x, bool) and 0 <= int(x) < self.n


class ObservationVector:
    """The observation space of every agent: a float32 vector of ``shape`` (a stand-in for a
    gymnasium Dict of Box observation and MultiBinary action_mask)."""

    def __init__(self, size: int, actions: int):
        self.shape = (size,)
        self.dtype = np.float32
        self.action_mask_shape = (actions,)


class SwitchcardsEnv:
    """A round (or match) of a switchcards variant as an AEC environment.

    ``variant``: a built-in name, a path, or a Variant; ``rules``: YAML overrides (as the
    command line's ``--rules``); ``players``: default 4, or the nearest count the variant
    allows; ``rewards``: ``"round"`` or ``"match"``; ``max_match_rounds``: a match still running
    after this many rounds (1 to 1250) is truncated; ``out_of_turn``: ask seats out of turn for a late call,
    a challenge or a jump-in (where the variant has them).
    """

    metadata = {"name": "switchcards_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        variant: Any = "british",
        players: Optional[int] = None,
        rewards: str = "round",
        rules: Optional[str] = None,
        max_match_rounds: int = 1000,
        render_mode: Optional[str] = None,
        out_of_turn: bool = True,
    ):
        if isinstance(variant, _core.Variant):
            if rules:
                raise ValueError("rules: give the variant by name or path to merge rules onto it")
            self.variant = variant
        else:
            self.variant = _core.load_variant(variant, rules or "")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: None or 'ansi'")
        self.render_mode = render_mode
        self.engine = _core.Engine(self.variant)
        self.players = players if players is not None else self.variant.default_players
        self.reward_mode = rewards
        self._core = _core.EnvironmentCore(self.engine, self.players, rewards, max_match_rounds, out_of_turn)
        self._core_step = self._core.step
        self.layout: List[Dict[str, Any]] = self._core.layout
        self.action_names: List[str] = self._core.action_names
        self.observation_size: int = self._core.observation_size
        self.action_size: int = self._core.action_size
        #: The id of "decline" (answers a question out of turn), or None where nobody is asked.
        self.decline_id: Optional[int] = self._core.decline_id if self._core.decline_id >= 0 else None
        self._observation = self._core.observation_buffer
        self._mask = self._core.mask_buffer
        self.possible_agents: List[str] = [f"player_{i}" for i in range(self.players)]
        self._seat_of = {name: seat for seat, name in enumerate(self.possible_agents)}
        self._action_space = DiscreteActions(self.action_size)
        self._observation_space = ObservationVector(self.observation_size, self.action_size)
        self._other_buffers: Dict[str, Dict[str, np.ndarray]] = {}
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]
        self._skip_agent_selection: Optional[str] = None
        self._dealt = False  # whether reset() has dealt an episode

    # ---- PettingZoo's AEC API ----------------------------------------------------------

    def observation_space(self, agent: str) -> ObservationVector:
        return self._observation_space

    def action_space(self, agent: str) -> DiscreteActions:
        return self._action_space

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Deals a new episode from ``seed`` (a random one if None): the same seed, the same
        episode for the same actions."""
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        seat = self._core.reset(seed)  # checks the seed: an int from 0 to 2**64-1
        self._action_space = DiscreteActions(self.action_size, int(seed))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[seat]
        self._skip_agent_selection = None
        self._dealt = True

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """The agent's observation and action mask, in a new dict at every call. For the agent
        to act the arrays are the environment's buffers, written again at every call and
        overwritten by the next step (copy them to keep them); another agent's are written on
        demand, with an all-zero mask (it cannot act now). Writing into the arrays changes no
        later observation and nothing that is legal: the environment keeps the observation and
        enforces a mask of its own."""
        try:
            if agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent]):
                # What an agent wrote into the buffers since the step is undone (a copy of two
                # short vectors); a new dict, so a caller that rebinds or pops a key changes its own.
                self._core.restore_buffers()
                return {"observation": self._observation, "action_mask": self._mask}
        except KeyError:  # not an agent now: before reset(), or it has left
            if not self._dealt:
                raise _no_episode("observe()") from None
        if agent not in self._seat_of:
            raise KeyError(f"{agent!r} is not an agent of this environment ({', '.join(self.possible_agents)})")
        buffers = self._other_buffers.get(agent)
        if buffers is None:
            buffers = {
                "observation": np.zeros(self.observation_size, dtype=np.float32),
                "action_mask": np.zeros(self.action_size, dtype=np.int8),
            }
            self._other_buffers[agent] = buffers
        self._core.observe(self._seat_of[agent], buffers["observation"], buffers["action_mask"])
        return dict(buffers)

    def last(self, observe: bool = True) -> Tuple[Optional[Dict[str, np.ndarray]], float, bool, bool, Dict[str, Any]]:
        """(observation, cumulative reward, termination, truncation, info) of agent_selection."""
        agent = self.agent_selection
        try:
            termination, truncation = self.terminations[agent], self.truncations[agent]
        except KeyError:  # before reset(), or every agent has left
            raise _no_episode("last()") from None
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            termination,
            truncation,
            self.infos[agent],
        )

    def step(self, action: Optional[int]) -> None:
        """Applies ``action`` (an id the mask allows) for agent_selection. An id the mask does
        not allow raises IllegalAction (the engine's reason, or ``not_asked`` where the engine
        would take it but the seat is not asked for it) and changes nothing; an int that is no
        id, or ``"decline"`` when nothing is asked, raises ValueError, and a value that is not
        an int (a float, a bool) TypeError. After the end, each
        agent steps with None to leave."""
        agent = self.agent_selection
        try:
            done = self.terminations[agent] or self.truncations[agent]
        except KeyError:  # before reset(), or every agent has left
            raise _no_episode("step()") from None
        if done:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: step needs an action id, not None")
        seat = self._core_step(action)  # ValueError or TypeError for what is no id
        self._cumulative_rewards[agent] = 0.0  # only once the step is taken: a refusal changes nothing
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
        elif seat == -1:
            self._end_episode()
        else:
            self._eliminated(-2 - seat)

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """Yields agent_selection until every agent has left (or max_iter steps)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self) -> Optional[str]:
        """The whole position as text (every card: for people watching, not for agents)."""
        core = self._episode("render()")
        if self.render_mode is None:
            return None
        return "\n".join(self.engine.describe_position(core.state))

    def close(self) -> None:
        pass

    # ---- beyond PettingZoo -------------------------------------------------------------

    def sample_action(self) -> int:
        """A uniformly random legal id for agent_selection, drawn in C++ from a generator
        seeded by reset."""
        try:
            return self._core.sample()
        except RuntimeError:
            if not self._dealt:
                raise _no_episode("sample_action()") from None
            raise

    def legal_ids(self) -> List[int]:
        """The ids agent_selection may take now, as a list (``random.choice`` picks one
        faster than numpy does from the mask)."""
        if not self._dealt:
            raise _no_episode("legal_ids()")
        return self._core.legal_ids()

    def action(self, action_id: int) -> Optional[_core.Action]:
        """The engine Action an id stands for, made by agent_selection (while it is to decide),
        in the seats of the round in play (those of ``game_state``); None for ``"decline"``. An
        int that is no id raises ValueError; an id naming a seat out of the match stands for no
        action: IllegalAction (``no_such_seat``)."""
        if not self.agents:  # before reset(), or every agent has left
            raise _no_episode("action()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            # The core would answer for the seat that decided last, which is not this agent.
            raise RuntimeError(f"action(): {agent} is leaving the episode (its step takes None) and decides nothing")
        return self._core.action(action_id)

    @property
    def question(self) -> str:
        """What agent_selection is asked: ``"turn"`` (it is the seat to act), ``"late_call"``,
        ``"challenge"`` or ``"jump_in"`` (out of turn), or ``""`` when it is done (it only leaves,
        with None)."""
        agent = self.agent_selection
        if self.terminations.get(agent, True) or self.truncations.get(agent, True):
            return ""
        return self._core.question

    @property
    def game_state(self) -> _core.State:
        """A copy of the whole position (every hidden card: for analysis and tests, never for
        an agent)."""
        return self._episode("game_state").state

    @property
    def match_totals(self) -> List[int]:
        """rewards='match': each seat's total so far."""
        return self._episode("match_totals").totals

    @property
    def out_of_match(self) -> List[bool]:
        """rewards='match': each seat's flag, eliminated."""
        return self._episode("out_of_match").out

    @property
    def round_seats(self) -> List[int]:
        """The seat (agent number) of each seat of the round in play, in round-seat order: seat
        ``i`` of ``game_state`` is agent ``round_seats[i]``."""
        return self._episode("round_seats").round_seats

    def _episode(self, what: str) -> Any:
        """The C++ core, once reset() has dealt an episode: before it, it holds no position (an
        undealt State, totals of no match). After the episode it keeps the last one."""
        if not self._dealt:
            raise RuntimeError(f"{what}: no episode dealt yet: call reset() first")
        return self._core

    # ---- copies --------------------------------------------------------------------------

    def __deepcopy__(self, memo: Dict[int, Any]) -> "SwitchcardsEnv":
        """An independent environment in the same position (the same episode, agents, rewards
        and random generators): stepping one leaves the other as it was. The variant and the
        engine, which never change, are shared."""
        new = object.__new__(type(self))
        memo[id(self)] = new
        shared = ("variant", "engine")
        rebuilt = ("_core", "_core_step", "_observation", "_mask")
        for name, value in self.__dict__.items():
            if name not in rebuilt:
                new.__dict__[name] = value if name in shared else copy.deepcopy(value, memo)
        # The C++ core and what points into it: a core of its own, with buffers of its own.
        new._core = self._core.copy()
        new._core_step = new._core.step
        new._observation = new._core.observation_buffer
        new._mask = new._core.mask_buffer
        return new

    def __copy__(self) -> "SwitchcardsEnv":
        raise TypeError(
            "copy.copy(env) would share one C++ core between two environments: "
            "copy.deepcopy(env) makes an independent one in the same position"
        )

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise TypeError(
            "cannot pickle a SwitchcardsEnv: copy.deepcopy(env) copies it within a process; "
            "to rebuild an episode elsewhere, keep the arguments, reset's seed and the ids stepped"
        )

    # ---- the end of an episode, as PettingZoo's AECEnv does it --------------------------

    def _end_episode(self) -> None:
        truncated = self._core.truncated
        rewards = self._core.rewards
        # A match truncated after a round that put seats out: those lost (terminated, with
        # their loss), only the seats still in are truncated.
        put_out = set(self._core.newly_out) if truncated else set()
        for agent in self.agents:
            seat = self._seat_of[agent]
            reward = rewards[seat]
            self.rewards[agent] = reward
            self._cumulative_rewards[agent] += reward
            self.terminations[agent] = not truncated or seat in put_out
            self.truncations[agent] = truncated and seat not in put_out
        self.agent_selection = self.agents[0]

    def _eliminated(self, seat: int) -> None:
        """A round put seats out of the match: they are terminated with their reward and step
        first (PettingZoo's _deads_step_first), then ``seat`` decides."""
        rewards = self._core.rewards
        for out in self._core.newly_out:
            agent = self.possible_agents[out]
            self.rewards[agent] = rewards[out]
            self._cumulative_rewards[agent] += rewards[out]
            self.terminations[agent] = True
        self._skip_agent_selection = self.possible_agents[seat]
        self.agent_selection = self.possible_agents[self._core.newly_out[0]]

    def _was_dead_step(self, action: Optional[int]) -> None:
        if action is not None:
            raise ValueError("when an agent is done, the only valid action is None")
        agent = self.agent_selection
        for table in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards, self.infos):
            del table[agent]
        self.agents.remove(agent)
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            self.agent_selection = dead[0]
        elif self._skip_agent_selection is not None:
            self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        for other in self.rewards:
            self.rewards[other] = 0.0


def _no_episode(call: str) -> RuntimeError:
    return RuntimeError(f"{call}: no episode in play: call reset() first (and again after every agent has left)")


def env(**kwargs: Any) -> SwitchcardsEnv:
    """``SwitchcardsEnv(**kwargs)`` (PettingZoo's naming)."""
    return SwitchcardsEnv(**kwargs)
