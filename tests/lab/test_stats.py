"""The report's statistics: ``stats.intervals`` applied to lists, against textbook values."""

from __future__ import annotations

import math
import random

import pytest

from solotable.lab.stats import mean_estimate, paired_difference, welch_difference, wilson


def test_mean_interval_uses_t_not_z_for_small_samples():
    e = mean_estimate([1.0, 2.0, 3.0])
    assert e.value == 2.0 and e.n == 3
    assert e.hi - e.value == pytest.approx(4.3027 * 1 / math.sqrt(3), abs=1e-3)
    single = mean_estimate([5.0])
    assert single.lo is None and not single.excludes_zero() and single.note == "n too small"
    assert math.isnan(mean_estimate([]).value)


def test_paired_difference_removes_the_shared_noise():
    rng = random.Random(1)
    base = [rng.gauss(0, 10) for _ in range(200)]
    other = [b + 1.0 + rng.gauss(0, 0.5) for b in base]
    paired, unpaired = paired_difference(base, other), welch_difference(base, other)
    assert paired.excludes_zero() and not unpaired.excludes_zero()
    assert paired.value == pytest.approx(unpaired.value)
    assert (paired.hi - paired.lo) < (unpaired.hi - unpaired.lo) / 10
    with pytest.raises(ValueError):
        paired_difference([1.0], [1.0, 2.0])


def test_a_change_without_spread_is_not_called_significant():
    e = paired_difference([1.0, 2.0, 3.0], [4.0, 5.0, 6.0])
    assert e.value == 3.0 and e.note == "no variation seen" and not e.excludes_zero()


def test_welch_on_known_samples():
    e = welch_difference([1.0, 2.0, 3.0, 4.0], [3.0, 4.0, 5.0, 6.0])
    assert e.value == 2.0
    # se = sqrt(2 * (5/3)/4) = 0.9129; df = 6 ⇒ t = 2.4469
    assert e.hi - e.value == pytest.approx(2.4469 * 0.91287, abs=1e-3)
    same = welch_difference([1.0, 1.0], [1.0, 1.0])
    assert same.lo == same.hi == 0.0 and not same.excludes_zero()
    assert welch_difference([1.0], [2.0]).lo is None


def test_wilson_is_the_projects():
    w = wilson(120, 200)
    assert (round(w.lo, 4), round(w.hi, 4)) == (0.5308, 0.6654)
    assert wilson(0, 10).lo == 0.0 and wilson(0, 10).hi > 0
    assert wilson(0, 0).n == 0
