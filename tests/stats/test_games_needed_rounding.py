"""``games_needed`` at a count where rounding decides (issue 20: ``games_needed`` 11).

The search starts from the count a normal quantile z would give, ``ceil((z·sd/h)²)``, a
lower bound since t > z. Written ``1 - (1 + c)/2`` instead of ``1 - (1 - c)/2`` the quantile
is -z, the same square at 95%; at other confidences the two roundings differ in the last
bit, and where ``(z·sd/h)²`` is that close to a whole number the search starts one game too
late. Past 10^7 degrees of freedom t is that same z, so the answer is the start itself.
The half-width below was found by searching such a case; the assertion is the definition:
n games are enough and n - 1 are not.
"""

from __future__ import annotations

import math

from solotable.stats.intervals import games_needed, t_crit


def enough(n: int, sd: float, half_width: float, confidence: float) -> bool:
    return t_crit(n - 1, confidence) * sd / math.sqrt(n) <= half_width


def test_the_count_is_the_smallest_even_where_rounding_decides() -> None:
    sd, half_width, confidence = 1.0, 4.5997170542861205e-06, 0.074
    n = games_needed(sd, half_width, confidence)
    assert n == 407_726_715
    assert enough(n, sd, half_width, confidence)
    assert not enough(n - 1, sd, half_width, confidence)
