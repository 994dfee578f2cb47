"""The balance lab on the command line: --out, paired compare of every agent, sweep."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tests.toy_game  # noqa: F401
from solotable.cli.main import app, main
from solotable.sim.results import read_results
from solotable.sim.simulation import game_seed

runner = CliRunner()


@pytest.fixture
def no_game_may_start(monkeypatch):
    """Any game started makes the command fail loudly (instead of timing it: the
    checks must come before the first game, whatever the machine's speed)."""
    from tests.toy_game import ToyGame

    def refuse(self, seed=0):
        raise AssertionError("a game was started before the arguments were checked")

    monkeypatch.setattr(ToyGame, "new_initial_state", refuse)


def _exit_code(argv: list[str]) -> int:
    try:
        main(argv)
    except SystemExit as e:
        return int(e.code or 0)
    return 0


def test_simulate_out_writes_one_row_per_game(tmp_path):
    out = tmp_path / "r.csv"
    args = ["simulate", "toy-race", "--agents", "random,first", "-n", "12", "--seed", "5"]
    r = runner.invoke(app, [*args, "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    rows = list(read_results([out]))
    assert [row["index"] for row in rows] == list(range(12))
    assert {row["seed"] for row in rows} == {game_seed(5, i) for i in range(12)}
    assert all(row["variant"] == "" and row["agents"] == "random,first" for row in rows)
    summary = json.loads(r.stdout)
    wins = sum(1 for row in rows if row["agent_0"] == "random" and row["return_0"] > 0)
    wins += sum(1 for row in rows if row["agent_1"] == "random" and row["return_1"] > 0)
    assert wins == summary["agents"][0]["wins"]  # the rows and the summary agree


def test_simulate_out_parquet_of_a_solo_game(tmp_path):
    out = tmp_path / "r.parquet"
    r = runner.invoke(app, ["simulate", "mini-divercity", "-n", "3", "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    rows = list(read_results([out]))
    assert len(rows) == 3 and all(row["players"] == 1 for row in rows)
    assert all(row["stat.result"] in ("win", "loss") for row in rows)
    # the Divers dealt are in the stats (which Diver matters: docs/balance.md)
    assert all(sum(v for k, v in row.items() if k.startswith("stat.dealt ")) == 3 for row in rows)


@pytest.mark.parametrize(
    ("name", "message"),
    [("r.json", ".csv or .parquet"), ("nowhere/r.csv", "does not exist")],
)
@pytest.mark.parametrize("command", ["simulate", "compare", "sweep"])
@pytest.mark.usefixtures("no_game_may_start")
def test_a_bad_out_fails_before_any_game(tmp_path, capsys, command, name, message):
    extra = {"simulate": [], "compare": ["-v", "target=3"], "sweep": ["--vary", "target=3,4"]}
    code = _exit_code(
        [command, "toy-race", *extra[command], "-n", "100000", "--out", str(tmp_path / name)]
    )
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def _unwritable_folder(tmp_path: Path) -> Path:
    """A folder this process cannot write into, as root too.

    A chmod 0o500 folder stops a normal user; root ignores permission bits, so
    then a folder of ``/proc`` (for which the kernel refuses writes whoever asks) or
    a read-only mount serves. Asserted, never skipped: CI runs as root."""
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    for candidate in (folder, Path("/proc/1"), Path("/proc/sys")):
        if candidate.is_dir() and not os.access(candidate, os.W_OK | os.X_OK):
            return candidate
    raise AssertionError("no folder here refuses writes (not even /proc/1)")


def test_out_in_a_read_only_folder_fails_first(tmp_path, capsys):
    folder = _unwritable_folder(tmp_path)
    assert _exit_code(["simulate", "toy-race", "--out", str(folder / "r.csv")]) == 2
    assert "not writable" in capsys.readouterr().err


def test_out_under_a_regular_file_fails_first(tmp_path, capsys):
    """A path whose folder is a file cannot be written by anyone, root included."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert _exit_code(["simulate", "toy-race", "--out", str(blocker / "r.csv")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_compare_pairs_every_agent_and_every_seat():
    r = runner.invoke(
        app,
        [
            *("compare", "toy-race", "--agents", "random,first", "-n", "40", "--seed", "2"),
            *("-v", "default", "-v", "target=3", "--json"),
        ],
    )
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["paired"] is True
    assert doc["subjects"] == ["random (agent 1)", "first (agent 2)", "seat 0", "seat 1"]
    base, other = doc["variants"]
    assert "mean_score_change" not in base and base["label"] == "default"
    assert other["label"] == "target=3" and other["given"] == {"target": "3"}
    for s in other["subjects"]:
        change = s["mean_score_change"]
        # Racing to 3 instead of 7 lowers every player's score, and the paired interval says so.
        assert change["paired"] and change["diff"] < 0 and change["ci95"][1] < 0
        assert "unpaired_half_width" in change and "win_rate_change" in s
    assert other["mean_score_change"] == other["subjects"][0]["mean_score_change"]


def test_compare_text_is_honest_with_three_games():
    r = runner.invoke(
        app,
        ["compare", "toy-race", "-n", "3", "-v", "target=4", "--precision", "0.1"],
    )
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert "[57.00, 57.00]" not in text
    assert "paired change" in text and "Student t" in text
    # a score interval this wide at n=3 says how many games ±0.1 would take
    assert "games per variant needed for ±0.1" in text


def test_compare_of_one_game_has_no_interval():
    r = runner.invoke(app, ["compare", "mini-divercity", "-n", "1", "-v", "preset=hard", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    change = doc["variants"][1]["mean_score_change"]
    assert change["ci95"] == [None, None] and change["note"] == "n too small"
    assert doc["variants"][0]["subjects"][0]["mean_score"]["note"] == "n too small"


def test_sweep_grid_labels_and_common_seeds(tmp_path):
    out = tmp_path / "s.csv"
    r = runner.invoke(
        app,
        [
            *("sweep", "toy-race", "--agents", "random", "--vary", "target=4,6"),
            *("--vary", "mode=normal,fast", "-n", "5", "--seed", "9", "--out", str(out), "--json"),
        ],
    )
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    labels = [c["label"] for c in doc["variants"]]
    assert labels == [
        "target=4,mode=normal",
        "target=4,mode=fast",
        "target=6,mode=normal",
        "target=6,mode=fast",
    ]
    assert doc["vary"] == {"target": ["4", "6"], "mode": ["normal", "fast"]}
    assert doc["variants"][3]["options"]["target"] == 6
    rows = list(read_results([out]))
    assert len(rows) == 20 and {row["variant"] for row in rows} == set(labels)
    for row in rows:
        assert row["variant"] == f"target={row['vary.target']},mode={row['vary.mode']}"
        assert json.loads(row["options"])["target"] == int(row["vary.target"])
    by_index: dict[int, set[tuple[int, str, str]]] = {}
    for row in rows:
        by_index.setdefault(row["index"], set()).add((row["seed"], row["agent_0"], row["agent_1"]))
    # the same index is the same game seed (and seating) in every cell
    assert all(len(v) == 1 for v in by_index.values()) and len(by_index) == 5
    assert (
        "mean_score_change" in doc["variants"][1] and "mean_score_change" not in doc["variants"][0]
    )


def test_sweep_table_marks_the_baseline():
    r = runner.invoke(
        app,
        ["sweep", "toy-race", "--vary", "target=3,9", "-n", "30"],
        env={"COLUMNS": "200"},
    )
    assert r.exit_code == 0, r.output
    assert "baseline" in r.output and "target" in r.output and " *" in r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "target=3", "--vary", "mode=fast", "--vary", "doubling=true"], "one or two"),
        (["--vary", "colour=red,blue"], "colour"),
        (["--vary", "target=3,lots"], "target"),
        (["--vary", "target=3,3"], "listed twice"),
        (["--vary", "target"], "key=v1,v2"),
        (["--vary", "target=3", "--vary", "target=4"], "given twice"),
        (["--vary", "target=3,4", "--set", "target=5"], "both give target"),
        ([], "needs --vary"),
        (["--vary", "target=3,4", "--agents", "nobody"], "nobody"),
    ],
)
@pytest.mark.usefixtures("no_game_may_start")
def test_sweep_errors_exit_2_before_playing(capsys, args, message):
    assert _exit_code(["sweep", "toy-race", "-n", "1000000", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_compare_out_rows_are_labelled_by_variant(tmp_path: Path):
    out = tmp_path / "c.csv"
    r = runner.invoke(
        app, ["compare", "toy-race", "-n", "4", "-v", "target=3", "--out", str(out), "--json"]
    )
    assert r.exit_code == 0, r.output
    rows = list(read_results([out]))
    assert [row["variant"] for row in rows] == ["default"] * 4 + ["target=3"] * 4
    assert [row["seed"] for row in rows[:4]] == [row["seed"] for row in rows[4:]]


def test_a_resumed_run_writes_every_game_to_out(tmp_path):
    folder = tmp_path / "run"
    r = runner.invoke(app, ["simulate", "toy-race", "-n", "5", "--records", str(folder)])
    assert r.exit_code == 0, r.output
    out = tmp_path / "all.csv"
    r = runner.invoke(app, ["simulate", "--resume", str(folder), "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    assert sorted(row["index"] for row in read_results([out])) == [0, 1, 2, 3, 4]


def test_paired_comparison_does_not_depend_on_jobs():
    args = ["compare", "toy-race", "--agents", "random", "-n", "24", "-v", "target=4", "--json"]
    one = runner.invoke(app, args)
    two = runner.invoke(app, [*args, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout
