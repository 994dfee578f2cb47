"""Legality of one faction-action or take id (spec §3.4, §3.5, §3.6).

``is_legal`` answers for one id without the move list; it must agree with the move
list and with the refusal ``apply_action`` gives. A faction action that costs no card
takes no card: its id with a hand card — the first card type included — is refused. A
face-up connection card is taken for 2 workers: with fewer, it is refused even though
the card is there.
"""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError
from solotable.core.message import Msg
from solotable.games.fifty_first_state.state import FiftyFirstStateState

from .helpers import moves, play, staged


def _refusal(s: FiftyFirstStateState, move: str) -> Msg | None:
    a = s.string_to_action(move)
    reason = s.illegal_reason(a)
    assert s.is_legal(a) == (move in moves(s)) == (reason is None)
    if reason is not None:
        before = s.to_dict()
        with pytest.raises(IllegalActionError):
            s.apply_action(a)
        assert s.to_dict() == before
    assert reason is None or isinstance(reason, Msg)
    return reason


@pytest.mark.parametrize("card", ["abandoned-suburbs", "docks"])
def test_a_faction_action_without_a_card_cost_takes_no_card(card: str) -> None:
    """New York's first action costs 1 iron and no card; Abandoned Suburbs is card type 0."""
    s = staged(hand=(card,), goods={"iron": 1})
    assert _refusal(s, f"faction 1 {card}") == Msg("51st-state.illegal.faction-no-card", {"n": 1})
    assert _refusal(s, "faction 1") is None


def test_taking_a_connection_needs_two_workers() -> None:
    s = staged(goods={"worker": 1})
    assert s.observation(0)["connections"]["face_up"] == {"blue": "merchants", "red": "punks"}
    for move in ("take blue", "take red"):
        assert _refusal(s, move) == Msg("51st-state.illegal.workers", {"n": 2})
    s = staged(goods={"worker": 2})
    assert _refusal(s, "take blue") is None
    assert _refusal(s, "take red") is None


def test_an_empty_face_up_place_cannot_be_taken() -> None:
    s = staged(goods={"worker": 4})
    play(s, "take blue")
    assert _refusal(s, "take blue") is not None
    assert _refusal(s, "take red") is None
