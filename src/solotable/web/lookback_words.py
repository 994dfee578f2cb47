"""The words and the chart of the history, stats and replay pages.

The store keeps data (option values, AI level names, returns and scores); these functions
say them in the player's language from the catalog, at the moment a page is drawn, so a
game played in French is listed in English for an English reader.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markupsafe import Markup, escape

from solotable.core.errors import SolotableError
from solotable.core.registry import game_class
from solotable.session.playstats import NO_AI, levels_of
from solotable.words import Words
from solotable.words.shared.web import level_label as shared_level_label


def level_label(w: Words, level: str) -> str:
    """An AI level in words ("" for a game without an AI seat: shown as "no AI")."""
    if level == NO_AI:
        return w._("no AI")
    return " + ".join(shared_level_label(w.shared, p) for p in levels_of(level))


def settings_text(w: Words, row: dict[str, Any]) -> str:
    """The options a game was played with that differ from the defaults, in words (or
    "standard rules"); 51st State's faction drawn at random is named as played."""
    game = str(row.get("game", ""))
    options = dict(row.get("options") or {})
    faction = (row.get("stats") or {}).get("faction")
    try:
        specs = game_class(game).info.options
    except SolotableError:
        return ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
    parts = []
    for spec in specs:
        if spec.name not in options or options[spec.name] == spec.default:
            continue
        value = options[spec.name]
        label = w.option_label(game, spec)
        if spec.choices is not None or isinstance(value, str):
            shown = w.choice_label(game, spec, value)
        else:
            shown = w.shared.value(value)
        parts.append(f"{label}: {shown}")
    if isinstance(faction, str) and "faction" in options and options["faction"] == "random":
        parts.append(w._("faction played: %(faction)s", faction=_faction(w, game, faction)))
    return ", ".join(parts) or w._("standard rules")


def _faction(w: Words, game: str, faction: str) -> str:
    try:
        spec = next(s for s in game_class(game).info.options if s.name == "faction")
    except (StopIteration, SolotableError):
        return faction
    return w.choice_label(game, spec, faction)


def result_text(w: Words, row: dict[str, Any]) -> str:
    """How a game ended, from its row's data: won, lost or a draw for a game with a win,
    the score for a scoring game; resigned, lost on time or unfinished otherwise."""
    status = row.get("status")
    if status == "playing":
        return w._("unfinished")
    if status == "resigned":
        return w._("resigned")
    if status == "forfeited":
        return w._("lost on time")
    result = row.get("result") or {}
    returns, scores = result.get("returns"), result.get("scores")
    score = row.get("score")
    if isinstance(returns, list) and isinstance(scores, list) and returns != scores:
        seats = row.get("seats") or []
        viewer = next((i for i, s in enumerate(seats) if s.get("agent") is None), 0)
        mine = float(returns[viewer]) if viewer < len(returns) else 0.0
        if mine > 0:
            return w._("won")
        if mine == 0 and len(returns) > 1:
            return w._("draw")
        return w._("lost")
    if score is None:
        return w._("finished")
    return w._("score %(score)s", score=w.shared.num(float(score)))


def unit_amount(w: Words, x: float, unit: str) -> str:
    """A review's loss in its unit: ``3.5 points`` or ``25% win chance``."""
    if unit == "win chance":
        return w._("%(pct)s%% win chance", pct=w.shared.num(round(100 * x)))
    return w._("%(points)s points", points=w.shared.num(round(x, 1), 1))


BINS = 16
"""At most this many bars: more distinct scores are grouped into equal ranges."""
MIN_SLOTS = 8
"""A chart is at least this many bars wide, so one score is not a wall."""
WIDTH, HEIGHT, PAD = 320, 140, 18


def _bars(dist: Sequence[Sequence[float]], lo: float, hi: float) -> list[tuple[float, float, int]]:
    """(from, to, games) per bar: every whole score from the lowest to the highest when
    they fit (empty ones included, so the shape shows), else equal ranges."""
    counts = {float(s): int(n) for s, n in dist}
    whole = all(s.is_integer() for s in counts)
    if whole and hi - lo < BINS:
        return [(x, x, counts.get(x, 0)) for x in (lo + i for i in range(int(hi - lo) + 1))]
    if len(counts) <= BINS:
        return [(s, s, n) for s, n in sorted(counts.items())]
    width = (hi - lo) / BINS or 1.0
    binned = [0] * BINS
    for s, n in counts.items():
        binned[min(BINS - 1, int((s - lo) / width))] += n
    return [(lo + i * width, lo + (i + 1) * width, c) for i, c in enumerate(binned)]


def chart(w: Words, dist: Sequence[Sequence[float]]) -> Markup:
    """The scores' distribution as an inline SVG bar chart that scales to its box (no
    horizontal scroll on a phone), each bar titled with its range and count."""
    if not dist:
        return Markup("")
    lo, hi = float(dist[0][0]), float(dist[-1][0])
    bars = _bars(dist, lo, hi)
    top = max(b[2] for b in bars) or 1
    slot = (WIDTH - 2 * PAD) / max(len(bars), MIN_SLOTS)
    left = PAD + (WIDTH - 2 * PAD - slot * len(bars)) / 2  # a few bars sit in the middle
    shapes = [
        Markup('<text x="2" y="{0}" class="tick top">{1}</text>').format(PAD, w.shared.num(top))
    ]
    for i, (a, b, n) in enumerate(bars):
        h = (HEIGHT - 2 * PAD) * n / top
        x = left + i * slot
        y = HEIGHT - PAD - h
        what = w.shared.num(a) if a == b else f"{w.shared.num(a)}–{w.shared.num(b)}"
        label = w.shared.ngettext("%(score)s: %(n)s game", "%(score)s: %(n)s games", n, score=what)
        shapes.append(
            Markup(
                '<g class="bar"><title>{0}</title><rect x="{1:.1f}" y="{2:.1f}" '
                'width="{3:.1f}" height="{4:.1f}"/></g>'
            ).format(label, x + 1, y, max(1.0, slot - 2), h)
        )
        if i in (0, len(bars) - 1) or (len(bars) <= MIN_SLOTS and n):
            shapes.append(
                Markup('<text x="{0:.1f}" y="{1}" class="tick">{2}</text>').format(
                    x + slot / 2, HEIGHT - 4, w.shared.num(a)
                )
            )
    title = escape(w._("How many games ended on each score"))
    return Markup(
        '<svg class="score-chart" viewBox="0 0 {0} {1}" role="img" aria-label="{2}" '
        'preserveAspectRatio="xMidYMid meet">{3}</svg>'
    ).format(WIDTH, HEIGHT, title, Markup("").join(shapes))
