"""Move notation and error paths (common brief: notation round-trips, clear errors)."""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError, NotationError
from solotable.core.message import Msg
from tests.games.dice_miner.helpers import bottom, game, position, refusal


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
    with pytest.raises(NotationError, match=message) as caught:
        s.string_to_action(text)
    reason = caught.value.reason
    assert isinstance(reason, Msg) and reason.key.startswith("dice-miner.notation.")


def test_illegal_action_leaves_the_state_unchanged_with_a_reason() -> None:
    s = position(game(), bottom("hazard dragon2", "tunnel n3"))
    for move, key, words in [
        ("take a1", "needs-shield", "unused shield"),
        ("take a2", "run", "ends at 2"),
        ("recycle a1", "recycle-after-spend", "only right after spending"),
        ("face magic1", "no-face-pending", "no starting Magic die"),
        ("draw tunnel n1", "draw", "only while dice are rolled"),
    ]:
        reason = refusal(s, move)
        assert reason.key == f"dice-miner.illegal.{key}" and words in str(reason)
    with pytest.raises(IllegalActionError, match="outside"):
        s.apply_action(10_000)


def test_moves_are_data_and_said_in_words() -> None:
    s = position(game(), bottom("treasure beer"), {"tool chest1": 1})
    infos = {i.notation: i for i in s.legal_action_infos()}
    take = infos["take a1 as gem3 hide"]
    assert (take.kind, take.targets, take.owner) == ("take", ("slot:a1",), "dice-miner")
    assert take.args["slot"] == "a1" and take.args["beer"] is True and take.args["hide"] is True
    assert (take.args["type"], take.args["face"], take.args["symbols"]) == (
        "treasure",
        "gem3",
        [["gem", 3]],
    )
    words = dict(s.legal_moves_text())
    assert words["take a1 as gem3 hide"] == (
        "take the Treasure die showing beer on a1 as 3 gems and hide it in a chest"
    )
    assert words["stop"] == "stop digging and score"
    assert infos["stop"].kind == "stop" and infos["stop"].args == {}


@pytest.mark.parametrize("value", [5, None, ["stop"]])
def test_a_move_that_is_not_text_is_refused_as_notation(value: object) -> None:
    """Not an AttributeError from ``.strip()``: the value shown, and why."""
    state = game().new_initial_state(1)
    with pytest.raises(NotationError) as refused:
        state.string_to_action(value)
    assert refused.value.text == str(value)
    assert refused.value.reason == Msg("dice-miner.notation.not-text", {})
