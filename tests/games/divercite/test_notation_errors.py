"""Typed moves that do not parse: each error names its kind, the text and the square, in
data and words (actions.py ``string_to_action``; docs/mutation.md)."""

from __future__ import annotations

from typing import Any

import pytest

from solotable.core.errors import NotationError
from solotable.core.message import Msg

from .helpers import play

NOT_A_SQUARE = (
    "{} is not a square: city squares are B/D/F/H × 2/4/6/8, resource squares A/C/E/G/I × 1/3/5/7/9"
)


def _error(text: Any) -> tuple[str, str, dict[str, Any], str]:
    with pytest.raises(NotationError) as caught:
        play([]).string_to_action(text)
    reason = caught.value.reason
    assert isinstance(reason, Msg), reason
    key = reason.key.removeprefix("divercite.notation.")
    return caught.value.text, key, dict(reason.args), str(reason)


@pytest.mark.parametrize("value", [5, None])
def test_a_move_that_is_not_text_is_refused_with_its_value_shown(value: Any) -> None:
    assert _error(value) == (str(value), "not-text", {}, "a move is text, such as CR D6")


@pytest.mark.parametrize(
    ("text", "square"),
    [
        ("RR I2", "I2"),  # column I (the last one) on a city row: a gap, not off the board
        ("rr i2", "I2"),
        ("RR B1", "B1"),  # row 1 (the first one) in a city column
        ("RG H1", "H1"),
    ],
)
def test_a_gap_between_squares_is_not_a_square(text: str, square: str) -> None:
    assert _error(text) == (text, "no-square", {"square": square}, NOT_A_SQUARE.format(square))


@pytest.mark.parametrize(("text", "square"), [("RR J1", "J1"), ("RR A0", "A0"), ("CR K5", "K5")])
def test_a_square_beyond_columns_a_to_i_or_rows_1_to_9_is_off_the_board(
    text: str, square: str
) -> None:
    words = f"{square} is off the board (columns A–I, rows 1–9)"
    assert _error(text) == (text, "off-board", {"square": square}, words)


def test_the_neutral_token_on_a_city_square_names_the_square() -> None:
    words = "D6 is a city square; the neutral token goes on a resource square"
    assert _error("N D6") == ("N D6", "neutral-on-city", {"square": "D6"}, words)
    state = play([])
    assert state.action_to_string(state.string_to_action("RR I9")) == "RR I9"
    assert state.action_to_string(state.string_to_action("rr a1")) == "RR A1"
