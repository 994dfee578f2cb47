"""Observations, positions and move descriptions (the slow, friendly side).

Nothing in Dice Miner solo is hidden except which dice the bag will give
next, and that is not stored anywhere: the bag is a count per type, which the
player can work out anyway. So the observation carries the full ``position``
and :func:`load_position` can rebuild an exact state from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.games.dice_miner.actions import TAKE_STRIDE
from solotable.games.dice_miner.dice import (
    CODES,
    FACES_PER_DIE,
    HAZARD,
    MAGIC,
    NTYPES,
    TOOL,
    TREASURE,
    TUNNEL,
    TYPES,
)
from solotable.games.dice_miner.state import END_NAMES, NOT_OVER, STOPPED, STUCK

if TYPE_CHECKING:
    from solotable.games.dice_miner.state import DiceMinerState

F = FACES_PER_DIE


def phase_of(state: DiceMinerState) -> str:
    if state.over:
        return "over"
    if state.face_pending:
        return "start-face"
    if state.to_roll:
        return "setup-roll"
    if state.filling:
        return "filling"
    if state.recycles_left:
        return "recycle"
    return "main"


def exposed_slots(state: DiceMinerState) -> list[int]:
    m = state.mountain
    covers = state.game.mtn.covers
    return [s for s in range(len(m)) if m[s] >= 0 and all(m[x] < 0 for x in covers[s])]


def tool_symbols(state: DiceMinerState) -> tuple[int, int, int]:
    """Danger dice the collected Tool dice can neutralise (one per die with a shield or
    pickaxe, per the seed) and Treasure dice their chests can hide (one per chest symbol)."""
    table = state.game.table
    shield = pickaxe = chest = 0
    for c in range(TOOL * F, TOOL * F + F):
        shield += state.coll[c] * (table.shield[c] > 0)
        pickaxe += state.coll[c] * (table.pickaxe[c] > 0)
        chest += state.coll[c] * table.chest[c]
    return shield, pickaxe, chest


def tool_totals(state: DiceMinerState) -> dict[str, dict[str, int]]:
    shield, pickaxe, chest = tool_symbols(state)
    return {
        "shield": {"total": shield, "free": state.free_shield},
        "pickaxe": {"total": pickaxe, "free": state.free_pickaxe},
        "chest": {"total": chest, "free": state.free_chest},
    }


def observe(state: DiceMinerState) -> dict[str, Any]:
    """The player's view, which is the whole table (agents and the UI read only this).

    Keys: ``phase`` (main, recycle, start-face, setup-roll, filling, over); ``rows`` and
    ``slots`` (slot names, bottom row first); ``position`` (the :func:`load_position`
    format: ``mountain`` as ``"type face"`` or null per slot, ``bag`` counts per type,
    ``collection`` and ``hidden`` counts per ``"type face"``, ``removed``, ``refills_left``,
    ``recycles_left``, ``to_roll``, flags); ``exposed`` (slot names); ``open_runs``
    (``{"k": runs whose highest number is k}``) and ``full_runs``; ``tools`` (``shield``,
    ``pickaxe``, ``chest``: ``{"total", "free"}``); ``magic_dice`` and ``magic_symbols``;
    ``score`` (points by source and ``total``), ``band``, ``band_text``; ``over``, ``end``,
    ``outcome``; ``dice_file``.
    """
    g = state.game
    table = g.table
    parts = state.score_parts()
    band = g.ratings.band(parts["total"])
    magic = {
        table.labels[MAGIC * F + k]: state.coll[MAGIC * F + k]
        for k in g.magic_kinds
        if state.coll[MAGIC * F + k]
    }
    return {
        "game": g.name,
        "phase": phase_of(state),
        "rows": list(g.mtn.rows),
        "slots": list(g.mtn.names),
        "position": state.position(),
        "exposed": [g.mtn.names[s] for s in exposed_slots(state)],
        "open_runs": {str(n): state.runs[n] for n in range(1, 6) if state.runs[n]},
        "full_runs": state.runs[5],
        "tools": tool_totals(state),
        "magic_dice": magic,
        "magic_symbols": sum(
            state.coll[MAGIC * F + k] * table.magic[MAGIC * F + k] for k in g.magic_kinds
        ),
        "refills_left": state.refills_left,
        "recycles_left": state.recycles_left,
        "bag_total": state.bag_total,
        "score": parts,
        "band": band.name,
        "band_text": band.text,
        "over": bool(state.over),
        "end": END_NAMES.get(state.over),
        "outcome": state.outcome(),
        "dice_file": table.source,
    }


def _count(doc: Any, where: str) -> int:
    if not isinstance(doc, int) or isinstance(doc, bool) or doc < 0:
        raise ValueError(f"{where} must be an integer >= 0, got {doc!r}")
    return doc


def _code(state: DiceMinerState, text: Any, where: str) -> int:
    table = state.game.table
    code = table.code_of.get(text) if isinstance(text, str) else None
    if code is not None:
        return code
    if not isinstance(text, str) or len(text.split()) != 2:
        raise ValueError(f"{where}: a die is 'TYPE FACE' like 'tunnel n3', got {text!r}")
    tname, label = text.split()
    if tname not in TYPES:
        raise ValueError(f"{where}: unknown die type {tname!r}")
    try:
        return table.code(TYPES.index(tname), label)
    except KeyError:
        raise ValueError(f"{where}: a {tname} die has no face {label!r}") from None


def _counts(state: DiceMinerState, doc: Any, where: str) -> list[int]:
    out = [0] * CODES
    if not isinstance(doc, dict):
        raise ValueError(f"{where} must be an object of die -> count")
    for key, n in doc.items():
        out[_code(state, key, f"{where}[{key!r}]")] += _count(n, f"{where}[{key!r}]")
    return out


def load_position(state: DiceMinerState, pos: Any) -> None:
    """Fill ``state`` from a position dict, checking every rule-level invariant."""
    g = state.game
    table = g.table
    mtn = g.mtn
    if not isinstance(pos, dict):
        raise ValueError("a position must be an object")
    raw_m = pos.get("mountain", [None] * mtn.size)
    if not isinstance(raw_m, list) or len(raw_m) != mtn.size:
        raise ValueError(f"position.mountain must list {mtn.size} slots (null when empty)")
    state.mountain = [
        -1 if d is None else _code(state, d, f"mountain[{mtn.names[s]}]")
        for s, d in enumerate(raw_m)
    ]
    state.on_mountain = sum(1 for c in state.mountain if c >= 0)
    for s, c in enumerate(state.mountain):
        if c >= 0 and any(state.mountain[x] < 0 for x in mtn.supports[s]):
            raise ValueError(f"the die on {mtn.names[s]} lacks a support below it")
    state.coll = _counts(state, pos.get("collection", {}), "collection")
    state.hidden = _counts(state, pos.get("hidden", {}), "hidden")
    state.removed = _count(pos.get("removed", 0), "removed")
    state.refills_left = _count(pos.get("refills_left", g.options["refills"]), "refills_left")
    state.recycles_left = _count(pos.get("recycles_left", 0), "recycles_left")
    state.to_roll = _count(pos.get("to_roll", 0), "to_roll")
    state.face_pending = bool(pos.get("face_pending", False))
    state.filling = bool(pos.get("filling", False))
    over = pos.get("over")
    ends = {None: NOT_OVER, "stopped": STOPPED, "stuck": STUCK}
    if over not in ends:
        raise ValueError(f"position.over must be null, 'stopped' or 'stuck', got {over!r}")
    state.over = ends[over]
    used = [0] * NTYPES
    for c in range(CODES):
        used[c // F] += state.coll[c]
    for c in state.mountain:
        if c >= 0:
            used[c // F] += 1
    used[MAGIC] += state.removed
    if "bag" in pos:
        raw_bag = pos["bag"]
        if not isinstance(raw_bag, dict) or set(raw_bag) != set(TYPES):
            raise ValueError(f"position.bag must give a count for each of {', '.join(TYPES)}")
        state.bag = [_count(raw_bag[t], f"bag[{t!r}]") for t in TYPES]
    else:
        state.bag = [table.counts[t] - used[t] for t in range(NTYPES)]
    for t in range(NTYPES):
        if state.bag[t] + used[t] != table.counts[t]:
            raise ValueError(
                f"{TYPES[t]} dice: bag {state.bag[t]} + table {used[t]} != {table.counts[t]}"
            )
    state.bag_total = sum(state.bag)
    for c in range(CODES):
        beer = c % F == table.beer_kind[c // F]
        if beer and state.coll[c] and not (c // F == MAGIC and state.face_pending):
            raise ValueError(f"a collected {table.die_text(c)} must have been given a face")
        if state.hidden[c] and (c // F != TREASURE or state.hidden[c] > state.coll[c]):
            raise ValueError(f"hidden {table.die_text(c)}: more than the collection holds")
    runs = [0] * 7
    for c in range(TUNNEL * F, TUNNEL * F + F):
        runs[table.n[c]] += state.coll[c]
    for n in range(2, 6):
        if runs[n] > runs[n - 1]:
            raise ValueError(f"{runs[n]} Tunnel {n}s but only {runs[n - 1]} Tunnel {n - 1}s")
    state.runs = [0] + [runs[n] - runs[n + 1] for n in range(1, 5)] + [runs[5]]
    tools = tool_symbols(state)
    dragons = sum(state.coll[c] for c in range(HAZARD * F, HAZARD * F + F) if table.dragon[c])
    caveins = sum(state.coll[c] for c in range(HAZARD * F, HAZARD * F + F) if table.cavein[c])
    state.free_shield = tools[0] - dragons
    state.free_pickaxe = tools[1] - caveins
    state.free_chest = tools[2] - sum(state.hidden)
    if min(state.free_shield, state.free_pickaxe, state.free_chest) < 0:
        raise ValueError("more Danger dice neutralised or Treasure hidden than the tools allow")
    if state.recycles_left and not state.on_mountain:
        raise ValueError("recycles owed while the mountain is empty")
    if state.to_roll and state.bag[MAGIC] < state.to_roll:
        raise ValueError("not enough Magic dice in the bag for the starting rolls")
    state.fill_slot = -1
    if state.filling:
        state.fill_slot = state._next_fill_slot()
        state.filling = state.fill_slot >= 0
    if not state.over and phase_of(state) == "main":
        state._settle()


def _die_words(state: DiceMinerState, code: int) -> str:
    table = state.game.table
    t, label = code // F, table.labels[code]
    if label == "beer":
        return f"beer {TYPES[t].capitalize()} die"
    return f"{TYPES[t].capitalize()} {label}"


def describe(state: DiceMinerState, a: int) -> str:
    g = state.game
    lay = g.layout
    table = g.table
    names = g.mtn.names
    if a >= lay.draw:
        code = a - lay.draw
        return f"a {TYPES[code // F]} die comes out of the bag showing {table.labels[code]}"
    if a < lay.spend:
        s, rest = divmod(a, TAKE_STRIDE)
        k, hide = divmod(rest, 2)
        c = state.mountain[s]
        if c < 0:
            return f"take from the empty slot {names[s]}"
        text = f"take the {_die_words(state, c)} on {names[s]}"
        if k != c % F:
            text += f" as {table.labels[(c // F) * F + k]}"
        return text + (" and hide it in a chest" if hide else "")
    if a < lay.face:
        code = MAGIC * F + a - lay.spend
        n = table.magic[code]
        return f"spend a Magic die with {n} symbol(s): recycle {n} exposed dice"
    if a < lay.recycle:
        return f"the starting beer Magic die counts as {table.labels[MAGIC * F + a - lay.face]}"
    if a < lay.refill:
        s = a - lay.recycle
        c = state.mountain[s]
        what = _die_words(state, c) if c >= 0 else "nothing"
        return f"recycle the {what} on {names[s]} into the bag"
    if a == lay.refill:
        return f"refill the mountain from the bag ({state.refills_left - 1} refill(s) left after)"
    return "stop digging and score"
