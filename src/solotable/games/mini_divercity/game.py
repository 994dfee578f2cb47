"""The ``mini-divercity`` game: options, presets, data and the state factory."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import Any

from solotable.core.datafile import parse_json
from solotable.core.events import Event
from solotable.core.game import Assumption, Game, GameInfo, Observation, State
from solotable.core.message import Msg, Translator
from solotable.core.options import OptionSpec
from solotable.core.registry import register_game
from solotable.core.rng import Rng
from solotable.core.tensor import TensorOut, TensorSpec
from solotable.games.mini_divercity import observation, render
from solotable.games.mini_divercity.actions import ActionSpace
from solotable.games.mini_divercity.card_text import card_catalog, card_text
from solotable.games.mini_divercity.decks import OPTIONS as DECK_OPTIONS
from solotable.games.mini_divercity.decks import deck_tables
from solotable.games.mini_divercity.dispatch import player_handlers
from solotable.games.mini_divercity.events import mini_divercity_events
from solotable.games.mini_divercity.log import LogBook
from solotable.games.mini_divercity.state import MiniDiverCityState
from solotable.games.mini_divercity.tables import Tables, parse_tables

DATA_FILE = "mini_divercity.json"
PACKAGE = "solotable.games.mini_divercity"

_INFO = GameInfo(
    name="mini-divercity",
    title="Mini DiverCity — digital solo mode",
    summary=(
        "Save 7 reef species before the Corporations eliminate 5 or turn all 6 Islands "
        "into Hotels; a hand of 2 Lagoon and 3 hidden Ocean cards, 3 Divers."
    ),
    num_players=1,
    perfect_information=False,
    has_chance=True,
    options=(
        OptionSpec("save_goal", int, 7, "species to save to win", minimum=1, maximum=12),
        OptionSpec(
            "eliminated_limit",
            int,
            5,
            "eliminated species that lose the game",
            minimum=1,
            maximum=12,
        ),
        OptionSpec(
            "end_when_impossible",
            bool,
            True,
            "end the game as a loss as soon as the win is provably out of reach "
            "(off: play goes on and the observation says the win is out of reach); "
            "our reading of the rules, hence advanced",
            advanced=True,
        ),
        *DECK_OPTIONS,
    ),
    presets={
        # In difficulty order; the rules' own goals (save 7, lose at 5) are the defaults.
        "hard": {"eliminated_limit": 4},
        "expert": {"eliminated_limit": 4, "save_goal": 8},
    },
    package=PACKAGE,
    default_agent="heuristic",
    # Until significant, or 15,000 rollout steps (most hints run to it), or 1 CPU second at
    # most (docs/ai.md, "Hint stability").
    hint_agent="spimc:work=15000,cpu=1",
)


@lru_cache(maxsize=1)
def _tables() -> Tables:
    return load_tables(resources.files(PACKAGE).joinpath("data", DATA_FILE).read_text("utf-8"))


def load_tables(text: str, source: str = DATA_FILE) -> Tables:
    """Parse and validate the data file's text (DataFileError names the problem)."""
    return parse_tables(parse_json(text, source), source)


@register_game
class MiniDiverCityGame(Game):
    """Single player (player 0). ``returns()`` is [1.0] for a win, [0.0] for a loss."""

    info = _INFO

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.tables = deck_tables(self.options) or _tables()
        self.space = ActionSpace(self.tables)
        self.handlers = player_handlers(self.space, self.tables.n_species, self.tables.n_corp)
        """Per action id, the rule function that applies it (see ``dispatch.py``)."""
        self.book = LogBook(self.tables)
        """Log entries and pending steps as data (``log.py``)."""
        self._tensor_spec: TensorSpec | None = None
        self._encoder: Callable[[Observation], list[float]] | None = None
        self._state_encoder: Callable[[MiniDiverCityState, TensorOut], None] | None = None

    def num_distinct_actions(self) -> int:
        return self.space.size

    def max_game_length(self) -> int:
        return 20_000

    def new_initial_state(self, seed: int = 0) -> MiniDiverCityState:
        return MiniDiverCityState(self, seed)

    def observation_tensor_spec(self) -> TensorSpec:
        """Sized by the data file's species and Corporation cards: see ``tensor.py``."""
        from solotable.games.mini_divercity.tensor import build_spec

        if self._tensor_spec is None:
            self._tensor_spec = build_spec(self.tables)
        return self._tensor_spec

    def observation_tensor(self, observation: Observation) -> list[float]:
        if self._encoder is None:
            from solotable.games.mini_divercity.tensor import Encoder

            self._encoder = Encoder(self.tables, self.observation_tensor_spec())
        return self._encoder(observation)

    def observation_tensor_into(self, state: State, player: int, out: TensorOut) -> None:
        """Straight from the state (``tensor_state.py``), proved equal to encoding
        ``observation(player)`` by ``tests/games/mini_divercity/test_tensor_state.py``."""
        assert isinstance(state, MiniDiverCityState)
        if self._state_encoder is None:
            from solotable.games.mini_divercity.tensor_state import StateEncoder

            self._state_encoder = StateEncoder(self.tables, self.observation_tensor_spec())
        self._state_encoder(state, out)

    def observe(self, state: MiniDiverCityState) -> dict[str, Any]:
        """What the player sees of ``state`` (the state calls this, so that
        ``state.py`` never imports ``observation.py``)."""
        return observation.observe(state)

    def sample_state(self, obs: Observation, player: int, rng: Rng) -> MiniDiverCityState:
        return observation.sample_state(self, obs, rng)

    def draw(self, obs: Observation, words: Translator) -> str:
        return render.render(self, obs, words)

    def events(self, before: Observation, after: Observation, player: int) -> list[Event]:
        """The public log of the step, cards dealt (face down: unnamed), Divers dealt."""
        return mini_divercity_events(before, after)

    def card_text(self, name: str) -> Msg | None:
        """A Diver's power, a Corporation card's events or a species (``card_text.py``)."""
        return card_text(self.tables, name)

    def card_catalog(self) -> list[dict[str, Any]]:
        """Species, Divers (with their power's key) and Corporation cards (with their
        events), from the data file: what front ends draw cards and say their effects from."""
        return card_catalog(self.tables)

    def assumptions(self) -> list[Assumption]:
        return list(self.tables.assumptions)

    def state_from_dict(self, d: dict[str, Any]) -> MiniDiverCityState:
        """A position from ``State.to_dict`` output: the way tests set up situations."""
        return MiniDiverCityState.from_dict(self, d)
