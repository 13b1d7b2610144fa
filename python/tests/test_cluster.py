"""Studies on Dask: a LocalCluster of two worker processes plays the shards of a study, and the
merged JSON is byte for byte the single-process one; a sweep over a grid of rule overrides
comes back as one table with the numbers of the single-process studies."""

import json

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


def test_rules_yaml_nests_dotted_keys():
    assert json.loads(rules_yaml({"last_card.penalty": 3, "specials.skip.stack": "8"})) == {
        "last_card": {"penalty": 3}, "specials": {"skip": {"stack": "8"}}}
    assert rules_yaml({"specials.skip.stack": None}) == ""


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
