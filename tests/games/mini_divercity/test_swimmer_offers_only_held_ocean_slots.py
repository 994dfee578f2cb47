"""The Swimmer is offered for each Ocean slot that holds a card, and only for those.

Seed: Phase Plongeurs A, Nageur (discard an Ocean card). With an empty Species deck the
hand is not refilled, so Ocean slots empty out (``rules/divers.py`` ``special_actions``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.mini_divercity.helpers import SP, edit, empty_deck, moves, start

HAND = ("crab", "eel", "octopus", "turtle", "oyster")
SLOTS = ("l1", "l2", "o1", "o2", "o3")


@pytest.mark.parametrize(
    "empty", [(), (4,), (3, 4), (2,), (2, 3), (2, 3, 4), (2, 4), (3,)], ids=str
)
def test_swimmer_moves_are_the_held_ocean_slots(empty: tuple[int, ...]) -> None:
    def emptied(d: dict[str, Any]) -> None:
        empty_deck(d)
        for k in empty:
            d["disc"][SP.index(HAND[k])] += 1
            d["ndisc"] += 1
            d["hand"][k] = -1
            d["up"][k] = False

    s = edit(start(hand=HAND), emptied)
    held = {f"swimmer:{SLOTS[k]}" for k in (2, 3, 4) if k not in empty}
    assert {m for m in moves(s) if m.startswith("swimmer:")} == held
