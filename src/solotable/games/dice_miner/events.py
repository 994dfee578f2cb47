"""Dice Miner's events: what the bag and the rules did, from two observations.

The session already reports each die drawn ("a tunnel die comes out of the
bag showing n2"); these events add what a player would otherwise have to find
on the board: where a beer die landed, how the mountain looks once a fill or
refill is over, and why the game ended. Everything is read from the public
observations (Dice Miner solo hides nothing but the bag's order), so the events
are exactly as honest as the board.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from solotable.core.events import Event, counted, note

END_WHY = {
    "stopped": "you stopped digging",
    "stuck": "no action was left, so the game ended by itself",
}


def _landed(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, str]]:
    """(slot, die) for every slot that was empty before and holds a die after."""
    was = before["position"]["mountain"]
    now = after["position"]["mountain"]
    names: list[str] = after["slots"]
    return [(names[i], d) for i, (a, d) in enumerate(zip(was, now, strict=True)) if a is None and d]


def fill_summary(after: dict[str, Any], refills: int) -> Event:
    """The mountain once a fill is over: dice by type, beer faces, what is left in the bag."""
    mountain = after["position"]["mountain"]
    names: list[str] = after["slots"]
    dice = {names[i]: d for i, d in enumerate(mountain) if d}
    by_type = Counter(d.split()[0] for d in dice.values())
    beer = [s for s, d in dice.items() if d.endswith(" beer")]
    empty = len(mountain) - len(dice)
    left = after["refills_left"]
    what = "the mountain is filled" if left == refills else "the mountain is refilled"
    types = ", ".join(f"{t} {n}" for t, n in sorted(by_type.items(), key=lambda x: -x[1]))
    text = f"{what}: {counted(len(dice), 'die', 'dice')} ({types})"
    if beer:
        text += f"; beer on {', '.join(beer)}"
    if empty:
        text += f"; the bag ran out, {counted(empty, 'slot')} stay empty"
    text += f"; {counted(after['bag_total'], 'die', 'dice')} left in the bag"
    return note(
        "fill",
        text,
        None,
        mountain=dice,
        types=dict(by_type),
        beer=beer,
        empty=empty,
        bag=after["bag_total"],
        refills_left=left,
        refill=left != refills,
    )


def dice_miner_events(before: dict[str, Any], after: dict[str, Any], refills: int) -> list[Event]:
    """Events for one step; ``refills`` is the game's option (a first fill is not a refill)."""
    out: list[Event] = []
    for slot, die in _landed(before, after):
        kind, face = die.split()
        if face == "beer":
            out.append(
                note(
                    "beer",
                    f"a {kind} die lands on {slot} showing beer: take it as any {kind} face",
                    None,
                    slot=slot,
                    die=die,
                )
            )
    if after["phase"] == "start-face" and before["phase"] != "start-face":
        out.append(
            note(
                "beer",
                "a starting Magic die rolled beer: choose the face it counts as",
                None,
                die="magic beer",
            )
        )
    if before["phase"] in ("setup-roll", "start-face") and after["phase"] == "filling":
        magic = dict(after["magic_dice"])
        if magic:
            listed = ", ".join(f"{d}×{n}" if n > 1 else d for d, n in magic.items())
            out.append(
                note(
                    "roll",
                    f"starting Magic dice rolled: {listed} "
                    f"({counted(after['magic_symbols'], 'magic symbol')})",
                    None,
                    dice=magic,
                )
            )
    if before["phase"] == "filling" and after["phase"] != "filling":
        out.append(fill_summary(after, refills))
    if after["over"] and not before["over"]:
        reason = str(after["end"])
        score = after["score"]["total"]
        out.append(
            note(
                "over",
                f"the game is over: {END_WHY.get(reason, reason)}; "
                f"{counted(score, 'point')} ({after['band']})",
                None,
                reason=reason,
                score=score,
                band=after["band"],
            )
        )
    return out
