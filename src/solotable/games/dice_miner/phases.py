"""Where a solo game stands: its phase and how it ended (IntEnums).

The state keeps the flags the rules need (``face_pending``, ``to_roll``,
``filling``, ``recycles_left``, ``over``); :func:`phase_of` reads them in the
order the rules apply, so hot paths test the flags directly and the friendly
side (observation, position loading, reasons) names the phase.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solotable.games.dice_miner.state import DiceMinerState


class End(IntEnum):
    """How the game ended; ``position()["over"]`` holds :attr:`label` (null while running)."""

    NOT_OVER = 0
    STOPPED = 1
    """The player chose to stop digging (seed: Marquer les points)."""
    STUCK = 2
    """No action was left, so the game ends by itself (spec §5.6)."""

    @property
    def label(self) -> str | None:
        return _END_LABELS[self]


_END_LABELS = {End.NOT_OVER: None, End.STOPPED: "stopped", End.STUCK: "stuck"}
END_BY_LABEL: dict[str | None, End] = {v: k for k, v in _END_LABELS.items()}
"""``position()["over"]`` → the End it names."""

NOT_OVER, STOPPED, STUCK = End
"""Module-level aliases: an enum member read from a global is as fast as an int in hot paths."""


class Phase(IntEnum):
    """What the game waits for, in the order :func:`phase_of` checks it."""

    OVER = 0
    START_FACE = 1
    """A starting Magic die rolled beer and awaits its face (player; spec §5.5)."""
    SETUP_ROLL = 2
    """Starting Magic dice are still to be rolled (chance; seed: Mise en place)."""
    FILLING = 3
    """The mountain is being filled slot by slot (chance; seed: Remplissage de la Montagne)."""
    RECYCLE = 4
    """A spent Magic die still owes recycles (player; seed: Jeu, RECYCLEZ)."""
    MAIN = 5
    """Free choice of take, spend, refill or stop (player; seed: Jeu)."""

    @property
    def label(self) -> str:
        """The observation's ``phase`` string."""
        return _PHASE_LABELS[self]


_PHASE_LABELS = {
    Phase.OVER: "over",
    Phase.START_FACE: "start-face",
    Phase.SETUP_ROLL: "setup-roll",
    Phase.FILLING: "filling",
    Phase.RECYCLE: "recycle",
    Phase.MAIN: "main",
}


def phase_of(state: DiceMinerState) -> Phase:
    """The phase the state's flags describe (the order matters: see the module docstring)."""
    if state.over:
        return Phase.OVER
    if state.face_pending:
        return Phase.START_FACE
    if state.to_roll:
        return Phase.SETUP_ROLL
    if state.filling:
        return Phase.FILLING
    if state.recycles_left:
        return Phase.RECYCLE
    return Phase.MAIN
