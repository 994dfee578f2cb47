"""Divercité drawn as SVG: 41 diamond squares, pieces with letters, the supply as buttons.

The printed board is a square turned 45°: resource squares (A/C/E/G/I × 1/3/5/7/9)
and city squares (B/D/F/H × 2/4/6/8) alternate like a chessboard's colours, so
each square is drawn as a diamond and a city's four scoring neighbours are the
four diamonds sharing its edges. Everything here reads the observation and the legal
moves' structure (``Move.info``: kind ``city``/``resource``/``neutral``, colour, square),
never their notation, which only travels back to the server as the move to play. Every
word is said by the player's ``Words`` in the ``divercite`` catalog domain.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from solotable.core.game import Game, Observation
from solotable.core.message import Msg
from solotable.web.pages.base import GamePage, Move
from solotable.words import Words
from solotable.words.divercite.terms import colour as piece_colour
from solotable.words.tr import Tr

GAME = "divercite"
STEP = 44
"""Half the diagonal of a square's diamond, in SVG units."""
MARGIN = 30
COLUMNS = "ABCDEFGHI"
COLOURS = ("red", "green", "blue", "yellow")
KINDS = ("city", "resource")


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


def piece_code(kind: str, colour: str | None) -> str:
    """A supply item's id: ``city-red``, ``resource-green``, ``neutral`` (from a move's
    structure or the observation, the same either way)."""
    return "neutral" if kind == "neutral" or colour is None else f"{kind}-{colour}"


def _letter(t: Tr, colour: str) -> str:
    """A colour's letter on a piece, for players who do not tell the colours apart."""
    if colour == "red":
        return t.pgettext("colour letter", "R")
    if colour == "green":
        return t.pgettext("colour letter", "G")
    if colour == "blue":
        return t.pgettext("colour letter", "B")
    return t.pgettext("colour letter", "Y")


def _seat_letter(t: Tr, seat: int) -> str:
    return t.pgettext("seat letter", "W") if seat == 0 else t.pgettext("seat letter", "B")


def _label(w: Words, t: Tr, kind: str, colour: str | None, owner: int | None = None) -> str:
    """A piece in words: "White's red city", "a green resource", "the neutral token"."""
    if kind == "neutral":
        return t._("neutral token")
    hue = piece_colour(t, colour)
    if kind == "city" and owner is not None:
        return t._("%(seat)s's %(colour)s city", seat=w.seat_name(GAME, owner), colour=hue)
    if kind == "city":
        return t._("%(colour)s city", colour=hue)
    return t._("%(colour)s resource", colour=hue)


def _piece(w: Words, t: Tr, piece: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if piece is None:
        return None
    kind = piece["piece"]
    if kind == "neutral":
        return {
            "kind": "neutral",
            "colour": "neutral",
            "letter": "",
            "label": _label(w, t, kind, None),
        }
    colour = piece["colour"]
    out = {"kind": kind, "colour": colour, "letter": _letter(t, colour)}
    if kind == "city":
        owner = int(piece["owner"])
        out["owner"] = owner
        out["badge"] = _seat_letter(t, owner)
        out["label"] = _label(w, t, kind, colour, owner)
    else:
        out["label"] = _label(w, t, kind, colour)
    return out


def _supply(
    w: Words, t: Tr, obs: Observation, player: int, playable: set[str]
) -> list[dict[str, Any]]:
    supply = obs["supply"][player]
    items = []
    for kind, part in (("city", "cities"), ("resource", "resources")):
        for colour in COLOURS:
            code = piece_code(kind, colour)
            count = int(supply[part].get(colour, 0))
            label = _label(w, t, kind, colour)
            items.append(
                {
                    "kind": kind,
                    "colour": colour,
                    "letter": _letter(t, colour),
                    "badge": _seat_letter(t, player),
                    "count": count,
                    "code": code,
                    "playable": code in playable,
                    "label": label,
                    "left": t.ngettext(
                        "%(piece)s, %(n)s left", "%(piece)s, %(n)s left", count, piece=label
                    ),
                }
            )
    return items


def _end_words(w: Words, t: Tr, obs: Observation, me: int) -> Callable[[Any], dict[str, str]]:
    """The end screen's heading and line, from the session's result (``result`` in the
    table's context): a finished game and a resigned or timed-out one alike."""

    def say(result: Any) -> dict[str, str]:
        returns = list(getattr(result, "returns", None) or [0.0, 0.0])
        forfeit = getattr(result, "forfeit", None)
        winner = 0 if returns[0] > returns[1] else 1 if returns[1] > returns[0] else None
        if winner is None:
            head = t._("Shared result")
        elif winner == me:
            head = t._("You win!")
        else:
            head = t._("%(seat)s wins", seat=w.seat_name(GAME, winner))
        if isinstance(forfeit, Mapping):
            loser = w.seat_name(GAME, int(forfeit.get("player", 1 - (winner or 0))))
            if forfeit.get("reason") == "resigned":
                line = t._("%(seat)s resigned.", seat=loser)
            else:
                line = t._("%(seat)s lost on time.", seat=loser)
        else:
            found = obs.get("result") or {}
            line = w.say(found["outcome"]) if "outcome" in found else ""
        return {"head": head, "line": line}

    return say


def context(
    game: Game, obs: Observation, moves: Sequence[Move], seat: int, w: Words
) -> dict[str, Any]:
    """Board squares with their pieces and legal placements, both supplies, the result."""
    t = w.game(GAME)
    by_square: dict[str, dict[str, str]] = {}
    code_of: dict[str, str] = {}
    for m in moves:
        code = piece_code(m.info.kind, m.info.args.get("colour"))
        by_square.setdefault(str(m.info.args["square"]), {})[code] = m.notation
        code_of[m.notation] = code
    playable = set(code_of.values())
    last = obs.get("last")
    board: Mapping[str, Any] = obs["board"]
    cells = []
    for sq in squares():
        x, y = _centre(sq)
        city = sq[0] in "BDFH"
        piece = _piece(w, t, board.get(sq))
        if piece is not None:
            what = piece["label"]
        else:
            what = t._("empty city square") if city else t._("empty resource square")
        cells.append(
            {
                "name": sq,
                "x": x,
                "y": y,
                "points": _diamond(x, y),
                "city": city,
                "piece": piece,
                "targets": by_square.get(sq, {}),
                "targets_json": json.dumps(by_square.get(sq, {}), separators=(",", ":")),
                "last": sq == last,
                "label": t._("%(square)s: %(what)s", square=sq, what=what)
                + (t._(", last move") if sq == last else ""),
            }
        )
    result = obs.get("result")
    breakdown: list[dict[str, Any]] = []
    if result:
        for b in result["breakdown"]:
            neighbours = []
            for sq, what in b["neighbours"]:
                if what in COLOURS:
                    neighbours.append((sq, what, _letter(t, what), _label(w, t, "resource", what)))
                elif what == "neutral":
                    neighbours.append((sq, "none", "◐", _label(w, t, "neutral", None)))
                else:
                    neighbours.append((sq, "none", "·", t._("empty")))
            breakdown.append({**b, "letter": _letter(t, b["colour"]), "neighbours": neighbours})
    last_piece = board.get(last) if last else None
    last_words = ""
    if last_piece is not None:
        last_words = w.say(
            Msg(
                "divercite.placed",
                {"kind": last_piece["piece"], "colour": last_piece.get("colour"), "square": last},
            )
        )
    size = 2 * MARGIN + 10 * STEP
    strings = {
        "choose": t._("Now click a highlighted square (Esc to choose another piece)."),
        "swing": t._("%(move)s: %(white)s %(w)s, %(black)s %(b)s"),
        "white": w.seat_name(GAME, 0),
        "black": w.seat_name(GAME, 1),
    }
    return {
        "size": size,
        "cells": cells,
        "columns": [(c, _centre(f"{c}1")[0]) for c in COLUMNS],
        "rows": [(r, _centre(f"A{r}")[1]) for r in range(9, 0, -1)],
        "me": seat,
        "opponent": 1 - seat,
        "names": (w.seat_name(GAME, 0), w.seat_name(GAME, 1)),
        "scores": obs["scores"],
        "supplies": [_supply(w, t, obs, p, playable if p == seat else set()) for p in (0, 1)],
        "neutral_turn": bool(obs.get("neutral_turn")),
        "neutral_label": _label(w, t, "neutral", None),
        "first_player": obs["first_player"],
        "ply": obs["ply"],
        "last_words": last_words,
        "result": result,
        "breakdown": breakdown,
        "to_move": obs.get("to_move"),
        "codes": code_of,
        "playable": sorted(playable),
        "strings": strings,
        "end_words": _end_words(w, t, obs, seat),
        "levels": {
            "easy": t.pgettext("AI level", "easy"),
            "medium": t.pgettext("AI level", "medium"),
            "hard": t.pgettext("AI level", "hard"),
            "expert": t.pgettext("AI level", "expert"),
            "master": t.pgettext("AI level", "master"),
        },
    }


PAGE = GamePage(
    "divercite",
    "games/divercite.html",
    context,
    "games/divercite.js",
    seat_names=("White", "Black"),
)
