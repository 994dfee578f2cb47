"""A finished game, step by step, as its player saw it: what the replay page draws.

Only a finished game is replayed (its record holds the seed and every face-down card, which
an unfinished game keeps sealed). A *step* is one player's move together with the chance
steps and automatic rules that followed it, so the move numbers are the ones a player
counts (step 0 is the deal). Each step's table is the viewer's own observation; a move the
viewer could not see (a card drawn face down, an opponent's hidden choice) is shown as
hidden unless the player turns "show what was hidden" on, which only exists here, at the
end of a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solotable.core.errors import SolotableError
from solotable.core.events import Event
from solotable.core.game import ActionInfo, Observation, State
from solotable.core.players import CHANCE
from solotable.core.record import Record, game_of
from solotable.session.parts import Ply
from solotable.session.session import GameSession
from solotable.session.store import Store, StoreError
from solotable.words import Words

MAX_ID = 64
"""Game ids are 22 URL-safe base64 characters; anything much longer is not one (and is
not looked up)."""
ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class ReplayError(SolotableError):
    """A replay that cannot be shown: no such game, or a game that is not finished."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the replay: the plies it covers (``first``..``last``, indices into the
    record's actions) and the decision that opens it (None for step 0, the deal)."""

    first: int
    last: int
    decision: int | None


@dataclass
class Replay:
    """A finished game loaded once (finished games never change, so it may be cached)."""

    row: dict[str, Any]
    record: Record
    plies: list[Ply]
    events: list[Event]
    viewer: int
    steps: list[Step] = field(default_factory=list)


def valid_id(game_id: str) -> bool:
    return 0 < len(game_id) <= MAX_ID and set(game_id) <= ID_CHARS


def load_replay(store: Store, game_id: str, w: Words) -> Replay:
    """The finished game ``game_id``; a :class:`ReplayError` (404, 409) says why not."""
    if not valid_id(game_id):
        raise ReplayError(w._("There is no saved game with this id."), 404)
    try:
        session = GameSession.resume(store, game_id, agents=False)
    except StoreError as e:
        if store.mark(game_id) is None:
            raise ReplayError(w._("There is no saved game with this id."), 404) from None
        raise ReplayError(str(e), 503) from None
    except SolotableError:
        raise ReplayError(w._("This saved game cannot be replayed."), 422) from None
    if not session.is_over():
        raise ReplayError(
            w._("This game is not finished: its replay opens once it ends (continue it)."), 409
        )
    row = store.load(game_id).row
    replay = Replay(row, session.record(), session.plies, session.events, session.viewer)
    replay.steps = steps_of(replay.plies)
    return replay


def steps_of(plies: Sequence[Ply]) -> list[Step]:
    """Group the plies into steps: each player's move with the chance steps after it."""
    starts = [i for i, p in enumerate(plies) if p.who != CHANCE]
    steps = [Step(0, (starts[0] if starts else len(plies)) - 1, None)]
    for k, first in enumerate(starts):
        last = (starts[k + 1] if k + 1 < len(starts) else len(plies)) - 1
        steps.append(Step(first, last, first))
    return steps


@dataclass(frozen=True, slots=True)
class PlyView:
    """One ply as the replay lists it."""

    index: int
    who: int
    notation: str
    words: str
    hidden: bool
    """Not seen by the player (shown only with "show what was hidden")."""


@dataclass
class Position:
    """Everything a step shows: the table (an observation), its plies and events, scores."""

    step: int
    observation: Observation
    state_scores: list[float]
    plies: list[PlyView]
    events: list[str]
    terminal: bool
    before: State
    """The state before the step's decision (to say a review's better move in words)."""


def position(replay: Replay, step: int, w: Words, reveal: bool) -> Position:
    """The table after ``step`` (0 ≤ step < len(steps)), replayed from the record."""
    game = game_of(replay.record)
    state = game.new_initial_state(replay.record.seed)
    target = replay.steps[step]
    views: list[PlyView] = []
    before = state.clone()
    for i, text in enumerate(replay.record.actions[: target.last + 1]):
        action = state.string_to_action(text)
        if i == target.first:
            before = state.clone()
        if i >= target.first:
            ply = replay.plies[i] if i < len(replay.plies) else None
            hidden = ply is not None and not ply.public
            try:
                said = w.action(state.action_info(action))
            except SolotableError:
                said = text
            views.append(PlyView(i, state.current_player(), text, said, hidden and not reveal))
        state.apply_action(action)
    # events are stamped with the ply count after the action that raised them
    low = 0 if step == 0 else target.first + 1
    events = [w.event(game.name, e) for e in replay.events if low <= e.ply <= target.last + 1]
    return Position(
        step,
        state.observation(replay.viewer),
        [float(x) for x in state.scores()],
        views,
        events,
        state.is_terminal(),
        before,
    )


def move_infos(replay: Replay, better: dict[int, str] | None = None) -> dict[int, ActionInfo]:
    """Every player's move of the game as data (``ActionInfo``, which the words formatter
    says), by its index in the record, so the move list shows moves as the player saw them
    and never as notation. With ``better`` (record index → a review's better move, in the
    record's notation), those moves instead, each read at the position it was the better
    one of. The game's own rules read the record (the engine's ``string_to_action``):
    nothing here cuts notation apart."""
    decisions = {s.decision for s in replay.steps if s.decision is not None}
    wanted = decisions if better is None else set(better)
    state = game_of(replay.record).new_initial_state(replay.record.seed)
    out: dict[int, ActionInfo] = {}
    for i, text in enumerate(replay.record.actions):
        if i > max(wanted, default=-1):
            break
        action = state.string_to_action(text)
        if i in wanted:
            try:
                shown = action if better is None else state.string_to_action(better[i])
                out[i] = state.action_info(shown)
            except SolotableError:
                pass  # a move the rules cannot say (an old record): the list says "a move"
        state.apply_action(action)
    return out
