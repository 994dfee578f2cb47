"""The parts of a play session: seats, hints, results, plies, and what a seat may see.

Kept apart from :mod:`solotable.session.session` so each stays small; the
session module re-exports the names front ends use.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from solotable.core.agent import Agent, Candidate, Turn
from solotable.core.errors import PluginRefusedError, SolotableError
from solotable.core.events import Event
from solotable.core.game import ActionInfo, Game, Observation, State
from solotable.core.message import Msg, Text, msg
from solotable.core.players import CHANCE
from solotable.core.record import outcome_message
from solotable.core.registry import make_agent, names_plugin

MAX_OUTCOMES_TESTED = 300
"""Chance nodes with more outcomes are assumed to reveal, and to stay sealed."""


class SessionError(SolotableError):
    """A request the session refuses: not your turn, the game is over, no such seat."""


class UndoRefused(SessionError):
    """Undo would take back a move made before hidden information was revealed."""

    def __init__(self, reason: Msg) -> None:
        self.reason = reason
        super().__init__(msg("core.undo.refused", reason=reason))


class NotKept(SessionError):
    """A change whose step could not be saved: the session is back at its last saved step."""


class GameMovedOn(SessionError):
    """Another front end played this game since: the session now shows it as saved there."""


@dataclass(frozen=True, slots=True)
class Seat:
    """Who plays a seat: a human (``agent`` None) or an agent spec such as ``"hard"``."""

    agent: str | None = None

    @property
    def human(self) -> bool:
        return self.agent is None

    def label(self) -> str:
        return "human" if self.agent is None else self.agent


@dataclass(frozen=True, slots=True)
class Hint:
    """The hint agent's move and, when it can analyse, its best moves with values and reasons.

    ``candidates`` holds the best move first and the next ones after it;
    ``mine`` is the player's own move when they asked about one (``hint MOVE``).
    """

    action: int
    notation: str
    words: str
    """The move in English (transitional: front ends say ``info`` in the player's language)."""
    agent: str
    candidates: tuple[Candidate, ...] = ()
    mine: Candidate | None = None
    info: ActionInfo | None = None
    """The move as data (``State.action_info``): ``solotable.words`` says it."""

    def loss(self) -> float | None:
        """How much the player's move gives up against the best, in the candidates' unit."""
        if self.mine is None or not self.candidates:
            return None
        return self.candidates[0].value - self.mine.value


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended, and what it did to the player's best score."""

    status: str
    outcome: Any
    """How the game ended as message data (``Msg.to_json()``), said by ``solotable.words``;
    a game stored by an older version holds its English sentence (shown as it is)."""
    scores: list[float]
    returns: list[float]
    forfeit: dict[str, Any] | None = None
    score_key: str | None = None
    counted: bool = False
    """Whether it counts for best scores (a human seat, not played from hints)."""
    previous_best: float | None = None
    new_best: bool = False
    hints: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    @property
    def outcome_message(self) -> Text:
        """The outcome as a :class:`Msg` (a stored English sentence stays a string)."""
        return outcome_message(self.outcome)


@dataclass
class Ply:
    """What the session knows about one applied action (parallel to ``history``)."""

    notation: str
    who: int
    public: bool
    """Its notation may be shown and saved in plain text."""
    revealed: bool
    """A chance outcome the viewer could tell apart from others: undo stops here."""
    words: Text = ""
    """The action as a message (``State.action_info``; "" when it is not public), said by
    ``solotable.words`` in the player's language."""
    forced: bool = False
    hinted: bool = False
    think: float | None = None
    at: float = field(default_factory=time.time)


def chance_visibility(state: State, action: int, viewer: int) -> tuple[bool, bool]:
    """(public, revealed) for a chance outcome, tested on clones.

    Revealed: some other outcome would have shown the viewer something
    else. Public: no other outcome looks the same to the viewer, so naming
    it tells nothing the observation does not already show.
    """
    outcomes = [a for a, _ in state.chance_outcomes()]
    if len(outcomes) <= 1:
        return True, False
    if state.game.info.perfect_information or state.chance_outcomes_are_public():
        return True, True
    if len(outcomes) > MAX_OUTCOMES_TESTED:
        return False, True
    seen = {a: _after(state, a, viewer) for a in outcomes}
    mine = seen[action]
    public = sum(1 for v in seen.values() if v == mine) == 1
    revealed = any(v != mine for v in seen.values())
    return public, revealed


def decision_visible(state: State, action: int, viewer: int) -> bool:
    """Whether another seat's decision can be named without revealing its hidden cards."""
    legal = state.legal_actions()
    if len(legal) > MAX_OUTCOMES_TESTED:
        return False
    mine = _after(state, action, viewer)
    return sum(1 for a in legal if _after(state, a, viewer) == mine) == 1


def _after(state: State, action: int, viewer: int) -> Observation:
    probe = state.clone()
    probe.apply_legal_action(action)
    return probe.observation(viewer)


def seat_agents(
    game: Game, seats: Sequence[Seat], seed: int, plugins: Collection[str] = ()
) -> dict[int, Agent]:
    """The agents of the agent seats, built from their specs.

    Seats come from files and the store too, so a spec is built only as a registered agent
    unless the player named that very spec (``plugins``: what they typed on the command
    line); a seat naming a plug-in otherwise is refused before anything is imported, with
    the spec to name again (:class:`PluginRefusedError`).
    """
    agents: dict[int, Agent] = {}
    for p, s in enumerate(seats):
        if s.agent is None:
            continue
        named = s.agent in plugins
        if not named and names_plugin(s.agent, game):
            raise PluginRefusedError(s.agent, msg("core.plugin.seat", seat=p, agent=s.agent))
        agents[p] = make_agent(s.agent, game, p, (seed * 7919 + p) % 2**31, allow_plugins=named)
    return agents


def advise(game: Game, state: State, seat: int, seed: int, mine: int | None) -> Hint:
    """What the game's hint agent would play, its next best moves and, with ``mine``,
    how that move compares.

    The turn has no time budget, so the hint agent's own budget decides (depth,
    samples, work): the same position and seed get the same hint, unless the agent's CPU
    cap (about a second) ends the search first, which only the slowest hints meet.
    """
    name = game.info.hint_agent
    adviser = make_agent(name, game, seat, seed)
    turn = Turn.for_state(state, seat, None)
    ranked = adviser.analyse(turn, 3, () if mine is None else (mine,))
    action = ranked[0].action if ranked else adviser.act(turn)
    best = ranked[:3]  # analyse puts the included move after the k best
    judged = next((c for c in ranked if c.action == mine), None)
    return Hint(
        action,
        state.action_to_string(action),
        state.describe_action(action),
        name.partition(":")[0],
        tuple(best),
        judged,
        state.action_info(action),
    )


def action_words(state: State, action: int) -> Text:
    """What ``action`` does, as data: its ``action_info`` message, or for a game that only
    describes its moves in English (a plug-in without words), that English."""
    info = state.action_info(action)
    return info_words(info, lambda: state.describe_action(action))


def info_words(info: ActionInfo | None, english: str | Callable[[], str]) -> Text:
    """An action's message, unless it is the core's default (the notation alone) and the
    game words its moves itself in ``english`` (transitional, and plug-in games)."""
    if info is not None and not (info.owner == "core" and info.kind == "move"):
        return info.message
    return english() if callable(english) else english


def ply_events(
    game: Game,
    ply: Ply,
    name: Msg | None,
    before: Observation,
    after: Observation,
    viewer: int,
    *,
    at: int,
) -> list[Event]:
    """What the viewer is told of one applied ply (unstamped): the move when it may know
    it, then the game's own events computed from its two observations. Events are data
    (``solotable.words`` says ``core.event.move`` and ``core.event.chance``).

    ``name`` is how the mover is called (:meth:`GameSession.seat_msg`); None for chance.
    """
    out: list[Event] = []
    if ply.who == CHANCE:
        if ply.public:
            data = {"notation": ply.notation, "action": message_data(ply.words)}
            out.append(Event(0, at, "chance", None, "", data))
    else:
        who = message_data(name) if name is not None else None
        if ply.public:
            data = {
                "who": who,
                "seat": ply.who,
                "notation": ply.notation,
                "action": message_data(ply.words),
                "forced": ply.forced,
            }
        else:
            data = {"who": who, "seat": ply.who, "hidden": True, "forced": ply.forced}
        out.append(Event(0, at, "move", ply.who, "", data))
    out += [
        Event(0, at, e.kind, e.player, e.text, e.data) for e in game.events(before, after, viewer)
    ]
    return out


def message_data(value: Text) -> Any:
    """A message as JSON data for an event or the store (a plain string stays a string)."""
    return value.to_json() if isinstance(value, Msg) else value
