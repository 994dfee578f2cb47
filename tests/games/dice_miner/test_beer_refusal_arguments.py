"""A beer die taken without a face is refused with its slot and its die type (docs/mutation.md).

Seed Bière: a die showing beer joins the collection as the face the player picks. The refusal
of a take that picks none (or picks beer again) carries, besides the slot, the type of the die
(``type``), which front ends may use to offer that die's faces; every argument is asserted, for
each die type that has a beer face.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dice_miner.helpers import bottom, game, position, refusal


@pytest.mark.parametrize("die_type", ["tunnel", "treasure", "hazard", "tool", "magic"])
def test_a_beer_die_taken_without_a_face_is_refused_with_its_slot_and_type(die_type: str) -> None:
    # The beer die on a3, between two plain Tunnel 1s: the slot is not the first one.
    s = position(game(), bottom("tunnel n1", "tunnel n1", f"{die_type} beer", "tunnel n1"))
    expected: tuple[str, dict[str, Any], str] = (
        "dice-miner.illegal.beer-needs-face",
        {"slot": "a3", "type": die_type},
        "the die on a3 shows beer: choose the face it counts as",
    )
    for move in ("take a3", "take a3 as beer"):
        reason = refusal(s, move)
        assert (reason.key, dict(reason.args), str(reason)) == expected
