"""Integer arguments: a value no C++ integer of the argument holds (a negative seed, 2**64, a
count past C++ int), a value outside what the argument may be, a float or a bool is a
ValueError or TypeError naming the argument and what it may be, never pybind11's generic
"incompatible function arguments"; numpy's integers are ints."""

import numpy as np
import pytest

import switchcards as sc
from switchcards.env import SwitchcardsEnv

engine = sc.Engine("british")
state = engine.deal(4, 1)


def record(tmp_path):
    path = tmp_path / "games.yaml"
    sc.simulate_json("mau-mau", 1, seed=3, record=str(path))
    return sc.read_game_records(str(path))[0]


def seeded_calls():
    agents = [sc.make_agent("random")] * 4
    return {
        "deal": lambda seed: engine.deal(4, seed),
        "deal_with_events": lambda seed: engine.deal_with_events(4, seed),
        "position": lambda seed: engine.position(hands=[["7H"], ["8H"]], discard=["9H"], seed=seed),
        "make_agent": lambda seed: sc.make_agent("random", seed),
        "Match": lambda seed: sc.Match(engine.variant, agents, seed),
        "simulate_json": lambda seed: sc.simulate_json("british", 2, seed=seed),
        "env.reset": lambda seed: SwitchcardsEnv("british").reset(seed=seed),
        "Agent.reset": lambda seed: sc.make_agent("random").reset(seed),
    }


@pytest.mark.parametrize("call", seeded_calls().keys())
def test_a_seed_is_0_to_2_64_minus_1_everywhere(call):
    f = seeded_calls()[call]
    for bad in (-1, 2**64, -(2**70)):
        with pytest.raises(ValueError, match=rf"^seed {bad}: 0 to 2\*\*64-1$"):
            f(bad)
    for bad in (1.5, "7", True):
        with pytest.raises(TypeError, match=r"^seed .*: an int from 0 to 2\*\*64-1"):
            f(bad)
    f(2**64 - 1)
    f(np.uint64(2**64 - 1))


def test_ints_past_cpp_int_are_named(tmp_path):
    big = 2**40
    agents = [sc.make_agent("random")] * 4
    cases = [
        (lambda: engine.deal(big, 1), rf"players {big}: british is for 2 to 7 players"),
        (lambda: engine.deal(9, 1), "players 9: british is for 2 to 7 players"),
        (lambda: engine.deal(4, 1, dealer=big), rf"dealer {big}: a seat 0 to 3, or -1 for the last seat"),
        (lambda: engine.position(hands=[["7H"], ["8H"]], discard=["9H"], turn=big), rf"turn {big}: a seat 0 to 1"),
        (lambda: sc.Match(engine.variant, agents, 1, max_rounds=big * big), "max_rounds .*: 1 to 2147483647"),
        (lambda: sc.Match(engine.variant, agents, 1, first_dealer=-big), "first_dealer .*: a seat, or -1"),
        (lambda: sc.Match(engine.variant, agents, 1, start_totals=[0, big, 0, 0]), rf"start_totals\[1\] {big}: -2\*\*31 to 2\*\*31-1"),
        (lambda: sc.simulate_json("british", big * big * big), r"games \d+: 1 to 18446744073709551615"),
        (lambda: sc.simulate_json("british", -1), "games -1: 1 to 18446744073709551615"),
        (lambda: sc.simulate_json("british", 10, players=big), rf"players {big}: a player count"),
        (lambda: sc.simulate_json("british", 10, threads=big), rf"threads {big}: 1 to 1024"),
        (lambda: sc.simulate_json("british", 10, shard=(1, big)), rf"shards {big}: 1 to 1000000"),
        (lambda: sc.simulate_json("british", 10, max_match_rounds=-big), "max_match_rounds .*: 1 to 1250"),
        (lambda: sc.replay_game(record(tmp_path), until=big), rf"until {big}: a number of actions"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError, match=message) as caught:
            call()
        assert "incompatible" not in str(caught.value)
    with pytest.raises(ValueError, match=rf"seat {2**70}: a seat is 0 to 7"):
        sc.Action.draw(2**70)
    with pytest.raises(TypeError, match=r"start_totals: a sequence of ints"):
        sc.Match(engine.variant, agents, 1, start_totals=5)
    # numpy's integers are ints.
    assert engine.deal(np.int8(4), np.uint64(1), np.int64(-1)) == engine.deal(4, 1)


def test_a_shard_is_a_pair_of_ints_not_floats():
    # (1.5, 4) was truncated to shard 1 of 4.
    with pytest.raises(TypeError, match=r"shard 1.5: an int, 1 to shards \(4\)"):
        sc.simulate_json("british", 10, shard=(1.5, 4))
    with pytest.raises(TypeError, match="shards 4.0"):
        sc.simulate_json("british", 10, shard=(1, 4.0))
    with pytest.raises(ValueError, match=r"shard 5: 1 to shards \(4\)"):
        sc.simulate_json("british", 10, shard=(5, 4))
    assert sc.simulate_json("british", 10, shard=(np.int64(1), np.int32(4))) == sc.simulate_json(
        "british", 10, shard="1/4")
    # '²' is a digit to str.isdigit, not to int(): refused as every other bad "K/M".
    with pytest.raises(ValueError, match=r"shard '1/²': 'K/M' with 1 <= K <= M"):
        sc.simulate_json("british", 10, shard="1/²")


def test_replay_until_is_a_count_or_minus_1_or_none(tmp_path):
    game = record(tmp_path)
    whole = sc.replay_game(game)
    assert whole["ok"] and whole["position"] is None
    assert sc.replay_game(game, until=None) == whole
    for bad in (-7, -2):  # was taken as -1: the whole record
        with pytest.raises(ValueError, match=rf"until {bad}: a number of actions \(0 to 2\*\*31-1\), or -1 or None"):
            sc.replay_game(game, until=bad)
    with pytest.raises(TypeError, match="until 2.0"):
        sc.replay_game(game, until=2.0)
    assert sc.replay_game(game, until=3)["position"]["state"].decisions == 3


def test_a_seat_out_of_range_is_an_index_error_for_jump_ins_as_for_view():
    # jump_ins(state, 99) returned [] while view(state, 99) raised.
    for seat in (4, 99, -1):
        for call in (engine.jump_ins, engine.view, engine.view_json, lambda s, seat: s.hand(seat)):
            with pytest.raises(IndexError, match=rf"no seat {seat}: the State's seats are 0 to 3"):
                call(state, seat)
    with pytest.raises(ValueError, match=rf"seat {2**70}: -2\*\*31 to 2\*\*31-1"):
        engine.jump_ins(state, 2**70)
    with pytest.raises(TypeError, match="seat True"):
        engine.jump_ins(state, True)
    assert engine.jump_ins(state, 1) == []


def test_the_learning_classes_and_the_environment_name_a_bad_int():
    big = 2**40
    events = engine.apply(state.copy(), engine.legal_actions(state)[0])
    space, layout = sc.ActionSpace(engine, 4), sc.ObservationLayout(engine, 4)
    out = np.zeros(layout.size, dtype=np.float32)
    cases = [
        (lambda: sc.ActionSpace(engine, big), ValueError, rf"players {big}: -2\*\*31 to 2\*\*31-1"),
        (lambda: space.action(big, 0), ValueError, rf"^id {big}: an action id, 0 to {space.size - 1}$"),
        (lambda: space.action(0, -big), ValueError, rf"seat {-big}: -2\*\*31 to 2\*\*31-1"),
        (lambda: space.name(1.0), TypeError, "id 1.0: an int"),
        # QA: ids and seats outside the space were IndexErrors, where the environment's bad
        # ids are ValueErrors.
        (lambda: space.action(-1, 0), ValueError, rf"^id -1: an action id, 0 to {space.size - 1}$"),
        (lambda: space.name(space.size), ValueError, rf"^id {space.size}: an action id"),
        (lambda: space.action(0, 4), ValueError, r"^seat 4: a seat of the space's 4 players, 0 to 3$"),
        (lambda: sc.card_of_index(53), ValueError, r"^index 53: 0 to 52$"),
        (lambda: sc.card_index("ZZ"), ValueError, "'ZZ'"),
        (lambda: sc.ObservationLayout(engine, big), ValueError, rf"players {big}"),
        (lambda: layout.write(state, big, out=out), ValueError, rf"seat {big}"),
        (lambda: layout.write(state, 9, out=out), IndexError, "no seat 9: the State's seats are 0 to 3"),
        (lambda: layout.write_out(big, [0, 1], [], out), ValueError, rf"match_seat {big}"),
        # Lists of ints are checked int by int: pybind11's list of ints took True as 1.
        (lambda: layout.write(state, 0, None, [True, 0, 0, 0], out), TypeError, r"totals\[0\] True: an int .*, not a bool"),
        (lambda: layout.write(state, 0, None, [0, 1.5, 0, 0], out), TypeError, r"totals\[1\] 1.5: an int"),
        (lambda: layout.write(state, 0, None, [0, 0, big, 0], out), ValueError, rf"totals\[2\] {big}: -2\*\*31 to 2\*\*31-1"),
        (lambda: layout.write(state, 0, None, "1234", out), TypeError, "totals: a sequence of ints, not '1234'"),
        (lambda: layout.write(state, 0, round_seats=[0, 1, 2.0, 3], out=out), TypeError, r"round_seats\[2\] 2.0: an int"),
        (lambda: layout.write_out(0, [0, False], [], out), TypeError, r"round_seats\[1\] False: an int .*, not a bool"),
        (lambda: layout.write_out(0, [0, 1], [0, 0.5, 0, 0], out), TypeError, r"totals\[1\] 0.5: an int"),
        (lambda: sc.CardKnowledge(engine).observe(state, 9, []), IndexError, "no seat 9"),
        (lambda: events[0].seen_by(big), ValueError, rf"seat {big}"),
        (lambda: events[0].seen_by(9), ValueError, "seat 9: a seat, 0 to 7"),
        (lambda: sc.describe_events(events, viewer=big), ValueError, rf"viewer {big}: a seat 0 to 7, or None"),
        (lambda: SwitchcardsEnv("british", players=big), ValueError, rf"players {big}"),
        # A count C++ holds, outside the variant's: the words engine.deal uses.
        (lambda: SwitchcardsEnv("british", players=9), ValueError, "^players 9: british is for 2 to 7 players$"),
        (lambda: sc.ActionSpace(engine, 9), ValueError, "^players 9: british is for 2 to 7 players$"),
        (lambda: sc.ObservationLayout(engine, 1), ValueError, "^players 1: british is for 2 to 7 players$"),
        (lambda: SwitchcardsEnv("british", max_match_rounds=0), ValueError, "max_match_rounds 0: 1 to 1250"),
        (lambda: SwitchcardsEnv("british", max_match_rounds=big * big), ValueError, "max_match_rounds"),
    ]
    for call, error, message in cases:
        with pytest.raises(error, match=message) as caught:
            call()
        assert "incompatible" not in str(caught.value)


def test_a_path_with_a_nul_in_it_names_no_file(tmp_path):
    """The system reads a path as a C string: "v.yaml\\0junk" once loaded v.yaml. The message
    writes the NUL as \\u0000, since a C string would end there too."""
    path = tmp_path / "v.yaml"
    path.write_text("extends: british\n")
    with pytest.raises(sc.LoadError, match=r"v\.yaml\\u0000junk': no such file$") as caught:
        sc.load_variant(str(path) + "\0junk")
    assert caught.value.file == str(path) + "\0junk"
    with pytest.raises(RuntimeError, match=r"cannot write .*\\u0000b: a file name cannot hold a NUL"):
        sc.simulate_json("british", 2, seed=1, record=str(tmp_path / "games.yaml") + "\0b")
    assert not (tmp_path / "games.yaml").exists()
