"""Skill versus luck in a solo game: how much of the score spread is the player, how much the deal.

Several agents play the same seeds (common random numbers: seed ``s`` is the same shuffle and
the same dice for every agent until their choices make the draws diverge). The scores form a
table ``y[a][s]`` (agent × deal) with one game per cell, and the classical two-way
decomposition without replication splits its spread exactly::

    SS_total = SS_agent + SS_deal + SS_rest
    SS_agent = S · Σ_a (mean_a − mean)²        which agent played (skill)
    SS_deal  = A · Σ_s (mean_s − mean)²        which seed was dealt (luck)
    SS_rest  = Σ (y − mean_a − mean_s + mean)² deals that suit one agent more than another,
                                               and the agents' own random choices

Each share is ``SS_part / SS_total`` (they add up to 1). "The deal explains N% of the spread"
is a statement about *these* agents: a weak agent next to a strong one makes the agent share
large; agents of equal strength make it small. The interval of each share is a percentile
bootstrap over deals (seeds drawn with replacement, every agent's game on a drawn seed kept
together), with a fixed generator so the same games give the same interval. docs/balance.md
("Skill versus luck") has the method and the figures of every solo game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

PARTS = ("agent", "deal", "interaction")
RESAMPLES = 400
"""Bootstrap resamples: percentiles of 400 draws move by well under a point of share."""


class _Table:
    """Per-deal sums of ``rows`` (agent × deal), so a bootstrap resample costs O(A·S)."""

    def __init__(self, rows: Sequence[Sequence[float]]) -> None:
        self.rows = rows
        self.a = len(rows)
        self.deal_sum = [math.fsum(col) for col in zip(*rows, strict=True)]
        self.deal_sq = [math.fsum(x * x for x in col) for col in zip(*rows, strict=True)]

    def shares(self, weights: Sequence[int] | None = None) -> list[float] | None:
        """The three shares, deal ``s`` counted ``weights[s]`` times (all once: None)."""
        a, rows = self.a, self.rows
        deals = range(len(self.deal_sum))
        w = weights if weights is not None else [1] * len(self.deal_sum)
        n = sum(w)
        if a < 2 or n < 2:
            return None
        total = math.fsum(w[s] * self.deal_sum[s] for s in deals)
        correction = total * total / (a * n)
        ss_total = math.fsum(w[s] * self.deal_sq[s] for s in deals) - correction
        if ss_total <= 1e-12 * max(1.0, correction):
            return None
        ss_deal = math.fsum(w[s] * self.deal_sum[s] ** 2 for s in deals) / a - correction
        agent_sums = [math.fsum(w[s] * row[s] for s in deals) for row in rows]
        ss_agent = math.fsum(x * x for x in agent_sums) / n - correction
        ss_agent, ss_deal = max(0.0, ss_agent), max(0.0, ss_deal)
        ss_rest = max(0.0, ss_total - ss_agent - ss_deal)
        return [ss_agent / ss_total, ss_deal / ss_total, ss_rest / ss_total]


def decompose(
    rows: Sequence[Sequence[float]], *, resamples: int = RESAMPLES, seed: int = 0
) -> dict[str, Any]:
    """The shares of the spread of ``rows[a][s]`` (agent ``a``, deal ``s``; every row the
    same deals in the same order) explained by the agent, the deal and the rest, each with
    a 95% bootstrap interval over deals.

    ``{"agents": A, "deals": S, "agent": {...}, "deal": {...}, "interaction": {...}}``,
    each part ``{"share", "ci95"}``; ``{"note": "no variation seen"}`` when every game
    scored the same, ``{"note": "n too small"}`` with fewer than two agents or deals.
    """
    a = len(rows)
    s_count = len(rows[0]) if rows else 0
    if any(len(r) != s_count for r in rows):
        raise ValueError("every agent needs a value for every deal")
    out: dict[str, Any] = {"agents": a, "deals": s_count}
    if a < 2 or s_count < 2:
        out["note"] = "n too small"
        return out
    table = _Table(rows)
    point = table.shares()
    if point is None:
        out["note"] = "no variation seen"
        return out
    rng = random.Random(seed)
    draws: list[list[float]] = [[], [], []]
    for _ in range(resamples):
        weights = [0] * s_count
        for _ in range(s_count):
            weights[rng.randrange(s_count)] += 1
        shares = table.shares(weights)
        if shares is None:
            continue
        for k in range(3):
            draws[k].append(shares[k])
    for k, part in enumerate(PARTS):
        xs = sorted(draws[k])
        ci = (
            [xs[int(0.025 * (len(xs) - 1))], xs[math.ceil(0.975 * (len(xs) - 1))]]
            if xs
            else [None, None]
        )
        out[part] = {"share": point[k], "ci95": ci}
    return out


def common_deals(
    values: Sequence[dict[int, float]],
) -> tuple[list[int], list[list[float]]]:
    """The seeds every agent played (sorted) and each agent's values on them, in that order:
    ``values[a]`` maps a seed to agent ``a``'s value on it."""
    if not values:
        return [], []
    seeds = sorted(set.intersection(*(set(v) for v in values)))
    return seeds, [[v[s] for s in seeds] for v in values]


__all__ = ["PARTS", "RESAMPLES", "common_deals", "decompose"]
