"""Intervals that stay honest at small n, and paired comparisons.

Why this module: a 95% interval built with z = 1.96 at n = 3 claims far more
than three games can say, and an unpaired interval between variants played on
the same seeds throws away the pairing (the issue measured 2.00 unpaired against
1.57 paired, i.e. ~1.6× more games for the same precision). Everything here uses
Student's t, computed by the standard library alone (no SciPy), and only
operations whose results are fixed by IEEE 754 and CPython's own code, so that a
summary is byte-identical on every Python version (tests/stats/test_intervals.py runs
it under each interpreter found).

Sample moments come from :class:`solotable.stats.accumulate.Moments` (exact sums).
"""

from __future__ import annotations

import math
from functools import lru_cache
from statistics import NormalDist
from typing import Any

CONFIDENCE = 0.95
"""The level of every interval the CLI prints."""
NORMAL_DF = 10**7
"""Beyond this many degrees of freedom t and the normal quantile agree to ~1e-8."""
TOO_SMALL = "n too small"
NO_SPREAD = "no variation seen"


BETACF_ROUNDS = 100_000
"""Rounds of the continued fraction before it is declared not to converge."""


class NotConverged(ArithmeticError):
    """The incomplete beta function's continued fraction did not converge (``a`` and ``b``
    of 10^13 and more): said, never a wrong number (``betainc(1e14, 1e14, 0.5)`` used to
    give 0.7998 for 0.5). The project's own uses converge in a few hundred rounds."""


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, BETACF_ROUNDS):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-16:
            return h
    raise NotConverged(
        f"incomplete beta I_{x}({a}, {b}): the continued fraction did not converge in {m:,} rounds"
    )


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


@lru_cache(maxsize=4096)
def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t (``df`` may be fractional, as Welch's is).

    Bisection on :func:`t_cdf` to the last bit: slow-ish but cached, and exact
    enough that t(0.975, 1) = 12.706, t(0.975, 30) = 2.042 as in the tables.
    """
    if not 0.0 < p < 1.0 or not df > 0:
        raise ValueError(f"t_quantile needs 0 < p < 1 and df > 0, got p={p}, df={df}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    if p == 0.5:
        return 0.0
    if df >= NORMAL_DF:
        return NormalDist().inv_cdf(p)
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if mid in (lo, hi):
            break
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
    return hi


def t_crit(df: float, confidence: float = CONFIDENCE) -> float:
    """The two-sided critical value for ``confidence`` with ``df`` degrees of freedom."""
    return t_quantile(1.0 - (1.0 - confidence) / 2.0, df)


def mean_interval(n: int, mean: float | None, var: float | None) -> dict[str, Any]:
    """``{"mean", "ci95", "n"}`` with a t interval; a ``note`` when n says too little.

    n = 1 has no interval at all ("n too small"); a sample with no spread gets
    the point as its interval and the note "no variation seen" (the interval is
    not a claim that the mean is known exactly).
    """
    if mean is None or n == 0:
        return {"mean": None, "ci95": [None, None], "n": 0, "note": TOO_SMALL}
    if var is None or n < 2:
        return {"mean": mean, "ci95": [None, None], "n": n, "note": TOO_SMALL}
    half = t_crit(n - 1) * math.sqrt(max(var, 0.0) / n)
    out: dict[str, Any] = {"mean": mean, "ci95": [mean - half, mean + half], "n": n}
    if var <= 0.0:
        out["note"] = NO_SPREAD
    return out


def wilson(successes: int, n: int, confidence: float = CONFIDENCE) -> dict[str, Any]:
    """A proportion with its Wilson score interval (sound near 0 and 1, and at small n)."""
    if n == 0:
        return {"rate": None, "ci95": [None, None], "n": 0, "note": TOO_SMALL}
    z = NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends, not 1e-17
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return {"rate": p, "ci95": [lo, hi], "n": n}


def welch(n_a: int, mean_a: float, var_a: float, n_b: int, mean_b: float, var_b: float) -> float:
    """Half-width of the unpaired (Welch) t interval of ``mean_b - mean_a``."""
    sa, sb = max(var_a, 0.0) / n_a, max(var_b, 0.0) / n_b
    se2 = sa + sb
    if se2 <= 0.0:
        return 0.0
    df = se2 * se2 / (sa * sa / (n_a - 1) + sb * sb / (n_b - 1))
    return t_crit(df) * math.sqrt(se2)


def games_needed(sd: float, half_width: float, confidence: float = CONFIDENCE) -> int | None:
    """Smallest n whose t interval of a mean with standard deviation ``sd`` is ±``half_width``.

    The count that z would give is a lower bound (t > z); from it n goes up one game at a
    time, a few steps, until t(n - 1)·sd/sqrt(n) is within the half-width. (Iterating
    n -> ceil((t(n - 1)·sd/half_width)²) instead can swing between two values for ever and
    stopped on either: one game short, or 2 games for an interval 3 times wider than asked.)
    """
    if sd <= 0.0 or half_width <= 0.0:
        return None
    z = NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0)
    n = max(2, math.ceil((z * sd / half_width) ** 2))
    while t_crit(n - 1, confidence) * sd / math.sqrt(n) > half_width:
        n += 1
    return n


def paired_difference(
    n: int,
    diff_mean: float | None,
    diff_var: float | None,
    unpaired_half: float | None,
    precision: float | None = None,
) -> dict[str, Any]:
    """The change ``b - a`` measured game by game on common seeds.

    ``diff_*`` are the moments of the per-seed differences; ``unpaired_half`` is
    what an interval ignoring the pairing would have been (shown so the reader
    sees what pairing bought). ``significant`` when the interval excludes 0;
    ``games_needed`` when it is wider than ``precision``.
    """
    out: dict[str, Any] = {"diff": diff_mean, "ci95": [None, None], "n": n, "paired": True}
    if diff_mean is None or diff_var is None or n < 2:
        out["note"] = TOO_SMALL
        return out
    half = t_crit(n - 1) * math.sqrt(max(diff_var, 0.0) / n)
    out["ci95"] = [diff_mean - half, diff_mean + half]
    out["half_width"] = half
    if unpaired_half is not None:
        out["unpaired_half_width"] = unpaired_half
    # No spread seen: the t interval has nothing to stand on, so no claim of significance.
    out["significant"] = diff_var > 0.0 and (diff_mean - half > 0.0 or diff_mean + half < 0.0)
    if diff_var <= 0.0:
        out["note"] = NO_SPREAD
    if precision is not None and half > precision:
        out["precision"] = precision
        out["games_needed"] = games_needed(math.sqrt(diff_var), precision)
    return out


__all__ = [
    "CONFIDENCE",
    "betainc",
    "games_needed",
    "mean_interval",
    "paired_difference",
    "t_cdf",
    "t_crit",
    "t_quantile",
    "welch",
    "wilson",
]
