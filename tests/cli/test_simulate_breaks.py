"""Issue 19, smaller breaks of ``simulate`` and ``play``: workers that outlived a killed
parent, workers deaf to SIGTERM, and seeds the record format cannot hold.

The process tests use a real ``solotable simulate --jobs 2`` and poll (generous deadlines,
never a speed assertion): a worker counts as gone once it has exited, even if nobody reaps
it (a container's PID 1 may not).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from solotable.cli.main import app, main
from solotable.session.savefile import load_session

ROOT = Path(__file__).resolve().parents[2]
PROC = Path("/proc")
pytestmark = pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="needs /proc")


def simulate(*argv: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}:{ROOT}"}
    code = "from solotable.cli.main import main; main()"
    return subprocess.Popen(
        [sys.executable, "-c", code, "simulate", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # a signal for the test's own group never reaches it
    )


def _stat(pid: int) -> list[str] | None:
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def running(pid: int) -> bool:
    """Alive and not a zombie."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def children(pid: int) -> list[int]:
    found = []
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and fields[1] == str(pid) and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def wait_for(check, seconds: float = 60.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


def workers_of(p: subprocess.Popen[str]) -> list[int]:
    found: list[int] = []

    def two() -> bool:
        found[:] = children(p.pid)
        return len(found) >= 2

    assert wait_for(two), "the two workers never started"
    return found


def test_workers_end_when_their_parent_is_killed_with_sigkill() -> None:
    p = simulate("dice-miner", "-n", "1000000", "--jobs", "2", "--json")
    workers: list[int] = []
    try:
        workers = workers_of(p)
        os.kill(p.pid, signal.SIGKILL)
        p.wait(timeout=30)
        assert wait_for(lambda: not any(running(w) for w in workers), 30), [
            _stat(w) for w in workers
        ]
    finally:  # orphans would hold the pipes open: communicate() would never return
        for pid in [p.pid, *workers, *children(p.pid)]:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
        p.communicate(timeout=30)


def test_a_worker_is_not_deaf_to_sigterm_and_the_run_ends_in_one_line(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    p = simulate("dice-miner", "-n", "1000000", "--jobs", "2", "--json", "--records", str(runs))
    workers: list[int] = []
    try:
        workers = workers_of(p)
        journal = runs / ".solotable-run" / "results.jsonl"
        assert wait_for(lambda: journal.exists() and journal.stat().st_size > 0)  # they play
        os.kill(workers[0], signal.SIGTERM)
        assert wait_for(lambda: not running(workers[0]), 30), (_stat(workers[0]), p.poll())
        out, err = p.communicate(timeout=60)
    finally:
        for pid in [p.pid, *workers]:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
        if p.returncode is None:
            p.communicate(timeout=30)
    assert p.returncode == 2, err
    assert err.count("\n") <= 2 and "worker process" in err and "Traceback" not in err
    summary = json.loads(out)
    assert summary["partial"] is True
    assert len(list(runs.glob("*.json"))) == summary["games"]
    assert wait_for(lambda: not any(running(w) for w in workers), 30)


# -- seeds the record format cannot hold are refused at entry -----------------------------------


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("seed", ["-1", str(2**63), "1" + "0" * 40])
def test_out_of_range_seeds_are_refused(
    command: str, seed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))
    r = CliRunner().invoke(app, [command, "divercite", "--seed", seed], input="quit\n")
    assert r.exit_code == 2, r.output
    assert "--seed" in r.output and "Traceback" not in r.output
    assert not (tmp_path / "solotable.db").exists() or "game kept" not in r.output


def test_the_largest_seed_plays_and_its_save_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))
    save = tmp_path / "g.json"
    argv = ["play", "dice-miner", "--seed", str(2**63 - 1), "--save", str(save)]
    r = CliRunner().invoke(app, argv, input="save\nquit\n")
    assert r.exit_code == 0, r.output
    assert load_session(save).record(reveal=True).seed == 2**63 - 1
    with pytest.raises(SystemExit) as e:
        main(["replay", "--check", str(save)])
    assert e.value.code in (0, None)
