"""The tables ``compare`` and ``sweep`` print: cells, game statistics, skill and luck, matrix.

The JSON (``--json``) is the data; these are its human form, in the language of
``--lang`` (statistic and metric names from the message catalogs).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from solotable.cli.summary import fmt_ci
from solotable.core.registry import RESEARCH_LABEL
from solotable.stats.intervals import NO_SPREAD
from solotable.words import Words, words
from solotable.words.shared.lab import interval, pct, skill_help, skill_label


def fmt_change(entry: dict[str, Any] | None, pct_points: bool = False) -> str:
    """A paired change: ``+3.20 [+1.00, +5.40] *``; "baseline" for the first cell."""
    t = words().shared
    if entry is None:
        return t._("baseline")
    if entry["diff"] is None:
        return "—"
    k = 100.0 if pct_points else 1.0
    diff = f"{k * entry['diff']:+.2f}"
    if pct_points:
        diff = t._("%(value)s pts", value=diff)
    lo, hi = entry["ci95"]
    if lo is None or entry.get("note"):
        note = entry.get("note", NO_INTERVAL)
        return t._("%(value)s (%(note)s, n=%(n)s)", value=diff, note=_note(t, note), n=entry["n"])
    mark = " *" if entry.get("significant") else ""
    return f"{diff} [{k * lo:+.2f}, {k * hi:+.2f}]{mark}"


NO_INTERVAL = "n too small"


def _note(t: Any, note: str) -> str:
    """A statistics note (``stats.intervals``) in the shown language."""
    if note == NO_SPREAD:
        return str(t._("no variation seen"))
    if note == NO_INTERVAL:
        return str(t._("n too small"))
    return note


def print_comparison(console: Console, result: dict[str, Any], vary: list[str]) -> None:
    """One row per cell and subject; the changes are paired, to the first cell. Then the
    game's statistics that changed, and (agents of a solo game) skill against luck."""
    subjects = result["subjects"]
    by_agent = result.get("by_agent", False)
    t = words().shared
    title = t._(
        "%(game)s: %(games)s games per cell, seed %(seed)s, agents %(agents)s (95%% intervals)",
        game=result["game"],
        games=result["games"],
        seed=str(result["seed"]),
        agents=", ".join(result["agents"]),
    )
    if result.get("opponent"):
        title += t._(", each against %(opponent)s", opponent=result["opponent"])
    if result.get("research"):
        title += f" [{RESEARCH_LABEL}: {', '.join(result['research'])}]"
    table = Table(
        title=escape(title),
        caption=escape(
            t._(
                "Δ = paired change from the first row (same seeds, per-seed differences, "
                "Student t); * = the interval excludes 0"
            )
        ),
    )
    for col in vary or [t._("agent") if by_agent else t._("variant")]:
        table.add_column(escape(col))
    if len(subjects) > 1:
        table.add_column(t._("who"))
    for col in (t._("win rate"), t._("Δ win rate"), t._("mean score"), t._("Δ score")):
        table.add_column(col)
    for cell in result["variants"]:
        first = True
        for s in cell["subjects"]:
            keys = [cell["vary"][v] for v in vary] if vary else [cell["label"]]
            row = [escape(x) if first else "" for x in keys]
            if len(subjects) > 1:
                row.append(escape(s["name"]))
            rate = fmt_ci(s["win_rate"], "rate", pct=True) if "win_rate" in s else "—"
            win_change = fmt_change(s.get("win_rate_change"), True) if "win_rate" in s else "—"
            score_change = fmt_change(s.get("mean_score_change"))
            row += [rate, win_change, fmt_ci(s["mean_score"]), score_change]
            table.add_row(*row)
            first = False
    console.print(table)
    for line in precision_lines(result):
        console.print(line)
    w = words()
    print_stat_changes(console, result, w)
    if result.get("skill"):
        print_skill(console, result, w)


def print_stat_changes(console: Console, result: dict[str, Any], w: Words) -> None:
    """The game's numeric statistics whose paired change excludes 0 in some cell."""
    cells = result["variants"]
    if len(cells) < 2:
        return
    names = sorted({k for c in cells for k in c.get("stats", {})})
    moved = [
        k
        for k in names
        if any(c["stats"].get(k, {}).get("change", {}).get("significant") for c in cells[1:])
    ]
    t = w.shared
    if moved:
        table = Table(
            title=t._("Game statistics that changed"),
            caption=t._("First column: its mean; the others: the paired change from it."),
        )
        table.add_column(t._("statistic"))
        for c in cells:
            table.add_column(escape(c["label"]))
        for key in moved:
            row = [escape(w.stat_label(result["game"], key))]
            for k, c in enumerate(cells):
                entry = c["stats"].get(key)
                if entry is None:
                    row.append("—")
                elif k == 0:
                    row.append(fmt_ci(entry["mean"]))
                else:
                    row.append(fmt_change(entry.get("change")))
            table.add_row(*row)
        console.print(table)
    rest = len(names) - len(moved)
    if rest:
        console.print(
            t.ngettext(
                "%(n)s other game statistic did not change significantly.",
                "%(n)s other game statistics did not change significantly.",
                rest,
            )
        )


def print_skill(console: Console, result: dict[str, Any], w: Words) -> None:
    """Skill versus luck: the share of the spread explained by the agent and by the deal."""
    t = w.shared
    for metric, doc in result["skill"].items():
        what = t._("score") if metric == "mean_score" else t._("win")
        title = t._(
            "Skill and luck: what explains the spread of the %(what)s (%(deals)s common deals)",
            what=what,
            deals=doc["deals"],
        )
        if doc.get("note"):
            why = t._("no variation seen") if doc["note"] == NO_SPREAD else t._("too few games")
            console.print(f"{escape(title)}: {escape(why)}")
            continue
        table = Table(title=escape(title))
        table.add_column(t._("part"))
        table.add_column(t._("share [95% interval]"))
        table.add_column(t._("meaning"))
        for part in ("agent", "deal", "interaction"):
            e = doc[part]
            lo, hi = e["ci95"]
            share = pct(t, e["share"])
            if lo is not None and hi is not None:
                share = t._(
                    "%(value)s [%(low)s, %(high)s]", value=share, low=pct(t, lo), high=pct(t, hi)
                )
            table.add_row(skill_label(t, part), share, skill_help(t, part))
        console.print(table)


def print_matrix(console: Console, result: dict[str, Any]) -> None:
    """The agent × agent matrix (row agent's wins against the column agent) and the ratings."""
    t = words().shared
    agents = result["agents"]
    grid: list[list[str]] = [["—"] * len(agents) for _ in agents]
    for p in result["pairs"]:
        i, j = p["i"], p["j"]
        grid[i][j] = _cell(t, p["wins"], p["draws"], p["losses"], p["win_rate"])
        grid[j][i] = _cell(t, p["losses"], p["draws"], p["wins"], p["loss_rate"])
    table = Table(
        title=escape(
            t._(
                "%(game)s: every pair, %(games)s games each, seats alternated (seed %(seed)s)",
                game=result["game"],
                games=result["games"],
                seed=result["seed"],
            )
        ),
        caption=escape(
            t._("Row against column: wins–draws–losses, then the row's win rate [Wilson 95%].")
        ),
    )
    table.add_column("")
    for a in agents:
        table.add_column(escape(a))
    for i, a in enumerate(agents):
        table.add_row(escape(a), *grid[i])
    console.print(table)
    ratings = Table(
        title=escape(t._("Bradley–Terry rating on the Elo scale (anchor: %(a)s = 0)", a=agents[0])),
        caption=escape(
            t._(
                "95% bootstrap interval over games; one virtual draw per pair keeps a clean "
                "sweep finite."
            )
        ),
    )
    ratings.add_column(t._("agent"))
    ratings.add_column(t._("Elo [95% interval]"))
    for r in result["ratings"]:
        if r["agent"] == agents[0]:
            # The anchor is 0 by definition: a [+0, +0] interval would read as a measurement.
            ratings.add_row(escape(r["agent"]), escape(t._("0 (anchor)")))
            continue
        lo, hi = r["ci95"]
        span = "" if lo is None or hi is None else f" [{lo:+.0f}, {hi:+.0f}]"
        ratings.add_row(escape(r["agent"]), f"{r['elo']:+.0f}{span}")
    console.print(ratings)


def _cell(t: Any, wins: int, draws: int, losses: int, rate: dict[str, Any]) -> str:
    return f"{wins}–{draws}–{losses}, {interval(t, rate, True)}"


def precision_lines(result: dict[str, Any]) -> list[str]:
    """What pairing bought, and the games needed where an interval is wider than asked."""
    t = words().shared
    lines: list[str] = []
    for metric, k in (("win_rate", 100.0), ("mean_score", 1.0)):
        changes = [
            s[f"{metric}_change"]
            for cell in result["variants"]
            for s in cell["subjects"]
            if s.get(f"{metric}_change", {}).get("half_width") is not None
            and "note" not in s[f"{metric}_change"]
        ]
        if not changes:
            continue
        rate = metric == "win_rate"

        def width(x: float, rate: bool = rate, k: float = k) -> str:
            text = f"{k * x:.2f}"
            return t._("%(value)s pts", value=text) if rate else text

        paired = width(max(c["half_width"] for c in changes))
        unpaired = [c["unpaired_half_width"] for c in changes if "unpaired_half_width" in c]
        if rate:
            text = t._("win-rate changes: paired half-width up to ±%(paired)s", paired=paired)
        else:
            text = t._("score changes: paired half-width up to ±%(paired)s", paired=paired)
        if unpaired:
            text += t._(" (unpaired would be up to ±%(unpaired)s)", unpaired=width(max(unpaired)))
        lines.append(text)
        needed = [c["games_needed"] for c in changes if c.get("games_needed")]
        if needed:
            asked = next(c["precision"] for c in changes if "precision" in c)
            games = f"{max(needed):,}"
            if rate:
                line = t._(
                    "≈%(games)s games per variant needed for ±%(asked)s on every win-rate "
                    "change (--rate-precision)",
                    games=games,
                    asked=t._("%(value)s pts", value=format(k * asked, "g")),
                )
            else:
                line = t._(
                    "≈%(games)s games per variant needed for ±%(asked)s on every score change "
                    "(--precision)",
                    games=games,
                    asked=format(asked, "g"),
                )
            lines.append("  " + line)
    return lines


__all__ = ["fmt_change", "precision_lines", "print_comparison", "print_matrix"]
