"""Action ids, notation and board geometry (spec §2; actions.py, board.py)."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest

from solotable import load_game
from solotable.core.errors import (
    NotationError,
)
from solotable.games.divercite import actions

from .helpers import random_game


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("CR D6", "CR D6"),
        ("cr d6", "CR D6"),
        ("crd6", "CR D6"),
        ("  Cr-D6 ", "CR D6"),
        ("R D6", "CR D6"),
        ("city red d6", "CR D6"),
        ("RG C7", "RG C7"),
        ("g c7", "RG C7"),
        ("resource green C7", "RG C7"),
        ("RR@C7", "RR C7"),
        ("N E3", "N E3"),
        ("neutral e3", "N E3"),
        ("ny i1", None),
    ],
)
def test_notation_is_flexible_and_round_trips(text, canonical):
    state = load_game("divercite").new_initial_state(0)
    if canonical is None:
        with pytest.raises(NotationError):
            state.string_to_action(text)
        return
    a = state.string_to_action(text)
    assert state.action_to_string(a) == canonical
    assert state.string_to_action(canonical) == a


def test_every_action_id_round_trips():
    game = load_game("divercite")
    state = game.new_initial_state(0)
    texts = set()
    for a in range(game.num_distinct_actions()):
        t = state.action_to_string(a)
        texts.add(t)
        assert state.string_to_action(t) == a
        assert state.describe_action(a).startswith("place ")
    assert len(texts) == 189


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty move"),
        ("hello", "expected a piece then a square"),
        ("CR J6", "off the board"),
        ("CR D10", "off the board"),
        ("CR D5", "not a square"),
        ("CR C7", "resource square; cities go on"),
        ("RG D6", "city square; resources go on"),
        ("N D6", "city square; the neutral token"),
        ("CX D6", "expected a piece"),
    ],
)
def test_bad_notation_explains_the_problem(text, reason):
    state = load_game("divercite").new_initial_state(0)
    with pytest.raises(NotationError, match=reason):
        state.parse_move(text)


def test_board_geometry_through_the_end_breakdown() -> None:
    """Spec §2.1-2.2: each city has 4 resource neighbours (D6: C7 E7 C5 E5); resource squares
    touch 1 (corners), 2 (other edges) or 4 (inner) cities, 64 contacts in all."""
    state = random_game(2)
    rows = state.observation(0)["result"]["breakdown"]
    assert len(rows) == 16
    neighbours = {row["square"]: [sq for sq, _ in row["neighbours"]] for row in rows}
    assert sorted(neighbours["D6"]) == ["C5", "C7", "E5", "E7"]
    touches = Counter(sq for squares in neighbours.values() for sq in squares)
    assert len(touches) == 25 and sum(touches.values()) == 64
    assert {sq for sq, n in touches.items() if n == 1} == {"A9", "I9", "A1", "I1"}
    assert sorted(Counter(touches.values()).items()) == [(1, 4), (2, 12), (4, 9)]


def test_notation_examples_in_the_module_docstring_hold():
    """The doctests of actions.py (the notation round-trip, as taught there)."""
    failed, attempted = doctest.testmod(actions)
    assert attempted >= 3 and failed == 0
