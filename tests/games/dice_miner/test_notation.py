"""Move notation and error paths (common brief: notation round-trips, clear errors)."""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError, NotationError
from tests.games.dice_miner.helpers import bottom, game, play, position


def test_notation_round_trips_and_accepts_aliases() -> None:
    s = position(
        game(), bottom("treasure beer", "tunnel n1"), {"tool chest1": 1, "magic magic2": 1}
    )
    for text in ("take a1 as gem3 hide", "take a2", "spend magic2", "refill", "stop"):
        assert s.action_to_string(s.string_to_action(text)) == text
    assert s.string_to_action("T A2") == s.string_to_action("take a2")
    assert s.string_to_action("sp 2") == s.string_to_action("spend magic2")
    assert s.string_to_action("take a1 as gem3 h") == s.string_to_action("take a1 as gem3 hide")
    assert s.string_to_action("end") == s.string_to_action("stop")
    assert s.action_to_string(s.string_to_action("draw hazard dragon4")) == "draw hazard dragon4"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("dig a1", "unknown move"),
        ("take", "needs a slot"),
        ("take z9", "no mountain slot"),
        ("take a1 as gem7", "no face 'gem7'"),
        ("take a1 with gem3", "optionally 'as FACE'"),
        ("take a3 as gem3", "is empty"),
        ("spend", "one Magic face"),
        ("spend magic9", "no face"),
        ("recycle", "one slot"),
        ("refill now", "takes no argument"),
        ("draw dragon 4", "die type"),
    ],
)
def test_bad_notation_says_what_is_wrong(text: str, message: str) -> None:
    s = position(game(), bottom("treasure beer", "tunnel n1"))
    with pytest.raises(NotationError, match=message):
        s.string_to_action(text)


def test_illegal_action_leaves_the_state_unchanged_with_a_reason() -> None:
    s = position(game(), bottom("hazard dragon2", "tunnel n3"))
    before = s.to_dict()
    for move, reason in [
        ("take a1", "unused shield"),
        ("take a2", "ends at 2"),
        ("recycle a1", "only right after spending"),
        ("face magic1", "no starting Magic die"),
        ("draw tunnel n1", "only while rolling or filling"),
    ]:
        with pytest.raises(IllegalActionError, match=reason):
            play(s, move)
        assert s.to_dict() == before
    with pytest.raises(IllegalActionError, match="outside"):
        s.apply_action(10_000)


def test_moves_are_described_in_words() -> None:
    s = position(game(), bottom("treasure beer"), {"tool chest1": 1})
    words = dict(s.legal_moves_text())
    assert words["take a1 as gem3 hide"] == (
        "take the beer Treasure die on a1 as gem3 and hide it in a chest"
    )
    assert words["stop"] == "stop digging and score"
