"""Every reshuffle of the discard into an empty draw pile is counted (spec §9 A8).

The observation's ``tally`` (and the game's statistics) count the reshuffles of the
whole game, not whether one happened: two reshuffles in a round count 2.
"""

from __future__ import annotations

from solotable.core.players import CHANCE
from solotable.games.fifty_first_state.table import T_RESHUFFLES

from .helpers import card_total, idx, play, staged


def test_two_reshuffles_count_two() -> None:
    """Appalachian, an empty pile, one School in the discard and every other card in
    hand: ``work card`` reshuffles the School back and draws it; the faction action
    discards it again and the next ``work card`` reshuffles a second time."""
    s = staged("appalachian", goods={"worker": 4, "brick": 1})
    d = s.to_dict()
    for zone in ("pile", "discard"):
        for t, c in enumerate(d[zone]):
            d["hand"][t] += c
            d[zone][t] = 0
    school = idx(s.game, "school")
    d["hand"][school] -= 1
    d["discard"][school] = 1
    s = s.game.state_from_dict(d)
    assert s.observation(0)["tally"][T_RESHUFFLES] == 0
    play(s, "work card")
    assert s.current_player() == CHANCE
    assert s.observation(0)["tally"][T_RESHUFFLES] == 1
    assert s.observation(0)["draw_pile_size"] == 1
    play(s, "draw:school")
    play(s, "faction 1 school")
    assert s.observation(0)["discard"] == {"school": 1}
    play(s, "work card")
    obs = s.observation(0)
    assert obs["tally"][T_RESHUFFLES] == 2
    assert obs["draw_pile_size"] == 1 and obs["discard"] == {}
    assert s.stats()["reshuffles"] == 2.0
    assert card_total(s) == list(s.cs.copies)
