"""Reading per-game results files (schema 1, docs/results.md) for the report.

A results file comes from someone's experiment and may be hand-edited, truncated or
hostile, so every value is checked on the way in (ASCII numbers, finite floats, the
schema version) and any problem is one ``ResultsError`` line naming the file, the line
and the column. The rows are kept by column: a 10^6-game file is 20 lists, not 10^6
dicts.
"""

from __future__ import annotations

import csv
import importlib
import math
import os
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solotable.core.errors import SolotableError
from solotable.core.untrusted import ascii_float, ascii_int, shorten

SCHEMA = 1
TEXT = ("game", "variant", "options", "agents", "outcome")
INTS = ("schema", "run_seed", "index", "seed", "players", "plies")
REQUIRED = (
    *("schema", "game", "variant", "options", "agents", "run_seed", "index", "seed"),
    *("players", "agent_0", "score_0", "return_0", "outcome", "plies"),
)
MAX_PLAYERS = 64
MAX_FIELD = 1 << 20
"""Longest CSV field accepted (an options JSON is well under 1 KB)."""
LIMIT = 1e300


class ResultsError(SolotableError):
    """A results file that is missing, malformed or of an unknown schema."""


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


def _open_regular(path: Path) -> None:
    """Refuse anything but a readable regular file before opening it (a FIFO would hang)."""
    try:
        st = path.stat()
    except OSError as e:
        raise ResultsError(f"{shorten(str(path))}: cannot read it ({e.strerror or e})") from None
    if not stat.S_ISREG(st.st_mode):
        raise ResultsError(f"{shorten(str(path))}: not a regular file (a folder, device or pipe)")
    if not os.access(path, os.R_OK):
        raise ResultsError(f"{shorten(str(path))}: the file is not readable")


def _csv_rows(path: Path) -> Iterator[tuple[int, list[str]]]:
    csv.field_size_limit(MAX_FIELD)
    try:
        with path.open(encoding="utf-8", newline="") as f:
            reader = csv.reader(f, strict=True)
            for row in reader:
                yield reader.line_num, row
    except UnicodeDecodeError:
        raise ResultsError(f"{shorten(str(path))}: not UTF-8 text") from None
    except csv.Error as e:
        raise ResultsError(f"{shorten(str(path))}: not a CSV file ({e})") from None
    except OSError as e:
        raise ResultsError(f"{shorten(str(path))}: cannot read it ({e.strerror or e})") from None


def _parquet_rows(path: Path) -> Iterator[tuple[int, list[Any]]]:
    try:  # optional, and untyped: imported by name
        pq: Any = importlib.import_module("pyarrow.parquet")
    except ImportError:
        raise ResultsError(
            f"{shorten(str(path))}: reading Parquet needs pyarrow: pip install pyarrow"
        ) from None
    try:
        table = pq.read_table(path)
    except Exception as e:  # pyarrow raises many types for a damaged file
        raise ResultsError(
            f"{shorten(str(path))}: not a Parquet file ({shorten(str(e))})"
        ) from None
    yield 1, list(table.column_names)
    columns = [table.column(i).to_pylist() for i in range(table.num_columns)]
    for i in range(table.num_rows):
        yield i + 2, [c[i] for c in columns]


class _Reader:
    """Appends one file's rows to a :class:`Results`, checking every value."""

    def __init__(self, out: Results, path: Path) -> None:
        self.out, self.path, self.name = out, path, shorten(str(path))

    def fail(self, line: int, message: str) -> ResultsError:
        return ResultsError(f"{self.name}: line {line}: {message}")

    def header(self, names: list[Any]) -> tuple[list[str], int]:
        cols = [str(c) for c in names]
        if len(set(cols)) != len(cols):
            raise ResultsError(f"{self.name}: a column name appears twice")
        missing = [c for c in REQUIRED if c not in cols]
        if missing:
            raise ResultsError(
                f"{self.name}: not a solotable results file (no column {', '.join(missing[:3])})"
            )
        players = 0
        while f"agent_{players}" in cols and players < MAX_PLAYERS:
            players += 1
        return cols, players

    def number(self, value: Any, line: int, col: str, empty_ok: bool) -> float | None:
        if value is None or value == "":
            if empty_ok:
                return None
            raise self.fail(line, f"column {col} is empty")
        if isinstance(value, bool):
            raise self.fail(line, f"column {col}: expected a number, got {value!r}")
        if isinstance(value, int | float):
            x = float(value)
            if not math.isfinite(x) or abs(x) > LIMIT:
                raise self.fail(line, f"column {col}: {shorten(repr(value))} is out of range")
            return x
        return ascii_float(
            str(value), f"{self.name}: line {line}: column {col}", -LIMIT, LIMIT, ResultsError
        )

    def integer(self, value: Any, line: int, col: str) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if value is None or value == "":
            raise self.fail(line, f"column {col} is empty")
        return ascii_int(
            str(value), f"{self.name}: line {line}: column {col}", 0, 2**64, ResultsError
        )

    def read(self, rows: Iterable[tuple[int, list[Any]]]) -> int:
        it = iter(rows)
        first = next(it, None)
        if first is None:
            raise ResultsError(f"{self.name}: the file is empty")
        cols, players = self.header(first[1])
        out, start = self.out, self.out.n
        while len(out.agent) < players:
            out.agent.append([""] * out.n)
            out.score.append([None] * out.n)
            out.ret.append([None] * out.n)
        out.players = max(out.players, players)
        pos = {c: i for i, c in enumerate(cols)}
        stat_cols = [(c[5:], i) for i, c in enumerate(cols) if c.startswith("stat.")]
        vary_cols = [(c[5:], i) for i, c in enumerate(cols) if c.startswith("vary.")]
        for name, _ in stat_cols:
            out.stats.setdefault(name, [None] * out.n)
        for name, _ in vary_cols:
            out.vary.setdefault(name, [""] * out.n)
        count = 0
        for line, row in it:
            if not row:
                continue
            if len(row) != len(cols):
                raise self.fail(line, f"{len(row)} fields, the header has {len(cols)}")
            self.row(line, row, pos, players, stat_cols, vary_cols)
            count += 1
        if count == 0:
            raise ResultsError(f"{self.name}: no games in the file (a header only)")
        for values in out.stats.values():  # columns this file lacks
            values.extend([None] * (out.n - len(values)))
        for texts in out.vary.values():
            texts.extend([""] * (out.n - len(texts)))
        for p in range(players, len(out.agent)):
            out.agent[p].extend([""] * count)
            out.score[p].extend([None] * count)
            out.ret[p].extend([None] * count)
        out.sources.append((self.path.name, out.n - start))
        return count

    def row(
        self,
        line: int,
        row: list[Any],
        pos: dict[str, int],
        players: int,
        stat_cols: list[tuple[str, int]],
        vary_cols: list[tuple[str, int]],
    ) -> None:
        out = self.out
        for c in INTS:
            if c in pos:
                out.ints[c].append(self.integer(row[pos[c]], line, c))
            else:
                out.ints[c].append(0)
        if out.ints["schema"][-1] != SCHEMA:
            raise self.fail(line, f"schema {out.ints['schema'][-1]}, this version reads {SCHEMA}")
        n_seats = out.ints["players"][-1]
        if not 1 <= n_seats <= players:
            raise self.fail(line, f"players is {n_seats}, the file has {players} agent columns")
        for c in TEXT:
            v = row[pos[c]]
            out.text[c].append("" if v is None else str(v))
        for p in range(players):
            seated = p < n_seats
            out.agent[p].append(str(row[pos[f"agent_{p}"]] or ""))
            for key, target in (("score", out.score), ("return", out.ret)):
                col = f"{key}_{p}"
                if col not in pos:
                    raise ResultsError(f"{self.name}: no column {col}")
                target[p].append(self.number(row[pos[col]], line, col, not seated))
        for name, i in stat_cols:
            v = row[i]
            if isinstance(v, str):
                v = self.number(v, line, "stat." + name, True) if _looks_numeric(v) else v
                v = None if v == "" else v
            elif v is not None:
                v = self.number(v, line, "stat." + name, True)
            out.stats[name].append(v)
        for name, i in vary_cols:
            out.vary[name].append("" if row[i] is None else str(row[i]))
        out.n += 1


def _looks_numeric(text: str) -> bool:
    try:
        return math.isfinite(float(text)) and text.strip() == text and text.isascii()
    except ValueError:
        return False


def read_results(paths: Sequence[Path], progress: Any = None) -> Results:
    """Every row of ``paths`` (``.csv`` or ``.parquet``), checked; ``progress(path)`` after
    each file."""
    out = Results()
    for path in paths:
        suffix = path.suffix.lower()
        if suffix not in (".csv", ".parquet"):
            raise ResultsError(f"{shorten(str(path))}: expected a .csv or .parquet results file")
        _open_regular(path)
        reader = _Reader(out, path)
        reader.read(_csv_rows(path) if suffix == ".csv" else _parquet_rows(path))
        if progress is not None:
            progress(path)
    for name, values in out.stats.items():
        if not _all_numbers(values) and any(isinstance(v, float) for v in values):
            out.stats[name] = ["" if v is None else _text(v) for v in values]
        elif not _all_numbers(values):
            out.stats[name] = ["" if v is None else v for v in values]
    return out


def _text(v: Any) -> str:
    """A number in a text column as it was probably typed (3.0 → "3")."""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)
