"""From result rows to what the report shows: series, metrics, paired changes, categories.

A *series* is the games of one variant played by one agent list; the *baseline* is the
first variant (or ``--baseline``). Every other series is compared with the baseline
series of the same agents, game by game on the same seed (``index`` ⇒ ``seed``): the mean
of the per-seed differences with a Student-t interval; in a solo game, the baseline
series of another agent list is compared with the first agent list's (files of different
agents on common seeds: the agents are the variants). Without common seeds the
comparison falls back to Welch's unpaired interval and says so.

Names come from the catalogs (``lab.say``): a statistic is shown by its label
(``Words.stat_label``), a category value by its words (``stat_value``).
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from solotable.core.errors import SolotableError
from solotable.core.untrusted import parse_json, shorten
from solotable.lab.play import series_metrics, skill_split
from solotable.lab.results import Results
from solotable.lab.say import Say
from solotable.lab.stats import (
    Estimate,
    mean_estimate,
    paired_difference,
    welch_difference,
    wilson,
)
from solotable.stats.accumulate import scale_order

MAX_CATEGORIES = 20
"""A text stat with more distinct values than this is not a category (a breakdown of 500
outcome sentences helps nobody)."""


@dataclass(frozen=True, slots=True)
class Metric:
    """A per-game number the report summarises: a rate (0/1 values) or a mean."""

    key: str
    label: str
    rate: bool
    help: str = ""
    """One line saying what it measures (a statistic's description from its catalog)."""


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
    category_order: dict[str, str] = field(default_factory=dict)
    """Category → "score" when its values are ordered by the score they come with (rating
    bands), else "count" (most common first)."""
    value_labels: dict[tuple[str, str], str] = field(default_factory=dict)
    """(statistic, value) → the value in words (``Words.stat_value``)."""
    stat_labels: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Statistic → (label, description), for every statistic the page names."""
    play: list[dict[str, Any]] = field(default_factory=list)
    """Per series, its game metrics (``stats.metrics`` summary)."""
    skill: dict[str, Any] | None = None
    """Solo game, several agents on common seeds: the skill/luck split (``lab.play``)."""
    skill_series: list[str] = field(default_factory=list)
    """The series (agents) the split is over."""

    def base_of(self, s: Series) -> Series | None:
        """What ``s`` is compared with: the baseline variant's series with the same agents;
        for the baseline variant's series of another agent list in a solo game, the first
        agent list's (an agent comparison); else (agent lists run in separate files) the
        first series of the same agents."""
        same = [b for b in self.series if b.agents == s.agents]
        own = next((b for b in same if b.variant == self.baseline), None)
        if own is not None and own is not s:
            return own
        if self.players == 1 and s.variant == self.baseline:
            first = next((b for b in self.series if b.variant == self.baseline), None)
            if first is not None and first is not s:
                return first
        return own if own is not None else (same[0] if same else None)

    def main_metrics(self) -> list[Metric]:
        """Win rate(s), score(s) and length: the metrics the figures of effects show."""
        return [m for m in self.metrics if not m.key.startswith(("stat.", "agent "))]

    def summary_metrics(self) -> list[Metric]:
        """The summary table's columns: with different agents in a two-player game, each
        agent's win rate first (the agents' difference), then the seats', score, length."""
        agents = [m for m in self.metrics if m.key.startswith("agent ")]
        return agents + self.main_metrics()

    def baseline_label(self) -> str:
        """The baseline as the page names it: the variant, or the first agents' label when
        the series are agents."""
        first = next((s for s in self.series if s.variant == self.baseline), None)
        return first.label if first is not None else self.baseline

    def label(self, stat: str) -> str:
        return self.stat_labels.get(stat, (stat, ""))[0]

    def value_label(self, stat: str, value: str) -> str:
        return self.value_labels.get((stat, value), value)


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


def _metrics(
    res: Results, rows: list[int], players: int, distinct_agents: bool, game: str, say: Say
) -> list[Metric]:
    out: list[Metric] = []
    if players == 1:
        results = res.stats.get("result")
        if results is not None and any(isinstance(results[i], str) and results[i] for i in rows):
            out.append(Metric("win", say._("win rate"), True))
        out.append(Metric("score", say._("score"), False))
    else:
        out += [
            Metric(f"seat{p} win", say._("seat %(seat)s win rate", seat=str(p)), True)
            for p in range(players)
        ]
        out += [
            Metric(f"seat{p} score", say._("seat %(seat)s score", seat=str(p)), False)
            for p in range(players)
        ]
    out.append(Metric("plies", say._("game length (plies)"), False))
    if players > 1 and distinct_agents:
        names = sorted({res.agent[p][i] for i in rows for p in range(players)})
        out += [
            Metric(f"agent {a}", say._("%(agent)s win rate", agent=a), True) for a in names if a
        ]
    for name in res.numeric_stats():
        if any(res.stats[name][i] is not None for i in rows):
            label = say.words.stat_label(game, name)
            out.append(Metric(f"stat.{name}", label, False, say.words.stat_help(game, name)))
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


def analyse(
    res: Results, baseline: str | None = None, say: Say | None = None
) -> list[GameAnalysis]:
    """One analysis per game in the rows (in order of first appearance), named in the
    language of ``say`` (English by default)."""
    say = say or Say("en")
    by_game: dict[str, list[int]] = defaultdict(list)
    for i, g in enumerate(res.text["game"]):
        by_game[g].append(i)
    out = [_analyse_game(res, game, rows, baseline, say) for game, rows in by_game.items()]
    if baseline is not None and not any(a.baseline == baseline for a in out):
        known = sorted({s.variant for a in out for s in a.series})
        raise ReportInputError(
            f"--baseline {shorten(baseline)!r}: no such variant (have: "
            f"{shorten(', '.join(known), 200)})"
        )
    return out


def _series_label(variant: str, agents: str, variants: list[str], agent_lists: list[str]) -> str:
    """A series by what tells it apart: the variant, the agents, or both."""
    if len(agent_lists) == 1:
        return variant
    if len(variants) == 1:
        return agents
    return f"{variant} · {agents}"


def _analyse_game(
    res: Results, game: str, rows: list[int], baseline: str | None, say: Say
) -> GameAnalysis:
    players = max(res.ints["players"][i] for i in rows)
    derived = _labels_from_options(res, [i for i in rows if not res.text["variant"][i]])
    if derived and set(derived.values()) == {"all games"}:
        derived = dict.fromkeys(derived, say._("all games"))
    groups: dict[tuple[str, str], list[int]] = {}
    for i in rows:
        v = res.text["variant"][i] or derived[res.text["options"][i]]
        groups.setdefault((v, res.text["agents"][i]), []).append(i)
    variants = list(dict.fromkeys(v for v, _ in groups))
    agent_lists = list(dict.fromkeys(a for _, a in groups))
    distinct = any(len(set(a.split(","))) > 1 for a in agent_lists) and players > 1
    metrics = _metrics(res, rows, players, distinct, game, say)
    series = []
    for (v, a), idx in sorted(
        groups.items(), key=lambda kv: (variants.index(kv[0][0]), agent_lists.index(kv[0][1]))
    ):
        s = Series(v, a, idx)
        s.label = _series_label(v, a, variants, agent_lists)
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
            counts[res.stats[name][i] or NONE] += 1
        if 1 <= len(counts) <= MAX_CATEGORIES and any(res.stats[name][i] for i in rows):
            by_score = _score_order(res, rows, name) if players == 1 else None
            analysis.categories[name] = by_score or sorted(counts, key=lambda c: (-counts[c], c))
            analysis.category_order[name] = "score" if by_score else "count"
            for v in counts:
                shown = say._("(none)") if v == NONE else say.words.stat_value(game, name, v)
                analysis.value_labels[(name, v)] = shown
    for name in res.stats:
        if any(res.stats[name][i] not in (None, "") for i in rows):
            words = say.words
            analysis.stat_labels[name] = (words.stat_label(game, name), words.stat_help(game, name))
    analysis.indicators = _indicators(res, analysis)
    analysis.swept = [k for k, vals in res.vary.items() if any(vals[i] for i in rows)]
    analysis.agent_names = agent_lists
    analysis.play = [series_metrics(res, s.rows, players) for s in series]
    agent_series = [s for s in series if s.variant == base]
    if players == 1 and len(agent_series) > 1:
        win = any(m.key == "win" for m in metrics)
        analysis.skill = skill_split(res, [s.rows for s in agent_series], win)
        analysis.skill_series = [s.label for s in agent_series]
    return analysis


NONE = "(none)"
"""The value of a category in a row that lacks it."""


def _score_order(res: Results, rows: list[int], name: str) -> list[str] | None:
    """The values of a category in score order when they are a scale (``scale_order``)."""
    spans: dict[str, list[float]] = {}
    for i in rows:
        v, score = res.stats[name][i], res.score[0][i]
        if not v or score is None:
            return None
        lo_hi = spans.setdefault(v, [score, score])
        lo_hi[0], lo_hi[1] = min(lo_hi[0], score), max(lo_hi[1], score)
    return scale_order(spans)


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
        counts[res.stats[name][i] or NONE] += 1
    return counts
