"""The agent interface: agents decide from observations only.

An agent never receives the true state. It gets a :class:`Turn` (its
observation, the legal actions and a time budget) and may rebuild a full
state with ``game.sample_state`` (hidden parts dealt at random) for search.

The one labelled exception is a :class:`ResearchAgent` (``sees_true_state``):
an upper bound on what honest play can reach, which the driver of a
simulation hands a copy of the true state, generator included, in a
:class:`ResearchTurn`. The registry refuses research agents everywhere a
player picks an agent (``make_agent(..., research=False)``, the default).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from solotable.core.errors import ResearchAgentError, UnknownNameError
from solotable.core.game import Game, Observation, State
from solotable.core.message import Text
from solotable.core.untrusted import ascii_float, ascii_int, shorten


class Turn:
    """What an agent may know when it must act.

    The observation is computed on first use, so agents that do not need it
    (random play) cost nothing extra in simulations.
    """

    __slots__ = ("__dict__", "_observe", "legal_actions", "player", "time_budget")

    def __init__(
        self,
        player: int,
        legal_actions: Sequence[int],
        observe: Callable[[], Observation],
        time_budget: float | None = None,
    ) -> None:
        self.player = player
        self.legal_actions = legal_actions
        self.time_budget = time_budget
        self._observe = observe

    @cached_property
    def observation(self) -> Observation:
        return self._observe()

    @classmethod
    def for_state(
        cls,
        state: State,
        player: int,
        time_budget: float | None = None,
        legal_actions: Sequence[int] | None = None,
    ) -> Turn:
        """The turn a driver hands to an agent: the state's legal actions and a lazy
        view of ``player``'s observation — never the state itself."""
        legal = state.legal_actions() if legal_actions is None else legal_actions

        def observe() -> Observation:
            return state.observation(player)

        return cls(player, legal, observe, time_budget)


ParamValue = int | float | str


@dataclass(frozen=True, slots=True)
class Candidate:
    """One move an analysing agent weighed, with what it expects of it and why.

    Hints and game reviews show the best few candidates side by side, so the
    value must be on one scale for all of them: ``unit`` names it ("points
    ahead at the end", "final score", "win chance"). ``spread`` is the search's
    own uncertainty about ``value`` (a standard error for sampled searches, the
    change from one ply shallower for a depth-limited one, 0 when exact), so a
    front end can say when two moves are too close to call.
    """

    action: int
    value: float
    spread: float
    reason: Text
    """Why, as a message (``solotable.words`` says it); a plug-in may give plain text."""
    unit: str
    """One of :data:`UNITS` (a code; ``solotable.words`` says it with the value)."""
    interval: bool = True
    """Whether ``spread`` is an interval worth showing (a sampled estimate's standard
    error). A deterministic search has none: its value is shown bare (issue 25)."""
    close: bool | None = None
    """Whether the search could not tell this move from the first candidate (within its
    noise, or an exact tie); None when the agent does not say (the spreads then decide).
    The second candidate's flag is the hint's verdict: "about as good as" it, or the first
    is "clearly best"; the first candidate's own flag is meaningless."""

    @property
    def noise(self) -> float:
        """How far the value may be off: the spread, or 0 without an interval."""
        return self.spread if self.interval else 0.0

    def close_to(self, best: Candidate) -> bool:
        """Whether the search could not tell this move from ``best``: the agent's own
        paired test when it gives one (:attr:`close`), else the spreads (for a
        deterministic search, an equal value)."""
        if self.action == best.action:
            return True
        if self.close is not None:
            return self.close
        return best.value - self.value <= max(best.noise, self.noise)


UNIT_AHEAD = "points ahead at the end"
UNIT_SCORE = "final score"
UNIT_WIN = "win chance"
UNITS = (UNIT_AHEAD, UNIT_SCORE, UNIT_WIN)
"""The scales a candidate's value is on, as codes (their English names, kept from the
reviews written before they were codes)."""


class ResearchTurn(Turn):
    """A :class:`Turn` that also carries a copy of the true state, hidden parts and
    random generator included: what only a :class:`ResearchAgent` is given.

    ``state`` is a clone, so a research agent may search on it freely without
    changing the game being played.
    """

    __slots__ = ("state",)

    def __init__(
        self,
        state: State,
        player: int,
        legal_actions: Sequence[int],
        time_budget: float | None = None,
    ) -> None:
        def observe() -> Observation:
            return state.observation(player)

        super().__init__(player, legal_actions, observe, time_budget)
        self.state = state


class Agent(ABC):
    """A player. Built by a factory with ``(game, player, seed, params)``."""

    name: str = "agent"
    sees_true_state: ClassVar[bool] = False
    """True only for research agents (:class:`ResearchAgent`): drivers hand them the true
    state, and the registry never offers them to players. A class attribute, so one
    check (:func:`is_research`) both grants the state and labels the agent."""
    param_defaults: ClassVar[Mapping[str, ParamValue]] = {}
    """Plug-in agents named on the command line (``module:Class:key=value``) get their
    ``key=value`` parameters typed from these defaults and passed to ``__init__`` as keywords."""

    def __init__(self, game: Game, player: int, seed: int = 0) -> None:
        self.game = game
        self.player = player
        self.seed = seed

    @abstractmethod
    def act(self, turn: Turn) -> int:
        """Return one of ``turn.legal_actions``."""

    def analyse(self, turn: Turn, k: int = 3, include: Sequence[int] = ()) -> list[Candidate]:
        """The ``k`` best moves as the agent sees them, best (its own pick) first.

        Moves in ``include`` are weighed too and appended when they are not among
        the ``k`` best: that is how a hint judges the move a player has in mind and
        how a review judges the move that was played. The default, an empty list,
        means "this agent only acts": front ends then show its move without values.
        """
        return []

    def label(self) -> str:
        return self.name


class ResearchAgent(Agent):
    """A research agent: it plans on the true state (hidden cards, future draws).

    It bounds what an honest player can reach from a seed; it is not a player.
    Only a research driver (``core.runner.play_game`` in simulations) gives it a
    :class:`ResearchTurn`; with a plain :class:`Turn` it refuses to act.
    """

    sees_true_state: ClassVar[bool] = True

    def act(self, turn: Turn) -> int:
        if not isinstance(turn, ResearchTurn):
            raise ResearchAgentError(
                f"{self.name} is a research agent: it needs the true state, "
                "which only simulate and compare give"
            )
        return self.plan(turn.state, turn)

    @abstractmethod
    def plan(self, state: State, turn: Turn) -> int:
        """Return one of ``turn.legal_actions``, knowing the true ``state`` (a copy)."""


def is_research(agent: Agent) -> bool:
    """Whether ``agent`` sees the true state (its class says so; an instance cannot)."""
    return bool(getattr(type(agent), "sees_true_state", False))


def agent_params(
    agent: str, params: Mapping[str, str], defaults: Mapping[str, ParamValue]
) -> dict[str, ParamValue]:
    """Typed agent parameters from ``name:key=value`` text, checked against defaults.

    Every agent factory goes through here so that an unknown key or a value of
    the wrong type is reported the same way (naming the valid keys) rather
    than crashing deep inside the agent.
    """
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        valid = ", ".join(defaults) or "none"
        raise UnknownNameError(
            f"{agent}: unknown parameter(s) {shorten(', '.join(unknown))}; valid: {valid}"
        )
    out: dict[str, ParamValue] = dict(defaults)
    for key, text in params.items():
        default = defaults[key]
        what = f"{agent}: bad parameter value {key}"
        if isinstance(default, int):
            out[key] = ascii_int(text, what, 0, MAX_PARAM_INT, UnknownNameError)
        elif isinstance(default, float):
            # NaN passes every ``t < 0`` check and then never ends a search: refused here.
            out[key] = ascii_float(text, what, 0.0, MAX_PARAM_FLOAT, UnknownNameError)
        else:
            out[key] = shorten(text, 80)
    return out


MAX_PARAM_INT = 10**7
"""No agent parameter (iterations, samples, depth…) is sensibly larger."""
MAX_PARAM_FLOAT = 86_400.0
"""A day: the largest time budget or weight anyone means."""
