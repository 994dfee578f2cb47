"""Holm and Benjamini–Hochberg against hand-worked families and scipy's t test."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solotable.stats.multiple import (
    adjust,
    benjamini_hochberg,
    holm,
    significant,
    t_pvalue,
    welch_pvalue,
)

P = [0.01, 0.04, 0.03, 0.005]


def test_holm_matches_the_hand_worked_family() -> None:
    # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 -> 0.02, 0.03, 0.06, 0.04 -> running max
    assert holm(P) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_bh_matches_the_hand_worked_family() -> None:
    # m*p/rank: 0.02, 0.02, 0.04, 0.04 -> running min from the top
    assert benjamini_hochberg(P) == pytest.approx([0.02, 0.04, 0.04, 0.02])


def test_missing_tests_stay_out_of_the_family() -> None:
    assert holm([0.02, None, 0.04]) == pytest.approx([0.04, None, 0.04])
    assert benjamini_hochberg([None, 0.02]) == [None, pytest.approx(0.02)]


def test_unknown_correction_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="holm, bh, none"):
        adjust(P, "bonferroni")
    assert adjust(P, "none") == P


@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=30))
def test_corrections_only_raise_p_and_holm_is_the_stricter(ps: list[float]) -> None:
    h, b = holm(ps), benjamini_hochberg(ps)
    for p, hp, bp in zip(ps, h, b, strict=True):
        assert hp is not None and bp is not None
        assert p <= bp + 1e-12 <= hp + 2e-12 <= 1.0 + 2e-12


def test_t_pvalue_agrees_with_scipy() -> None:
    scipy_stats = pytest.importorskip("scipy.stats")
    values = [1.0, 2.5, -0.5, 3.0, 1.5, 0.0, 2.0]
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    expected = scipy_stats.ttest_1samp(values, 0.0).pvalue
    assert t_pvalue(mean, sd, n) == pytest.approx(expected, rel=1e-6)
    a, b = [1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 5.0, 7.0, 6.0]

    def mv(x: list[float]) -> tuple[float, float]:
        m = sum(x) / len(x)
        return m, sum((v - m) ** 2 for v in x) / (len(x) - 1)

    (ma, va), (mb, vb) = mv(a), mv(b)
    expected = scipy_stats.ttest_ind(a, b, equal_var=False).pvalue
    assert welch_pvalue(len(a), ma, va, len(b), mb, vb) == pytest.approx(expected, rel=1e-6)


def test_no_test_without_spread_or_games() -> None:
    assert t_pvalue(1.0, 0.0, 10) is None
    assert t_pvalue(1.0, 1.0, 1) is None
    assert not significant(None)
    assert significant(0.05) and not significant(0.0501)
