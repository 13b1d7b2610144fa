"""A plain Python function as an agent, for play_round and Match."""

from __future__ import annotations

from typing import Callable, List

from ._core import Action, Agent, PlayerView


class FunctionAgent(Agent):
    """An agent whose choice is ``function(view, legal) -> Action``.

    The function sees the seat's PlayerView (a value: never the State) and the legal actions;
    it returns one of them (a play may carry the "last card" call: ``action.with_last()``).
    """

    def __init__(self, function: Callable[[PlayerView, List[Action]], Action], name: str = "python"):
        super().__init__()
        # Refused here, not at the first move of a game: `agent_from_function(5)` was accepted
        # and failed mid-game with "'int' object is not callable".
        if not callable(function):
            raise TypeError(f"FunctionAgent: function is a callable (view, legal) -> Action, not {function!r}")
        if not isinstance(name, str):
            raise TypeError(f"FunctionAgent: name is a str, not {name!r}")
        self._function = function
        self._name = name

    def choose(self, view: PlayerView, legal: List[Action]) -> Action:
        return self._function(view, legal)

    def name(self) -> str:
        return self._name


def agent_from_function(function: Callable[[PlayerView, List[Action]], Action], name: str = "python") -> FunctionAgent:
    """``FunctionAgent(function, name)``."""
    return FunctionAgent(function, name)
