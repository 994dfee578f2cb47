"""Taking a face-up connection card whatever the order of the card file's connections
(``--set cards=FILE``; spec §3.4, §3.6).

A card set lists its connection cards in any order, so a red card may come first (index
0). The face-up red card is still offered for 2 workers, and taken into the hand.
"""

from __future__ import annotations

from pathlib import Path

from .card_sets import card_file
from .helpers import moves, play, staged


def test_a_red_connection_listed_first_can_be_taken(tmp_path: Path) -> None:
    cards = card_file(tmp_path, {}, connections=("punks", "thugs", "merchants", "junk-train"))
    s = staged(cards=cards, goods={"worker": 4})
    d = s.to_dict()
    L = s.L
    assert L.conn_index["punks"] == 0
    for place, conn in ((0, "merchants"), (1, "punks")):
        old = d["face_up"][place]
        if old >= 0:
            d["conn_pile"][old] += 1
        d["face_up"][place] = L.conn_index[conn]
        d["conn_pile"][L.conn_index[conn]] -= 1
    s = s.game.state_from_dict(d)
    assert s.observation(0)["connections"]["face_up"] == {"blue": "merchants", "red": "punks"}
    a = s.string_to_action("take red")
    assert s.is_legal(a) and s.illegal_reason(a) is None
    assert "take red" in moves(s) and "take blue" in moves(s)
    play(s, "take red")
    assert s.observation(0)["hand"] == {"punks": 1}
    assert s.observation(0)["connections"]["face_up"] == {"blue": "merchants", "red": None}
    assert "take blue" in moves(s) and "take red" not in moves(s)
