"""Small-sample statistics for the report: Student-t intervals and paired differences.

``compare`` used z = 1.96 even for three games; a report read by designers must not
claim a precision it does not have, so every mean gets a Student-t interval and every
change against the baseline is the mean of per-seed differences (same seed ⇒ same
deal), which removes the deal-to-deal noise the variants share. Sums are ``math.fsum``
so a figure does not change in its last digit with the Python version.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from solotable.core import accumulate

Z95 = 1.959963984540054
"""The standard normal's 97.5% quantile."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A value with its 95% interval (``lo``/``hi`` None when ``n`` is too small)."""

    value: float
    lo: float | None
    hi: float | None
    n: int

    def excludes_zero(self) -> bool:
        """The interval lies wholly on one side of 0 (a significant change)."""
        return self.lo is not None and self.hi is not None and (self.lo > 0 or self.hi < 0)


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000):
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
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _ibeta(a: float, b: float, x: float) -> float:
    """Regularised incomplete beta ``I_x(a, b)``."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x)
    front = math.exp(ln + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_tail(t: float, df: int) -> float:
    """``P(T > t)`` for Student's t with ``df`` degrees of freedom, ``t >= 0``."""
    return 0.5 * _ibeta(df / 2.0, 0.5, df / (df + t * t))


@lru_cache(maxsize=4096)
def t975(df: int) -> float:
    """Student's t 97.5% quantile (the 95% two-sided multiplier) for ``df >= 1``.

    Exact by bisection on the distribution function up to 1,000 degrees of freedom,
    the Cornish–Fisher series above (its error there is below 1e-12).
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be >= 1, got {df}")
    if df > 1000:
        z, n = Z95, float(df)
        return (
            z
            + (z**3 + z) / (4 * n)
            + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * n**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * n**3)
        )
    lo, hi = Z95, 64.0 if df > 1 else 13.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_tail(mid, df) > 0.025:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-13:
            break
    return (lo + hi) / 2


def mean_estimate(values: Sequence[float]) -> Estimate:
    """The mean with a Student-t 95% interval (no interval below two values)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, None, None, 0)
    m = math.fsum(values) / n
    if n < 2:
        return Estimate(m, None, None, n)
    var = math.fsum((v - m) ** 2 for v in values) / (n - 1)
    half = t975(n - 1) * math.sqrt(var / n)
    return Estimate(m, m - half, m + half, n)


def paired_difference(base: Sequence[float], other: Sequence[float]) -> Estimate:
    """``mean(other - base)`` over pairs (same seed), with a Student-t 95% interval."""
    if len(base) != len(other):
        raise ValueError("paired samples must have the same length")
    return mean_estimate([o - b for b, o in zip(base, other, strict=True)])


def welch_difference(base: Sequence[float], other: Sequence[float]) -> Estimate:
    """``mean(other) - mean(base)`` of independent samples (Welch's t interval)."""
    a, b = mean_estimate(base), mean_estimate(other)
    if a.n < 2 or b.n < 2:
        return Estimate(b.value - a.value, None, None, min(a.n, b.n))
    va = math.fsum((v - a.value) ** 2 for v in base) / (a.n - 1) / a.n
    vb = math.fsum((v - b.value) ** 2 for v in other) / (b.n - 1) / b.n
    d = b.value - a.value
    se2 = va + vb
    if se2 == 0:
        return Estimate(d, d, d, min(a.n, b.n))
    df = se2 * se2 / (va * va / (a.n - 1) + vb * vb / (b.n - 1))
    half = t975(max(1, math.floor(df))) * math.sqrt(se2)
    return Estimate(d, d - half, d + half, min(a.n, b.n))


def wilson(successes: int, n: int) -> Estimate:
    """A proportion with its Wilson 95% interval (``core.accumulate.wilson``, as ``simulate``)."""
    if n == 0:
        return Estimate(math.nan, None, None, 0)
    w = accumulate.wilson(successes, n)
    lo, hi = w["ci95"]
    return Estimate(float(w["rate"]), float(lo), float(hi), n)
