"""Mini DiverCity's decks as data: species and Corporation deck files, named by content."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import solotable.agents  # noqa: F401
from solotable.cli.main import app, main
from solotable.core.datafile import import_data_file
from solotable.core.errors import DataFileError, RecordError
from solotable.core.record import record_from_json, replay
from solotable.core.registry import load_game
from solotable.games.mini_divercity.decks import deck_document
from solotable.sim.results import read_results
from solotable.sim.simulation import play_one

ROOT = Path(__file__).resolve().parents[3]
DECKS = ROOT / "examples" / "decks"
BUILT_IN = DECKS / "mini-divercity-corporations.json"
PLUS_ONE = DECKS / "mini-divercity-corporations-dynamite+1.json"
runner = CliRunner()


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Imported decks go to a data folder of the test's own."""
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path / "home"))


def _write(tmp_path: Path, name: str, doc: object) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), "utf-8")
    return path


def _played(options: dict, index: int) -> tuple:
    r = play_one("mini-divercity", options, ["heuristic"], 3, index)
    return r.scores, r.stats, r.plies, r.outcome


def test_the_example_files_are_the_built_in_decks():
    assert (
        json.loads(BUILT_IN.read_text("utf-8"))["corporation_cards"]
        == (deck_document("corporations")["corporation_cards"])
    )
    species = json.loads((DECKS / "mini-divercity-species.json").read_text("utf-8"))
    assert species["species"] == deck_document("species")["species"]


@pytest.mark.parametrize("index", range(4))
def test_the_built_in_decks_as_files_play_the_same_games(index):
    options = {
        "corporations": import_data_file(BUILT_IN, "test"),
        "species": import_data_file(DECKS / "mini-divercity-species.json", "test"),
    }
    assert _played(options, index) == _played({}, index)


def test_a_deck_file_changes_the_game(tmp_path):
    plus = import_data_file(PLUS_ONE, "test")
    game = load_game("mini-divercity", corporations=plus)
    assert game.tables.total_corp_cards == load_game("mini-divercity").tables.total_corp_cards + 1
    state = game.new_initial_state(0)
    assert state.corp_deck_size() == 28
    assert any(_played({"corporations": plus}, i) != _played({}, i) for i in range(6))
    doc = deck_document("species")
    doc["copies_per_species"] = 4
    fewer = import_data_file(_write(tmp_path, "s.json", doc), "test")
    assert load_game("mini-divercity", species=fewer).tables.total_species_cards == 48


def test_records_name_the_deck_by_content_and_replay(tmp_path):
    plus = import_data_file(PLUS_ONE, "test")
    r = play_one("mini-divercity", {"corporations": plus}, ["heuristic"], 0, 1, keep_record=True)
    assert r.record_json is not None
    record = record_from_json(r.record_json)
    assert record.options["corporations"] == plus and plus.startswith("sha256:")
    assert replay(record).scores() == r.scores
    doc = json.loads(r.record_json)
    doc["options"]["corporations"] = str(PLUS_ONE)  # a record never names a local file
    with pytest.raises(RecordError, match="never name local files"):
        from solotable.core.record import game_of

        game_of(record_from_json(json.dumps(doc)))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="mini-divercity-species"), "'format' must be"),
        (lambda d: d.update(extra=1), "unknown key 'extra'"),
        (lambda d: d.pop("corporation_cards"), "missing key 'corporation_cards'"),
        (lambda d: d["corporation_cards"][1].update(copies=0), "copies must be an integer >= 1"),
        (lambda d: d["corporation_cards"][0].update(events=["flood"]), "unknown event 'flood'"),
        (lambda d: d["corporation_cards"][2].update(events=["hotels:red:pink"]), "bad hotels"),
        (lambda d: d.update(corporation_cards=[]), "must not be empty"),
    ],
)
def test_a_bad_corporation_deck_is_one_line(tmp_path, change, message):
    doc = deck_document("corporations")
    change(doc)
    path = _write(tmp_path, "bad.json", doc)
    with pytest.raises(DataFileError, match=message) as e:
        load_game("mini-divercity", corporations=str(path))
    assert "bad.json" in str(e.value) and "\n" not in str(e.value)


def test_a_bad_species_deck_is_one_line(tmp_path):
    doc = deck_document("species")
    doc["species"] = doc["species"][:11]
    path = _write(tmp_path, "eleven.json", doc)
    with pytest.raises(DataFileError, match="must list 12 species, got 11"):
        load_game("mini-divercity", species=str(path))


def test_the_command_line_refuses_a_bad_deck_before_playing(tmp_path, capsys):
    path = _write(tmp_path, "x.json", {"format": "mini-divercity-corporations"})
    with pytest.raises(SystemExit) as e:
        main(["simulate", "mini-divercity", "-n", "1000000", "--set", f"corporations={path}"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "missing key 'corporation_cards'" in err and len(err.strip().splitlines()) == 1
    assert "x.json" in err and "sha256" not in err


def test_a_deck_the_game_refuses_is_named_by_its_file_on_the_command_line(tmp_path, capsys):
    path = _write(
        tmp_path,
        "no-cards.json",
        {"format": "mini-divercity-corporations", "corporation_cards": []},
    )
    with pytest.raises(SystemExit) as e:
        main(["simulate", "mini-divercity", "-n", "1000000", "--set", f"corporations={path}"])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "no-cards.json" in err and "must not be empty" in err and "sha256" not in err


def test_decks_are_swept_like_options(tmp_path):
    out = tmp_path / "decks.csv"
    r = runner.invoke(
        app,
        [
            *("sweep", "mini-divercity", "--agents", "heuristic", "-n", "6", "--json"),
            *("--vary", f"corporations={BUILT_IN},{PLUS_ONE}", "--out", str(out)),
        ],
    )
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert [c["vary"]["corporations"] for c in doc["variants"]] == [str(BUILT_IN), str(PLUS_ONE)]
    rows = list(read_results([out]))
    decks = {json.loads(row["options"])["corporations"] for row in rows}
    assert len(decks) == 2 and all(d.startswith("sha256:") for d in decks)
    assert {row["vary.corporations"] for row in rows} == {str(BUILT_IN), str(PLUS_ONE)}
