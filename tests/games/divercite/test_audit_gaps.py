"""Rules-audit additions: seed examples and invariants not yet driven (see RULES_COVERAGE.md)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from solotable import load_game
from solotable.core.rng import Rng
from solotable.games.divercite import DiverciteState

from .helpers import play, random_game


def test_seed_scoring_examples_black_divercite_and_white_two_yellows() -> None:
    """FR-text 'Décompte' examples: Black's green city with four colours scores 5; White's
    yellow city with two yellow neighbours scores 2, its other neighbours nothing."""
    moves = ["CY F6", "CG D6", "RR C7", "RY E7", "RB C5", "RG E5", "RY G7", "RR G5"]
    state = play(moves)
    board = state.observation(0)["board"]
    assert board["D6"] == {"piece": "city", "colour": "green", "owner": 1, "points": 5}
    assert board["F6"] == {"piece": "city", "colour": "yellow", "owner": 0, "points": 2}
    assert state.scores() == [2.0, 5.0]


def test_seed_red_resource_example_pays_each_red_city_and_completes_the_blue_one() -> None:
    """FR-text example: a red resource brings Black 1 point per adjacent red city, and at once
    makes the adjacent blue city of White a Divercité."""
    moves = ["CB D6", "CR D4", "RG C7", "CR F4", "RY E7", "RB C5", "CY H8"]
    state = play(moves)
    assert state.current_player() == 1
    assert state.scores() == [1.0, 0.0]  # White's D6 has one blue neighbour so far
    state.apply_action(state.parse_move("RR E5"))  # E5 touches D6, F6, D4 and F4
    board = state.observation(0)["board"]
    assert board["D4"]["points"] == 1 and board["F4"]["points"] == 1
    assert board["D6"]["points"] == 5
    assert state.scores() == [5.0, 2.0]


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


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), neutral_first=st.booleans())
def test_placed_pieces_never_move_and_city_points_never_drop(
    seed: int, neutral_first: bool
) -> None:
    """FR-text 'Ordre du tour': a placed piece stays put to the end; spec §5: a city's points
    so far never decrease. Spec §3: the move count is Σ colours in supply × empty squares."""
    game = load_game("divercite", neutral_first=neutral_first)
    state = game.new_initial_state(seed)
    assert isinstance(state, DiverciteState)
    rng = Rng(seed)
    before: dict[str, dict[str, Any]] = {}
    while True:
        obs = state.observation(0)
        board = obs["board"]
        for square, piece in before.items():
            now = board[square]
            assert {k: v for k, v in now.items() if k != "points"} == {
                k: v for k, v in piece.items() if k != "points"
            }
            assert now.get("points", 0) >= piece.get("points", 0)
        if state.is_terminal():
            break
        if not state.is_neutral_turn():
            supply = obs["supply"][obs["to_move"]]
            empty_cities = 16 - sum(1 for p in board.values() if p["piece"] == "city")
            empty_res = 25 - sum(1 for p in board.values() if p["piece"] != "city")
            expected = empty_cities * sum(1 for n in supply["cities"].values() if n)
            expected += empty_res * sum(1 for n in supply["resources"].values() if n)
            assert len(state.legal_actions()) == expected > 0
        before = board
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_tie_suggests_a_rematch_with_the_other_starter() -> None:
    """FR-text '50/50': a tie is possible; the rules advise replaying with the other starter."""
    for first, other in (("white", "Black"), ("black", "White")):
        for seed in range(300):
            state = random_game(seed, first_player=first)
            s0, s1 = state.scores()
            if s0 == s1:
                assert state.returns() == [0.0, 0.0]
                assert f"rematch with {other} starting" in state.outcome()
                console = Console(width=100, record=True, color_system=None)
                console.print(state.game.render(state.observation(0)))
                assert "Shared result" in console.export_text()
                break
        else:
            raise AssertionError(f"no tie in 300 random games ({first} first)")
