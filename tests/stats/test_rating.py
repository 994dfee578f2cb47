"""Bradley–Terry Elo fit and bootstrap intervals (stats/rating.py)."""

from __future__ import annotations

import math
import random

import pytest

from solotable.stats.rating import (
    PairResult,
    bootstrap_fits,
    expected_score,
    fit_elo,
    gap_interval,
    ladder,
)


def _simulate(true: dict[str, float], pairs: list[tuple[str, str]], games: int, draw: float):
    """Games drawn from the model itself: a draw with probability ``draw``, otherwise a
    win with the probability that makes the expected score the model's."""
    rng = random.Random(7)
    out = []
    for a, b in pairs:
        e = expected_score(true[a], true[b])
        p_win = e - draw / 2  # expected score = p_win + draw / 2
        w = d = lo = 0
        for _ in range(games):
            u = rng.random()
            if u < p_win:
                w += 1
            elif u < p_win + draw:
                d += 1
            else:
                lo += 1
        out.append(PairResult(a, b, w, d, lo))
    return out


def test_two_players_have_the_closed_form_rating():
    # 75% score <=> 400 * log10(3) Elo.
    fit = fit_elo([PairResult("a", "b", 140, 20, 40)], "b")
    assert fit["b"] == 0.0
    assert fit["a"] == pytest.approx(400 * math.log10(150 / 50), abs=1e-6)


def test_fit_recovers_known_strengths_of_a_chain():
    true = {"w": 0.0, "x": 150.0, "y": 350.0, "z": 500.0}
    data = _simulate(true, [("w", "x"), ("x", "y"), ("y", "z"), ("w", "y")], 3000, 0.1)
    fit = fit_elo(data, "w")
    for p, elo in true.items():
        assert fit[p] == pytest.approx(elo, abs=35)
    ratings = ladder(data, "w", resamples=200)
    for r in ratings:
        assert r.low <= true[r.player] <= r.high or r.player == "w"
        assert r.low <= r.elo <= r.high
    widths = {r.player: r.high - r.low for r in ratings}
    assert widths["w"] == 0 and 0 < widths["x"] < 120


def test_order_of_players_and_sides_does_not_matter():
    data = [PairResult("a", "b", 30, 10, 60), PairResult("b", "c", 55, 5, 40)]
    flipped = [PairResult("c", "b", 40, 5, 55), PairResult("b", "a", 60, 10, 30)]
    f1, f2 = fit_elo(data, "a"), fit_elo(flipped, "a")
    for p in "abc":
        assert f1[p] == pytest.approx(f2[p], abs=1e-6)


def test_intervals_are_reproducible_and_narrow_with_more_games():
    true = {"a": 0.0, "b": 200.0}
    small = _simulate(true, [("a", "b")], 100, 0.0)
    big = _simulate(true, [("a", "b")], 1600, 0.0)
    r1 = ladder(small, "a", resamples=300, seed=3)
    assert r1 == ladder(small, "a", resamples=300, seed=3)
    r2 = ladder(big, "a", resamples=300, seed=3)
    assert (r2[1].high - r2[1].low) < (r1[1].high - r1[1].low) / 2


def test_refuses_what_has_no_finite_or_common_scale():
    with pytest.raises(ValueError, match="every game"):
        fit_elo([PairResult("a", "b", 10, 0, 0)], "a")
    # A clean sweep between two groups has no finite maximum even when every player
    # has wins and losses inside its own group.
    sweep = [
        PairResult("a", "b", 5, 0, 5),
        PairResult("b", "c", 0, 0, 9),
        PairResult("c", "d", 4, 2, 4),
    ]
    with pytest.raises(ValueError, match="never scored against c, d"):
        fit_elo(sweep, "a")
    with pytest.raises(ValueError, match="connect"):
        fit_elo([PairResult("a", "b", 5, 0, 5), PairResult("c", "d", 5, 0, 5)], "a")
    with pytest.raises(ValueError, match="anchor"):
        fit_elo([PairResult("a", "b", 5, 0, 5)], "z")
    # A weak prior (virtual draws) makes a clean sweep finite, and large.
    fit = fit_elo([PairResult("a", "b", 50, 0, 0)], "b", prior_draws=1)
    assert fit["a"] == pytest.approx(400 * math.log10(51 / 1), abs=1e-6)


def test_gap_between_neighbours_is_tighter_than_their_chain_intervals():
    true = {"a": 0.0, "b": 300.0, "c": 450.0, "d": 600.0}
    data = _simulate(true, [("a", "b"), ("b", "c"), ("c", "d")], 400, 0.1)
    fits = bootstrap_fits(data, "a", resamples=300)
    ratings = {r.player: r for r in ladder(data, "a", fits=fits)}
    lo, hi = gap_interval(fits, "c", "d")
    assert lo < 150 < hi and lo > 0
    assert hi - lo < (ratings["d"].high - ratings["d"].low) * 0.8
