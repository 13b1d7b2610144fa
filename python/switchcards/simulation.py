"""Simulation studies: many games between the library's agents, in C++ (the GIL released).

``simulate`` returns the JSON document ``switchcards simulate --json -`` prints for the same
options, parsed; ``simulate_json`` the text itself (byte for byte); ``merge_shards`` adds shards
of one study up exactly; ``results_table`` and ``summary_row`` turn a result into pandas-friendly
rows.
"""

from __future__ import annotations

import json
import operator
import re
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _core

Result = Dict[str, Any]


def _agents(agents: Union[str, Sequence[str]]) -> List[str]:
    # "heuristic,random" as the command line writes it, or a list of names.
    if isinstance(agents, str):
        return agents.split(",")
    if not isinstance(agents, Iterable):
        raise TypeError(f"simulate: agents is a str ('heuristic,random') or a list of agent names, not {agents!r}")
    names = list(agents)
    for k, name in enumerate(names):
        if not isinstance(name, str):
            raise TypeError(f"simulate: agents[{k}] is {name!r}: an agent name is a str, e.g. 'heuristic'")
    return names


def _shard(shard: Union[None, str, Tuple[int, int]]) -> Tuple[Any, Any]:
    if shard is None:
        return 1, 1
    if isinstance(shard, str):
        k, sep, m = shard.partition("/")
        # Digits 0-9 only: str.isdigit also takes '²', which int() refuses.
        if not sep or not re.fullmatch("[0-9]+", k) or not re.fullmatch("[0-9]+", m):
            raise ValueError(f"shard {shard!r}: 'K/M' with 1 <= K <= M")
        return int(k), int(m)
    # A pair's ints are checked by _core.simulate_json ((1.5, 4) is no shard); what is no pair
    # is refused here, naming the argument, rather than by unpacking it.
    if not isinstance(shard, (tuple, list)):
        raise TypeError(f"shard {shard!r}: shard must be a pair (K, M) of ints or 'K/M', with 1 <= K <= M")
    if len(shard) != 2:
        raise ValueError(f"shard {shard!r}: shard must be a pair (K, M) of ints or 'K/M', with 1 <= K <= M")
    k, m = shard
    return k, m


def _whole_number(value: Any, name: str, what: str, note: str = "", most: Optional[int] = None) -> int:
    """A whole number from 1 to ``most`` (None: no bound) (an int or any integer type, numpy's
    too), as an int. A bool, which Python counts as an int, and any other type (a float, a str)
    are a TypeError, a number out of range a ValueError, each naming the argument."""
    bound = "of at least 1" if most is None else f"from 1 to {most}"
    expected = f"{what}: {name} is a whole number {bound}{note}"
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        raise TypeError(f"{expected}, not a bool ({value!r})")
    try:
        count = operator.index(value)
    except TypeError:
        raise TypeError(f"{expected}, not {value!r}") from None
    if count < 1 or (most is not None and count > most):
        raise ValueError(f"{expected}, not {value!r}")
    return count


def _players(players: Any) -> int:
    """players as _core.simulate_json takes it: None is the variant's default (0 there); any
    other value is a player count, so False and 0 are refused rather than taken for None."""
    if players is None:
        return 0
    return _whole_number(players, "players", "simulate", " (None: the variant's default)")


def simulate_json(
    variant: str,
    games: int = 1000,
    *,
    players: Optional[int] = None,
    agents: Union[str, Sequence[str]] = "heuristic",
    seed: int = 1,
    threads: int = 1,
    matches: bool = False,
    shard: Union[None, str, Tuple[int, int]] = None,
    rules: Optional[str] = None,
    max_match_rounds: Optional[int] = None,
    record: Optional[str] = None,
) -> str:
    """The JSON text of a study, exactly as ``switchcards simulate --json -`` prints it
    (without the final newline) for ``--variant VARIANT --games GAMES [--players P] --agents
    A,B --seed S [--matches] [--shard K/M] [--rules YAML]``. ``variant`` is a built-in name or
    a path; ``rules`` a YAML mapping merged onto it; ``record`` a file for game records, as
    ``--record FILE`` (every game if there are at most 10, else the first; read them with
    read_game_records). ``players`` None is the variant's default player count.
    ``max_match_rounds`` (None: 1000) stops a match still running after that many rounds; it is
    checked, and has no effect, in a study of single rounds (so that one set of options serves
    both kinds of study). Other Python threads run meanwhile; Ctrl-C (SIGINT) stops the study
    within about a second and raises KeyboardInterrupt."""
    k, m = _shard(shard)
    return _core.simulate_json(
        variant,
        rules or "",
        games,
        _players(players),
        _agents(agents),
        seed,
        threads,
        matches,
        k,
        m,
        1000 if max_match_rounds is None else max_match_rounds,
        record or "",
    )


def simulate(variant: str, games: int = 1000, **options: Any) -> Result:
    """``json.loads(simulate_json(variant, games, **options))``: the study's numbers as a dict
    (keys as docs/cli.md describes the simulation JSON: wins, seats, wins_by_position,
    by_agent, round_length, events, ...)."""
    return json.loads(simulate_json(variant, games, **options))


def merge_shards(shards: Iterable[Union[str, Result]], names: Optional[Sequence[str]] = None) -> str:
    """The JSON text of the shards of one study added up, exactly as ``switchcards merge``
    writes it: byte for byte the text one process writes for the whole study. Each shard is
    a JSON text (or its parsed dict). Raises ValueError for shards of different studies,
    overlapping shards or a gap, naming each shard by ``names`` or by its place in the list
    (``shards[1]``)."""
    # One text is iterable too (its characters), and a str of names is a list of letters.
    if isinstance(shards, (str, bytes, Mapping)) or not isinstance(shards, Iterable):
        raise TypeError("merge_shards: shards is a list of shards (each a JSON text or its dict), "
                        f"not {_short(shards)}")
    texts = [_result_text(s, "merge_shards", f"shards[{k}]") for k, s in enumerate(shards)]
    if names is None:
        return _core.merge_shards_json(texts, [])
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise TypeError(f"merge_shards: names is a list of names, one per shard, not {names!r}")
    names = list(names)
    if len(names) != len(texts):
        raise ValueError(f"merge_shards: {len(names)} names for {len(texts)} shards: give one name per shard, "
                         "or none")
    for k, name in enumerate(names):
        if not isinstance(name, str):
            raise TypeError(f"merge_shards: names[{k}] is {name!r}, not a str")
    return _core.merge_shards_json(texts, names)


def _short(value: Any) -> str:
    # A shard's text runs to kilobytes: its start says what it is.
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _result_text(result: Any, who: str, name: str) -> str:
    """The JSON text of a study's results, given as the text or as its parsed dict; ``who`` and
    ``name`` (the function and its argument) name it in an error."""
    if isinstance(result, str):
        return result
    if not isinstance(result, Mapping):
        raise TypeError(f"{who}: {name} is a study's results (a JSON text or its dict), not {_short(result)}")
    try:
        return json.dumps(result, allow_nan=False)
    except ValueError:
        raise ValueError(f"{who}: the {name} holds NaN or an infinity, which no study's results hold") from None


def _canonical(result: Any, who: str) -> Result:
    """The results read as merge reads a shard: every count checked, every derived value worked
    out again, so a table never shows a number the counts do not give."""
    return json.loads(_core.merge_shards_json([_result_text(result, who, "result")], ["result"]))


def summary_row(result: Union[str, Result]) -> Dict[str, Any]:
    """One flat row of a study (a sweep's table row), from its results (the dict ``simulate``
    returns, or the JSON text): what it was (``variant``, ``rules``, ``players``, ``rounds``,
    ``decisions``, ``reshuffles``); then the measures of a row of ``switchcards sweep``, under
    its names and in its order (``games``, ``first_player_win_rate``,
    ``first_player_ci95_low`` and ``_high``, ..., ``place_K_win_rate`` for the K-th player to
    act from the second, ``stalemate_rate``, round lengths, ...; docs/studies.md), computed by
    the same C++, None where the results did not measure it; then each seat's win rate
    (``win_rate_seat_K``, K from 0) and each event's count (``events_NAME``). Results that are
    not a study's are a ValueError naming the field, as ``switchcards merge`` names it."""
    text = _result_text(result, "summary_row", "result")
    canonical = _canonical(text, "summary_row")
    row: Dict[str, Any] = {
        "variant": canonical["variant"],
        "rules": canonical.get("rules", ""),
        "players": canonical["players"],
        "rounds": canonical["rounds"],
        "decisions": canonical["decisions"],
        "reshuffles": canonical["reshuffles"],
    }
    for key, value in json.loads(_core.summary_json(text)).items():
        if isinstance(value, list):  # an interval: two columns, as the sweep's CSV writes it
            row[f"{key}_low"], row[f"{key}_high"] = value
        else:
            row[key] = value
    for seat in canonical["seats"]:
        row[f"win_rate_seat_{seat['seat']}"] = seat["win_rate"]
    for kind, count in canonical["events"].items():
        row[f"events_{kind}"] = count
    return row


def results_table(result: Union[str, Result]) -> "pandas.DataFrame":  # noqa: F821
    """A pandas DataFrame of a study (the dict ``simulate`` returns, or the JSON text), one row
    per seat: seat, agent, wins, win_rate and the 95% interval of the win rate (ci95_low,
    ci95_high). The win rates by place in play are summary_row's ``first_player_win_rate`` and
    ``place_K_win_rate``. Results that are not a study's are a ValueError naming the field, as
    for summary_row."""
    import pandas

    rows = []
    for seat in _canonical(result, "results_table")["seats"]:
        rows.append(
            {
                "seat": seat["seat"],
                "agent": seat["agent"],
                "wins": seat["wins"],
                "win_rate": seat["win_rate"],
                "ci95_low": seat["ci95"][0],
                "ci95_high": seat["ci95"][1],
            }
        )
    return pandas.DataFrame(rows)
