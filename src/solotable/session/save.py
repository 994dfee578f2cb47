"""What a play session writes to the store (its row, moves and result) and reads back.

Kept apart from :mod:`solotable.session.session` (the game loop) because this is
where the secrets are handled: the seed and every move the viewer may not
know yet are sealed here and nowhere else, so a save of an unfinished game
never holds them in the clear.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from solotable.core.game import Game, State
from solotable.core.message import msg
from solotable.core.record import result_of
from solotable.session.parts import GameMovedOn, NotKept, Ply, Result, Seat, SessionError
from solotable.session.seal import NOTATION_ROOM, SEED_ROOM, seal, unseal
from solotable.session.store import MoveRow, StoreConflict, StoreError, StoreWriteError


def session_row(
    session_id: str,
    game: Game,
    seats: Sequence[Seat],
    status: str,
    started: float,
    clocks: list[float] | None,
    seed: int,
) -> dict[str, Any]:
    """The game's row as first created: the seed only sealed."""
    return {
        "id": session_id,
        "game": game.name,
        "options": dict(game.options),
        "seats": [{"agent": s.agent} for s in seats],
        "status": status,
        "started": started,
        "updated": time.time(),
        "ply": 0,
        "clocks": clocks,
        "sealed": seal({"seed": seed}, SEED_ROOM),
    }


def move_rows(plies: Sequence[Ply], from_ply: int) -> list[MoveRow]:
    """The plies from ``from_ply`` on; a move the viewer may not know is sealed."""
    return [
        MoveRow(
            i,
            p.notation if p.public else None,
            None if p.public else seal(p.notation, NOTATION_ROOM),
            p.who,
            p.think,
            p.hinted,
            p.at,
        )
        for i, p in enumerate(plies[from_ply:], start=from_ply)
    ]


def finished_fields(result: Result, viewer: int, stats: dict[str, str | float]) -> dict[str, Any]:
    """The row's fields once the game is over: what history and stats list."""
    return {
        "ended": time.time(),
        "result": result.to_dict(),
        "score": result.scores[viewer],
        "score_key": result.score_key,
        "counts": result.counted,
        "won": result.returns[viewer] > 0,
        "stats": stats,
    }


def saved_actions(moves: Sequence[MoveRow]) -> list[str]:
    """The notation of every stored move, sealed ones opened (to replay on resume)."""
    return [m.action if m.action is not None else unseal(m.sealed or "") for m in moves]


CHANGES = ("move", "ai-move", "hint", "undo", "resignation", "new-game", "loaded-game")
"""What a step can be (``what`` below): ``solotable.words`` names each ("your move")."""


def lost_change(what: str, error: StoreError) -> SessionError:
    """The one sentence a front end shows when ``what`` (one of :data:`CHANGES`) was not
    saved, as a message."""
    if isinstance(error, StoreConflict):
        return GameMovedOn(msg("core.store.moved-on", what=what))
    if isinstance(error, StoreWriteError):
        return NotKept(msg("core.store.not-kept", what=what, reason=error.reason))
    return NotKept(msg("core.store.not-kept-because", what=what, error=error.message))


def final_result(
    state: State,
    status: str,
    forfeit: dict[str, Any] | None,
    *,
    has_human: bool,
    viewer: int,
    plies: Sequence[Ply],
    hints: int,
    best: Callable[[str], float | None] | None,
) -> Result:
    """The result of an ended game, with its place among the player's best scores.

    A game counts for best scores when a human played it to the end and at most
    half of the viewer's own decisions came straight from a hint.
    """
    res = result_of(state, forfeit)
    key = state.best_score_key() if has_human else None
    decisions = [p for p in plies if p.who == viewer and not p.forced]
    hinted = sum(p.hinted for p in decisions)
    counted = key is not None and status == "finished" and hinted * 2 <= len(decisions)
    previous = best(key) if key is not None and best is not None else None
    score = float(res["scores"][viewer])
    return Result(
        status,
        res["outcome"],
        [float(x) for x in res["scores"]],
        [float(x) for x in res["returns"]],
        forfeit,
        key,
        counted,
        previous,
        counted and (previous is None or score > previous),
        hints,
    )
