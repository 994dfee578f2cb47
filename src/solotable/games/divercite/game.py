"""Divercité: the registered Game (facts, options, presets, data file, factory).

Player 0 is White and player 1 is Black. The package is the template for new
games: the position and its transitions in :mod:`.state`, the rules it binds in
:mod:`.rules` (placement, scoring), action ids and notation in :mod:`.actions`,
board geometry in :mod:`.board`, what a player sees in :mod:`.observation`, the
terminal view in :mod:`.render`. This module ties them together.
"""

from __future__ import annotations

from typing import Any, ClassVar

from solotable.core.errors import DataFileError
from solotable.core.events import Event
from solotable.core.game import (
    Assumption,
    Game,
    GameInfo,
    Observation,
    parse_assumptions,
)
from solotable.core.message import Msg, Translator
from solotable.core.options import OptionSpec
from solotable.core.registry import register_game
from solotable.core.rng import Rng
from solotable.core.tensor import TensorSpec
from solotable.games.divercite.actions import NUM_ACTIONS
from solotable.games.divercite.board import TOTAL_PLIES
from solotable.games.divercite.events import divercite_events, piece_text
from solotable.games.divercite.observation import observe, rebuild_state
from solotable.games.divercite.render import render
from solotable.games.divercite.state import DiverciteState

DATA_FILE = "divercite.json"
_REQUIRED_ASSUMPTIONS = (
    "first_player",
    "coordinates",
    "ties",
    "neutral_first.square_kind",
    "neutral_first.turn_order",
    "neutral_ply",
    "clock",
    "move_clock",
    "tiebreak.course",
)


def _first_player_index(value: object) -> int:
    return 0 if value == "white" else 1


@register_game
class DiverciteGame(Game):
    """Divercité for two players (0 = White, 1 = Black)."""

    info: ClassVar[GameInfo] = GameInfo(
        name="divercite",
        title="Divercité",
        summary=(
            "Two-player abstract placement: surround your cities with matching or "
            "four different resources"
        ),
        num_players=2,
        perfect_information=True,
        has_chance=False,
        options=(
            OptionSpec(
                "first_player",
                str,
                "white",
                "who places the first piece (and the neutral token)",
                choices=("white", "black"),
            ),
            OptionSpec(
                "neutral_first",
                bool,
                False,
                "variant: the first player opens by placing the neutral token, then the other "
                "player places the first piece",
            ),
            OptionSpec(
                "clock",
                float,
                0.0,
                "total thinking time per player in seconds (0 = no clock); running out loses",
                minimum=0.0,
            ),
            OptionSpec(
                "move_clock",
                float,
                0.0,
                "thinking time allowed per move in seconds (0 = no limit); a slower move loses",
                minimum=0.0,
            ),
            OptionSpec(
                "tiebreak",
                str,
                "shared",
                "equal scores: 'shared' result (the rules) or the INF8175 'course' tie-break",
                choices=("shared", "course"),
                advanced=True,
            ),
        ),
        presets={
            # In difficulty order: more thinking time first.
            "course": {"clock": 900.0, "tiebreak": "course"},
            "blitz": {"clock": 300.0},
        },
        package="solotable.games.divercite",
        default_agent="medium",
        hint_agent="master",
        ai_levels=("easy", "medium", "hard", "expert", "master"),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.first_player = _first_player_index(self.options["first_player"])
        self.neutral_first = bool(self.options["neutral_first"])

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        return TOTAL_PLIES

    def observation_tensor_spec(self) -> TensorSpec:
        from solotable.games.divercite.tensor import SPEC

        return SPEC

    def observation_tensor(self, observation: Observation) -> list[float]:
        """The observer-relative board planes of ``tensor.py``."""
        from solotable.games.divercite.tensor import encode

        return encode(observation)

    def new_initial_state(self, seed: int = 0) -> DiverciteState:
        return DiverciteState(self, seed)

    def state_after(self, moves: list[str], seed: int = 0) -> DiverciteState:
        """The position after ``moves`` (notation, each checked): how tests build
        positions (``sample_state`` replays canonical moves without the parser). Players
        alternate as in a real game, but either player may place resources, so any
        reachable board can be set up."""
        state = DiverciteState(self, seed)
        for text in moves:
            state.apply_action(state.parse_move(text))
        return state

    def move_seconds(self) -> float | None:
        """The seed's other timing variant: a limit on each move rather than the game."""
        t = float(self.options["move_clock"])
        return t if t > 0 else None

    def clock_seconds(self) -> float | None:
        """Per-player total time for ``play_game(clocks=...)``, None without a clock."""
        t = float(self.options["clock"])
        return t if t > 0 else None

    def sample_state(self, observation: Observation, player: int, rng: Rng) -> DiverciteState:
        """Perfect information: the observed moves replayed (and checked) into the position."""
        return rebuild_state(self, observation, rng)

    def observe(self, state: DiverciteState, player: int) -> Observation:
        """``state.observation(player)``: the state asks the game, which knows observation.py."""
        return observe(state, player)

    def draw(self, observation: Observation, words: Translator) -> str:
        return render(observation, words)

    def events(self, before: Observation, after: Observation, player: int) -> list[Event]:
        """Points a placement scored and Divercités made (``events.py``)."""
        return divercite_events(before, after)

    def card_text(self, name: str) -> Msg | None:
        """No cards: the pieces (``city``, ``resource``, ``neutral``) and ``divercite``."""
        return piece_text(name)

    def assumptions(self) -> list[Assumption]:
        return load_assumptions(self.load_data(DATA_FILE), DATA_FILE)


def load_assumptions(doc: Any, source: str) -> list[Assumption]:
    """Validate the data file: an object whose 'assumptions' cover every assumed value."""
    if not isinstance(doc, dict) or "assumptions" not in doc:
        raise DataFileError(f"{source}: expected an object with an 'assumptions' list")
    out = parse_assumptions(doc["assumptions"], source)
    keys = {a.key for a in out}
    missing = [k for k in _REQUIRED_ASSUMPTIONS if k not in keys]
    if missing:
        raise DataFileError(f"{source}: missing assumption(s) {', '.join(missing)}")
    return out
