"""The report page: one self-contained HTML file (inline CSS and SVG, no script, no URL).

Every string that comes from a results file (variant labels, agent specs, stat names and
values) goes through Jinja2's autoescaping; the only markup inserted as is, the figures'
SVG, is matplotlib's own output, which escapes the text it draws. Nothing varies between
runs on the same files (no date, no absolute path), so a report can be diffed.

Every word is the report's language (``lab.say``: the catalogs), every statistic is named
by its label with its one-line description in the page's glossary.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from solotable.lab.analysis import Change, GameAnalysis, Series
from solotable.lab.results import Results
from solotable.lab.say import Say
from solotable.stats import intervals as stats
from solotable.stats.metrics import METRIC_ORDER, SHARES
from solotable.words.shared.lab import (
    metric_help,
    metric_label,
    metric_value,
    pct,
    skill_help,
    skill_label,
)


@dataclass(frozen=True, slots=True)
class Drawn:
    """A figure as the page shows it (``lab.figures.Figure`` without matplotlib)."""

    slug: str
    title: str
    caption: str
    svg: str


def _constant_shift(c: Change) -> bool:
    """The same non-zero change in every pair: not "significant" (no spread for a t
    interval) but worth a sentence."""
    return c.estimate.note == stats.NO_SPREAD and c.estimate.value != 0


def _say(say: Say, c: Change, base: Series | None, s: Series) -> str:
    """``win rate 60.0% → 40.0%, -20.0 pts [-25.6, -14.4]``."""
    m = c.metric
    if base is None:
        return say._("%(metric)s %(change)s", metric=m.label, change=say.change(c.estimate, m.rate))
    return say._(
        "%(metric)s %(before)s → %(after)s, %(change)s",
        metric=m.label,
        before=say.value(base.estimate(m), m.rate, False),
        after=say.value(s.estimate(m), m.rate, False),
        change=say.change(c.estimate, m.rate),
    )


def _agents_sentence(say: Say, a: GameAnalysis, s: Series) -> str | None:
    """Two-player series of different agents: each agent's win rate, the agents' difference
    that the seats (alternated) hide."""
    rates = [m for m in a.metrics if m.key.startswith("agent ") and s.estimate(m).n]
    if len(rates) < 2:
        return None
    parts = [
        say._("%(agent)s won %(rate)s", agent=m.key[6:], rate=say.value(s.estimate(m), True))
        for m in rates
    ]
    return say._(
        "%(series)s: %(results)s of the games (seats alternated: each agent moved first in "
        "half of them).",
        series=s.label,
        results=say.t.join(parts),
    )


def findings(say: Say, a: GameAnalysis) -> list[str]:
    """One plain paragraph per compared series: the metrics whose interval excludes 0,
    the main ones (win rate, score, length) first, then the game's own statistics. In a
    two-player game of different agents, the agents' win rates come first."""
    out = [text for s in a.series if (text := _agents_sentence(say, a, s))]
    for k in sorted(a.changes):
        s, changes = a.series[k], a.changes[k]
        base = a.base_of(s)
        n = max((c.estimate.n for c in changes), default=0)
        how = (
            say.t.ngettext("%(n)s paired game", "%(n)s paired games", n)
            if changes and changes[0].paired
            else say._("unpaired, n = %(n)s", n=n)
        )
        head = say._(
            "%(series)s against %(base)s (%(how)s): ",
            series=s.label,
            base=base.label if base else a.baseline,
            how=how,
        )
        sig = [c for c in changes if c.estimate.excludes_zero() or _constant_shift(c)]
        if not sig:
            out.append(head + say._("no metric changed significantly."))
            continue
        main = [_say(say, c, base, s) for c in sig if not c.metric.key.startswith("stat.")]
        own = [_say(say, c, base, s) for c in sig if c.metric.key.startswith("stat.")]
        text = head + (
            "; ".join(main) + "." if main else say._("no main metric changed significantly.")
        )
        if own:
            text += " " + say._("Game statistics: %(list)s.", list="; ".join(own))
        rest = len(changes) - len(sig)
        if rest:
            text += " " + say.t.ngettext(
                "%(n)s other metric did not change significantly.",
                "%(n)s other metrics did not change significantly.",
                rest,
            )
        out.append(text)
    if a.indicators:
        out.append(_indicator_sentence(say, a))
    return out


def _indicator_sentence(say: Say, a: GameAnalysis) -> str:
    m = a.indicators[0].metric
    n = max(d.with_it.n + d.without.n for d in a.indicators)
    head = say._(
        "Within %(series)s (%(n)s games), by 0/1 statistic: ", series=a.baseline_label(), n=n
    )
    sig = [d for d in a.indicators if d.difference.excludes_zero()]
    if not sig:
        return head + say._("none changes the %(metric)s significantly.", metric=m.label)
    parts = [
        say._(
            "%(metric)s %(with)s with %(stat)s against %(without)s without, %(change)s",
            metric=m.label,
            stat=d.name,
            change=say.change(d.difference, m.rate),
            **{
                "with": say.value(d.with_it, m.rate, False),
                "without": say.value(d.without, m.rate, False),
            },
        )
        for d in sig
    ]
    rest = len(a.indicators) - len(sig)
    tail = (
        " " + say.t.ngettext("%(n)s other did not.", "%(n)s others did not.", rest) if rest else ""
    )
    return head + "; ".join(parts) + "." + tail


def table(say: Say, a: GameAnalysis) -> tuple[list[str], list[list[str]]]:
    """The summary table: one row per series; with different agents in a two-player game
    each agent's win rate first, then the seats', the score and the length."""
    metrics = a.summary_metrics()
    head = [say._("variant"), say._("agents"), say._("games"), *(m.label for m in metrics)]
    rows = []
    for s in a.series:
        cells = [s.variant, s.agents, str(len(s.rows))]
        cells += [say.value(s.estimate(m), m.rate) for m in metrics]
        rows.append(cells)
    return head, rows


def change_table(say: Say, a: GameAnalysis) -> tuple[list[str], list[list[str]]]:
    """Every change of every compared series (the numbers behind the sentences)."""
    head = [
        say._("variant"),
        say._("metric"),
        say._("change [95% interval]"),
        say._("pairs"),
        say._("significant"),
    ]
    rows = []
    for k in sorted(a.changes):
        for c in a.changes[k]:
            if c.estimate.note == stats.NO_SPREAD and c.estimate.value == 0:
                continue  # the same in every game of both: nothing to show
            n = str(c.estimate.n)
            rows.append(
                [
                    a.series[k].label,
                    c.metric.label,
                    say.change(c.estimate, c.metric.rate),
                    n if c.paired else say._("%(n)s (unpaired)", n=n),
                    say._("yes") if c.estimate.excludes_zero() else say._("no"),
                ]
            )
    return head, rows


def metric_table(say: Say, a: GameAnalysis) -> tuple[list[str], list[list[str]]]:
    """The game metrics: one row per metric, a column per series, then what it measures."""
    head = [say._("metric"), *(s.label for s in a.series), say._("what it measures")]
    rows = []
    for key in METRIC_ORDER:
        if not any(key in doc for doc in a.play):
            continue
        cells = [
            metric_value(say.t, key, doc[key], key in SHARES) if key in doc else "—"
            for doc in a.play
        ]
        rows.append([metric_label(say.t, key), *cells, metric_help(say.t, key)])
    return head, rows


def skill_section(say: Say, a: GameAnalysis) -> dict[str, Any] | None:
    """The skill/luck tables and the sentence a designer can quote."""
    if not a.skill:
        return None
    parts: list[dict[str, Any]] = []
    sentences = []
    for name, doc in a.skill.items():
        what = say._("score") if name == "score" else say._("win")
        if doc.get("note"):
            why = say._("no variation seen") if doc["note"] == stats.NO_SPREAD else None
            parts.append({"what": what, "note": why or say._("too few common deals")})
            continue
        rows = []
        for part in ("agent", "deal", "interaction"):
            e = doc[part]
            lo, hi = e["ci95"]
            share = pct(say.t, e["share"])
            if lo is not None and hi is not None:
                share = say._(
                    "%(value)s [%(low)s, %(high)s]",
                    value=share,
                    low=pct(say.t, lo),
                    high=pct(say.t, hi),
                )
            rows.append([skill_label(say.t, part), share, skill_help(say.t, part)])
        parts.append({"what": what, "deals": doc["deals"], "rows": rows})
        sentences.append(
            say._(
                "The deal explains %(deal)s of the %(what)s spread, the player %(agent)s "
                "(%(deals)s common deals).",
                deal=pct(say.t, doc["deal"]["share"]),
                agent=pct(say.t, doc["agent"]["share"]),
                what=what,
                deals=doc["deals"],
            )
        )
    return {
        "intro": say._(
            "Agents compared on the same deals: %(agents)s.", agents=say.t.join(a.skill_series)
        ),
        "sentences": sentences,
        "parts": parts,
        "head": [say._("part"), say._("share [95% interval]"), say._("meaning")],
    }


def glossary(say: Say, a: GameAnalysis) -> list[tuple[str, str]]:
    """Every statistic the page names, with its one-line description (from its catalog)."""
    out = []
    for key in sorted(a.stat_labels, key=lambda k: a.stat_labels[k][0].lower()):
        label, help_ = a.stat_labels[key]
        shown = label if label == key else f"{label} ({key})"
        out.append((shown, help_ or say._("(no description in the catalog)")))
    return out


TEMPLATE = """<!DOCTYPE html>
<html lang="{{ lang }}">
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
.findings li { margin: .3rem 0; } .muted { color: #666; } dt { font-weight: 600; }
</style>
</head>
<body>
<h1>{{ title }}</h1>
<p class="muted">{{ intro }}</p>
{% for g in games %}
<section id="game-{{ loop.index }}">
<h2>{{ g.game }}</h2>
<p class="muted">{{ g.about }}</p>
<h3>{{ words.changed }}</h3>
{% if g.findings %}<ul class="findings">{% for f in g.findings %}<li>{{ f }}</li>{% endfor %}</ul>
{% else %}<p>{{ words.nothing }}</p>{% endif %}
<h3>{{ words.summary }}</h3>
<table class="summary"><tr>{% for h in g.head %}<th>{{ h }}</th>{% endfor %}</tr>
{% for r in g.rows %}<tr>{% for c in r %}<td>{{ c }}</td>{% endfor %}</tr>
{% endfor %}</table>
{% if g.change_rows %}<details><summary>{{ words.every_change }}</summary>
<table class="changes"><tr>{% for h in g.change_head %}<th>{{ h }}</th>{% endfor %}</tr>
{% for r in g.change_rows %}<tr>{% for c in r %}<td>{{ c }}</td>{% endfor %}</tr>
{% endfor %}</table></details>{% endif %}
{% if g.skill %}<h3 id="skill-{{ loop.index }}">{{ words.skill }}</h3>
<p>{{ g.skill.intro }} {% for s in g.skill.sentences %}{{ s }} {% endfor %}</p>
{% for p in g.skill.parts %}{% if p.note %}<p>{{ p.what }}: {{ p.note }}</p>{% else %}
<table class="skill"><caption>{{ p.what }}</caption>
<tr>{% for h in g.skill.head %}<th>{{ h }}</th>{% endfor %}</tr>
{% for r in p.rows %}<tr>{% for c in r %}<td>{{ c }}</td>{% endfor %}</tr>{% endfor %}
</table>{% endif %}{% endfor %}
<p class="muted">{{ words.skill_note }}</p>{% endif %}
{% if g.metric_rows %}<h3 id="metrics-{{ loop.index }}">{{ words.metrics }}</h3>
<table class="metrics"><tr>{% for h in g.metric_head %}<th>{{ h }}</th>{% endfor %}</tr>
{% for r in g.metric_rows %}<tr>{% for c in r %}<td>{{ c }}</td>{% endfor %}</tr>
{% endfor %}</table>
<p class="muted">{{ words.metrics_note }}</p>{% endif %}
{% for f in g.figures %}
<figure id="{{ f.slug }}"><h3>{{ f.title }}</h3>
{{ f.svg }}
<figcaption>{{ f.caption }}</figcaption></figure>
{% endfor %}
{% if g.glossary %}<h3>{{ words.glossary }}</h3>
<dl class="glossary">{% for name, text in g.glossary %}<dt>{{ name }}</dt><dd>{{ text }}</dd>
{% endfor %}</dl>{% endif %}
</section>
{% endfor %}
</body>
</html>
"""


def render(
    title: str,
    res: Results,
    analyses: Sequence[GameAnalysis],
    figures: Sequence[list[Drawn]],
    say: Say | None = None,
) -> str:
    """The whole page."""
    say = say or Say("en")
    env = Environment(autoescape=True, keep_trailing_newline=True)
    games = []
    for a, figs in zip(analyses, figures, strict=True):
        head, rows = table(say, a)
        change_head, change_rows = change_table(say, a)
        metric_head, metric_rows = metric_table(say, a)
        about = say._("%(n)s series; baseline: %(base)s", n=len(a.series), base=a.baseline_label())
        if a.swept:
            about += "; " + say._("swept: %(keys)s", keys=", ".join(a.swept))
        games.append(
            {
                "game": a.game,
                "about": about + ".",
                "findings": findings(say, a),
                "head": head,
                "rows": rows,
                "change_head": change_head,
                "change_rows": change_rows,
                "metric_head": metric_head,
                "metric_rows": metric_rows,
                "skill": skill_section(say, a),
                "glossary": glossary(say, a),
                "figures": [
                    {"slug": f.slug, "title": f.title, "caption": f.caption, "svg": Markup(f.svg)}
                    for f in figs
                ],
            }
        )
    files = say.t.join(say._("%(file)s (%(n)s rows)", file=name, n=n) for name, n in res.sources)
    intro = say.t.ngettext(
        "%(n)s games from %(files)s file: %(list)s.",
        "%(n)s games from %(files)s files: %(list)s.",
        len(res.sources),
        n=res.n,
        files=len(res.sources),
        list=files,
    )
    intro += " " + say._(
        "Intervals are 95%: Wilson for rates, Student-t for means and for paired differences."
    )
    texts = {
        "changed": say._("What changed significantly"),
        "nothing": say._("Only one variant: nothing to compare."),
        "summary": say._("Summary"),
        "every_change": say._("Every change against the baseline"),
        "skill": say._("Skill and luck"),
        "skill_note": say._(
            "A two-way split of the spread over the deals every agent played (agent × deal, "
            "one game per cell), with 95% bootstrap intervals over deals; it describes these "
            "agents: a weaker or a stronger one changes the player's share. Method: "
            "docs/balance.md."
        ),
        "metrics": say._("Game metrics"),
        "metrics_note": say._(
            "From the counts the runner keeps at each decision (a file written before them "
            "gives the duration and the outcomes only); definitions and sources, Ludii's "
            "evaluation metrics among them: docs/balance.md."
        ),
        "glossary": say._("Statistics on this page"),
    }
    return env.from_string(TEMPLATE).render(
        title=title, intro=intro, games=games, words=texts, lang=say.lang
    )
