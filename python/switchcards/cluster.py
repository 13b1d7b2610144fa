"""Studies on a Dask cluster: the games of a study split into shards, each shard played by a
worker in C++ (``simulate_json`` with ``shard=(k, m)``), the shards merged exactly
(``merge_shards``), so a study on a cluster gives the byte-identical JSON one process gives.
And sweeps: one study per point of a grid of rule overrides, back as one pandas table.

Every worker imports ``switchcards`` (install it on each machine, or set PYTHONPATH before the
workers start). Recipes for a real cluster: docs/python.md.
"""

from __future__ import annotations

import itertools
import json
import operator
from collections.abc import Iterable
from typing import Any, Dict, List, Mapping, Optional, Sequence

from ._core import MAX_SHARDS
from .simulation import _whole_number, merge_shards, simulate_json, summary_row


def rules_yaml(overrides: Mapping[str, Any]) -> str:
    """A rules mapping (YAML flow, as the command line's ``--rules`` takes it) from dotted keys:
    ``{"last_card.penalty": 4, "specials.skip.stack": "8"}`` gives
    ``{"last_card": {"penalty": 4}, "specials": {"skip": {"stack": "8"}}}``. A value of None
    leaves the key as the variant has it. A key that goes inside another key given a value
    (``{"a.b": 1, "a": 2}``, in either order) is a ValueError."""
    tree: Dict[str, Any] = {}
    # The mappings made here (by id), each with the first dotted key put inside it: any other
    # value (a caller's dict included) is a value that nothing goes inside.
    made: Dict[int, str] = {}
    for dotted, value in overrides.items():
        if value is None:
            continue
        node = tree
        parts = dotted.split(".")
        for i, part in enumerate(parts[:-1]):
            if part not in node:
                node[part] = {}
                made[id(node[part])] = dotted
            node = node[part]
            if id(node) not in made:
                raise ValueError(f"rules: {dotted!r} goes inside {'.'.join(parts[: i + 1])!r}, which has a value")
        if id(node.get(parts[-1])) in made:
            raise ValueError(f"rules: {made[id(node[parts[-1]])]!r} goes inside {dotted!r}, which has a value")
        node[parts[-1]] = _plain(value, dotted)
    return json.dumps(tree) if tree else ""


def _numpy_value(x: Any) -> Any:
    # A grid is often made with numpy (np.arange(1, 5)): its scalars and arrays as Python's.
    if type(x).__module__ == "numpy" and hasattr(x, "tolist"):
        return x.tolist()
    raise TypeError(f"{type(x).__name__} {x!r}")


def _plain(value: Any, dotted: str) -> Any:
    """``value`` as JSON can write it (numpy's numbers and arrays as Python's), or a TypeError
    naming the key."""
    try:
        return json.loads(json.dumps(value, default=_numpy_value))
    except (TypeError, ValueError) as e:
        raise TypeError(
            f"rules: {dotted!r}: {e} is no rule value (numbers, text, booleans, None, lists and maps of them)"
        ) from None


def _workers(client: Any) -> int:
    return max(1, len(client.scheduler_info().get("workers", {})))


def _shard_count(games: Any, shards: Any, options: Mapping[str, Any], what: str) -> int:
    """The shards a study of ``games`` games is split into: ``shards``, at most one per game.
    Refuses what one process would refuse, and what a cluster cannot do as one process does."""
    if "shard" in options:
        raise ValueError(f"{what} makes the shards itself: give shards=M, not shard")
    if options.get("record") is not None:  # None: no record, as simulate_json's default
        # Every shard would write the same file, each on its worker's own disk.
        raise ValueError(
            f"{what}: records are written by one process: play the games to record with "
            "simulate_json(..., record=FILE)"
        )
    games = _whole_number(games, "games", what, most=2**64 - 1)
    # At most MAX_SHARDS, as in simulate_json (refused here, not by every worker).
    return min(_whole_number(shards, "shards", what, most=MAX_SHARDS), games)


def _check_locally(variant: str, games: int, options: Mapping[str, Any]) -> None:
    """Plays one game of the study in this process, so that what every worker would refuse
    (an unknown variant or agent, a player count, bad rules) is one error here, before
    anything is submitted. Shard 1 of a study of n = min(games, MAX_SHARDS) games in n
    shards is the study's first game, played exactly as a worker plays it (seeds come from
    the study's seed and the game's index)."""
    n = min(games, MAX_SHARDS)
    simulate_json(variant, n, shard=(1, n), **options)


def _shard_futures(client: Any, variant: str, games: int, shards: int, options: Dict[str, Any]) -> List[Any]:
    return [
        client.submit(simulate_json, variant, games, shard=(k, shards), pure=False, **options)
        for k in range(1, shards + 1)
    ]


def simulate_on(
    client: Any, variant: str, games: int = 1000, *, shards: Optional[int] = None, **options: Any
) -> str:
    """The JSON text of a study played on the cluster of ``client`` (a distributed.Client) in
    ``shards`` shards (default: one per worker) and merged: the very text ``simulate_json``
    (and ``switchcards simulate --json -``) gives in one process. ``options``: those of
    simulate_json (players, agents, seed, matches, rules, threads per shard...), but not
    ``record``: shards on several machines cannot write one file."""
    m = _shard_count(games, _workers(client) if shards is None else shards, options, "simulate_on")
    _check_locally(variant, operator.index(games), options)
    texts = client.gather(_shard_futures(client, variant, operator.index(games), m, options))
    return merge_shards(texts, [f"shard {k}/{m}" for k in range(1, m + 1)])


def sweep(
    client: Any,
    variant: str,
    grid: Mapping[str, Sequence[Any]],
    games: int = 1000,
    *,
    shards: int = 1,
    base: Optional[Mapping[str, Any]] = None,
    **options: Any,
) -> "pandas.DataFrame":  # noqa: F821
    """One study per point of ``grid`` (dotted rule keys to the lists of values to try, e.g.
    ``{"last_card.penalty": [1, 2, 3, 4], "specials.skip.stack": [None, "8"]}``), each split
    into ``shards`` shards over the cluster, merged exactly; returns a pandas DataFrame with one
    row per point: the grid's values, then summary_row's columns (but those of a grid key's
    name, such as ``players``: the grid's value stays). ``base``: dotted overrides
    applied at every point, but for the keys the point gives a value: the point's value, where
    None means the variant's own value for that key (not base's). ``client`` None plays in this
    process. As in simulate_on, a study has at most one shard per game. Each point is checked by
    one game played in this process before anything is submitted."""
    import pandas

    if "rules" in options:
        raise ValueError("sweep: give fixed overrides as base={dotted key: value}, not rules")
    shards = _shard_count(games, shards, options, "sweep")
    games = operator.index(games)
    # As the command line's grid files: keys each with a list of values, none empty, no value
    # twice (two equal rows, or none at all, are a grid written wrong).
    if not grid:
        raise ValueError("sweep: the grid is empty: give dotted rule keys and the values each takes, "
                         "e.g. {'last_card.penalty': [1, 2]}")
    lists: Dict[str, List[Any]] = {}
    for key, values in grid.items():
        if not isinstance(key, str):
            raise TypeError(f"sweep: the grid key {key!r} is not a str: give a dotted rule key, e.g. 'last_card.penalty'")
        # A str is iterable: "24" would be the points "2" and "4". A lone value (5) is not.
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise TypeError(f"sweep: grid[{key!r}] is {values!r}: give a list of values, as [{values!r}]")
        lists[key] = list(values)  # read once: a generator is used up by reading it
        if not lists[key]:
            raise ValueError(f"sweep: grid[{key!r}] is empty: give the values to try")
        seen = set()
        for value in lists[key]:
            as_rules = json.dumps(_plain(value, key))  # as the variant reads it: 2 and 2.0 differ
            if as_rules in seen:
                raise ValueError(f"sweep: grid[{key!r}] lists the value {value!r} twice")
            seen.add(as_rules)
    keys = list(lists)
    points = [dict(zip(keys, values)) for values in itertools.product(*(lists[k] for k in keys))]
    # The point's keys replace base's, None included: rules_yaml leaves a None key out, so the
    # variant's own value stands there, and base's other keys apply.
    rules_of = [rules_yaml({**dict(base or {}), **point}) for point in points]
    if client is not None:
        for rules in rules_of:
            _check_locally(variant, games, {**options, "rules": rules})
    if client is None:
        texts = [simulate_json(variant, games, rules=rules, **options) for rules in rules_of]
    else:
        pending = [_shard_futures(client, variant, games, shards, {**options, "rules": r}) for r in rules_of]
        texts = []
        for futures in pending:
            parts = client.gather(futures)
            texts.append(parts[0] if shards == 1 else merge_shards(parts))
    rows = []
    for point, text in zip(points, texts):
        row = {key: point[key] for key in keys}
        # A grid key keeps its column where summary_row has one of the same name (`players`:
        # the rule there, the study's player count here, the same on every row).
        row.update((k, v) for k, v in summary_row(text).items() if k not in row)
        rows.append(row)
    table = pandas.DataFrame(rows)
    # pandas reads [None, 1, 2] as the floats NaN, 1.0, 2.0: a grid column with None keeps the
    # values given (None: the variant's own value), as the command line's table writes them.
    for key in keys:
        if any(point[key] is None for point in points):
            table[key] = pandas.Series([point[key] for point in points], dtype=object)
    return table
