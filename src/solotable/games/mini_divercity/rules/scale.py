"""The Scale: tokens move one space toward safety or toward extinction.

Seed: Mise en place (tokens start on blue); spec 1.3 (two steps up from blue
is SAVED, two steps down is ELIMINATED, both final); spec A6 (a card of an
out-of-play species moves nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.mini_divercity.codes import RESULT_LOSS, RESULT_WIN, Log, Pos
from solotable.games.mini_divercity.rules.ending import end_game

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState

_SAVED = int(Pos.SAVED)
_ELIMINATED = int(Pos.ELIMINATED)
_NO_EFFECT = int(Log.NO_EFFECT)
_IMPROVE = int(Log.IMPROVE)
_HARM = int(Log.HARM)


def improve(s: MiniDiverCityState, c: int) -> None:
    """Species ``c`` one space toward safety; the goal is checked at once (Seed: Objectif)."""
    p = s.pos[c]
    if p in (_SAVED, _ELIMINATED):
        s._log(_NO_EFFECT, c, p)
        return
    p += 1
    s.pos[c] = p
    s._log(_IMPROVE, c, p)
    if p == _SAVED:
        s.saved += 1
        if s.saved >= s.goal:
            end_game(s, RESULT_WIN, "saved")


def harm(s: MiniDiverCityState, c: int) -> None:
    """Species ``c`` one space toward extinction; the loss is checked at once."""
    p = s.pos[c]
    if p in (_SAVED, _ELIMINATED):
        s._log(_NO_EFFECT, c, p)
        return
    p -= 1
    s.pos[c] = p
    s.dirty = True
    s._log(_HARM, c, p)
    if p == _ELIMINATED:
        s.elim += 1
        if s.elim >= s.limit:
            end_game(s, RESULT_LOSS, "eliminated")
