"""Hints that explain: the best move and the next two, with values and reasons.

``GameSession.hint`` asks the game's hint agent to ``analyse`` the turn; the
hint budget is fixed (depth, samples), so the same position gets the same hint.
"""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError
from solotable.core.message import Msg
from solotable.core.session import GameSession, Seat
from solotable.words import words


def _divercite() -> GameSession:
    s = GameSession.start("divercite", {}, [Seat(), Seat("easy")], seed=3)
    for _ in range(4):
        s.play(0, s.legal_moves(0)[0][0])
        while s.human_to_move() is None:
            s.step_agent()
    return s


def test_divercite_hint_ranks_three_moves_with_reasons_in_words() -> None:
    h = _divercite().hint(0)
    assert h.agent == "expert"
    assert len(h.candidates) == 3
    assert h.candidates[0].action == h.action
    assert len({c.action for c in h.candidates}) == 3
    for c in h.candidates:
        assert c.unit == "points ahead at the end"
        assert isinstance(c.reason, Msg) and c.reason.key == "divercite.hint.reason"
        said = str(c.reason)
        assert said.startswith("White ") and "Black" in said
        assert words("fr").say(c.reason).startswith("Blanc ")
        assert c.spread >= 0


def test_hint_on_the_players_own_move_says_what_it_loses() -> None:
    s = _divercite()
    worst = s.legal_moves(0)[-1]
    h = s.hint(0, worst[1])
    assert h.mine is not None and h.mine.action == worst[0]
    loss = h.loss()
    assert loss is not None and loss == h.candidates[0].value - h.mine.value
    with pytest.raises(IllegalActionError):
        s.hint(0, 10**6)


def test_the_same_position_gets_the_same_hint() -> None:
    assert _divercite().hint(0) == _divercite().hint(0)


@pytest.mark.parametrize(
    ("game", "unit"), [("dice-miner", "final score"), ("mini-divercity", "win chance")]
)
def test_solo_hints_value_moves_by_sampled_deals(game: str, unit: str) -> None:
    s = GameSession.start(game, {}, [Seat()], seed=4)
    h = s.hint(0)
    assert h.agent == s.game.info.hint_agent.partition(":")[0]
    assert h.agent in ("pimc", "ismcts")
    assert 1 <= len(h.candidates) <= 3 and h.candidates[0].action == h.action
    assert all(c.unit == unit for c in h.candidates)
    assert all("deals" in str(c.reason) for c in h.candidates)
    assert h == s.hint(0), "a fixed sample budget makes hints reproducible"
