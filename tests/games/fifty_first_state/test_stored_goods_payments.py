"""Paying with goods stored on cards (spec §3.1, §6.2; assumption ``payment.order``).

A cost is paid from the supply first, then its stand-in in the supply (ammo for a basic
good, a universal contact for a contact), then goods stored on cards: a worker has no
stand-in, so a worker the supply lacks comes off a storage card — never a universal
contact or another good. Goods stored by a build bonus add to those already stored on
other cards: all of them pay.
"""

from __future__ import annotations

import pytest

from solotable.games.fifty_first_state.goods import GOOD_INDEX
from solotable.games.fifty_first_state.state import FiftyFirstStateState

from .helpers import goods_of, moves, play, staged


def _with_stored(s: FiftyFirstStateState, i: int, goods: dict[str, int]) -> FiftyFirstStateState:
    d = s.to_dict()
    for good, n in goods.items():
        d["locs"][i][2][GOOD_INDEX[good]] = n
    return s.game.state_from_dict(d)


def _stored(s: FiftyFirstStateState) -> list[dict[str, int]]:
    return [dict(loc["stored"]) for loc in s.observation(0)["locations"]]


def test_a_missing_worker_comes_off_a_storage_card_not_from_other_goods() -> None:
    s = staged(locs=("thieves-den",), goods={"worker": 1, "universal": 1, "gun": 1})
    s = _with_stored(s, 0, {"worker": 1})
    assert "work fuel" in moves(s)  # the move list counts the stored worker too
    play(s, "work fuel")  # 2 workers: the supply's one, then the stored one
    g = goods_of(s)
    assert (g["worker"], g["universal"], g["gun"], g["fuel"]) == (0, 1, 1, 1)
    assert _stored(s) == [{}]


def test_a_build_bonus_adds_to_the_goods_stored_elsewhere() -> None:
    """Thieves' Den holds 2 iron; Scrap Metal stores 3 iron when built: Shelter (2 iron)
    can be used twice, the iron coming off the cards in tableau order."""
    s = staged(locs=("thieves-den", "shelter"), hand=("scrap-metal",), goods={"grey": 1})
    s = _with_stored(s, 0, {"iron": 2})
    play(s, "build scrap-metal")
    assert _stored(s) == [{"iron": 2}, {}, {"iron": 3}]
    play(s, "use shelter")
    assert _stored(s) == [{}, {}, {"iron": 3}]
    assert "use shelter" in moves(s)
    play(s, "use shelter")
    assert _stored(s) == [{}, {}, {"iron": 1}]
    assert s.observation(0)["vp"] == 4


def test_the_unchecked_path_refuses_an_unaffordable_payment_loudly() -> None:
    """``apply_legal_action`` trusts its caller: ``work fuel`` with one worker (none
    stored) stops on the broken contract instead of paying half the cost."""
    s = staged(goods={"worker": 1})
    a = s.string_to_action("work fuel")
    assert not s.is_legal(a)
    with pytest.raises(AssertionError, match=r"^pay\(\) called with an unaffordable cost$"):
        s.apply_legal_action(a)
