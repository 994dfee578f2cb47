"""Which storage card a stored good lands on (spec §6.2; rules/cleanup.py ``store_good``).

At Cleanup each ``store`` puts one good from the supply onto the first storage card of
the tableau that still has room for it: cards that store nothing are skipped, a card
that keeps basic goods only has no room for a worker, and a card full of basic goods
(whatever their mix) passes the next one to the following card. Where the good lands
is public (each location's ``stored`` goods in the observation) and decides what comes
back at Production.
"""

from __future__ import annotations

from typing import Any

import pytest

from solotable.games.fifty_first_state.state import STORE, FiftyFirstStateState

from .helpers import goods_of, play, staged


def _stored(s: FiftyFirstStateState) -> list[tuple[str, dict[str, int]]]:
    return [(loc["card"], dict(loc["stored"])) for loc in s.observation(0)["locations"]]


def _at_cleanup(locs: tuple[str, ...], goods: dict[str, int]) -> FiftyFirstStateState:
    s = staged(locs=locs, goods=goods)
    play(s, "pass")
    assert s.phase == STORE
    return s


def test_a_worker_skips_cards_without_worker_room() -> None:
    """Docks stores nothing; Ruined Library keeps 3 basic goods and no worker; Thieves'
    Den keeps 2 goods and 2 workers: the worker lands on Thieves' Den."""
    s = _at_cleanup(("docks", "ruined-library", "thieves-den"), {"worker": 1})
    play(s, "store worker")
    assert _stored(s) == [
        ("docks", {}),
        ("ruined-library", {}),
        ("thieves-den", {"worker": 1}),
    ]
    assert goods_of(s).get("worker", 0) == 0


@pytest.mark.parametrize("first", ["fuel", "gun", "iron", "brick"])
def test_a_full_card_passes_the_next_good_to_the_following_card(first: str) -> None:
    """Two of ``first`` fill Thieves' Den (2 basic goods), so the next fuel goes to the
    Underground Warehouse: the room is the card's capacity less all four basic goods on it."""
    goods: dict[str, Any] = {first: 2, "fuel": 1} if first != "fuel" else {"fuel": 3}
    s = _at_cleanup(("docks", "thieves-den", "underground-warehouse"), goods)
    play(s, f"store {first}", f"store {first}")
    assert _stored(s) == [
        ("docks", {}),
        ("thieves-den", {first: 2}),
        ("underground-warehouse", {}),
    ]
    play(s, "store fuel")
    assert _stored(s) == [
        ("docks", {}),
        ("thieves-den", {first: 2}),
        ("underground-warehouse", {"fuel": 1}),
    ]
    assert goods_of(s).get("fuel", 0) == 0


def test_the_unchecked_path_refuses_a_good_with_no_room_loudly() -> None:
    """``apply_legal_action`` trusts its caller; a ``store`` with no room (Thieves' Den's
    goods full, a worker space left, a fuel in the supply) stops on the broken contract
    instead of putting the fuel on a card that cannot hold it."""
    s = _at_cleanup(("thieves-den",), {"brick": 2, "fuel": 1, "worker": 1})
    play(s, "store brick", "store brick")
    fuel = s.string_to_action("store fuel")
    assert not s.is_legal(fuel)
    with pytest.raises(AssertionError, match=r"^no room to store$"):
        s.apply_legal_action(fuel)
