"""``compare --agents a,b``: agents paired by seed on every game, the matrix, and --force."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tests.toy_game  # noqa: F401
from solotable.cli.main import app, main
from solotable.sim import simulation
from solotable.sim.results import read_results

runner = CliRunner()


def _exit_code(argv: list[str]) -> int:
    try:
        main(argv)
    except SystemExit as e:
        return int(e.code or 0)
    return 0


def _count_games(monkeypatch) -> list[int]:
    """A list that grows by one for each game played in this process (``--jobs 1``)."""
    played: list[int] = []
    real = simulation.play_to_end

    def counted(*args, **kwargs):
        played.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(simulation, "play_to_end", counted)
    return played


def _json(args: list[str]) -> dict:
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.mark.parametrize(
    ("game", "strong", "weak", "games"),
    [
        ("dice-miner", "heuristic", "random", 12),
        ("51st-state", "heuristic", "random", 6),
        ("mini-divercity", "heuristic", "random", 12),
    ],
)
def test_solo_agents_are_paired_by_seed(tmp_path: Path, game, strong, weak, games):
    out = tmp_path / "a.csv"
    doc = _json(
        ["compare", game, "--agents", f"{strong},{weak}", "-n", str(games), "--out", str(out)]
    )
    assert doc["by_agent"] and doc["subjects"] == ["agent"]
    base, other = doc["variants"]
    assert (base["label"], other["label"]) == (strong, weak)
    change = other["subjects"][0]["mean_score_change"]
    # the heuristic outscores random play: the paired difference says so
    assert change["paired"] and change["n"] == games and change["diff"] < 0
    stats = other["stats"]
    assert stats and all("change" in e for e in stats.values() if "mean" in e)
    assert "change" not in next(iter(base["stats"].values()))
    skill = doc["skill"]["mean_score"]
    assert skill["deals"] == games
    shares = [skill[p]["share"] for p in ("agent", "deal", "interaction")]
    assert sum(shares) == pytest.approx(1.0) and skill["agent"]["share"] > 0.2
    rows = list(read_results([out]))
    assert [r["agents"] for r in rows] == [strong] * games + [weak] * games
    assert {r["variant"] for r in rows} == {""}  # agents, not option sets, tell cells apart
    assert [r["seed"] for r in rows[:games]] == [r["seed"] for r in rows[games:]]


def test_mini_divercity_agents_compare_win_rates_too():
    doc = _json(["compare", "mini-divercity", "--agents", "heuristic,random", "-n", "10"])
    other = doc["variants"][1]["subjects"][0]
    assert "win_rate_change" in other and "win_rate" in doc["skill"]


def test_two_player_agents_each_meet_the_same_opponent_on_the_same_seeds(tmp_path: Path):
    out = tmp_path / "d.csv"
    doc = _json(
        [
            *("compare", "divercite", "--agents", "greedy,random", "--opponent", "greedy"),
            *("-n", "10", "--out", str(out)),
        ]
    )
    assert doc["opponent"] == "greedy" and "skill" not in doc
    base, other = doc["variants"]
    assert base["agents"] == ["greedy", "greedy"] and other["agents"] == ["random", "greedy"]
    assert other["subjects"][0]["win_rate_change"]["diff"] < 0  # random does worse
    rows = list(read_results([out]))
    pairs = {(r["index"], r["seed"]) for r in rows}
    assert len(pairs) == 10  # the same ten seeds in both cells
    # seats alternate: the agent under test moves first in half of its games
    tested = [r for r in rows if r["agents"] == "random,greedy"]
    assert sum(r["agent_0"] == "random" for r in tested) == 5


def test_matrix_of_three_agents(tmp_path: Path):
    out = tmp_path / "m.csv"
    doc = _json(
        [
            *("compare", "toy-race", "--agents", "random,first,random", "--matrix", "-n", "8"),
            *("--out", str(out)),
        ]
    )
    assert doc["matrix"] and len(doc["pairs"]) == 3
    for p in doc["pairs"]:
        assert p["wins"] + p["draws"] + p["losses"] == 8
        lo, hi = p["win_rate"]["ci95"]
        assert lo <= p["win_rate"]["rate"] <= hi
    names = [r["agent"] for r in doc["ratings"]]
    assert names == ["random #1", "first", "random #3"]  # two copies, two players
    assert doc["ratings"][0]["elo"] == 0.0 and doc["prior_draws"] == 1.0
    rows = list(read_results([out]))
    assert len(rows) == 24 and {r["agents"] for r in rows} == {
        "random,first",
        "random,random",
        "first,random",
    }


def test_matrix_counts_agree_with_the_rows(tmp_path: Path):
    out = tmp_path / "m.csv"
    doc = _json(
        [
            *("compare", "toy-race", "--agents", "random,first", "--matrix", "-n", "12"),
            *("--out", str(out)),
        ]
    )
    (pair,) = doc["pairs"]
    wins = sum(
        1
        for r in read_results([out])
        for p in (0, 1)
        if r[f"agent_{p}"] == "random" and r[f"return_{p}"] > 0
    )
    assert pair["wins"] == wins


def test_matrix_text_shows_every_pair_and_the_ratings():
    r = runner.invoke(
        app,
        ["compare", "toy-race", "--agents", "random,first", "--matrix", "-n", "6"],
        env={"COLUMNS": "200"},
    )
    assert r.exit_code == 0, r.output
    assert "Bradley–Terry" in r.output and "wins–draws–losses" in r.output
    assert "0 (anchor)" in r.output and "[+0, +0]" not in r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["dice-miner", "--agents", "heuristic"], "two agents or more"),
        (["dice-miner", "--agents", "heuristic,random", "--matrix"], "two-player games"),
        (["dice-miner", "--agents", "heuristic,random", "--opponent", "random"], "solo game"),
        (["toy-race", "-v", "target=3", "--matrix"], "drop -v"),
        (["toy-race", "--agents", "random,nobody"], "nobody"),
        (["toy-race", "--agents", "random,first", "--matrix", "--opponent", "x"], "drop --opp"),
    ],
)
def test_compare_agent_errors_exit_2_before_playing(capsys, monkeypatch, args, message):
    played = _count_games(monkeypatch)
    assert _exit_code(["compare", *args, "-n", "1000000"]) == 2
    assert played == []
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "toy-race"],
        ["compare", "toy-race", "-v", "target=3"],
        ["compare", "toy-race", "--agents", "random,first"],
        ["sweep", "toy-race", "--vary", "target=3,4"],
        ["metrics", "toy-race"],
    ],
)
def test_out_never_overwrites_without_force(tmp_path: Path, capsys, monkeypatch, command):
    out = tmp_path / "kept.csv"
    out.write_text("the results of a long run\n", "utf-8")
    played = _count_games(monkeypatch)
    assert _exit_code([*command, "-n", "1000000", "--out", str(out)]) == 2
    assert played == []  # refused before any game
    err = capsys.readouterr().err
    assert "--force" in err and len(err.strip().splitlines()) == 1
    assert out.read_text("utf-8") == "the results of a long run\n"
    assert _exit_code([*command, "-n", "2", "--out", str(out), "--force", "--json"]) == 0
    assert played  # the count sees games: the refusal above really played none
    assert len(list(read_results([out]))) >= 2


@pytest.mark.parametrize(
    ("lang", "present", "absent"),
    [
        ("en", ("baseline", "paired change from the first row", "games per cell"), ()),
        (
            "fr",
            ("référence", "écart apparié à la première ligne", "parties par cellule"),
            ("baseline", "paired change", "games per cell", "half-width"),
        ),
    ],
)
def test_the_comparison_table_speaks_the_chosen_language(monkeypatch, lang, present, absent):
    # --lang sets SOLOTABLE_LANG for the process: monkeypatch puts it back after the test
    monkeypatch.setenv("SOLOTABLE_LANG", "en")
    r = runner.invoke(
        app,
        ["--lang", lang, "compare", "dice-miner", "--agents", "heuristic,random", "-n", "4"],
        env={"COLUMNS": "400"},
    )
    assert r.exit_code == 0, r.output
    for text in present:
        assert text in r.output, text
    for text in absent:
        assert text not in r.output, text


def test_divercite_matrix_rates_the_stronger_agent_higher():
    doc = _json(["compare", "divercite", "--agents", "random,greedy", "--matrix", "-n", "6"])
    (pair,) = doc["pairs"]
    assert pair["wins"] + pair["draws"] + pair["losses"] == 6
    assert pair["losses"] > pair["wins"]  # random (the row) loses to greedy
    elo = {r["agent"]: r["elo"] for r in doc["ratings"]}
    assert elo["random"] == 0.0 and elo["greedy"] > 0
    r = runner.invoke(
        app,
        ["compare", "divercite", "--agents", "random,greedy", "--matrix", "-n", "6"],
        env={"COLUMNS": "200"},
    )
    assert r.exit_code == 0 and "Bradley–Terry" in r.output and "greedy" in r.output
