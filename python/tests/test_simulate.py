"""simulate from Python: the same JSON as `switchcards simulate --json -` for the same options,
the exact merge of shards, the GIL released while it runs, and the pandas table."""

import json
import subprocess
import threading
import time

import pytest

import switchcards as sc

CASES = [
    (dict(variant="british", games=300, agents="heuristic,random", seed=7),
     ["-v", "british", "-n", "300", "-a", "heuristic,random", "-s", "7"]),
    (dict(variant="balkan", games=40, players=3, matches=True, seed=3),
     ["-v", "balkan", "-n", "40", "-p", "3", "--matches", "-s", "3"]),
    (dict(variant="british", games=200, rules="{last_card: {penalty: 4}}", shard="2/3", agents=["eager"]),
     ["-v", "british", "-n", "200", "--rules", "{last_card: {penalty: 4}}", "--shard", "2/3", "-a", "eager"]),
]


@pytest.mark.parametrize("options,arguments", CASES)
def test_the_same_json_as_the_command_line(cli, options, arguments):
    options = dict(options)
    variant = options.pop("variant")
    games = options.pop("games")
    text = sc.simulate_json(variant, games, **options)
    out = subprocess.run([cli, "simulate", *arguments, "-t", "1", "--json", "-"], check=True,
                         capture_output=True, text=True).stdout
    assert text + "\n" == out
    assert sc.simulate(variant, games, **options) == __import__("json").loads(out)


def test_shards_merge_into_the_unsharded_json():
    whole = sc.simulate_json("crazy-eights", 500, seed=4, agents="heuristic")
    parts = [sc.simulate_json("crazy-eights", 500, seed=4, agents="heuristic", shard=(k, 3)) for k in (3, 1, 2)]
    assert sc.merge_shards(parts) == whole
    with pytest.raises(ValueError, match="gap|missing|cover"):
        sc.merge_shards(parts[:2])
    # Named by their place in the list, not as the --shard K/M they are.
    with pytest.raises(ValueError, match=r"^merge: shards\[1\] covers games"):
        sc.merge_shards([parts[1], parts[0]])  # shards 1/3 and 3/3: 2/3 is missing


def test_merge_shards_refuses_what_is_no_list_of_shards_naming_the_argument():
    # QA: one text was split into its characters ("shards[0]: not JSON"), None was "not a
    # switchcards simulation file", names=[] for two shards was ignored and names="xy" taken
    # for two names.
    a, b = (sc.simulate_json("british", 10, shard=(k, 2)) for k in (1, 2))
    whole = sc.simulate_json("british", 10)
    assert sc.merge_shards([a, b], ["a.json", "b.json"]) == whole
    with pytest.raises(TypeError, match=r"^merge_shards: shards is a list of shards"):
        sc.merge_shards(whole)
    with pytest.raises(TypeError, match=r"^merge_shards: shards is a list of shards"):
        sc.merge_shards(__import__("json").loads(whole))
    for bad in (None, 5):
        with pytest.raises(TypeError, match=rf"^merge_shards: shards\[1\] is a study's results .*not {bad}$"):
            sc.merge_shards([a, bad])
    with pytest.raises(ValueError, match=r"^merge_shards: 0 names for 2 shards"):
        sc.merge_shards([a, b], [])
    with pytest.raises(TypeError, match=r"^merge_shards: names is a list of names"):
        sc.merge_shards([a, b], "xy")
    with pytest.raises(TypeError, match=r"^merge_shards: names\[1\] is 7"):
        sc.merge_shards([a, b], ["a", 7])


def test_arguments_of_the_wrong_kind_are_refused_before_anything_is_played():
    # QA: each of these was accepted silently, or failed with a bare Python error.
    capped = sc.simulate("british", 2, matches=True, max_match_rounds=3)
    assert capped["games"] == 2
    with pytest.raises(TypeError, match=r"^simulate: agents is a str .*not 5$"):
        sc.simulate("british", 3, agents=5)
    with pytest.raises(TypeError, match=r"^simulate: agents\[1\] is 2: an agent name is a str"):
        sc.simulate("british", 3, agents=["random", 2])
    with pytest.raises(TypeError, match=r"^FunctionAgent: function is a callable"):
        sc.agent_from_function(5)
    with pytest.raises(ValueError, match=r"^result: not a switchcards simulation file"):
        sc.results_table({"games": -1})
    with pytest.raises(TypeError, match=r"^results_table: result is a study's results"):
        sc.results_table(5)
    # The JSON text is taken, as summary_row takes it.
    text = sc.simulate_json("british", 3)
    assert list(sc.results_table(text)["wins"]) == list(sc.results_table(__import__("json").loads(text))["wins"])


def test_bad_options_are_clear_errors():
    with pytest.raises(ValueError, match="no-such"):
        sc.simulate("british", 10, agents="no-such")
    with pytest.raises(ValueError, match="players"):
        sc.simulate("balkan", 10, players=2)
    with pytest.raises(ValueError, match="shard"):
        sc.simulate("british", 10, shard="4/3")
    with pytest.raises(sc.LoadError):
        sc.simulate("british", 10, rules="{last_card: {penalty: lots}}")
    with pytest.raises(ValueError, match="threads 5000: 1 to 1024"):
        sc.simulate("british", 10, threads=5000)
    # Seat k plays agents[k % len(agents)]: a name past the seats would play no game.
    with pytest.raises(ValueError, match="agents: 3 names for 2 players"):
        sc.simulate("british", 10, players=2, agents="heuristic,random,eager")


def test_the_gil_is_released_while_the_study_runs():
    results = []
    # 100,000 games: about a second, long enough to see on a machine several times faster.
    worker = threading.Thread(target=lambda: results.append(sc.simulate_json("british", 100000)))
    start = time.perf_counter()
    worker.start()
    ticks = 0
    while worker.is_alive():  # ends also if the study raises
        ticks += 1
        time.sleep(0.001)
    worker.join()
    elapsed = time.perf_counter() - start
    assert len(results) == 1
    # A held GIL would leave this thread one tick (the switch interval ends only with the call).
    assert elapsed > 0.1 and ticks > 20, (elapsed, ticks)


def test_results_table():
    result = sc.simulate("british", 100, agents="heuristic,random")
    table = sc.results_table(result)
    assert list(table["seat"]) == [0, 1, 2, 3]
    assert list(table["agent"]) == ["heuristic", "random", "heuristic", "random"]
    assert table["wins"].sum() + result["stalemates"] == result["games"]


def test_records_are_the_command_lines(cli, tmp_path):
    ours, theirs = tmp_path / "ours.yaml", tmp_path / "theirs.yaml"
    sc.simulate_json("british", 4, seed=9, rules="{last_card: {penalty: 3}}", record=str(ours))
    subprocess.run([cli, "simulate", "-v", "british", "-n", "4", "-s", "9", "--rules",
                    "{last_card: {penalty: 3}}", "--record", str(theirs), "--json", "-"],
                   check=True, capture_output=True)
    assert ours.read_text() == theirs.read_text()
    records = sc.read_game_records(str(ours))
    assert len(records) == 4 and all(sc.replay_game(r)["ok"] for r in records)


def test_a_records_file_that_cannot_be_written_is_refused_before_the_study(tmp_path):
    # QA: the path was tried only after the study, so hours of games were lost to a typo. The
    # refusal before the study is a ValueError; a write that fails after it, a RuntimeError.
    import os
    os.symlink(tmp_path / "nodir" / "x.yaml", tmp_path / "dangling.yaml")
    for path, reason in [(tmp_path / "nodir" / "g.yaml", "does not exist"),
                         (tmp_path, "is a directory, not a file"),
                         (tmp_path / ("x" * 300), "bytes long; the file system takes"),
                         (tmp_path / "dangling.yaml", "nodir does not exist")]:
        with pytest.raises(ValueError, match=reason) as e:
            sc.simulate_json("british", 3, record=str(path))
        assert str(path) in str(e.value)
    with pytest.raises(ValueError, match="does not exist"):
        sc.simulate("british", 3, record=str(tmp_path / "nodir" / "g.yaml"))


def test_a_shards_records_are_the_command_lines(cli, tmp_path):
    """A shard keeps every game it plays when they are few, counted in the shard, not the study
    (Python kept one record of a shard of 5 games of 20, the command line 5)."""
    ours, theirs = tmp_path / "ours.yaml", tmp_path / "theirs.yaml"
    sc.simulate_json("british", 20, shard=(2, 4), seed=5, record=str(ours))
    subprocess.run([cli, "simulate", "-v", "british", "-n", "20", "-s", "5", "--shard", "2/4",
                    "--record", str(theirs), "--json", "-"], check=True, capture_output=True)
    assert ours.read_text() == theirs.read_text()
    records = sc.read_game_records(str(ours))
    assert [r.seed for r in records] == [sc.derive_seed(5, k) for k in range(5, 10)]


def test_players_none_is_the_default_and_false_or_zero_are_refused():
    assert sc.simulate("british", 5, players=None)["players"] == sc.load_variant("british").default_players
    for value in (False, True):
        with pytest.raises(TypeError, match=r"players is a whole number of at least 1 .*not a bool \((False|True)\)"):
            sc.simulate_json("british", 5, players=value)
    for value in (0, -2):
        with pytest.raises(ValueError, match=rf"players is a whole number of at least 1 .*not {value}$"):
            sc.simulate_json("british", 5, players=value)
    with pytest.raises(TypeError, match=r"players is a whole number of at least 1 .*not 3.0$"):
        sc.simulate_json("british", 5, players=3.0)
    # The other counts were never read with `or`: a bool is refused for each of them too.
    for name in ("games", "seed", "threads", "max_match_rounds"):
        with pytest.raises(TypeError, match=rf"{name} False: .*not a bool"):
            sc.simulate_json("british", **{"games": 5, name: False})


@pytest.mark.parametrize("shard, error", [(3, TypeError), ((1, 2, 3), ValueError), ((1,), ValueError),
                                          ({1: 2}, TypeError)])
def test_a_shard_that_is_no_pair_is_named(shard, error):
    with pytest.raises(error, match=r"shard must be a pair \(K, M\)"):
        sc.simulate_json("british", 10, shard=shard)


INTERRUPTED_STUDY = r"""
import sys, time
import switchcards as sc
start = time.monotonic()
try:
    print("started", flush=True)  # inside the try: a signal from now on is caught
    sc.{call}("british", 10**9, agents="{agents}")
except KeyboardInterrupt:
    print("interrupted after", time.monotonic() - start, flush=True)
    raise
"""


@pytest.mark.parametrize("call", ["simulate_json", "simulate"])
@pytest.mark.parametrize("agents", ["random", "ismcts:60s"])
def test_ctrl_c_stops_a_study_with_keyboard_interrupt(call, agents):
    import signal, sys
    # A billion games would take hours: the study must stop at the signal, not at its end; nor
    # at the end of the game under way, whose every decision an ismcts:60s bot searches for a
    # minute (QA: it waited for that game).
    script = INTERRUPTED_STUDY.replace("{call}", call).replace("{agents}", agents)
    child = subprocess.Popen([sys.executable, "-c", script],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "started\n"
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
        stopped = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert "KeyboardInterrupt" in err, err
    assert "interrupted after" in out and child.returncode != 0
    assert stopped < 5, stopped


def test_summary_row_is_exported_and_results_tables_docstring_names_its_columns():
    from switchcards import simulation
    assert sc.summary_row is simulation.summary_row and "summary_row" in sc.__all__
    result = sc.simulate("british", 20)
    assert sc.summary_row(result)["games"] == 20
    columns = list(sc.results_table(result).columns)
    assert columns == ["seat", "agent", "wins", "win_rate", "ci95_low", "ci95_high"]
    for column in columns:
        assert column in sc.results_table.__doc__, column


@pytest.mark.parametrize("matches", [False, True])
def test_summary_row_states_a_sweep_rows_measures_under_its_names(cli, tmp_path, matches):
    """One set of names and numbers for a study's measures: summary_row's are the columns of
    the command line's sweep CSV for the same study, in its order, value for value (Python
    once named places from 0, win_rate_place_0, where the sweep says first_player_win_rate)."""
    grid = tmp_path / "grid.yaml"
    grid.write_text("last_card.penalty: [2]\n")
    table = tmp_path / "sweep.csv"
    subprocess.run([cli, "sweep", str(grid), "-v", "british", "-n", "30", "-s", "5", "-t", "1",
                    *(["--matches"] if matches else []), "--csv", str(table)],
                   check=True, capture_output=True)
    head, values = table.read_text().splitlines()
    columns, cells = head.split(",")[1:], values.split(",")[1:]  # after the grid key's value
    row = sc.summary_row(sc.simulate("british", 30, seed=5, matches=matches,
                                     rules="{last_card: {penalty: 2}}"))
    assert [key for key in row if key in columns] == columns
    for name, cell in zip(columns, cells):
        value = row[name]
        expected = "" if value is None else f"{value:.6f}" if isinstance(value, float) else str(value)
        assert cell == expected, name
    assert not any(key.startswith("win_rate_place") for key in row)
    assert row["variant"] == "british" and row["rules"] == "{last_card: {penalty: 2}}"
    # Checked as merge checks a shard, each fault named by its field; the derived values are
    # worked out again from the counts, so a dict without them gives the same row.
    small = sc.simulate("british", 5)
    with pytest.raises(ValueError, match=r"^result: /games: "):
        sc.summary_row({**small, "games": -1})
    with pytest.raises(ValueError, match=r"^result: /decisions: "):
        sc.summary_row({**small, "decisions": 1.5})
    with pytest.raises(ValueError, match=r"^result: not a switchcards simulation file"):
        sc.summary_row({})
    with pytest.raises(ValueError, match=r"^summary_row: the result holds NaN"):
        sc.summary_row({**small, "decisions": float("nan")})
    assert sc.summary_row({k: v for k, v in small.items() if k != "seats"}) == sc.summary_row(small)
    assert sc.summary_row(sc.simulate_json("british", 5)) == sc.summary_row(small)


def test_summary_row_of_results_of_format_2_leaves_what_they_did_not_count_as_none():
    """A /2 results file counted neither penalty cards nor the lead: None, not a 0 that reads
    as measured (found by review)."""
    text = sc.simulate_json("british", 40, seed=3)
    old = json.loads(text[: text.index(',\n  "penalty_cards"')] + "\n}")
    old["format"] = "switchcards-simulation/2"
    row = sc.summary_row(old)
    for unmeasured in ("penalty_cards_per_round", "lead_changes_per_round", "mid_leader_win_rate"):
        assert row[unmeasured] is None, unmeasured
    assert row["specials_per_round"] > 0 and row["games"] == 40


def test_derive_seed_is_the_cs():
    """The C++ derive_seed (core/rng.hpp: SplitMix64 of the pair), bit for bit."""
    def splitmix(master, index):
        mask = 2**64 - 1
        z = (master + 0x9E3779B97F4A7C15 * (index + 1)) & mask
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    for master, index in [(0, 0), (7, 3), (2**64 - 1, 2**64 - 1), (123456789, 10**6)]:
        assert sc.derive_seed(master, index) == splitmix(master, index)
    with pytest.raises(ValueError, match="index -1"):
        sc.derive_seed(1, -1)
    with pytest.raises(TypeError):
        sc.derive_seed(1, 2.0)


@pytest.mark.parametrize("matches", [False, True])
def test_game_k_of_a_study_replays_alone_from_derive_seed(tmp_path, matches):
    """Game k of `simulate` is the match of seed derive_seed(seed, k) (a study of rounds: its
    first round), its agents reset before each round with derive_seed(round seed, 1 + seat):
    replayed alone, it is the game the study recorded, action for action."""
    names, players, seed = ["heuristic", "random", "eager"], 3, 21
    path = tmp_path / "games.yaml"
    sc.simulate_json("british", 5, players=players, agents=names, seed=seed, matches=matches,
                     max_match_rounds=4, record=str(path))
    records = sc.read_game_records(str(path))
    assert len(records) == 5
    engine = sc.Engine("british")
    for k in (0, 3):
        recorded = records[k]
        assert recorded.seed == sc.derive_seed(seed, k)
        match = sc.Match("british", [sc.make_agent(n) for n in names], seed=sc.derive_seed(seed, k),
                         max_rounds=4 if matches else 1)
        rounds = [match.play_round() for _ in recorded.rounds]
        for played, want in zip(rounds, recorded.rounds):
            assert (played["seed"], played["dealer"], played["seats"]) == (want["seed"], want["dealer"], want["seats"])
            assert (played["winner"], played["scores"]) == (want["winner"], want["scores"])
            # Every action: the round dealt from its seed and dealer, each seat's agent seeded
            # as the study's was.
            state = engine.deal(len(played["seats"]), seed=played["seed"], dealer=played["seats"].index(played["dealer"]))
            agents = [sc.make_agent(names[s % len(names)], sc.derive_seed(played["seed"], 1 + s)) for s in played["seats"]]
            actions = sc.play_round(engine, state, agents)
            assert [str(a) for a in actions] == [str(a) for a in want["actions"]]
        if matches:
            assert match.standings["totals"] == recorded.totals


# A round written by hand that no action ended: a stalemate, with no agents named.
STALEMATE_RECORD = """
format: switchcards-game/1
variant: british
players: 2
seed: 5
match: false
rounds:
  - {seed: 5, dealer: 1, seats: [0, 1], actions: [], winner: null, scores: [0, 0]}
"""


def test_a_recorded_stalemate_has_no_winner_as_the_match_history_says():
    """A record's round dict gives None for a stalemate's winner, as `Match.history` and
    `play_round` do (the YAML and JSON forms write null), so the two compare equal."""
    record = sc.read_game_records_from_string(STALEMATE_RECORD, "stalemate.yaml")[0]
    assert record.rounds[0]["winner"] is None and record.match_winner == -1
    # A record that names no agents (written by hand) reads back from both its forms.
    back = sc.read_game_records_from_string(record.to_yaml(), "again.yaml")[0]
    assert back.rounds[0]["winner"] is None and back.agents == []
    assert sc.GameRecord.from_json(record.to_json()).rounds == record.rounds


def test_a_json_record_without_its_header_is_refused_with_the_key_it_lacks():
    # It raised nlohmann's own out_of_range ("key 'version' not found"), not a JsonError.
    record = sc.read_game_records_from_string(STALEMATE_RECORD, "game.yaml")[0]
    for key in ("version", "format"):
        document = json.loads(record.to_json())
        del document[key]
        with pytest.raises(sc.JsonError, match=f"missing key '{key}'"):
            sc.GameRecord.from_json(json.dumps(document))
