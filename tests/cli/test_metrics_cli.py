"""``solotable metrics GAME``: every listed metric, for all four games, from one pass."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from solotable.cli.main import app
from solotable.cli.metrics import metric_rows
from solotable.sim.results import read_results

runner = CliRunner()
SOLO = ("duration", "branching", "branching_max", "decision_factor", "forced", "legal_distribution")
DUEL = ("lead_changes", "drama", "behind", "decisiveness", "drawishness", "first_player", "balance")


@pytest.mark.parametrize(
    ("game", "agents", "games", "expected"),
    [
        ("dice-miner", "heuristic", 8, SOLO),
        ("51st-state", "heuristic", 3, SOLO),
        ("mini-divercity", "heuristic", 12, (*SOLO, "point_of_no_return", "settled_early")),
        ("divercite", "greedy", 6, SOLO + DUEL),
    ],
)
def test_every_metric_for_every_game(game, agents, games, expected):
    r = runner.invoke(
        app,
        ["metrics", game, "--agents", agents, "-n", str(games), "--json"]
        + (["--set", "end_when_impossible=false"] if game == "mini-divercity" else []),
    )
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["games"] == games and doc["metrics"]["games"] == games
    assert set(expected) <= set(doc["metrics"])
    if game != "divercite":
        assert not set(DUEL) & set(doc["metrics"])  # no lead in a solo game
    distribution = doc["metrics"]["legal_distribution"]
    assert sum(distribution.values()) == pytest.approx(1.0)


def test_the_table_names_and_explains_every_metric():
    r = runner.invoke(
        app, ["metrics", "divercite", "--agents", "greedy", "-n", "4"], env={"COLUMNS": "240"}
    )
    assert r.exit_code == 0, r.output
    for label in ("Branching factor", "Lead changes", "Drama", "Settled at", "Balance"):
        assert label in r.output
    rows = metric_rows(
        "divercite",
        json.loads(runner.invoke(app, ["metrics", "divercite", "-n", "3", "--json"]).stdout)[
            "metrics"
        ],
    )
    forced = next(row for row in rows if row[0] == "Forced moves")
    assert forced[2] == "Share of decisions with a single legal move." and "%" in forced[1]


def test_metrics_rows_go_to_the_results_file_in_the_same_pass(tmp_path):
    out = tmp_path / "m.csv"
    r = runner.invoke(
        app, ["metrics", "dice-miner", "--agents", "heuristic", "-n", "5", "--out", str(out)]
    )
    assert r.exit_code == 0, r.output
    rows = list(read_results([out]))
    assert len(rows) == 5 and all(row["metric.branching"] > 1 for row in rows)
    assert all(
        row["plies"] == sum(row[k] for k in row if k.startswith("metric.legal_")) for row in rows
    )


def test_simulate_json_carries_the_metrics_too():
    r = runner.invoke(app, ["simulate", "divercite", "--agents", "greedy", "-n", "4", "--json"])
    assert r.exit_code == 0, r.output
    assert "lead_changes" in json.loads(r.stdout)["metrics"]
