"""Which connection cards in hand may be played, by their cost (spec §3.1, §3.6).

Each held connection card is offered when its cost is payable — ammo standing in for a
basic good, a universal contact for a contact — independently of the others: an
unpayable card does not hide the cards after it. The Master Set's only costly connection
is Thugs (1 gun); another card set (``--set cards=FILE``) may print any cost, list its
connection cards in any order, or name ammo in a cost. The move list and ``is_legal``
(one id) must agree.
"""

from __future__ import annotations

from pathlib import Path

from solotable.games.fifty_first_state.state import FiftyFirstStateState

from .card_sets import card_file
from .helpers import moves, staged


def _holding(s: FiftyFirstStateState, *conns: str) -> FiftyFirstStateState:
    """``s`` with the connection cards ``conns`` moved from their deck into the hand."""
    d = s.to_dict()
    L = s.L
    for cid in conns:
        c = L.conn_index[cid]
        assert d["conn_pile"][c] > 0
        d["conn_pile"][c] -= 1
        d["hand"][L.n + c] += 1
    return s.game.state_from_dict(d)


def _plays(s: FiftyFirstStateState) -> list[str]:
    offered = [m for m in moves(s) if m.startswith("play ")]
    for cid in s.cs.conn_ids:
        a = s.string_to_action(f"play {cid}")
        assert s.is_legal(a) == (f"play {cid}" in offered), cid
    return offered


def test_thugs_paid_with_ammo_standing_in_for_the_gun() -> None:
    for goods in ({"ammo": 1}, {"gun": 1, "ammo": 1}, {"gun": 1}):
        s = _holding(staged(goods=goods), "thugs")
        assert _plays(s) == ["play thugs"], goods
    s = _holding(staged(goods={"fuel": 1}), "thugs")
    assert _plays(s) == []


def test_an_unpayable_card_does_not_hide_the_next_one(tmp_path: Path) -> None:
    """Thugs listed first: without a gun it is refused, Punks after it is still offered."""
    cards = card_file(tmp_path, {}, connections=("thugs", "punks", "merchants", "junk-train"))
    s = _holding(staged(cards=cards), "thugs", "punks")
    assert _plays(s) == ["play punks"]


def test_a_connection_cost_naming_ammo(tmp_path: Path) -> None:
    """Merchants costs 1 ammo: only ammo pays it, and Punks (free) is offered either way."""
    cards = card_file(tmp_path, {}, connection_change={"merchants": {"cost": {"ammo": 1}}})
    s = _holding(staged(cards=cards, goods={"fuel": 1}), "merchants", "punks")
    assert _plays(s) == ["play punks"]
    s = _holding(staged(cards=cards, goods={"ammo": 1}), "merchants", "punks")
    assert _plays(s) == ["play merchants", "play punks"]


def test_a_connection_cost_of_a_basic_good_and_a_contact(tmp_path: Path) -> None:
    """Junk Train costs 1 fuel and 1 grey contact: a universal contact stands in for the
    grey one, ammo for the fuel."""
    cost = {"fuel": 1, "grey": 1}
    cards = card_file(tmp_path, {}, connection_change={"junk-train": {"cost": cost}})
    for goods, payable in (
        ({"fuel": 1, "universal": 1}, True),
        ({"ammo": 1, "grey": 1}, True),
        ({"fuel": 1, "grey": 1, "universal": 1}, True),
        ({"fuel": 1}, False),
        ({"grey": 1, "universal": 1}, False),
    ):
        s = _holding(staged(cards=cards, goods=goods), "junk-train")
        assert _plays(s) == (["play junk-train"] if payable else []), goods
