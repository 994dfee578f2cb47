"""The human-readable form of a simulation summary (the JSON one is the data)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from solotable.core.game import Game
from solotable.core.registry import RESEARCH_LABEL, is_research_spec
from solotable.words import words


def mark_research(summary: dict[str, Any], game: Game, specs: list[str]) -> None:
    """Label every research agent of a summary (``"research": RESEARCH_LABEL``), so no
    figure of an agent that saw hidden information passes for a player's."""
    flagged = {s for s in specs if is_research_spec(s, game)}
    for entry in summary.get("agents", []):
        if entry.get("name") in flagged:
            entry["research"] = RESEARCH_LABEL


def _name(entry: dict[str, Any]) -> str:
    research = entry.get("research")
    return escape(entry["name"] + (f" [{research}]" if research else ""))


def fmt_ci(entry: dict[str, Any], key: str = "mean", pct: bool = False) -> str:
    """``12.30 [11.9, 12.7]``; what a tiny sample cannot say is said in words
    (``57.00 (n too small)``), never as a zero-width interval."""
    value = entry.get(key)
    lo, hi = entry.get("ci95", [None, None])
    if value is None:
        return "—"
    note = entry.get("note")
    if lo is None or hi is None or note:
        shown = f"{100 * value:.1f}%" if pct else f"{value:.2f}"
        return f"{shown} ({note or 'no interval'}, n={entry.get('n', '?')})"
    if pct:
        return f"{100 * value:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
    return f"{value:.2f} [{lo:.2f}, {hi:.2f}]"


def print_summary(console: Console, summary: dict[str, Any], seconds: float) -> None:
    console.print(
        f"[bold]{escape(summary['game'])}[/bold]: {summary['games']} games, seed "
        f"{summary['seed']}, {seconds:.1f} s"
    )
    agents = summary["agents"]
    table = Table(title="results (95% intervals)")
    if agents and "wins" in agents[0]:
        for col in (
            "agent",
            "games",
            "wins",
            "losses",
            "draws",
            "win rate",
            "mean score",
            "opponent score",
        ):
            table.add_column(col)
        for a in agents:
            table.add_row(
                _name(a),
                str(a["games"]),
                str(a["wins"]),
                str(a["losses"]),
                str(a["draws"]),
                fmt_ci(a["win_rate"], "rate", pct=True),
                fmt_ci(a["mean_score"]),
                fmt_ci(a["mean_opponent_score"]),
            )
    else:
        for col in ("agent", "games", "win rate", "mean score"):
            table.add_column(col)
        for a in agents:
            rate = fmt_ci(a["win_rate"], "rate", pct=True) if "win_rate" in a else "—"
            table.add_row(_name(a), str(a["games"]), rate, fmt_ci(a["mean_score"]))
    console.print(table)
    if any(a.get("research") for a in agents):
        console.print(
            f"[yellow]research agent(s) marked above ({escape(RESEARCH_LABEL)}): "
            "an upper bound, not a player's result[/yellow]"
        )
    w, game = words(), summary["game"]
    scales = summary.get("scales", {})
    for key, counts in summary.get("categories", {}).items():
        total = sum(counts.values())
        if key in scales:  # a scale (rating bands) in its own order, not by count
            counts = {v: counts[v] for v in scales[key] if v in counts}
        label = w.stat_label(game, key)
        t = Table(title=escape(f"{label} distribution"))
        t.add_column(escape(label))
        t.add_column("games")
        t.add_column("share")
        for value, count in counts.items():
            shown = w.stat_value(game, key, value)
            t.add_row(escape(str(shown)), str(count), f"{100 * count / total:.1f}%")
        console.print(t)
    numbers = summary.get("numbers", {})
    if numbers:
        t = Table(title="averages (95% intervals)")
        t.add_column("quantity")
        t.add_column("mean")
        for key, entry in numbers.items():
            t.add_row(escape(w.stat_label(game, key)), fmt_ci(entry))
        console.print(t)
    for key, groups in summary.get("score_by", {}).items():
        label = w.stat_label(game, key)
        t = Table(title=escape(f"mean score by {label}"))
        t.add_column(escape(label))
        t.add_column("games")
        t.add_column("mean score")
        if key in scales:
            groups = {v: groups[v] for v in scales[key] if v in groups}
        for value, entry in groups.items():
            t.add_row(escape(str(w.stat_value(game, key, value))), str(entry["n"]), fmt_ci(entry))
        console.print(t)
