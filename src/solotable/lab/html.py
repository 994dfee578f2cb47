"""The report page: one self-contained HTML file (inline CSS and SVG, no script, no URL).

Every string that comes from a results file (variant labels, agent specs, stat names and
values) goes through Jinja2's autoescaping; the only markup inserted as is, the figures'
SVG, is matplotlib's own output, which escapes the text it draws. Nothing varies between
runs on the same files (no date, no absolute path), so a report can be diffed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from jinja2 import Environment
from markupsafe import Markup

from solotable.core import stats
from solotable.lab.analysis import Change, GameAnalysis, Metric, Series
from solotable.lab.results import Results
from solotable.lab.stats import Estimate


@dataclass(frozen=True, slots=True)
class Drawn:
    """A figure as the page shows it (``lab.figures.Figure`` without matplotlib)."""

    slug: str
    title: str
    caption: str
    svg: str


def num(x: float, pct: bool = False) -> str:
    """A number with as many decimals as its size deserves (3 significant digits or so;
    percentages and percentage points with one decimal)."""
    if not math.isfinite(x):
        return "—"
    a = abs(x)
    digits = 1 if a >= 100 or pct else 2 if a >= 1 else 3
    text = f"{x:.{digits}f}"
    return "0" if text.strip("-0.") == "" else text


def fmt(m: Metric, e: Estimate, interval: bool = True) -> str:
    """``52.0% [48.1, 55.9]`` for a rate, ``12.3 [11.9, 12.8]`` for a mean."""
    if e.n == 0:
        return "—"
    k, unit = (100.0, "%") if m.rate else (1.0, "")
    body = f"{num(k * e.value, m.rate)}{unit}"
    if e.lo is None or e.hi is None or not interval:
        return body
    return f"{body} [{num(k * e.lo, m.rate)}, {num(k * e.hi, m.rate)}]"


def _signed(x: float, pct: bool = False) -> str:
    text = num(x, pct)
    return text if text.startswith("-") or text == "0" else "+" + text


def fmt_change(c: Change) -> str:
    """``+3.2 pts [+1.0, +5.4]`` for a rate, ``−1.25 [−2.10, −0.40]`` for a mean."""
    e = c.estimate
    k, unit = (100.0, " pts") if c.metric.rate else (1.0, "")
    pct = c.metric.rate
    body = f"{_signed(k * e.value, pct)}{unit}"
    if e.note == stats.NO_SPREAD:
        return body + " in every pair (no variation seen: no interval)"
    if e.lo is None or e.hi is None:
        return body + " (too few games for an interval)"
    return f"{body} [{_signed(k * e.lo, pct)}, {_signed(k * e.hi, pct)}]"


def _constant_shift(c: Change) -> bool:
    """The same non-zero change in every pair: not "significant" (no spread for a t
    interval) but worth a sentence."""
    return c.estimate.note == stats.NO_SPREAD and c.estimate.value != 0


def _say(c: Change, base: Series | None, s: Series) -> str:
    """``win rate 60.0% → 40.0%, -20.0 pts [-25.6, -14.4]``."""
    if base is None:
        return f"{c.metric.label} {fmt_change(c)}"
    before, after = (
        fmt(c.metric, base.estimate(c.metric), False),
        fmt(c.metric, s.estimate(c.metric), False),
    )
    return f"{c.metric.label} {before} → {after}, {fmt_change(c)}"


def findings(a: GameAnalysis) -> list[str]:
    """One plain paragraph per compared series: the metrics whose interval excludes 0,
    the main ones (win rate, score, length) first, then the game's own statistics."""
    out = []
    for k in sorted(a.changes):
        s, changes = a.series[k], a.changes[k]
        base = a.base_of(s)
        n = max((c.estimate.n for c in changes), default=0)
        how = f"{n} paired games" if changes and changes[0].paired else f"unpaired, n = {n}"
        head = f"{s.label} against {base.label if base else a.baseline} ({how}): "
        sig = [c for c in changes if c.estimate.excludes_zero() or _constant_shift(c)]
        if not sig:
            out.append(head + "no metric changed significantly.")
            continue

        main = [_say(c, base, s) for c in sig if not c.metric.key.startswith("stat.")]
        own = [_say(c, base, s) for c in sig if c.metric.key.startswith("stat.")]
        text = head + ("; ".join(main) + "." if main else "no main metric changed significantly.")
        if own:
            text += " Game statistics: " + "; ".join(own) + "."
        rest = len(changes) - len(sig)
        if rest:
            text += f" {rest} other metric{'s' if rest != 1 else ''} did not change significantly."
        out.append(text)
    if a.indicators:
        out.append(_indicator_sentence(a))
    return out


def _indicator_sentence(a: GameAnalysis) -> str:
    m = a.indicators[0].metric
    n = max(d.with_it.n + d.without.n for d in a.indicators)
    head = f"Within {a.baseline} ({n} games), by 0/1 statistic: "
    sig = [d for d in a.indicators if d.difference.excludes_zero()]
    if not sig:
        return head + f"none changes the {m.label} significantly."
    k, unit = (100.0, " pts") if m.rate else (1.0, "")
    parts = [
        f"{m.label} {fmt(m, d.with_it, False)} with {d.name} against "
        f"{fmt(m, d.without, False)} without, {_signed(k * d.difference.value, m.rate)}{unit} "
        f"[{_signed(k * (d.difference.lo or 0.0), m.rate)}, "
        f"{_signed(k * (d.difference.hi or 0.0), m.rate)}]"
        for d in sig
    ]
    rest = len(a.indicators) - len(sig)
    tail = f" {rest} other{'s' if rest != 1 else ''} did not." if rest else ""
    return head + "; ".join(parts) + "." + tail


def table(a: GameAnalysis) -> tuple[list[str], list[list[str]]]:
    """The summary table: one row per series, a column per main metric."""
    metrics = a.main_metrics()
    head = ["variant", "agents", "games", *(m.label for m in metrics)]
    rows = []
    for s in a.series:
        cells = [s.variant, s.agents, str(len(s.rows))]
        cells += [fmt(m, s.estimate(m)) for m in metrics]
        rows.append(cells)
    return head, rows


def change_table(a: GameAnalysis) -> tuple[list[str], list[list[str]]]:
    """Every change of every compared series (the numbers behind the sentences)."""
    head = ["variant", "metric", "change [95% interval]", "pairs", "significant"]
    rows = []
    for k in sorted(a.changes):
        for c in a.changes[k]:
            if c.estimate.note == stats.NO_SPREAD and c.estimate.value == 0:
                continue  # the same in every game of both: nothing to show
            rows.append(
                [
                    a.series[k].label,
                    c.metric.label,
                    fmt_change(c),
                    str(c.estimate.n) if c.paired else f"{c.estimate.n} (unpaired)",
                    "yes" if c.estimate.excludes_zero() else "no",
                ]
            )
    return head, rows


TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; max-width: 62rem; margin: 1.5rem auto;
  padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .6rem 0; font-size: .9rem; }
th, td { border: 1px solid #ddd; padding: .25rem .5rem; text-align: left;
  vertical-align: top; }
th { background: #f4f4f6; }
figure { margin: 1.2rem 0; } figcaption { color: #555; font-size: .88rem; }
figure svg { max-width: 100%; height: auto; }
.findings li { margin: .3rem 0; } .muted { color: #666; }
</style>
</head>
<body>
<h1>{{ title }}</h1>
<p class="muted">{{ rows }} games from {{ sources|length }} file{{ 's' if sources|length != 1 }}:
{% for name, n in sources %}{{ name }} ({{ n }} rows){{ ", " if not loop.last }}{% endfor %}.
Intervals are 95%: Wilson for rates, Student-t for means and for paired differences.</p>
{% for g in games %}
<section id="game-{{ loop.index }}">
<h2>{{ g.game }}</h2>
<p class="muted">{{ g.series|length }} series; baseline: {{ g.baseline }}{% if g.swept %};
swept: {{ g.swept|join(", ") }}{% endif %}.</p>
<h3>What changed significantly</h3>
{% if g.findings %}<ul class="findings">{% for f in g.findings %}<li>{{ f }}</li>{% endfor %}</ul>
{% else %}<p>Only one variant: nothing to compare.</p>{% endif %}
<h3>Summary</h3>
<table class="summary"><tr>{% for h in g.head %}<th>{{ h }}</th>{% endfor %}</tr>
{% for r in g.rows %}<tr>{% for c in r %}<td>{{ c }}</td>{% endfor %}</tr>
{% endfor %}</table>
{% if g.change_rows %}<details><summary>Every change against the baseline</summary>
<table class="changes"><tr>{% for h in g.change_head %}<th>{{ h }}</th>{% endfor %}</tr>
{% for r in g.change_rows %}<tr>{% for c in r %}<td>{{ c }}</td>{% endfor %}</tr>
{% endfor %}</table></details>{% endif %}
{% for f in g.figures %}
<figure id="{{ f.slug }}"><h3>{{ f.title }}</h3>
{{ f.svg }}
<figcaption>{{ f.caption }}</figcaption></figure>
{% endfor %}
</section>
{% endfor %}
</body>
</html>
"""


def render(
    title: str, res: Results, analyses: Sequence[GameAnalysis], figures: Sequence[list[Drawn]]
) -> str:
    """The whole page."""
    env = Environment(autoescape=True, keep_trailing_newline=True)
    games = []
    for a, figs in zip(analyses, figures, strict=True):
        head, rows = table(a)
        change_head, change_rows = change_table(a)
        games.append(
            {
                "game": a.game,
                "baseline": a.baseline,
                "swept": a.swept,
                "series": a.series,
                "findings": findings(a),
                "head": head,
                "rows": rows,
                "change_head": change_head,
                "change_rows": change_rows,
                "figures": [
                    {"slug": f.slug, "title": f.title, "caption": f.caption, "svg": Markup(f.svg)}
                    for f in figs
                ],
            }
        )
    return env.from_string(TEMPLATE).render(
        title=title, rows=res.n, sources=res.sources, games=games
    )
