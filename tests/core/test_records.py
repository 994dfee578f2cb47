"""Records: save, load with precise errors, replay with checks (issue 2 §2)."""

import json

import pytest

import solotable
import tests.toy_game  # noqa: F401
from solotable.core.conformance import random_playout
from solotable.core.errors import RecordError
from solotable.core.record import (
    load_record,
    record_from_json,
    record_of,
    record_to_json,
    replay,
    save_record,
)
from solotable.core.rng import Rng


def finished_record(seed=3):
    g = solotable.load_game("toy-race")
    s = random_playout(g, seed, Rng(1))
    return s, record_of(s, seed, ["a", "b"])


def test_roundtrip_and_replay(tmp_path):
    state, rec = finished_record()
    path = tmp_path / "g.json"
    save_record(path, rec)
    loaded = load_record(path)
    assert loaded == rec
    assert replay(loaded).to_dict() == state.to_dict()
    assert loaded.result and loaded.result["returns"] == state.returns()


def doc():
    return json.loads(record_to_json(finished_record()[1]))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("seed"), "missing field 'seed'"),
        (lambda d: d.update(seed="x"), "field 'seed' must be an integer"),
        (lambda d: d.update(format="zip"), "field 'format'"),
        (lambda d: d.update(version=9), "unsupported version 9"),
        (lambda d: d["actions"].__setitem__(1, 5), r"actions\[1\] must be a string"),
        (lambda d: d.update(extra=1), "unknown field"),
        (lambda d: d["result"].update(scores="x"), "result.scores"),
    ],
)
def test_malformed_fields_are_named(mutate, message):
    d = doc()
    mutate(d)
    with pytest.raises(RecordError, match=message):
        record_from_json(json.dumps(d))


def test_invalid_json_reports_line_and_column():
    with pytest.raises(RecordError, match="line 2 column"):
        record_from_json('{"format":\n  nope}', "save.json")


def test_bad_move_reports_its_index():
    d = doc()
    d["actions"][1] = "fly"
    with pytest.raises(RecordError, match=r"actions\[1\] 'fly'"):
        replay(record_from_json(json.dumps(d)))


def test_chance_outcome_must_match_the_seed():
    d = doc()
    first = d["actions"][0]
    d["actions"][0] = "roll1" if first != "roll1" else "roll2"
    with pytest.raises(RecordError, match=r"actions\[0\].*the seed gives"):
        replay(record_from_json(json.dumps(d)))


def test_tampered_result_is_detected():
    d = doc()
    d["result"]["scores"] = [99, 0]
    with pytest.raises(RecordError, match=r"result\.scores"):
        replay(record_from_json(json.dumps(d)))


def test_unknown_game_or_option_in_record():
    d = doc()
    d["options"] = {"speed": 1}
    with pytest.raises(RecordError, match="unknown option 'speed'"):
        replay(record_from_json(json.dumps(d)))


def test_unreadable_record_file_is_reported(tmp_path):
    with pytest.raises(RecordError, match="cannot read it"):
        load_record(tmp_path / "missing.json")
    bad = tmp_path / "bin.json"
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError, match="cannot read it"):
        load_record(bad)
