"""The store's schema, and whether a file at the store's path is a solotable store at all.

The store's path may hold something else: another program's SQLite file (the data folder
was pointed at the wrong place), a store whose tables or ``schema_version`` were edited by
hand, a FIFO or a folder. Upgrading such a file would add solotable's tables to another
program's database, or fail halfway with SQLite's own words ("duplicate column name",
"table games already exists"). So :func:`stored_version` reads what the file holds, without
writing anything (not even the switch to WAL), and refuses what is not a store of a version
this solotable knows, with a sentence; the file is left byte for byte.

A store's shape at each version is the one :data:`MIGRATIONS` builds, worked out once in
memory: every table the steps create must be there with exactly its columns (tables of
their own beside them are tolerated: they are not what the upgrade touches).
"""

from __future__ import annotations

import os
import sqlite3
import stat
from functools import cache
from pathlib import Path
from typing import Any

from solotable.core.message import msg
from solotable.core.untrusted import shorten
from solotable.session.store.faults import StoreError

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
    # A guided game ("Learn to play") is filed apart: never in best scores or stats.
    """
    ALTER TABLE games ADD COLUMN lesson INTEGER NOT NULL DEFAULT 0;
    """,
)
"""Schema steps; the store applies those past its ``schema_version``."""

VERSION_TABLE = "schema_version"
VERSION_TABLE_SQL = f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE}(version INTEGER NOT NULL)"
MAX_NAMED = 5
"""Tables named in a refusal (another program's file may hold hundreds)."""

Shape = dict[str, frozenset[str]]


def apply_steps(conn: sqlite3.Connection, steps: tuple[str, ...]) -> None:
    """Run schema steps, statement by statement (the caller holds the transaction)."""
    for step in steps:
        for statement in step.split(";"):
            if statement.strip():
                conn.execute(statement)


def shape_of(conn: sqlite3.Connection) -> Shape:
    """Every table of the database (SQLite's own excepted) and its column names."""
    names = [
        str(r[0])
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' "
            "ESCAPE '\\' ORDER BY name"
        )
    ]
    return {
        n: frozenset(str(r[0]) for r in conn.execute("SELECT name FROM pragma_table_info(?)", (n,)))
        for n in names
    }


@cache
def expected_shape(version: int) -> Shape:
    """The tables a store of ``version`` has: the first ``version`` steps, run in memory."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute(VERSION_TABLE_SQL)
        apply_steps(conn, MIGRATIONS[:version])
        return shape_of(conn)
    finally:
        conn.close()


def check_regular(path: Path) -> None:
    """Refuse a folder, device or FIFO at the store's path before SQLite opens it (a FIFO
    would be "disk I/O error", or wait for a writer that never comes)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # missing (a new store) or unreadable: SQLite says which
    if not stat.S_ISREG(mode):
        raise StoreError(msg("core.store.not-a-file", path=str(path)))


def _not_ours(path: Path, tables: list[str]) -> StoreError:
    named = [shorten(t, 40) for t in tables[:MAX_NAMED]]
    if len(tables) > MAX_NAMED:
        named.append("…")
    return StoreError(msg("core.store.not-ours", path=str(path), tables=", ".join(named)))


def _unknown(path: Path, values: list[Any]) -> StoreError:
    shown = ", ".join(shorten(repr(v), 40) for v in values[:MAX_NAMED]) or "—"
    return StoreError(msg("core.store.unknown-version", path=str(path), version=shown))


def stored_version(conn: sqlite3.Connection, path: Path) -> int:
    """The schema version of the store ``conn`` reads (0: an empty file, a new store), after
    checking that it is a solotable store of a version this build knows; reads only.

    :class:`StoreError` with a sentence for another program's database, a store whose
    tables are not those of its version, and a version that is not one of ours (text, a
    negative number, two rows…); a newer one says to upgrade solotable."""
    shape = shape_of(conn)
    if VERSION_TABLE not in shape:
        if shape:
            raise _not_ours(path, sorted(shape))
        return 0
    if shape[VERSION_TABLE] != expected_shape(0)[VERSION_TABLE]:
        raise _not_ours(path, sorted(shape))
    rows = conn.execute(f"SELECT typeof(version), version FROM {VERSION_TABLE} LIMIT 6").fetchall()
    if not rows and set(shape) == {VERSION_TABLE}:
        return 0  # the table alone, empty: nothing was ever stored
    if len(rows) != 1 or rows[0][0] != "integer":
        raise _unknown(path, [r[1] for r in rows])
    version = int(rows[0][1])
    if version > len(MIGRATIONS):
        raise StoreError(msg("core.store.newer", path=str(path), version=version))
    if version < 1:
        raise _unknown(path, [version])
    wrong = [t for t, cols in expected_shape(version).items() if shape.get(t) != cols]
    if wrong:
        raise _not_ours(path, wrong)
    return version


__all__ = [
    "MIGRATIONS",
    "VERSION_TABLE_SQL",
    "apply_steps",
    "check_regular",
    "expected_shape",
    "shape_of",
    "stored_version",
]
