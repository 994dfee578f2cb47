"""Issue 12 §3: simulations are incremental — records as games finish, a clean stop on
Ctrl-C/SIGTERM with a partial summary, ``--resume`` without redoing games."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tests.toy_game  # noqa: F401
from solotable.cli.main import main
from solotable.sim import run as simrun
from solotable.sim.run import JOURNAL, RunError, RunFolder, RunSpec
from solotable.sim.simulation import run_games, summarize

ROOT = Path(__file__).resolve().parents[2]
SPEC = RunSpec("toy-race", {}, ["random", "first"], 40, 5)


def uninterrupted() -> dict:
    return simrun.run(SPEC, num_players=2).summary


def test_streamed_summary_equals_the_list_summary():
    results = run_games("toy-race", {}, SPEC.agents, SPEC.games, SPEC.seed)
    assert uninterrupted() == summarize("toy-race", SPEC.agents, SPEC.seed, results, 2)


@pytest.mark.parametrize("jobs", [1, 2])
def test_stop_keeps_finished_games_and_resume_completes_the_same_run(tmp_path, jobs):
    folder = RunFolder.create(tmp_path, SPEC)
    seen = 0

    def progress(k: int) -> None:
        nonlocal seen
        seen += k
        if seen == 7:
            raise KeyboardInterrupt  # Ctrl-C after the 7th game was kept

    out = simrun.run(SPEC, num_players=2, jobs=jobs, folder=folder, progress=progress)
    assert out.stopped_by == signal.SIGINT
    assert out.summary["partial"] is True and out.summary["games_planned"] == 40
    kept = sorted(tmp_path.glob("*.json"))
    assert out.done == out.summary["games"] == len(kept) >= 7
    lines = (tmp_path / JOURNAL).read_text().splitlines()
    assert len(lines) == len(kept)

    played: list[int] = []
    again = RunFolder.open(tmp_path)
    final = simrun.run(again.spec, num_players=2, folder=again, progress=played.append)
    assert final.stopped_by is None and "partial" not in final.summary
    assert final.summary == uninterrupted()
    assert sum(played) == 40  # the kept games counted once, the rest played once
    assert len(list(tmp_path.glob("*.json"))) == 40
    assert len((tmp_path / JOURNAL).read_text().splitlines()) == 40


def test_a_line_cut_by_a_kill_is_played_again(tmp_path):
    folder = RunFolder.create(tmp_path, SPEC)
    simrun.run(RunSpec("toy-race", {}, SPEC.agents, 3, 5), num_players=2, folder=folder)
    journal = tmp_path / JOURNAL
    journal.write_text(journal.read_text()[:-20])  # the third line cut short
    assert [r.index for r in RunFolder.open(tmp_path).finished()] == [0, 1]


def test_a_full_disk_stops_the_run_with_a_partial_summary(tmp_path, monkeypatch, capsys):
    writes = 0
    real = RunFolder.keep

    def keep(self, r):
        nonlocal writes
        writes += 1
        if writes > 3:
            raise RunError(f"--records {self.path}: cannot write (No space left on device)")
        real(self, r)

    monkeypatch.setattr(RunFolder, "keep", keep)
    argv = ["simulate", "toy-race", "-n", "20", "--records", str(tmp_path / "r"), "--json"]
    with pytest.raises(SystemExit) as e:
        main(argv)
    cap = capsys.readouterr()
    assert e.value.code == 2 and "No space left" in cap.err and "Traceback" not in cap.err
    summary = json.loads(cap.out)
    assert summary["partial"] and summary["games"] == 3
    assert len(list((tmp_path / "r").glob("*.json"))) == 3


def test_a_folder_holding_a_run_is_not_overwritten(tmp_path, capsys):
    RunFolder.create(tmp_path, SPEC)
    with pytest.raises(SystemExit) as e:
        main(["simulate", "toy-race", "-n", "2", "--records", str(tmp_path)])
    assert e.value.code == 2 and "--resume" in capsys.readouterr().err


def test_resume_refuses_new_settings(tmp_path, capsys):
    RunFolder.create(tmp_path, SPEC)
    with pytest.raises(SystemExit) as e:
        main(["simulate", "--resume", str(tmp_path), "--games", "5"])
    assert e.value.code == 2 and "drop --games" in capsys.readouterr().err


def cli(*argv: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}:{ROOT}"}
    code = "from solotable.cli.main import main; main()"
    return subprocess.Popen(
        [sys.executable, "-c", code, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_real_signal_then_resume(tmp_path, sig):
    """A real process, a real signal: every finished record kept, the summary of the games
    done printed (partial), and ``--resume`` ends with the uninterrupted run's summary."""
    runs = tmp_path / "runs"
    args = ["simulate", "dice-miner", "-n", "300", "--seed", "2", "--json"]
    p = cli(*args, "--jobs", "2", "--records", str(runs))
    journal = runs / JOURNAL
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if journal.exists() and journal.read_text().count("\n") >= 5:
            break
        time.sleep(0.05)
    p.send_signal(sig)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 128 + sig, err
    assert "Traceback" not in err and "--resume" in err
    partial = json.loads(out)
    assert partial["partial"] is True and 5 <= partial["games"] < 300
    assert len(list(runs.glob("*.json"))) == partial["games"]
    assert journal.read_text().count("\n") == partial["games"]

    resumed = cli("simulate", "--resume", str(runs), "--json")
    out, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err
    whole = cli(*args)
    expected, _ = whole.communicate(timeout=120)
    assert json.loads(out) == json.loads(expected)
    assert len(list(runs.glob("*.json"))) == 300


def test_a_torn_last_line_is_cut_before_resuming(tmp_path):
    """Issue 19: a journal whose last line a kill cut short was resumed by appending to the
    fragment, so the line became one damaged line and the following --resume failed."""
    folder = RunFolder.create(tmp_path, SPEC)

    def stop_after(n: int):
        seen = 0

        def progress(k: int) -> None:
            nonlocal seen
            seen += k
            if seen == n:
                raise KeyboardInterrupt

        return progress

    assert simrun.run(SPEC, num_players=2, folder=folder, progress=stop_after(7)).stopped_by
    journal = tmp_path / JOURNAL
    journal.write_text(journal.read_text()[:-20])  # the last line cut short
    again = RunFolder.open(tmp_path)
    first = simrun.run(again.spec, num_players=2, folder=again, progress=stop_after(10))
    assert first.stopped_by  # the first resume stopped too, after appending
    assert all(line.startswith("{") for line in journal.read_text().splitlines())
    last = RunFolder.open(tmp_path)
    final = simrun.run(last.spec, num_players=2, folder=last)
    assert final.stopped_by is None and final.summary == uninterrupted()
    assert sorted(r.index for r in RunFolder.open(tmp_path).finished()) == list(range(40))
