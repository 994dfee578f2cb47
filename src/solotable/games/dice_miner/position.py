"""The position as a plain dict, and a state rebuilt from one (tests, ``sample_state``).

Nothing in Dice Miner solo is hidden except which dice the bag will give
next, and that is not stored anywhere: the bag is a count per type, which the
player can work out anyway. So the observation carries the full ``position``
and :func:`load_position` rebuilds an exact state from it, checking every
rule-level invariant so that a hand-written test position cannot be illegal.

Dice are named ``"tunnel n3"``; mountain slots are listed in ``Mountain.names``
order (bottom row first), null when empty. The observation carries the same
position with dice as face codes (``type * 6 + face``), counts as lists
(:func:`position_codes`): faster to build, and what :func:`load_position` reads
just as well.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.games.dice_miner.dice import (
    CODES,
    FACES_PER_DIE,
    HAZARD,
    MAGIC,
    NTYPES,
    TREASURE,
    TUNNEL,
    TYPES,
)
from solotable.games.dice_miner.phases import END_BY_LABEL, Phase, phase_of
from solotable.games.dice_miner.rules.mountain import next_fill_slot
from solotable.games.dice_miner.rules.scoring import end_if_stuck
from solotable.games.dice_miner.rules.selection import tool_symbols

if TYPE_CHECKING:
    from solotable.games.dice_miner.state import DiceMinerState

F = FACES_PER_DIE


def position_doc(state: DiceMinerState) -> dict[str, Any]:
    """The whole table (no RNG): the format :func:`load_position` reads back."""
    table = state.game.table
    return {
        "mountain": [table.die_text(c) if c >= 0 else None for c in state.mountain],
        "bag": {TYPES[t]: state.bag[t] for t in range(NTYPES)},
        "collection": {table.die_text(c): n for c, n in enumerate(state.coll) if n},
        "hidden": {table.die_text(c): n for c, n in enumerate(state.hidden) if n},
        "removed": state.removed,
        "refills_left": state.refills_left,
        "recycles_left": state.recycles_left,
        "to_roll": state.to_roll,
        "face_pending": state.face_pending,
        "filling": state.filling,
        "over": state.over.label,
    }


def position_codes(state: DiceMinerState) -> dict[str, Any]:
    """The position with dice as face codes and counts as lists (the observation's form):
    ``mountain`` a code or null per slot, ``bag`` a count per type in ``TYPES`` order,
    ``collection`` and ``hidden`` a count per code."""
    return {
        "mountain": [c if c >= 0 else None for c in state.mountain],
        "bag": state.bag[:],
        "collection": state.coll[:],
        "hidden": state.hidden[:],
        "removed": state.removed,
        "refills_left": state.refills_left,
        "recycles_left": state.recycles_left,
        "to_roll": state.to_roll,
        "face_pending": state.face_pending,
        "filling": state.filling,
        "over": state.over.label,
    }


def _count(doc: Any, where: str) -> int:
    if not isinstance(doc, int) or isinstance(doc, bool) or doc < 0:
        raise ValueError(f"{where} must be an integer >= 0, got {doc!r}")
    return doc


def _code(state: DiceMinerState, text: Any, where: str) -> int:
    table = state.game.table
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < CODES and table.labels[text]:
            return text
        raise ValueError(f"{where}: no die face has the code {text!r}")
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
    if isinstance(doc, list) and len(doc) == CODES:
        for c, n in enumerate(doc):
            if n:
                out[_code(state, c, f"{where}[{c}]")] += _count(n, f"{where}[{c}]")
        return out
    if not isinstance(doc, dict):
        raise ValueError(f"{where} must be an object of die -> count, or {CODES} counts")
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
    if over not in END_BY_LABEL:
        raise ValueError(f"position.over must be null, 'stopped' or 'stuck', got {over!r}")
    state.over = END_BY_LABEL[over]
    used = [0] * NTYPES
    for c in range(CODES):
        used[c // F] += state.coll[c]
    for c in state.mountain:
        if c >= 0:
            used[c // F] += 1
    used[MAGIC] += state.removed
    if "bag" in pos:
        raw_bag = pos["bag"]
        if isinstance(raw_bag, list) and len(raw_bag) == NTYPES:
            raw_bag = dict(zip(TYPES, raw_bag, strict=True))
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
        state.fill_slot = next_fill_slot(state)
        state.filling = state.fill_slot >= 0
    if phase_of(state) is Phase.MAIN:
        end_if_stuck(state)
