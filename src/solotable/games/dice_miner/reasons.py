"""Why an action is illegal, in words (the legality test itself is ``legal_actions``).

Kept apart from the state so the rules' hot paths stay short; these checks
only run when a player or a record proposes an illegal move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.dice_miner.actions import TAKE_STRIDE
from solotable.games.dice_miner.dice import FACES_PER_DIE, MAGIC, TREASURE, TYPES

if TYPE_CHECKING:
    from solotable.games.dice_miner.state import DiceMinerState

F = FACES_PER_DIE


def why_illegal(state: DiceMinerState, a: int) -> str | None:
    """A specific reason for an illegal action (the legality test is ``legal_actions``)."""
    g = state.game
    lay = g.layout
    names = g.mtn.names
    table = g.table
    if a >= lay.draw:
        if not state.is_chance_node():
            return "dice are drawn from the bag only while rolling or filling the mountain"
        t = (a - lay.draw) // F
        if state.to_roll:
            return "setup rolls Magic dice only"
        if (a - lay.draw) % F >= len(table.kinds[t]):
            return f"a {TYPES[t]} die has no such face"
        return f"no {TYPES[t]} die is left in the bag"
    if state.is_chance_node():
        return "dice are being drawn from the bag: apply a draw outcome"
    if state.face_pending:
        if lay.face <= a < lay.recycle:
            return "that is not a Magic face other than beer"
        return "first choose the face of the starting Magic die that rolled beer ('face …')"
    if lay.face <= a < lay.recycle:
        return "no starting Magic die is waiting for a face"
    if state.recycles_left:
        if lay.recycle <= a < lay.refill:
            return slot_problem(state, a - lay.recycle) or "that die cannot be recycled"
        return f"recycle {state.recycles_left} more exposed die/dice first ('recycle SLOT')"
    if lay.recycle <= a < lay.refill:
        return "recycling happens only right after spending a Magic die"
    if a == lay.refill:
        if state.refills_left <= 0:
            return "no refill left"
        if state.bag_total == 0:
            return "the bag is empty"
        return "the mountain is full"
    if lay.spend <= a < lay.face:
        code = MAGIC * F + a - lay.spend
        if not state.coll[code]:
            return f"no Magic die showing {table.labels[code] or 'that face'} in the collection"
        return "the mountain is empty: there is nothing to recycle"
    s, rest = divmod(a, TAKE_STRIDE)
    k, hide = divmod(rest, 2)
    problem = slot_problem(state, s)
    if problem:
        return problem
    c = state.mountain[s]
    t = c // F
    code = t * F + k
    if k >= len(table.kinds[t]):
        return f"a {TYPES[t]} die has no such face"
    if k != c % F:
        if c % F != table.beer_kind[t]:
            return f"the die on {names[s]} shows {table.labels[c]}; only beer is a joker"
    elif k == table.beer_kind[t]:
        return f"the die on {names[s]} shows beer: choose its face ('take {names[s]} as …')"
    if not state._selectable(code):
        need = g.need[code]
        if need == 1:
            n = table.n[code]
            return f"a Tunnel {n} must extend a run that ends at {n - 1}"
        if need == 2:
            return "a dragon Danger die needs an unused shield"
        return "a cave-in Danger die needs an unused pickaxe"
    if hide:
        if t != TREASURE:
            return "only Treasure dice can be hidden"
        return "no free chest to hide it"
    return None


def slot_problem(state: DiceMinerState, s: int) -> str | None:
    m = state.mountain
    name = state.game.mtn.names[s]
    if m[s] < 0:
        return f"no die on {name}"
    above = [state.game.mtn.names[x] for x in state.game.mtn.covers[s] if m[x] >= 0]
    if above:
        return f"the die on {name} is covered by {' and '.join(above)}"
    return None
