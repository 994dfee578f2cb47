"""Whether Cleanup stops for storage, and the state it leaves (spec §3.3, §6.2).

Passing stops at the storage decision exactly when some storage card has room for a
good the supply holds: the room is summed over every storage card (a full card does not
hide the room of another), counts all four basic goods already stored, and one free
space is enough. Cleanup then frees the opponent's cards and empties the face-up
connection places (``0`` and ``-1`` in ``to_dict``, the values of a fresh position).
"""

from __future__ import annotations

from solotable.core.players import CHANCE
from solotable.games.fifty_first_state.goods import GOOD_INDEX
from solotable.games.fifty_first_state.state import FLIP, STORE, FiftyFirstStateState

from .helpers import idx, moves, play, staged


def _with_stored(
    s: FiftyFirstStateState, stored: dict[int, dict[str, int]]
) -> FiftyFirstStateState:
    """``s`` with goods on its locations (location index → {good: count})."""
    d = s.to_dict()
    for i, goods in stored.items():
        for good, n in goods.items():
            d["locs"][i][2][GOOD_INDEX[good]] = n
    return s.game.state_from_dict(d)


def _passes_to_the_next_round(s: FiftyFirstStateState) -> None:
    play(s, "pass")
    assert s.phase == FLIP and s.current_player() == CHANCE
    assert s.round == 2


def test_one_free_space_is_enough_to_stop_for_storage() -> None:
    s = staged(locs=("thieves-den",), goods={"fuel": 1})
    s = _with_stored(s, {0: {"brick": 1}})
    play(s, "pass")
    assert s.phase == STORE
    assert moves(s) == ["done", "store fuel"]


def test_one_free_worker_space_is_enough_to_stop_for_storage() -> None:
    s = staged(locs=("thieves-den",), goods={"worker": 1, "fuel": 1})
    s = _with_stored(s, {0: {"worker": 1, "gun": 2}})
    play(s, "pass")
    assert s.phase == STORE
    assert moves(s) == ["done", "store worker"]


def test_a_card_full_of_basic_goods_has_no_room() -> None:
    for good in ("fuel", "gun", "iron", "brick"):
        s = staged(locs=("thieves-den",), goods={"fuel": 1})
        s = _with_stored(s, {0: {good: 2}})
        _passes_to_the_next_round(s)


def test_a_full_last_card_does_not_hide_the_room_of_the_first() -> None:
    s = staged(locs=("thieves-den", "underground-warehouse"), goods={"fuel": 1})
    s = _with_stored(s, {1: {"iron": 3}})
    play(s, "pass")
    assert s.phase == STORE
    assert moves(s) == ["done", "store fuel"]


def test_worker_room_is_summed_over_the_storage_cards() -> None:
    """Underground Warehouse, last, keeps no worker: Thieves' Den's room still counts."""
    s = staged(locs=("thieves-den", "underground-warehouse"), goods={"worker": 1})
    play(s, "pass")
    assert s.phase == STORE
    assert moves(s) == ["done", "store worker"]


def test_cleanup_frees_the_opponent_cards_and_empties_the_face_up_places() -> None:
    s = staged(opp=("docks",), goods={"worker": 1})
    docks = idx(s.game, "docks")
    assert s.to_dict()["face_up"] != [-1, -1]
    play(s, "opp docks")
    assert [o for o in s.to_dict()["opp"] if o[0] == docks] == [[docks, 1]]
    _passes_to_the_next_round(s)
    d = s.to_dict()
    assert [o for o in d["opp"] if o[0] == docks] == [[docks, 0]]
    assert d["face_up"] == [-1, -1]
    assert s.observation(0)["connections"]["face_up"] == {"blue": None, "red": None}
    assert {"card": "docks", "used": False} in s.observation(0)["opponent"]
