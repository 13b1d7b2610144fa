"""Type stubs of the extension module switchcards._core (python/src/*.cpp)."""

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, overload

import numpy as np
import numpy.typing as npt

__version__: str

class LoadError(ValueError):
    """A variant, scenario or record that cannot be used; str(e) is 'FILE:LINE:COL: message'."""

    file: str
    line: int
    column: int
    key: str
    message: str
    errors: List[Tuple[str, int, int, str, str]]

class JsonError(ValueError):
    """A JSON document that is not a valid form of what was asked for."""

    source: str
    path: str
    message: str

class IllegalAction(ValueError):
    """The engine (or the environment) refused an action; the state is unchanged. .refusal is
    the engine's refusal name, or 'not_asked' for an environment id its mask does not allow
    that the engine would take."""

    reason: str
    refusal: str
    action: str

class IllegalChoice(RuntimeError):
    """An agent chose an action that is not legal."""

class Variant:
    """Every rule of one variant, loaded and validated."""

    name: str
    title: str
    description: str
    source: str
    beginner_mode: bool
    min_players: int
    max_players: int
    default_players: int
    specials: List[str]

def load_variant(name_or_path: str, rules: str = "", rules_label: str = "--rules") -> Variant:
    """A built-in variant or a YAML file, with `rules` (a YAML mapping) merged on."""

def load_variant_from_string(
    yaml: str, label: str = "<string>", base_dir: str = ".", rules: str = "", rules_label: str = "overrides"
) -> Variant:
    """A variant from YAML text."""

def builtin_variant_names() -> List[str]: ...
def builtin_variant_text(name: str) -> str: ...
def resolved_variant_yaml(name_or_path: str, rules: str = "", rules_label: str = "--rules") -> str: ...

class Action:
    """One choice of a seat; str() is its text form ('0 play 7H')."""

    @staticmethod
    def play(seat: int, card: str, suit: Optional[str] = None, last: bool = False) -> Action:
        """Seats are 0..7 (ValueError otherwise), in every factory."""
    @staticmethod
    def play_swap(seat: int, card: str, target: int, last: bool = False) -> Action:
        """A swap card's play that swaps hands with `target` ('0 play 7H swap 2')."""
    @staticmethod
    def draw(seat: int) -> Action: ...
    @staticmethod
    def pass_(seat: int) -> Action: ...
    @staticmethod
    def challenge(seat: int, target: int) -> Action: ...
    @staticmethod
    def call(seat: int) -> Action: ...
    @staticmethod
    def parse(text: str) -> Action: ...
    @staticmethod
    def from_json(json: str) -> Action: ...
    def to_json(self) -> str: ...
    @property
    def kind(self) -> str:
        """'play', 'draw', 'pass', 'challenge' or 'call'."""
    @property
    def seat(self) -> int: ...
    @property
    def card(self) -> Optional[str]: ...
    @property
    def suit(self) -> Optional[str]: ...
    @property
    def last(self) -> bool: ...
    @property
    def target(self) -> Optional[int]:
        """A challenge's target seat; None for other kinds (a swap's is swap_target)."""
    @property
    def swap_target(self) -> Optional[int]:
        """The seat a swap card's play swaps hands with; None for any other action."""
    def with_last(self, last: bool = True) -> Action: ...
    def __hash__(self) -> int: ...

class Event:
    """Something a table would show; str() is its sentence."""

    @property
    def kind(self) -> str: ...
    @property
    def seat(self) -> Optional[int]: ...
    @property
    def card(self) -> Optional[str]: ...
    count: int
    extra: int
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(json: str) -> Event: ...
    def seen_by(self, seat: int, revealed: bool = False) -> Event: ...

def describe_events(events: Sequence[Event], viewer: Optional[int] = None, engine: Optional[Engine] = None) -> List[str]: ...

class State:
    """The whole position of a round as a value (copy, ==, pickle)."""

    def copy(self) -> State: ...
    players: int
    turn: int
    dealer: int
    phase: str
    over: bool
    winner: int
    stalemate: bool
    decisions: int
    reshuffles: int
    top: str
    """The discard pile's top card; RuntimeError for a State never dealt."""
    named_suit: Optional[str]
    pending_draw: int
    pending_skip: int
    catchable: int
    jump_open: bool
    stock: List[str]
    discard: List[str]
    def hand(self, seat: int) -> List[str]: ...

class PlayerView:
    """What one seat may know of a round, as a value."""

    variant: str
    seat: int
    players: int
    turn: int
    dealer: int
    my_turn: bool
    direction: str
    phase: str
    top: str
    named_suit: Optional[str]
    suit_in_force: Optional[str]
    demand: List[str]
    pending_draw: int
    pending_skip: int
    pending_effect: str
    stock_size: int
    discard_size: int
    hand_sizes: List[int]
    catchable: int
    jump_open: bool
    call_due: bool
    turn_cards: List[str]
    run_step: int
    owes_last_card: List[int]
    misses_turn: List[int]
    winner: int
    decisions: int
    reshuffles: int
    hand: List[str]
    drawn: Optional[str]
    revealed: bool
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(json: str) -> PlayerView: ...

class Engine:
    """Applies a variant's rules to States."""

    @overload
    def __init__(self, variant: Variant) -> None: ...
    @overload
    def __init__(self, name_or_path: str, rules: str = "") -> None: ...
    @property
    def variant(self) -> Variant: ...
    def deal(self, players: int, seed: int, dealer: int = -1) -> State: ...
    def deal_with_events(self, players: int, seed: int, dealer: int = -1, every_card: bool = False) -> Tuple[State, List[Event]]: ...
    def legal_actions(self, state: State) -> List[Action]: ...
    def jump_ins(self, state: State, seat: int) -> List[Action]:
        """The plays `seat` may jump in with now, out of turn; [] if none."""
    def apply(self, state: State, action: Action) -> List[Event]:
        """Applies in place; raises IllegalAction (state untouched) if refused."""
    def check(self, state: State, action: Action) -> Optional[str]:
        """None if accepted, else the reason."""
    def view(self, state: State, seat: int, revealed: bool = False) -> PlayerView: ...
    def view_json(self, state: State, seat: int, revealed: bool = False) -> str: ...
    def state_to_json(self, state: State) -> str: ...
    def state_from_json(self, json: str, source: str = "<python>") -> State: ...
    def check_state(self, state: State) -> str: ...
    def describe_position(self, state: State) -> List[str]: ...
    def position(
        self,
        hands: Sequence[Sequence[str]],
        discard: Sequence[str],
        stock: Sequence[str] = ...,
        turn: int = 0,
        direction: str = "clockwise",
        suit: Optional[str] = None,
        seed: int = 0,
    ) -> State: ...

def score_hand(variant: Variant, cards: Sequence[str]) -> int: ...
def round_scores(variant: Variant, state: State) -> List[int]: ...

class ActionSpace:
    """Dense, seat-relative action ids."""

    def __init__(self, engine: Engine, players: int) -> None: ...
    size: int
    players: int
    names: List[str]
    def id(self, action: Action) -> int: ...
    def action(self, id: int, seat: int) -> Action: ...
    def name(self, id: int) -> str: ...
    def mask(self, state: State, out: npt.NDArray[np.uint8] | npt.NDArray[np.int8]) -> None: ...

class ObservationLayout:
    """A seat's view as a float32 vector with a named layout table."""

    def __init__(self, engine: Engine, players: int, seats: str = "round") -> None: ...
    size: int
    players: int
    seats: str
    slices: List[Dict[str, Any]]
    def slice(self, name: str) -> Dict[str, Any]: ...
    # `out` is required but follows two arguments with defaults: given by position after
    # them, or by keyword after either.
    @overload
    def write(
        self,
        state: State,
        seat: int,
        memory: Optional[CardKnowledge],
        totals: Sequence[int],
        out: npt.NDArray[np.float32],
        round_seats: Optional[Sequence[int]] = None,
    ) -> None: ...
    @overload
    def write(
        self,
        state: State,
        seat: int,
        memory: Optional[CardKnowledge] = None,
        totals: Sequence[int] = ...,
        *,
        out: npt.NDArray[np.float32],
        round_seats: Optional[Sequence[int]] = None,
    ) -> None: ...
    def write_out(
        self, match_seat: int, round_seats: Sequence[int], totals: Sequence[int], out: npt.NDArray[np.float32]
    ) -> None: ...

class CardKnowledge:
    """A seat's memory of the cards it saw played."""

    def __init__(self, engine: Engine) -> None: ...
    def observe(self, state: State, seat: int, events: Sequence[Event]) -> None: ...
    seat: int
    discard_seen: List[str]

class GameRecord:
    variant: str
    variant_text: str
    rules: str
    players: int
    agents: List[str]
    seed: int
    match: bool
    totals: List[int]
    match_winner: int
    match_loser: int
    round_cap: int
    rounds: List[Dict[str, Any]]
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(json: str, source: str = "<python>") -> GameRecord: ...
    def to_yaml(self) -> str: ...

def read_game_records(path: str) -> List[GameRecord]: ...
def read_game_records_from_string(yaml: str, label: str = "<string>") -> List[GameRecord]: ...
def write_game_records(records: Sequence[GameRecord]) -> str: ...
def record_variant(record: GameRecord, base_dir: str = ".") -> Variant: ...
def replay_game(record: GameRecord, base_dir: str = ".", until: Optional[int] = -1) -> Dict[str, Any]:
    """until: stop after that many actions; -1 or None: the whole record."""

class Agent:
    """Decides for one seat; subclass and define choose(view, legal)."""

    def __init__(self) -> None: ...
    def choose(self, view: PlayerView, legal: List[Action]) -> Action:
        """A subclass must define it: the base raises NotImplementedError."""
    def observe(self, view: PlayerView, events: List[Event]) -> None:
        """The base does nothing (a library agent's hooks raise TypeError from Python)."""
    def challenges(self, view: PlayerView, target: int) -> bool:
        """The base: False."""
    def calls_late(self, view: PlayerView) -> bool:
        """The base: False."""
    def jumps_in(self, view: PlayerView, jumps: List[Action]) -> Optional[Action]:
        """The base: None."""
    def name(self) -> str: ...
    def reset(self, seed: int) -> None: ...
    def decide(self, engine: Engine, state: State) -> Action: ...

def make_agent(name: str, seed: int = 0) -> Agent: ...
def agent_names() -> List[str]: ...
def play_round(
    engine: Engine,
    state: State,
    agents: Sequence[Agent],
    observe: bool = True,
    on_action: Optional[Callable[[State, Action, List[Event]], None]] = None,
) -> List[Action]: ...

class Match:
    def __init__(
        self,
        variant: Variant | str,
        agents: Sequence[Agent],
        seed: int,
        max_rounds: int = 1000,
        start_totals: Sequence[int] = ...,
        first_dealer: int = -1,
        resume: Optional[Dict[str, Any] | str] = None,
        rules: str = "",
    ) -> None:
        """variant: a Variant, or a built-in name or a path with `rules` merged on (as Engine).
        resume: a stopped match's standings (Match.standings), with first_dealer=its dealer."""
    def play(self) -> Dict[str, Any]: ...
    def play_round(self) -> Dict[str, Any]: ...
    standings: Dict[str, Any]
    history: List[Dict[str, Any]]
    over: bool
    winner: int
    loser: int
    dealer: int
    stopped_at_round_limit: bool
    """True when the match was ended by its round cap (max_rounds) rather than by its rules."""
    def set_observer(self, observer: Optional[Callable[[Dict[str, Any]], None]]) -> None: ...

def derive_seed(master: int, index: int) -> int:
    """The C++ derive_seed: game i of a study of seed S is the match of seed derive_seed(S, i)."""

def simulate_json(
    variant: str,
    rules: str = "",
    games: int = 1000,
    players: int = 0,
    agents: Sequence[str] = ...,
    seed: int = 1,
    threads: int = 1,
    matches: bool = False,
    shard: int = 1,
    shards: int = 1,
    max_match_rounds: int = 1000,
    record: str = "",
) -> str: ...
def merge_shards_json(shards: Sequence[str], names: Sequence[str] = ...) -> str: ...

class EnvironmentCore:
    def __init__(
        self,
        engine: Engine,
        players: int,
        rewards: str,
        max_match_rounds: int,
        out_of_turn: bool = True,
    ) -> None: ...
    def copy(self) -> EnvironmentCore:
        """An independent core in the same position, with buffers of its own."""
    def reset(self, seed: int) -> int: ...
    def step(self, id: int) -> int: ...
    def sample(self) -> int: ...
    def legal_ids(self) -> List[int]: ...
    def observe(self, seat: int, out: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> None: ...
    def restore_buffers(self) -> None:
        """observation_buffer and mask_buffer written again from the core's own copies."""
    def action(self, id: int) -> Optional[Action]: ...
    turn: int
    question: str
    truncated: bool
    rewards: List[float]
    newly_out: List[int]
    out: List[bool]
    round_seats: List[int]
    state: State
    totals: List[int]
    rounds: int
    observation_size: int
    layout: List[Dict[str, Any]]
    action_size: int
    action_names: List[str]
    decline_id: int
    observation_buffer: npt.NDArray[np.float32]
    mask_buffer: npt.NDArray[np.int8]
