"""A refused placement's reason is data as well as words: its key and arguments name the
seat, the piece and the colour (rules/placement.py ``refusal_reason``)."""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError

from .helpers import play


@pytest.mark.parametrize(
    ("moves", "move", "args", "words"),
    [
        (
            ["RR A9", "RB A1", "RR C9", "RB C1", "RR E9", "RB E1"],
            "RR G9",
            {"seat": 0, "piece": "resource", "colour": "red"},
            "White has no red resource left",
        ),
        (
            ["CR B8", "RB A1", "CR D8", "RB C1"],
            "CR F8",
            {"seat": 0, "piece": "city", "colour": "red"},
            "White has no red city left",
        ),
    ],
)
def test_a_colour_used_up_is_named_with_its_piece(moves, move, args, words) -> None:
    state = play(moves)
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(state.parse_move(move))
    reason = caught.value.reason
    assert reason is not None and not isinstance(reason, str)
    assert (reason.key, dict(reason.args), str(reason)) == (
        "divercite.illegal.none-left",
        args,
        words,
    )
