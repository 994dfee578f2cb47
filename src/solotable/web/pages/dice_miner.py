"""Dice Miner drawn as SVG dice: the mountain as a pyramid, the collection by type.

A die is named ``"<type> <face>"`` in the observation (``"tunnel n3"``,
``"treasure gem2"``, ``"hazard beer"``); a face label is a symbol name and a
count. Each type has its own colour *and* its own letter and icon shapes, so
nothing is told by colour alone. Moves are grouped per slot: clicking a die with
one move plays it, a die with several (a beer face to choose, hide or not)
opens a chooser with one button per move.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from solotable.core.game import Game, Observation
from solotable.web.pages.base import GamePage, Move
from solotable.words import Words

DIE = 64
GAP = 8
TYPE_NAMES = {
    "tunnel": ("Tunnel", "T"),
    "treasure": ("Treasure", "G"),
    "magic": ("Magic", "M"),
    "hazard": ("Danger", "D"),
    "tool": ("Tool", "K"),
}
SYMBOLS = {
    "n": "tunnel",
    "gem": "gem",
    "magic": "magic",
    "dragon": "dragon",
    "cavein": "cave-in",
    "shield": "shield",
    "pickaxe": "pickaxe",
    "chest": "chest",
    "beer": "beer",
}
_FACE = re.compile(r"([a-z]+)(\d*)$")


def face(die: str) -> dict[str, Any]:
    """What one die shows: its type, symbol, count and a label in words."""
    dtype, _, label = die.partition(" ")
    m = _FACE.match(label)
    symbol, count = (m.group(1), int(m.group(2) or 1)) if m else (label, 1)
    name, letter = TYPE_NAMES.get(dtype, (dtype.title(), dtype[:1].upper()))
    word = SYMBOLS.get(symbol, symbol)
    if symbol == "n":
        words = f"{name} {count}"
    elif symbol == "beer":
        words = f"{name}, beer (a joker face)"
    else:
        words = f"{name}, {count} {word}" + ("s" if count > 1 and symbol != "cavein" else "")
    return {
        "type": dtype,
        "type_name": name,
        "letter": letter,
        "symbol": symbol,
        "count": count,
        "number": symbol == "n",
        "label": label,
        "words": words,
    }


def _mountain(obs: Observation, moves: Sequence[Move]) -> tuple[list[dict[str, Any]], int, int]:
    rows: list[int] = obs["rows"]
    names: list[str] = obs["slots"]
    dice: list[str | None] = obs["position"]["mountain"]
    exposed = set(obs["exposed"])
    per_slot: dict[str, list[Move]] = {}
    for m in moves:
        words = m.notation.split()
        if words[0] in ("take", "recycle") and len(words) > 1:
            per_slot.setdefault(words[1], []).append(m)
    width = rows[0] * (DIE + GAP) + GAP
    height = len(rows) * (DIE + GAP) + GAP
    out = []
    first = 0
    for r, n in enumerate(rows):
        y = height - (r + 1) * (DIE + GAP)
        x0 = GAP + (rows[0] - n) * (DIE + GAP) / 2
        for i in range(n):
            slot = first + i
            d = dice[slot]
            slot_moves = per_slot.get(names[slot], [])
            out.append(
                {
                    "slot": names[slot],
                    "x": x0 + i * (DIE + GAP),
                    "y": y,
                    "die": face(d) if d else None,
                    "exposed": names[slot] in exposed,
                    "moves": [{"n": m.notation, "w": m.words} for m in slot_moves],
                    "recycle": any(m.notation.startswith("recycle") for m in slot_moves),
                }
            )
        first += n
    return out, width, height


def _collection(obs: Observation) -> dict[str, list[dict[str, Any]]]:
    pos = obs["position"]
    hidden: dict[str, int] = pos["hidden"]
    groups: dict[str, list[dict[str, Any]]] = {t: [] for t in TYPE_NAMES}
    groups["hidden"] = []
    for die, n in sorted(pos["collection"].items()):
        dtype = die.partition(" ")[0]
        shown = n - hidden.get(die, 0)
        if shown > 0:
            groups.setdefault(dtype, []).append({**face(die), "times": shown})
    for die, n in sorted(hidden.items()):
        groups["hidden"].append({**face(die), "times": n})
    return groups


def context(
    game: Game, obs: Observation, moves: Sequence[Move], seat: int, w: Words
) -> dict[str, Any]:
    """The pyramid, the collection, the counters and the non-die moves as buttons."""
    mountain, width, height = _mountain(obs, moves)
    spend = {m.notation.split()[1]: m for m in moves if m.notation.startswith("spend ")}
    magic = [
        {"label": label, "times": n, "face": face(f"magic {label}"), "spend": spend.get(label)}
        for label, n in sorted(obs["magic_dice"].items())
    ]
    choices = [m for m in moves if m.notation.split()[0] in ("face", "refill", "stop")]
    runs: Mapping[str, int] = obs["open_runs"]
    return {
        "phase": obs["phase"],
        "mountain": mountain,
        "width": width,
        "height": height,
        "die": DIE,
        "collection": _collection(obs),
        "runs": sorted((int(top), n) for top, n in runs.items()),
        "full_runs": obs["full_runs"],
        "tools": obs["tools"],
        "magic": magic,
        "magic_symbols": obs["magic_symbols"],
        "refills_left": obs["refills_left"],
        "recycles_left": obs["recycles_left"],
        "bag": obs["position"]["bag"],
        "bag_total": obs["bag_total"],
        "score": obs["score"],
        "band": obs["band"],
        "band_text": obs["band_text"],
        "over": bool(obs["over"]),
        "outcome": obs["outcome"],
        "choices": choices,
        "type_names": TYPE_NAMES,
    }


PAGE = GamePage("dice-miner", "games/dice_miner.html", context)
