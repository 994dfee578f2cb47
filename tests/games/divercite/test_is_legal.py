"""``is_legal`` answers for any integer as ``legal_actions`` does: ids outside the action
space, the neutral token's turn and the finished game included (rules/placement.py
``is_legal_placement``; core: "whether the action is legal now")."""

from __future__ import annotations

from solotable.games.divercite.actions import NEUTRAL_BASE

from .helpers import play, random_game

LAST = NEUTRAL_BASE + 25
"""One past the last action id (189)."""


def test_is_legal_agrees_with_the_legal_list_for_any_id() -> None:
    states = [
        play([]),
        play(["CR D6", "RG C7"]),
        play([], neutral_first=True),  # the neutral token's turn first
        random_game(5),  # finished
    ]
    for state in states:
        legal = set(state.legal_actions())
        for a in [*range(-40, 0), *range(LAST), *range(LAST, LAST + 40)]:
            assert state.is_legal(a) == (a in legal), (state.history, a)
