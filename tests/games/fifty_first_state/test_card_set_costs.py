"""Costs that share a stand-in, or name one, on an action location of another card set
(``--set cards=FILE``; spec §3.1).

Ammo stands in for any basic good and a universal contact for a contact of any colour,
never the reverse, and one stand-in pays one good: a cost of two basic goods short of
both needs two ammo, a cost that names ammo besides a short basic good needs ammo for
both. The Master Set's action locations print no such cost, so Archive is given them
here; the move list and ``is_legal`` (one id) must both answer, and a legal use pays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .card_sets import card_file, check_archive_cost
from .helpers import moves, staged

CASES = [
    # (Archive's cost, goods held, legal?, goods left after the use)
    ({"fuel": 1, "gun": 1}, {"ammo": 1}, False, None),
    ({"fuel": 1, "gun": 1}, {"ammo": 1, "gun": 1}, True, {}),
    ({"fuel": 1, "gun": 1}, {"ammo": 2}, True, {}),
    ({"fuel": 1, "ammo": 1}, {"ammo": 1}, False, None),
    ({"fuel": 1, "ammo": 1}, {"ammo": 2}, True, {}),
    ({"fuel": 1, "ammo": 1}, {"ammo": 1, "fuel": 2}, True, {"fuel": 1}),
    ({"grey": 1, "blue": 1}, {"universal": 1}, False, None),
    ({"grey": 1, "blue": 1}, {"blue": 1, "universal": 1}, True, {}),
    ({"grey": 1, "blue": 1}, {"grey": 1, "universal": 1}, True, {}),
    ({"grey": 2, "blue": 1}, {"grey": 1, "blue": 1, "universal": 1}, True, {}),
    ({"grey": 2, "blue": 1}, {"grey": 1, "blue": 1}, False, None),
    ({"grey": 1, "universal": 1}, {"universal": 1}, False, None),
    ({"grey": 1, "universal": 1}, {"universal": 2}, True, {}),
    ({"red": 1, "universal": 1}, {"universal": 1, "red": 1}, True, {}),
    # two terms of their own (fuel or ammo, grey or universal)
    ({"fuel": 1, "grey": 1}, {"fuel": 1, "universal": 1}, True, {}),
    ({"fuel": 1, "grey": 1}, {"ammo": 1, "grey": 1}, True, {}),
    ({"fuel": 1, "grey": 1}, {"fuel": 1}, False, None),
]


@pytest.mark.parametrize("cost, held, legal, left", CASES)
def test_archive_with_a_cost_checked_as_a_whole(
    tmp_path: Path,
    cost: dict[str, int],
    held: dict[str, int],
    legal: bool,
    left: dict[str, int] | None,
) -> None:
    check_archive_cost(tmp_path, cost, held, legal, left)


def test_an_unpayable_location_does_not_hide_the_next_one(tmp_path: Path) -> None:
    """Archive (costing 1 ammo here) comes before Motel (1 worker) in id order: without
    ammo only Motel is offered."""
    effect = {"type": "action", "cost": {"ammo": 1}, "gain": {"vp": 1}, "uses": 2}
    cards = card_file(tmp_path, {"archive": {"effect": effect}})
    s = staged(cards=cards, locs=("archive", "motel"), goods={"worker": 1})
    assert [m for m in moves(s) if m.startswith("use ")] == ["use motel"]
    assert not s.is_legal(s.string_to_action("use archive"))
