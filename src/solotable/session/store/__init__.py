"""The play store: every game, move and event in one SQLite file.

Why SQLite: several games may be open at once (two terminals, the web table)
and a game may be killed at any moment. Each step is one transaction in WAL
mode with a busy timeout, so concurrent writers queue instead of losing an
update, and a SIGKILL loses at most the step in flight. Best scores,
history and stats are queries over the games table, not a second file.

The file lives in the user data folder (``SOLOTABLE_HOME`` overrides it). A
file that is not a database, or fails SQLite's ``quick_check``, is renamed
aside (with its write-ahead log) and a fresh store is started with a
warning: a damaged file never stops a game. A sound database that is not a
solotable store (another program's, or of a schema version this build does not
know), or a FIFO or folder at the path, is refused with a sentence and left
byte for byte (:mod:`solotable.session.store.schema`). A full disk, a read-only folder
or another program's lock is not damage: it is reported in those words
(:mod:`solotable.session.store.faults`) and the file is left alone.

A writer states what it last read of a game's row (``expect``), so a step
written over another front end's newer steps is refused instead of mixing
two games into one.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solotable.core.events import Event
from solotable.core.message import Text, msg
from solotable.core.scorebook import data_home, read_legacy_scores
from solotable.session.store.faults import (
    StoreConflict,
    StoreError,
    StoreWriteError,
    is_corruption,
    os_reason,
    reason_of,
    write_error,
)
from solotable.session.store.schema import (
    MIGRATIONS,
    VERSION_TABLE_SQL,
    apply_steps,
    check_regular,
    stored_version,
)

__all__ = [
    "MIGRATIONS",
    "MoveRow",
    "Store",
    "StoreConflict",
    "StoreError",
    "StoreWriteError",
    "StoredGame",
]

STORE_NAME = "solotable.db"
BUSY_TIMEOUT = 10.0
"""Seconds a writer waits for another one before saying the store is busy
(``SOLOTABLE_BUSY_TIMEOUT`` overrides it)."""
MARK = ("ply", "undos", "hints", "status", "updated")
"""The row's columns every step rewrites: equal marks mean nobody else wrote the game."""


FINISHED = ("finished", "resigned", "forfeited")


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

    def __init__(self, path: Path | None = None, *, busy_timeout: float | None = None) -> None:
        self.path = path if path is not None else data_home() / STORE_NAME
        self.busy_timeout = busy_timeout if busy_timeout is not None else _busy_timeout()
        self.warning: str | None = None
        """What went wrong opening the store, in English (``warning_msg`` as a message)."""
        self.warning_msg: Text | None = None
        self._lock = threading.RLock()
        self._closed = False
        self._conn = self._open()

    # -- opening ---------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        """A connection that has written nothing yet: the file is checked with it before
        :meth:`_configure` turns the journal to WAL (which rewrites the file's header)."""
        conn = sqlite3.connect(
            self.path, timeout=self.busy_timeout, isolation_level=None, check_same_thread=False
        )
        try:
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout={int(self.busy_timeout * 1000)}")
        except BaseException:
            conn.close()
            raise
        return conn

    @staticmethod
    def _configure(conn: sqlite3.Connection) -> None:
        """WAL and foreign keys, once the file is known to be a store."""
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
        except BaseException:
            conn.close()
            raise

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            why = os_reason(e, self.path.parent)
            raise StoreError(
                msg("core.store.no-folder", path=str(self.path.parent), reason=why)
            ) from None
        check_regular(self.path)
        try:
            conn = self._connect()
        except sqlite3.Error as e:
            if not is_corruption(e):
                raise self._cannot_open(e) from None
            return self._start_over(str(e))
        try:
            damage = _damage(conn)
            if damage is None:
                stored_version(conn, self.path)  # another program's file: refused, untouched
                self._configure(conn)
                self._migrate(conn)
                return conn
        except sqlite3.Error as e:
            conn.close()
            if not is_corruption(e):
                raise self._cannot_open(e) from None
            return self._start_over(str(e))
        except StoreError:
            conn.close()
            raise
        conn.close()
        return self._start_over(damage)

    def _cannot_open(self, e: sqlite3.Error) -> StoreError:
        return StoreError(
            msg("core.store.cannot-open", path=str(self.path), reason=reason_of(e, self.path))
        )

    def _start_over(self, damage: str) -> sqlite3.Connection:
        """Set a damaged file aside (with its log, which may hold the last games) and begin
        a fresh store; the warning names the copy so nothing is deleted."""
        aside = self.path.with_name(f"{self.path.name}.corrupt-{int(time.time())}")
        try:
            for suffix in ("-wal", "-shm"):
                log = self.path.with_name(self.path.name + suffix)
                if log.exists():
                    log.replace(aside.with_name(aside.name + suffix))
            self.path.replace(aside)
        except OSError as e:
            raise StoreError(
                msg(
                    "core.store.damaged-kept",
                    path=str(self.path),
                    detail=damage,
                    reason=os_reason(e, self.path),
                )
            ) from None
        self.warning_msg = msg(
            "core.store.set-aside", path=str(self.path), detail=damage, aside=aside.name
        )
        self.warning = str(self.warning_msg)
        try:
            conn = self._connect()
            self._configure(conn)
            self._migrate(conn)
        except sqlite3.Error as e:
            raise self._cannot_open(e) from None
        return conn

    def _migrate(self, conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = stored_version(conn, self.path)  # again, now that no one else writes
            conn.execute(VERSION_TABLE_SQL)
            apply_steps(conn, MIGRATIONS[version:])
            if version == 0:
                conn.execute("INSERT INTO schema_version VALUES (?)", (len(MIGRATIONS),))
                self._import_legacy(conn)
            elif version != len(MIGRATIONS):
                conn.execute("UPDATE schema_version SET version = ?", (len(MIGRATIONS),))
            conn.execute("COMMIT")
        except BaseException:
            _rollback(conn)
            raise

    def _import_legacy(self, conn: sqlite3.Connection) -> None:
        """Bring the old ``best_scores.json`` in once, when the store is created."""
        scores, warning = read_legacy_scores(self.path.parent / "best_scores.json")
        if warning:
            self.warning = self.warning_msg = warning
        conn.executemany("INSERT OR REPLACE INTO legacy_best VALUES (?, ?)", sorted(scores.items()))

    def checkpoint(self) -> None:
        """Fold the write-ahead log back into the file now (the browser build copies the
        folder to IndexedDB after each move: one file, not a log that keeps growing)."""
        with self._lock, suppress(sqlite3.Error):
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def close(self) -> None:
        """Fold the write-ahead log back into the file and close: a copy of the file
        alone then holds every game. Closing twice is harmless."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            # Another program reading it makes this fail: the last one to close folds it.
            with suppress(sqlite3.Error):
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (taken at once, so concurrent writers queue).

        Any SQLite failure becomes a :class:`StoreWriteError` saying why, after the
        transaction is rolled back (SQLite may already have done so on a full disk)."""
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                yield self._conn
                self._conn.execute("COMMIT")
            except sqlite3.Error as e:
                _rollback(self._conn)
                raise write_error(e, self.path) from None
            except BaseException:
                _rollback(self._conn)
                raise

    def _unreadable(self, e: sqlite3.Error) -> StoreError:
        return StoreError(
            msg("core.store.cannot-read", path=str(self.path), reason=reason_of(e, self.path))
        )

    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.Error as e:
                raise self._unreadable(e) from None

    # -- writing -----------------------------------------------------------------
    def create(self, row: Mapping[str, Any]) -> None:
        with self.transaction() as c:
            _insert_game(c, row)

    def write_step(
        self,
        game_id: str,
        moves: Sequence[MoveRow],
        events: Sequence[Event],
        update: Mapping[str, Any],
        truncate_from: int | None = None,
        *,
        expect: Mapping[str, Any] | None = None,
        create: Mapping[str, Any] | None = None,
    ) -> None:
        """Moves, events and the game row's new fields in one transaction.

        ``create`` inserts the game's row first (a new game and its first step are
        kept together or not at all); ``expect`` is the row's :data:`MARK` as the
        writer last saw it, and a row that changed since raises :class:`StoreConflict`.
        """
        with self.transaction() as c:
            if create is not None:
                _insert_game(c, create)
            if expect is not None and _mark(c, game_id) != dict(expect):
                raise StoreConflict(f"game {game_id[:8]} was saved by another window or terminal")
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

    def mark(self, game_id: str) -> dict[str, Any] | None:
        """The game row's :data:`MARK` now (None when there is no such game)."""
        with self._lock:
            try:
                return _mark(self._conn, game_id)
            except sqlite3.Error as e:
                raise self._unreadable(e) from None

    # -- reading -------------------------------------------------------------------
    def load(self, game_id: str) -> StoredGame:
        """The game's row, moves and events, read in one snapshot (another writer's step
        is seen whole or not at all)."""
        with self._lock:
            try:
                self._conn.execute("BEGIN")
                try:
                    return self._load(game_id)
                finally:
                    _rollback(self._conn)
            except sqlite3.Error as e:
                raise self._unreadable(e) from None

    def _load(self, game_id: str) -> StoredGame:
        rows = self._query("SELECT * FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise StoreError(msg("core.store.no-game", id=game_id))
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
            key = "core.store.no-game-like" if not rows else "core.store.ambiguous-id"
            raise StoreError(msg(key, id=prefix))
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
            "AND status = 'finished' AND lesson = 0 AND id IS NOT ? UNION ALL "
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

    def delete_unfinished(self, game_id: str) -> bool:
        """Delete a game still in play (the lobby's "Delete…") in one statement: its moves
        and events go with it (the schema's ``ON DELETE CASCADE``), so the store never keeps
        half a game. A finished game (a score, a result in the history) is never deleted
        here. Whether a game was deleted."""
        with self.transaction() as c:
            gone = c.execute(
                "DELETE FROM games WHERE id = ? AND status = 'playing'", (game_id,)
            ).rowcount
        return gone > 0

    def history(self, game: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        rows = self._query(
            "SELECT * FROM games WHERE (? IS NULL OR game = ?) ORDER BY started DESC LIMIT ?",
            (game, game, limit),
        )
        return [_row(r) for r in rows]

    def decisions(self, game_ids: Sequence[str]) -> dict[str, int]:
        """How many moves the players (not chance) made in each of these games: the move
        number a player counts, where ``ply`` also counts every deal and draw."""
        if not game_ids:
            return {}
        marks = ", ".join("?" for _ in game_ids)
        rows = self._query(
            f"SELECT game_id, count(*) AS n FROM moves WHERE who >= 0 AND game_id IN ({marks}) "
            "GROUP BY game_id",
            list(game_ids),
        )
        found = {str(r["game_id"]): int(r["n"]) for r in rows}
        return {i: found.get(i, 0) for i in game_ids}

    def finished(self, game: str) -> list[dict[str, Any]]:
        """Every finished game of ``game`` with a human seat, oldest first (for stats and
        best scores); lessons (guided games) are not among them."""
        rows = self._query(
            "SELECT * FROM games WHERE game = ? AND status IN ('finished', 'resigned', "
            "'forfeited') AND lesson = 0 ORDER BY ended",
            (game,),
        )
        return [_row(r) for r in rows]


def _insert_game(c: sqlite3.Connection, row: Mapping[str, Any]) -> None:
    cols = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    c.execute(f"INSERT INTO games({cols}) VALUES ({marks})", [_sql(v) for v in row.values()])


def _mark(c: sqlite3.Connection, game_id: str) -> dict[str, Any] | None:
    found = c.execute(f"SELECT {', '.join(MARK)} FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if found is None else {k: found[k] for k in MARK}


def _damage(conn: sqlite3.Connection) -> str | None:
    """What ``PRAGMA quick_check`` finds wrong with the file, or None when it is sound."""
    rows = [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
    if rows == ["ok"]:
        return None
    return "; ".join(line.strip() for r in rows[:3] for line in r.splitlines()[-1:])


def _rollback(conn: sqlite3.Connection) -> None:
    """Roll back if a transaction is still open (SQLite ends it itself on a full disk)."""
    if conn.in_transaction:
        with suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


def _busy_timeout() -> float:
    text = os.environ.get("SOLOTABLE_BUSY_TIMEOUT")
    if not text:
        return BUSY_TIMEOUT
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 3600:
        raise StoreError(f"SOLOTABLE_BUSY_TIMEOUT must be seconds between 0 and 3600, not {text!r}")
    return seconds


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
