"""``betainc`` says when its continued fraction does not converge instead of returning a
wrong number (found by the core's mutation run, 27 November: ``betainc(1e14, 1e14, 0.5)``
gave 0.7998 for 0.5), and says how far it went."""

from __future__ import annotations

import pytest

from solotable.stats.intervals import BETACF_ROUNDS, NotConverged, betainc, t_cdf


def test_a_fraction_that_does_not_converge_is_said_with_the_rounds_tried() -> None:
    with pytest.raises(NotConverged, match=r"did not converge in 99,999 rounds$"):
        betainc(1e14, 1e14, 0.5)
    assert BETACF_ROUNDS == 100_000


def test_the_projects_own_uses_still_converge() -> None:
    # Student's t as the summaries use it: a = df/2 up to millions, b = 1/2.
    for df in (1.0, 29.0, 1_000.0, 5e6):
        assert 0.5 < t_cdf(2.0, df) < 1.0
    assert betainc(1e9, 1e9, 0.5) == pytest.approx(0.5, abs=1e-6)  # converges: a value
