"""Research agents on the command line: refused wherever a player picks an agent
(exit 2, one line), listed apart, and labelled in simulate and compare output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import solotable.agents  # noqa: F401
from solotable.cli.main import app, main
from tests.hint_agents import use_hint_agent

runner = CliRunner()
PEEKER = "tests.core.test_research_agents:Peeker"
SRC = Path(__file__).resolve().parents[2] / "src"


def _exit_code(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    with pytest.raises(SystemExit) as e:
        main(args)
    return int(e.value.code or 0), capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ["play", "dice-miner", "--ai", "clairvoyant"],
        ["play", "mini-divercity", "--ai", "clairvoyant:rollouts=1"],
        ["play", "51st-state", "--ai", PEEKER],
        ["play", "divercite", "--ai", PEEKER],
    ],
)
def test_play_refuses_research_agents(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))
    code, err = _exit_code(args, capsys)
    assert code == 2
    assert "research agent" in err and "Traceback" not in err
    assert len([line for line in err.splitlines() if line.strip()]) <= 2  # one (wrapped) line


def test_review_refuses_a_research_hint_agent(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))
    out = tmp_path / "runs"
    r = runner.invoke(app, ["simulate", "dice-miner", "-n", "1", "--records", str(out)])
    assert r.exit_code == 0, r.output
    record = next(out.glob("*.json"))
    use_hint_agent(monkeypatch, "dice-miner", "clairvoyant")
    code, err = _exit_code(["review", str(record)], capsys)
    assert code == 2 and "research agent" in err


def test_agent_listings_keep_research_agents_apart() -> None:
    players = runner.invoke(app, ["agents", "--json"])
    assert players.exit_code == 0
    assert "clairvoyant" not in {r["agent"] for r in json.loads(players.stdout)}
    research = runner.invoke(app, ["agents", "--research", "--json"])
    rows = json.loads(research.stdout)
    assert {r["game"] for r in rows if r["agent"] == "clairvoyant"} == {
        "dice-miner",
        "51st-state",
        "mini-divercity",
    }
    assert all(r["research"] == "research: sees hidden information" for r in rows)
    shown = runner.invoke(app, ["agents", "--research"])
    assert "research: sees hidden information" in shown.stdout
    games = json.loads(runner.invoke(app, ["games", "--json"]).stdout)
    assert all("clairvoyant" not in g["agents"] for g in games)


def test_simulate_runs_and_labels_research_agents() -> None:
    args = ["simulate", "dice-miner", "--agents", "clairvoyant:rollouts=1", "-n", "1"]
    as_json = runner.invoke(app, [*args, "--json"])
    assert as_json.exit_code == 0, as_json.output
    (entry,) = json.loads(as_json.stdout)["agents"]
    assert entry["research"] == "research: sees hidden information"
    # A real process with a wide terminal: at 80 columns the agent's cell wraps.
    env = {**os.environ, "COLUMNS": "200", "PYTHONPATH": str(SRC)}
    shown = subprocess.run(
        [sys.executable, "-m", "solotable", *args], capture_output=True, text=True, env=env
    )
    assert shown.returncode == 0, shown.stderr
    flat = " ".join(shown.stdout.split())
    assert "clairvoyant:rollouts=1 [research:" in flat
    assert "research agent(s) marked above (research: sees hidden information)" in flat
    honest = json.loads(runner.invoke(app, ["simulate", "dice-miner", "-n", "2", "--json"]).stdout)
    assert "research" not in honest["agents"][0]


def test_a_plugin_that_sees_the_state_is_labelled_in_simulate() -> None:
    r = runner.invoke(app, ["simulate", "dice-miner", "--agents", PEEKER, "-n", "2", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["agents"][0]["research"] == "research: sees hidden information"


def test_compare_labels_research_agents() -> None:
    args = ["compare", "dice-miner", "-v", "default", "--agents", PEEKER, "-n", "2"]
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["research"] == {PEEKER: "research: sees hidden information"}
    assert doc["variants"][0]["summary"]["agents"][0]["research"]
    shown = runner.invoke(app, args)
    assert "[research: sees" in " ".join(shown.stdout.split())
