"""``bench/bounds.py run`` reruns a cell: a checkout with committed results plays the games
again (into a folder of its own) and says whether they match, never finding them "done"."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tests.scripts import load_script


@pytest.fixture(scope="module")
def bounds():
    return load_script("bench/bounds.py")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_documented_command_reruns_a_committed_cell(bounds, tmp_path, capsys):
    committed = bounds.data_file("dice-miner")
    assert committed.is_file()  # the checkout holds the cell already
    before = _digest(committed)
    bounds.main(["run", "dice-miner", "random", "-n", "3", "--into", str(tmp_path)])
    counts = capsys.readouterr().err
    assert "3 games to play" in counts and "3 of the 3 games" in counts
    rows = bounds.load_rows("dice-miner", tmp_path)
    assert [r["index"] for r in rows] == [0, 1, 2]
    # again: a rerun, not "done" (the earlier rerun's lines are replaced, not doubled)
    again = bounds.run_cell("dice-miner", "random", 3, 0, bounds.BASE, tmp_path)
    assert again == {"played": 3, "committed": 200, "same": 3}
    assert len(bounds.load_rows("dice-miner", tmp_path)) == 3
    # --resume keeps what is there
    assert (
        bounds.run_cell("dice-miner", "random", 4, 0, bounds.BASE, tmp_path, resume=True)["played"]
        == 1
    )
    assert _digest(committed) == before  # the committed cell is never touched


def test_a_second_process_plays_the_far_end_of_a_cell(bounds, tmp_path, capsys):
    bounds.main(["run", "dice-miner", "random", "-n", "5", "--first", "3", "--into", str(tmp_path)])
    assert "2 games to play" in capsys.readouterr().err
    assert [r["index"] for r in bounds.load_rows("dice-miner", tmp_path)] == [3, 4]


def test_run_plays_outside_the_committed_folder_by_default(bounds):
    parser_default = bounds.RERUN
    assert parser_default != bounds.RESULTS and parser_default.parent == bounds.RESULTS


def test_table_reads_a_rerun_folder(bounds, tmp_path, capsys):
    bounds.run_cell("dice-miner", "random", 2, 0, bounds.BASE, tmp_path)
    capsys.readouterr()
    bounds.main(["table", "--results", str(tmp_path)])
    out = capsys.readouterr().out
    assert "| `random` | honest | 2 |" in out


def _row(spec: str, index: int, score: float) -> dict[str, object]:
    """One stored game of a results cell (the clairvoyant's games are research)."""
    return {
        "spec": spec,
        "seed": 0,
        "index": index,
        "score": score,
        "win": False,
        "cpu": 1.0,
        "decisions": 10,
        "research": spec.startswith("clairvoyant"),
        "code": "c",
    }


def test_the_headline_gives_the_ratio_on_the_shared_seeds_too(bounds, tmp_path, monkeypatch):
    """The headline's paired column divides over the seeds both cells played, so a bound
    game the honest agent never played does not enter it (the ratio of means keeps it)."""

    honest = [_row("pimc", i, s) for i, s in enumerate([40.0, 30.0, 50.0])]
    bound = [_row("clairvoyant:rollouts=4", i, s) for i, s in enumerate([50, 40, 60, 90])]
    lines = "".join(json.dumps(r) + "\n" for r in honest + bound)
    bounds.data_file("dice-miner", tmp_path).write_text(lines, encoding="utf-8")
    monkeypatch.setattr(bounds, "FOLDER", [tmp_path])
    monkeypatch.setattr(bounds, "MIN_GAMES_FOR_BEST", 3)  # three games keep the sums readable
    (dice,) = [line for line in bounds.headline(0, [], "c") if line.startswith("| dice-miner")]
    cols = [c.strip() for c in dice.split("|")]
    # ratio of means: 40 / 60 over all games; paired: 120 / 150 over games 0-2
    assert cols[6].startswith("66.7% ± ") and cols[7].startswith("80.0% ± ")
    assert cols[7].endswith("(n=3)") and cols[8] == "23 points short"


def test_best_honest_compares_cells_on_the_seeds_both_played(bounds, tmp_path, monkeypatch):
    """A short cell that drew easy seeds must not take the headline from a longer one that
    scores more on those very seeds, and a pilot of a few games is never "best honest"."""

    long = [_row("pimc", i, 40.0 if i < 30 else 10.0) for i in range(40)]  # mean 32.5
    short = [_row("heuristic", i, 38.0) for i in range(30)]  # mean 38, but 38 < 40 on 0-29
    pilot = [_row("mcts", i, 60.0) for i in range(5)]  # best of all, on 5 games only
    bound = [_row("clairvoyant:rollouts=4", i, 50.0) for i in range(40)]
    lines = "".join(json.dumps(r) + "\n" for r in long + short + pilot + bound)
    bounds.data_file("dice-miner", tmp_path).write_text(lines, encoding="utf-8")
    monkeypatch.setattr(bounds, "FOLDER", [tmp_path])
    assert bounds.best_honest("dice-miner", 0, [], "c") == ("pimc", 32.5 / 50.0)
    # The same short cell, better on the shared seeds, does take it.
    better = [_row("heuristic", i, 41.0) for i in range(30)]
    lines = "".join(json.dumps(r) + "\n" for r in long + better + pilot + bound)
    bounds.data_file("dice-miner", tmp_path).write_text(lines, encoding="utf-8")
    assert bounds.best_honest("dice-miner", 0, [], "c") == ("heuristic", 41.0 / 50.0)
