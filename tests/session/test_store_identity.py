"""Issue 35, items 16 and 17: a file at the store's path that is not a solotable store, or
whose schema version solotable does not know, is refused with a sentence and left byte for
byte; nothing is added to it, no upgrade is run on it.

Before: ``schema_version = 'abc'`` was an internal error (ValueError); ``-1`` re-ran every
upgrade and failed on "duplicate column name: lesson"; another program's SQLite file got
solotable's tables added to it silently (and its journal turned to WAL); a ``games`` table
of another shape or a FIFO gave SQLite's raw text.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from solotable.session.session import GameSession, Seat
from solotable.session.store import MIGRATIONS, Store, StoreError

ROOT = Path(__file__).resolve().parents[2]


def files(folder: Path) -> dict[str, bytes]:
    """Every file of the folder and its bytes (a FIFO by its name only)."""
    return {
        p.name: (p.read_bytes() if p.is_file() else b"<not a file>")
        for p in sorted(folder.iterdir())
    }


def a_store_with_a_game(path: Path) -> str:
    s = Store(path)
    game = GameSession.start("dice-miner", {}, [Seat()], seed=4, store=s, clocks=False)
    game.play(0, "stop")
    s.close()
    return game.id


def set_version(path: Path, value: object) -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE schema_version SET version = ?", (value,))
    conn.commit()
    conn.close()


@pytest.mark.parametrize("version", ["abc", -1, 0, 2.5, "x" * 10_000])
def test_an_unknown_schema_version_is_refused_and_the_file_left_as_it_is(
    tmp_path: Path, version: object
) -> None:
    db = tmp_path / "solotable.db"
    a_store_with_a_game(db)
    set_version(db, version)
    before = files(tmp_path)
    with pytest.raises(StoreError) as e:
        Store(db)
    said = str(e.value)
    assert str(db) in said and "schema version" in said and "left as it is" in said, said
    assert "duplicate column" not in said and "ValueError" not in said
    assert files(tmp_path) == before


def test_a_newer_version_still_says_upgrade_and_is_left_as_it_is(tmp_path: Path) -> None:
    db = tmp_path / "solotable.db"
    a_store_with_a_game(db)
    set_version(db, len(MIGRATIONS) + 1)
    before = files(tmp_path)
    with pytest.raises(StoreError, match="newer solotable"):
        Store(db)
    assert files(tmp_path) == before


def test_two_version_rows_are_an_unknown_version(tmp_path: Path) -> None:
    db = tmp_path / "solotable.db"
    a_store_with_a_game(db)
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO schema_version VALUES (?)", (len(MIGRATIONS),))
    conn.commit()
    conn.close()
    before = files(tmp_path)
    with pytest.raises(StoreError, match="schema version"):
        Store(db)
    assert files(tmp_path) == before


def another_programs_database(path: Path, schema: str) -> None:
    """A database another program wrote, in SQLite's default (rollback journal) mode."""
    conn = sqlite3.connect(path)
    conn.executescript(schema)
    conn.commit()
    conn.close()


OTHERS = {
    "a table of its own": "CREATE TABLE other(x); INSERT INTO other VALUES (1);",
    "a games table of another shape": (
        "CREATE TABLE games(name TEXT, year INTEGER); INSERT INTO games VALUES ('chess', 1);"
    ),
    "an empty table": "CREATE TABLE notes(text TEXT);",
    "only an index's table": "CREATE TABLE t(a); CREATE INDEX t_a ON t(a);",
}


@pytest.mark.parametrize("name", sorted(OTHERS))
def test_another_programs_database_is_refused_byte_for_byte(tmp_path: Path, name: str) -> None:
    db = tmp_path / "solotable.db"
    another_programs_database(db, OTHERS[name])
    before = files(tmp_path)
    with pytest.raises(StoreError) as e:
        Store(db)
    said = str(e.value)
    assert str(db) in said and "not a solotable store" in said, said
    assert "already exists" not in said
    assert files(tmp_path) == before  # no table added, no WAL, no side file left


def test_a_solotable_store_whose_tables_were_changed_is_refused(tmp_path: Path) -> None:
    """A schema version we know, but a ``games`` table of another shape: upgrading it
    would fail halfway, so it is refused before anything is written."""
    db = tmp_path / "solotable.db"
    a_store_with_a_game(db)
    conn = sqlite3.connect(db)
    conn.execute("ALTER TABLE games RENAME COLUMN score TO points")
    conn.commit()
    conn.close()
    before = files(tmp_path)
    with pytest.raises(StoreError, match="not a solotable store"):
        Store(db)
    assert files(tmp_path) == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_at_the_path_is_a_sentence_and_does_not_hang(tmp_path: Path) -> None:
    db = tmp_path / "solotable.db"
    os.mkfifo(db)
    with pytest.raises(StoreError) as e:
        Store(db)
    said = str(e.value)
    assert str(db) in said and "not a regular file" in said, said
    assert "disk I/O error" not in said
    assert db.exists() and not db.is_file()


def test_a_folder_at_the_path_is_a_sentence(tmp_path: Path) -> None:
    db = tmp_path / "solotable.db"
    db.mkdir()
    with pytest.raises(StoreError, match="not a regular file"):
        Store(db)


@pytest.mark.parametrize("kind", ["missing", "empty file", "empty database"])
def test_a_missing_or_empty_file_still_becomes_a_store(tmp_path: Path, kind: str) -> None:
    db = tmp_path / "solotable.db"
    if kind == "empty file":
        db.write_bytes(b"")
    elif kind == "empty database":
        sqlite3.connect(db).close()
    s = Store(db)
    assert s.history() == [] and s.warning is None
    s.close()
    game_id = a_store_with_a_game(db)  # and it keeps its games, version after version
    again = Store(db)
    assert [r["id"] for r in again.history()] == [game_id]
    again.close()


def test_the_command_line_says_it_in_one_line_exit_2(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    another_programs_database(home / "solotable.db", OTHERS["a table of its own"])
    before = files(home)
    env = {**os.environ, "SOLOTABLE_HOME": str(home), "PYTHONPATH": f"{ROOT / 'src'}:{ROOT}"}
    env.pop("SOLOTABLE_LANG", None)
    r = subprocess.run(
        [sys.executable, "-c", "from solotable.cli.main import main; main()", "history"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("error: ") and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "not a solotable store" in r.stderr
    assert files(home) == before
