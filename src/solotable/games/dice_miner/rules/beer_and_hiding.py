"""Beer, the joker face, and hiding Treasure dice in chests.

Seed: Bière (a die showing beer takes the face the player picks when it joins
the collection) and Cacher les Gemmes (chests on the collection's Tool dice
hide Treasure dice, decided once, when the die is taken).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.core.message import Msg, msg
from solotable.games.dice_miner.dice import FACES_PER_DIE, TREASURE, DiceTable

if TYPE_CHECKING:
    from solotable.games.dice_miner.state import DiceMinerState

F = FACES_PER_DIE


def joker_faces(table: DiceTable, code: int) -> tuple[int, ...]:
    """The faces a die showing ``code`` may be taken as: its own, or any other for beer.

    Seed: Bière. The choice is limited to the die type's faces other than beer
    (spec §5.5 assumption); the chosen face must then pass the selection rules.
    """
    t, k = divmod(code, F)
    if k != table.beer_kind[t]:
        return (code,)
    return tuple(t * F + j for j in range(len(table.kinds[t])) if j != k)


def beer_face_problem(state: DiceMinerState, s: int, k: int) -> Msg | None:
    """Why the die on slot ``s`` cannot be taken as kind ``k`` (None if it can)."""
    table = state.game.table
    names = state.game.mtn.names
    c = state.mountain[s]
    t = c // F
    if k != c % F:
        if c % F != table.beer_kind[t]:
            return msg("dice-miner.illegal.not-beer", slot=names[s], **table.die(c))
    elif k == table.beer_kind[t]:
        return msg("dice-miner.illegal.beer-needs-face", slot=names[s], type=table.die(c)["type"])
    return None


def hide_treasure(state: DiceMinerState, code: int) -> None:
    """A Treasure die just taken goes under a free chest, for good.

    Seed: Cacher les Gemmes: one Treasure die per chest symbol (``solo.chest_capacity``
    in data/solo.json); the choice is made when the die is taken and never changes.
    """
    state.hidden[code] += 1
    state.free_chest -= 1


def hide_problem(state: DiceMinerState, t: int) -> Msg | None:
    """Why a die of type ``t`` cannot be hidden now (None if it can)."""
    if t != TREASURE:
        return msg("dice-miner.illegal.hide-not-treasure")
    if state.free_chest <= 0:
        return msg("dice-miner.illegal.no-free-chest")
    return None
