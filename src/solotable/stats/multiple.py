"""Many tests at once: p-values of t statistics, and Holm's and Benjamini–Hochberg's corrections.

Why: a report that flags twenty statistics per cell at the 5% level calls one of them
"significant" by chance alone in a typical cell. ``compare``, ``sweep`` and the report test
a *family* of changes together and say which correction they used:

- **Holm** (family-wise error): the chance of calling *any* unchanged statistic changed stays
  at most 5%. Uniformly more powerful than Bonferroni, valid under any dependence.
- **Benjamini–Hochberg** (false discovery rate): among the changes called significant, at most
  5% are expected to be false, on average. Valid for independent or positively dependent
  tests (the usual case for statistics of the same games); more changes survive than Holm.

Adjusted p-values are returned (not yes/no), so a reader can pick another level; a change is
significant when its adjusted p-value is ≤ ``ALPHA``. A ``None`` p-value (no test: too few
games, no spread) takes no part in the family and stays ``None``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from solotable.stats.intervals import t_cdf

ALPHA = 0.05
"""The family's level: the same 95% as every interval of the project."""

CORRECTIONS = ("holm", "bh", "none")
"""The names the command lines accept (``--correction``); ``holm`` is the default."""


def _two_sided(t: float, df: float) -> float:
    """The two-sided tail of Student's t beyond ``|t|`` (the test both t tests end in)."""
    return min(1.0, 2.0 * (1.0 - t_cdf(abs(t), df)))


def t_pvalue(mean: float, sd: float, n: int) -> float | None:
    """Two-sided p-value of a one-sample t test of ``mean == 0`` (``sd`` the sample's SD).

    ``None`` when there is no test: fewer than two values, or no spread (a constant
    difference is not evidence of anything but a constant; the interval code says so too).
    """
    if n < 2 or not (sd > 0.0) or not math.isfinite(mean) or not math.isfinite(sd):
        return None
    return _two_sided(mean / (sd / math.sqrt(n)), n - 1)


def welch_pvalue(
    n_a: int, mean_a: float, var_a: float, n_b: int, mean_b: float, var_b: float
) -> float | None:
    """Two-sided p-value of Welch's unpaired t test of ``mean_b == mean_a``."""
    if n_a < 2 or n_b < 2:
        return None
    se2 = var_a / n_a + var_b / n_b
    if not (se2 > 0.0):
        return None
    df = se2**2 / ((var_a / n_a) ** 2 / (n_a - 1) + (var_b / n_b) ** 2 / (n_b - 1))
    return _two_sided((mean_b - mean_a) / math.sqrt(se2), df)


def _order(pvalues: Sequence[float | None]) -> list[int]:
    present = [i for i, p in enumerate(pvalues) if p is not None]
    return sorted(present, key=lambda i: (pvalues[i], i))


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p-values: ``max_{j≤k} min(1, (m-j+1)·p_(j))``."""
    order = _order(pvalues)
    m = len(order)
    out: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(order):
        p = pvalues[i]
        assert p is not None
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def benjamini_hochberg(pvalues: Sequence[float | None]) -> list[float | None]:
    """Benjamini–Hochberg's step-up adjusted p-values (q-values):
    ``min_{j≥k} min(1, m·p_(j)/j)``."""
    order = _order(pvalues)
    m = len(order)
    out: list[float | None] = [None] * len(pvalues)
    running = 1.0
    for rank in range(m - 1, -1, -1):
        i = order[rank]
        p = pvalues[i]
        assert p is not None
        running = min(running, min(1.0, m * p / (rank + 1)))
        out[i] = running
    return out


def adjust(pvalues: Sequence[float | None], correction: str) -> list[float | None]:
    """The family's adjusted p-values under ``correction`` (one of ``CORRECTIONS``)."""
    if correction == "holm":
        return holm(pvalues)
    if correction == "bh":
        return benjamini_hochberg(pvalues)
    if correction == "none":
        return list(pvalues)
    raise ValueError(f"unknown correction {correction!r}: choose one of {', '.join(CORRECTIONS)}")


def significant(adjusted: float | None) -> bool:
    """A change the family's correction still calls significant at ``ALPHA``."""
    return adjusted is not None and adjusted <= ALPHA
