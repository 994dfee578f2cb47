"""The report's view of per-game results files: checked rows, kept by column.

``sim.results.read_results`` parses the files (CSV or Parquet, schema 1, see
docs/balance.md); a results file comes from someone's experiment and may be
hand-edited, truncated or hostile, so this module checks what the report relies on
(the columns it needs, finite numbers, seat counts) and turns any problem into one
``ResultsError`` line naming the file, the row and the column. The rows are kept by
column: a 10^6-game file is 20 lists, not 10^6 dicts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solotable.core.untrusted import shorten
from solotable.sim.results import ResultsError, read_results

SCHEMA = 1
TEXT = ("game", "variant", "options", "agents", "outcome")
INTS = ("schema", "run_seed", "index", "seed", "players", "plies")
REQUIRED = (
    *("schema", "game", "variant", "options", "agents", "run_seed", "index", "seed"),
    *("players", "agent_0", "score_0", "return_0", "outcome", "plies"),
)
MAX_PLAYERS = 64
LIMIT = 1e300
MAX_INT = 2**64


@dataclass
class Results:
    """The rows of one or more results files, by column.

    ``stats``/``vary`` map each ``stat.*``/``vary.*`` column (name without prefix) to its
    values; a stat column is numbers (floats, None where empty) when every value is a
    number, else text ("" where empty).
    """

    n: int = 0
    players: int = 0
    text: dict[str, list[str]] = field(default_factory=dict)
    ints: dict[str, list[int]] = field(default_factory=dict)
    agent: list[list[str]] = field(default_factory=list)
    score: list[list[float | None]] = field(default_factory=list)
    ret: list[list[float | None]] = field(default_factory=list)
    stats: dict[str, list[Any]] = field(default_factory=dict)
    vary: dict[str, list[str]] = field(default_factory=dict)
    metrics: dict[str, list[float | None]] = field(default_factory=dict)
    """``metric.*`` columns (per-decision game metrics; absent in files written before them)."""
    sources: list[tuple[str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for c in TEXT:
            self.text.setdefault(c, [])
        for c in INTS:
            self.ints.setdefault(c, [])

    def numeric_stats(self) -> list[str]:
        return [k for k, v in self.stats.items() if _all_numbers(v)]

    def text_stats(self) -> list[str]:
        return [k for k, v in self.stats.items() if not _all_numbers(v)]


def _all_numbers(values: Sequence[Any]) -> bool:
    return all(v is None or isinstance(v, float) for v in values) and any(
        v is not None for v in values
    )


class _Reader:
    """Appends one file's rows to a :class:`Results`, checking every value."""

    def __init__(self, out: Results, path: Path) -> None:
        self.out, self.path, self.name = out, path, shorten(str(path))

    def fail(self, row: int, message: str) -> ResultsError:
        return ResultsError(f"{self.name}: row {row}: {message}")

    def header(self, cols: Sequence[str]) -> int:
        missing = [c for c in REQUIRED if c not in cols]
        if missing:
            raise ResultsError(
                f"{self.name}: not a solotable results file (no column {', '.join(missing[:3])})"
            )
        players = 0
        while f"agent_{players}" in cols and players < MAX_PLAYERS:
            players += 1
        for kind in ("score", "return"):
            if any(f"{kind}_{p}" not in cols for p in range(players)):
                raise ResultsError(f"{self.name}: not a solotable results file (no {kind}_p)")
        return players

    def number(self, value: Any, row: int, col: str, empty_ok: bool) -> float | None:
        if value is None or value == "":
            if empty_ok:
                return None
            raise self.fail(row, f"column {col} is empty")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(row, f"column {col}: expected a number, got {shorten(repr(value))}")
        x = float(value)
        if not math.isfinite(x) or abs(x) > LIMIT:
            raise self.fail(row, f"column {col}: {shorten(repr(value))} is out of range")
        return x

    def integer(self, value: Any, row: int, col: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_INT:
            raise self.fail(
                row, f"column {col}: expected a whole number >= 0, got {shorten(repr(value))}"
            )
        return value

    def read(self, rows: Iterable[Mapping[str, Any]]) -> int:
        out, start, players = self.out, self.out.n, -1
        for k, row in enumerate(rows):
            if players < 0:
                players = self.header(list(row))
                while len(out.agent) < players:
                    out.agent.append([""] * out.n)
                    out.score.append([None] * out.n)
                    out.ret.append([None] * out.n)
                out.players = max(out.players, players)
                stat_cols = [c[5:] for c in row if c.startswith("stat.")]
                vary_cols = [c[5:] for c in row if c.startswith("vary.")]
                metric_cols = [c[7:] for c in row if c.startswith("metric.")]
                for name in stat_cols:
                    out.stats.setdefault(name, [None] * out.n)
                for name in vary_cols:
                    out.vary.setdefault(name, [""] * out.n)
                for name in metric_cols:
                    out.metrics.setdefault(name, [None] * out.n)
            self.row(k + 1, row, players, stat_cols, vary_cols, metric_cols)
        count = out.n - start
        if count == 0:
            raise ResultsError(f"{self.name}: no games in the file (a header only, or empty)")
        for values in out.stats.values():  # columns this file lacks
            values.extend([None] * (out.n - len(values)))
        for texts in out.vary.values():
            texts.extend([""] * (out.n - len(texts)))
        for numbers in out.metrics.values():
            numbers.extend([None] * (out.n - len(numbers)))
        for p in range(players, len(out.agent)):
            out.agent[p].extend([""] * count)
            out.score[p].extend([None] * count)
            out.ret[p].extend([None] * count)
        out.sources.append((self.path.name, count))
        return count

    def row(
        self,
        k: int,
        row: Mapping[str, Any],
        players: int,
        stat_cols: list[str],
        vary_cols: list[str],
        metric_cols: list[str],
    ) -> None:
        out = self.out
        for c in INTS:
            out.ints[c].append(self.integer(row.get(c), k, c))
        if out.ints["schema"][-1] != SCHEMA:
            raise self.fail(k, f"schema {out.ints['schema'][-1]}, this version reads {SCHEMA}")
        n_seats = out.ints["players"][-1]
        if not 1 <= n_seats <= players:
            raise self.fail(k, f"players is {n_seats}, the file has {players} agent columns")
        for c in TEXT:
            v = row.get(c)
            out.text[c].append("" if v is None else str(v))
        for p in range(players):
            seated = p < n_seats
            out.agent[p].append(str(row.get(f"agent_{p}") or ""))
            out.score[p].append(self.number(row.get(f"score_{p}"), k, f"score_{p}", not seated))
            out.ret[p].append(self.number(row.get(f"return_{p}"), k, f"return_{p}", not seated))
        for name in stat_cols:
            v = row.get("stat." + name)
            if v is not None and not isinstance(v, str):
                v = self.number(v, k, "stat." + name, True)
            out.stats[name].append(None if v == "" else v)
        for name in vary_cols:
            v = row.get("vary." + name)
            out.vary[name].append("" if v is None else str(v))
        for name in metric_cols:
            out.metrics[name].append(
                self.number(row.get("metric." + name), k, "metric." + name, True)
            )
        out.n += 1


def load_results(paths: Sequence[Path], progress: Callable[[Path], None] | None = None) -> Results:
    """Every row of ``paths`` (``.csv`` or ``.parquet``), checked; ``progress(path)`` after
    each file."""
    out = Results()
    for path in paths:
        try:
            _Reader(out, path).read(read_results([path]))
        except ResultsError:
            raise
        except (ValueError, TypeError) as e:  # a cell the parser could not type
            raise ResultsError(f"{shorten(str(path))}: {shorten(str(e), 200)}") from None
        if progress is not None:
            progress(path)
    for name, values in out.stats.items():
        if not _all_numbers(values):
            out.stats[name] = ["" if v is None else _text(v) for v in values]
    return out


def _text(v: Any) -> str:
    """A number in a text column as it was probably typed (3.0 → "3")."""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)
