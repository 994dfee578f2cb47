"""Issue 35, item 19: a file read as data with the same key twice in one object is refused.

JSON lets an object repeat a key and Python's parser keeps the last one, so a record whose
``seed`` appears twice replayed with whichever value came last, and two programs reading the
same file could disagree on what it says. Records, saves (their sealed part too), data files
(deck, dice, card files), run manifests and results files now refuse it in one line that
names the key.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

import solotable.session.seal as sealing
import tests.toy_game  # noqa: F401
from solotable.cli.main import main
from solotable.core.datafile import parse_json
from solotable.core.errors import DataFileError, RecordError
from solotable.core.record import record_from_json
from solotable.session.seal import seal, unseal
from solotable.sim.results import ResultsError, read_results
from tests.cli.test_hardening import finished_record
from tests.lab.factory import solo_rows, write

GOLDEN = Path(__file__).parents[1] / "core" / "golden" / "save-v1-mini-divercity.json"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SOLOTABLE_LANG", "en")
    return tmp_path / "home"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        main(argv)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    return code, capsys.readouterr().err


def assert_names_the_key(code: int, err: str, key: str) -> None:
    assert code == 2, err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
    assert f"'{key}'" in err and "twice" in err, err


def repeat_key(text: str, key: str, value: object) -> str:
    """The JSON object ``text`` with ``key`` given once more, first (so the real one wins)."""
    assert text.lstrip().startswith("{")
    head, rest = text.split("{", 1)
    return f'{head}{{"{key}": {json.dumps(value)}, {rest}'


def test_the_parser_refuses_a_repeated_key_at_any_depth() -> None:
    for text, key in [
        ('{"a": 1, "a": 2}', "a"),
        ('{"x": [{"b": 1, "c": 2, "b": 1}]}', "b"),
        ('{"x": {"y": {"": 1, "": 1}}}', ""),
    ]:
        with pytest.raises(DataFileError) as e:
            parse_json(text, "the file")
        said = str(e.value)
        assert said.startswith("the file: ") and repr(key) in said and "twice" in said, said
    assert parse_json('{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}', "f")["b"][1]["a"] == 3


def test_a_record_with_a_repeated_seed_is_refused(tmp_path: Path, capsys) -> None:
    doc = finished_record()
    f = tmp_path / "record.json"
    f.write_text(repeat_key(json.dumps(doc), "seed", doc["seed"] + 1))
    with pytest.raises(RecordError, match="'seed' appears twice"):
        record_from_json(f.read_text(), str(f))
    for argv in (["replay", "--check", str(f)], ["replay", str(f)], ["play", "--load", str(f)]):
        assert_names_the_key(*run(argv, capsys), "seed")


def test_a_save_with_a_repeated_key_is_refused_outside_and_inside_its_seal(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = GOLDEN.read_text()
    f = tmp_path / "save.json"
    f.write_text(repeat_key(text, "game", "dice-miner"))
    assert_names_the_key(*run(["replay", "--check", str(f)], capsys), "game")
    doc = json.loads(text)
    inner = repeat_key(json.dumps(unseal(doc["sealed"])), "seed", 12)
    with monkeypatch.context() as m:  # seal JSON text that repeats a key
        m.setattr(sealing, "_encode", lambda value: inner.encode("ascii"))
        doc["sealed"] = seal({})
    f.write_text(json.dumps(doc))
    assert_names_the_key(*run(["replay", "--check", str(f)], capsys), "seed")


def test_a_data_file_with_a_repeated_key_is_refused(tmp_path: Path, capsys) -> None:
    builtin = resources.files("solotable.games.dice_miner").joinpath("data", "dice.json")
    f = tmp_path / "dice.json"
    f.write_text(repeat_key(builtin.read_text("utf-8"), "total", 61))
    code, err = run(["simulate", "dice-miner", "-n", "1", "--set", f"dice={f}"], capsys)
    assert_names_the_key(code, err, "total")


def test_a_results_file_with_a_repeated_column_is_refused(tmp_path: Path, capsys) -> None:
    rows = solo_rows("g", [("x", lambda rng, i: {"score_0": i})], 3)
    f = write(tmp_path / "r.csv", rows)
    lines = f.read_text().splitlines()
    header, body = lines[0].split(","), lines[1:]
    i = header.index("score_0")
    header.append("score_0")  # a second score column: the last one would win
    f.write_text("\n".join([",".join(header), *(r + ",99" for r in body)]) + "\n")
    with pytest.raises(ResultsError, match="'score_0' appears twice"):
        list(read_results([f]))
    code, err = run(["report", str(f), "-o", str(tmp_path / "r.html")], capsys)
    assert code == 2 and "'score_0'" in err and "twice" in err, err
    assert len(err.strip().splitlines()) == 1 and i >= 0
