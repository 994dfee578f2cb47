"""A worker sent to an opponent card (spec §9 A3; rules/opponent.py ``use_opponent_card``).

The card produces for the player, and a per-type production counts the opponent's cards
carrying its icon, not the player's. The Master Set has no open per-type production
card, so another card set (``--set cards=FILE``) opens Arena (1 gun per gun icon, up to
3). The used copy is marked used (``1`` in ``to_dict``) until Cleanup; another copy of
the same card stays free.
"""

from __future__ import annotations

from pathlib import Path

from .card_sets import card_file
from .helpers import goods_of, idx, moves, play, staged


def test_an_open_per_type_card_counts_the_opponents_icons(tmp_path: Path) -> None:
    cards = card_file(tmp_path, {"arena": {"open_production": True}})
    s = staged(
        cards=cards,
        opp=("arena", "arena", "docks"),
        locs=("gun-shop", "gunsmith", "confessor"),
        goods={"worker": 2},
    )
    arena = idx(s.game, "arena")
    play(s, "opp arena")
    assert goods_of(s)["gun"] == 2  # the opponent's two Arenas, not the player's three gun cards
    assert goods_of(s)["worker"] == 1
    opp = s.to_dict()["opp"]
    assert [o for o in opp if o[0] == arena] == [[arena, 1], [arena, 0]]
    assert [o["used"] for o in s.observation(0)["opponent"] if o["card"] == "arena"] == [
        True,
        False,
    ]
    assert "opp arena" in moves(s)
    play(s, "opp arena")
    assert goods_of(s)["gun"] == 4
    assert [o for o in s.to_dict()["opp"] if o[0] == arena] == [[arena, 1], [arena, 1]]
    assert "opp arena" not in moves(s)


def test_the_first_card_type_as_an_opponent_card(tmp_path: Path) -> None:
    """A card set listing Docks (open production: 1 iron) first: a
    worker on the opponent's Docks, card type 0, produces like any opponent card."""
    cards = card_file(tmp_path, {}, first="docks")
    s = staged(cards=cards, opp=("docks",), goods={"worker": 1})
    assert idx(s.game, "docks") == 0
    before = goods_of(s)
    play(s, "opp docks")
    after = goods_of(s)
    gained = {g: after[g] - before[g] for g in after if after[g] != before[g]}
    assert gained == {"worker": -1, "iron": 1}
    assert [o for o in s.to_dict()["opp"] if o[0] == 0] == [[0, 1]]
    assert "opp docks" not in moves(s)
