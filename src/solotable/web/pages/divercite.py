"""Divercité drawn as SVG: 41 diamond squares, pieces with letters, the supply as buttons.

The printed board is a square turned 45°: resource squares (A/C/E/G/I × 1/3/5/7/9)
and city squares (B/D/F/H × 2/4/6/8) alternate like a chessboard's colours, so
each square is drawn as a diamond and a city's four scoring neighbours are the
four diamonds sharing its edges. Everything here reads the observation and the
notation of the legal moves (``CR B8``: city, red, on B8; ``RG C7``; ``N E3``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from solotable.core.game import Game, Observation
from solotable.web.pages.base import GamePage, Move
from solotable.words import Words

STEP = 44
"""Half the diagonal of a square's diamond, in SVG units."""
MARGIN = 30
COLUMNS = "ABCDEFGHI"
COLOURS = ("red", "green", "blue", "yellow")
LETTER = {"red": "R", "green": "G", "blue": "B", "yellow": "Y"}
PLAYER_NAMES = ("White", "Black")


def _centre(square: str) -> tuple[int, int]:
    col = COLUMNS.index(square[0])
    row = int(square[1:])
    return MARGIN + STEP + col * STEP, MARGIN + STEP + (9 - row) * STEP


def squares() -> list[str]:
    """The 41 square names, top row first (the drawing order)."""
    return [
        f"{c}{row}"
        for row in range(9, 0, -1)
        for i, c in enumerate(COLUMNS)
        if (i % 2 == 0) == (row % 2 == 1)
    ]


def _diamond(x: int, y: int) -> str:
    h = STEP - 1
    return f"{x},{y - h} {x + h},{y} {x},{y + h} {x - h},{y}"


def _piece(piece: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if piece is None:
        return None
    kind = piece["piece"]
    if kind == "neutral":
        return {"kind": "neutral", "colour": "neutral", "letter": "N", "label": "neutral token"}
    colour = piece["colour"]
    out = {"kind": kind, "colour": colour, "letter": LETTER[colour]}
    if kind == "city":
        owner = int(piece["owner"])
        out["owner"] = owner
        out["label"] = f"{PLAYER_NAMES[owner]}'s {colour} city"
    else:
        out["label"] = f"{colour} resource"
    return out


def _supply(obs: Observation, player: int, prefixes: set[str]) -> list[dict[str, Any]]:
    supply = obs["supply"][player]
    items = []
    for kind, code in (("cities", "C"), ("resources", "R")):
        for colour in COLOURS:
            prefix = code + LETTER[colour]
            items.append(
                {
                    "kind": "city" if code == "C" else "resource",
                    "colour": colour,
                    "letter": LETTER[colour],
                    "count": supply[kind].get(colour, 0),
                    "prefix": prefix,
                    "playable": prefix in prefixes,
                    "label": f"{colour} {'city' if code == 'C' else 'resource'}",
                }
            )
    return items


def context(
    game: Game, obs: Observation, moves: Sequence[Move], seat: int, w: Words
) -> dict[str, Any]:
    """Board squares with their pieces and legal placements, both supplies, the result."""
    by_square: dict[str, dict[str, str]] = {}
    for m in moves:
        prefix, _, square = m.notation.partition(" ")
        by_square.setdefault(square, {})[prefix] = m.notation
    prefixes = {p for options in by_square.values() for p in options}
    history: list[str] = obs.get("moves", [])
    last = history[-1].split()[-1] if history else None
    board: Mapping[str, Any] = obs["board"]
    cells = []
    for sq in squares():
        x, y = _centre(sq)
        cells.append(
            {
                "name": sq,
                "x": x,
                "y": y,
                "points": _diamond(x, y),
                "city": sq[0] in "BDFH",
                "piece": _piece(board.get(sq)),
                "targets": by_square.get(sq, {}),
                "targets_json": json.dumps(by_square.get(sq, {}), separators=(",", ":")),
                "last": sq == last,
            }
        )
    opponent = 1 - seat
    result = obs.get("result")
    breakdown: list[dict[str, Any]] = []
    if result:
        for b in result["breakdown"]:
            breakdown.append(
                {
                    **b,
                    "letter": LETTER[b["colour"]],
                    "neighbours": [
                        (sq, "N" if what == "neutral" else LETTER.get(what, "·"))
                        for sq, what in b["neighbours"]
                    ],
                }
            )
    size = 2 * MARGIN + 10 * STEP
    return {
        "size": size,
        "cells": cells,
        "columns": [(c, _centre(f"{c}1")[0]) for c in COLUMNS],
        "rows": [(r, _centre(f"A{r}")[1]) for r in range(9, 0, -1)],
        "me": seat,
        "opponent": opponent,
        "names": PLAYER_NAMES,
        "scores": obs["scores"],
        "supplies": [_supply(obs, p, prefixes if p == seat else set()) for p in (0, 1)],
        "neutral_turn": bool(obs.get("neutral_turn")),
        "first_player": obs["first_player"],
        "ply": obs["ply"],
        "history": history,
        "result": result,
        "breakdown": breakdown,
        "to_move": obs.get("to_move"),
    }


PAGE = GamePage(
    "divercite", "games/divercite.html", context, "games/divercite.js", seat_names=PLAYER_NAMES
)
