"""Student's t from the standard library, checked against closed forms and pinned to the bit.

The CLI only asks for 95% intervals, so the t quantile's bisection compares ``t_cdf`` with
0.975 and a wrong value on the far side of 0.975 goes unseen; ``betainc``, ``t_cdf`` and
``t_crit`` are public, so they are checked here for themselves (issue 20: the survivors of
``betainc``, ``_betacf``, ``t_cdf`` and ``wilson``):

* against closed forms, on both sides of the continued fraction's switch point
  ``x = (a + 1) / (a + b + 2)`` (``I_x(a, 1) = x^a``, ``I_x(1, b) = 1 - (1 - x)^b``,
  ``I_x(1/2, 1/2) = 2/pi asin(sqrt x)``, written with ``atan2`` to stay exact near 1;
  t's CDF for 1, 2 and 4 degrees of freedom and its quantiles for 1 and 2);
* to the bit at a few points: summaries are promised byte-identical on every Python
  (``test_stats.py``'s golden bytes, run in a subprocess), which holds only if these
  functions give the same bits; which side of the switch point a value is computed on, and
  when the fraction stops, change its last bits.
"""

from __future__ import annotations

import math

import pytest

from solotable.stats.intervals import TOO_SMALL, betainc, t_cdf, t_crit, wilson

XS = (1e-9, 0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 1 - 1e-9)


def close(got: float, exact: float) -> bool:
    return math.isclose(got, exact, rel_tol=5e-14, abs_tol=1e-15)


@pytest.mark.parametrize("a", [0.5, 1.0, 2.0, 7.5, 40.0])
@pytest.mark.parametrize("x", XS)
def test_betainc_matches_its_closed_forms(a: float, x: float) -> None:
    """Each ``x`` is on one side or the other of ``(a + 1) / (a + b + 2)``: both ways of
    computing the function are checked."""
    assert close(betainc(a, 1.0, x), x**a)
    assert close(betainc(1.0, a, x), -math.expm1(a * math.log1p(-x)))  # 1 - (1 - x)^a
    assert close(betainc(0.5, 0.5, x), 2.0 / math.pi * math.atan2(math.sqrt(x), math.sqrt(1.0 - x)))


@pytest.mark.parametrize(("a", "b"), [(0.5, 0.5), (3.0, 0.5), (2.0, 9.0)])
def test_betainc_is_0_at_and_below_0_and_1_at_and_above_1(a: float, b: float) -> None:
    assert betainc(a, b, 0.0) == 0.0
    assert betainc(a, b, -0.5) == 0.0
    assert betainc(a, b, 1.0) == 1.0
    assert betainc(a, b, 1.5) == 1.0


@pytest.mark.parametrize(
    ("args", "bits"),
    [
        ((0.5, 0.5, 0.5), 0.5000000000000004),  # x on the switch point: the upper way
        ((0.5, 0.5, 0.01), 0.06376856085851983),  # far below it: the direct way
        ((1.0, 0.5, 0.5), 0.2928932188134524),  # above it
        ((2.0, 1.0, 0.9), 0.8100000000000002),
        ((1.0, 3.0, 0.8), 0.992),
    ],
)
def test_betainc_to_the_bit(args: tuple[float, float, float], bits: float) -> None:
    assert betainc(*args) == bits


T_CDF_CLOSED = {
    1: lambda t: 0.5 + math.atan(t) / math.pi,
    2: lambda t: 0.5 + t / (2.0 * math.sqrt(2.0 + t * t)),
    4: lambda t: 0.5 + 0.75 * (u := t / math.sqrt(t * t + 4.0)) * (1.0 - u * u / 3.0),
}


@pytest.mark.parametrize("df", sorted(T_CDF_CLOSED))
@pytest.mark.parametrize("t", [-3.0, -1.0, -0.5, -0.1, 0.0, 0.1, 0.3, 0.5, 1.0, 1.5, 3.0])
def test_t_cdf_matches_its_closed_forms_on_both_sides_of_0(df: int, t: float) -> None:
    assert close(t_cdf(t, df), T_CDF_CLOSED[df](t))


def test_t_cdf_is_one_half_at_0_and_symmetric() -> None:
    for df in (1, 2, 3.5, 30, 1000):
        assert t_cdf(0.0, df) == 0.5
        for t in (0.2, 0.9, 2.5):
            assert close(t_cdf(-t, df), 1.0 - t_cdf(t, df))


def test_t_cdf_and_t_crit_to_the_bit() -> None:
    assert t_cdf(1.5, 4) == 0.896
    assert t_cdf(-1.0, 1) == 0.2500000000000002
    assert t_cdf(0.3, 1) == 0.5927735790777422
    assert t_crit(2) == 4.302652729749456
    assert t_crit(2, 0.5) == 0.8164965809277265
    assert t_crit(3, 0.8) == 1.6377443536962102


@pytest.mark.parametrize("confidence", [0.5, 0.8, 0.95, 0.99])
def test_t_crit_matches_its_closed_forms(confidence: float) -> None:
    """t's quantile p for 1 degree of freedom is tan(pi (p - 1/2)), for 2 it is
    (2p - 1) / sqrt(2p (1 - p)); a confidence c asks for p = 1 - (1 - c) / 2."""
    p = 1.0 - (1.0 - confidence) / 2.0
    assert close(t_crit(1, confidence), math.tan(math.pi * (p - 0.5)))
    assert math.isclose(
        t_crit(2, confidence), (2 * p - 1) / math.sqrt(2 * p * (1 - p)), rel_tol=1e-13
    )


def test_wilson_of_no_games_says_so() -> None:
    assert wilson(0, 0) == {"rate": None, "ci95": [None, None], "n": 0, "note": TOO_SMALL}


def test_wilson_names_its_count() -> None:
    out = wilson(3, 5)
    assert set(out) == {"rate", "ci95", "n"}
    assert out["n"] == 5 and out["rate"] == 0.6


@pytest.mark.parametrize("n", [1, 2, 13, 15, 17, 19, 33, 38])
def test_every_win_reaches_one_exactly(n: int) -> None:
    """At n wins in n the upper end is exactly 1 (the formula gives 1 - 1e-16 at n = 13,
    15, 17, ...); with none, the lower end is exactly 0."""
    assert wilson(n, n)["ci95"][1] == 1.0
    assert wilson(0, n)["ci95"][0] == 0.0


def test_an_interval_of_a_rate_never_passes_one() -> None:
    """One loss in 7,253,094,624,601,352 games: the formula's upper end rounds to
    1.0000000000000002; a rate's interval stops at 1."""
    n = 7_253_094_624_601_352
    assert wilson(n - 1, n)["ci95"][1] == 1.0
