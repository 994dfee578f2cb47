"""``mean(b) - mean(a)`` of two independent samples with Welch's interval, on hand-computed cases.

Welch's half-width is t(df)·sqrt(va/na + vb/nb) with
df = (va/na + vb/nb)² / ((va/na)²/(na - 1) + (vb/nb)²/(nb - 1)). With a sample that does not
vary, df is the other sample's n - 1, so t has a closed form: t(0.975, 1) = tan(0.475 π),
t(0.975, 2) = a·sqrt(2 / (1 - a²)) with a = 0.95.
"""

from __future__ import annotations

import math

import pytest

from solotable.stats.accumulate import Moments, difference

T1 = math.tan(0.475 * math.pi)
T2 = 0.95 * math.sqrt(2.0 / (1.0 - 0.95**2))
REL = 1e-12


def _moments(*xs: float) -> Moments:
    m = Moments()
    for x in xs:
        m.add(x)
    return m


def test_difference_with_two_degrees_of_freedom():
    """a = 5, 5 (no spread), b = 1, 2, 6 (mean 3, variance 7): diff -2, se² = 7/3, df = 2."""
    out = difference(_moments(5.0, 5.0), _moments(1.0, 2.0, 6.0))
    half = T2 * math.sqrt(7.0 / 3.0)
    assert set(out) == {"diff", "ci95"}
    assert out["diff"] == -2.0
    assert out["ci95"] == pytest.approx([-2.0 - half, -2.0 + half], rel=REL)


def test_difference_with_one_degree_of_freedom():
    """a = 1, 3 (mean 2, variance 2), b = 4, 4: diff 2, se² = 2/2 = 1, df = 1."""
    out = difference(_moments(1.0, 3.0), _moments(4.0, 4.0))
    assert out["diff"] == 2.0
    assert out["ci95"] == pytest.approx([2.0 - T1, 2.0 + T1], rel=REL)


def test_difference_of_equal_spreads_against_the_table():
    """1..4 against 3..6: se = sqrt(2·(5/3)/4) = 0.91287, df = 6, t(0.975, 6) = 2.4469."""
    out = difference(_moments(1.0, 2.0, 3.0, 4.0), _moments(3.0, 4.0, 5.0, 6.0))
    assert out["diff"] == 2.0
    lo, hi = out["ci95"]
    assert hi - 2.0 == pytest.approx(2.4469 * 0.912871, abs=1e-4)
    assert 2.0 - lo == pytest.approx(hi - 2.0, rel=REL)


def test_no_spread_on_either_side_is_a_point():
    assert difference(_moments(1.0, 1.0), _moments(3.0, 3.0, 3.0)) == {
        "diff": 2.0,
        "ci95": [2.0, 2.0],
    }


@pytest.mark.parametrize(
    ("a", "b"),
    [((), ()), ((1.0,), (2.0, 3.0)), ((1.0, 2.0, 3.0), (4.0,)), ((1.0, 2.0), ()), ((), (1.0, 2.0))],
)
def test_a_sample_of_fewer_than_two_games_has_no_difference(a, b):
    """With one game (or none) on either side there is no variance: nothing to say."""
    assert difference(_moments(*a), _moments(*b)) == {"diff": None, "ci95": [None, None]}
