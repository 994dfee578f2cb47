"""Whether an action location may be used with the goods held (spec §3.1, §3.4, §6.2).

``is_legal`` answers for one id without the move list (``action_is_legal`` and
``use_moves_from``): its answer must be the move list's. A cost good with no stand-in (a
worker) is covered by workers only; a "basic good of your choice" is offered only for a
good actually held — ammo stands in for a basic good in a printed cost, but "use X fuel"
is paid with fuel itself (that is what ``use X ammo`` is for).
"""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError
from solotable.games.fifty_first_state.state import FiftyFirstStateState

from .helpers import moves, staged


def _legal(s: FiftyFirstStateState, move: str) -> bool:
    a = s.string_to_action(move)
    legal = s.is_legal(a)
    assert legal == (move in moves(s)) == (s.illegal_reason(a) is None)
    return legal


def _refused(s: FiftyFirstStateState, move: str) -> None:
    before = s.to_dict()
    with pytest.raises(IllegalActionError):
        s.apply_action(s.string_to_action(move))
    assert s.to_dict() == before


def test_a_worker_cost_needs_a_worker() -> None:
    """Archive: 1 worker → 1 VP. Without a worker it is refused; with one it is used."""
    s = staged(locs=("archive",), goods={"fuel": 1, "ammo": 1})
    assert not _legal(s, "use archive")
    _refused(s, "use archive")
    s = staged(locs=("archive",), goods={"worker": 1})
    assert _legal(s, "use archive")


def test_a_worker_and_two_iron_need_both() -> None:
    """Assembly Plant: 2 iron + 1 worker → 3 VP; the iron may be ammo, the worker not."""
    s = staged(locs=("assembly-plant",), goods={"iron": 1, "ammo": 1})
    assert not _legal(s, "use assembly-plant")
    s = staged(locs=("assembly-plant",), goods={"iron": 1, "ammo": 1, "worker": 1})
    assert _legal(s, "use assembly-plant")


@pytest.mark.parametrize("held", ["fuel", "gun", "iron", "brick"])
def test_a_good_of_your_choice_is_offered_only_when_held(held: str) -> None:
    """Corner Shop: 1 worker + 1 basic good of your choice → 1 VP. With ammo and one
    ``held`` good, only ``held`` and ammo are offered; the other goods are refused even
    though ammo could stand in for them."""
    s = staged(locs=("corner-shop",), goods={"worker": 1, "ammo": 1, held: 1})
    offered = [m for m in moves(s) if m.startswith("use corner-shop")]
    assert offered == [f"use corner-shop {held}", "use corner-shop ammo"]
    for good in ("fuel", "gun", "iron", "brick", "ammo"):
        assert _legal(s, f"use corner-shop {good}") == (good in (held, "ammo"))
    for good in ("fuel", "gun", "iron", "brick"):
        if good != held:
            _refused(s, f"use corner-shop {good}")


def test_merc_outpost_offers_nothing_that_is_not_held() -> None:
    """Merc Outpost: 1 basic good of your choice → 2 workers, no other cost. With only
    ammo, only ``use merc-outpost ammo``."""
    s = staged(locs=("merc-outpost",), goods={"ammo": 1})
    assert [m for m in moves(s) if m.startswith("use merc")] == ["use merc-outpost ammo"]
    assert not _legal(s, "use merc-outpost fuel")
    _refused(s, "use merc-outpost gun")


def test_the_unchecked_path_refuses_a_good_not_held_loudly() -> None:
    """``apply_legal_action`` trusts its caller: ``use corner-shop fuel`` with ammo and no
    fuel stops on the broken contract instead of paying the fuel with ammo."""
    s = staged(locs=("corner-shop",), goods={"worker": 1, "ammo": 1})
    a = s.string_to_action("use corner-shop fuel")
    assert not s.is_legal(a)
    with pytest.raises(AssertionError, match=r"^pay_exact\(\) called with an unaffordable cost$"):
        s.apply_legal_action(a)
