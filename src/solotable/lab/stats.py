"""The report's statistics: ``stats.intervals`` (the intervals ``compare`` prints) on lists.

A report must say the same as ``compare`` about the same games, so every interval
comes from ``stats.intervals``: Student-t for means and for paired differences (same seed ⇒
same deal, which removes the deal-to-deal noise the variants share), Welch when there
is nothing to pair, Wilson for rates. A change whose per-seed differences never vary
is not called significant (a t interval needs a spread); it is reported with its note.
Sums are ``math.fsum`` so a figure does not change in its last digit with the Python
version.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from solotable.stats import intervals as stats


@dataclass(frozen=True, slots=True)
class Estimate:
    """A value with its 95% interval (``lo``/``hi`` None when ``n`` is too small)."""

    value: float
    lo: float | None
    hi: float | None
    n: int
    note: str = ""
    """``stats.intervals``' note: "n too small", "no variation seen" or ""."""
    significant: bool | None = None
    """For a change: its interval excludes 0 (and it has a spread)."""

    def excludes_zero(self) -> bool:
        """A significant change: the interval lies wholly on one side of 0."""
        if self.significant is not None:
            return self.significant
        return self.lo is not None and self.hi is not None and (self.lo > 0 or self.hi < 0)


def _moments(values: Sequence[float]) -> tuple[int, float | None, float | None]:
    n = len(values)
    if n == 0:
        return 0, None, None
    m = math.fsum(values) / n
    var = math.fsum((v - m) ** 2 for v in values) / (n - 1) if n > 1 else None
    return n, m, var


def mean_estimate(values: Sequence[float]) -> Estimate:
    """The mean with a Student-t 95% interval (no interval below two values)."""
    n, m, var = _moments(values)
    if m is None:
        return Estimate(math.nan, None, None, 0, stats.TOO_SMALL)
    d = stats.mean_interval(n, m, var)
    lo, hi = d["ci95"]
    return Estimate(m, lo, hi, n, d.get("note", ""))


def paired_difference(base: Sequence[float], other: Sequence[float]) -> Estimate:
    """``mean(other - base)`` over pairs (same seed), with a Student-t 95% interval."""
    if len(base) != len(other):
        raise ValueError("paired samples must have the same length")
    n, m, var = _moments([o - b for b, o in zip(base, other, strict=True)])
    if m is None:
        return Estimate(math.nan, None, None, 0, stats.TOO_SMALL, False)
    d = stats.paired_difference(n, m, var, None)
    lo, hi = d["ci95"]
    return Estimate(m, lo, hi, n, d.get("note", ""), bool(d.get("significant", False)))


def welch_difference(base: Sequence[float], other: Sequence[float]) -> Estimate:
    """``mean(other) - mean(base)`` of independent samples (Welch's t interval)."""
    na, ma, va = _moments(base)
    nb, mb, vb = _moments(other)
    if ma is None or mb is None:
        return Estimate(math.nan, None, None, 0, stats.TOO_SMALL, False)
    d = mb - ma
    if va is None or vb is None:
        return Estimate(d, None, None, min(na, nb), stats.TOO_SMALL, False)
    half = stats.welch(na, ma, va, nb, mb, vb)
    if half == 0.0:
        return Estimate(d, d, d, min(na, nb), stats.NO_SPREAD, False)
    return Estimate(d, d - half, d + half, min(na, nb))


def wilson(successes: int, n: int) -> Estimate:
    """A proportion with its Wilson 95% interval (``stats.intervals.wilson``, as ``simulate``)."""
    if n == 0:
        return Estimate(math.nan, None, None, 0, stats.TOO_SMALL)
    w = stats.wilson(successes, n)
    p, (lo, hi) = float(w["rate"]), w["ci95"]
    return Estimate(p, min(float(lo), p), max(float(hi), p), n)  # 0/n: lo is 2.8e-17
