"""Illegal moves and bad notation: refused with a reason, the state untouched; every
action's notation round-trips."""

from __future__ import annotations

import pytest

from solotable.core import IllegalActionError, NotationError
from solotable.core.message import Msg

from .helpers import game, play, refusal, start


def test_illegal_action_gives_a_reason_and_leaves_the_state_untouched():
    """Errors: an illegal move is refused with its reason; nothing changes."""
    s = start(corp="oil")
    before = s.to_dict()
    assert refusal(s, "explore") == "waiting"
    with pytest.raises(IllegalActionError, match="outside"):
        s.apply_action(10_000)
    with pytest.raises(IllegalActionError, match="chance"):
        play(s, "oil:o1")
        s.apply_action(s.string_to_action("explore"))
    s2 = start(corp="oil")
    with pytest.raises(IllegalActionError):
        s2.parse_move("id:o1")
    assert s2.to_dict() == before


def test_illegal_reasons_in_the_divers_phase():
    """Errors: empty slot, colour that is not a Hotel (named as its Island: issue 21)."""
    s = start()
    with pytest.raises(IllegalActionError) as e:
        s.parse_move("close:yellow:o1")
    reason = e.value.message.args["reason"]  # type: ignore[union-attr]
    assert reason == Msg("mini-divercity.illegal.not-a-hotel", {"colour": "yellow"})
    assert str(reason) == "the yellow Island is not a Hotel"


def test_bad_notation_is_explained():
    """Errors: malformed text raises NotationError with the accepted forms."""
    s = start()
    for text in ("fly", "oil:o9", "close:red", "", "id:"):
        with pytest.raises(NotationError) as e:
            s.string_to_action(text)
        reason = e.value.message.args["reason"]  # type: ignore[union-attr]
        assert reason.key == "mini-divercity.notation.unknown"
        assert "close:COLOUR:SLOT" in reason.args["forms"]
    assert s.string_to_action("  ID:O1 ") == s.string_to_action("id:o1")


def test_every_action_has_a_unique_round_tripping_notation():
    """Notation: each of the fixed action ids has its own text, read back exactly."""
    s = start()
    n = game().num_distinct_actions()
    names = [s.action_to_string(a) for a in range(n)]
    assert len(set(names)) == n
    assert all(s.string_to_action(t) == a for a, t in enumerate(names))
