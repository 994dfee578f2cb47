"""Each action as data (``State.action_info``): its kind, the dice it moves, the slot it acts on.

Front ends put a move on the table from this (``targets`` name the mountain slot, ``slot:c2``,
or the collected Magic die, ``magic:magic2``) and ``solotable.words`` says it in the player's
language (``dice-miner.action.<kind>``). A die is given as ``type``, ``face`` (the face's
label, ``n3``), ``code`` and ``symbols`` (``[[symbol, count], …]``, so a face from a user's
dice file is said as well as a built-in one); see ``DiceTable.die``.

Kinds and their arguments:

- ``take``: ``slot``, the die as it will be collected (``type``, ``face``, ``code``,
  ``symbols``), ``beer`` (the die shows beer and is taken as that face), ``hide``;
- ``spend``: the Magic face (``face``, ``code``, ``symbols``) and ``n``, its magic symbols;
- ``face``: the face a starting Magic die that rolled beer is given (same arguments);
- ``recycle``: ``slot`` and the die on it (``type`` is None for an empty slot);
- ``refill``: ``left``, the refills left after this one; ``stop``: nothing;
- ``draw`` (chance): the die leaving the bag (``type``, ``face``, ``code``, ``symbols``),
  ``slot`` where it lands (None for a starting Magic die, which goes to the collection) and
  ``start`` (a starting Magic die).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.game import ActionInfo
from solotable.games.dice_miner.actions import TAKE_STRIDE
from solotable.games.dice_miner.dice import FACES_PER_DIE, MAGIC

if TYPE_CHECKING:
    from solotable.games.dice_miner.state import DiceMinerState

F = FACES_PER_DIE
NO_DIE: dict[str, Any] = {"type": None, "face": "", "code": None, "symbols": []}
"""The die arguments of an empty slot (an action that is not legal now)."""


def action_info(state: DiceMinerState, a: int) -> ActionInfo:
    """Action ``a`` in this position as data (any id of the action space, legal or not)."""
    g = state.game
    lay = g.layout
    table = g.table
    names = g.mtn.names
    notation = state.action_to_string(a)
    owner = g.name

    def info(kind: str, targets: tuple[str, ...] = (), **args: Any) -> ActionInfo:
        return ActionInfo(a, notation, kind, args, targets, owner)

    if a >= lay.draw:
        code = a - lay.draw
        start = bool(state.to_roll) and not state.face_pending
        slot = None if start or state.fill_slot < 0 else names[state.fill_slot]
        targets = (f"slot:{slot}",) if slot is not None else ()
        return info("draw", targets, slot=slot, start=start, **table.die(code))
    if a < lay.spend:
        s, rest = divmod(a, TAKE_STRIDE)
        k, hide = divmod(rest, 2)
        c = state.mountain[s]
        slot = names[s]
        if c < 0:
            return info("take", (f"slot:{slot}",), slot=slot, beer=False, hide=bool(hide), **NO_DIE)
        t = c // F
        beer = c % F == table.beer_kind[t] and k != c % F
        die = table.die(t * F + k) if k < len(table.kinds[t]) else {**table.die(c), "code": None}
        return info("take", (f"slot:{slot}",), slot=slot, beer=beer, hide=bool(hide), **die)
    if a < lay.recycle:
        kind = "spend" if a < lay.face else "face"
        code = MAGIC * F + a - (lay.spend if kind == "spend" else lay.face)
        die = table.die(code)
        return info(kind, (f"magic:{die['face']}",), n=table.magic[code], **die)
    if a < lay.refill:
        s = a - lay.recycle
        c = state.mountain[s]
        slot = names[s]
        die = table.die(c) if c >= 0 else NO_DIE
        return info("recycle", (f"slot:{slot}",), slot=slot, **die)
    if a == lay.refill:
        return info("refill", left=max(0, state.refills_left - 1))
    return info("stop")
