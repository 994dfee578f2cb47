"""The report's view of the play itself: game metrics per series, and skill against luck.

Both come from the rows alone, through the same code the terminal uses
(``stats.metrics.MetricsAccumulator``, ``stats.skill.decompose``), so ``solotable metrics``,
``compare`` and the page say the same about the same games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from solotable.lab.results import Results
from solotable.stats.metrics import MetricsAccumulator
from solotable.stats.skill import common_deals, decompose


def series_metrics(res: Results, rows: Sequence[int], players: int) -> dict[str, Any]:
    """The game metrics of one series' rows (``stats.metrics`` summary)."""
    acc = MetricsAccumulator(players)
    stat_names = [k for k in ("result", "out_of_reach_turn", "turns") if k in res.stats]
    for i in rows:
        returns = [
            r for r in (res.ret[p][i] for p in range(res.ints["players"][i])) if r is not None
        ]
        metrics = {k: v[i] for k, v in res.metrics.items()}
        stats: dict[str, Any] = {k: res.stats[k][i] for k in stat_names}
        acc.add(returns, res.ints["plies"][i], metrics, stats)
    return acc.summary()


def skill_split(
    res: Results, series_rows: Sequence[Sequence[int]], win: bool
) -> dict[str, Any] | None:
    """Skill versus luck over the seeds every series played (one series per agent list, a
    solo game): the score's split and, when the game has a win, the win's."""
    if len(series_rows) < 2:
        return None
    out: dict[str, Any] = {}

    def score(i: int) -> float | None:
        return res.score[0][i]

    def won(i: int) -> float | None:
        return _win(res, i)

    metrics: list[tuple[str, Callable[[int], float | None]]] = [("score", score)]
    if win:
        metrics.append(("win", won))
    for name, value in metrics:
        by_seed: list[dict[int, float]] = []
        for rows in series_rows:
            seen: dict[int, float] = {}
            for i in rows:
                v = value(i)
                if v is not None:
                    seen.setdefault(res.ints["seed"][i], v)
            by_seed.append(seen)
        _, table = common_deals(by_seed)
        out[name] = decompose(table)
    return out


def _win(res: Results, i: int) -> float | None:
    r = res.stats.get("result", [None] * res.n)[i]
    return None if not r else float(r == "win")


__all__ = ["series_metrics", "skill_split"]
