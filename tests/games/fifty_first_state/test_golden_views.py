"""What a player sees along fixed games of this game is what was recorded (tests/games/golden.py).

Re-record a deliberate change with
``SOLOTABLE_REGOLD=1 pytest tests/games/fifty_first_state/test_golden_views.py``.
"""

from __future__ import annotations

from pathlib import Path

from tests.games.golden import (
    check_a_changed_view_is_reported,
    check_golden_notation,
    check_golden_views,
)

RECORDING = Path(__file__).resolve().parent / "golden_views.json"
NOTATION = Path(__file__).resolve().parent / "golden_notation.json"


def test_what_a_player_sees_along_fixed_games_is_unchanged() -> None:
    check_golden_views("51st-state", RECORDING)


def test_a_changed_view_is_reported() -> None:
    check_a_changed_view_is_reported()


def test_typed_moves_parse_as_recorded() -> None:
    check_golden_notation("51st-state", NOTATION)
