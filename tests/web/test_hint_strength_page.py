"""The "How strong is the hint?" page shows the measured figures, in English and French.

The figures live in ``web/data/hint_strength.json``; here they are recomputed from the
committed result lines (``bench/results/hint-stability-*.jsonl``, ``bounds-*.jsonl``) with
the bench's own summary, so the page says what was measured; then each figure is read back
from the page as a player sees it.
"""

from __future__ import annotations

import json
import re
import statistics
from typing import Any

import pytest

from solotable import load_game
from solotable.core.errors import DataFileError
from solotable.web.hint_strength import DATA, _number, figures
from tests.hint_agents import without_cpu_cap
from tests.scripts import ROOT, load_script
from tests.web.test_hint_verdict_web import hint_box, small_hints  # noqa: F401  (a fixture)

RESULTS = ROOT / "bench" / "results"
summarise = load_script("bench/hint_stability.py").summarise

RAW = {r["game"]: r for r in json.loads(DATA.read_text("utf-8"))["sampled"]}


def _lines(name: str) -> list[dict[str, Any]]:
    return [json.loads(x) for x in (RESULTS / name).read_text("utf-8").splitlines() if x]


@pytest.mark.parametrize("row", figures()["sampled"], ids=lambda r: r["game"])
def test_the_figures_are_those_of_the_committed_measurements(row: dict[str, Any]) -> None:
    game = row["game"]
    s = summarise(game, row["agent"], _lines(f"hint-stability-{game}.jsonl"))
    assert (s["positions"], s["repeats"]) == (row["positions"], row["repeats"])
    assert round(100 * s["stability"], 1) == row["same_move_pct"]
    assert round(100 * s["all_agree"]) == row["all_agree_pct"]
    assert round(100 * s["clear"]) == row["clearly_best_pct"]
    assert round(s["cpu_mean"], 2) == pytest.approx(row["cpu_mean_s"], abs=0.005)
    bounds = _lines(f"bounds-{game}.jsonl")
    for part in ("rule_based", "bound"):
        # The cell: the games of that agent (its spec) in the standard table (seed 0) played by
        # the code named (the rule-based player's current version; the bound's runs).
        cell = RAW[game][part]  # the file as written: which rows the figure comes from
        codes = cell.get("codes", [cell.get("code")])
        rows = [
            r
            for r in bounds
            if r["spec"] == cell["spec"] and r["seed"] == 0 and r.get("code") in codes
        ]
        assert len(rows) == cell["games"]
        values = [100.0 * r["win"] if row["wins"] else r["score"] for r in rows]
        assert round(statistics.fmean(values), 2) == row[part]["value"] == cell["value"]


@pytest.mark.parametrize("row", figures()["sampled"], ids=lambda r: r["game"])
def test_the_hint_as_a_player_is_the_hint_agents_committed_cell(row: dict[str, Any]) -> None:
    """The hint's own moves played through whole games (its cell in ``bounds-GAME.jsonl``): the
    cell of today's hint agent — its spec without the CPU cap, which only a slow machine
    meets — so a new hint agent must come with its own games."""
    cell = RAW[row["game"]].get("as_player")
    if cell is None:
        assert row["as_player"] is None
        return
    # row["agent"]: the hint agent (tests/session/test_hints.py)
    assert cell["spec"] == without_cpu_cap(row["agent"])
    lines = _lines(f"bounds-{row['game']}.jsonl")
    rows = [r for r in lines if r["spec"] == cell["spec"] and r["seed"] == 0]
    rows = [r for r in rows if r.get("code") == cell["code"]]
    assert sorted(r["index"] for r in rows) == list(range(cell["games"]))  # games 0 … n−1
    values = [100.0 * r["win"] if row["wins"] else r["score"] for r in rows]
    assert round(statistics.fmean(values), 2) == row["as_player"]["value"] == cell["value"]


def test_the_page_shows_each_figure_in_english_and_french(client) -> None:
    en = client.get("/hints")
    assert en.status_code == 200
    client.cookies.set("lang", "fr")
    fr = client.get("/hints")
    assert fr.status_code == 200 and 'lang="fr"' in fr.text
    assert "How strong is the hint?" in en.text
    assert "Quelle est la force du conseil\u00a0?" in fr.text
    for html, point in ((en.text, "."), (fr.text, ",")):
        for row in figures()["sampled"]:
            section = _section(html, row["game"])
            (same,) = _numbers(_dd(section, "same-move"), point)
            assert same == pytest.approx(row["same_move_pct"], abs=0.5)  # a whole percent
            assert _numbers(_dd(section, "clearly-best"), point) == [row["clearly_best_pct"]]
            (thinking,) = _numbers(_dd(section, "thinking"), point)
            assert thinking == pytest.approx(row["cpu_mean_s"], abs=0.05 + 1e-9)  # one place
            rule, bound = row["rule_based"], row["bound"]
            places = 0 if row["wins"] else 1
            if row["as_player"] is not None:
                mine = row["as_player"]
                shown = _numbers(_text(section, "as-player"), point)
                assert shown == [round(mine["value"], places), mine["games"]]
            else:
                assert 'class="as-player"' not in section
            assert _numbers(_text(section, "scale"), point) == [
                round(rule["value"], places),
                rule["games"],
                round(bound["value"], places),
            ]
        (d,) = figures()["searched"]
        section = _section(html, d["game"])
        if d["course_games"]:
            wins = _numbers(_dd(section, "course-wins"), point)
            assert wins == [d["course_wins"], d["course_games"]]
        else:  # the hint agent did not play the outside program: no record is shown
            assert 'class="course-wins"' not in section
        # The Elo model's expected score against the level below, to the percent.
        pct = round(100 / (1 + 10 ** (-d["elo_over_hard"] / 400)))
        assert _numbers(_text(section, "scale"), point)[:2] == [d["elo_over_hard"], pct]
        (thinking,) = _numbers(_dd(section, "thinking"), point)
        assert thinking == pytest.approx(d["cpu_mean_s"], abs=0.005 + 1e-9)


@pytest.mark.usefixtures("small_hints")
def test_the_table_and_the_lobby_link_to_the_page(client, store) -> None:
    assert 'href="/hints"' in client.get("/").text
    box = hint_box(store, "dice-miner", ("",), "en")
    assert 'href="/hints#game-dice-miner"' in box and "How strong is the hint?" in box
    assert "Quelle est la force du conseil\u00a0?" in hint_box(store, "dice-miner", ("",), "fr")


def test_a_broken_figures_file_is_refused_by_name() -> None:
    with pytest.raises(DataFileError, match="same_move_pct"):
        _number({"game": "dice-miner", "same_move_pct": "96"}, "same_move_pct")
    with pytest.raises(DataFileError, match="games"):
        _number({"game": "dice-miner", "games": True}, "games")


def _numbers(text: str, point: str) -> list[float]:
    """The numbers a player reads in ``text`` (``point``: the language's decimal sign)."""
    found = re.findall(r"\d+(?:[.,]\d+)?", text)
    return [float(x.replace(point, ".")) for x in found]


def _section(html: str, game: str) -> str:
    m = re.search(rf'<section[^>]*id="game-{game}".*?</section>', html, re.S)
    assert m, f"no section for {game}"
    return m.group(0)


def _dd(section: str, cls: str) -> str:
    m = re.search(rf'<dd class="{cls}">([^<]*)</dd>', section)
    assert m, f"no {cls}"
    return m.group(1).strip()


def _text(section: str, cls: str) -> str:
    m = re.search(rf'<p class="{cls}">([^<]*)</p>', section)
    assert m, f"no {cls}"
    return m.group(1)


def test_the_searched_figures_are_those_of_the_hint_agent() -> None:
    """A searched game's row names the agent its hints come from (``GameInfo.hint_agent``):
    a new hint agent must come with its own figures."""
    for row in figures()["searched"]:
        assert row["agent"] == load_game(row["game"]).info.hint_agent.partition(":")[0]
