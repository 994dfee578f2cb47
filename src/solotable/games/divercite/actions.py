"""Divercité action ids, their notation and their words.

Action ids (a fixed space of 189, so search tables can be flat lists):

* ``0..63``    city of colour ``k`` on city square ``c``:        ``k * 16 + c``
* ``64..163``  resource of colour ``k`` on resource square ``r``: ``64 + k * 25 + r``
* ``164..188`` the neutral token on resource square ``r``:        ``164 + r``

Colours are ``k`` = 0 red, 1 green, 2 blue, 3 yellow; squares as in :mod:`.board`.
The notation is a piece then a square; the parser also takes words and omitted
piece kinds, and the canonical text reads back to the same id:

>>> action_to_string(string_to_action("city red d6"))
'CR D6'
>>> string_to_action("RG C7") == RES_BASE + 1 * 25 + 6
True
>>> describe_action(string_to_action("n e3"))
'place the neutral token on E3'
"""

from __future__ import annotations

import re
from typing import Final

from solotable.core.errors import NotationError
from solotable.games.divercite.board import (
    CITY_INDEX,
    CITY_NAMES,
    COLOURS,
    NUM_CITY_SQUARES,
    NUM_RES_SQUARES,
    RES_INDEX,
    RES_NAMES,
)

CITY_BASE: Final = 0
RES_BASE: Final = 64
NEUTRAL_BASE: Final = 164
NUM_ACTIONS: Final = 189
COLOUR_LETTERS: Final = "RGBY"

CITY_ACTS_BY_COLOUR: Final = tuple(
    tuple(CITY_BASE + k * 16 + c for c in range(NUM_CITY_SQUARES)) for k in range(4)
)
"""Every city action of colour ``k``: the move list of a colour still in supply."""
RES_ACTS_BY_COLOUR: Final = tuple(
    tuple(RES_BASE + k * 25 + r for r in range(NUM_RES_SQUARES)) for k in range(4)
)
"""Every resource action of colour ``k``."""
CITY_ACTS_ON: Final = tuple(
    tuple(CITY_BASE + k * 16 + c for k in range(4)) for c in range(NUM_CITY_SQUARES)
)
"""The four city actions on city square ``c`` (one per colour), in colour order."""
RES_ACTS_ON: Final = tuple(
    tuple(RES_BASE + k * 25 + r for k in range(4)) for r in range(NUM_RES_SQUARES)
)
"""The four resource actions on resource square ``r``, in colour order."""


def action_to_string(action: int) -> str:
    """``CR D6`` (red city), ``RG C7`` (green resource), ``N E3`` (neutral token)."""
    if action < RES_BASE:
        k, c = divmod(action, 16)
        return f"C{COLOUR_LETTERS[k]} {CITY_NAMES[c]}"
    if action < NEUTRAL_BASE:
        k, r = divmod(action - RES_BASE, 25)
        return f"R{COLOUR_LETTERS[k]} {RES_NAMES[r]}"
    return f"N {RES_NAMES[action - NEUTRAL_BASE]}"


def describe_action(action: int) -> str:
    """The action in words, for move listings."""
    if action < RES_BASE:
        k, c = divmod(action, 16)
        return f"place a {COLOURS[k]} city on {CITY_NAMES[c]}"
    if action < NEUTRAL_BASE:
        k, r = divmod(action - RES_BASE, 25)
        return f"place a {COLOURS[k]} resource on {RES_NAMES[r]}"
    return f"place the neutral token on {RES_NAMES[action - NEUTRAL_BASE]}"


_WORDS = {
    "city": "c",
    "cite": "c",
    "resource": "r",
    "res": "r",
    "neutral": "n",
    "red": "r",
    "green": "g",
    "blue": "b",
    "yellow": "y",
}
_WORD_RE = re.compile(r"[a-z]+")
_COMPACT_RE = re.compile(r"^(?:([cr])?([rgby])|(n))([a-z])([0-9]{1,3})$")


def string_to_action(text: str) -> int:
    """Parse notation; the piece kind may be omitted (the square tells it).

    Accepted: ``CR D6``, ``cr-d6``, ``crd6``, ``R D6`` (kind from the square),
    ``RG C7``, ``city red D6``, ``resource green c7``, ``N E3``, ``neutral e3``.
    """
    if not isinstance(text, str):
        raise NotationError(str(text), "a move is text such as 'CR D6'")
    low = text.strip().lower()
    if not low:
        raise NotationError(text, "empty move; try e.g. 'CR D6' (red city on D6)")
    compact = _WORD_RE.sub(lambda m: _WORDS.get(m.group(0), m.group(0)), low)
    compact = re.sub(r"[\s\-_@:=,./]+", "", compact)
    m = _COMPACT_RE.match(compact)
    if m is None:
        raise NotationError(
            text,
            "expected a piece then a square: 'CR D6' = red city on D6, "
            "'RG C7' = green resource on C7, 'N E3' = neutral token on E3 "
            "(colours R G B Y)",
        )
    kind, colour, neutral, letter, row = m.groups()
    square = f"{letter.upper()}{row}"
    is_city_sq = square in CITY_INDEX
    if not is_city_sq and square not in RES_INDEX:
        if letter > "i" or not 1 <= int(row) <= 9:
            raise NotationError(text, f"{square} is off the board (columns A–I, rows 1–9)")
        raise NotationError(
            text,
            f"{square} is not a square: city squares are B/D/F/H × 2/4/6/8, "
            "resource squares A/C/E/G/I × 1/3/5/7/9",
        )
    if neutral:
        if is_city_sq:
            raise NotationError(
                text, f"{square} is a city square; the neutral token goes on a resource square"
            )
        return NEUTRAL_BASE + RES_INDEX[square]
    k = COLOUR_LETTERS.lower().index(colour)
    if kind is None:
        kind = "c" if is_city_sq else "r"
    if kind == "c":
        if not is_city_sq:
            raise NotationError(
                text, f"{square} is a resource square; cities go on B/D/F/H × 2/4/6/8"
            )
        return CITY_BASE + k * 16 + CITY_INDEX[square]
    if is_city_sq:
        raise NotationError(
            text, f"{square} is a city square; resources go on A/C/E/G/I × 1/3/5/7/9"
        )
    return RES_BASE + k * 25 + RES_INDEX[square]
