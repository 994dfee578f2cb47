"""Per-game results files: the schema's rows, CSV and Parquet, streamed and read back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tests.toy_game  # noqa: F401
from solotable.sim.results import (
    ResultsError,
    ResultsWriter,
    RunContext,
    columns,
    read_results,
    result_row,
)
from solotable.sim.simulation import GameResult, game_seed, run_games
from solotable.stats.metrics import GAME_KEYS

ROOT = Path(__file__).resolve().parents[2]


def _rows(games: int = 6, **vary: str) -> list[dict]:
    results = run_games("toy-race", {"target": 5}, ["random", "first"], games, seed=3)
    ctx = RunContext("toy-race", {"target": 5, "doubling": True}, ["random", "first"], 3, "v", vary)
    return [result_row(r, ctx) for r in results]


def test_rows_follow_the_schema():
    rows = _rows(4)
    row = rows[1]
    assert row["schema"] == 1 and row["game"] == "toy-race" and row["variant"] == "v"
    assert json.loads(row["options"]) == {"doubling": True, "target": 5}
    assert row["options"] == '{"doubling":true,"target":5}'  # sorted, compact
    assert row["agents"] == "random,first" and row["run_seed"] == 3
    assert row["index"] == 1 and row["seed"] == game_seed(3, 1) and row["players"] == 2
    # seats alternate: game 1 has "first" in seat 0
    assert (row["agent_0"], row["agent_1"]) == ("first", "random")
    assert max(row["score_0"], row["score_1"]) >= 5
    assert {row["return_0"], row["return_1"]} <= {1.0, -1.0, 0.0}
    assert row["plies"] > 0 and row["seconds"] >= 0
    assert row["stat.winner"] in ("first", "second") and isinstance(row["stat.total"], float)
    fixed = columns(2, [], [])  # the fixed columns (game metrics included), in order
    assert list(row)[: len(fixed)] == fixed and len(fixed) == 18 + len(GAME_KEYS)
    assert 0 < row["metric.branching"] <= 2 and row["metric.first_seat"] == 0.0


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_write_then_read_back_gives_the_same_rows(tmp_path, suffix):
    rows = _rows(8, target="5")
    path = tmp_path / f"r{suffix}"
    with ResultsWriter(path, 2, ["target"]) as w:
        for row in rows:
            w.write(row)
    back = list(read_results([path]))
    assert back == rows
    assert list(back[0]) == columns(2, ["total", "winner"], ["target"])


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_stat_that_appears_late_gets_its_column(tmp_path, suffix):
    rows = _rows(5)
    rows[3] = {**rows[3], "stat.bonus": "yes"}
    path = tmp_path / f"r{suffix}"
    with ResultsWriter(path, 2) as w:
        for row in rows:
            w.write(row)
    back = list(read_results([path]))
    assert [b["stat.bonus"] for b in back] == [None, None, None, "yes", None]
    assert [b["index"] for b in back] == [0, 1, 2, 3, 4]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_writing_streams(tmp_path, suffix):
    """10,000 rows: the file grows while rows are written (nothing held to the end)."""
    template = _rows(1)[0]
    path = tmp_path / f"big{suffix}"
    sizes = []
    with ResultsWriter(path, 2) as w:
        for i in range(10_000):
            w.write({**template, "index": i})
            if i % 2_500 == 2_499:
                sizes.append(path.stat().st_size)
    assert sizes[0] > 0 and sizes == sorted(sizes) and sizes[-1] > sizes[0]
    assert sum(1 for _ in read_results([path])) == 10_000


def test_reader_refuses_files_it_does_not_know(tmp_path):
    other = tmp_path / "x.csv"
    other.write_text("a,b\n1,2\n")
    with pytest.raises(ResultsError, match="not a solotable results file"):
        list(read_results([other]))
    future = tmp_path / "f.csv"
    future.write_text("schema,game\n2,x\n")
    with pytest.raises(ResultsError, match="schema 1"):
        list(read_results([future]))
    with pytest.raises(ResultsError, match=r"\.csv or \.parquet"):
        list(read_results([tmp_path / "r.json"]))


def test_a_solo_row(tmp_path):
    r = GameResult(0, 11, [0], [1.0], [7.0], "won", {"result": "win", "cause": "saved"}, plies=9)
    row = result_row(r, RunContext("mini-divercity", {}, ["heuristic"], 0))
    assert row["players"] == 1 and row["return_0"] == 1.0 and row["stat.result"] == "win"
    assert "agent_1" not in row and row["plies"] == 9


def test_parquet_without_pyarrow_says_how_to_get_it(tmp_path):
    code = (
        "import sys; sys.modules['pyarrow'] = None\n"
        "from solotable.cli.main import main\n"
        f"main(['simulate', 'dice-miner', '-n', '1', '--out', {str(tmp_path / 'r.parquet')!r}])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "pip install 'solotable[parquet]'" in lines[0]
    assert not (tmp_path / "r.parquet").exists()


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_run_without_games_leaves_a_file_with_the_fixed_columns(tmp_path, suffix):
    path = tmp_path / f"empty{suffix}"
    ResultsWriter(path, 2, ["target"]).close()
    assert path.exists() and list(read_results([path])) == []
