"""From result rows to what the report shows: series, metrics, paired changes, categories.

A *series* is the games of one variant played by one agent list; the *baseline* is the
first variant (or ``--baseline``). Every other series is compared with the baseline
series of the same agents, game by game on the same seed (``index`` ⇒ ``seed``): the mean
of the per-seed differences with a Student-t interval. Without common seeds the
comparison falls back to Welch's unpaired interval and says so.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from solotable.core.errors import SolotableError
from solotable.core.untrusted import parse_json, shorten
from solotable.lab.results import Results
from solotable.lab.stats import (
    Estimate,
    mean_estimate,
    paired_difference,
    welch_difference,
    wilson,
)

MAX_CATEGORIES = 20
"""A text stat with more distinct values than this is not a category (a breakdown of 500
outcome sentences helps nobody)."""


@dataclass(frozen=True, slots=True)
class Metric:
    """A per-game number the report summarises: a rate (0/1 values) or a mean."""

    key: str
    label: str
    rate: bool


@dataclass
class Series:
    """The games of one variant and one agent list."""

    variant: str
    agents: str
    rows: list[int]
    label: str = ""
    values: dict[str, list[float | None]] = field(default_factory=dict)

    def estimate(self, m: Metric) -> Estimate:
        vals = [v for v in self.values[m.key] if v is not None]
        if m.rate:
            return wilson(round(math.fsum(vals)), len(vals))
        return mean_estimate(vals)


@dataclass(frozen=True, slots=True)
class Change:
    """A series' change in one metric against its baseline."""

    metric: Metric
    estimate: Estimate
    paired: bool


@dataclass(frozen=True, slots=True)
class Indicator:
    """A 0/1 statistic (a Diver dealt, a card drawn) in the baseline series: the metric in
    the games where it is 1 against those where it is 0."""

    name: str
    metric: Metric
    with_it: Estimate
    without: Estimate
    difference: Estimate
    """Welch: the two groups are different games, not pairs."""


@dataclass
class GameAnalysis:
    """Everything the report says about one game's rows."""

    game: str
    players: int
    series: list[Series]
    metrics: list[Metric]
    baseline: str
    changes: dict[int, list[Change]]
    categories: dict[str, list[str]]
    """Text stat → its values (most common first) when it is a category."""
    swept: list[str]
    agent_names: list[str]
    indicators: list[Indicator] = field(default_factory=list)

    def base_of(self, s: Series) -> Series | None:
        """The baseline variant's series with the same agents, else (agent lists run in
        separate files) the first series of those agents."""
        same = [b for b in self.series if b.agents == s.agents]
        return next((b for b in same if b.variant == self.baseline), same[0] if same else None)

    def main_metrics(self) -> list[Metric]:
        """Win rate(s), score(s) and length: the metrics the figures of effects show."""
        return [m for m in self.metrics if not m.key.startswith(("stat.", "agent "))]


class ReportInputError(SolotableError):
    """A report option that does not fit the rows (an unknown --baseline)."""


def _labels_from_options(res: Results, rows: list[int]) -> dict[str, str]:
    """Labels for rows without a variant: the options in which they differ from the rest."""
    parsed: dict[str, dict[str, Any]] = {}
    for i in rows:
        text = res.text["options"][i]
        if text not in parsed:
            try:  # untrusted text: bounded depth and numbers (core.untrusted)
                doc = parse_json(text, "options", ReportInputError) if text else {}
            except ReportInputError:
                doc = {"options": text}
            parsed[text] = doc if isinstance(doc, dict) else {"options": text}
    if len(parsed) <= 1:
        return dict.fromkeys(parsed, "all games")
    keys = sorted({k for d in parsed.values() for k in d})
    varying = [
        k for k in keys if len({json.dumps(d.get(k), sort_keys=True) for d in parsed.values()}) > 1
    ]
    return {
        text: shorten(",".join(f"{k}={_short(d.get(k))}" for k in varying), 120)
        for text, d in parsed.items()
    }


def _short(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return shorten(v if isinstance(v, str) else json.dumps(v), 40)


def _metrics(res: Results, rows: list[int], players: int, distinct_agents: bool) -> list[Metric]:
    out: list[Metric] = []
    if players == 1:
        results = res.stats.get("result")
        if results is not None and any(isinstance(results[i], str) and results[i] for i in rows):
            out.append(Metric("win", "win rate", True))
        out.append(Metric("score", "score", False))
    else:
        out += [Metric(f"seat{p} win", f"seat {p} win rate", True) for p in range(players)]
        out += [Metric(f"seat{p} score", f"seat {p} score", False) for p in range(players)]
    out.append(Metric("plies", "game length (plies)", False))
    if players > 1 and distinct_agents:
        names = sorted({res.agent[p][i] for i in rows for p in range(players)})
        out += [Metric(f"agent {a}", f"{a} win rate", True) for a in names if a]
    for name in res.numeric_stats():
        if any(res.stats[name][i] is not None for i in rows):
            out.append(Metric(f"stat.{name}", name, False))
    return out


def _value(res: Results, i: int, key: str, players: int) -> float | None:
    if key == "win":
        r = res.stats["result"][i]
        return None if not r else float(r == "win")
    if key == "score":
        return res.score[0][i]
    if key == "plies":
        return float(res.ints["plies"][i])
    if key.startswith("seat"):
        seat_text, _, what = key[4:].partition(" ")
        p = int(seat_text)
        if p >= res.ints["players"][i]:
            return None
        if what == "score":
            return res.score[p][i]
        r = res.ret[p][i]
        return None if r is None else float(r > 0)
    if key.startswith("agent "):
        name = key[6:]
        seats = [p for p in range(players) if res.agent[p][i] == name]
        if len(seats) != 1:
            return None
        r = res.ret[seats[0]][i]
        return None if r is None else float(r > 0)
    v = res.stats[key[5:]][i]
    return v if isinstance(v, float) else None


def _pairs(base: Series, other: Series, seeds: list[int]) -> list[tuple[int, int]]:
    """Positions (in base, in other) of games on the same seed; the k-th repeat of a seed
    pairs with the k-th repeat."""
    where: dict[int, list[int]] = defaultdict(list)
    for k, i in enumerate(base.rows):
        where[seeds[i]].append(k)
    used: dict[int, int] = defaultdict(int)
    out = []
    for k, i in enumerate(other.rows):
        s = seeds[i]
        if used[s] < len(where.get(s, ())):
            out.append((where[s][used[s]], k))
            used[s] += 1
    return out


def compare(base: Series, other: Series, metrics: list[Metric], seeds: list[int]) -> list[Change]:
    """``other`` against ``base`` in every metric: paired on seeds when they share any."""
    pairs = _pairs(base, other, seeds)
    out = []
    for m in metrics:
        bv, ov = base.values[m.key], other.values[m.key]
        if pairs:
            both = [(bv[a], ov[b]) for a, b in pairs if bv[a] is not None and ov[b] is not None]
            est = paired_difference([x for x, _ in both], [y for _, y in both])  # type: ignore[misc]
            out.append(Change(m, est, True))
        else:
            xs = [v for v in bv if v is not None]
            ys = [v for v in ov if v is not None]
            out.append(Change(m, welch_difference(xs, ys), False))
    return out


def analyse(res: Results, baseline: str | None = None) -> list[GameAnalysis]:
    """One analysis per game in the rows (in order of first appearance)."""
    by_game: dict[str, list[int]] = defaultdict(list)
    for i, g in enumerate(res.text["game"]):
        by_game[g].append(i)
    out = [_analyse_game(res, game, rows, baseline) for game, rows in by_game.items()]
    if baseline is not None and not any(a.baseline == baseline for a in out):
        known = sorted({s.variant for a in out for s in a.series})
        raise ReportInputError(
            f"--baseline {shorten(baseline)!r}: no such variant (have: "
            f"{shorten(', '.join(known), 200)})"
        )
    return out


def _analyse_game(res: Results, game: str, rows: list[int], baseline: str | None) -> GameAnalysis:
    players = max(res.ints["players"][i] for i in rows)
    derived = _labels_from_options(res, [i for i in rows if not res.text["variant"][i]])
    groups: dict[tuple[str, str], list[int]] = {}
    for i in rows:
        v = res.text["variant"][i] or derived[res.text["options"][i]]
        groups.setdefault((v, res.text["agents"][i]), []).append(i)
    variants = list(dict.fromkeys(v for v, _ in groups))
    agent_lists = list(dict.fromkeys(a for _, a in groups))
    distinct = any(len(set(a.split(","))) > 1 for a in agent_lists) and players > 1
    metrics = _metrics(res, rows, players, distinct)
    series = []
    for (v, a), idx in sorted(
        groups.items(), key=lambda kv: (variants.index(kv[0][0]), agent_lists.index(kv[0][1]))
    ):
        s = Series(v, a, idx)
        s.label = v if len(agent_lists) == 1 else f"{v} · {a}"
        s.values = {m.key: [_value(res, i, m.key, players) for i in idx] for m in metrics}
        series.append(s)
    base = variants[0] if baseline is None or baseline not in variants else baseline
    seeds = res.ints["seed"]
    changes: dict[int, list[Change]] = {}
    analysis = GameAnalysis(game, players, series, metrics, base, changes, {}, [], [])
    for k, s in enumerate(series):
        b = analysis.base_of(s)
        if b is not None and b is not s:
            changes[k] = compare(b, s, metrics, seeds)
    for name in res.text_stats():
        if name == "result":  # the win rate already says it
            continue
        counts: dict[str, int] = defaultdict(int)
        for i in rows:
            counts[res.stats[name][i] or "(none)"] += 1
        if 1 <= len(counts) <= MAX_CATEGORIES and any(res.stats[name][i] for i in rows):
            analysis.categories[name] = sorted(counts, key=lambda c: (-counts[c], c))
    analysis.indicators = _indicators(res, analysis)
    analysis.swept = [k for k, vals in res.vary.items() if any(vals[i] for i in rows)]
    analysis.agent_names = agent_lists
    return analysis


def _indicators(res: Results, a: GameAnalysis) -> list[Indicator]:
    """Every 0/1 numeric statistic of the first baseline series that takes both values,
    largest effect first. When the 0/1 is dealt by chance (Mini DiverCity's ``dealt X``),
    the difference is a randomised comparison of having it against not."""
    base = next((s for s in a.series if s.variant == a.baseline), None)
    if base is None or a.players != 1:
        return []
    metric = next(m for m in a.metrics if m.key in ("win", "score"))
    values = base.values[metric.key]
    out = []
    for m in a.metrics:
        if not m.key.startswith("stat."):
            continue
        flags = base.values[m.key]
        if {f for f in flags if f is not None} != {0.0, 1.0}:
            continue
        yes = [v for v, f in zip(values, flags, strict=True) if f == 1.0 and v is not None]
        no = [v for v, f in zip(values, flags, strict=True) if f == 0.0 and v is not None]
        est = (lambda xs: wilson(round(math.fsum(xs)), len(xs))) if metric.rate else mean_estimate
        out.append(Indicator(m.label, metric, est(yes), est(no), welch_difference(no, yes)))
    return sorted(out, key=lambda d: (-d.difference.value, d.name))


def category_counts(res: Results, s: Series, name: str) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for i in s.rows:
        counts[res.stats[name][i] or "(none)"] += 1
    return counts
