"""How many games a designer is told to play for a given precision, pinned on hand-checked cases.

``games_needed(sd, h)`` is the smallest n whose t interval of a mean, t(n - 1)·sd/sqrt(n),
is at most ±h. Each expected n below is checked by hand against the printed t tables: the
interval of n games is within h and that of n - 1 games is not.
"""

from __future__ import annotations

import math

import pytest

from solotable.stats.intervals import games_needed, t_crit


@pytest.mark.parametrize(
    ("sd", "half_width"), [(0.0, 1.0), (-1.0, 1.0), (1.0, 0.0), (1.0, -0.5), (0.0, 0.0)]
)
def test_no_spread_or_no_precision_asked_has_no_answer(sd, half_width):
    assert games_needed(sd, half_width) is None


@pytest.mark.parametrize(
    ("sd", "half_width", "confidence", "expected"),
    [
        # n = 2: 12.706 · 0.1 / sqrt(2) = 0.898 <= 1 (and two games is the least an interval needs)
        (0.1, 1.0, 0.95, 2),
        (0.05, 1.0, 0.95, 2),
        (0.1, 1.0, 0.80, 2),
        # t(.975, 44) = 2.0154: / sqrt(45) = 0.3004 > 0.3; t(.975, 45) = 2.0141: / sqrt(46) = 0.2970
        (1.0, 0.3, 0.95, 46),
        # t(0.975, 16) = 2.120: / sqrt(17) = 0.514 > 0.5; t(0.975, 17) = 2.110: / sqrt(18) = 0.497
        (1.0, 0.5, 0.95, 18),
        (2.0, 1.0, 0.95, 18),
        # 99%: t(.995, 29) = 2.756: / sqrt(30) = 0.5032 > 0.5; t(.995, 30) = 2.75: /sqrt(31) = 0.494
        (1.0, 0.5, 0.99, 31),
        # 80%: t(0.9, 164) = 1.2867: ·10 / sqrt(165) = 1.0017 > 1; t(0.9, 165): / sqrt(166) = 0.9987
        (10.0, 1.0, 0.80, 166),
        # t(0.975, 385) = 1.9661: ·10 / sqrt(386) = 1.0007 > 1; t(0.975, 386): / sqrt(387) = 0.9994
        (10.0, 1.0, 0.95, 387),
        # sd/h 5: t(.975, 97) = 1.9847: ·5/sqrt(98) = 1.0024 > 1; t(.975, 98): /sqrt(99) = 0.9972
        (10.0, 2.0, 0.95, 99),
    ],
)
def test_games_needed_on_hand_checked_cases(sd, half_width, confidence, expected):
    assert games_needed(sd, half_width, confidence) == expected


@pytest.mark.parametrize(
    ("sd", "expected"),
    [
        # n = 2: 12.706 · 0.35 / sqrt(2) = 3.14 > 1; n = 3: 4.303 · 0.35 / sqrt(3) = 0.870
        (0.35, 3),
        # n = 6: 2.571 / sqrt(6) = 1.050 > 1; n = 7: 2.447 / sqrt(7) = 0.925
        (1.0, 7),
        # n = 37: t(36) = 2.0281: 6.0843 / sqrt(37) = 1.0003 > 1; n = 38: t(37) = 2.0262: 0.9861
        (3.0, 38),
    ],
)
def test_games_needed_is_never_one_game_short(sd, expected):
    """Regression: the answer came from iterating n -> ceil((t(n-1)·sd/h)²), which can swing
    between two values (2 and 20 for sd 0.35) and stopped after 50 swings on whichever it
    held: one game short for sd 1 or 3, and for sd 0.35 two games whose interval is 3.1
    times wider than asked."""
    assert games_needed(sd, 1.0) == expected
    assert games_needed(sd / 10.0, 0.1) == expected  # only sd / h counts


@pytest.mark.parametrize("sd", [k / 20 for k in range(1, 121)])
def test_games_needed_is_the_smallest_n_within_the_half_width(sd):
    """The definition on a grid of spreads, with t checked against the tables elsewhere."""
    n = games_needed(sd, 1.0)
    assert n is not None and n >= 2
    assert t_crit(n - 1) * sd / math.sqrt(n) <= 1.0
    if n > 2:
        assert t_crit(n - 2) * sd / math.sqrt(n - 1) > 1.0


def test_an_interval_exactly_as_wide_as_asked_is_enough():
    """Asked for exactly the half-width 10 games give (t(9)·1/sqrt(10) = 0.7153), 10 games
    are enough: 9 give 2.306/3 = 0.769."""
    assert games_needed(1.0, t_crit(9) / math.sqrt(10)) == 10
