"""Board geometry, action encoding and notation of Divercité.

The 41 squares form a 5 × 5 lattice of resource squares with a 4 × 4 grid of
city squares in between (spec §2.1). Everything the hot paths need is a flat
table of ints computed once here, so ``legal_actions`` and ``_apply`` are
list look-ups and integer arithmetic.

Action ids (fixed space of 189):

* ``0..63``    city of colour ``k`` on city square ``c``:      ``k * 16 + c``
* ``64..163``  resource of colour ``k`` on resource square ``r``: ``64 + k * 25 + r``
* ``164..188`` the neutral token on resource square ``r``:      ``164 + r``

Squares are named like the course GUI picture (spec §2.2): letters A–I from
left to right, rows 1–9 from bottom to top; resource squares are A/C/E/G/I ×
1/3/5/7/9 and city squares B/D/F/H × 2/4/6/8.
"""

from __future__ import annotations

import re
from typing import Final

from solotable.core.errors import NotationError

COLOURS: Final = ("red", "green", "blue", "yellow")
COLOUR_LETTERS: Final = "RGBY"
NUM_CITY_SQUARES: Final = 16
NUM_RES_SQUARES: Final = 25
CITIES_PER_COLOUR: Final = 2
RESOURCES_PER_COLOUR: Final = 3
PIECES_PER_PLAYER: Final = 4 * (CITIES_PER_COLOUR + RESOURCES_PER_COLOUR)

CITY_BASE: Final = 0
RES_BASE: Final = 64
NEUTRAL_BASE: Final = 164
NUM_ACTIONS: Final = 189

NEUTRAL_BIT: Final = 16
"""Resource squares hold a colour bit (1, 2, 4, 8), 0 when empty, 16 for the neutral token.

With bits, "four different colours" is simply ``b0 | b1 | b2 | b3 == 15``: an
empty square (0) or the neutral token (16) can never complete it.
"""

CITY_NAMES: Final = tuple(f"{'BDFH'[c % 4]}{8 - 2 * (c // 4)}" for c in range(16))
RES_NAMES: Final = tuple(f"{'ACEGI'[r % 5]}{9 - 2 * (r // 5)}" for r in range(25))
CITY_INDEX: Final = {name: i for i, name in enumerate(CITY_NAMES)}
RES_INDEX: Final = {name: i for i, name in enumerate(RES_NAMES)}


def _city_resources(c: int) -> tuple[int, int, int, int]:
    a, b = divmod(c, 4)
    return (a * 5 + b, a * 5 + b + 1, (a + 1) * 5 + b, (a + 1) * 5 + b + 1)


CITY_RES: Final = tuple(_city_resources(c) for c in range(16))
"""The four resource squares around each city square (its scoring neighbours)."""
RES_CITIES: Final = tuple(
    tuple(c for c in range(16) if r in CITY_RES[c]) for r in range(NUM_RES_SQUARES)
)
"""The 1, 2 or 4 city squares each resource square touches."""
RES_CITY_OTHERS: Final = tuple(
    tuple((c, *(x for x in CITY_RES[c] if x != r)) for c in RES_CITIES[r])
    for r in range(NUM_RES_SQUARES)
)
"""For each resource square: ``(city, other1, other2, other3)`` per adjacent city, the
city's three other neighbours, so a placement's effect needs three look-ups."""


def city_points(bits: tuple[int, int, int, int] | list[int], colour_bit: int) -> int:
    """Points of a city from its neighbours' bits (spec §5): 5 for four colours, else matches."""
    if bits[0] | bits[1] | bits[2] | bits[3] == 15:
        return 5
    return sum(1 for b in bits if b == colour_bit)


# -- notation ---------------------------------------------------------------------------------

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
_COMPACT_RE = re.compile(r"^(?:([cr])?([rgby])|(n))([a-z])(\d+)$")


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
    if action < RES_BASE:
        k, c = divmod(action, 16)
        return f"place a {COLOURS[k]} city on {CITY_NAMES[c]}"
    if action < NEUTRAL_BASE:
        k, r = divmod(action - RES_BASE, 25)
        return f"place a {COLOURS[k]} resource on {RES_NAMES[r]}"
    return f"place the neutral token on {RES_NAMES[action - NEUTRAL_BASE]}"


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
