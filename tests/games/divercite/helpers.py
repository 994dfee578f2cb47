"""Shared helpers: build Divercité positions by playing notation moves."""

from __future__ import annotations

from typing import Any

from solotable import load_game
from solotable.core.rng import Rng
from solotable.games.divercite import DiverciteGame, DiverciteState

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"first_player": "black"},
    {"neutral_first": True},
    {"neutral_first": True, "first_player": "black", "tiebreak": "course"},
]
"""Option sets the property tests draw from: both starters, the variant, the tie-break."""


def play(moves: list[str], seed: int = 0, **options: Any) -> DiverciteState:
    """A state after playing ``moves`` (checked, in notation) from the start."""
    game = load_game("divercite", **options)
    assert isinstance(game, DiverciteGame)
    state = game.state_after(moves, seed)
    assert isinstance(state, DiverciteState)
    return state


def random_game(seed: int, **options: Any) -> DiverciteState:
    """A finished game of uniformly random legal moves."""
    state = play([], seed, **options)
    rng = Rng(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# Spec §5.1 worked example, reached through play in the neutral-first variant:
# White opens with the neutral token on E3, then Black and White alternate.
WORKED_EXAMPLE = [
    "N E3",
    "CB F6",  # Black: blue city
    "CR D6",  # White: red city
    "RR C7",
    "CG D4",  # White: green city
    "RG E7",
    "RB G7",
    "RB C5",
    "RB G5",
    "RY E5",
    "RG C3",
]
