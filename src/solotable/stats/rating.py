"""Bradley–Terry ratings on the Elo scale, with bootstrap intervals (stdlib only).

Why this model: a strength ladder needs one number per player such that the
expected score of ``a`` against ``b`` is ``1 / (1 + 10 ** ((R_b - R_a) / 400))``
(the Elo scale), fitted to every game at once, so that pairs never played
directly are still placed by the chain of pairs that were. Draws count as half a
win for each side (the simple and usual convention; a draw is evidence of equal
strength). The fit is the maximum-likelihood one, computed with Hunter's
minorisation-maximisation iteration, which converges whenever the comparison
graph is connected and nobody won or lost every game.

A player who won every game has no finite maximum-likelihood rating, so
``prior_draws`` adds that many virtual draws to every pair that was played
(a weak prior, as in BayesElo); the docs using it say so.

Intervals: percentile bootstrap over games (each pair's games are resampled with
replacement, keeping the number per pair), with a seeded generator so the same
data always give the same intervals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

ELO_SCALE = 400.0 / math.log(10.0)
"""Elo points per natural-log unit of strength: ``R = ELO_SCALE * ln(gamma)``."""


@dataclass(frozen=True)
class PairResult:
    """Games between ``a`` and ``b``: ``wins`` for a, ``draws``, ``losses`` for a."""

    a: str
    b: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass(frozen=True)
class Rating:
    """A player's Elo with its 95% interval, relative to the anchor (0 by definition)."""

    player: str
    elo: float
    low: float
    high: float


def _players(results: Sequence[PairResult]) -> list[str]:
    seen: dict[str, None] = {}
    for r in results:
        seen.setdefault(r.a, None)
        seen.setdefault(r.b, None)
    return list(seen)


def fit_elo(
    results: Sequence[PairResult],
    anchor: str,
    *,
    prior_draws: float = 0.0,
    iterations: int = 10_000,
    tolerance: float = 1e-10,
) -> dict[str, float]:
    """Maximum-likelihood Elo of every player, ``anchor`` at 0.

    Raises ``ValueError`` when the anchor is unknown, the games do not connect
    every player, or a player has no finite rating (won or lost everything,
    with no ``prior_draws``).
    """
    players = _players(results)
    if anchor not in players:
        raise ValueError(f"anchor {anchor!r} played no game")
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    score = [0.0] * n
    pairs: list[tuple[int, int, float]] = []
    beats: list[set[int]] = [set() for _ in range(n)]
    for r in results:
        if r.games == 0:
            continue
        i, j = index[r.a], index[r.b]
        games = r.games + 2 * prior_draws
        s_i = r.wins + 0.5 * (r.draws + 2 * prior_draws)
        s_j = r.losses + 0.5 * (r.draws + 2 * prior_draws)
        score[i] += s_i
        score[j] += s_j
        pairs.append((i, j, games))
        if s_i > 0:
            beats[i].add(j)
        if s_j > 0:
            beats[j].add(i)
    _check_connected(n, pairs)
    # Ford's condition: a finite maximum exists iff every group of players scored
    # against the rest at least once, i.e. "scored against" is strongly connected.
    for i in range(n):
        if len(_reach(i, beats)) != n:
            below = sorted(players[k] for k in set(range(n)) - _reach(i, beats))
            raise ValueError(
                f"{players[i]} and those it scored against never scored against "
                f"{', '.join(below)} (won or lost every game): no finite rating"
            )
    gamma = [1.0] * n
    for _ in range(iterations):
        denom = [0.0] * n
        for i, j, g in pairs:
            d = g / (gamma[i] + gamma[j])
            denom[i] += d
            denom[j] += d
        new = [score[i] / denom[i] for i in range(n)]
        # Normalise (the model only fixes ratios), then test for convergence.
        norm = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / norm for x in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if change < tolerance:
            break
    base = math.log(gamma[index[anchor]])
    return {p: ELO_SCALE * (math.log(gamma[index[p]]) - base) for p in players}


def _reach(start: int, edges: list[set[int]]) -> set[int]:
    seen = {start}
    todo = [start]
    while todo:
        for k in edges[todo.pop()]:
            if k not in seen:
                seen.add(k)
                todo.append(k)
    return seen


def _check_connected(n: int, pairs: list[tuple[int, int, float]]) -> None:
    reach = {0}
    frontier = [0]
    while frontier:
        k = frontier.pop()
        for i, j, _ in pairs:
            for a, b in ((i, j), (j, i)):
                if a == k and b not in reach:
                    reach.add(b)
                    frontier.append(b)
    if len(reach) != n:
        raise ValueError("the games do not connect every player: no common scale")


def expected_score(elo_a: float, elo_b: float) -> float:
    """The model's expected score (wins + draws/2 per game) of a against b."""
    return 1.0 / (1.0 + math.pow(10.0, (elo_b - elo_a) / 400.0))


def bootstrap_fits(
    results: Sequence[PairResult],
    anchor: str,
    *,
    prior_draws: float = 0.0,
    resamples: int = 1000,
    seed: int = 0,
) -> list[dict[str, float]]:
    """Fits on ``resamples`` redrawings of the games (each pair's games drawn with
    replacement); redrawings with no finite fit (someone swept) are left out."""
    rng = random.Random(seed)
    fits = []
    for _ in range(resamples):
        redrawn = [_resample(r, rng) for r in results]
        try:
            fits.append(fit_elo(redrawn, anchor, prior_draws=prior_draws, tolerance=1e-8))
        except ValueError:
            continue
    return fits


def _percentiles(xs: list[float]) -> tuple[float, float]:
    if not xs:
        return -math.inf, math.inf
    xs = sorted(xs)
    return xs[int(0.025 * (len(xs) - 1))], xs[math.ceil(0.975 * (len(xs) - 1))]


def gap_interval(fits: Sequence[dict[str, float]], a: str, b: str) -> tuple[float, float]:
    """95% interval of ``elo[b] - elo[a]`` over bootstrap fits: adjacent levels are
    compared directly, without the uncertainty of the chain down to the anchor."""
    return _percentiles([f[b] - f[a] for f in fits])


def ladder(
    results: Sequence[PairResult],
    anchor: str,
    *,
    prior_draws: float = 0.0,
    resamples: int = 1000,
    seed: int = 0,
    fits: Sequence[dict[str, float]] | None = None,
) -> list[Rating]:
    """Ratings with 95% percentile-bootstrap intervals, in the order players first appear
    (``fits``: bootstrap fits already made, to share them with ``gap_interval``)."""
    best = fit_elo(results, anchor, prior_draws=prior_draws)
    if fits is None:
        fits = bootstrap_fits(
            results, anchor, prior_draws=prior_draws, resamples=resamples, seed=seed
        )
    out = []
    for p, elo in best.items():
        lo, hi = _percentiles([f[p] for f in fits])
        out.append(Rating(p, elo, lo, hi))
    return out


def _resample(r: PairResult, rng: random.Random) -> PairResult:
    outcomes = [1] * r.wins + [0] * r.draws + [-1] * r.losses
    drawn = [rng.choice(outcomes) for _ in outcomes] if outcomes else []
    return PairResult(r.a, r.b, drawn.count(1), drawn.count(0), drawn.count(-1))
