"""A "basic good of your choice" cost next to a printed cost of another card set
(``--set cards=FILE``; spec §3.1, §6.2 Corner Shop).

Each good is offered on its own: it must be held, and the printed cost plus that good
must be payable (ammo standing in for a basic good, a universal contact for a contact).
One choice that cannot be paid does not hide the choices after it. The Master Set's
choice costs (Corner Shop: 1 worker; Merc Outpost: nothing) never make one choice
unpayable while a later one is payable, so Corner Shop is given other printed costs here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from solotable.games.fifty_first_state.state import FiftyFirstStateState

from .card_sets import card_file
from .helpers import moves, staged

GOODS = ("fuel", "gun", "iron", "brick", "ammo")


def _shop(tmp_path: Path, printed: dict[str, int], goods: dict[str, int]) -> FiftyFirstStateState:
    cost: dict[str, Any] = {"any_basic": 1, **printed}
    effect = {"type": "action", "cost": cost, "gain": {"vp": 1}, "uses": 2}
    cards = card_file(tmp_path, {"corner-shop": {"effect": effect}})
    return staged(cards=cards, locs=("corner-shop",), goods=goods)


def _offered(s: FiftyFirstStateState) -> list[str]:
    offered = [m.removeprefix("use corner-shop ") for m in moves(s) if m.startswith("use corner")]
    for good in GOODS:
        assert s.is_legal(s.string_to_action(f"use corner-shop {good}")) == (good in offered)
    return offered


@pytest.mark.parametrize(
    "printed, goods, offered",
    [
        # fuel would need 2 fuel (1 printed + 1 chosen): refused; gun and iron are payable
        ({"fuel": 1}, {"fuel": 1, "gun": 1, "iron": 1}, ["gun", "iron"]),
        ({"fuel": 1}, {"fuel": 2, "gun": 1}, ["fuel", "gun"]),
        # fuel would need 2 fuel and 1 gun: refused; gun (2 gun, 1 fuel) and iron payable
        ({"fuel": 1, "gun": 1}, {"fuel": 1, "gun": 2, "iron": 1}, ["gun", "iron"]),
        ({"fuel": 1, "gun": 1}, {"fuel": 1, "gun": 1, "iron": 1}, ["iron"]),
        # a universal contact stands in for the printed grey contact
        ({"grey": 1}, {"gun": 1, "universal": 1}, ["gun"]),
        ({"grey": 1}, {"gun": 1, "grey": 1, "universal": 1}, ["gun"]),
        ({"grey": 1}, {"gun": 1}, []),
    ],
)
def test_each_choice_is_offered_when_it_can_be_paid(
    tmp_path: Path, printed: dict[str, int], goods: dict[str, int], offered: list[str]
) -> None:
    assert _offered(_shop(tmp_path, printed, goods)) == offered
