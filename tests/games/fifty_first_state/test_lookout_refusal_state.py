"""A kept or refused Lookout card leaves no card pending (seed: La phase de pioche).

After ``keep`` the card is in the hand, after ``refuse`` in the discard, and nothing
waits for a decision: the observation's ``pending_card`` is None and the state's
``to_dict`` holds the same "no card" value (-1) as a state that never drew, so two
states of the same position compare equal whatever path reached them.
"""

from __future__ import annotations

from solotable.core.players import CHANCE
from solotable.games.fifty_first_state.state import LK_DRAW, LK_EXTRA

from .helpers import play, round_one_lookout


def test_after_a_refusal_no_card_is_pending() -> None:
    s = round_one_lookout()
    assert s.to_dict()["pending_card"] == -1
    play(s, "draw:shipwreck")
    assert s.observation(0)["pending_card"] == "shipwreck"
    play(s, "refuse")
    assert s.phase == LK_DRAW and s.current_player() == CHANCE
    assert s.observation(0)["pending_card"] is None
    assert s.to_dict()["pending_card"] == -1
    play(s, "draw:parking-lot")  # forced after the refusal: never pending
    assert s.to_dict()["pending_card"] == -1
    play(s, "draw:brick-supplier", "keep")
    play(s, "draw:quarry")  # the third card, forced without a reroll source
    assert s.phase == LK_EXTRA
    assert s.to_dict()["pending_card"] == -1
    assert s.observation(0)["discard"] == {"shipwreck": 1}
