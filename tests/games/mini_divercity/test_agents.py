"""Agents: the heuristic plays from observations only, legally, and beats random play."""

from __future__ import annotations

import pytest

import solotable.agents  # noqa: F401  (registers the agents)
from solotable.core import UnknownNameError, make_agent
from solotable.core.runner import play_game

from .helpers import game


def _wins(agent: str, n: int) -> int:
    g = game()
    wins = 0
    for i in range(n):
        state, record = play_game(g, [make_agent(agent, g, 0, seed=i)], seed=500 + i)
        assert state.is_terminal() and record.result is not None
        wins += state.returns() == [1.0]
    return wins


def test_heuristic_wins_far_more_often_than_random():
    """Heuristic agent: many wins over 60 games where random play wins (almost) none."""
    assert _wins("heuristic", 60) >= 5
    assert _wins("random", 60) <= 2


def test_heuristic_parameters_are_checked():
    """Agent parameters: unknown keys and bad values are refused with a message."""
    g = game()
    assert make_agent("heuristic:close_at=5,blind=2", g, 0).label() == "heuristic"
    with pytest.raises(UnknownNameError, match="unknown parameter"):
        make_agent("heuristic:speed=3", g, 0)
    with pytest.raises(UnknownNameError, match="bad parameter"):
        make_agent("heuristic:close_at=x", g, 0)
