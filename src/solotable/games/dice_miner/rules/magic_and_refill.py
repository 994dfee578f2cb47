"""Spending Magic dice to recycle dice, and refilling the mountain.

Seed: Jeu (spend a Magic die: it leaves the game; RECYCLEZ one die on top per
magic symbol, back into the bag) and Remplissage de la Montagne (dice left on
the mountain stay, the bag is poured again; twice per game by default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.core.message import Msg, msg
from solotable.games.dice_miner.dice import FACES_PER_DIE, MAGIC
from solotable.games.dice_miner.rules.mountain import why_not_on_top

if TYPE_CHECKING:
    from solotable.games.dice_miner.state import DiceMinerState

F = FACES_PER_DIE


def spend_magic(state: DiceMinerState, k: int) -> None:
    """A collected Magic die showing kind ``k`` leaves the game; its symbols are owed recycles.

    Seed: Jeu: the spent die goes to the box, not the bag, and each of its magic
    symbols recycles one die (spec §7 Q7: all of them, without interruption).
    """
    code = MAGIC * F + k
    state.coll[code] -= 1
    state.removed += 1
    state.recycles_left = state.game.table.magic[code]


def recycle_die(state: DiceMinerState, s: int) -> None:
    """The die on top of slot ``s`` goes back into the bag (one owed recycle paid).

    Seed: Jeu, RECYCLEZ: one die at a time, so a die uncovered by an earlier
    recycle may be the next; symbols left when the mountain empties are lost
    (spec §7 Q7).
    """
    t = state.mountain[s] // F
    state.mountain[s] = -1
    state.on_mountain -= 1
    state.bag[t] += 1
    state.bag_total += 1
    state.recycles_left -= 1
    if not state.on_mountain:
        state.recycles_left = 0


def can_refill(state: DiceMinerState) -> bool:
    """A refill is left and would put at least one die on the mountain (spec §7 Q8).

    Seed: Remplissage de la Montagne: only twice per game (the ``refills`` option).
    """
    return (
        state.refills_left > 0 and state.bag_total > 0 and state.on_mountain < state.game.mtn.size
    )


def refill_mountain(state: DiceMinerState) -> None:
    """Use up one refill; the state then pours dice into the empty slots as at setup.

    Seed: Remplissage de la Montagne: dice still on the mountain stay with their
    faces, and the collection is never rerolled.
    """
    state.refills_left -= 1


def why_not_spend(state: DiceMinerState, k: int) -> Msg:
    """Why spending a Magic die of kind ``k`` is refused (called only when it is)."""
    table = state.game.table
    code = MAGIC * F + k
    if not state.coll[code]:
        if not table.labels[code]:
            return msg("dice-miner.illegal.no-such-magic-face")
        return msg("dice-miner.illegal.no-magic-die", n=table.magic[code])
    return msg("dice-miner.illegal.empty-mountain")


def why_not_recycle(state: DiceMinerState, s: int) -> Msg:
    """Why recycling slot ``s`` is refused (called only when it is)."""
    if not state.recycles_left:
        return msg("dice-miner.illegal.recycle-after-spend")
    return why_not_on_top(state, s) or msg("dice-miner.illegal.cannot-recycle")


def why_not_refill(state: DiceMinerState) -> Msg:
    """Why a refill is refused (called only when it is)."""
    if state.refills_left <= 0:
        return msg("dice-miner.illegal.no-refill-left")
    if state.bag_total == 0:
        return msg("dice-miner.illegal.bag-empty")
    return msg("dice-miner.illegal.mountain-full")
