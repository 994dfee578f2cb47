"""Refusals that name a hand slot: a move on an empty slot says which slot is empty.

A hand slot stays empty when the Species deck and its discard run out (the refill has
nothing to deal), so identifying or closing with that slot is refused with the slot's
name; the words a player reads depend on the exact slot, not only on the reason.
"""

from __future__ import annotations

from typing import Any

import pytest

from solotable.core import IllegalActionError
from solotable.core.message import Msg

from .helpers import edit, start


def _empty_slot(k: int) -> Any:
    def change(d: dict[str, Any]) -> None:
        card = d["hand"][k]
        d["hand"][k] = -1
        d["disc"][card] += 1
        d["ndisc"] += 1

    return change


def _reason(s: Any, move: str) -> Msg:
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as e:
        s.apply_action(s.string_to_action(move))
    assert s.to_dict() == before
    reason = e.value.message.args["reason"]
    assert isinstance(reason, Msg)
    return reason


@pytest.mark.parametrize("k, slot", [(0, "l1"), (1, "l2"), (2, "o1"), (3, "o2"), (4, "o3")])
def test_identifying_with_an_empty_slot_names_that_slot(k: int, slot: str) -> None:
    s = edit(start(), _empty_slot(k))
    assert _reason(s, f"id:{slot}") == Msg("mini-divercity.illegal.slot-empty", {"slot": slot})
    assert s.illegal_reason(s.string_to_action(f"id:{slot}")) == Msg(
        "mini-divercity.illegal.slot-empty", {"slot": slot}
    )


@pytest.mark.parametrize("k, slot", [(0, "l1"), (2, "o1"), (4, "o3")])
def test_closing_a_hotel_with_an_empty_slot_names_that_slot(k: int, slot: str) -> None:
    """red is a Hotel in ``start()``: the only reason left is the empty slot."""
    s = edit(start(), _empty_slot(k))
    assert _reason(s, f"close:red:{slot}") == Msg(
        "mini-divercity.illegal.slot-empty", {"slot": slot}
    )
