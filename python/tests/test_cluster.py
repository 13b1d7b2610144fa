"""Studies on Dask: a LocalCluster of two worker processes plays the shards of a study, and the
merged JSON is byte for byte the single-process one; a sweep over a grid of rule overrides
comes back as one table with the numbers of the single-process studies."""

import json
import re

import distributed  # python3-distributed: scripts/setup.sh installs it, so nothing is skipped
import pytest

import switchcards as sc
from switchcards.cluster import rules_yaml, simulate_on, sweep


@pytest.fixture(scope="module")
def client():
    # The worker processes inherit the environment: PYTHONPATH (set by CTest) makes the module
    # importable in them.
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                       dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_a_study_on_the_cluster_is_byte_identical(client):
    options = dict(agents="heuristic,random", seed=11)
    on_cluster = simulate_on(client, "british", 3000, shards=4, **options)
    assert on_cluster == sc.simulate_json("british", 3000, **options)


def test_a_study_takes_numpy_counts_and_record_none_as_simulate_json_does(client):
    """numpy integers and record=None (simulate_json's own "no record") were once refused."""
    import numpy as np

    on_cluster = simulate_on(client, "british", np.int64(40), shards=np.int32(2), record=None, seed=3)
    assert on_cluster == sc.simulate_json("british", np.int64(40), record=None, seed=3)
    table = sweep(None, "british", {"last_card.penalty": [2]}, games=np.int64(20), record=None, seed=3)
    assert int(table["games"][0]) == 20
    # A value of another type is a TypeError, as simulate_json's; a count below 1 a ValueError.
    for bad in (1.5, True, "10", np.float64(10), 10.0, np.bool_(True)):
        with pytest.raises(TypeError, match="games is a whole number from 1 to 18446744073709551615"):
            simulate_on(_NoCluster(), "british", bad, shards=2)
        with pytest.raises(TypeError, match="games is a whole number from 1 to 18446744073709551615"):
            sweep(_NoCluster(), "british", {"last_card.penalty": [1]}, games=bad)
        with pytest.raises(TypeError, match="shards is a whole number from 1 to 1000000"):
            simulate_on(_NoCluster(), "british", 10, shards=bad)
    with pytest.raises(TypeError):
        sc.simulate_json("british", 10.0)  # the same study in one process


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: simulate_on(_NoCluster(), "no-such-variant", 10, shards=2), sc.LoadError, "no-such-variant"),
        (lambda: simulate_on(_NoCluster(), "british", 10, shards=2, agents="heuristic,no-such"), ValueError, "no-such"),
        (lambda: simulate_on(_NoCluster(), "british", 10, shards=2, players=9), ValueError, "players 9"),
        (lambda: simulate_on(_NoCluster(), "british", 10, shards=2, shard=3), ValueError, "give shards=M"),
        (lambda: sweep(_NoCluster(), "british", {"last_card.penalty": ["lots"]}, games=10), sc.LoadError, "penalty"),
        (lambda: sweep(_NoCluster(), "no-such-variant", {"last_card.penalty": [2]}, games=10), sc.LoadError,
         "no-such-variant"),
    ],
)
def test_what_every_worker_would_refuse_is_one_error_before_the_cluster_is_used(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_sweep_grid_value_is_a_list_not_a_string():
    # A lone value (5) once raised "'int' object is not iterable".
    for values in ("24", b"24", 5, None):
        with pytest.raises(TypeError, match="give a list of values"):
            sweep(_NoCluster(), "british", {"last_card.penalty": values}, games=10)
    with pytest.raises(TypeError, match="the grid key 5 is not a str"):
        sweep(_NoCluster(), "british", {5: [1]}, games=10)


def test_a_sweeps_table_shows_the_grid_values_as_given():
    # QA: a grid over the rule `players` showed the study's player count (4) on both rows.
    grid = {"players": [{"min": 2, "max": 5}, {"min": 3, "max": 7}]}
    table = sweep(None, "british", grid, games=5)
    assert list(table["players"]) == grid["players"]
    assert list(table["games"]) == [5, 5]
    # QA: [None, 1] came back as NaN and 1.0.
    table = sweep(None, "british", {"last_card.penalty": [None, 1]}, games=5)
    assert list(table["last_card.penalty"]) == [None, 1]


def test_a_sweep_grid_is_refused_as_the_command_line_refuses_its_grid_files():
    # QA: an empty list gave a table of no rows, a value listed twice two equal rows.
    with pytest.raises(ValueError, match=r"^sweep: the grid is empty"):
        sweep(_NoCluster(), "british", {}, games=10)
    with pytest.raises(ValueError, match=r"^sweep: grid\['last_card.penalty'\] is empty"):
        sweep(_NoCluster(), "british", {"last_card.penalty": []}, games=10)
    with pytest.raises(ValueError, match=r"lists the value 1 twice"):
        sweep(_NoCluster(), "british", {"last_card.penalty": [1, 2, 1]}, games=10)
    with pytest.raises(ValueError, match=r"lists the value None twice"):
        sweep(_NoCluster(), "british", {"specials.skip.stack": [None, "8", None]}, games=10)
    # A generator is read once, and its values are the rows.
    table = sweep(None, "british", {"last_card.penalty": (p for p in (1, 2))}, games=4)
    assert list(table["last_card.penalty"]) == [1, 2]


def test_a_points_none_is_the_variants_value_for_its_key_and_base_applies_to_the_others():
    table = sweep(None, "british", {"last_card.penalty": [None, 2]}, games=10,
                  base={"last_card.penalty": 4, "specials.skip.stack": "8"})
    assert list(table["rules"]) == [
        json.dumps({"specials": {"skip": {"stack": "8"}}}),
        json.dumps({"last_card": {"penalty": 2}, "specials": {"skip": {"stack": "8"}}}),
    ]
    # base alone where the grid does not name its key.
    table = sweep(None, "british", {"specials.skip.stack": [None]}, games=10, base={"last_card.penalty": 4})
    assert list(table["rules"]) == [json.dumps({"last_card": {"penalty": 4}})]


def test_rules_yaml_takes_numpy_values_and_names_the_key_of_one_it_cannot_write():
    import numpy as np

    assert json.loads(rules_yaml({"last_card.penalty": np.int64(3), "x.y": np.arange(2)})) == {
        "last_card": {"penalty": 3}, "x": {"y": [0, 1]}}
    with pytest.raises(TypeError, match=r"rules: 'last_card.penalty': object .* is no rule value"):
        rules_yaml({"last_card.penalty": object()})


def test_a_shard_count_past_a_cpp_int_is_refused_before_anything_is_submitted():
    """2**32 shards passed the local check (which plays shard 1 of at most 2**31-1) and were
    submitted one by one, each to fail on its worker."""

    class NoSubmit:
        def scheduler_info(self):
            return {"workers": {"a": {}}}

        def submit(self, *args, **kwargs):
            raise AssertionError("submitted")

    with pytest.raises(ValueError, match=r"simulate_on: shards is a whole number from 1 to 1000000, not 4294967296"):
        simulate_on(NoSubmit(), "british", 2**32, shards=2**32)
    with pytest.raises(ValueError, match=r"simulate_on: shards is a whole number from 1 to 1000000, not 1000001"):
        simulate_on(NoSubmit(), "british", 2**32, shards=sc.MAX_SHARDS + 1)
    with pytest.raises(ValueError, match=r"games is a whole number from 1 to 18446744073709551615"):
        simulate_on(NoSubmit(), "british", 2**64, shards=2)


def test_a_study_of_more_games_than_shards_may_be_is_checked_locally():
    """The local check played shard 1 of min(games, 2**31-1), which simulate_json refuses past
    MAX_SHARDS: every study of more than 1,000,000 games failed before anything was submitted,
    naming a shard nobody asked for. It now plays the study's first game alone."""
    assert sc.MAX_SHARDS == 1_000_000
    from switchcards.cluster import _check_locally

    _check_locally("british", 2_000_000, {"agents": "heuristic,random", "seed": 1})
    with pytest.raises(ValueError, match=r"shards 1000001: 1 to 1000000"):
        sc.simulate_json("british", 2_000_000, shard=(1, sc.MAX_SHARDS + 1))


def test_rules_yaml_nests_dotted_keys():
    assert json.loads(rules_yaml({"last_card.penalty": 3, "specials.skip.stack": "8"})) == {
        "last_card": {"penalty": 3}, "specials": {"skip": {"stack": "8"}}}
    assert rules_yaml({"specials.skip.stack": None}) == ""


def test_rules_yaml_refuses_a_key_inside_a_key_with_a_value_in_either_order():
    # {"a.b": 1, "a": 2} once dropped "a.b" without a word.
    for overrides, message in (
        ({"a.b": 1, "a": 2}, "rules: 'a.b' goes inside 'a', which has a value"),
        ({"a": 2, "a.b": 1}, "rules: 'a.b' goes inside 'a', which has a value"),
        ({"x.a.b.c": 1, "x.a.b": 2}, "rules: 'x.a.b.c' goes inside 'x.a.b', which has a value"),
        ({"x.a.b": 2, "x.a.b.c": 1}, "rules: 'x.a.b.c' goes inside 'x.a.b', which has a value"),
        ({"a": {"c": 1}, "a.b": 2}, "rules: 'a.b' goes inside 'a', which has a value"),
    ):
        with pytest.raises(ValueError, match=re.escape(message)):
            rules_yaml(overrides)
    given = {"c": 1}
    assert json.loads(rules_yaml({"a.b": 1, "a.c.d": 2, "x": given})) == {"a": {"b": 1, "c": {"d": 2}}, "x": {"c": 1}}
    assert given == {"c": 1}


def test_a_sweep_comes_back_as_one_table(client):
    grid = {"last_card.penalty": [1, 2, 3, 4], "specials.skip.stack": [None, "8"]}
    table = sweep(client, "british", grid, games=200, shards=2, seed=5)
    assert len(table) == 8
    assert list(table.columns[:2]) == ["last_card.penalty", "specials.skip.stack"]
    local = sweep(None, "british", grid, games=200, seed=5)
    assert table.equals(local)
    row = table.iloc[7]
    expected = sc.simulate("british", 200, seed=5,
                           rules="{last_card: {penalty: 4}, specials: {skip: {stack: '8'}}}")
    assert row["mean_round_length"] == expected["round_length"]["mean"]
    assert row["rules"] == json.dumps({"last_card": {"penalty": 4}, "specials": {"skip": {"stack": "8"}}})


class _NoCluster:
    """Stands in for a client where the call must fail before it reaches the cluster."""

    def __getattr__(self, name):
        raise AssertionError(f"the cluster was used ({name}) for a call that is refused")


@pytest.mark.parametrize(
    "call, message",
    [
        # Every shard would write the one file, each on its own worker's disk.
        (lambda: simulate_on(_NoCluster(), "british", 8, shards=4, record="r.yaml"), "records are written by one process"),
        (lambda: sweep(_NoCluster(), "british", {"last_card.penalty": [1]}, games=8, shards=2, record="r.yaml"),
         "records are written by one process"),
        (lambda: simulate_on(_NoCluster(), "british", 0, shards=2), "games is a whole number from 1 to 18446744073709551615"),
        (lambda: simulate_on(_NoCluster(), "british", 10, shards=-2), "shards is a whole number from 1 to 1000000"),
        (lambda: sweep(_NoCluster(), "british", {"last_card.penalty": [1]}, games=0, shards=2),
         "games is a whole number from 1 to 18446744073709551615"),
        (lambda: simulate_on(_NoCluster(), "british", 10, shards=2, shard=(1, 2)), "give shards=M, not shard"),
    ],
)
def test_what_one_process_cannot_share_is_refused_before_the_cluster_is_used(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_a_sweep_has_at_most_one_shard_per_game(client):
    # 3 games in 5 shards: 3 shards of one game each, as simulate_on splits them.
    table = sweep(client, "british", {"last_card.penalty": [2]}, games=3, shards=5, seed=5)
    assert int(table["games"][0]) == 3
