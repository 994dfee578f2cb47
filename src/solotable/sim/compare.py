"""Paired comparisons of cells: option sets (``compare -v``, ``sweep``) or agents (``compare
--agents a,b``).

Every cell plays the same game indices with the same run seed, so game ``i``
has the same seed, seats and agent seeds in every cell (common random numbers):
the same deal whatever the options or the agent.
The change from the baseline (the first cell) is therefore measured game by
game: the mean of the per-seed differences, with a Student-t interval on those
differences. That interval is much narrower than an unpaired one when the seed
explains much of the variance (the issue measured 1.57 against 2.00); both are
reported so the reader sees what pairing bought.

Every agent of the run is a *subject* (agent ``k`` = the ``k``-th of the agent
list, whatever its seat); in multi-player games every seat is one too, which is
how a first-player advantage shows. When the cells are agents, the subject is the
agent under test (the first of each cell's list; a two-player cell seats it against
a fixed opponent), and in a solo game the agents' scores on common deals are split
into skill and luck (``stats.skill``). Every numeric ``stats()`` field is compared
too. Memory: one float per game, subject and metric for the baseline (8 bytes
each; per cell for agent cells, for the skill/luck split), everything else streams.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from solotable.sim.simulation import GameResult, accumulate, iter_games
from solotable.stats.accumulate import SummaryAccumulator
from solotable.stats.intervals import paired_difference, welch, wilson
from solotable.stats.moments import Moments
from solotable.stats.skill import decompose

METRICS = ("win_rate", "mean_score")


@dataclass(frozen=True)
class Cell:
    """One option set of a comparison: its label (the ``variant`` column of the rows),
    the game's full resolved options, and the values varied in a sweep."""

    label: str
    options: dict[str, Any]
    vary: dict[str, str] = field(default_factory=dict)
    agents: tuple[str, ...] = ()
    """The cell's agent list when the cells are agents (empty: the comparison's list)."""


@dataclass(frozen=True)
class Subject:
    """Whose numbers a row of the comparison is: an agent of the list, or a seat."""

    name: str
    agent: int | None = None
    seat: int | None = None

    def seat_of(self, r: GameResult) -> int:
        if self.seat is not None:
            return self.seat
        assert self.agent is not None
        return r.seats.index(self.agent) if self.agent in r.seats else 0


def subjects(agent_specs: Sequence[str], num_players: int, by_agent: bool = False) -> list[Subject]:
    """Every agent given (not only the first) and, in multi-player games, every seat; when
    the cells are agents, the agent under test (the first of each cell's list)."""
    if by_agent:
        return [Subject("agent", agent=0)]
    out = [Subject(f"{spec} (agent {k + 1})", agent=k) for k, spec in enumerate(agent_specs)]
    if num_players == 1:
        return [Subject(agent_specs[0], agent=0)]
    return out + [Subject(f"seat {p}", seat=p) for p in range(num_players)]


def win_of(r: GameResult, seat: int) -> float | None:
    """1/0 for a win of ``seat``; None for a solo game without a win/loss result."""
    if len(r.returns) == 1:
        res = r.stats.get("result")
        return None if not isinstance(res, str) else float(res == "win")
    return 1.0 if r.returns[seat] > 0 else 0.0


@dataclass
class _Tally:
    """One subject in one cell: the metric moments and the paired differences."""

    wins: int = 0
    values: dict[str, Moments] = field(default_factory=lambda: {m: Moments() for m in METRICS})
    diffs: dict[str, Moments] = field(default_factory=lambda: {m: Moments() for m in METRICS})


@dataclass
class _Stats:
    """The numeric ``stats()`` fields of one cell, and their paired differences."""

    values: dict[str, Moments] = field(default_factory=dict)
    diffs: dict[str, Moments] = field(default_factory=dict)


def compare_cells(
    game_name: str,
    cells: Sequence[Cell],
    agent_specs: Sequence[str],
    games: int,
    seed: int,
    *,
    num_players: int,
    jobs: int | None = 1,
    time_budget: float | None = None,
    precision: dict[str, float] | None = None,
    backend: str = "local",
    address: str | None = None,
    on_result: Callable[[int, GameResult], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games in every cell (same seeds) and compare each to ``cells[0]``.

    ``precision`` (``{"win_rate": 0.02, "mean_score": 1.0}``) is the half-width the
    caller wants: a wider paired interval carries ``games_needed``. ``on_result(k, r)``
    sees every game of cell ``k`` as it finishes (results files, progress).
    ``backend``, ``address`` and ``jobs`` say where games are played, never what they are.
    Cells with their own ``agents`` compare agents (``agent_specs`` then lists them).
    """
    by_agent = any(c.agents for c in cells)
    subs = subjects(agent_specs, num_players, by_agent)
    kept = range(len(cells)) if by_agent and num_players == 1 else range(1)
    per_cell: dict[tuple[int, int, str], array[float]] = {
        (k, s, m): array("d", bytes(8 * games))
        for k in kept
        for s in range(len(subs))
        for m in METRICS
    }
    base_stats: dict[str, array[float]] = {}
    has_win = [True] * len(subs)
    out_cells: list[dict[str, Any]] = []
    base_tallies: list[_Tally] = []
    base_numbers: _Stats = _Stats()
    for k, cell in enumerate(cells):
        specs = list(cell.agents) or list(agent_specs)
        acc = SummaryAccumulator(game_name, specs, seed, num_players)
        tallies = [_Tally() for _ in subs]
        numbers = _Stats()
        for r in iter_games(
            game_name,
            cell.options,
            specs,
            range(games),
            seed,
            jobs=jobs,
            time_budget=time_budget,
            backend=backend,
            address=address,
        ):
            accumulate(acc, r)
            for s, (sub, t) in enumerate(zip(subs, tallies, strict=True)):
                seat = sub.seat_of(r)
                win = win_of(r, seat)
                if win is None:
                    has_win[s] = False
                    win = 0.0
                t.wins += int(win)
                for metric, value in (("win_rate", win), ("mean_score", float(r.scores[seat]))):
                    t.values[metric].add(value)
                    if k in kept:
                        per_cell[(k, s, metric)][r.index] = value
                    if k > 0:
                        t.diffs[metric].add(value - per_cell[(0, s, metric)][r.index])
            _add_stats(numbers, base_stats, r, k, games)
            if on_result is not None:
                on_result(k, r)
        if k == 0:
            base_tallies, base_numbers = tallies, numbers
        doc = _cell_doc(cell, acc.summary(), subs, tallies, base_tallies, has_win, k, precision)
        doc["stats"] = _stats_doc(numbers, base_numbers, k)
        out_cells.append(doc)
    result: dict[str, Any] = {
        "game": game_name,
        "games": games,
        "seed": seed,
        "agents": list(agent_specs),
        "paired": True,
        "subjects": [s.name for s in subs],
        "precision": dict(precision or {}),
        "variants": out_cells,
    }
    if by_agent:
        result["by_agent"] = True
        if num_players == 1 and len(cells) > 1:
            result["skill"] = {
                metric: decompose([list(per_cell[(k, 0, metric)]) for k in kept])
                for metric in METRICS
                if metric != "win_rate" or has_win[0]
            }
    return result


def _add_stats(
    numbers: _Stats, base: dict[str, array[float]], r: GameResult, k: int, n: int
) -> None:
    """A game's numeric statistics into its cell's moments (and, paired, the differences)."""
    for key, value in r.stats.items():
        if isinstance(value, str):
            continue
        v = float(value)
        numbers.values.setdefault(key, Moments()).add(v)
        if k == 0:
            if key not in base:
                base[key] = array("d", [math.nan]) * n
            base[key][r.index] = v
        else:
            b = base.get(key)
            if b is not None and not math.isnan(b[r.index]):
                numbers.diffs.setdefault(key, Moments()).add(v - b[r.index])


def _stats_doc(numbers: _Stats, base: _Stats, k: int) -> dict[str, Any]:
    """Each numeric statistic's mean and, past the baseline, its paired change."""
    out: dict[str, Any] = {}
    for key in sorted(numbers.values):
        entry: dict[str, Any] = {"mean": numbers.values[key].ci()}
        if k > 0 and key in numbers.diffs and key in base.values:
            entry["change"] = _change(
                numbers.diffs[key], base.values[key], numbers.values[key], None, key
            )
        out[key] = entry
    return out


def _cell_doc(
    cell: Cell,
    summary: dict[str, Any],
    subs: Sequence[Subject],
    tallies: Sequence[_Tally],
    base: Sequence[_Tally],
    has_win: Sequence[bool],
    k: int,
    precision: dict[str, float] | None,
) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    for s, (sub, t) in enumerate(zip(subs, tallies, strict=True)):
        row: dict[str, Any] = {"name": sub.name, "mean_score": t.values["mean_score"].ci()}
        if has_win[s]:
            row["win_rate"] = wilson(t.wins, t.values["win_rate"].n)
        if k > 0:
            for metric in METRICS:
                if metric == "win_rate" and not has_win[s]:
                    continue
                row[f"{metric}_change"] = _change(
                    t.diffs[metric], base[s].values[metric], t.values[metric], precision, metric
                )
        rows.append(row)
    doc: dict[str, Any] = {
        "label": cell.label,
        "options": dict(cell.options),
        "subjects": rows,
        "summary": summary,
    }
    if cell.vary:
        doc["vary"] = dict(cell.vary)
    if cell.agents:
        doc["agents"] = list(cell.agents)
    for metric in METRICS:  # the first agent's changes at the top, as before
        if f"{metric}_change" in rows[0]:
            doc[f"{metric}_change"] = rows[0][f"{metric}_change"]
    return doc


def _change(
    diffs: Moments,
    a: Moments,
    b: Moments,
    precision: dict[str, float] | None,
    metric: str,
) -> dict[str, Any]:
    ma, mb, va, vb = a.mean(), b.mean(), a.variance(), b.variance()
    unpaired = None
    if None not in (ma, mb, va, vb):
        assert ma is not None and mb is not None and va is not None and vb is not None
        unpaired = welch(a.n, ma, va, b.n, mb, vb)
    return paired_difference(
        diffs.n,
        diffs.mean(),
        diffs.variance(),
        unpaired,
        None if precision is None else precision.get(metric),
    )


__all__ = ["METRICS", "Cell", "Subject", "compare_cells", "subjects", "win_of"]
