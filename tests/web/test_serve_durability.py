"""A real ``solotable serve`` stopped or killed while a game is played (issue 19).

Ctrl-C and SIGTERM fold the write-ahead log back, so a copy of ``solotable.db``
alone holds every game; ``kill -9`` in the middle of a burst of moves loses no
move the server acknowledged, and the game goes on after a restart.
"""

from __future__ import annotations

import random
import shutil
import signal
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from solotable.session.session import GameSession
from solotable.session.store import Store
from tests.web.served import Served, first_moves, ply_of, version_of

pytestmark = pytest.mark.xdist_group("serve-process")


def play(server: Served, game_id: str, moves: int, seed: int = 0) -> list[tuple[int, str]]:
    """Play up to ``moves`` moves; each acknowledged one as (its ply, its notation)."""
    rng = random.Random(seed)
    html = server.table(game_id)
    acked: list[tuple[int, str]] = []
    for _ in range(moves):
        legal = first_moves(html)
        if not legal:
            break
        move = rng.choice([m for m in legal if m != "stop"] or legal)
        version = version_of(html)
        status, html, _ = server.request(
            "POST", f"/games/{game_id}/move", {"move": move, "version": version}
        )
        assert status == 200, html[:300]
        acked.append((ply_of(version), move))
    return acked


def stored_moves(db: Path, game_id: str) -> list[str | None]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT ply, action FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
        ).fetchall()
    finally:
        conn.close()
    assert [p for p, _ in rows] == list(range(len(rows))), "a gap in the stored moves"
    return [a for _, a in rows]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_stopping_serve_folds_every_game_into_solotable_db(tmp_path: Path, sig: int) -> None:
    home = tmp_path / "home"
    with Served(home) as server:
        game_id = server.new_game("dice-miner")
        acked = play(server, game_id, 4)
        server.stop(sig)
    assert len(acked) == 4
    wal = home / "solotable.db-wal"
    assert not wal.exists() or wal.stat().st_size == 0, "the log was not folded back"
    copy = tmp_path / "copy" / "solotable.db"
    copy.parent.mkdir()
    shutil.copyfile(home / "solotable.db", copy)  # the database file alone
    stored = stored_moves(copy, game_id)
    for ply, move in acked:
        assert stored[ply] == move
    assert GameSession.resume(Store(copy), game_id).ply == len(stored)


def test_kill_9_mid_burst_keeps_every_acknowledged_move(tmp_path: Path) -> None:
    home = tmp_path / "home"
    acked: list[tuple[int, str]] = []
    with Served(home) as server:
        game_id = server.new_game("dice-miner")

        def burst() -> None:
            rng = random.Random(5)
            html = server.table(game_id)
            try:
                while legal := first_moves(html):
                    move = rng.choice([m for m in legal if m != "stop"] or legal)
                    version = version_of(html)
                    status, html, _ = server.request(
                        "POST", f"/games/{game_id}/move", {"move": move, "version": version}
                    )
                    if status != 200:
                        return
                    acked.append((ply_of(version), move))
            except OSError:
                return  # the server was killed: this move was never acknowledged

        player = threading.Thread(target=burst)
        player.start()
        deadline = time.monotonic() + 60
        while len(acked) < 6 and player.is_alive() and time.monotonic() < deadline:
            time.sleep(0.005)
        assert server.proc is not None
        server.proc.kill()  # SIGKILL, while the burst goes on
        server.proc.wait(30)
        player.join(60)
    assert len(acked) >= 6
    db = home / "solotable.db"
    stored = stored_moves(db, game_id)
    for ply, move in acked:
        assert stored[ply] == move, f"acknowledged move {move!r} at ply {ply} is not stored"
    with Served(home) as again:
        html = again.table(game_id)
        assert ply_of(version_of(html)) == len(stored)
        more = play(again, game_id, 2, seed=9)
        assert more, "the game did not go on after the restart"
    assert stored_moves(db, game_id)[: len(stored)] == stored
