"""An agent module in the current folder, named on the command line, is found (issue 23 §5):
docs/agents.md's commands run as written, through the installed ``solotable`` script (which,
unlike ``python -m``, does not put the current folder on ``sys.path`` by itself)."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("solotable")


def _documented_commands() -> list[list[str]]:
    """The ``solotable …`` lines of docs/agents.md's block that starts with ``cd examples``."""
    page = (ROOT / "docs" / "agents.md").read_text("utf-8")
    for block in page.split("```sh\n")[1:]:
        lines = block.split("```", 1)[0].strip().splitlines()
        if lines and lines[0] == "cd examples":
            return [shlex.split(line) for line in lines[1:]]
    raise AssertionError("docs/agents.md has no `cd examples` block")


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [str(SCRIPT), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


@pytest.mark.skipif(not SCRIPT.exists(), reason="the solotable script is not installed")
def test_the_documented_commands_run_from_the_examples_folder():
    commands = _documented_commands()
    assert len(commands) == 2 and all(c[0] == "solotable" for c in commands)
    for command in commands:
        done = _run([*command[1:], "--json"], ROOT / "examples")
        assert done.returncode == 0, done.stderr
        summary = json.loads(done.stdout)
        assert summary["games"] == int(command[command.index("--games") + 1])
        assert any("lookahead_agent:Lookahead" in str(a) for a in summary["agents"]), summary


@pytest.mark.skipif(not SCRIPT.exists(), reason="the solotable script is not installed")
def test_elsewhere_the_module_is_not_found_and_the_error_says_so(tmp_path):
    done = _run(
        ["simulate", "dice-miner", "--agents", "lookahead_agent:Lookahead", "-n", "1"], tmp_path
    )
    assert done.returncode == 2
    assert "cannot import agent module 'lookahead_agent'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(not SCRIPT.exists(), reason="the solotable script is not installed")
def test_a_spec_read_from_a_run_folder_is_never_looked_for_in_the_current_folder(tmp_path):
    """``--resume`` takes the agents from the run folder (a file): a plug-in named there is not
    imported at all (files are data) until the player names it again on the command line."""
    run = tmp_path / "run"
    args = ["simulate", "dice-miner", "--agents", "lookahead_agent:Lookahead:samples=1"]
    done = _run([*args, "-n", "2", "--records", str(run)], ROOT / "examples")
    assert done.returncode == 0, done.stderr
    resumed = _run(["simulate", "--resume", str(run)], ROOT / "examples")
    assert resumed.returncode == 2
    assert "imported only when you name it" in resumed.stderr
    named = _run(["simulate", "--resume", str(run), *args[2:]], ROOT / "examples")
    assert named.returncode == 0, named.stderr


def test_the_folder_goes_last_and_only_for_a_module_nothing_else_provides(tmp_path, monkeypatch):
    from solotable.cli.plugins import add_current_folder_for

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    (tmp_path / "json.py").write_text("raise SystemExit('shadowed')\n")
    (tmp_path / "only_here.py").write_text("")
    assert not add_current_folder_for("json:loads,greedy,alphabeta:depth=2")
    assert str(tmp_path) not in sys.path
    assert not add_current_folder_for("missing_module:Agent")  # no such file here either
    assert add_current_folder_for("greedy,only_here:Agent:depth=2")
    assert sys.path[-1] == str(tmp_path)
    assert not add_current_folder_for("only_here:Agent")  # importable now: nothing to add
    assert sys.path.count(str(tmp_path)) == 1
