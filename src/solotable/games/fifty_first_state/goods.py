"""Goods, tokens and their indices: the engine's counters are plain int lists.

Index order is fixed so that supplies, costs and rewards are small int
vectors; ``VP`` and ``CARD`` are pseudo-goods that only appear in rewards
(VP go to the score, a card is a draw from the deck).
"""

from __future__ import annotations

from typing import Final

FUEL: Final = 0
GUN: Final = 1
IRON: Final = 2
BRICK: Final = 3
AMMO: Final = 4
WORKER: Final = 5
GREY: Final = 6
BLUE: Final = 7
RED: Final = 8
UNIVERSAL: Final = 9
DEVELOPMENT: Final = 10
NUM_GOODS: Final = 11
VP: Final = 11
CARD: Final = 12

GOOD_NAMES: Final = (
    "fuel",
    "gun",
    "iron",
    "brick",
    "ammo",
    "worker",
    "grey",
    "blue",
    "red",
    "universal",
    "development",
    "vp",
    "card",
)
GOOD_INDEX: Final = {n: i for i, n in enumerate(GOOD_NAMES)}
BASIC: Final = (FUEL, GUN, IRON, BRICK)
"""The basic goods; ammo stands in for any one of them (never the reverse)."""
CONTACTS: Final = (GREY, BLUE, RED)
"""Contact colours; a universal contact stands in for any one of them."""

LABEL: Final = {
    "fuel": "fuel",
    "gun": "gun",
    "iron": "iron",
    "brick": "brick",
    "ammo": "ammo",
    "worker": "worker",
    "grey": "grey contact",
    "blue": "blue contact",
    "red": "red contact",
    "universal": "universal contact",
    "development": "development token",
    "vp": "VP",
    "card": "card",
}

Vector = tuple[tuple[int, int], ...]
"""A cost or reward: ``((good index, amount), ...)``."""


COUNTED: Final = frozenset({"worker", "card", "contact", "token", "use"})
"""Nouns that take a plural (``2 workers``); goods read as mass nouns (``2 fuel``, ``3 gun``)."""


def amount(n: int, good: str) -> str:
    """``1 worker``, ``2 workers``, ``3 red contacts``, ``2 fuel``, ``1 VP``."""
    word = LABEL.get(good, good)
    if n != 1 and word.rsplit(" ", 1)[-1] in COUNTED:
        word += "s"
    return f"{n} {word}"


def vector_text(vec: Vector) -> str:
    """A reward or cost in words, e.g. ``2 gun + 1 VP``, ``2 red contacts``."""
    if not vec:
        return "nothing"
    return " + ".join(amount(n, GOOD_NAMES[g]) for g, n in vec)
