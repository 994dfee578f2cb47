"""Per-game results files: one row per game, CSV always, Parquet with pyarrow.

Why: a summary answers the questions its author thought of; a row per game
(seed, seats, scores, length, every ``stats()`` field) lets a designer ask the
others in pandas, and is what ``solotable report`` draws from. The columns are
the shared schema of docs/balance.md ("Results files").

Writing streams, so memory stays flat for 10^6 games: CSV row by row, Parquet
in record batches of a fixed schema. The schema (the ``stat.*`` columns and
their types) is taken from the first row; every game of a run has the same
``stats()`` keys in practice, but if a later row brings a new key (or, in
Parquet, a string where a number was), the rows from there on go to a spill
file and :meth:`ResultsWriter.close` rewrites the file once, streaming, with
the union of the columns.

Reading: :func:`read_results` yields the rows of any number of files as dicts,
typed per the schema (what ``solotable report`` uses).
"""

from __future__ import annotations

import contextlib
import csv
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import IO, Any

from solotable.core.errors import SolotableError
from solotable.core.message import msg
from solotable.sim.simulation import GameResult
from solotable.stats.metrics import GAME_KEYS

SCHEMA = 1
BASE_COLUMNS = ("schema", "game", "variant", "options", "agents", "run_seed", "index", "seed")
INT_COLUMNS = frozenset({"schema", "run_seed", "index", "seed", "players", "plies"})
SUFFIXES = (".csv", ".parquet")
PARQUET_HINT = "pip install 'solotable[parquet]'"
BATCH_ROWS = 1024
"""Rows per Parquet record batch (and row group): bounded memory, readable files."""
_NUMBER = re.compile(r"[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?|[-+]?(inf|nan)")


class ResultsError(SolotableError):
    """A results file that cannot be written or read."""


@dataclass(frozen=True)
class RunContext:
    """What every row of one run (or one compare/sweep cell) shares."""

    game: str
    options: Mapping[str, Any]
    agents: Sequence[str]
    run_seed: int
    variant: str = ""
    vary: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def options_json(self) -> str:
        """The ``options`` column: sorted keys, compact (computed once per run)."""
        return json.dumps(dict(self.options), sort_keys=True, separators=(",", ":"))


def result_row(r: GameResult, ctx: RunContext) -> dict[str, Any]:
    """The row of one game (columns of the schema, ``stat.*``/``vary.*`` included)."""
    row: dict[str, Any] = {
        "schema": SCHEMA,
        "game": ctx.game,
        "variant": ctx.variant,
        "options": ctx.options_json,
        "agents": ",".join(ctx.agents),
        "run_seed": ctx.run_seed,
        "index": r.index,
        "seed": r.seed,
        "players": len(r.scores),
    }
    for p, agent in enumerate(r.seats):
        row[f"agent_{p}"] = ctx.agents[agent]
    for p, score in enumerate(r.scores):
        row[f"score_{p}"] = float(score)
    for p, ret in enumerate(r.returns):
        row[f"return_{p}"] = float(ret)
    row["outcome"] = r.outcome
    row["plies"] = r.plies
    row["seconds"] = r.seconds
    for key in GAME_KEYS:  # every one, empty where not defined (a journal of an older run)
        number = r.metrics.get(key)
        row[f"metric.{key}"] = None if number is None else float(number)
    for key, value in r.stats.items():
        row[f"stat.{key}"] = value if isinstance(value, str) else float(value)
    for key, value in ctx.vary.items():
        row[f"vary.{key}"] = value
    return row


def columns(players: int, stats: Iterable[str], vary: Iterable[str]) -> list[str]:
    """The schema's column order for ``players`` seats and these extra columns."""
    seats = [f"{kind}_{p}" for kind in ("agent", "score", "return") for p in range(players)]
    return [
        *BASE_COLUMNS,
        "players",
        *seats,
        "outcome",
        "plies",
        "seconds",
        *(f"metric.{k}" for k in GAME_KEYS),
        *sorted(f"stat.{s}" for s in stats),
        *sorted(f"vary.{v}" for v in vary),
    ]


def _kind(column: str) -> str:
    """``int``, ``float`` or ``str``: a fixed column's type (``stat.*`` are decided per file)."""
    if column in INT_COLUMNS:
        return "int"
    if column == "seconds" or column.startswith(("score_", "return_", "metric.")):
        return "float"
    return "str"


def check_format(path: Path, what: str = "--out") -> str:
    """``"csv"`` or ``"parquet"`` for ``path``'s suffix; ResultsError otherwise, or when
    Parquet is asked for and pyarrow is missing (both before any game is played)."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise ResultsError(
            f"{what} {path}: results files end in .csv or .parquet, not {suffix or '(nothing)'}"
        )
    if suffix == ".parquet":
        _pyarrow(what, path)
        return "parquet"
    return "csv"


def _pyarrow(what: str, path: Path) -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ResultsError(f"{what} {path}: Parquet needs pyarrow: {PARQUET_HINT}") from None
    return pyarrow


def _row_types(row: Mapping[str, Any]) -> dict[str, str]:
    return {
        k: ("str" if isinstance(v, str) else "float") if k.startswith("stat.") else _kind(k)
        for k, v in row.items()
    }


class ResultsWriter:
    """Stream rows into ``path`` (``.csv`` or ``.parquet``); use as a context manager.

    ``players`` and ``vary`` fix those columns up front; the ``stat.*`` columns
    come from the first row (see the module docstring for a later new one).
    """

    def __init__(self, path: Path, players: int, vary: Sequence[str] = ()) -> None:
        self.path = path
        self.format = check_format(path)
        self.players = players
        self.vary = list(vary)
        self.rows = 0
        self._opened = False
        self._columns: list[str] | None = None
        self._types: dict[str, str] = {}
        self._file: IO[str] | None = None
        self._csv: Any = None
        self._pq: Any = None
        self._batch: list[Mapping[str, Any]] = []
        self._spill: IO[str] | None = None
        self._spill_path = path.with_name(f".{path.name}.spill")

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _open(self, row: Mapping[str, Any]) -> None:
        self._opened = True
        if self._columns is None:  # a merge (``_rewrite``) sets them beforehand
            stats = [k[5:] for k in row if k.startswith("stat.")]
            self._columns = columns(self.players, stats, self.vary)
            types = {c: _kind(c) for c in self._columns}
            types.update({k: v for k, v in _row_types(row).items() if k.startswith("stat.")})
            self._types = types
        try:
            if self.format == "csv":
                self._file = self.path.open("w", encoding="utf-8", newline="")
                self._csv = csv.writer(self._file)
                self._csv.writerow(self._columns)
            else:
                pa = _pyarrow("--out", self.path)
                self._pq = pa.parquet.ParquetWriter(str(self.path), self._schema())
        except OSError as e:
            raise ResultsError(f"--out {self.path}: cannot write ({e.strerror or e})") from None

    def _schema(self) -> Any:
        pa = _pyarrow("--out", self.path)
        kinds = {"int": pa.int64(), "float": pa.float64(), "str": pa.string()}
        assert self._columns is not None
        return pa.schema([(c, kinds[self._types[c]]) for c in self._columns])

    def _fits(self, row: Mapping[str, Any]) -> bool:
        assert self._columns is not None
        known = self._types
        for k, v in row.items():
            kind = known.get(k)
            if kind is None:
                return False
            if k.startswith("stat.") and kind == "float" and isinstance(v, str):
                return False
        return True

    def write(self, row: Mapping[str, Any]) -> None:
        """Add one row (a dict from :func:`result_row`)."""
        if not self._opened:
            self._open(row)
        self.rows += 1
        try:
            if self._spill is not None or not self._fits(row):
                self._to_spill(row)
            elif self._csv is not None:
                assert self._columns is not None
                self._csv.writerow(_csv_cell(row.get(c)) for c in self._columns)
            else:
                self._batch.append(row)
                if len(self._batch) >= BATCH_ROWS:
                    self._flush_batch()
        except OSError as e:
            raise ResultsError(f"--out {self.path}: cannot write ({e.strerror or e})") from None

    def _to_spill(self, row: Mapping[str, Any]) -> None:
        if self._spill is None:
            self._spill = self._spill_path.open("w", encoding="utf-8")
        self._spill.write(json.dumps(dict(row), ensure_ascii=False) + "\n")

    def _flush_batch(self) -> None:
        if not self._batch:
            return
        pa = _pyarrow("--out", self.path)
        assert self._columns is not None
        data = {
            c: [_parquet_cell(r.get(c), self._types[c]) for r in self._batch] for c in self._columns
        }
        self._pq.write_batch(pa.RecordBatch.from_pydict(data, schema=self._schema()))
        self._batch.clear()

    def close(self) -> None:
        """Finish the file (a Parquet file is unreadable until its footer is written).

        A run stopped before its first game still leaves a file: the fixed columns only."""
        if not self._opened:
            self._open({})
        try:
            if self._pq is not None:
                self._flush_batch()
                self._pq.close()
            if self._file is not None:
                self._file.close()
        except OSError as e:
            raise ResultsError(f"--out {self.path}: cannot write ({e.strerror or e})") from None
        finally:
            self._pq = self._file = self._csv = None
        if self._spill is not None:
            self._spill.close()
            self._spill = None
            self._rewrite()

    def _rewrite(self) -> None:
        """Merge the spilled rows into the file with the union of the columns (streaming)."""
        stats: set[str] = set()
        types: dict[str, str] = dict(self._types)
        for row in _spilled(self._spill_path):
            for k, kind in _row_types(row).items():
                if k.startswith("stat."):
                    stats.add(k[5:])
                    if types.get(k) not in (None, kind):
                        kind = "str"
                    types[k] = kind
        stats |= {c[5:] for c in self._types if c.startswith("stat.")}
        tmp = self.path.with_name(f".{self.path.name}.tmp{self.path.suffix}")
        old = self.path.with_name(f".{self.path.name}.old{self.path.suffix}")
        self.path.replace(old)
        merged = ResultsWriter(tmp, self.players, self.vary)
        merged._columns = columns(self.players, stats, self.vary)
        merged._types = {c: types.get(c, _kind(c)) for c in merged._columns}
        try:
            for row in _chain(read_results([old]), _spilled(self._spill_path)):
                merged.write({k: _as(v, merged._types.get(k, "str")) for k, v in row.items()})
        finally:
            merged.close()
        tmp.replace(self.path)
        old.unlink()
        self._spill_path.unlink()


def _chain(*its: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for it in its:
        yield from it


def _spilled(path: Path) -> Iterator[dict[str, Any]]:
    with path.open("r", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


def _as(value: Any, kind: str) -> Any:
    if value is None or kind != "str" or isinstance(value, str):
        return value
    return repr(float(value))


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _parquet_cell(value: Any, kind: str) -> Any:
    if value is None:
        return None
    if kind == "float":
        return float(value)
    if kind == "int":
        return int(value)
    return value if isinstance(value, str) else repr(value)


def _from_csv(column: str, text: str) -> Any:
    if column.startswith("stat."):
        if text == "":
            return None
        return float(text) if _NUMBER.fullmatch(text) else text
    kind = _kind(column)
    if kind == "str":
        return text
    if text == "":
        return None
    return int(text) if kind == "int" else float(text)


def _check_schema(row: Mapping[str, Any], source: Path) -> None:
    if row.get("schema") != SCHEMA:
        raise ResultsError(
            f"{source}: not a solotable results file of schema {SCHEMA} "
            f"(schema {row.get('schema')!r})"
        )


def read_results(paths: Iterable[Path | str]) -> Iterator[dict[str, Any]]:
    """Every row of ``paths`` (``.csv``/``.parquet``), in file order, as typed dicts.

    Each row has every column of its file: ``schema``, ``run_seed``, ``index``,
    ``seed``, ``players``, ``plies`` are ints; ``score_p``, ``return_p``,
    ``seconds`` floats (None when empty); ``agent_p``, ``game``, ``variant``,
    ``options`` (JSON text), ``agents``, ``outcome``, ``vary.*`` strings
    (``agent_p`` is "" for a seat a game lacks); ``stat.*`` a float or a string,
    None when the row lacks it (in CSV, a cell that reads as a number is a
    float). Streams: files of any size. ResultsError for a file that is not of
    this schema.
    """
    for p in paths:
        path = Path(p)
        fmt = check_format(path, "results file")
        if not path.is_file():
            raise ResultsError(f"results file {path}: no such file")
        if fmt == "csv":
            yield from _read_csv(path)
        else:
            yield from _read_parquet(path)


def _check_unique_columns(names: Sequence[str], path: Path) -> None:
    """A column given twice is refused: a row read as a dict would keep the last one."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ResultsError(
                msg("core.results.repeated-column", path=str(path), column=repr(name[:60]))
            )
        seen.add(name)


def _read_csv(path: Path) -> Iterator[dict[str, Any]]:
    try:
        with path.open("r", encoding="utf-8", newline="") as f:
            reader = csv.reader(f)
            header = next(reader, None)
            if header is None or not header or header[0] != "schema":
                raise ResultsError(f"{path}: not a solotable results file (no schema column)")
            _check_unique_columns(header, path)
            for cells in reader:
                if len(cells) != len(header):
                    raise ResultsError(
                        f"{path}:{reader.line_num}: {len(cells)} cells, expected {len(header)}"
                    )
                try:
                    row = {c: _from_csv(c, t) for c, t in zip(header, cells, strict=True)}
                except ValueError as e:
                    raise ResultsError(f"{path}:{reader.line_num}: {e}") from None
                _check_schema(row, path)
                yield row
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise ResultsError(f"{path}: cannot read ({e})") from None


def _read_parquet(path: Path) -> Iterator[dict[str, Any]]:
    pa = _pyarrow("results file", path)
    try:
        pf = pa.parquet.ParquetFile(str(path))
        _check_unique_columns(pf.schema_arrow.names, path)
        for batch in pf.iter_batches(batch_size=BATCH_ROWS):
            for row in batch.to_pylist():
                for k, v in row.items():
                    if k.startswith("agent_") and v is None:
                        row[k] = ""
                _check_schema(row, path)
                yield row
    except (OSError, pa.ArrowException) as e:
        raise ResultsError(f"{path}: cannot read ({e})") from None


@contextlib.contextmanager
def maybe_writer(
    path: Path | None, players: int, vary: Sequence[str] = ()
) -> Iterator[ResultsWriter | None]:
    """A :class:`ResultsWriter` for ``path``, or None when no ``--out`` was asked for."""
    if path is None:
        yield None
        return
    with ResultsWriter(path, players, vary) as w:
        yield w


__all__ = [
    "SCHEMA",
    "ResultsError",
    "ResultsWriter",
    "RunContext",
    "check_format",
    "columns",
    "maybe_writer",
    "read_results",
    "result_row",
]
