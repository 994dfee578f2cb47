"""Sessions that survive, through the real CLI and real processes (issue 9)."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tests.scored_toy  # noqa: F401
from solotable.cli.main import app
from solotable.session.savefile import write_save
from solotable.session.seal import unseal
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def entry(home, *args, stdin=subprocess.PIPE):
    env = {**os.environ, "SOLOTABLE_HOME": str(home), "PYTHONPATH": f"{ROOT / 'src'}:{ROOT}"}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.scored_toy", *args],
        cwd=ROOT,
        env=env,
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def human_moves(home):
    store = Store(home / "solotable.db")
    rows = store.history()
    if not rows:
        return None, 0
    (row,) = rows
    return row["id"], sum(1 for m in store.load(row["id"]).moves if m.who == 0)


def test_sigkill_mid_game_loses_at_most_the_move_in_flight(home):
    p = entry(home, "play", "toy-scored", "--ai", "random", "-s", "target=90", "-s", "skipping=1")
    p.stdin.write("take\n" * 6)
    p.stdin.flush()
    deadline = time.time() + 30
    while time.time() < deadline:
        if (home / "solotable.db").exists() and human_moves(home)[1] >= 6:
            break
        time.sleep(0.05)
    p.stdin.write("take\n")
    p.stdin.flush()
    p.send_signal(signal.SIGKILL)
    p.wait()
    game_id, kept = human_moves(home)
    assert kept in (6, 7)
    store = Store(home / "solotable.db")
    again = GameSession.resume(store, game_id)
    assert not again.is_over()
    assert again.human_to_move() == 0 or again.agent_to_move() == 1
    p = entry(home, "play", "--continue")
    out, err = p.communicate("quit\n", timeout=60)
    assert p.returncode == 0, err
    assert f"continuing game {game_id[:8]}" in out and "since your last move:" in out


def test_two_concurrent_games_never_lose_an_update(home):
    procs = [entry(home, "--worker", "25", stdin=subprocess.DEVNULL) for _ in range(2)]
    scores = []
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        scores += json.loads(out)
    store = Store(home / "solotable.db")
    rows = store.finished("toy-scored")
    assert len(rows) == 50 and all(r["counts"] for r in rows)
    assert store.best("toy-scored[target=9]") == max(scores)
    r = runner.invoke(app, ["stats", "toy-scored", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["games"] == 50
    assert json.loads(r.stdout)["best_score"] == max(scores)


def test_load_restores_seats_level_and_turn(home, tmp_path):
    save = tmp_path / "s.json"
    r = runner.invoke(
        app,
        ["play", "divercite", "--seat", "1", "--ai", "easy", "--seed", "1", "--save", str(save)],
        input="CR B8\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert "Black: place a red city on B8" in r.output  # the seat as the game names it
    doc = json.loads(save.read_text())
    assert doc["seats"] == [{"agent": "easy"}, {"agent": None}]
    r = runner.invoke(app, ["play", "--load", str(save)], input="quit\n")
    assert r.exit_code == 0, r.output
    assert "you are Black, against White (easy)" in r.output
    assert "thinking" not in r.output  # the AI does not play your seat
    store = Store(home / "solotable.db")
    newest = store.history()[0]
    assert newest["seats"] == [{"agent": "easy"}, {"agent": None}]
    assert GameSession.resume(store, newest["id"]).human_to_move() == 1


def test_unfinished_hidden_game_save_and_replay_show_no_hidden_card(home, tmp_path):
    s = GameSession.start("mini-divercity", {}, [Seat()], seed=8)
    for _ in range(5):
        s.play(0, s.legal_moves(0)[0][0])
    save = tmp_path / "mid.json"
    write_save(save, s)
    text = save.read_text()
    doc = json.loads(text)
    secret = unseal(doc["sealed"])
    hidden = [a for a, shown in zip(secret["actions"], doc["moves"], strict=True) if shown is None]
    assert hidden and '"seed"' not in text
    public_draws = sum(1 for m in doc["moves"] if m and m.startswith("draw:"))
    assert text.count("draw:") == public_draws
    r = runner.invoke(app, ["replay", str(save)])
    assert r.exit_code == 0, r.output
    assert r.output.count("draw:") == public_draws and "(hidden)" in r.output
    assert "hidden cards stay hidden" in r.output
    assert runner.invoke(app, ["replay", "--check", str(save)]).exit_code == 0


def test_history_stats_and_export(home, tmp_path):
    store = Store(home / "solotable.db")
    s = GameSession.start("toy-scored", {"target": 5}, [Seat(), Seat("random")], store=store)
    while not s.is_over():
        s.step_agent() if s.agent_to_move() is not None else s.play(0, "take")
    r = runner.invoke(app, ["history", "--json"])
    assert r.exit_code == 0, r.output
    (row,) = json.loads(r.stdout)
    assert row["id"] == s.id and row["seats"] == [{"agent": None}, {"agent": "random"}]
    assert row["outcome"] == "finished" and row["score"] == s.result().scores[0]
    r = runner.invoke(app, ["stats", "toy-scored"])
    assert r.exit_code == 0 and "1 game;" in r.output
    out = tmp_path / "rec.json"
    r = runner.invoke(app, ["export", s.id[:8], str(out)])
    assert r.exit_code == 0, r.output
    check = runner.invoke(app, ["replay", "--check", str(out)])
    assert check.exit_code == 0 and "ok:" in check.output
    assert json.loads(out.read_text())["players"] == ["human", "random"]


@pytest.mark.parametrize(
    "args",
    [
        ["play", "toy-scored", "--save", "{tmp}/missing/s.json"],
        ["play", "toy-scored", "--save", "{tmp}"],
        ["simulate", "toy-scored", "-n", "1", "--records", "{tmp}/afile"],
        ["export", "abc", "{tmp}/missing/x.json"],
    ],
)
def test_output_paths_are_checked_before_any_game(home, tmp_path, args, capsys):
    from solotable.cli.main import main

    (tmp_path / "afile").write_text("x")
    with pytest.raises(SystemExit) as e:
        main([a.format(tmp=tmp_path) for a in args])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error:" in err
    assert not (home / "solotable.db").exists() or not Store(home / "solotable.db").history()


def test_a_corrupt_store_is_set_aside_with_a_message(home):
    home.mkdir(parents=True)
    (home / "solotable.db").write_bytes(b"this is not a database" * 100)
    r = runner.invoke(app, ["history"])
    assert r.exit_code == 0, r.output
    assert "was unreadable" in r.output and "no games yet" in r.output
    assert list(home.glob("solotable.db.corrupt-*"))


def test_old_best_scores_are_imported_once(home):
    home.mkdir(parents=True)
    (home / "best_scores.json").write_text('{"toy-scored[target=9]": 42}')
    assert Store(home / "solotable.db").best("toy-scored[target=9]") == 42
    (home / "best_scores.json").write_bytes(b'{"x": 1}\xff')  # not read again
    store = Store(home / "solotable.db")
    assert store.warning is None and store.best("toy-scored[target=9]") == 42
