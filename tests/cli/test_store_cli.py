"""The terminal when the store fails or another front end plays the game (issue 19).

A damaged store is set aside with a warning, a read-only one is one line and
exit 2 (never the "internal error" of exit 3); a move the store cannot keep is
one line and the prompt again; a game the web table played meanwhile is
reloaded; ``play`` closes its store, so ``solotable.db`` alone holds the game.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import tests.scored_toy  # noqa: F401  (registers "toy-scored")
from solotable.cli.main import app, main
from solotable.cli.session import TerminalPlay
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store
from tests.faults import junk_page, remount, small_disk, write_lock

RACE = {"target": 60, "skipping": True}


def stored_game(db, seats: tuple[Seat, ...] = (Seat(), Seat("random"))) -> GameSession:
    store = Store(db)
    s = GameSession.start("toy-scored", RACE, list(seats), seed=2, store=store)
    s.play(0, "take")
    store.close()
    return s


def exit_of(argv, capsys) -> tuple[int, str]:
    with pytest.raises(SystemExit) as e:
        main(argv)
    return int(e.value.code or 0), capsys.readouterr().err


def test_junk_data_pages_are_set_aside_not_an_internal_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))
    stored_game(tmp_path / "solotable.db")
    junk_page(tmp_path / "solotable.db")
    code, err = exit_of(["play", "--continue"], capsys)
    err = " ".join(err.split())
    assert code == 2 and "internal error" not in err
    assert "was unreadable" in err and "set aside as solotable.db.corrupt-" in err
    assert "error: no unfinished game to continue" in err
    assert len(list(tmp_path.glob("solotable.db.corrupt-*"))) == 1


def test_a_read_only_data_folder_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    with small_disk(tmp_path / "disk", 1024) as disk:
        monkeypatch.setenv("SOLOTABLE_HOME", str(disk))
        stored_game(disk / "solotable.db")
        before = (disk / "solotable.db").read_bytes()
        remount(disk, "ro")
        try:
            for argv in (["history"], ["play", "--continue"]):
                code, err = exit_of(argv, capsys)
                assert code == 2 and err.startswith("error:"), err
                assert "the data folder is read-only" in " ".join(err.split())
                assert "damaged" not in err and "unreadable" not in err
        finally:
            remount(disk, "rw")
        assert (disk / "solotable.db").read_bytes() == before
        assert not list(disk.glob("*.corrupt-*"))


def scripted(lines, on_read=None):
    it = iter(lines)

    def read(prompt: str) -> str:
        if on_read is not None:
            on_read(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def test_a_move_not_kept_is_one_line_and_the_prompt_again(tmp_path) -> None:
    db = tmp_path / "solotable.db"
    store = Store(db, busy_timeout=0.05)
    s = GameSession.start("toy-scored", RACE, [Seat(), Seat("random")], seed=2, store=store)
    prompts: list[str] = []
    lock = write_lock(db)
    lock.__enter__()

    def on_read(prompt: str) -> None:
        prompts.append(prompt)
        if len(prompts) == 2:  # the player frees the store, then types the move again
            lock.__exit__(None, None, None)

    console = Console(record=True, width=200)
    front = TerminalPlay(s, console, scripted(["take", "take", "quit"], on_read))
    assert front.run() == "quit"
    out = console.export_text()
    lines = [x for x in out.splitlines() if "not kept" in x]
    assert lines == [
        "Your move was not kept because the store is busy (another program holds it) "
        "(try again in a moment)"
    ]
    assert len(prompts) == 3 and prompts[1].endswith("your move> ")
    assert [m.ply for m in store.load(s.id).moves] == list(range(s.ply))
    assert GameSession.resume(store, s.id).state.history == s.state.history


def test_an_ai_move_not_kept_asks_before_trying_again(tmp_path) -> None:
    db = tmp_path / "solotable.db"
    store = Store(db, busy_timeout=0.05)
    s = GameSession.start("toy-scored", RACE, [Seat("random"), Seat()], seed=2, store=store)
    with write_lock(db):
        console = Console(record=True, width=200)
        prompts: list[str] = []
        front = TerminalPlay(s, console, scripted(["q"], prompts.append))
        assert front.run() == "quit"
    assert "The AI's move was not kept because the store is busy" in console.export_text()
    assert prompts == ["Enter to let the AI try again, q to quit> "]
    assert s.ply == GameSession.resume(store, s.id).ply


def test_the_terminal_reloads_a_game_played_on_the_web_meanwhile(tmp_path) -> None:
    db = tmp_path / "solotable.db"
    s = stored_game(db)
    terminal = GameSession.resume(Store(db), s.id)
    web = GameSession.resume(Store(db), s.id)
    while web.agent_to_move() is not None:
        web.step_agent()

    def web_plays(prompt: str) -> None:
        if not web.is_over() and web.human_to_move() == 0 and len(web.plies) < 12:
            web.play(0, "take")
            while web.agent_to_move() is not None:
                web.step_agent()

    console = Console(record=True, width=200)
    front = TerminalPlay(terminal, console, scripted(["take", "take", "quit"], web_plays))
    front.run()
    out = console.export_text()
    assert "played in another window or terminal" in out
    assert "Traceback" not in out and "UNIQUE" not in out
    saved = GameSession.resume(Store(db), s.id)
    assert saved.state.history == terminal.state.history
    assert saved.state.history[: web.ply] == web.state.history


def test_play_closes_its_store_so_the_database_file_holds_the_game(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("SOLOTABLE_HOME", str(home))
    closed: list[Path] = []
    close = Store.close

    def spy(store: Store) -> None:
        closed.append(store.path)
        close(store)

    monkeypatch.setattr(Store, "close", spy)
    r = CliRunner().invoke(app, ["play", "toy-scored", "--ai", "random"], input="take\nquit\n")
    assert r.exit_code == 0, r.output
    assert closed == [home / "solotable.db"]
    wal = home / "solotable.db-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    (game,) = Store(home / "solotable.db").history()
    assert game["ply"] >= 2
