"""Streaming summaries of simulated games: memory does not grow with the number of games.

A simulation of a million games used to hold every result until the end
(~1 KB a game). :class:`SummaryAccumulator` takes one result at a time and
keeps only counts and exact sums, so ``simulate`` can print a summary of
the games done at any moment (Ctrl-C) and a resumed run can rebuild it from
its journal.

Sums are exact (integers, or fractions for non-integer values), so the
summary does not depend on the order games arrive in — the same seed gives
the same summary with any ``--jobs`` and after ``--resume``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from solotable.stats.intervals import welch, wilson
from solotable.stats.metrics import MetricsAccumulator
from solotable.stats.moments import Moments

MAX_DISTINCT = 1_000
"""Distinct values kept per category (beyond it they count as ``(other)``)."""
MAX_OUTCOMES = 10_000
"""Distinct outcome sentences kept; the summary shows the 15 most common."""
OTHER = "(other)"


def difference(a: Moments, b: Moments) -> dict[str, Any]:
    """``mean(b) - mean(a)`` of two independent samples, Welch's t 95% interval."""
    va, vb = a.variance(), b.variance()
    ma, mb = a.mean(), b.mean()
    if va is None or vb is None or ma is None or mb is None:
        return {"diff": None, "ci95": [None, None]}
    d = mb - ma
    half = welch(a.n, ma, va, b.n, mb, vb)
    return {"diff": d, "ci95": [d - half, d + half]}


def scale_order(spans: dict[str, list[float]]) -> list[str] | None:
    """The values of a category in score order when each value's games occupy a range of
    scores no other value's games reach (a rating band is a range of scores): the order of
    the scale. None when the ranges overlap (a cause of loss is not a scale)."""
    if len(spans) < 2:
        return None
    ordered = sorted(spans, key=lambda v: (spans[v][0], spans[v][1]))
    for a, b in pairwise(ordered):
        if spans[a][1] >= spans[b][0]:
            return None
    return ordered


def _bump(counter: Counter[str], key: str, cap: int) -> None:
    counter[key if key in counter or len(counter) < cap else OTHER] += 1


@dataclass
class _AgentTally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    own: Moments = field(default_factory=Moments)
    opponents: Moments = field(default_factory=Moments)
    by_seat: dict[int, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0]))


class SummaryAccumulator:
    """The ``simulate --json`` summary, built one game at a time.

    ``add`` takes what a game contributes (seats, returns, scores, outcome,
    stats); ``summary()`` may be called at any time (a partial run's summary).
    """

    def __init__(self, game: str, agent_specs: Sequence[str], seed: int, num_players: int):
        self.game, self.specs, self.seed, self.num_players = (
            game,
            list(agent_specs),
            seed,
            num_players,
        )
        self.n = 0
        self.solo_scores = Moments()
        self.solo_wins = 0
        self.has_result = False
        self.tallies = [_AgentTally() for _ in self.specs]
        self.outcomes: Counter[str] = Counter()
        self.categories: dict[str, Counter[str]] = defaultdict(Counter)
        self.numbers: dict[str, Moments] = defaultdict(Moments)
        self.score_by: dict[str, dict[str, Moments]] = defaultdict(lambda: defaultdict(Moments))
        self.metrics = MetricsAccumulator(num_players)
        self.spans: dict[str, dict[str, list[float]]] = defaultdict(dict)
        """Solo games: per category and value, the lowest and highest score seen."""

    def add(
        self,
        seats: Sequence[int],
        returns: Sequence[float],
        scores: Sequence[float],
        outcome: str,
        stats: dict[str, str | float],
        plies: int = 0,
        metrics: dict[str, float | None] | None = None,
    ) -> None:
        self.n += 1
        self.metrics.add(returns, plies, metrics or {}, stats)
        if self.num_players == 1:
            self.solo_scores.add(scores[0])
            res = stats.get("result")
            if isinstance(res, str):
                self.has_result = True
                self.solo_wins += res == "win"
        else:
            for p in range(self.num_players):
                t = self.tallies[seats[p]]
                ret = returns[p]
                t.own.add(scores[p])
                for q in range(self.num_players):
                    if q != p:
                        t.opponents.add(scores[q])
                slot = 0 if ret > 0 else (1 if ret < 0 else 2)
                t.by_seat[p][slot] += 1
                if ret > 0:
                    t.wins += 1
                elif ret < 0:
                    t.losses += 1
                else:
                    t.draws += 1
        _bump(self.outcomes, outcome, MAX_OUTCOMES)
        for key, value in stats.items():
            if isinstance(value, str):
                _bump(self.categories[key], value, MAX_DISTINCT)
                if self.num_players == 1:
                    group = value if value in self.score_by[key] else None
                    if group is None and len(self.score_by[key]) < MAX_DISTINCT:
                        group = value
                    self.score_by[key][group or OTHER].add(scores[0])
                    span = self.spans[key].setdefault(group or OTHER, [scores[0], scores[0]])
                    span[0], span[1] = min(span[0], scores[0]), max(span[1], scores[0])
            else:
                self.numbers[key].add(float(value))

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "games": self.n, "seed": self.seed}
        agents: list[dict[str, Any]] = []
        if self.num_players == 1:
            entry: dict[str, Any] = {"name": self.specs[0], "games": self.n}
            entry["mean_score"] = self.solo_scores.ci()
            if self.has_result:
                entry["win_rate"] = wilson(self.solo_wins, self.n)
            agents.append(entry)
        else:
            for spec, t in zip(self.specs, self.tallies, strict=True):
                played = t.wins + t.losses + t.draws
                agents.append(
                    {
                        "name": spec,
                        "games": played,
                        "wins": t.wins,
                        "losses": t.losses,
                        "draws": t.draws,
                        "win_rate": wilson(t.wins, played),
                        "mean_score": t.own.ci(),
                        "mean_opponent_score": t.opponents.ci(),
                        "by_seat": {
                            str(p): {"wins": v[0], "losses": v[1], "draws": v[2]}
                            for p, v in sorted(t.by_seat.items())
                        },
                    }
                )
        out["agents"] = agents
        out["outcomes"] = dict(self.outcomes.most_common(15))
        out["categories"] = {k: dict(c.most_common()) for k, c in sorted(self.categories.items())}
        out["numbers"] = {k: m.ci() for k, m in sorted(self.numbers.items())}
        by_category = {
            key: {v: m.ci() for v, m in sorted(self.score_by[key].items())}
            for key, counter in sorted(self.categories.items())
            if key != "result" and len(counter) <= 20
        }
        if self.num_players == 1 and by_category:
            out["score_by"] = by_category
        scales = {k: o for k in sorted(self.categories) if (o := scale_order(self.spans[k]))}
        if scales:
            out["scales"] = scales
        out["metrics"] = self.metrics.summary()
        return out


__all__ = ["Moments", "SummaryAccumulator", "difference", "scale_order"]
