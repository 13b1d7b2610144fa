"""Agents from Python: the library's by name, Python subclasses and plain functions inside the
C++ play_round and Match (seeing a PlayerView only), records and replay."""

import json
import random

import pytest

import switchcards as sc


class FirstLegal(sc.Agent):
    """Plays the first legal action; records what it was shown."""

    def __init__(self):
        super().__init__()
        self.views = []
        self.events = 0

    def choose(self, view, legal):
        self.views.append(view)
        return legal[0]

    def observe(self, view, events):
        self.events += len(events)

    def name(self):
        return "first-legal"


def test_library_agents_by_name():
    assert {"random", "eager", "greedy", "heuristic", "ismcts"} <= set(sc.agent_names())
    engine = sc.Engine("british")
    state = engine.deal(4, 2)
    agent = sc.make_agent("heuristic", 1)
    assert agent.name().startswith("heuristic")
    assert agent.decide(engine, state) in engine.legal_actions(state)
    with pytest.raises(ValueError, match="random"):
        sc.make_agent("no-such-agent")


def test_python_agent_in_play_round_sees_views_only():
    engine = sc.Engine("british")
    state = engine.deal(4, 9)
    mine = FirstLegal()
    seen = []
    actions = sc.play_round(engine, state, [mine] + [sc.make_agent("heuristic", s) for s in (1, 2, 3)],
                            on_action=lambda s, a, events: seen.append((a, len(events))))
    assert state.over and len(actions) == state.decisions == len(seen)
    assert mine.views and all(isinstance(v, sc.PlayerView) and v.seat == 0 for v in mine.views)
    assert all(v.my_turn for v in mine.views)
    assert mine.events > 0  # observe() is called with its masked events


def test_on_action_gets_a_copy_of_the_position_after_each_action():
    """Once the callback was handed the caller's State object itself: a list of the states it
    saw held one object (the final position), and applying an action to it changed the round."""
    engine = sc.Engine("british")
    start = engine.deal(4, 9)
    kept = []
    state = start.copy()
    actions = sc.play_round(engine, state, [sc.make_agent("heuristic", s) for s in range(4)],
                            on_action=lambda s, a, events: kept.append(s))
    assert len({id(s) for s in kept}) == len(kept) == len(actions) and all(s is not state for s in kept)
    replay = start.copy()
    for seen, action in zip(kept, actions):
        engine.apply(replay, action)
        assert seen == replay
    assert kept[-1] == state and kept[0] != state

    def meddle(s, a, events):
        if not s.over:
            engine.apply(s, engine.legal_actions(s)[0])

    again = start.copy()
    assert [str(a) for a in sc.play_round(engine, again, [sc.make_agent("heuristic", s) for s in range(4)],
                                          on_action=meddle)] == [str(a) for a in actions]
    assert again == state


def test_the_same_round_with_the_same_agents_and_seed():
    engine = sc.Engine("mau-mau")

    def play():
        state = engine.deal(3, 4)
        return sc.play_round(engine, state, [sc.make_agent("random", s) for s in range(3)]), state

    (a, sa), (b, sb) = play(), play()
    assert [str(x) for x in a] == [str(x) for x in b] and sa == sb


def test_function_agent_in_a_match():
    rng = random.Random(3)
    calls = []

    def choose(view, legal):
        calls.append(view.seat)
        return rng.choice(legal)

    variant = sc.load_variant("british", "{match: {end: fixed_rounds, rounds: 2}}")
    agents = [sc.agent_from_function(choose, "fn")] + [sc.make_agent("heuristic", s) for s in (1, 2, 3)]
    match = sc.Match(variant, agents, seed=2026)
    kinds = []
    match.set_observer(lambda e: kinds.append(e["kind"]))
    standings = match.play()
    assert match.over and standings["rounds"] == 2 and len(match.history) == 2
    assert kinds.count("round_scored") == 2 and kinds[-1] == "match_over"
    assert set(calls) == {0}
    assert 0 <= match.winner < 4


def test_an_observer_is_removed_with_none():
    variant = sc.load_variant("british")
    match = sc.Match(variant, [sc.make_agent("eager", 0) for _ in range(3)], seed=7)
    seen = []
    match.set_observer(lambda e: seen.append(e["kind"]))
    match.play_round()
    assert "round_scored" in seen
    match.set_observer(None)
    before = len(seen)
    match.play_round()
    assert len(seen) == before


def test_a_match_its_callbacks_or_agents_refer_to_is_collected():
    # The Match keeps its observer, on_action and agents where the garbage collector sees them:
    # each of these cycles through the Match was once kept alive until the program ended.
    import gc
    import weakref

    class Watcher(sc.Agent):
        match = None

        def choose(self, view, legal):
            return legal[0]

    def cycle(kind):
        agents = [sc.make_agent("eager", 0) for _ in range(3)]
        if kind == "agent":
            agents[0] = Watcher()
        box = {}
        on_action = (lambda state, action, events: box["match"].over) if kind == "on_action" else None
        match = sc.Match("british", agents, seed=7, on_action=on_action)
        box["match"] = match
        if kind == "observer":
            match.set_observer(lambda e: match.standings)
        if kind == "agent":
            agents[0].match = match
        match.play_round()  # the callbacks run, reading the match
        return weakref.ref(match)

    for kind in ("observer", "on_action", "agent"):
        ref = cycle(kind)
        gc.collect()
        assert ref() is None, kind


def test_an_illegal_choice_is_reported():
    class Cheat(sc.Agent):
        def choose(self, view, legal):
            return sc.Action.draw((view.seat + 1) % view.players)

        def name(self):
            return "cheat"

    engine = sc.Engine("british")
    state = engine.deal(2, 1)
    with pytest.raises(sc.IllegalChoice, match="cheat"):
        sc.play_round(engine, state, [Cheat(), Cheat()])


def test_records_replay(cli, tmp_path):
    import subprocess

    path = tmp_path / "games.yaml"
    subprocess.run([cli, "simulate", "-v", "mau-mau", "-n", "3", "--record", str(path)], check=True,
                   capture_output=True)
    records = sc.read_game_records(str(path))
    assert len(records) == 3
    record = records[0]
    assert sc.GameRecord.from_json(record.to_json()).to_json() == record.to_json()
    assert sc.read_game_records_from_string(sc.write_game_records(records))[0].to_json() == record.to_json()
    # Each record of a list says its place: a list cut between two records is refused.
    text = sc.write_game_records(records)
    cut = text[:text.rindex("\n- format:") + 1]
    assert "  list: {record: 2, of: 3}" in cut
    with pytest.raises(sc.LoadError, match=r"the list ends after 2 of its 3 records: is the file cut short"):
        sc.read_game_records_from_string(cut, "cut.yaml")
    result = sc.replay_game(record)
    assert result["ok"], result["failure"]
    assert not result["unfinished"]
    assert result["line"] == 0
    # A record read from a file whose action is refused: the failure names that action's line.
    single = sc.write_game_records([record])
    at = single.index(" draw\n")
    tampered = single[:at] + " pass\n" + single[at + 6:]
    bad = sc.replay_game(sc.read_game_records_from_string(tampered, "t.yaml")[0])
    assert not bad["ok"] and bad["failure"].startswith("round 1, action ")
    assert bad["line"] == single.count("\n", 0, at) + 1
    stopped = sc.replay_game(record, until=5)
    state = stopped["position"]["state"]
    assert state.decisions == 5
    engine = sc.Engine(sc.record_variant(record))
    assert engine.legal_actions(state)[0] in engine.legal_actions(state)
    assert engine.apply(state, sc.Action.parse(str(record.rounds[0]["actions"][5]))) is not None


def test_a_game_saved_on_quit_replays_unfinished(cli, tmp_path):
    import subprocess

    path = tmp_path / "save.yaml"
    subprocess.run([cli, "play", "-v", "british", "--players", "3", "--seed", "7", "--record", str(path)],
                   input="1\nquit\n", text=True, check=True, capture_output=True)
    result = sc.replay_game(sc.read_game_records(str(path))[0])
    assert result["ok"], result["failure"]
    assert result["unfinished"] and result["rounds"] == 0 and result["actions"] > 0


def test_an_agents_own_error_comes_back_to_python():
    class Boom(sc.Agent):
        def choose(self, view, legal):
            raise KeyError("boom")

    class Wrong(sc.Agent):
        def choose(self, view, legal):
            return "0 draw"

        def name(self):
            return "wrong"

    engine = sc.Engine("british")
    with pytest.raises(KeyError, match="boom"):
        sc.play_round(engine, engine.deal(2, 1), [Boom(), sc.make_agent("random")])
    with pytest.raises(TypeError, match="agent 'wrong': choose returned '0 draw', not an Action"):
        sc.play_round(engine, engine.deal(2, 1), [Wrong(), sc.make_agent("random")])


def test_a_yes_or_no_hook_that_answers_something_else_is_named():
    """Once pybind11's "Unable to cast Python instance to C++ type"."""

    class Sure(sc.Agent):
        def choose(self, view, legal):
            return legal[0]

        def challenges(self, view, target):
            return "yes"

        def calls_late(self, view):
            return ["no"]

        def name(self):
            return "sure"

    engine = sc.Engine("british")
    with pytest.raises(TypeError, match=r"agent 'sure': (challenges returned 'yes'|calls_late returned \['no'\]), not a bool"):
        sc.play_round(engine, engine.deal(4, 1), [Sure() for _ in range(4)])
    agent = Sure()
    view = engine.view(engine.deal(4, 1), 0)
    assert agent.challenges(view, 1) == "yes"  # the Python method itself is untouched


def test_an_agent_name_that_is_not_a_str_is_named():
    """Once pybind11's "Unable to cast Python instance to C++ type": the library asks a Python
    agent its name for its messages (here the IllegalChoice of a draw for another seat)."""

    class Numbered(sc.Agent):
        def choose(self, view, legal):
            return sc.Action.draw((view.seat + 1) % view.players)

        def name(self):
            return 7

    class Odd(Numbered):
        def name(self):
            return "odd\udc80"  # a lone surrogate, which UTF-8 cannot hold

    engine = sc.Engine("british")
    with pytest.raises(TypeError, match=r"^agent Numbered: name\(\) returned 7, not a str$"):
        sc.play_round(engine, engine.deal(2, 1), [Numbered(), Numbered()])
    with pytest.raises(sc.IllegalChoice, match=r"^agent 'odd\\udc80' at seat 0"):
        sc.play_round(engine, engine.deal(2, 1), [Odd(), Odd()])


def test_an_agent_may_not_play_its_own_match():
    """Once "finish_round: round 1 is not the next round", from the Match's bookkeeping."""

    class Meddler(sc.Agent):
        match = None

        def choose(self, view, legal):
            Meddler.match.play_round()
            return legal[0]

    match = sc.Match("british", [Meddler(), Meddler()], 1, max_rounds=3)
    Meddler.match = match
    for play in (match.play_round, match.play):
        with pytest.raises(RuntimeError, match=r"^Match\.play_round: the match is playing a round already"):
            play()
    Meddler.choose = lambda self, view, legal: legal[0]
    match.play()  # the guard is lifted after an error: the match plays on


def _refused_while_played(match, attempt):
    """Plays `match` in another thread and calls attempt() here until it raises RuntimeError or
    the play returns: the first refusal's message (None if none) and the play's standings. Only
    while the other thread is inside play, with the GIL released, can this thread run and be
    refused."""
    import threading

    started, result = threading.Event(), {}

    def play():
        started.set()
        result["standings"] = match.play()

    player = threading.Thread(target=play)
    player.start()
    started.wait()
    refused = None
    while player.is_alive() and refused is None:
        try:
            attempt()
        except RuntimeError as e:
            refused = str(e)
    player.join()
    return refused, result["standings"]


def test_a_match_plays_with_the_gil_released_and_other_threads_keep_off_it():
    """Match.play held the GIL from its first round to its last: no other Python thread ran."""
    # 60 rounds of ismcts:50 bots: about 0.4 s of C++ (2026-12-07), time enough for this thread
    # to be seen inside play however busy the machine.
    agents = [sc.make_agent("ismcts:50", seat) for seat in range(4)]
    match = sc.Match("british", agents, 7, rules="match: {end: fixed_rounds, rounds: 60}")
    refused, standings = _refused_while_played(match, lambda: match.standings)
    assert refused == "Match.standings: the match is being played in another thread; wait for its play or " \
                      "play_round to return"
    assert standings["rounds"] == 60 and match.over  # readable again, and it played on
    busy = sc.Match("british", agents, 8, rules="match: {end: fixed_rounds, rounds: 60}")
    refused, _ = _refused_while_played(busy, busy.play_round)
    assert refused.startswith("Match.play_round: the match is being played in another thread")


def test_an_agent_playing_in_one_thread_is_refused_to_another():
    """QA: one ismcts agent shared by matches in four threads crashed the process (its search
    tree changed under way) once the GIL was released during play."""
    shared = sc.make_agent("ismcts:50", 1)
    others = [sc.make_agent("ismcts:50", seat) for seat in (2, 3, 4)]
    match = sc.Match("british", [shared] + others, 7, rules="match: {end: fixed_rounds, rounds: 60}")
    engine = sc.Engine("british")
    refused, _ = _refused_while_played(
        match, lambda: sc.play_round(engine, engine.deal(2, 1), [sc.make_agent("eager", 5), shared]))
    assert refused == "agents: seat 1's agent 'ismcts' is playing in another thread; give each thread its own agents"
    # Free again once that play returned; one thread may give an agent several seats.
    sc.play_round(engine, engine.deal(2, 1), [shared, shared])
    # decide too: it searched the agent's tree while a match changed it.
    again = sc.Match("british", [shared] + others, 8, rules="match: {end: fixed_rounds, rounds: 60}")
    refused, _ = _refused_while_played(again, lambda: shared.decide(engine, engine.deal(4, 5)))
    assert refused == "agent 'ismcts' is playing in another thread; give each thread its own agents"
    shared.decide(engine, engine.deal(4, 5))


def test_play_round_plays_a_copy_and_writes_it_back_however_the_round_ends():
    """play_round plays with the GIL released, on a copy: the caller's State holds the round's
    end, and after an agent's error the position it stopped at, as when it was played in place."""
    engine = sc.Engine("british")

    class Fails(sc.Agent):
        def choose(self, view, legal):
            if view.decisions >= 5:
                raise ValueError("enough")
            return legal[0]

    state = engine.deal(2, 3)
    with pytest.raises(ValueError, match="^enough$"):
        sc.play_round(engine, state, [Fails(), Fails()])
    assert state.decisions == 5
    actions = sc.play_round(engine, state, [sc.make_agent("eager", 1), sc.make_agent("eager", 2)])
    assert state.over and state.decisions == 5 + len(actions)


def test_start_totals_that_put_every_seat_out_say_so():
    """Once "cannot seat 0 players (1 to 8)"; one seat left in once played a round alone."""
    variant = sc.load_variant("british")  # eliminates a seat at 100 points
    agents = [sc.make_agent("random", s) for s in range(4)]
    with pytest.raises(ValueError, match=r"^start_totals \[500, 500, 500, 500\]: no seat is in play, but the match "
                                         r"is not over: a round needs two players \(under the match rules of british\)$"):
        sc.Match(variant, agents, 1, start_totals=[500] * 4)
    with pytest.raises(ValueError, match=r"^start_totals \[100, 99, 100, 100\]: only seat 1 is in play, .*: a round "
                                         r"needs two players"):
        sc.Match(variant, agents, 1, start_totals=[100, 99, 100, 100])
    match = sc.Match(variant, agents, 1, start_totals=[100, 0, 0, 100])
    assert match.play()["rounds"] >= 1 and match.winner in (1, 2)


def test_start_totals_that_leave_one_team_in_are_refused():
    """QA: [100, 0, 100, 0] in british-partnerships dealt a round between the partners 1 and 3."""
    agents = [sc.make_agent("heuristic", s) for s in range(4)]
    with pytest.raises(ValueError, match=r"^start_totals \[100, 0, 100, 0\]: only seats 1, 3 of one team are in "
                                         r"play, but the match is not over: a round needs two teams"):
        sc.Match("british-partnerships", agents, seed=3, start_totals=[100, 0, 100, 0])
    assert sc.Match("british-partnerships", agents, seed=3, start_totals=[99, 0, 99, 0]).play()["rounds"] >= 1


def test_a_single_round_match_is_won_by_the_round_winner():
    """QA: from start totals [50, 0, 0, 0] seat 0 won the round but seat 1 (lowest total) the match."""
    agents = [sc.make_agent("heuristic", s) for s in range(4)]
    match = sc.Match("british", agents, seed=3, start_totals=[50, 0, 0, 0], rules="{match: {end: single_round}}")
    match.play()
    (played,) = match.history
    assert played["winner"] is not None and played["scores"][played["winner"]] == 0
    assert match.winner == played["winner"]
    assert match.loser == max(range(4), key=lambda seat: (played["scores"][seat], seat))


def test_a_match_says_whether_its_round_cap_stopped_it():
    agents = lambda: [sc.make_agent("heuristic", s) for s in range(4)]
    capped = sc.Match("british", agents(), seed=9, max_rounds=1)
    assert not capped.stopped_at_round_limit
    capped.play()
    assert capped.over and capped.stopped_at_round_limit and capped.standings["rounds"] == 1
    whole = sc.Match("british", agents(), seed=9)
    whole.play()
    assert whole.over and not whole.stopped_at_round_limit
    with pytest.raises(AttributeError):
        whole.stopped_at_round_limit = True


def test_a_stalemate_round_has_no_winner_in_history():
    """history's winner was -1 after a stalemate, where the standings say None for no seat."""
    agents = [sc.make_agent("random", s) for s in range(4)]
    match = sc.Match("british", agents, seed=1, rules="{round: {turn_limit: 2}, match: {end: single_round}}")
    match.play()
    (played,) = match.history
    assert played["stalemate"] and played["winner"] is None
    assert match.standings["last_round_winner"] is None


def test_agents_come_as_any_sequence():
    """The stubs say Sequence[Agent]; a tuple was once refused (only a list was taken)."""
    engine = sc.Engine("british")
    agents = tuple(sc.make_agent("random", s) for s in range(4))
    state = engine.deal(4, 1)
    assert sc.play_round(engine, state, agents) and state.over
    assert sc.Match(sc.load_variant("mau-mau"), agents, seed=1, max_rounds=2).play()["rounds"] >= 1
    for not_a_sequence in (iter(agents), "random", None):
        with pytest.raises(TypeError, match="agents: a sequence of Agents, one a seat, not"):
            sc.play_round(engine, engine.deal(4, 1), not_a_sequence)


def test_a_seat_without_an_agent_is_a_type_error():
    engine = sc.Engine("british")
    with pytest.raises(TypeError, match="seat 1: None is not an Agent"):
        sc.play_round(engine, engine.deal(2, 1), [sc.make_agent("random"), None])
    with pytest.raises(TypeError, match="is not an Agent"):
        sc.Match(sc.load_variant("mau-mau"), [sc.make_agent("random"), "random"], seed=1)


def test_one_agent_a_seat_and_a_match_of_at_least_one_round():
    engine = sc.Engine("british")
    agents = [sc.make_agent("random", s) for s in range(5)]
    with pytest.raises(ValueError, match=r"play_round: 4 seats but 5 agents \(one agent a seat\)"):
        sc.play_round(engine, engine.deal(4, 1), agents)
    with pytest.raises(ValueError, match=r"play_round: 4 seats but 3 agents \(one agent a seat\)"):
        sc.play_round(engine, engine.deal(4, 1), agents[:3])
    variant = sc.load_variant("british")
    for rounds in (0, -1):
        with pytest.raises(ValueError, match=f"^max_rounds {rounds}: a match plays at least 1 round"):
            sc.Match(variant, agents[:4], seed=1, max_rounds=rounds)
    for dealer in (-2, 4):
        with pytest.raises(ValueError, match=rf"^first_dealer {dealer} is not a seat of 4 \(0 to 3, or -1 for the "
                                             r"variant's match.first_dealer\)$"):
            sc.Match(variant, agents[:4], seed=1, first_dealer=dealer)
    # A seat the start totals put out deals no more: naming it is refused, not passed over.
    with pytest.raises(ValueError, match=r"^first_dealer 0: that seat is out of the match \(its total is 100\)"):
        sc.Match(variant, agents[:4], seed=1, start_totals=[100, 0, 0, 0], first_dealer=0)
    assert sc.Match(variant, agents[:4], seed=1, start_totals=[100, 0, 0, 0]).play_round()["dealer"] != 0
    match = sc.Match(variant, agents[:4], seed=1, max_rounds=1)
    match.play()
    assert len(match.history) == 1


def test_the_base_agent_has_the_hooks_the_stubs_declare():
    # The stub declared Agent.choose, but sc.Agent().choose(...) was an AttributeError.
    engine = sc.Engine("british")
    state = engine.deal(2, 1)
    view, legal = engine.view(state, 0), engine.legal_actions(state)
    with pytest.raises(NotImplementedError, match="a subclass of Agent defines choose"):
        sc.Agent().choose(view, legal)
    with pytest.raises(NotImplementedError):
        sc.Agent().choose(None, [])

    class Polite(sc.Agent):
        def choose(self, view, legal):
            return legal[-1]

        def challenges(self, view, target):
            return super().challenges(view, target)

    agent = Polite()
    assert agent.observe(view, []) is None and agent.challenges(view, 1) is False
    assert agent.calls_late(view) is False and agent.jumps_in(view, legal) is None
    assert len(sc.play_round(engine, state, [agent, Polite()])) > 0  # defaults, not overrides
    with pytest.raises(NotImplementedError):
        type("NoChoice", (sc.Agent,), {})().choose(view, legal)
    with pytest.raises(TypeError, match="agent 'heuristic' is a library agent: its choose"):
        sc.make_agent("heuristic").choose(view, legal)
    with pytest.raises(TypeError, match="library agent"):
        sc.make_agent("random").challenges(view, 1)


def test_a_match_stopped_between_rounds_resumes_exactly():
    # Restarting with start_totals dealt other rounds (round 0's seed and the variant's first
    # dealer again): 5 rounds where the match played 6.
    variant = sc.load_variant("british")  # elimination at 100: seats leave on the way

    def agents():
        return [sc.make_agent("heuristic", s) for s in (1, 2, 3)] + [sc.make_agent("random", 4)]

    whole = sc.Match(variant, agents(), seed=9)
    final = whole.play()
    assert len(whole.history) >= 3 and any(final["out"])
    for k in range(len(whole.history)):
        first = sc.Match(variant, agents(), seed=9)
        for _ in range(k):
            first.play_round()
        saved, dealer = json.dumps(first.standings), first.dealer  # as a program would keep them
        rest = sc.Match(variant, agents(), seed=9, resume=json.loads(saved), first_dealer=dealer)
        assert rest.play() == final
        assert first.history + rest.history == whole.history
    assert sc.Match(variant, agents(), seed=9, resume=saved, first_dealer=dealer).play() == final
    with pytest.raises(ValueError, match="resume: that match is over"):
        sc.Match(variant, agents(), seed=9, resume=final)
    with pytest.raises(ValueError, match="start_totals and resume"):
        sc.Match(variant, agents(), seed=9, resume=saved, start_totals=[0, 0, 0, 0])
    with pytest.raises(ValueError, match="resume: standings of 4 seats for 3"):
        sc.Match(variant, agents()[:3], seed=9, resume=saved)


def test_standings_saved_under_other_rules_of_the_same_name_do_not_resume():
    """Standings were matched to nothing: a match resumed under a variant file edited since
    (the same name, other rules) went on under rules it was not played by."""
    variant = sc.load_variant("british")
    edited = sc.load_variant("british", "{last_card: {penalty: 4}}")
    assert edited.name == variant.name

    def agents():
        return [sc.make_agent("heuristic", s) for s in (1, 2, 3, 4)]

    stopped = sc.Match(variant, agents(), seed=9)
    stopped.play_round()
    saved = stopped.standings
    assert len(saved["variant_fingerprint"]) == 16
    with pytest.raises(sc.JsonError) as caught:
        sc.Match(edited, agents(), seed=9, resume=saved, first_dealer=stopped.dealer)
    assert caught.value.path == "/variant_fingerprint"
    assert caught.value.source == "resume"
    assert f"saved under rules of fingerprint {saved['variant_fingerprint']}, but the engine's variant 'british' has fingerprint " in str(caught.value)
    # The same rules resume; standings saved without the key (earlier versions) resume by the
    # caller's word, as they did.
    sc.Match(variant, agents(), seed=9, resume=saved, first_dealer=stopped.dealer).play()
    old = {k: v for k, v in saved.items() if k != "variant_fingerprint"}
    sc.Match(edited, agents(), seed=9, resume=old, first_dealer=stopped.dealer).play()


def test_a_match_takes_the_variant_as_engine_does_by_name_or_path_with_rules(source_dir):
    """Match took only a Variant, where Engine (and the environment) take a name or a path."""

    def agents():
        return [sc.make_agent("heuristic", s) for s in (1, 2, 3)]

    by_value = sc.Match(sc.load_variant("british"), agents(), seed=4).play()
    assert sc.Match("british", agents(), seed=4).play() == by_value
    path = str(source_dir / "variants" / "british.yaml")
    assert sc.Match(path, agents(), seed=4).play() == by_value
    two = sc.Match("british", agents(), seed=4, rules="{match: {end: fixed_rounds, rounds: 2}}")
    two.play()
    assert len(two.history) == 2
    with pytest.raises(ValueError, match="rules: give the variant by name or path"):
        sc.Match(sc.load_variant("british"), agents(), seed=4, rules="{match: {rounds: 2}}")
    with pytest.raises(sc.LoadError, match="no-such-variant"):
        sc.Match("no-such-variant", agents(), seed=4)
    with pytest.raises(TypeError, match="variant: a Variant, a built-in name or a path"):
        sc.Match(42, agents(), seed=4)


def test_match_on_action_shows_every_action_of_a_study_game(tmp_path):
    """QA: a round dealt with engine.deal and played with play_round gives its agents no deal
    events, so an ismcts seat (whose knowledge of the cards starts from them) played another
    game than the study's. Match's on_action shows the study's own actions."""
    path = str(tmp_path / "games.yaml")
    names = ["greedy", "ismcts:15"]
    sc.simulate_json("british", games=2, players=4, agents=names, seed=31, record=path)
    for k, record in enumerate(sc.read_game_records(path)):
        actions, deals = [], []

        def hook(state, action, events):
            assert isinstance(state, sc.State) and all(isinstance(e, sc.Event) for e in events)
            (deals if action is None else actions).append((action, len(events)))

        match = sc.Match("british", [sc.make_agent(names[s % 2]) for s in range(4)],
                         seed=sc.derive_seed(31, k), max_rounds=1, on_action=hook)
        played = match.play_round()
        assert len(deals) == 1 and deals[0][1] > 0  # the deal, with its events
        assert [a for a, _ in actions] == record.rounds[0]["actions"]
        assert played["winner"] == record.rounds[0]["winner"]
    with pytest.raises(TypeError, match="on_action must be callable"):
        sc.Match("british", [sc.make_agent("random") for _ in range(2)], seed=1, on_action=3)


INTERRUPTED_MATCH = r"""
import time
import switchcards as sc

def match():
    return sc.Match("british", [sc.make_agent("ismcts:{iterations}", s) for s in range(4)], seed=5)

def play_round_to_the_end():
    engine = sc.Engine("british")
    state = engine.deal(4, 5)
    return sc.play_round(engine, state, [sc.make_agent("ismcts:{iterations}", s) for s in range(4)])

def decide():
    engine = sc.Engine("british")
    return sc.make_agent("ismcts:{iterations}", 1).decide(engine, engine.deal(4, 5))

m = match()
try:
    print("started", flush=True)  # inside the try: a signal from now on is caught
    {call}
    print("finished before the signal", flush=True)
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
if "{call}" == "m.play()":
    rest = m.play()
    whole = match()
    print("same" if rest == whole.play() and m.history == whole.history else "differs",
          flush=True)
"""


# ISMCTS at 20,000 iterations: seconds a move, minutes a round; at 60s, a minute a move.
@pytest.mark.parametrize("call,budget", [("m.play()", "20000"), ("m.play_round()", "20000"),
                                         ("play_round_to_the_end()", "20000"),
                                         ("m.play()", "60s"), ("decide()", "60s")])
def test_ctrl_c_stops_a_round_of_library_agents(call, budget):
    # QA: the C++ agents ran no Python, so Python never ran its signal handler and Ctrl-C did
    # nothing until the whole match was over; then an ismcts:60s search held it back for a
    # minute (the signals were checked between actions only).
    import signal, subprocess, sys, threading, time
    script = INTERRUPTED_MATCH.replace("{call}", call).replace("{iterations}", budget)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(120, child.kill)  # a child that ignores the signal: no hang
    watchdog.start()
    try:
        assert child.stdout.readline() == "started\n"
        time.sleep(0.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline()
        assert line.startswith("interrupted "), line + child.stderr.read()
        assert float(line.split()[1]) - sent < 5
    finally:
        watchdog.cancel()
        child.kill()
        child.wait()


def test_a_match_stopped_by_ctrl_c_plays_the_stopped_round_again():
    import signal, subprocess, sys, time
    # At 2,000 iterations a match takes seconds: long enough to be stopped, short to play out.
    script = INTERRUPTED_MATCH.replace("{call}", "m.play()").replace("{iterations}", "2000")
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "started\n"
        time.sleep(0.3)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=300)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert "interrupted" in out and out.endswith("same\n"), out + err
