"""Board geometry and components of Divercité: squares, names, neighbours, supplies.

The 41 squares form a 5 × 5 lattice of resource squares with a 4 × 4 grid of
city squares in between (spec §2.1). Everything the hot paths need is a flat
table of ints computed once here, so move generation and placement are list
look-ups and integer arithmetic.

Squares are named like the course GUI picture (spec §2.2): letters A–I from
left to right, rows 1–9 from bottom to top; resource squares are A/C/E/G/I ×
1/3/5/7/9 and city squares B/D/F/H × 2/4/6/8. City square ``c`` is row-major
from B8 (0) to H2 (15), resource square ``r`` from A9 (0) to I1 (24).
"""

from __future__ import annotations

from typing import Final

WHITE, BLACK = 0, 1
"""Player 0 is White, player 1 Black (spec §10.1); ``solotable.words`` names them."""
COLOURS: Final = ("red", "green", "blue", "yellow")
NUM_CITY_SQUARES: Final = 16
NUM_RES_SQUARES: Final = 25
CITIES_PER_COLOUR: Final = 2
RESOURCES_PER_COLOUR: Final = 3
PIECES_PER_PLAYER: Final = 4 * (CITIES_PER_COLOUR + RESOURCES_PER_COLOUR)
TOTAL_PLIES: Final = 2 * PIECES_PER_PLAYER + 1
"""40 placements and the neutral token."""

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


def colour_name(bit: int) -> str:
    """The colour of a colour bit (1 red, 2 green, 4 blue, 8 yellow)."""
    return COLOURS[bit.bit_length() - 1]
