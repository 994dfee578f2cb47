"""``simulate --backend/--address/--jobs``: bad values are one line and exit 2 before any game
is played, and a missing Ray says how to install it (issue 14 §5)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from solotable.cli.main import main
from tests.sim.test_run import ROOT

ENV = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}:{ROOT}"}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--backend", "dask"], "--backend: unknown backend 'dask'; expected one of local, ray"),
        (["--address", "10.0.0.1:6379"], "--address is for --backend ray"),
        (["--jobs", "300"], "--jobs: at most 256 local processes, got 300"),
    ],
)
def test_bad_backend_options_are_one_line(capsys, extra, message):
    with pytest.raises(SystemExit) as e:
        main(["simulate", "dice-miner", "-n", "2", "--json", *extra])
    cap = capsys.readouterr()
    assert e.value.code == 2 and cap.out == ""
    assert message in cap.err and len(cap.err.strip().splitlines()) == 1


def run_without_ray(*argv: str) -> subprocess.CompletedProcess[str]:
    """The CLI in a Python where ``import ray`` fails, as where it is not installed."""
    code = "import sys; sys.modules['ray'] = None\nfrom solotable.cli.main import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, env=ENV, timeout=120
    )


def test_backend_ray_without_ray_is_an_install_hint():
    p = run_without_ray("simulate", "dice-miner", "-n", "2", "--backend", "ray", "--json")
    assert p.returncode == 2 and p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "pip install 'solotable[ray]'" in lines[0], p.stderr
    local = run_without_ray("simulate", "dice-miner", "-n", "2", "--json")  # local needs no Ray
    assert local.returncode == 0 and '"games": 2' in local.stdout


def test_ray_is_not_imported_when_solotable_starts():
    code = (
        "import sys; from solotable.cli.main import app; import solotable.sim.simulation\n"
        "print(sorted(m for m in sys.modules if m == 'ray' or m.startswith('ray.')))"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV)
    assert p.returncode == 0 and p.stdout.strip() == "[]", p.stderr


def test_an_address_nobody_answers_on_is_one_line_at_once(capsys):
    """Ray itself would retry for minutes; a closed port is refused before ray.init."""
    pytest.importorskip("ray", reason="ray is not installed: pip install 'solotable[ray]'")
    argv = ["simulate", "dice-miner", "-n", "2", "--json", "--backend", "ray"]
    with pytest.raises(SystemExit) as e:
        main([*argv, "--address", "127.0.0.1:1"])
    cap = capsys.readouterr()
    assert e.value.code == 2 and cap.out == ""
    assert "--address 127.0.0.1:1: cannot reach a Ray cluster there" in cap.err
