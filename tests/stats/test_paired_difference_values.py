"""The paired change a designer reads (``b - a`` seed by seed), pinned on hand-computed cases.

The expected numbers come from closed forms of Student's t, not from the code under test:
with 1 degree of freedom t is the Cauchy quantile, t(0.975, 1) = tan(0.475 π) = 12.7062;
with 2, t(p, 2) = a·sqrt(2 / (1 - a²)) where a = 2p - 1, so t(0.975, 2) = 4.3027. The
interval of a mean of differences is mean ± t(n - 1)·sqrt(var / n).
"""

from __future__ import annotations

import math

import pytest

from solotable.stats.intervals import paired_difference

T1 = math.tan(0.475 * math.pi)
T2 = 0.95 * math.sqrt(2.0 / (1.0 - 0.95**2))
REL = 1e-12


def test_the_closed_forms_are_the_printed_table_values():
    assert (round(T1, 3), round(T2, 3)) == (12.706, 4.303)


def test_three_seeds_give_a_t_interval_with_two_degrees_of_freedom():
    """Differences 1, 2, 6: mean 3, variance ((-2)² + (-1)² + 3²) / 2 = 7, and the
    interval 3 ± 4.303·sqrt(7/3) = 3 ± 6.57 straddles 0: not significant."""
    half = T2 * math.sqrt(7.0 / 3.0)
    out = paired_difference(3, 3.0, 7.0, 2.5)
    assert set(out) == {
        "diff",
        "ci95",
        "n",
        "paired",
        "half_width",
        "unpaired_half_width",
        "significant",
    }
    assert out["diff"] == 3.0 and out["n"] == 3 and out["paired"] is True
    assert out["half_width"] == pytest.approx(half, rel=REL)
    assert out["ci95"] == pytest.approx([3.0 - half, 3.0 + half], rel=REL)
    assert out["unpaired_half_width"] == 2.5
    assert out["significant"] is False


def test_two_seeds_are_enough_for_an_interval_with_one_degree_of_freedom():
    """Differences 0 and 2: mean 1, variance 2, interval 1 ± 12.706·sqrt(2/2)."""
    out = paired_difference(2, 1.0, 2.0, None)
    assert out["n"] == 2
    assert out["half_width"] == pytest.approx(T1, rel=REL)
    assert out["ci95"] == pytest.approx([1.0 - T1, 1.0 + T1], rel=REL)
    assert "unpaired_half_width" not in out and "note" not in out
    assert out["significant"] is False


def test_a_small_variance_is_used_as_it_is():
    """Variance 0.03 over 3 seeds: half = 4.303·sqrt(0.01) = 0.430; the interval
    [-0.630, 0.230] straddles 0 with its upper end below 1: not significant, and a
    variance below 1 is still a spread (no "no variation seen" note)."""
    out = paired_difference(3, -0.2, 0.03, None)
    assert out["half_width"] == pytest.approx(T2 * 0.1, rel=REL)
    assert out["ci95"] == pytest.approx([-0.2 - T2 * 0.1, -0.2 + T2 * 0.1], rel=REL)
    assert out["significant"] is False
    assert "note" not in out


@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_an_interval_clear_of_zero_is_significant(sign):
    """Differences 2, 3, 4 (or their opposites): 3 ± 4.303·sqrt(1/3) = 3 ± 2.48."""
    half = T2 * math.sqrt(1.0 / 3.0)
    out = paired_difference(3, sign * 3.0, 1.0, None)
    assert out["significant"] is True
    assert sorted(out["ci95"]) == pytest.approx(sorted([sign * 3 - half, sign * 3 + half]))


@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_an_interval_ending_exactly_at_zero_is_not_significant(sign):
    """An interval that reaches 0 does not exclude it: the mean of the differences is set
    to the half-width the same sample gives, so one end is exactly 0.0."""
    half = paired_difference(3, 0.0, 1.0, None)["half_width"]
    out = paired_difference(3, sign * half, 1.0, None)
    assert 0.0 in out["ci95"]
    assert out["significant"] is False


def test_no_spread_is_noted_and_never_significant():
    out = paired_difference(4, 2.0, 0.0, None)
    assert out["ci95"] == [2.0, 2.0] and out["half_width"] == 0.0
    assert out["note"] == "no variation seen" and out["significant"] is False


@pytest.mark.parametrize(
    ("n", "mean", "var"),
    [(0, None, None), (1, 2.0, None), (1, 2.0, 0.5), (3, 1.0, None), (3, None, 1.0)],
)
def test_too_little_to_say_gives_no_interval(n, mean, var):
    """One seed, or a missing mean or variance: no interval, whatever else is known."""
    assert paired_difference(n, mean, var, 1.5, precision=0.1) == {
        "diff": mean,
        "ci95": [None, None],
        "n": n,
        "paired": True,
        "note": "n too small",
    }


def test_a_wider_interval_than_asked_says_how_many_games_would_do():
    """Variance 1 (sd 1) asked to ±0.5: 18 games, since with t from the table
    t(16) = 2.120: 2.120/sqrt(17) = 0.514 > 0.5, and t(17) = 2.110: 2.110/sqrt(18) = 0.497."""
    out = paired_difference(3, 3.0, 1.0, None, precision=0.5)
    assert out["precision"] == 0.5
    assert out["games_needed"] == 18


def test_an_interval_exactly_as_precise_as_asked_needs_no_more_games():
    half = paired_difference(3, 3.0, 1.0, None)["half_width"]
    out = paired_difference(3, 3.0, 1.0, None, precision=half)
    assert "games_needed" not in out and "precision" not in out
    wider = paired_difference(3, 3.0, 1.0, None, precision=half * 2)
    assert "games_needed" not in wider and "precision" not in wider
