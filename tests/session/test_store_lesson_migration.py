"""A store written before lessons were filed apart (schema step 2) opens, gains the
``lesson`` column, and keeps counting its games: none of them was a marked lesson."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from solotable.session.session import GameSession, Seat
from solotable.session.store import MIGRATIONS, Store


def test_a_schema_2_store_opens_and_counts_its_games(tmp_path: Path) -> None:
    path = tmp_path / "solotable.db"
    s = Store(path)
    game = GameSession.start("dice-miner", {}, [Seat()], seed=4, store=s, clocks=False)
    game.play(0, "stop")
    assert game.is_over()
    s.close()
    # Make it the file an older solotable wrote: no lesson column, schema version 2.
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE games DROP COLUMN lesson")
    conn.execute("UPDATE schema_version SET version = 2")
    conn.commit()
    conn.close()
    assert len(MIGRATIONS) == 3

    again = Store(path)
    try:
        (row,) = again.finished("dice-miner")
        assert row["id"] == game.id and row["lesson"] == 0
        assert GameSession.resume(again, game.id).lesson is False
    finally:
        again.close()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT version FROM schema_version").fetchone()[0] == 3
    conn.close()
