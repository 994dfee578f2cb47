"""The report faults of issue 24, one test each, and the report's new sections.

- statistics are named by their catalog label with a one-line description, not a column name;
- a value with no spread says "no variation seen", never ``41.00 [41.00, 41.00]``;
- ordered categories (Dice Miner's rating bands) keep their order;
- with different agents in a two-player game the agents' difference comes first;
- files of different agents on common seeds are compared, as variants;
- game metrics and skill/luck sections; the page in French, and every word from a catalog.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tests.toy_game  # noqa: F401
from solotable.cli.main import app
from solotable.words import registry
from tests.lab.factory import duel_rows, solo_rows, write
from tests.words.pseudo import untranslated

runner = CliRunner()


def _report(tmp_path: Path, *files: Path, extra: tuple[str, ...] = ()) -> str:
    out = tmp_path / "report.html"
    r = runner.invoke(app, ["report", *map(str, files), "-o", str(out), *extra])
    assert r.exit_code == 0, r.output
    return out.read_text("utf-8")


def _text(html: str) -> str:
    """The page's visible text, figures left out."""
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _figure(html: str, slug: str) -> str:
    match = re.search(rf'<figure id="[^"]*-{slug}">(.*?)</figure>', html, flags=re.S)
    assert match, slug
    return match.group(1)


def test_statistics_are_named_by_their_label_with_a_description(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.OWNERS, "lab-words-game", "tests.lab.stat_words")
    rows = solo_rows(
        "lab-words-game",
        [
            ("default", lambda rng, i: {"score_0": i % 9, "stat.max_more_saves": i % 4}),
            ("hard", lambda rng, i: {"score_0": i % 9, "stat.max_more_saves": i % 4 - 1}),
        ],
        30,
    )
    for r in rows:
        r["stat.band"] = "high" if r["score_0"] > 4 else "low"
    html = _report(tmp_path, write(tmp_path / "w.csv", rows))
    text = _text(html)
    # the finding and the summary speak the label, the glossary says what it measures
    assert "Species still savable" in text and "max_more_saves 1" not in text
    assert "Game statistics: Species still savable 1.43 → 0.433, -1.00 in every pair" in text
    assert "Species still savable (max_more_saves) How many more could be saved." in text
    assert "Rating (band) The rating band of the final score." in text
    # a category's values in words, in its figure's legend and title
    band = _figure(html, "cat-band")
    assert "Breakdown by Rating" in band and "Sunk" in band and "Afloat" in band
    assert ">low<" not in band


def test_a_value_without_spread_says_no_variation_seen(tmp_path):
    rows = duel_rows("divercite", [("default", 0.6)], 40)
    for r in rows:
        r["plies"] = 41  # every Divercité game is 41 plies long
    text = _text(_report(tmp_path, write(tmp_path / "d.csv", rows, players=2)))
    assert "41 (no variation seen)" in text
    assert "[41.00, 41.00]" not in text and "41.00 [" not in text


def test_rating_bands_keep_the_order_of_the_score(tmp_path):
    bands = [(0, 14, "Disaster"), (15, 30, "A brave start"), (31, 45, "Getting there")]
    bands += [(46, 60, "Average"), (61, 70, "Excellent")]

    def make(rng, i):
        score = [3, 20, 20, 20, 20, 35, 35, 35, 50, 50, 65][i % 11]  # "A brave start" commonest
        name = next(n for lo, hi, n in bands if lo <= score <= hi)
        return {"score_0": score, "stat.band": name, "stat.end": "stopped" if i % 3 else "stuck"}

    html = _report(tmp_path, write(tmp_path / "b.csv", solo_rows("dice-miner", [("d", make)], 55)))
    band = _figure(html, "cat-band")
    legend = [name for _, _, name in bands if name in band]
    assert sorted(legend, key=band.index) == [n for _, _, n in bands]  # scale order
    assert "Values in the order of the score they come with." in band
    end = _figure(html, "cat-end")  # not a scale: the most common first
    assert end.index("stopped digging") < end.index("no move was left")  # values in words
    assert "Values from the most common." in end


def test_two_player_agents_difference_comes_first(tmp_path):
    """Mixed agents, alternated seats: the seats show 50%/50%, the agents do not."""
    rows = duel_rows("divercite", [("default", 0.5)], 200)
    for r in rows:  # greedy wins every game, whatever its seat
        g = 0 if r["agent_0"] == "greedy" else 1
        r[f"return_{g}"], r[f"return_{1 - g}"] = 1, -1
    html = _report(tmp_path, write(tmp_path / "m.csv", rows, players=2))
    head = re.search(r'<table class="summary"><tr>(.*?)</tr>', html, flags=re.S)
    assert head
    cols = re.findall(r"<th>(.*?)</th>", head.group(1))
    assert cols[3:7] == ["greedy win rate", "random win rate", "seat 0 win rate", "seat 1 win rate"]
    first = re.findall(r"<li>(.*?)</li>", html)[0]
    assert first.startswith("default: greedy won 100.0% [") and "random won 0" in first


def test_files_of_different_agents_on_common_seeds_are_compared(tmp_path):
    heuristic = solo_rows("dice-miner", [("", lambda rng, i: {"score_0": 30 + i % 7})], 40)
    random_ = solo_rows("dice-miner", [("", lambda rng, i: {"score_0": i % 3})], 40, agent="random")
    for r in heuristic:
        r["agents"] = r["agent_0"] = "heuristic"
    files = write(tmp_path / "h.csv", heuristic), write(tmp_path / "r.csv", random_)
    text = _text(_report(tmp_path, *files))
    assert "Only one variant" not in text
    assert "random against heuristic (40 paired games): score" in text
    assert "2 series; baseline: heuristic." in text
    # skill against luck over the 40 common deals
    assert "Skill and luck" in text and "40 common deals" in text
    assert re.search(r"The deal explains \d+\.\d% of the score spread, the player \d+", text)


def test_game_metrics_section_from_metric_columns(tmp_path):
    def make(rng, i):
        return {
            "score_0": i % 5,
            "metric.branching": 4.0 + i % 2,
            "metric.branching_max": 9.0,
            "metric.forced": 0.25,
            "metric.first_seat": 0.0,
            "metric.legal_1": 2.0,
            "metric.legal_3-4": 6.0,
        }

    text = _text(_report(tmp_path, write(tmp_path / "m.csv", solo_rows("g", [("x", make)], 10))))
    assert "Game metrics" in text
    assert "Branching factor 4.50 [" in text and "Widest choice 9" in text
    assert "Forced moves 25.0% (no variation seen)" in text
    assert "Choices per decision 1: 25.0%, 3-4: 75.0%" in text


def test_simulated_games_give_every_metric_in_the_report(tmp_path):
    out = tmp_path / "sim.csv"
    r = runner.invoke(app, ["simulate", "toy-race", "-n", "20", "--out", str(out)])
    assert r.exit_code == 0, r.output
    text = _text(_report(tmp_path, out))
    for label in ("Duration", "Branching factor", "Lead changes", "Drama", "Settled at"):
        assert f"{label} " in text
    for label in ("Draws", "First player wins", "Balance", "Forced moves"):
        assert f"{label} " in text


def test_the_page_in_french(tmp_path):
    rows = solo_rows("dice-miner", [("a", lambda rng, i: {"score_0": i % 4 + 0.5})], 20)
    html = _report(tmp_path, write(tmp_path / "f.csv", rows), extra=("--lang", "fr"))
    assert '<html lang="fr">' in html
    text = _text(html)
    assert "Ce qui a changé significativement" in text and "Mesures de jeu" in text
    assert "Une seule variante\u00a0: rien à comparer." in html
    assert "2,00 [" in text  # numbers the French way


def test_every_word_of_the_page_comes_from_a_catalog(tmp_path):
    """The pseudo-locale wraps every catalog string in ⟦ ⟧: any other word is a leak (the
    results file's own words aside: variants, agents, statistics, the game, the file)."""
    rows = solo_rows(
        "dice-miner",
        [
            ("normal", lambda rng, i: {"score_0": i % 9, "stat.band": "x", "stat.turns": i % 3}),
            ("hard", lambda rng, i: {"score_0": i % 7, "stat.band": "y", "stat.turns": i % 2}),
        ],
        30,
    )
    from rich.console import Console

    from solotable.cli.report import build

    out = tmp_path / "q.html"
    build([write(tmp_path / "q.csv", rows)], out, None, None, None, Console(), lang="qps")
    html = out.read_text("utf-8")
    data = frozenset({"dice", "miner", "normal", "hard", "random", "band", "turns", "csv"})
    assert untranslated(html, data) == []


@pytest.mark.parametrize("lang", ["de", "x" * 300])
def test_an_unknown_language_is_refused_first(tmp_path, lang, capsys):
    from solotable.cli.main import main

    rows = solo_rows("g", [("x", lambda rng, i: {"score_0": i})], 3)
    with pytest.raises(SystemExit) as e:
        main(["report", str(write(tmp_path / "x.csv", rows)), "-o", str(tmp_path / "r.html"),
              "--lang", lang])  # fmt: skip
    assert e.value.code == 2 and not (tmp_path / "r.html").exists()
    assert "--lang" in capsys.readouterr().err
