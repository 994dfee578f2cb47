"""The interval of a mean every summary prints, pinned on hand-computed cases.

Expected values use closed forms of Student's t (not the code under test):
t(0.975, 1) = tan(0.475 π) = 12.706, t(0.975, 2) = a·sqrt(2 / (1 - a²)) = 4.303 with a = 0.95.
"""

from __future__ import annotations

import math

import pytest

from solotable.stats.intervals import mean_interval

T1 = math.tan(0.475 * math.pi)
T2 = 0.95 * math.sqrt(2.0 / (1.0 - 0.95**2))
REL = 1e-12
NOTHING = {"mean": None, "ci95": [None, None], "n": 0, "note": "n too small"}


@pytest.mark.parametrize(("n", "mean", "var"), [(0, None, None), (0, 5.0, None), (3, None, 1.0)])
def test_no_mean_is_nothing_to_say(n, mean, var):
    assert mean_interval(n, mean, var) == NOTHING


@pytest.mark.parametrize(("n", "var"), [(1, None), (1, 0.0), (1, 4.0), (3, None)])
def test_a_mean_without_variance_has_no_interval(n, var):
    assert mean_interval(n, 5.0, var) == {
        "mean": 5.0,
        "ci95": [None, None],
        "n": n,
        "note": "n too small",
    }


def test_two_games_give_an_interval_with_one_degree_of_freedom():
    """Scores 0 and 2: mean 1, variance 2, 1 ± 12.706·sqrt(2/2)."""
    out = mean_interval(2, 1.0, 2.0)
    assert set(out) == {"mean", "ci95", "n"}
    assert out["mean"] == 1.0 and out["n"] == 2
    assert out["ci95"] == pytest.approx([1.0 - T1, 1.0 + T1], rel=REL)


def test_a_variance_below_one_is_a_spread():
    """Variance 0.03 over 3 games: 3 ± 4.303·sqrt(0.01) = 3 ± 0.430, no note."""
    out = mean_interval(3, 3.0, 0.03)
    assert set(out) == {"mean", "ci95", "n"}
    assert out["ci95"] == pytest.approx([3.0 - T2 * 0.1, 3.0 + T2 * 0.1], rel=REL)


@pytest.mark.parametrize("var", [0.0, -1e-12])
def test_no_spread_is_the_point_with_a_note(var):
    """A variance of 0 (or a rounding below it) is the point itself, never a crash."""
    assert mean_interval(3, 3.0, var) == {
        "mean": 3.0,
        "ci95": [3.0, 3.0],
        "n": 3,
        "note": "no variation seen",
    }
