"""The game API: ``Game`` (rules + options) and ``State`` (one position).

The shape is OpenSpiel's, so game-AI people find what they expect:
``current_player`` (a player id, :data:`CHANCE` or :data:`TERMINAL`),
``legal_actions`` as ints from a fixed action space, ``apply_action``,
``is_terminal``, ``returns``, per-player ``observation``, ``clone`` and
explicit chance nodes (``chance_outcomes``). The only randomness is the
state's own seeded :class:`Rng`, consumed by ``sample_chance`` alone, so
``(game, options, seed, actions)`` replays bit for bit.

Actions also have a text notation (``action_to_string`` / ``string_to_action``)
that round-trips, like python-chess's UCI strings, so people can type, log
and replay games.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from solotable.core.datafile import parse_json
from solotable.core.errors import DataFileError, IllegalActionError
from solotable.core.events import Event, default_events
from solotable.core.message import Msg, Text, Translator, msg, translator_for
from solotable.core.options import OptionSpec, OptionValue, resolve_options
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.rng import Rng

if TYPE_CHECKING:
    from solotable.core.tensor import TensorOut, TensorSpec

Observation = dict[str, Any]
"""A JSON-serialisable view of the state as one player may see it."""


@dataclass(frozen=True, slots=True)
class ActionInfo:
    """A move as data, so front ends put it on the table without reading its notation.

    ``kind`` (``take``, ``place``, ``build``…) and ``args`` (ids, counts, slots) are what
    ``solotable.words`` says as ``<owner>.action.<kind>``; ``targets`` name the table's
    elements the move acts on (``"slot:c2"``, ``"square:D6"``, ``"card:h3"``), which pages
    use to make those elements clickable. ``notation`` is for the notation box and records.
    """

    action: int
    notation: str
    kind: str
    args: Mapping[str, Any] = field(default_factory=dict)
    targets: tuple[str, ...] = ()
    owner: str = "core"

    @property
    def message(self) -> Msg:
        return Msg(f"{self.owner}.action.{self.kind}", self.args)

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "notation": self.notation,
            "kind": self.kind,
            "args": Msg("", self.args).to_json()["args"],
            "targets": list(self.targets),
        }


@dataclass(frozen=True, slots=True)
class Assumption:
    """A value the rules texts leave uncertain, with where it comes from.

    Assumptions live in each game's data file so they can be corrected when
    a physical copy is checked; ``solotable rules GAME --assumptions`` lists them.
    """

    key: str
    value: str
    source: str
    confidence: str
    note: str = ""


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game, shown by ``solotable games`` and ``rules``."""

    name: str
    title: str
    summary: str
    num_players: int
    perfect_information: bool
    has_chance: bool
    options: tuple[OptionSpec, ...] = ()
    presets: Mapping[str, Mapping[str, OptionValue]] = field(default_factory=dict)
    package: str = ""
    """The game's Python package: its ``rules.md`` and ``data/`` live there."""
    default_agent: str = "random"
    """The agent a player meets when they name none (an AI level, or the rule-based agent)."""
    hint_agent: str = "random"
    """The agent that answers ``hint``: the strongest honest one at a playable speed."""
    ai_levels: tuple[str, ...] = ()
    """Opponent levels offered to players, weakest first (two-player games)."""


CONFIDENCE_LEVELS = ("high", "medium", "low")
"""The only confidence values a data file may give a fact or an assumption."""


def check_confidence(value: Any, where: str) -> str:
    """``value`` if it is one of :data:`CONFIDENCE_LEVELS`, else a DataFileError.

    Provenance is only useful when it can be sorted and filtered, so free text
    such as "medium-high" is refused at load time instead of shown to users.
    """
    if value not in CONFIDENCE_LEVELS:
        raise DataFileError(
            f"{where}: confidence must be one of {', '.join(CONFIDENCE_LEVELS)}, not {value!r}"
        )
    return str(value)


def parse_assumptions(entries: Any, source: str) -> list[Assumption]:
    """Validate a data file's ``assumptions`` list (a precise error if malformed)."""
    if not isinstance(entries, list):
        raise DataFileError(f"{source}: 'assumptions' must be a list")
    out = []
    for i, e in enumerate(entries):
        if not isinstance(e, dict):
            raise DataFileError(f"{source}: assumptions[{i}] must be an object")
        for k in ("key", "value", "source", "confidence"):
            if not isinstance(e.get(k), str) or not e[k]:
                raise DataFileError(f"{source}: assumptions[{i}].{k} must be a non-empty string")
        confidence = check_confidence(e["confidence"], f"{source}: assumptions[{i}]")
        out.append(
            Assumption(e["key"], e["value"], e["source"], confidence, str(e.get("note", "")))
        )
    return out


class Game(ABC):
    """A game with its options fixed; a factory of initial states."""

    info: ClassVar[GameInfo]

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, OptionValue] = resolve_options(
            self.info.options, options, self.info.presets
        )

    # -- identity -----------------------------------------------------------
    @property
    def name(self) -> str:
        return self.info.name

    def num_players(self) -> int:
        return self.info.num_players

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the fixed action space: every action id is in ``[0, n)``."""

    @abstractmethod
    def new_initial_state(self, seed: int = 0) -> State:
        """The start of a game whose randomness is drawn from ``seed``."""

    def clock_seconds(self) -> float | None:
        """Total thinking time per player (a game option), or None for no clock.

        Drivers (``play``, ``simulate``) enforce it: running out loses.
        """
        return None

    def move_seconds(self) -> float | None:
        """Thinking time allowed for each single move, or None for no limit.

        Drivers enforce it like the clock: a slower move loses the game.
        """
        return None

    def max_game_length(self) -> int:
        """An upper bound on the number of actions (chance included)."""
        return 10_000

    # -- hidden information --------------------------------------------------
    @abstractmethod
    def sample_state(self, observation: Observation, player: int, rng: Rng) -> State:
        """A full state consistent with ``observation``, hidden parts dealt at random.

        Search agents call this instead of touching the true state. For a game
        of perfect information it rebuilds the observed state exactly. The
        sampled state's own RNG is seeded from ``rng``, never from the true one.
        """

    # -- presentation ----------------------------------------------------------
    def render(self, observation: Observation, words: Translator | None = None) -> str:
        """The table as a player sees it, as Rich console markup, in ``words``' language.

        Rendering from the observation (not the state) is what guarantees a
        UI cannot show hidden information. Front ends pass the translator of the
        player's language (``solotable.words.Words.render``); without one it is English.
        """
        return self.draw(observation, words if words is not None else translator_for(self.name))

    @abstractmethod
    def draw(self, observation: Observation, words: Translator) -> str:
        """The game's terminal view (``render.py``), every word through ``words``."""

    def rules_text(self) -> str:
        """The rules summary (our own words), from the package's ``rules.md``."""
        return resources.files(self.info.package).joinpath("rules.md").read_text("utf-8")

    def best_score_key(self) -> str | None:
        """The key under which this game's best score is kept, or None.

        Games with a score to beat return a key built from the options that
        make scores comparable (``core.scorebook.settings_key``).
        """
        return None

    def events(self, before: Observation, after: Observation, player: int) -> list[Event]:
        """What ``player`` saw happen in one step, from its observations around it.

        Computed from observations only (never the state), so events cannot
        leak a hidden card. Games override this for words of their own
        (Production, the opponent's reveal); the default notices score,
        phase and round changes and face-down cards being dealt.
        """
        return default_events(before, after, player)

    def card_text(self, name: str) -> Text | None:
        """The full text of a card (cost, production, abilities) as a message, or None.

        Front ends show it on demand (``info CARD``) through ``solotable.words``; games
        without cards, or names they do not know, answer None.
        """
        return None

    def card_catalog(self) -> list[dict[str, Any]]:
        """Every card type's public facts as plain values (``id`` and ``name`` at least).

        The same for every deal, so front ends may draw card faces from it
        (a user-supplied card file shows its own cards) without seeing a state.
        """
        return []

    def assumptions(self) -> list[Assumption]:
        """Every assumed value, read from the game's data files."""
        return []

    # -- numeric observations (learning agents; core/tensor.py) -------------------
    def observation_tensor_spec(self) -> TensorSpec:
        """The fixed layout of :meth:`observation_tensor`: named slices with their shapes.

        Fixed for a Game (its options may size it), so learning code can build its network
        once. Games that offer an encoding override both methods (``games/<game>/tensor.py``).
        """
        raise NotImplementedError(f"{self.name} has no observation tensor")

    def observation_tensor(self, observation: Observation) -> list[float]:
        """``observation`` as numbers laid out by :meth:`observation_tensor_spec`.

        It takes the observation, not the state, so the encoding cannot show a learner
        anything the player could not see; ``core.tensor.to_numpy`` makes the array.
        """
        raise NotImplementedError(f"{self.name} has no observation tensor")

    def observation_tensor_into(self, state: State, player: int, out: TensorOut) -> None:
        """Write ``observation_tensor(state.observation(player))`` into ``out`` (all zeros).

        Only the non-zero values are written, so an environment can keep one NumPy array and
        skip the list of floats. A game may override it to encode straight from the state,
        which is faster but could show what the player cannot see: such an override must be
        proved equal to encoding the observation, for every player, over many random states
        (a property test in ``tests/games/<game>/``).
        """
        for i, x in enumerate(self.observation_tensor(state.observation(player))):
            if x:
                out[i] = x

    def load_data(self, filename: str) -> Any:
        """Parse a JSON data file shipped in the game's ``data/`` folder."""
        path = resources.files(self.info.package).joinpath("data", filename)
        return parse_json(path.read_text("utf-8"), filename)


class State(ABC):
    """One position of a game. Mutable; ``clone`` before exploring."""

    game: Game
    rng: Rng
    history: list[int]

    # -- whose turn -------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """A player id ``0..n-1``, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    # -- moves -----------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Legal action ids for the player to move (outcomes at a chance node)."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs at a chance node."""
        raise NotImplementedError(f"{self.game.name} has no chance nodes")

    def sample_chance(self) -> int:
        """The outcome of the current chance node, drawn from the state's RNG.

        This is the only consumer of ``self.rng``: drivers call it and then
        ``apply_action`` with the result.
        """
        outcomes = self.chance_outcomes()
        i = self.rng.weighted_index([p for _, p in outcomes])
        return outcomes[i][0]

    def chance_outcomes_are_public(self) -> bool:
        """True when every outcome of this chance node is shown face up to every player.

        A play session must know whether a chance outcome revealed anything (undo
        stops there) and whether it may be named in the log; without this
        promise it finds out by applying every outcome to a clone, which costs
        a clone per outcome. Games where nothing is ever dealt face down say so.
        """
        return False

    def illegal_reason(self, action: int) -> Text | None:
        """Why ``action`` is illegal here, or None exactly when it is legal.

        One template for every game: the generic reasons first, then the
        game's own :meth:`explain_illegal` for an action that is merely not
        allowed now. Games speed up the legality test with :meth:`is_legal`.
        """
        if self.is_terminal():
            return msg("core.illegal.game-over")
        if not 0 <= action < self.game.num_distinct_actions():
            return msg("core.illegal.outside")
        if self.is_legal(action):
            return None
        if self.is_chance_node():
            return msg("core.illegal.chance")
        return self.explain_illegal(action) or msg("core.illegal.not-now")

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now; games may answer faster than the list."""
        return action in self.legal_actions()

    def explain_illegal(self, action: int) -> Text | None:
        """Say in words why an action that is not legal now is refused.

        Called only for an action in the action space that ``is_legal``
        rejected at a decision node; None falls back to a generic reason.
        """
        return None

    def apply_action(self, action: int) -> None:
        """Play ``action``; an illegal one raises and leaves the state untouched."""
        if not isinstance(action, int) or isinstance(action, bool):
            raise IllegalActionError(action, msg("core.illegal.not-int"))
        if not 0 <= action < self.game.num_distinct_actions():
            raise IllegalActionError(action, msg("core.illegal.outside"))
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalActionError(self._safe_notation(action), reason)
        self.apply_legal_action(action)

    def apply_legal_action(self, action: int) -> None:
        """Play an action known to be legal (from ``legal_actions``), unchecked.

        The fast path for playouts and search; appends to ``history``.
        """
        self._apply(action)
        self.history.append(action)

    @abstractmethod
    def _apply(self, action: int) -> None:
        """The rules' effect of a legal action."""

    def _safe_notation(self, action: int) -> str | int:
        try:
            return self.action_to_string(action)
        except Exception:
            return action

    # -- results -------------------------------------------------------------------
    @abstractmethod
    def returns(self) -> list[float]:
        """Per-player utility: +1/-1/0 in two-player games; see each game's docs."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Per-player points in the game's own scoring (current or final)."""

    def outcome(self) -> Text:
        """How the game ended (or where it stands), as a message for ``solotable.words``."""
        return ""

    def best_score_key(self) -> str | None:
        """Where this game's final score is compared with earlier ones.

        Defaults to the game's key; a state overrides it when a setting is
        only fixed during play (a faction drawn at random, say).
        """
        return self.game.best_score_key()

    def stats(self) -> dict[str, str | float]:
        """Per-game facts for simulation reports (read at the end of a game).

        Text values are tallied as categories (a loss cause, a rating band,
        a faction) and number values averaged with a 95% interval.
        """
        return {}

    # -- what was hidden (the end screen) ---------------------------------------------------
    def reveal(self) -> Observation | None:
        """Everything the players could not see, as data, once the game is over; else None.

        The end screen shows it beside the score (face-down cards, what the decks still
        held, the dice left in the bag). The check lives here, not in each game, so no
        front end can ask an unfinished game for its hidden cards.
        """
        if not self.is_terminal():
            return None
        return self.hidden_at_end()

    def hidden_at_end(self) -> Observation | None:
        """What :meth:`reveal` shows: ids, codes and counts (no words); None if nothing
        was hidden. Games override it; callers other than ``reveal`` and a session whose
        game is over (a resignation) must not read it."""
        return None

    # -- views -------------------------------------------------------------------------
    @abstractmethod
    def observation(self, player: int) -> Observation:
        """What ``player`` may see, JSON-serialisable; never any hidden card."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The whole true state, JSON-serialisable (tests and debugging only).

        Two states with equal ``to_dict`` are the same position, RNG included.
        """

    @abstractmethod
    def clone(self) -> State:
        """An independent deep copy (RNG and history included)."""

    # -- notation ----------------------------------------------------------------------------
    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The action's notation; ``string_to_action`` reads it back."""

    @abstractmethod
    def string_to_action(self, text: str) -> int:
        """Parse notation into an action id; malformed text raises NotationError.

        Parsing does not check legality: ``parse_move`` does both.
        """

    def action_info(self, action: int) -> ActionInfo:
        """The action as data: kind, arguments and the table elements it acts on.

        Front ends read this, never the notation; games override it (the default only
        knows the notation)."""
        notation = self.action_to_string(action)
        return ActionInfo(action, notation, "move", {"notation": notation})

    def legal_action_infos(self) -> list[ActionInfo]:
        """:meth:`action_info` of every legal action, in ``legal_actions`` order."""
        return [self.action_info(a) for a in self.legal_actions()]

    def describe_action(self, action: int) -> str:
        """The action in English words (``solotable.words`` says it in other languages)."""
        return str(self.action_info(action).message)

    def parse_move(self, text: str) -> int:
        """Parse notation and check legality; the error says what is wrong."""
        action = self.string_to_action(text)
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalActionError(text.strip(), reason)
        return action

    def legal_moves_text(self) -> list[tuple[str, str]]:
        """``(notation, words)`` for every legal action."""
        return [(self.action_to_string(a), self.describe_action(a)) for a in self.legal_actions()]
