"""Goods, tokens and their indices: the engine's counters are plain int lists.

Index order is fixed so that supplies, costs and rewards are small int
vectors; ``VP`` and ``CARD`` are pseudo-goods that only appear in rewards
(VP go to the score, a card is a draw from the deck).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from solotable.core.message import Msg

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

Vector = tuple[tuple[int, int], ...]
"""A cost or reward: ``((good index, amount), ...)``."""

GOODS_MSG: Final = "51st-state.goods"
"""The message of a cost or reward: its arguments are good names and amounts."""


def goods_of(vec: Vector) -> dict[str, int]:
    """A cost or reward as ``{good name: amount}`` in the vector's order (events, pages)."""
    return {GOOD_NAMES[g]: n for g, n in vec}


def goods_msg(vec: Vector) -> Msg:
    """A cost or reward as a message (``2 gun + 1 VP``, said by ``solotable.words``)."""
    return Msg(GOODS_MSG, {GOOD_NAMES[g]: n for g, n in vec})


def named_goods_msg(goods: Mapping[str, int]) -> Msg:
    """``goods_msg`` of amounts already keyed by good name (zero amounts left out)."""
    return Msg(GOODS_MSG, {g: n for g, n in goods.items() if n})
