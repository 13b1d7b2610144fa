"""The engine from Python: variants and their errors, the State as a value, actions and their
text form, legal actions and refusals, views, events, scoring, ids, masks and observations."""

import copy
import pickle
import random

import numpy as np
import pytest

import switchcards as sc


def random_states(engine, players, seed, count):
    """`count` States along random legal playouts (every decision point, not only deals)."""
    rng = random.Random(seed)
    out = []
    game = 0
    while len(out) < count:
        state = engine.deal(players, seed * 1000 + game)
        game += 1
        while not state.over and len(out) < count:
            out.append(state.copy())
            engine.apply(state, rng.choice(engine.legal_actions(state)))
    return out


def test_version_and_builtins():
    assert sc.__version__.count(".") == 2
    names = sc.builtin_variant_names()
    assert "british" in names and "crazy-eights" in names
    assert sc.load_variant("british").name == "british"


def test_variant_from_file_string_and_rules(source_dir):
    from_file = sc.load_variant(str(source_dir / "variants" / "british.yaml"))
    assert from_file.name == "british"
    harsh = sc.load_variant("british", "{last_card: {penalty: 4}}")
    assert harsh != sc.load_variant("british")
    text = "extends: british\nname: kitchen\nspecials:\n  skip: {stack: 8}\n"
    kitchen = sc.load_variant_from_string(text, "kitchen.yaml")
    assert kitchen.name == "kitchen"
    assert "skip" in kitchen.specials


def test_load_error_names_file_line_column_and_key():
    text = "extends: british\nname: bad\nlast_card: {penalty: lots}\n"
    with pytest.raises(sc.LoadError) as caught:
        sc.load_variant_from_string(text, "house.yaml")
    e = caught.value
    assert isinstance(e, ValueError)
    assert e.file == "house.yaml"
    assert e.line == 3
    assert e.column > 1
    assert e.key == "last_card.penalty"
    assert str(e).startswith("house.yaml:3:")
    assert e.errors[0][:4] == (e.file, e.line, e.column, e.key)


def test_rules_error_names_the_rules():
    with pytest.raises(sc.LoadError) as caught:
        sc.load_variant("british", "{specials: {skip: {stack: []}}}")
    assert caught.value.file == "rules"
    assert caught.value.key == "specials.skip.stack"


def test_unknown_variant_is_a_load_error():
    with pytest.raises(sc.LoadError):
        sc.load_variant("no-such-variant")


def test_deal_is_reproducible_and_state_is_a_value():
    engine = sc.Engine("british")
    a, b = engine.deal(4, 7), engine.deal(4, 7)
    assert a == b
    assert engine.deal(4, 8) != a
    c = copy.copy(a)
    engine.apply(c, engine.legal_actions(c)[0])
    assert c != a and a == b  # the copy moved on, the original did not
    assert pickle.loads(pickle.dumps(c)) == c
    assert copy.deepcopy(c) == c
    assert len(a.hand(0)) == 7 and a.players == 4


def test_state_json_round_trip_and_a_tampered_save():
    engine = sc.Engine("british")
    state = random_states(engine, 4, 3, 30)[-1]
    saved = engine.state_to_json(state)
    assert engine.state_from_json(saved) == state
    assert engine.check_state(state) == ""
    tampered = saved.replace('"turn":%d' % state.turn, '"turn":9')
    with pytest.raises(sc.JsonError) as caught:
        engine.state_from_json(tampered, "save.json")
    assert caught.value.path == "/turn"
    assert caught.value.source == "save.json"


def test_a_position_with_cards_out_of_play_saves_and_reads_back():
    """A position's save was refused by the reader ("'AC' is missing"): the cards a position
    leaves out are out of play, and the save lists them."""
    import json

    engine = sc.Engine("british")
    state = engine.position(hands=[["7H", "2C"], ["8H", "3D"]], discard=["9H"], stock=["KS", "4D"])
    saved = engine.state_to_json(state)
    listed = json.loads(saved)["out_of_play"]
    assert len(listed) == 52 - 7 and not {"7H", "2C", "8H", "3D", "9H", "KS", "4D"} & set(listed)
    restored = engine.state_from_json(saved)
    assert restored == state and engine.state_to_json(restored) == saved
    engine.apply(state, sc.Action.draw(0))
    engine.apply(restored, sc.Action.draw(0))
    assert restored == state and "KS" in restored.hand(0)  # the stock's top, drawn
    tampered = json.loads(saved)
    tampered["out_of_play"].remove("AC")  # a card in no place and not listed: still refused
    with pytest.raises(sc.JsonError, match="'AC' is missing"):
        engine.state_from_json(json.dumps(tampered))
    assert "out_of_play" not in engine.state_to_json(engine.deal(2, 1))  # a dealt round: every card
    assert engine.check_state(state).startswith("/hands: 'AC' is in the state 0 times")


def test_illegal_action_is_refused_with_the_reason_and_leaves_the_state():
    engine = sc.Engine("british")
    state = engine.deal(4, 11)
    before = state.copy()
    wrong_seat = sc.Action.draw(1)  # seat 0 is to act
    assert engine.check(state, wrong_seat) == "it is not this seat's turn"
    with pytest.raises(sc.IllegalAction) as caught:
        engine.apply(state, wrong_seat)
    assert caught.value.refusal == "not_your_turn"
    assert caught.value.reason == "it is not this seat's turn"
    assert caught.value.action == "1 draw"
    assert state == before
    not_held = next(c for c in ("AS", "2H", "3C", "4D", "5S") if c not in state.hand(0))
    with pytest.raises(sc.IllegalAction) as caught:
        engine.apply(state, sc.Action.play(0, not_held))
    assert caught.value.refusal == "card_not_in_hand"
    assert state == before


def test_the_house_rules_refusals_have_their_names():
    """The refusals of the house-rule keys reach Python by name, as the first ones do."""
    engine = sc.Engine("british-no-power-finish")
    state = engine.position(hands=[["2H"], ["5C", "6C"], ["5D", "6D"]], discard=["2S"], stock=["10C", "KS"])
    with pytest.raises(sc.IllegalAction) as caught:
        engine.apply(state, sc.Action.play(0, "2H"))
    assert caught.value.refusal == "cannot_finish_on"
    assert "round.no_finish" in caught.value.reason
    deflection = sc.Engine("british-deflection")
    state = deflection.position(hands=[["4C", "9C"], ["2H", "JD", "3C"], ["5D", "6D"]], discard=["4H"], stock=["10C", "KS"], turn=1)
    deflection.apply(state, sc.Action.play(1, "2H"))
    with pytest.raises(sc.IllegalAction) as caught:
        deflection.apply(state, sc.Action.play(2, "5D"))
    assert caught.value.refusal == "not_a_deflection"


def test_legal_actions_are_accepted_and_their_text_round_trips():
    engine = sc.Engine("crazy-eights")
    for state in random_states(engine, 3, 5, 200):
        for action in engine.legal_actions(state):
            assert engine.check(state, action) is None
            assert sc.Action.parse(str(action)) == action
            assert sc.Action.from_json(action.to_json()) == action
    play = sc.Action.parse("2 play AS hearts last")
    assert (play.kind, play.seat, play.card, play.suit, play.last) == ("play", 2, "AS", "hearts", True)
    assert sc.Action.parse("0 challenge 2").target == 2
    assert str(sc.Action.pass_(1)) == "1 pass"
    with pytest.raises(ValueError, match="not a card"):
        sc.Action.parse("0 play 11H")


def test_apply_returns_events_with_their_sentences():
    engine = sc.Engine("british")
    state, events = engine.deal_with_events(4, 5, every_card=True)
    assert sum(e.kind == "card_dealt" for e in events) == 28
    play = next(a for a in engine.legal_actions(state) if a.kind == "play")
    events = engine.apply(state, play)
    assert events[0].kind == "card_played" and events[0].card == play.card and events[0].seat == 0
    assert str(events[0]).startswith("Seat 0 plays")
    assert sc.describe_events(events, viewer=0)[0].startswith("You play")
    # With the table's size, skips round it are turns (4 skips at a table of 3).
    chain = sc.Event.from_json('{"kind": "penalty_pending", "seat": 1, "card": "8C", "count": 0, "extra": 4}')
    assert sc.describe_events([chain], players=3) == [
        "Seat 1 must miss a turn unless answered, and the next 3 turns after seat 1's are skipped too, round the table."]
    assert "the 3 players after seat 1" in sc.describe_events([chain])[0]
    with pytest.raises(ValueError, match="players"):
        sc.describe_events([chain], players=1)
    assert sc.Event.from_json(events[0].to_json()) == events[0]
    drawn = engine.apply(state, sc.Action.draw(state.turn)) if sc.Action.draw(state.turn) in engine.legal_actions(state) else []
    for e in drawn:
        if e.kind == "card_drawn":
            assert e.seen_by((e.seat + 1) % 4).card == "JOKER"
            assert e.seen_by(e.seat).card == e.card


def test_view_shows_what_the_seat_may_know():
    engine = sc.Engine("british")
    state = random_states(engine, 4, 9, 25)[-1]
    for seat in range(4):
        view = engine.view(state, seat)
        assert isinstance(view, sc.PlayerView)
        assert sorted(view.hand) == sorted(state.hand(seat))
        assert view.hand_sizes == [len(state.hand(s)) for s in range(4)]
        assert view.top == state.top and view.turn == state.turn
        assert view.to_json() == engine.view_json(state, seat)
        assert sc.PlayerView.from_json(view.to_json()) == view
        assert pickle.loads(pickle.dumps(view)) == view
    with pytest.raises(ValueError, match="beginner mode"):
        engine.view(state, 0, revealed=True)


def test_view_shows_the_turns_a_seat_will_miss():
    """specials' waits (the Makao stop): three eights stacked, and the seat that takes them
    misses three turns, two still to come; the view, its JSON and a save keep the count."""
    import json

    engine = sc.Engine("british-eights-wait")
    state = engine.position(hands=[["8H", "5D"], ["8S", "5S"], ["8D", "5C"], ["3C", "4S"]], discard=["4H"], stock=["10C", "KS"])
    for action in (sc.Action.play(0, "8H", last=True), sc.Action.play(1, "8S", last=True),
                   sc.Action.play(2, "8D", last=True), sc.Action.pass_(3)):
        engine.apply(state, action)
    view = engine.view(state, 0)
    assert view.misses_turn == [3] and view.turns_to_miss == [0, 0, 0, 2]
    assert json.loads(view.to_json())["turns_to_miss"] == [0, 0, 0, 2]
    assert sc.PlayerView.from_json(view.to_json()) == view
    assert engine.state_from_json(engine.state_to_json(state)) == state
    assert engine.view(engine.deal(3, 1), 0).turns_to_miss == [0, 0, 0]  # nobody misses a turn


def test_a_makao_jack_names_a_rank_that_binds_round_the_table():
    """specials' names_rank (the Makao jack): the J's player names a rank, with nothing else
    legal until it does; every seat in turn must play it or draw, the J's player last; the
    state, the view, their JSON and the refusals say so."""
    import json

    engine = sc.Engine("makao")
    state = engine.position(hands=[["JH", "7D", "5C", "KC"], ["7S", "9C", "QD", "3H"], ["2D", "9H", "7C", "4S"]],
                            discard=["5H"], stock=["10D", "10H", "10S", "6C", "6D"])
    engine.apply(state, sc.Action.play(0, "JH"))
    assert state.phase == "naming" and state.turn == 0
    assert [str(a) for a in engine.legal_actions(state)] == [f"0 name {r}" for r in ("5", "6", "7", "8", "9", "10")]
    with pytest.raises(sc.IllegalAction) as caught:
        engine.apply(state, sc.Action.name(0, "J"))
    assert caught.value.refusal == "rank_not_nameable"
    with pytest.raises(sc.IllegalAction) as caught:
        engine.apply(state, sc.Action.draw(0))
    assert caught.value.refusal == "rank_required"
    name = sc.Action.name(0, "7")
    assert name == sc.Action.parse("0 name 7") and name.kind == "name" and name.rank == "7"
    assert sc.Action.play(0, "7D").rank is None
    with pytest.raises(ValueError, match="is not a rank"):
        sc.Action.name(0, "11")
    engine.apply(state, name)
    assert (state.named_rank, state.named_by, state.turn) == ("7", 0, 1)
    assert [str(a) for a in engine.legal_actions(state)] == ["1 play 7S", "1 draw"]
    view = engine.view(state, 2)
    assert (view.named_rank, view.named_by) == ("7", 0)
    assert json.loads(view.to_json())["named_rank"] == {"rank": "7", "by": 0}
    assert sc.PlayerView.from_json(view.to_json()) == view
    assert engine.state_from_json(engine.state_to_json(state)) == state
    for action in ("1 play 7S", "2 draw", "0 play 7D"):
        engine.apply(state, sc.Action.parse(action))
    assert state.named_rank is None and state.named_by == -1  # the J's player's turn has ended
    with pytest.raises(sc.IllegalAction) as caught:
        engine.apply(state, sc.Action.name(1, "7"))
    assert caught.value.refusal == "nothing_to_name"


def test_view_shows_a_turn_under_way():
    """Cards laid in a turn of several are laid in view of all: every seat's view lists them,
    first laid first, and the run's direction; outside a turn under way there are none."""
    engine = sc.Engine("british-runs-jokers")
    states = random_states(engine, 4, 3, 3000)
    laying = [s for s in states if s.phase == "laying"]
    assert len(laying) >= 20
    for state in laying:
        view = engine.view(state, (state.turn + 1) % 4)
        assert view.turn_cards and view.turn_cards[-1] == state.top
        assert view.turn_cards == state.discard[-len(view.turn_cards):]
        assert view.run_step in (-1, 0, 1)
        assert sc.PlayerView.from_json(view.to_json()) == view
    for state in states[:200]:
        if state.phase != "laying":
            view = engine.view(state, 0)
            assert view.turn_cards == [] and view.run_step == 0


def test_observation_shows_a_turn_under_way_where_a_turn_lays_several_cards():
    """A variant that lays several cards a turn adds turn_cards and run_direction to the
    observation; one that lays one card a turn has neither."""
    one_card = sc.ObservationLayout(sc.Engine("british"), 4)
    assert "turn_cards" not in [s["name"] for s in one_card.slices]
    engine = sc.Engine("british-runs-jokers")
    layout = sc.ObservationLayout(engine, 4)
    laid, way = layout.slice("turn_cards"), layout.slice("run_direction")
    out = np.zeros(layout.size, dtype=np.float32)
    laying = 0
    for state in random_states(engine, 4, 3, 3000)[::5]:
        seat = (state.turn + 1) % 4
        layout.write(state, seat, None, [], out)
        view = engine.view(state, seat)
        cards = out[laid["offset"]: laid["offset"] + laid["size"]]
        direction = list(out[way["offset"]: way["offset"] + way["size"]])
        assert cards.sum() == len(view.turn_cards)
        assert direction == {1: [1, 0], -1: [0, 1], 0: [0, 0]}[view.run_step]
        laying += state.phase == "laying"
    assert laying >= 4


def test_score_hand_of_the_documented_example():
    british = sc.load_variant("british")
    assert sc.score_hand(british, ["AS", "JC", "KD", "7C"]) == 62  # docs/scoring.md
    assert sc.score_hand(sc.load_variant("british", "{scoring: {values: {black J: 50}}}"),
                         ["AS", "JC", "KD", "7C"]) == 92


def test_score_hand_refuses_a_hand_the_deck_cannot_deal():
    # Regression: it scored them, where `switchcards score` refuses them with these words.
    with pytest.raises(ValueError, match=r"2C is given 3 times, but a balkan deck holds at most 2"):
        sc.score_hand(sc.load_variant("balkan"), ["2C", "2C", "2C"])
    with pytest.raises(ValueError, match=r"JOKER: british has no such card \(its deck has no jokers\)"):
        sc.score_hand(sc.load_variant("british"), ["AS", "JOKER"])
    assert sc.score_hand(sc.load_variant("balkan"), ["2C", "2C"]) > 0


def test_round_scores_give_the_winner_zero():
    engine = sc.Engine("british")
    state = engine.deal(4, 3)
    sc.play_round(engine, state, [sc.make_agent("heuristic", s) for s in range(4)])
    scores = sc.round_scores(engine.variant, state)
    assert state.over and scores[state.winner] == 0
    assert all(score > 0 for seat, score in enumerate(scores) if seat != state.winner)


@pytest.mark.parametrize("variant", ["british", "crazy-eights", "balkan", "mobile-app"])
def test_action_ids_and_the_mask_agree_with_the_engine(variant):
    engine = sc.Engine(variant)
    players = engine.variant.default_players
    space = sc.ActionSpace(engine, players)
    mask = np.zeros(space.size, dtype=np.uint8)
    for state in random_states(engine, players, 2, 150):
        space.mask(state, mask)
        for i in range(space.size):
            action = space.action(i, state.turn)
            assert space.id(action) == i
            assert bool(mask[i]) == (engine.check(state, action) is None), (i, str(action))
    assert space.names[space.id(sc.Action.draw(0))] == "draw"


def test_card_index_orders_cards_as_the_action_ids_and_observations_do():
    # suit * 13 + rank: clubs, diamonds, hearts, spades; ace 0 to king 12; the joker 52.
    assert [sc.card_index(c) for c in ["AC", "2C", "KC", "AD", "10H", "KS", "JOKER"]] == [
        0, 1, 12, 13, 35, 51, 52]
    assert [sc.card_of_index(i) for i in range(53)] == [
        sc.card_of_index(sc.card_index(sc.card_of_index(i))) for i in range(53)]
    assert sc.card_of_index(np.int64(35)) == "10H"
    # British's plays come first in the action ids, two an index (without and with the call).
    space = sc.ActionSpace(sc.Engine("british"), 4)
    assert space.name(2 * sc.card_index("10H")) == "play 10H"
    assert space.name(2 * sc.card_index("10H") + 1) == "play 10H last"


def test_round_scores_refuses_a_state_of_another_variant():
    # A 7-seat British State scored under Balkan (3 to 5 seats) was scored as it stood, and a
    # partnership variant's team scores divided by its team count.
    seven = sc.Engine("british").deal(7, seed=3)
    with pytest.raises(ValueError, match="not a position of balkan"):
        sc.round_scores(sc.load_variant("balkan"), seven)


def test_an_output_buffer_in_the_other_byte_order_is_refused():
    engine = sc.Engine("british")
    layout = sc.ObservationLayout(engine, 4)
    swapped = np.zeros(layout.size, dtype=np.dtype(np.float32).newbyteorder())
    with pytest.raises(ValueError, match="^observation: an array in the machine's byte order"):
        layout.write(engine.deal(4, 7), 0, None, [], swapped)


def test_an_error_quoting_a_cut_character_is_still_the_error():
    # The message quotes the input where it broke, and may cut a character of several bytes:
    # strictly decoded, that was a UnicodeDecodeError instead of the JsonError or LoadError.
    engine = sc.Engine("british")
    with pytest.raises(sc.JsonError):
        engine.state_from_json('{"format": \u201cswitchcards.state\u201d}')
    with pytest.raises(sc.LoadError):
        sc.load_variant_from_string("a" + "\u00e9" * 20)


def test_a_mask_takes_uint8_or_int8_and_says_so():
    engine = sc.Engine("british")
    space = sc.ActionSpace(engine, 4)
    state = engine.deal(4, 1)
    for dtype in (np.uint8, np.int8):
        mask = np.zeros(space.size, dtype=dtype)
        space.mask(state, mask)
        assert mask.sum() == len(engine.legal_actions(state))
    for dtype in (np.float32, np.bool_, np.int32):
        with pytest.raises(ValueError, match="^mask: an array of uint8 or int8, not "):
            space.mask(state, np.zeros(space.size, dtype=dtype))


def test_observation_is_written_into_the_callers_buffer():
    engine = sc.Engine("british")
    layout = sc.ObservationLayout(engine, 4)
    slices = layout.slices
    assert slices[0]["offset"] == 0
    for a, b in zip(slices, slices[1:]):
        assert b["offset"] == a["offset"] + a["size"]
    assert slices[-1]["offset"] + slices[-1]["size"] == layout.size
    out = np.full(layout.size, -1.0, dtype=np.float32)
    address = out.ctypes.data
    state = engine.deal(4, 1)
    memory = sc.CardKnowledge(engine)
    _, events = engine.deal_with_events(4, 1)
    memory.observe(state, 2, events)
    layout.write(state, 2, memory, [], out)
    assert out.ctypes.data == address
    hand = layout.slice("hand")
    held = out[hand["offset"]: hand["offset"] + hand["size"]]
    assert held.sum() == len(state.hand(2))
    seen = layout.slice("discard_seen")
    assert out[seen["offset"]: seen["offset"] + seen["size"]].sum() == len(memory.discard_seen) == 1
    with pytest.raises(ValueError, match="float32"):
        layout.write(state, 2, None, [], np.zeros(layout.size, dtype=np.float64))
    with pytest.raises(ValueError, match="entries"):
        layout.write(state, 2, None, [], np.zeros(layout.size + 1, dtype=np.float32))



def test_a_state_of_another_variant_is_refused_not_a_crash():
    british, balkan = sc.Engine("british"), sc.Engine("balkan")
    seven = british.deal(7, 1)  # Balkan is for 3 to 5 seats
    for call in (lambda: balkan.legal_actions(seven), lambda: balkan.apply(seven, sc.Action.draw(0)),
                 lambda: balkan.view(seven, 0), lambda: balkan.state_to_json(seven),
                 lambda: sc.ActionSpace(balkan, 4).mask(seven, np.zeros(1, np.uint8))):
        with pytest.raises(ValueError, match="not a position of balkan"):
            call()
    # Seats and specials that fit, but cards its deck does not hold so often: Balkan's double
    # deck played on by a one-deck Engine (it was, and its own save then refused).
    double = balkan.deal(4, 3)
    draw_four = sc.Engine("british-draw-four")
    for call in (lambda: draw_four.legal_actions(double), lambda: draw_four.view(double, 0),
                 lambda: draw_four.apply(double, draw_four.legal_actions(balkan.deal(4, 3))[0])):
        with pytest.raises(ValueError, match=r"not a position of british-draw-four \(2 of "):
            call()
    # A position may leave cards out.
    few = draw_four.position(hands=[["7H", "2C"], ["8H", "3D"]], discard=["9H"])
    assert draw_four.legal_actions(few)
    # QA: what only another variant's rules leave in a State, which check_state refused but
    # the Engine's calls took: a black jack's penalty pending under crazy-eights' eight, a
    # jump-in window in balkan.
    rng = random.Random(3)
    s = british.deal(4, 1)
    while s.pending_draw != 7:
        s = british.deal(4, rng.randrange(1 << 30))
        for _ in range(40):
            if s.pending_draw == 7 or s.phase == "over":
                break
            british.apply(s, rng.choice(british.legal_actions(s)))
    crazy = sc.Engine("crazy-eights")
    with pytest.raises(ValueError, match="not a position of crazy-eights .a pending penalty of"):
        crazy.legal_actions(s)
    jump = sc.Engine("balkan-jump-in")
    opened = jump.deal(4, 2)
    jump.apply(opened, next(a for a in jump.legal_actions(opened) if a.kind == "play"))
    assert opened.jump_open
    with pytest.raises(ValueError, match="not a position of balkan .a jump-in window"):
        balkan.legal_actions(opened)


def test_a_mask_and_an_observation_refuse_a_state_of_another_seat_count():
    """ActionSpace.mask once wrote an all-zero mask for a State of another seat count (its ids
    found none of the legal actions); ObservationLayout.write refused it."""
    engine = sc.Engine("british")
    seven = engine.deal(7, 0)
    with pytest.raises(ValueError, match="this action space is for 4 players, not a State of 7"):
        sc.ActionSpace(engine, 4).mask(seven, np.zeros(sc.ActionSpace(engine, 4).size, np.int8))
    with pytest.raises(ValueError, match="this layout is for 4 players"):
        layout = sc.ObservationLayout(engine, 4)
        layout.write(seven, 0, None, [], np.zeros(layout.size, np.float32))
    mask = np.zeros(sc.ActionSpace(engine, 7).size, np.int8)
    sc.ActionSpace(engine, 7).mask(seven, mask)
    assert mask.sum() == len(engine.legal_actions(seven))


def test_an_undealt_state_has_no_top_card_and_no_engine_takes_it():
    """An undealt State (the environment core's before its first reset) once gave a top card
    read past the end of its empty discard pile, and an Engine played it (2000 empty draws)."""
    engine = sc.Engine("british")
    undealt = sc._core.EnvironmentCore(engine, 2, "round", 10).state
    assert undealt.discard == []
    with pytest.raises(RuntimeError, match="State.top: the discard pile is empty"):
        undealt.top
    for call in (lambda: engine.legal_actions(undealt), lambda: engine.view(undealt, 0),
                 lambda: sc.play_round(engine, undealt, [sc.make_agent("random")] * 2)):
        with pytest.raises(ValueError, match="this State was never dealt"):
            call()
    assert engine.deal(2, 1).top == engine.deal(2, 1).discard[-1]


def test_a_memory_keeps_one_seat_and_totals_have_one_entry_a_seat():
    """A memory once took another seat's events without a word, and one first fed no events
    stayed seat -1 (write then said "the memory is seat -1's"); totals of the wrong length were
    padded with zeros or cut."""
    engine = sc.Engine("british")
    state, deal = engine.deal_with_events(4, 1)
    memory = sc.CardKnowledge(engine)
    memory.observe(state, 0, deal)
    events = engine.apply(state, engine.legal_actions(state)[0])
    with pytest.raises(ValueError, match=r"this memory is seat 0's, not seat 1's"):
        memory.observe(state, 1, events)
    memory.observe(state, 0, events)
    assert memory.seat == 0
    layout = sc.ObservationLayout(engine, 4)
    out = np.zeros(layout.size, np.float32)
    late = sc.CardKnowledge(engine)
    late.observe(state, 2, [])  # no deal seen: the memory starts from seat 2's view
    assert late.seat == 2 and late.discard_seen == [state.top]
    layout.write(state, 2, late, [], out)
    with pytest.raises(ValueError, match=r"the memory is seat 2's, not seat 0's"):
        layout.write(state, 0, late, [], out)
    for totals in ([10, 20], [1] * 5, [0] * 10):
        with pytest.raises(ValueError, match=rf"totals: 4 \(one a seat of the layout\) or none, not {len(totals)}"):
            layout.write(state, 0, memory, totals, out)
    layout.write(state, 0, memory, [10, 20, 30, 40], out)
    where = layout.slice("match_totals")
    assert sorted(out[where["offset"]:where["offset"] + where["size"]]) == [10, 20, 30, 40]
    match_layout = sc.ObservationLayout(engine, 4, seats="match")
    with pytest.raises(ValueError, match="totals: 4"):
        match_layout.write_out(3, [0, 1, 2], [1, 2], np.zeros(match_layout.size, np.float32))
    # A new round's deal starts a memory over, for any seat (a match seat's round seat changes).
    next_round, next_deal = engine.deal_with_events(4, 2)
    memory.observe(next_round, 3, next_deal)
    assert memory.seat == 3 and memory.discard_seen == [next_round.top]


def test_a_suit_or_a_viewer_of_the_wrong_type_is_named():
    """Once pybind11's "Unable to cast Python instance to C++ type"."""
    with pytest.raises(TypeError, match=r"suit: clubs, diamonds, hearts or spades \(a str\), or None, not 3"):
        sc.Action.play(0, "7H", suit=3)
    with pytest.raises(TypeError, match="suit: .* not 3"):
        sc.Engine("british").position([["7H"], ["8H"]], ["9H"], suit=3)
    with pytest.raises(ValueError, match="'roses' is not a suit"):
        sc.Action.play(0, "8H", suit="roses")
    assert sc.Action.play(0, "8H", suit="hearts").suit == "hearts"
    engine = sc.Engine("british")
    state = engine.deal(4, 1)
    events = engine.apply(state, engine.legal_actions(state)[0])
    for viewer in ("x", 1.0, True):
        with pytest.raises(TypeError, match=r"viewer .*: an int, a seat 0 to 7, or None"):
            sc.describe_events(events, viewer=viewer)
    assert sc.describe_events(events, viewer=0)[0].startswith("You")


def test_a_position_names_a_suit_only_over_a_card_that_names_one():
    engine = sc.Engine("last-card")  # aces are wild and name a suit
    state = engine.position([["7H"], ["2C"]], ["3S", "AD"], suit="hearts")
    assert sc.Engine("last-card").legal_actions(state)[0] == sc.Action.play(0, "7H")
    # Its save is read back: a suit over a plain card was accepted here and refused by the reader.
    assert engine.state_from_json(engine.state_to_json(state)) == state
    with pytest.raises(ValueError, match="the suit hearts is in force only over a card that names a suit, and the top card 3S names none"):
        engine.position([["7H"], ["2C"]], ["AD", "3S"], suit="hearts")


def test_a_pickled_state_of_another_build_is_refused():
    state = sc.State.__new__(sc.State)
    with pytest.raises(ValueError, match="JSON form"):
        state.__setstate__(b"not the bytes of a State")


def corrupted(state, changes):
    """The State's pickled bytes with `changes` ({offset: byte}) applied, unpickled."""
    data = bytearray(state.__getstate__())
    for offset, value in changes.items():
        data[offset] = value
    bad = sc.State.__new__(sc.State)
    bad.__setstate__(bytes(data))
    return bad


def test_a_pickled_state_with_a_value_no_state_holds_is_refused():
    engine = sc.Engine("british")
    state = engine.deal(4, seed=1)
    size = len(state.__getstate__())
    # The scalar fields sit near the end of the State, after the piles, the hands and the
    # generator, and before the 8 counts of more turns missed (4 bytes each) that end it: phase
    # and named_suit are the bytes after turn and dealer, so find them by their values.
    data = state.__getstate__()
    turn_at = size - 70
    more_turns_at = size - 32
    assert (data[turn_at], data[turn_at + 1]) == (state.turn, state.dealer), "the layout moved"
    with pytest.raises(ValueError, match="/named_suit: not a suit"):
        corrupted(state, {turn_at + 3: 36})
    with pytest.raises(ValueError, match="/phase: not a phase"):
        corrupted(state, {turn_at + 2: 7})
    # The stock's first card is the State's first byte.
    with pytest.raises(ValueError, match="/stock: not a card"):
        corrupted(state, {0: 0x99})
    # Values no State holds are refused at once: a special's index below -1 (none), laid cards
    # past the discard pile, a seat past the round's (a catchable seat 5 of 4 loaded, and
    # play_round crashed on the challenge it listed).
    for changes, why in (({turn_at + 4: 0xCE}, "/demand: not a special"),  # demand -50
                         ({turn_at + 24: 200}, "/laid: more cards laid this turn than the discard pile holds"),
                         ({turn_at + 19: 5}, "/catchable: not a seat"),
                         # turns to miss for a seat that misses no turn (specials' waits)
                         ({more_turns_at + 4: 1}, "/more_turns_missed/1: more turns missed")):
        with pytest.raises(ValueError, match=why):
            corrupted(state, changes)
    assert corrupted(state, {turn_at + 19: 3}).catchable == 3  # a seat: it loads
    # Values a State can hold but no position of the variant has load, and the Engine's calls,
    # which index the variant's specials by them, refuse them; so does round_scores.
    for changes, why in (({turn_at + 4: 50}, "demand of a special it does not have"),):
        bad = corrupted(state, changes)
        with pytest.raises(ValueError, match=why):
            sc.round_scores(engine.variant, bad)
        assert engine.check_state(bad) != ""
        with pytest.raises(ValueError, match=why):
            engine.legal_actions(bad)
        with pytest.raises(ValueError, match=why):
            engine.state_to_json(bad)


FUZZ_PICKLED_STATE = r"""
import random, sys
import switchcards as sc

engine = sc.Engine("british")
rng = random.Random(2026)
states = [engine.deal(4, seed=s) for s in range(5)]
for s in states[:]:
    t = s.copy()
    for _ in range(12):
        engine.apply(t, rng.choice(engine.legal_actions(t)))
    states.append(t)
loaded = refused = 0
for attempt in range(600):
    state = rng.choice(states)
    data = bytearray(state.__getstate__())
    for _ in range(rng.randint(1, 3)):
        # Half the changes hit the scalar fields at the end, where every byte matters.
        at = rng.randrange(len(data) - 40, len(data)) if rng.random() < 0.5 else rng.randrange(len(data))
        data[at] = rng.randrange(256)
    bad = sc.State.__new__(sc.State)
    try:
        bad.__setstate__(bytes(data))
    except ValueError as e:
        assert "no build of switchcards wrote" in str(e), e
        refused += 1
        continue
    loaded += 1
    # Everything Python can read of it, and the engine's checks, must answer without crashing.
    bad.players, bad.turn, bad.phase, bad.stock, bad.discard, bad.over
    [bad.hand(k) for k in range(bad.players)]
    why = engine.check_state(bad)
    assert isinstance(why, str)
    if not why:
        engine.state_to_json(bad)
        if not bad.over:
            engine.legal_actions(bad)
print(loaded, refused)
"""


def test_corrupted_pickled_states_load_checked_or_are_refused_never_crash():
    import subprocess, sys
    # In a child interpreter: a crash there fails this test instead of ending the whole run.
    run = subprocess.run([sys.executable, "-c", FUZZ_PICKLED_STATE], capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    loaded, refused = map(int, run.stdout.split())
    assert loaded > 0 and refused > 0, run.stdout


# One object of every class of switchcards._core, for the pickling checks below. Run in a child
# interpreter: before the guard, protocol 0 or 1 aborted the interpreter (SIGABRT), which would
# have ended the whole test run instead of failing one test.
PICKLE_PROBE = r"""
import copyreg, os, pickle, tempfile
import switchcards as sc
import switchcards.env
from switchcards import _core

e = sc.Engine("british")
s = e.deal(4, 7)
record_file = os.path.join(tempfile.mkdtemp(), "r.yaml")
sc.simulate_json("british", 1, record=record_file)


class Mine(sc.Agent):
    def choose(self, view, legal):
        return legal[0]


objects = [e.variant, e, s, sc.Action.parse("0 draw"), e.apply(s.copy(), sc.Action.draw(0))[0],
           e.view(s, 1), sc.ActionSpace(e, 4), sc.ObservationLayout(e, 4), sc.CardKnowledge(e),
           sc.make_agent("random"), Mine(), sc.Match(e.variant, [sc.make_agent("random")] * 2, 1),
           _core.EnvironmentCore(e, 4, "round", 10), sc.read_game_records(record_file)[0],
           sc.env.SwitchcardsEnv()]
classes = {t for t in vars(_core).values() if isinstance(t, type) and type(t).__name__ == "pybind11_type"}
assert classes <= {type(o) for o in objects} | {sc.Agent}, classes
for o in objects:
    for protocol in (0, 1):
        try:
            pickle.dumps(o, protocol=protocol)
        except TypeError as refused:  # the environment refuses every protocol
            assert "protocol 2 or higher" in str(refused) or "cannot pickle a SwitchcardsEnv" in str(refused), refused
        else:
            raise AssertionError(f"{o!r} pickled with protocol {protocol}")
    if type(o) is not sc.env.SwitchcardsEnv:
        try:
            reduced = o.__reduce__()
        except TypeError as refused:
            assert "cannot pickle" in str(refused), refused
        else:
            assert reduced[0] is copyreg.__newobj__ and reduced[1] == (type(o),)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        try:
            back = pickle.loads(pickle.dumps(o, protocol=protocol))
        except TypeError as refused:
            assert "cannot pickle" in str(refused), refused
        else:
            assert type(back) is type(o)
            if isinstance(o, (sc.State, sc.Action, sc.PlayerView)):
                assert back == o
print("ok")
"""


def test_pickle_protocols_0_and_1_are_a_type_error_for_every_class_not_an_abort():
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-c", PICKLE_PROBE], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "ok"


@pytest.mark.parametrize(
    "make",
    [
        lambda: sc.Action.draw(256),  # once seat 0: Action keeps a seat in one byte
        lambda: sc.Action.draw(-1),  # once seat 255
        lambda: sc.Action.draw(8),
        lambda: sc.Action.pass_(300),
        lambda: sc.Action.call(-3),
        lambda: sc.Action.play(258, "7H"),  # once seat 2
        lambda: sc.Action.challenge(0, 257),  # once '0 challenge 1'
        lambda: sc.Action.challenge(9, 1),
        lambda: sc.Action.play_swap(0, "7H", 8),  # a swap target has three bits: once seat 0
        lambda: sc.Action.play_swap(-1, "7H", 2),
    ],
)
def test_an_action_factory_refuses_a_seat_outside_0_to_7(make):
    with pytest.raises(ValueError, match=r"(seat|target) -?\d+: a seat is 0 to 7"):
        make()


@pytest.mark.parametrize(
    "text, message",
    [
        ("9 draw", r"'9' is not a seat number \(0 to 7\)"),
        ("12 pass", r"'12' is not a seat number \(0 to 7\)"),
        ("0 challenge 20", r"'challenge' takes one seat number \(0 to 7\)"),
        ("0 challenge 8", r"'challenge' takes one seat number \(0 to 7\)"),
        ("0 play 7H swap 8", r"'swap' takes one seat number \(0 to 7\)"),
    ],
)
def test_action_parse_takes_the_seats_the_json_form_takes(text, message):
    """Action.parse once took seats and targets 8 to 99: '9 draw' made an Action whose JSON form
    Action.from_json refused ('/seat: expected a whole number from 0 to 7, got 9')."""
    with pytest.raises(ValueError, match=message):
        sc.Action.parse(text)


def test_the_factories_make_every_seat_0_to_7_and_a_swap_shows_its_target():
    for seat in range(8):
        assert str(sc.Action.draw(seat)) == f"{seat} draw"
        parsed = sc.Action.parse(f"{seat} challenge {7 - seat}")
        assert sc.Action.from_json(parsed.to_json()) == parsed
        assert sc.Action.challenge(seat, 7 - seat).target == 7 - seat
    swap = sc.Action.play_swap(0, "7H", 2)
    assert swap == sc.Action.parse("0 play 7H swap 2") and str(swap) == "0 play 7H swap 2"
    assert swap.swap_target == 2 and swap.target is None and swap.kind == "play"
    assert '"target":2' in swap.to_json().replace(" ", "")
    assert sc.Action.play_swap(1, "7S", 7, last=True) == sc.Action.parse("1 play 7S swap 7 last")
    assert sc.Action.play(0, "7H").swap_target is None
    assert sc.Action.challenge(0, 2).swap_target is None


def test_values_compare_unequal_to_other_types_instead_of_raising():
    engine = sc.Engine("british")
    state = engine.deal(4, 1)
    values = [state, sc.Action.draw(0), engine.variant, engine.view(state, 0), engine.legal_actions(state)[0],
              engine.deal_with_events(4, 1)[1][0]]
    for value in values:
        for other in (None, "0 draw", 0, object()):
            assert not (value == other) and value != other
            assert not (other == value) and other != value
        assert None not in [value] and value in [None, value]
    assert sc.Action.parse("0 draw") == sc.Action.draw(0) and not (sc.Action.parse("0 draw") != sc.Action.draw(0))


def test_a_dealer_outside_the_seats_is_refused_not_replaced():
    engine = sc.Engine("british")
    for dealer in (4, 10, 300, -2):
        with pytest.raises(ValueError, match=rf"dealer {dealer}: a seat 0 to 3, or -1 for the last seat"):
            engine.deal(4, 1, dealer=dealer)
        with pytest.raises(ValueError, match=rf"dealer {dealer}: a seat 0 to 3"):
            engine.deal_with_events(4, 1, dealer=dealer)
    assert engine.deal(4, 1, dealer=3) == engine.deal(4, 1) == engine.deal(4, 1, dealer=-1)
    assert engine.deal(4, 1, dealer=0).dealer == 0


def test_a_position_needs_a_seat_count_of_the_variant():
    engine = sc.Engine("british")
    with pytest.raises(ValueError, match="hands: 1 .* british is for 2 to"):
        engine.position(hands=[["7H", "8H"]], discard=["9H"])
    state = engine.position(hands=[["7H"], ["8H"]], discard=["9H"])
    assert state.players == 2 and engine.legal_actions(state)


def test_events_an_agent_observes_are_masked_for_its_seat_as_the_docs_say():
    """docs/python.md: another seat's drawn or dealt card reaches an agent as the JOKER
    placeholder; str() of such an event names JOKER, describe_events(viewer=seat) does not."""
    seen = []

    class Watcher(sc.Agent):
        def choose(self, view, legal):
            return legal[-1]  # a draw where one is legal: cards drawn by both seats

        def observe(self, view, events):
            seen.extend((view.seat, e) for e in events)

    engine = sc.Engine("british")
    state = engine.deal(2, seed=4)
    sc.play_round(engine, state, [Watcher(), Watcher()])
    masked = [(seat, e) for seat, e in seen if e.kind == "card_drawn" and e.seat != seat]
    assert masked, "no draw by another seat was observed"
    for seat, event in masked:
        assert event.card == "JOKER" and "JOKER" in str(event)
        text = sc.describe_events([event], viewer=seat)[0]
        assert "JOKER" not in text and text.startswith(f"Seat {event.seat} draws")


def test_a_state_saved_under_other_rules_of_the_same_name_is_refused():
    import json

    made = sc.Engine("british")
    edited = sc.Engine("british", "{last_card: {penalty: 4}}")
    state = made.deal(4, 5)
    saved = made.state_to_json(state)
    fingerprint = json.loads(saved)["variant_fingerprint"]
    assert made.state_from_json(saved) == state
    with pytest.raises(sc.JsonError) as caught:
        edited.state_from_json(saved, "save.json")
    assert caught.value.path == "/variant_fingerprint"
    assert f"saved under rules of fingerprint {fingerprint}, but " in str(caught.value)
    old = json.loads(saved)
    del old["variant_fingerprint"]  # a save of an earlier version: by the name alone
    assert edited.state_from_json(json.dumps(old)) == state


def test_a_memory_fed_a_new_round_without_its_deal_forgets_the_old_round():
    """It kept the old round's discard pile (which the observation reads) and hands."""
    engine = sc.Engine("british")
    state, deal = engine.deal_with_events(3, 5)
    memory = sc.CardKnowledge(engine)
    memory.observe(state, 1, deal)
    for _ in range(30):
        memory.observe(state, 1, engine.apply(state, engine.legal_actions(state)[0]))
    assert len(memory.discard_seen) > 5
    second = engine.deal(3, 6)
    memory.observe(second, 1, engine.apply(second, engine.legal_actions(second)[0]))
    assert memory.discard_seen == [second.top]


def test_a_position_with_too_many_or_too_few_hands_names_the_variants_seat_counts():
    """position() names the seat counts a round of the variant may be dealt to, the later rounds
    of an elimination match included (fewer than the minimum)."""
    eliminating = sc.Engine(sc.load_variant("british", "{players: {min: 3, max: 4}, match: {end: elimination, limit: 40}}"))
    two = dict(hands=[["7H", "2C"], ["8H", "3D"]], discard=["9H"], stock=["KS", "4D"])
    assert eliminating.position(**two).players == 2
    five = dict(two, hands=[["7H"], ["2C"], ["8H"], ["3D"], ["5S"]])
    with pytest.raises(ValueError, match=r"is for 3 to 4 players \(2 in the later rounds of a match\)$"):
        eliminating.position(**five)
    single = sc.Engine(sc.load_variant("british", "{players: {min: 3, max: 4}, match: {end: single_round}}"))
    with pytest.raises(ValueError, match=r"british is for 3 to 4 players$"):
        single.position(**two)
