"""Exact moments of a stream of numbers: the sums every summary and interval is built on.

Sums are exact (integers, or fractions for non-integer values), so a mean or a variance
does not depend on the order the numbers arrive in — the same seed gives the same summary
with any ``--jobs``, after ``--resume`` and on any Python version. Kept apart from
``stats.accumulate`` so that ``stats.metrics`` (which the runner imports) can use it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from solotable.stats.intervals import mean_interval


def _exact(x: float) -> int | Fraction:
    if isinstance(x, int):
        return x
    return int(x) if x.is_integer() and abs(x) < 2**53 else Fraction(x)


@dataclass
class Moments:
    """Count, sum and sum of squares of a stream of numbers, exactly."""

    n: int = 0
    s: int | Fraction = 0
    ss: int | Fraction = 0

    def add(self, x: float) -> None:
        v = _exact(x)
        self.n += 1
        self.s += v
        self.ss += v * v

    def mean(self) -> float | None:
        return float(Fraction(self.s) / self.n) if self.n else None

    def variance(self) -> float | None:
        """Sample variance (``n - 1``), exact until the final rounding."""
        if self.n < 2:
            return None
        return float((Fraction(self.ss) - Fraction(self.s) ** 2 / self.n) / (self.n - 1))

    def ci(self) -> dict[str, Any]:
        """Mean with a Student-t 95% interval (``stats.intervals.mean_interval``)."""
        return mean_interval(self.n, self.mean(), self.variance())


__all__ = ["Moments"]
