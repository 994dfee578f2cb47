"""``solotable review`` through the command line, in a subprocess, on small records.

The budgets are tiny (2 deals, depth 1) so the tests stay fast; what they check
(one note per decision of the chosen seats, marks, the summary) does not depend
on the budget, and the random-versus-greedy test checks that losses mean something.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solotable.session.review import mark_for

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _run(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC, "SOLOTABLE_HOME": str(tmp / "home")}
    return subprocess.run(
        [sys.executable, "-m", "solotable", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def _record(tmp: Path, game: str, agents: str) -> Path:
    out = tmp / "records"
    r = _run(tmp, "simulate", game, "--agents", agents, "--games", "1", "--records", str(out))
    assert r.returncode == 0, r.stderr
    return next(out.glob("*.json"))


def _review(tmp: Path, record: Path, *extra: str) -> dict[str, Any]:
    r = _run(tmp, "review", str(record), "--json", *extra)
    assert r.returncode == 0, r.stderr
    doc: dict[str, Any] = json.loads(r.stdout)
    return doc


@pytest.mark.parametrize(
    ("game", "agents", "budget", "seats"),
    [
        ("dice-miner", "heuristic", "samples=2,upto=2", [0]),
        ("mini-divercity", "heuristic", "samples=2,upto=2", [0]),
        ("51st-state", "random", "samples=1,upto=1,top=2", [0]),
        ("divercite", "greedy,random", "depth=1", [0, 1]),
    ],
)
def test_review_annotates_every_decision_of_every_seat(
    tmp_path: Path, game: str, agents: str, budget: str, seats: list[int]
) -> None:
    doc = _review(tmp_path, _record(tmp_path, game, agents), "--budget", budget)
    assert doc["game"] == game and doc["seats"] == seats
    moves = doc["moves"]
    assert moves and {m["seat"] for m in moves} == set(seats)
    for m in moves:
        assert m["mark"] in ("", "?", "??")
        assert m["loss"] == pytest.approx(m["best_value"] - m["played_value"])
        assert m["best_reason"]
    for seat in seats:
        s = doc["summary"][str(seat)]
        assert s["decisions"] == sum(m["seat"] == seat for m in moves)
        assert s["blunders"] == sum(m["mark"] == "??" and m["seat"] == seat for m in moves)


def test_random_play_loses_more_than_greedy_play(tmp_path: Path) -> None:
    doc = _review(tmp_path, _record(tmp_path, "divercite", "greedy,random"), "--budget", "depth=2")
    summary = doc["summary"]
    assert {m["seat"] for m in doc["moves"]} == {0, 1}
    # Seats alternate between games; game 0 gives the first agent (greedy) seat 0.
    assert summary["1"]["total_loss"] > summary["0"]["total_loss"]


def test_one_seat_and_text_output(tmp_path: Path) -> None:
    record = _record(tmp_path, "divercite", "greedy,random")
    doc = _review(tmp_path, record, "--budget", "depth=1", "--seat", "1")
    assert doc["seats"] == [1] and {m["seat"] for m in doc["moves"]} == {1}
    r = _run(tmp_path, "review", str(record), "--budget", "depth=1")
    assert r.returncode == 0, r.stderr
    assert "White:" in r.stdout and "Black:" in r.stdout and "decisions" in r.stdout
    bad = _run(tmp_path, "review", str(record), "--seat", "5")
    assert bad.returncode != 0 and "seats 0–1" in bad.stderr


def test_marks_need_both_the_threshold_and_to_clear_the_noise() -> None:
    assert mark_for(5.0, 0.5, "points ahead at the end") == "??"
    assert mark_for(1.5, 0.5, "final score") == "?"
    assert mark_for(5.0, 3.0, "final score") == "?"
    assert mark_for(0.5, 0.0, "final score") == ""
    assert mark_for(0.3, 0.05, "win chance") == "??"
    assert mark_for(0.3, 0.2, "win chance") == "?"
