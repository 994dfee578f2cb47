"""The report's figures, drawn with matplotlib (Agg) as SVG text and optionally PNG bytes.

matplotlib is an optional extra (``solotable[lab]``) and slow to import, so only the
``report`` command imports this module. Output is deterministic: a fixed SVG hash salt
per figure (so the ids of several inline figures never collide), no dates in the
metadata, text kept as text (``svg.fonttype = none``) and math parsing off, so a ``$``
in a variant label from a hostile file is drawn as a dollar sign, not parsed.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

import matplotlib
from matplotlib.figure import Figure as MplFigure

from solotable.core.untrusted import shorten
from solotable.lab.analysis import GameAnalysis, Metric, Series, category_counts
from solotable.lab.results import Results
from solotable.lab.say import Say
from solotable.lab.stats import Estimate

WIDTH = 7.5
LABEL = 38
STYLE: dict[Any, Any] = {
    "svg.fonttype": "none",
    "text.parse_math": False,
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "figure.dpi": 100,
    "savefig.dpi": 100,
}


@dataclass(frozen=True, slots=True)
class Figure:
    """One drawn figure: the inline SVG and, when asked for, the PNG bytes."""

    slug: str
    title: str
    caption: str
    svg: str
    png: bytes | None


def _label(text: str) -> str:
    return shorten(text or "(none)", LABEL)


def _height(rows: int) -> float:
    return max(2.4, min(14.0, 0.32 * rows + 1.3))


def _svg(fig: MplFigure, salt: str) -> str:
    with matplotlib.rc_context({"svg.hashsalt": salt}):
        buf = io.BytesIO()
        fig.savefig(buf, format="svg", metadata={"Date": None}, bbox_inches="tight")
    text = buf.getvalue().decode("utf-8")
    text = text[text.index("<svg") :]
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, count=1, flags=re.S)
    # every figure numbers its groups from 1 (figure_1, axes_1…): prefix them, and the
    # references to them, so that inline figures do not share ids in one page
    text = re.sub(r'(\sid="|href="#)([^"]+)"', rf'\g<1>{salt}-\g<2>"', text)
    return re.sub(r"url\(#([^)]+)\)", rf"url(#{salt}-\g<1>)", text)


def _png(fig: MplFigure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None}, bbox_inches="tight")
    return buf.getvalue()


def _new(size: tuple[float, float]) -> tuple[MplFigure, Any]:
    """A figure outside pyplot: no global state, no GUI backend (savefig picks Agg/SVG)."""
    fig = MplFigure(figsize=size)
    return fig, fig.subplots()


def _boxes(series_values: list[tuple[str, list[float]]], xlabel: str) -> MplFigure:
    fig, ax = _new((WIDTH, _height(len(series_values))))
    data = [v if v else [math.nan] for _, v in series_values]
    ax.boxplot(
        data,
        orientation="horizontal",
        whis=(5, 95),
        showfliers=False,
        showmeans=True,
        meanprops={
            "marker": "D",
            "markerfacecolor": "black",
            "markeredgecolor": "black",
            "markersize": 4,
        },
        medianprops={"color": "tab:orange"},
    )
    ax.set_yticks(range(1, len(series_values) + 1), [_label(t) for t, _ in series_values])
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)
    return fig


def _intervals(
    rows: list[tuple[str, Estimate]],
    xlabel: str,
    ax: Any,
    changes: bool = False,
    pct: bool = False,
    colours: list[str] | None = None,
) -> None:
    """Points with interval bars, one row each; changes get a line at 0 and red when
    significant."""
    k = 100.0 if pct else 1.0
    for y, (_, e) in enumerate(rows):
        colour = "tab:red" if changes and e.excludes_zero() else "tab:blue"
        if colours is not None:
            colour = colours[y]
        if e.lo is not None and e.hi is not None:
            ax.errorbar(
                [k * e.value],
                [y],
                xerr=[[max(0.0, k * (e.value - e.lo))], [max(0.0, k * (e.hi - e.value))]],
                fmt="o",
                color=colour,
                capsize=3,
                markersize=4,
            )
        else:
            ax.plot([k * e.value], [y], "o", color=colour, markersize=4)
    ax.set_yticks(range(len(rows)), [_label(t) for t, _ in rows])
    ax.set_ylim(len(rows) - 0.5, -0.5)
    if changes:
        ax.axvline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)


def _rates(a: GameAnalysis, say: Say) -> MplFigure | None:
    rate_metrics = [
        m for m in a.metrics if m.rate and (m.key == "win" or m.key.startswith("agent "))
    ]
    if not rate_metrics:
        return None
    rows = []
    for s in a.series:
        for m in rate_metrics:
            e = s.estimate(m)
            if e.n:
                name = s.label if len(rate_metrics) == 1 else f"{s.label} · {m.label}"
                rows.append((name, e))
    fig, ax = _new((WIDTH, _height(len(rows))))
    _intervals(rows, say._("win rate (%), Wilson 95% interval"), ax, pct=True)
    return fig


def _seats(a: GameAnalysis, say: Say) -> MplFigure | None:
    seat_metrics = [m for m in a.metrics if m.rate and m.key.startswith("seat")]
    if not seat_metrics:
        return None
    rows = []
    for s in a.series:
        for m in seat_metrics:
            e = s.estimate(m)
            rows.append((f"{s.label} · {m.label}", e))
    fig, ax = _new((WIDTH, _height(len(rows))))
    palette = [f"C{p % 10}" for p in range(len(seat_metrics))] * len(a.series)
    xlabel = say._("win rate by seat (%), Wilson 95% interval")
    _intervals(rows, xlabel, ax, pct=True, colours=palette)
    if a.players == 2:
        ax.axvline(50.0, color="grey", linewidth=0.8, linestyle="--")
    return fig


def _effects(a: GameAnalysis, say: Say) -> MplFigure | None:
    if not a.changes:
        return None
    metrics = a.main_metrics()
    if a.players > 1:
        metrics = [m for m in metrics if m.key in ("seat0 win", "seat0 score", "plies")]
    metrics = (
        [  # a metric no variant changed in any game (Divercité's length) says nothing
            m
            for m in metrics
            if any(
                c.metric.key == m.key and c.estimate.value != 0
                for cs in a.changes.values()
                for c in cs
            )
        ]
        or metrics[:1]
    )
    ncols = len(metrics)
    n = len(a.changes)
    fig = MplFigure(figsize=(WIDTH * max(1.0, ncols / 2.2), _height(n)))
    axes = fig.subplots(1, ncols, sharey=True, squeeze=False)
    for col, m in enumerate(metrics):
        rows = []
        for k in sorted(a.changes):
            ch = next(c for c in a.changes[k] if c.metric.key == m.key)
            rows.append((a.series[k].label, ch.estimate))
        xlabel = say._("Δ %(metric)s (pts)", metric=m.label) if m.rate else f"Δ {m.label}"
        _intervals(rows, xlabel, axes[0][col], changes=True, pct=m.rate)
        if col:
            axes[0][col].tick_params(labelleft=False)
    fig.tight_layout()
    return fig


def _indicator_figure(a: GameAnalysis, say: Say) -> MplFigure:
    rows = [(d.name, d.difference) for d in a.indicators]
    fig, ax = _new((WIDTH, _height(len(rows))))
    m = a.indicators[0].metric
    xlabel = (
        say._("Δ %(metric)s (pts): games with it − games without", metric=m.label)
        if m.rate
        else say._("Δ %(metric)s: games with it − games without", metric=m.label)
    )
    _intervals(rows, xlabel, ax, changes=True, pct=m.rate)
    return fig


def _categories(res: Results, a: GameAnalysis, name: str, say: Say) -> MplFigure:
    values = a.categories[name]
    fig, ax = _new((WIDTH - 1.5, max(_height(len(a.series)), 0.2 * len(values) + 0.6)))
    cmap = matplotlib.colormaps.get_cmap("tab20" if len(values) > 10 else "tab10")
    left = [0.0] * len(a.series)
    for j, v in enumerate(values):
        shares = []
        for s in a.series:
            counts = category_counts(res, s, name)
            shares.append(100.0 * counts.get(v, 0) / max(1, len(s.rows)))
        label = _label(a.value_label(name, v))
        ax.barh(range(len(a.series)), shares, left=left, color=cmap(j % cmap.N), label=label)
        left = [x + y for x, y in zip(left, shares, strict=True)]
    ax.set_yticks(range(len(a.series)), [_label(s.label) for s in a.series])
    ax.set_ylim(len(a.series) - 0.5, -0.5)
    ax.set_xlim(0, 100)
    ax.set_xlabel(say._("share of games (%%) by %(stat)s", stat=_label(a.label(name))))
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False, fontsize=8)
    return fig


def _score_data(res: Results, a: GameAnalysis, say: Say) -> list[tuple[str, list[float]]]:
    out = []
    for s in a.series:
        for p in range(a.players):
            vals = [v for v in (res.score[p][i] for i in s.rows) if v is not None]
            seat = say._("seat %(seat)s", seat=str(p))
            out.append((s.label if a.players == 1 else f"{s.label} · {seat}", vals))
    return out


def _lengths(a: GameAnalysis) -> list[tuple[str, list[float]]]:
    return [(s.label, [v for v in s.values["plies"] if v is not None]) for s in a.series]


def plan(res: Results, a: GameAnalysis, say: Say) -> list[tuple[str, str, str, Callable[[], Any]]]:
    """The figures of one game: (slug, title, caption, draw) in report order."""
    out: list[tuple[str, str, str, Callable[[], Any]]] = [
        (
            "scores",
            say._("Score distribution"),
            say._("Boxes: quartiles; whiskers: 5th–95th percentiles; ◆ mean; line: median."),
            lambda: _boxes(_score_data(res, a, say), say._("final score")),
        )
    ]
    if any(m.key == "win" or m.key.startswith("agent ") for m in a.metrics):
        out.append(
            (
                "win-rate",
                say._("Win rate"),
                say._("Points: win rate; bars: Wilson 95% interval."),
                lambda: _rates(a, say),
            )
        )
    if a.changes:
        swept = " " + say._("Swept: %(keys)s.", keys=", ".join(a.swept)) if a.swept else ""
        out.append(
            (
                "effects",
                say._("Change against the baseline (%(base)s)", base=_label(a.baseline_label())),
                say._(
                    "Mean per-seed difference (same seed ⇒ same deal) with a Student-t 95% "
                    "interval; red: the interval excludes 0."
                )
                + swept,
                lambda: _effects(a, say),
            )
        )
    out.append(
        (
            "length",
            say._("Game length"),
            say._("Player decisions per game (chance steps not counted)."),
            lambda: _boxes(_lengths(a), say._("plies")),
        )
    )
    for name in a.categories:
        label = a.label(name)
        order = (
            say._("Values in the order of the score they come with.")
            if a.category_order.get(name) == "score"
            else say._("Values from the most common.")
        )
        out.append(
            (
                f"cat-{_slug(name)}",
                say._("Breakdown by %(stat)s", stat=label),
                say._("Share of games by the value of “%(stat)s”.", stat=label) + " " + order,
                partial(_categories, res, a, name, say),
            )
        )
    if a.indicators:
        out.append(
            (
                "indicators",
                say._("0/1 statistics in %(series)s", series=_label(a.baseline_label())),
                say._(
                    "Games where the statistic is 1 against games where it is 0, in the "
                    "baseline series (different games: Welch 95% interval); red: the interval "
                    "excludes 0. When the statistic is dealt by chance this measures its effect."
                ),
                lambda: _indicator_figure(a, say),
            )
        )
    if a.players > 1:
        out.append(
            (
                "seats",
                say._("Seat advantage"),
                say._("Win rate of each seat (Wilson 95% interval); dashed: 50%."),
                lambda: _seats(a, say),
            )
        )
    return out


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "x"


def draw(
    res: Results,
    analyses: list[GameAnalysis],
    png: bool,
    step: Callable[[], None],
    say: Say | None = None,
) -> Iterator[tuple[int, Figure]]:
    """Every figure of every game, in report order: (game number, figure)."""
    with matplotlib.rc_context():
        matplotlib.rcdefaults()  # a user's matplotlibrc must not change the page
        matplotlib.rcParams.update(STYLE)
        for g, a in enumerate(analyses):
            for slug, title, caption, make in plan(res, a, say or Say("en")):
                fig = make()
                if fig is not None:
                    full = f"{g + 1:02d}-{_slug(a.game)}-{slug}"
                    yield (
                        g,
                        Figure(full, title, caption, _svg(fig, full), _png(fig) if png else None),
                    )
                step()


def count(res: Results, analyses: list[GameAnalysis]) -> int:
    """How many figures :func:`draw` will consider (the progress bar's total)."""
    return sum(len(plan(res, a, Say("en"))) for a in analyses)


__all__ = ["Figure", "Metric", "Series", "count", "draw"]
