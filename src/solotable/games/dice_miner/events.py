"""Dice Miner's events: what the bag and the rules did, from two observations.

The session already reports each die drawn (its ``draw`` action, ``info.py``); these events
add what a player would otherwise have to find on the board: where a beer die landed, how the
mountain looks once a fill or refill is over, and why the game ended. Everything is read from
the public observations (Dice Miner solo hides nothing but the bag's order), so the events are
exactly as honest as the board. They are data only (``event(kind, **data)``); words/ says
``dice-miner.event.<kind>``:

- ``beer``: ``slot`` where a beer die landed and its ``type``; a starting Magic die that
  rolled beer has ``slot`` None and ``start`` True;
- ``roll``: the starting Magic dice rolled, ``dice`` (each ``DiceTable.die`` with its count
  ``n``) and ``symbols``, the magic symbols they show;
- ``fill``: the mountain once a fill or refill is over: ``mountain`` (slot → face code),
  ``types`` (type → dice), ``beer`` (slots), ``empty`` (slots the bag could not fill),
  ``bag`` (dice left), ``refills_left``, ``refill`` (not the first fill);
- ``over``: ``reason`` (``stopped`` or ``stuck``), ``score`` and ``band``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from solotable.core.events import Event, event
from solotable.games.dice_miner.dice import FACES_PER_DIE, MAGIC, TYPES, DiceTable

F = FACES_PER_DIE


def _landed(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, int]]:
    """(slot, code) for every slot that was empty before and holds a die after."""
    was = before["position"]["mountain"]
    now = after["position"]["mountain"]
    names: list[str] = after["slots"]
    return [
        (names[i], d)
        for i, (a, d) in enumerate(zip(was, now, strict=True))
        if a is None and d is not None
    ]


def _is_beer(table: DiceTable, code: int) -> bool:
    return code % F == table.beer_kind[code // F]


def fill_summary(table: DiceTable, after: dict[str, Any], refills: int) -> Event:
    """The mountain once a fill is over: dice by type, beer faces, what is left in the bag."""
    mountain = after["position"]["mountain"]
    names: list[str] = after["slots"]
    dice = {names[i]: d for i, d in enumerate(mountain) if d is not None}
    by_type = Counter(TYPES[d // F] for d in dice.values())
    left = after["refills_left"]
    return event(
        "fill",
        None,
        mountain=dice,
        types={t: by_type[t] for t in TYPES if by_type[t]},
        beer=[s for s, d in dice.items() if _is_beer(table, d)],
        empty=len(mountain) - len(dice),
        bag=after["bag_total"],
        refills_left=left,
        refill=left != refills,
    )


def _starting_roll(table: DiceTable, after: dict[str, Any]) -> Event | None:
    coll = after["position"]["collection"]
    dice = [
        {**table.die(c), "n": coll[c]}
        for c in range(MAGIC * F, MAGIC * F + F)
        if coll[c] and not _is_beer(table, c)
    ]
    if not dice:
        return None
    return event("roll", None, dice=dice, symbols=after["magic_symbols"])


def dice_miner_events(
    table: DiceTable, before: dict[str, Any], after: dict[str, Any], refills: int
) -> list[Event]:
    """Events for one step; ``refills`` is the game's option (a first fill is not a refill)."""
    out: list[Event] = []
    for slot, code in _landed(before, after):
        if _is_beer(table, code):
            out.append(event("beer", None, slot=slot, type=TYPES[code // F], start=False))
    if after["phase"] == "start-face" and before["phase"] != "start-face":
        out.append(event("beer", None, slot=None, type=TYPES[MAGIC], start=True))
    if before["phase"] in ("setup-roll", "start-face") and after["phase"] == "filling":
        roll = _starting_roll(table, after)
        if roll is not None:
            out.append(roll)
    if before["phase"] == "filling" and after["phase"] != "filling":
        out.append(fill_summary(table, after, refills))
    if after["over"] and not before["over"]:
        out.append(
            event(
                "over",
                None,
                reason=str(after["end"]),
                score=after["score"]["total"],
                band=after["band"],
            )
        )
    return out
