"""Setting up a solo game: the starting Magic dice.

Seed: Mise en place: three Magic dice are taken out of the bag (by type, not
at random) and rolled to start the collection; then the mountain is filled
(``rules.mountain``). Fewer starting Magic dice is the difficulty setting
(seed: Marquer les points), hence the ``magic_dice`` option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.core.message import Msg, msg
from solotable.games.dice_miner.dice import FACES_PER_DIE, MAGIC

if TYPE_CHECKING:
    from solotable.games.dice_miner.state import DiceMinerState

F = FACES_PER_DIE


def starting_magic_roll(state: DiceMinerState, code: int) -> None:
    """A starting Magic die leaves the bag and joins the collection showing ``code``.

    Seed: Mise en place. A die that rolls beer waits for its face
    (:func:`starting_beer_face`).
    """
    state.bag[MAGIC] -= 1
    state.bag_total -= 1
    state.to_roll -= 1
    state.coll[code] += 1
    if code % F == state.game.table.beer_kind[MAGIC]:
        state.face_pending = True


def starting_beer_face(state: DiceMinerState, k: int) -> None:
    """The starting Magic die that rolled beer now counts as kind ``k``.

    Seed: Bière says a beer die's face is chosen when it joins the collection;
    for a starting die that is when it is rolled (spec §5.5, §7 Q15 assumption).
    """
    state.coll[MAGIC * F + state.game.table.beer_kind[MAGIC]] -= 1
    state.coll[MAGIC * F + k] += 1
    state.face_pending = False


def why_not_face(state: DiceMinerState, a: int) -> Msg:
    """Why a ``face`` action (or any other while a face is awaited) is refused."""
    lay = state.game.layout
    if not state.face_pending:
        return msg("dice-miner.illegal.no-face-pending")
    if lay.face <= a < lay.recycle:
        return msg("dice-miner.illegal.not-a-magic-face")
    return msg("dice-miner.illegal.choose-face-first")
