"""Developing a card over another copy of itself (spec §3.4 Develop).

A card may replace a location of the same type (they share every icon, so brick pays):
the copy in the tableau is discarded, the one from hand takes its place with fresh uses,
for +1 VP. The Master Set's first card type (Abandoned Suburbs) has one copy; another
card set (``--set cards=FILE``) gives it two, so the first develop id of the action space
is played.
"""

from __future__ import annotations

from pathlib import Path

from .card_sets import card_file
from .helpers import moves, play, staged


def test_the_first_card_type_developed_over_itself(tmp_path: Path) -> None:
    cards = card_file(tmp_path, {"abandoned-suburbs": {"copies": 2}})
    s = staged(
        cards=cards,
        hand=("abandoned-suburbs",),
        locs=("abandoned-suburbs",),
        goods={"brick": 3},
    )
    play(s, "use abandoned-suburbs")  # 2 brick for 2 VP: one use left
    move = "develop abandoned-suburbs over abandoned-suburbs"
    assert move in moves(s)
    play(s, move)
    obs = s.observation(0)
    assert [(loc["card"], loc["uses_left"]) for loc in obs["locations"]] == [
        ("abandoned-suburbs", 2)
    ]
    assert obs["hand"] == {} and obs["discard"] == {"abandoned-suburbs": 1}
    assert obs["vp"] == 3 and dict(obs["goods"])["brick"] == 0
