"""The tables of docs/balance.md, computed from results files (``--out``) alone.

Reads rows with :func:`solotable.sim.results.read_results` (no pandas needed) and prints
Markdown tables with 95% intervals:

    python examples/balance_tables.py divers mdc-presets.parquet     # Mini DiverCity, by Diver
    python examples/balance_tables.py seats divercite-neutral.parquet  # first or second player

``divers`` compares the games where each Diver was dealt with those where it was not (Divers are
dealt by chance, so this is a randomised comparison), per cell.
``seats`` gives the first and second player's win rates per cell (from ``stat.winning seat``)
and the paired change of the first player's win rate from the first cell (same seeds).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Any

from solotable.sim.results import read_results
from solotable.stats.accumulate import Moments
from solotable.stats.intervals import paired_difference, welch, wilson


def _pct(entry: dict[str, Any]) -> str:
    lo, hi = entry["ci95"]
    return f"{100 * entry['rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def _diff(dealt: Moments, other: Moments) -> str:
    """Win-rate difference dealt − not dealt, Welch t interval on the 0/1 outcomes."""
    ma, mb, va, vb = other.mean(), dealt.mean(), other.variance(), dealt.variance()
    if ma is None or mb is None or va is None or vb is None:
        return "—"
    d, half = mb - ma, welch(other.n, ma, va, dealt.n, mb, vb)
    mark = " *" if d - half > 0 or d + half < 0 else ""
    return f"{100 * d:+.1f} [{100 * (d - half):+.1f}, {100 * (d + half):+.1f}]{mark}"


def divers(paths: list[str]) -> None:
    """Win rate with and without each Diver, per cell."""
    # (cell, diver) -> wins (0/1) in the games it was dealt / not dealt; times used
    dealt: dict[tuple[str, str], Moments] = defaultdict(Moments)
    other: dict[tuple[str, str], Moments] = defaultdict(Moments)
    used: dict[tuple[str, str], int] = defaultdict(int)
    cells: list[str] = []
    names: list[str] = []
    for row in read_results(paths):
        cell = row["variant"] or "(all)"
        if cell not in cells:
            cells.append(cell)
        win = float(row["stat.result"] == "win")
        for key, value in row.items():
            if not key.startswith("stat.dealt "):
                continue
            diver = key.removeprefix("stat.dealt ")
            if diver not in names:
                names.append(diver)
            (dealt if value else other)[(cell, diver)].add(win)
            if value:
                used[(cell, diver)] += int(row[f"stat.used {diver}"] or 0)
    # No pooling over cells: a sweep's cells share their seeds, hence their deals.
    for cell in cells:
        print(f"\n**{cell}**\n")
        print("| Diver | games dealt | win rate when dealt | when not dealt |", end="")
        print(" difference (pts) | used |")
        print("|---|---|---|---|---|---|")
        order = sorted(names, key=lambda n: -(dealt[(cell, n)].mean() or 0.0))
        for n in order:
            a, b = dealt[(cell, n)], other[(cell, n)]
            wa = wilson(int(a.s), a.n)
            wb = wilson(int(b.s), b.n)
            share = used[(cell, n)] / a.n if a.n else 0.0
            print(f"| {n} | {a.n} | {_pct(wa)} | {_pct(wb)} | {_diff(a, b)} | {100 * share:.0f}% |")


def seats(paths: list[str]) -> None:
    """First/second player win rates per cell, and the paired change of the first's."""
    tally: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    firsts: dict[str, dict[int, float]] = defaultdict(dict)
    edges: dict[str, Moments] = defaultdict(Moments)
    cells: list[str] = []
    for row in read_results(paths):
        cell = row["variant"] or "(all)"
        if cell not in cells:
            cells.append(cell)
        who = str(row["stat.winning seat"])
        tally[cell][who] += 1
        tally[cell]["games"] += 1
        firsts[cell][row["index"]] = float(who == "first player")
        edges[cell].add(float(who == "first player") - float(who == "second player"))
    print("| cell | games | first player wins | second player wins | draws |", end="")
    print(" first − second (pts) |")
    print("|---|---|---|---|---|---|")
    for cell in cells:
        t = tally[cell]
        n = t["games"]
        f, s, d = t["first player"], t["second player"], t["draw"]
        edge = edges[cell].ci()  # per game: +1 first wins, -1 second wins, 0 draw
        lo, hi = edge["ci95"]
        print(
            f"| {cell} | {n} | {_pct(wilson(f, n))} | {_pct(wilson(s, n))} | "
            f"{_pct(wilson(d, n))} | {100 * edge['mean']:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}] |"
        )
    base = cells[0]
    for cell in cells[1:]:
        diffs = Moments()
        for index, value in firsts[cell].items():
            if index in firsts[base]:
                diffs.add(value - firsts[base][index])
        c = paired_difference(diffs.n, diffs.mean(), diffs.variance(), None)
        lo, hi = c["ci95"]
        print(
            f"\npaired change of the first player's win rate, {base} → {cell}: "
            f"{100 * c['diff']:+.1f} pts [{100 * lo:+.1f}, {100 * hi:+.1f}] over {c['n']} seeds"
        )


def main(argv: list[str]) -> None:
    if len(argv) < 2 or argv[0] not in ("divers", "seats"):
        raise SystemExit(__doc__)
    (divers if argv[0] == "divers" else seats)(argv[1:])


if __name__ == "__main__":
    main(sys.argv[1:])
