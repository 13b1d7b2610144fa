"""switchcards: Switch, Mau-Mau and Crazy Eights from YAML rules, at C++ speed.

The engine, agents, observations and simulation studies of the C++ library (the extension
module ``switchcards._core``), with a multi-agent environment (``switchcards.env``) and studies
on a Dask cluster (``switchcards.cluster``). Guide: docs/python.md.
"""

from ._core import (
    Action,
    ActionSpace,
    Agent,
    CardKnowledge,
    Engine,
    Event,
    GameRecord,
    IllegalAction,
    IllegalChoice,
    JsonError,
    LoadError,
    MAX_SHARDS,
    Match,
    ObservationLayout,
    PlayerView,
    State,
    Variant,
    __version__,
    agent_names,
    builtin_variant_names,
    builtin_variant_text,
    card_index,
    card_of_index,
    derive_seed,
    describe_events,
    load_variant,
    load_variant_from_string,
    make_agent,
    play_round,
    read_game_records,
    read_game_records_from_string,
    record_variant,
    replay_game,
    resolved_variant_yaml,
    round_scores,
    score_hand,
    write_game_records,
)
from .agents import FunctionAgent, agent_from_function
from .simulation import merge_shards, results_table, simulate, simulate_json, summary_row


def _guard_old_pickle_protocols() -> None:
    """Pickle protocols 0 and 1 reduce an object with copyreg._reduce_ex, which for a
    pybind11 class calls pybind11's base object with the instance and aborts the interpreter
    (pybind11 supports protocol 2 and above only). Every class of _core gets a __reduce_ex__
    that refuses them with a TypeError, and a __reduce__ that gives what protocols 2 to 5 give
    (CPython's reduction for them: copyreg.__newobj__ and the class's __getstate__), since
    object.__reduce_ex__ would call an overridden __reduce__ for every protocol."""
    import copyreg

    def __reduce__(self):
        cls = type(self)
        if cls.__getstate__ is object.__getstate__:  # no pickle support: as CPython says it
            raise TypeError(f"cannot pickle '{cls.__module__}.{cls.__qualname__}' object")
        return copyreg.__newobj__, (cls,), self.__getstate__(), None, None

    def __reduce_ex__(self, protocol):
        if protocol < 2:
            raise TypeError(
                f"{type(self).__name__}: switchcards objects pickle with protocol 2 or higher, "
                f"not {protocol}"
            )
        return self.__reduce__()

    for value in vars(_core).values():
        if isinstance(value, type) and type(value).__name__ == "pybind11_type":
            value.__reduce__ = __reduce__
            value.__reduce_ex__ = __reduce_ex__


_guard_old_pickle_protocols()

__all__ = [
    "Action",
    "ActionSpace",
    "Agent",
    "CardKnowledge",
    "Engine",
    "Event",
    "FunctionAgent",
    "GameRecord",
    "IllegalAction",
    "IllegalChoice",
    "JsonError",
    "LoadError",
    "Match",
    "ObservationLayout",
    "PlayerView",
    "State",
    "Variant",
    "__version__",
    "MAX_SHARDS",
    "agent_from_function",
    "agent_names",
    "builtin_variant_names",
    "builtin_variant_text",
    "card_index",
    "card_of_index",
    "derive_seed",
    "describe_events",
    "load_variant",
    "load_variant_from_string",
    "make_agent",
    "merge_shards",
    "play_round",
    "read_game_records",
    "read_game_records_from_string",
    "record_variant",
    "replay_game",
    "resolved_variant_yaml",
    "results_table",
    "round_scores",
    "score_hand",
    "simulate",
    "simulate_json",
    "summary_row",
    "write_game_records",
]
