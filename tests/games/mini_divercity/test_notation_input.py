"""A typed move that is not text, or not a move: the error keeps what was typed and says
why, in data and words (actions.py ``ActionSpace.parse``; docs/mutation.md)."""

from __future__ import annotations

from typing import Any

import pytest

from solotable.core import load_game
from solotable.core.errors import NotationError
from solotable.core.message import Msg
from solotable.games.mini_divercity.actions import FORMS


def _error(text: Any) -> tuple[str, str, dict[str, Any], str]:
    state = load_game("mini-divercity").new_initial_state(3)
    with pytest.raises(NotationError) as caught:
        state.string_to_action(text)
    reason = caught.value.reason
    assert isinstance(reason, Msg), reason
    key = reason.key.removeprefix("mini-divercity.notation.")
    return caught.value.text, key, dict(reason.args), str(reason)


@pytest.mark.parametrize("value", [5, None, ["oil:l1"]])
def test_a_move_that_is_not_text_is_refused_with_its_value_shown(value: Any) -> None:
    assert _error(value) == (str(value), "not-text", {}, "a move is text")


@pytest.mark.parametrize("text", ["dig", "oil:l9", "OIL L6"])
def test_an_unknown_move_lists_the_forms_moves_take(text: str) -> None:
    words = f"unknown move; the moves are written {FORMS} ('moves' lists the legal ones)"
    assert _error(text) == (text, "unknown", {"forms": FORMS}, words)
    assert FORMS.startswith("oil:SLOT, pay:SLOT, id:SLOT, close:COLOUR:SLOT,")


def test_spaces_and_case_do_not_matter() -> None:
    state = load_game("mini-divercity").new_initial_state(3)
    for text, canonical in ((" OIL : L1 ", "oil:l1"), ("Swap: L1 O2", "swap:l1o2")):
        assert state.action_to_string(state.string_to_action(text)) == canonical
