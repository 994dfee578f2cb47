"""The play store: every game, move and event in one SQLite file.

Why SQLite: several games may be open at once (two terminals, the web table)
and a game may be killed at any moment. Each step is one transaction in WAL
mode with a busy timeout, so concurrent writers queue instead of losing an
update, and a SIGKILL loses at most the step in flight. Best scores,
history and stats are queries over the games table, not a second file.

The file lives in the user data folder (``SOLOTABLE_HOME`` overrides it). A
file that is not a usable database is renamed aside with a warning and a
fresh store is started: a damaged file never stops a game.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solotable.core.errors import SolotableError
from solotable.core.events import Event
from solotable.core.scorebook import data_home, read_legacy_scores

STORE_NAME = "solotable.db"
BUSY_TIMEOUT_MS = 10_000

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games(
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL,
        status TEXT NOT NULL,
        started REAL NOT NULL,
        updated REAL NOT NULL,
        ended REAL,
        ply INTEGER NOT NULL DEFAULT 0,
        clocks TEXT,
        sealed TEXT NOT NULL,
        result TEXT,
        score REAL,
        score_key TEXT,
        counts INTEGER NOT NULL DEFAULT 0,
        won INTEGER,
        hints INTEGER NOT NULL DEFAULT 0,
        undos INTEGER NOT NULL DEFAULT 0,
        stats TEXT
    );
    CREATE INDEX games_by_status ON games(status, updated);
    CREATE INDEX games_by_key ON games(score_key, counts);
    CREATE TABLE moves(
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        action TEXT,
        sealed TEXT,
        who INTEGER NOT NULL,
        think REAL,
        hinted INTEGER NOT NULL DEFAULT 0,
        at REAL NOT NULL,
        PRIMARY KEY(game_id, ply)
    );
    CREATE TABLE events(
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        kind TEXT NOT NULL,
        player INTEGER,
        text TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY(game_id, seq)
    );
    CREATE TABLE legacy_best(key TEXT PRIMARY KEY, score REAL NOT NULL);
    """,
    """
    CREATE TABLE IF NOT EXISTS preferences(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
)
"""Schema steps; the store applies those past its ``schema_version``."""

FINISHED = ("finished", "resigned", "forfeited")


class StoreError(SolotableError):
    """The store cannot be used (unwritable folder, unknown game id…)."""


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One applied action as stored: public notation, or sealed when face down."""

    ply: int
    action: str | None
    sealed: str | None
    who: int
    think: float | None
    hinted: bool
    at: float


@dataclass
class StoredGame:
    """A game row with its moves and events, as :meth:`Store.load` returns it."""

    row: dict[str, Any]
    moves: list[MoveRow]
    events: list[Event]


class Store:
    """One connection to the store file; thread-safe (the web table's workers share it)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_home() / STORE_NAME
        self.warning: str | None = None
        self._lock = threading.RLock()
        self._conn = self._open()

    # -- opening ---------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(
            self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        return conn

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"cannot create the data folder {self.path.parent}: {e}") from None
        conn: sqlite3.Connection | None = None
        try:
            conn = self._connect()
            self._migrate(conn)
            return conn
        except sqlite3.DatabaseError as e:
            if conn is not None:
                conn.close()
            if isinstance(e, sqlite3.OperationalError) and "locked" in str(e):
                raise StoreError(f"the store {self.path} is busy: {e}") from None
            aside = self.path.with_name(f"{self.path.name}.corrupt-{int(time.time())}")
            for suffix in ("-wal", "-shm"):
                self.path.with_name(self.path.name + suffix).unlink(missing_ok=True)
            try:
                self.path.replace(aside)
            except OSError as move_error:
                raise StoreError(f"the store {self.path} is unusable ({e}): {move_error}") from None
            self.warning = (
                f"the store {self.path} was unreadable ({e}); it was moved to {aside.name} "
                "and a new one started"
            )
            conn = self._connect()
            self._migrate(conn)
            return conn

    def _migrate(self, conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA quick_check").fetchall()
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL)")
            row = conn.execute("SELECT version FROM schema_version").fetchone()
            version = 0 if row is None else int(row[0])
            if version > len(MIGRATIONS):
                raise StoreError(
                    f"the store {self.path} was written by a newer solotable "
                    f"(schema {version}); upgrade to open it"
                )
            for step in MIGRATIONS[version:]:
                for statement in step.split(";"):
                    if statement.strip():
                        conn.execute(statement)
            if row is None:
                conn.execute("INSERT INTO schema_version VALUES (?)", (len(MIGRATIONS),))
                self._import_legacy(conn)
            else:
                conn.execute("UPDATE schema_version SET version = ?", (len(MIGRATIONS),))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _import_legacy(self, conn: sqlite3.Connection) -> None:
        """Bring the old ``best_scores.json`` in once, when the store is created."""
        scores, warning = read_legacy_scores(self.path.parent / "best_scores.json")
        if warning:
            self.warning = warning
        conn.executemany("INSERT OR REPLACE INTO legacy_best VALUES (?, ?)", sorted(scores.items()))

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (taken at once, so concurrent writers queue)."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, args).fetchall()

    # -- writing -----------------------------------------------------------------
    def create(self, row: Mapping[str, Any]) -> None:
        cols = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        with self.transaction() as c:
            c.execute(
                f"INSERT INTO games({cols}) VALUES ({marks})", [_sql(v) for v in row.values()]
            )

    def write_step(
        self,
        game_id: str,
        moves: Sequence[MoveRow],
        events: Sequence[Event],
        update: Mapping[str, Any],
        truncate_from: int | None = None,
    ) -> None:
        """Moves, events and the game row's new fields in one transaction."""
        with self.transaction() as c:
            if truncate_from is not None:
                c.execute(
                    "DELETE FROM moves WHERE game_id = ? AND ply >= ?", (game_id, truncate_from)
                )
            c.executemany(
                "INSERT OR REPLACE INTO moves VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, m.ply, m.action, m.sealed, m.who, m.think, int(m.hinted), m.at)
                    for m in moves
                ],
            )
            c.executemany(
                "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, e.seq, e.ply, e.kind, e.player, e.text, json.dumps(dict(e.data)))
                    for e in events
                ],
            )
            if update:
                sets = ", ".join(f"{k} = ?" for k in update)
                c.execute(
                    f"UPDATE games SET {sets} WHERE id = ?",
                    [*(_sql(v) for v in update.values()), game_id],
                )

    # -- reading -------------------------------------------------------------------
    def load(self, game_id: str) -> StoredGame:
        rows = self._query("SELECT * FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise StoreError(f"no saved game with id {game_id!r}")
        moves = [
            MoveRow(
                r["ply"], r["action"], r["sealed"], r["who"], r["think"], bool(r["hinted"]), r["at"]
            )
            for r in self._query("SELECT * FROM moves WHERE game_id = ? ORDER BY ply", (game_id,))
        ]
        events = [
            Event(r["seq"], r["ply"], r["kind"], r["player"], r["text"], json.loads(r["data"]))
            for r in self._query("SELECT * FROM events WHERE game_id = ? ORDER BY seq", (game_id,))
        ]
        return StoredGame(_row(rows[0]), moves, events)

    def find(self, prefix: str) -> str:
        """The id of the one game whose id starts with ``prefix`` (ids are long)."""
        rows = self._query(
            "SELECT id FROM games WHERE substr(id, 1, ?) = ? LIMIT 2", (len(prefix), prefix)
        )
        if len(rows) != 1 or not prefix:
            what = "no saved game" if not rows else "more than one saved game"
            raise StoreError(f"{what} with id {prefix!r} (see `solotable history`)")
        return str(rows[0]["id"])

    def last_unfinished(self, game: str | None = None) -> str | None:
        rows = self._query(
            "SELECT id FROM games WHERE status = 'playing' AND (? IS NULL OR game = ?) "
            "ORDER BY updated DESC LIMIT 1",
            (game, game),
        )
        return str(rows[0]["id"]) if rows else None

    def best(self, score_key: str, exclude: str | None = None) -> float | None:
        """The best counted score for these settings (old imported bests included)."""
        rows = self._query(
            "SELECT max(s) FROM (SELECT score AS s FROM games WHERE score_key = ? AND counts = 1 "
            "AND status = 'finished' AND id IS NOT ? UNION ALL "
            "SELECT score FROM legacy_best WHERE key = ?)",
            (score_key, exclude, score_key),
        )
        value = rows[0][0]
        return None if value is None else float(value)

    def preference(self, key: str) -> str | None:
        """A remembered player preference (the table's language), or None."""
        rows = self._query("SELECT value FROM preferences WHERE key = ?", (key,))
        return str(rows[0]["value"]) if rows else None

    def set_preference(self, key: str, value: str) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO preferences(key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def history(self, game: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        rows = self._query(
            "SELECT * FROM games WHERE (? IS NULL OR game = ?) ORDER BY started DESC LIMIT ?",
            (game, game, limit),
        )
        return [_row(r) for r in rows]

    def finished(self, game: str) -> list[dict[str, Any]]:
        """Every finished game of ``game`` with a human seat, oldest first (for stats)."""
        rows = self._query(
            "SELECT * FROM games WHERE game = ? AND status IN ('finished', 'resigned', "
            "'forfeited') ORDER BY ended",
            (game,),
        )
        return [_row(r) for r in rows]


def _sql(value: Any) -> Any:
    if isinstance(value, dict | list | tuple):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return int(value)
    return value


JSON_COLUMNS = ("options", "seats", "clocks", "result", "stats")


def _row(r: sqlite3.Row) -> dict[str, Any]:
    out = dict(r)
    for k in JSON_COLUMNS:
        if out.get(k) is not None:
            out[k] = json.loads(out[k])
    return out
