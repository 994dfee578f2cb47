"""Commit, then show: a step the store cannot keep leaves the game as saved (issue 19).

Real faults only: a tmpfs that fills up, a folder remounted read-only, another
connection holding the write lock past the busy timeout, a data page
overwritten with junk. After each, every acknowledged move must replay from
the store, the player must be told why the last one was not kept, and playing
on must work once the cause is gone.
"""

from __future__ import annotations

import pytest

import tests.toy_game  # noqa: F401  (registers "toy-race")
from solotable.session.session import GameMovedOn, GameSession, NotKept, Seat
from solotable.session.store import Store, StoreError
from tests.faults import fill, junk_page, remount, small_disk, write_lock

RACE = {"target": 100, "skipping": True}


def race(store: Store, seats: tuple[Seat, ...] = (Seat(), Seat("first"))) -> GameSession:
    return GameSession.start("toy-race", RACE, list(seats), seed=3, store=store)


def step(s: GameSession) -> None:
    """One decision: the agent's, else the human's first legal move."""
    if s.agent_to_move() is not None:
        s.step_agent()
    else:
        seat = s.human_to_move()
        assert seat is not None
        s.play(seat, s.legal_moves(seat)[0][0])


def assert_replays(path, s: GameSession) -> None:
    """The stored game, opened afresh, is exactly the session: no gap, no lost step."""
    store = Store(path)
    try:
        again = GameSession.resume(store, s.id)
        assert again.state.history == s.state.history
        assert again.version == s.version
        assert [m.ply for m in store.load(s.id).moves] == list(range(s.ply))
    finally:
        store.close()


def test_full_disk_keeps_every_saved_move_and_says_so(tmp_path) -> None:
    with small_disk(tmp_path / "disk", 512) as disk:
        store = Store(disk / "solotable.db")
        s = race(store, (Seat(), Seat("random")))
        for _ in range(4):
            step(s)
        ballast = fill(disk)
        failed = None
        for _ in range(200):  # play on until the disk has no room for the next step
            saved = s.version
            try:
                step(s)
            except NotKept as e:
                failed = str(e)
                break
        assert failed is not None, "the disk never filled"
        assert "was not kept because the disk is full" in failed
        assert s.version == saved, "the session kept a step the store did not"
        with pytest.raises(NotKept):  # still full: still not kept, still no gap
            step(s)
        assert s.version == saved
        ballast.unlink()
        for _ in range(3):  # the cause is gone: the same move now plays
            step(s)
        store.close()
        assert_replays(disk / "solotable.db", s)
        assert not list(disk.glob("*.corrupt-*"))


def test_a_write_lock_held_past_the_timeout_is_reported_and_retried(tmp_path) -> None:
    db = tmp_path / "solotable.db"
    store = Store(db, busy_timeout=0.1)
    s = race(store, (Seat("first"), Seat()))
    step(s)
    for _ in range(2):
        saved = s.version
        with write_lock(db):
            with pytest.raises(NotKept, match="the store is busy \\(another program holds it\\)"):
                step(s)
            assert s.version == saved
        step(s)  # the lock is gone: this step is kept
    assert "AI's move was not kept" in _not_kept_text(db, s)
    store.close()
    assert_replays(db, s)


def _not_kept_text(db, s: GameSession) -> str:
    """What an agent's step says when the store is busy."""
    while s.agent_to_move() is None:
        step(s)
    with write_lock(db), pytest.raises(NotKept) as e:
        s.step_agent()
    return str(e.value)


def test_the_busy_timeout_is_configurable(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SOLOTABLE_BUSY_TIMEOUT", "0.25")
    assert Store(tmp_path / "a.db").busy_timeout == 0.25
    monkeypatch.setenv("SOLOTABLE_BUSY_TIMEOUT", "soon")
    with pytest.raises(StoreError, match="SOLOTABLE_BUSY_TIMEOUT"):
        Store(tmp_path / "b.db")


def test_another_writer_is_detected_and_the_game_reloaded(tmp_path) -> None:
    """The web table and ``play --continue`` on one game: the later writer reloads."""
    db = tmp_path / "solotable.db"
    web = race(Store(db))
    step(web)
    terminal = GameSession.resume(Store(db), web.id)
    step(terminal)
    step(terminal)
    assert web.version != terminal.version
    with pytest.raises(GameMovedOn, match="another window or terminal"):
        step(web)
    assert web.state.history == terminal.state.history, "not reloaded from the store"
    step(web)  # now it plays on from the saved game
    with pytest.raises(GameMovedOn, match="the resignation was not kept"):
        terminal.resign(0)
    assert not terminal.is_over() and terminal.version == web.version
    assert terminal.refresh() is False
    assert_replays(db, web)


def test_refresh_sees_another_writers_steps(tmp_path) -> None:
    db = tmp_path / "solotable.db"
    a = race(Store(db))
    b = GameSession.resume(Store(db), a.id)
    assert a.refresh() is False
    step(b)
    assert a.refresh() is True and a.state.history == b.state.history


def test_a_failed_new_game_leaves_nothing_behind(tmp_path) -> None:
    db = tmp_path / "solotable.db"
    store = Store(db, busy_timeout=0.05)
    with write_lock(db), pytest.raises(NotKept, match="The new game was not kept"):
        race(store)
    assert store.history() == []


# -- opening: only a damaged file is set aside ---------------------------------------------


def test_junk_data_pages_are_set_aside_with_the_log(tmp_path) -> None:
    db = tmp_path / "solotable.db"
    store = Store(db)
    for _ in range(5):
        s = race(store)
        step(s)
    store.close()
    junk_page(db)
    fresh = Store(db)
    assert fresh.warning and "set aside as solotable.db.corrupt-" in fresh.warning
    assert fresh.history() == []
    assert len(list(tmp_path.glob("solotable.db.corrupt-*"))) == 1
    race(fresh)  # the new store works


def test_a_full_disk_at_opening_is_not_corruption(tmp_path) -> None:
    with small_disk(tmp_path / "disk", 256) as disk:
        db = disk / "solotable.db"
        store = Store(db)
        s = race(store)
        step(s)
        store.close()
        fill(disk)
        with pytest.raises(StoreError, match="the disk is full"):
            Store(db)
        assert not list(disk.glob("*.corrupt-*")) and db.exists()
        (disk / "ballast").unlink()
        assert_replays(db, s)


def test_a_read_only_folder_is_reported_and_left_alone(tmp_path) -> None:
    with small_disk(tmp_path / "disk", 1024) as disk:
        db = disk / "solotable.db"
        store = Store(db)
        s = race(store)
        step(s)
        store.close()
        before = db.read_bytes()
        remount(disk, "ro")
        try:
            with pytest.raises(StoreError) as e:
                Store(db)
            assert str(e.value) == f"cannot open the store {db}: the data folder is read-only"
            with pytest.raises(StoreError, match="the data folder is read-only"):
                Store(disk / "other" / "solotable.db")
        finally:
            remount(disk, "rw")
        assert db.read_bytes() == before and not list(disk.glob("*.corrupt-*"))
        assert_replays(db, s)


def test_a_locked_store_at_opening_is_busy_not_corrupt(tmp_path) -> None:
    db = tmp_path / "solotable.db"
    Store(db).close()
    with write_lock(db), pytest.raises(StoreError, match="the store is busy"):
        Store(db, busy_timeout=0.05)
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_close_folds_the_log_back_and_is_idempotent(tmp_path) -> None:
    db = tmp_path / "solotable.db"
    store = Store(db)
    s = race(store)
    step(s)
    assert (tmp_path / "solotable.db-wal").stat().st_size > 0
    store.close()
    store.close()
    wal = tmp_path / "solotable.db-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    with pytest.raises(StoreError):
        store.history()
