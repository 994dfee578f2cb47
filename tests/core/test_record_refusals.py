"""A malformed record is refused with one precise message: the first bad field, by key and
arguments (issue 20: the mutants of ``record_from_doc`` that the loose ``match=`` checks of
``test_records.py`` let live). Each row is one malformed document and the exact message."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solotable.core.errors import RecordError
from solotable.core.message import Msg, Text, msg
from solotable.core.record import (
    MAX_ACTIONS,
    Record,
    load_record,
    record_from_doc,
    record_from_json,
)
from solotable.core.untrusted import shorten

SRC = "games/g1.json"


def good() -> dict[str, Any]:
    """A well-formed record document (its moves are not checked when loading)."""
    return {
        "format": "solotable-record",
        "version": 1,
        "game": "toy-race",
        "options": {"target": 7},
        "seed": 3,
        "players": ["a", "b"],
        "actions": ["roll1", "take"],
        "result": {"returns": [1.0, -1.0], "scores": [7.0, 6.0], "outcome": "finished"},
    }


def refusal(doc: Any, source: str = SRC) -> Text:
    with pytest.raises(RecordError) as e:
        record_from_doc(doc, source)
    return e.value.message


def kind(what: str) -> Msg:
    return msg(f"core.record.kind.{what}")


def field_type(field: str, what: str, got: str) -> Msg:
    return msg("core.record.field-type", path=SRC, field=repr(field), what=kind(what), got=got)


def with_(**changes: Any) -> Callable[[dict[str, Any]], Any]:
    def change(d: dict[str, Any]) -> Any:
        d.update(changes)
        return d

    return change


def without(key: str) -> Callable[[dict[str, Any]], Any]:
    def change(d: dict[str, Any]) -> Any:
        del d[key]
        return d

    return change


def result_with(**changes: Any) -> Callable[[dict[str, Any]], Any]:
    def change(d: dict[str, Any]) -> Any:
        d["result"].update(changes)
        return d

    return change


LONG = "'" + "x" * 58 + "…"
"""``repr`` of a long string cut to 60 characters, as a message shows it."""

ROWS: list[tuple[str, Callable[[dict[str, Any]], Any], Text]] = [
    ("not an object", lambda d: [d], msg("core.save.not-object", path=SRC)),
    ("no format", without("format"), msg("core.record.format", path=SRC, got="None")),
    ("other format", with_(format="zip"), msg("core.record.format", path=SRC, got="'zip'")),
    (
        "no version",
        without("version"),
        msg("core.record.missing", path=SRC, field="'version'"),
    ),
    ("version text", with_(version="1"), field_type("version", "integer", "'1'")),
    ("version true", with_(version=True), field_type("version", "integer", "True")),
    (
        "version 2",
        with_(version=2),
        msg("core.record.version", path=SRC, version=2, reads=1),
    ),
    ("no game", without("game"), msg("core.record.missing", path=SRC, field="'game'")),
    ("game number", with_(game=5), field_type("game", "game-name", "5")),
    ("options list", with_(options=[]), field_type("options", "object", "[]")),
    (
        "option list value",
        with_(options={"target": 1, "mode": [2]}),
        msg("core.record.option-value", path=SRC, option="mode", got="[2]"),
    ),
    (
        "option too large",
        with_(options={"big": 1e12 + 1}),
        msg("core.record.option-value", path=SRC, option="big", got="1000000000001.0"),
    ),
    (
        "option too small",
        with_(options={"neg": -(10**12) - 1}),
        msg("core.record.option-value", path=SRC, option="neg", got="-1000000000001"),
    ),
    (
        "long option name and value",
        with_(options={"k" * 70: [1] * 40}),
        msg(
            "core.record.option-value",
            path=SRC,
            option="k" * 59 + "…",
            got=repr([1] * 40)[:59] + "…",
        ),
    ),
    ("no seed", without("seed"), msg("core.record.missing", path=SRC, field="'seed'")),
    ("seed float", with_(seed=1.5), field_type("seed", "integer", "1.5")),
    ("seed true", with_(seed=True), field_type("seed", "integer", "True")),
    ("seed negative", with_(seed=-1), msg("core.record.seed-range", path=SRC, got="-1")),
    (
        "seed 2**63",
        with_(seed=2**63),
        msg("core.record.seed-range", path=SRC, got="9223372036854775808"),
    ),
    (
        "seed huge",
        with_(seed=10**70),
        msg("core.record.seed-range", path=SRC, got="1" + "0" * 58 + "…"),
    ),
    ("no actions", without("actions"), msg("core.record.missing", path=SRC, field="'actions'")),
    ("actions text", with_(actions="abc"), field_type("actions", "strings", "'abc'")),
    (
        "action number",
        with_(actions=["roll1", 5]),
        msg("core.record.action-text", path=SRC, i=1, n=200, got="5"),
    ),
    (
        "action too long",
        with_(actions=["x" * 201]),
        msg("core.record.action-text", path=SRC, i=0, n=200, got=LONG),
    ),
    (
        "too many actions",
        with_(actions=["take"] * (MAX_ACTIONS + 1)),
        msg("core.record.too-many", path=SRC, n="200000"),
    ),
    ("players text", with_(players="ab"), msg("core.record.players", path=SRC)),
    ("player number", with_(players=["a", 5]), msg("core.record.players", path=SRC)),
    ("17 players", with_(players=["p"] * 17), msg("core.record.players", path=SRC)),
    ("player too long", with_(players=["x" * 201]), msg("core.record.players", path=SRC)),
    ("result list", with_(result=[]), msg("core.record.result-type", path=SRC)),
    (
        "returns text",
        result_with(returns="x"),
        msg("core.record.result-list", path=SRC, field="returns"),
    ),
    (
        "no scores",
        result_with(scores=None),
        msg("core.record.result-list", path=SRC, field="scores"),
    ),
    (
        "scores text",
        result_with(scores="x"),
        msg("core.record.result-list", path=SRC, field="scores"),
    ),
    (
        "17 scores",
        result_with(scores=[0.0] * 17),
        msg("core.record.result-list", path=SRC, field="scores"),
    ),
    (
        "a return not a number",
        result_with(returns=[1.0, "a"]),
        f"{SRC}: result.returns[1]: must be a number, got 'a'",
    ),
    (
        "a score too large",
        result_with(scores=[7.0, 1e13]),
        f"{SRC}: result.scores[1]: 10000000000000.0 is out of range",
    ),
    ("outcome number", result_with(outcome=5), msg("core.record.outcome-type", path=SRC)),
    (
        "outcome without args",
        result_with(outcome={"key": "k"}),
        msg("core.record.outcome-type", path=SRC),
    ),
    ("forfeit number", with_(forfeit=5), msg("core.record.forfeit", path=SRC)),
    ("forfeit without player", with_(forfeit={}), msg("core.record.forfeit", path=SRC)),
    ("forfeit player text", with_(forfeit={"player": "1"}), msg("core.record.forfeit", path=SRC)),
    ("forfeit player true", with_(forfeit={"player": True}), msg("core.record.forfeit", path=SRC)),
    ("forfeit player -1", with_(forfeit={"player": -1}), msg("core.record.forfeit", path=SRC)),
    ("forfeit player 16", with_(forfeit={"player": 16}), msg("core.record.forfeit", path=SRC)),
    (
        "unknown fields",
        with_(zeta=1, alpha=2),
        msg("core.record.unknown-fields", path=SRC, fields="alpha, zeta"),
    ),
    (
        "the first bad field is named",
        with_(seed=-1, actions=5, players=5, zeta=1),
        msg("core.record.seed-range", path=SRC, got="-1"),
    ),
]


@pytest.mark.parametrize(("change", "expected"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_a_malformed_record_is_refused_with_its_exact_message(
    change: Callable[[dict[str, Any]], Any], expected: Text
) -> None:
    assert refusal(change(good())) == expected


def accepted(change: Callable[[dict[str, Any]], Any]) -> Record:
    d = change(good())
    kept = copy.deepcopy(d)
    rec = record_from_doc(d, SRC)
    assert d == kept
    return rec


@pytest.mark.parametrize(
    "change",
    [
        with_(options={"a": 1e12, "b": -(10**12), "c": True, "d": "s", "e": 0.5, "f": 0}),
        with_(seed=0),
        with_(seed=2**63 - 1),
        with_(actions=["x" * 200]),
        with_(actions=["take"] * MAX_ACTIONS),
        with_(players=["p" * 200] * 16),
        with_(players=[]),
        result_with(returns=[1.0] * 16, scores=[-(10**12)] * 16),
        with_(result=None),
        with_(forfeit={"player": 0}),
        with_(forfeit={"player": 15, "reason": "resigned"}),
        with_(forfeit=None),
    ],
    ids=lambda f: "",
)
def test_values_at_the_limits_are_accepted_as_they_are(
    change: Callable[[dict[str, Any]], Any],
) -> None:
    d = change(good())
    rec = accepted(change)
    assert rec == Record(
        game=d["game"],
        options=d["options"],
        seed=d["seed"],
        actions=d["actions"],
        result=d["result"],
        players=d["players"],
        forfeit=d.get("forfeit"),
    )


def test_a_record_without_players_or_outcome_loads() -> None:
    rec = accepted(lambda d: without("players")(result_with()(d)))
    assert rec.players == []
    d = good()
    del d["result"]["outcome"]
    assert record_from_doc(d, SRC).result == {"returns": [1.0, -1.0], "scores": [7.0, 6.0]}


def test_a_forfeit_is_kept() -> None:
    forfeit = {"player": 1, "reason": "ran out of time", "seconds": 12.5, "limit": 10}
    assert accepted(with_(forfeit=forfeit)).forfeit == forfeit


@pytest.mark.parametrize(
    "outcome",
    [
        "",
        "an older record's sentence",
        {"key": "k", "args": {}},
        {"key": "k" * 100, "args": {"a": None, "b": True, "c": 1, "d": 1.5, "e": "s"}},
        {"key": "k", "args": {"l": [1, ["x", {"$msg": {"key": "m", "args": {}}}]]}},
        {
            "key": "k",
            "args": {
                "m": {"$msg": {"key": "m", "args": {"n": {"$msg": {"key": "o", "args": {}}}}}}
            },
        },
    ],
)
def test_outcome_data_that_is_accepted(outcome: Any) -> None:
    assert accepted(result_with(outcome=outcome)).result["outcome"] == outcome  # type: ignore[index]


def nested(depth: int) -> dict[str, Any]:
    """Message data with ``depth`` messages nested in arguments below the top one."""
    data: dict[str, Any] = {"key": "k", "args": {}}
    for _ in range(depth):
        data = {"key": "k", "args": {"m": {"$msg": data}}}
    return data


@pytest.mark.parametrize(
    "outcome",
    [
        None,
        5,
        [],
        {"key": "", "args": {}},
        {"key": "k" * 101, "args": {}},
        {"key": 5, "args": {}},
        {"key": "k", "args": []},
        {"key": "k", "args": {}, "more": 1},
        {"key": "k", "args": {"a": {"b": 1}}},
        {"key": "k", "args": {"a": {"$msg": {"key": "k"}}}},
        {"key": "k", "args": {"a": [1, {"b": 1}]}},
        {"key": "k", "args": {"a": {"$msg": {"key": "", "args": {}}}}},
        nested(5),
    ],
)
def test_outcome_data_that_is_refused(outcome: Any) -> None:
    assert refusal(result_with(outcome=outcome)(good())) == msg(
        "core.record.outcome-type", path=SRC
    )


def in_lists(depth: int) -> dict[str, Any]:
    """Message data with a message argument inside ``depth`` nested lists."""
    arg: Any = {"$msg": {"key": "m", "args": {}}}
    for _ in range(depth):
        arg = [arg]
    return {"key": "k", "args": {"l": arg}}


def test_message_data_nests_four_levels_deep_and_no_more() -> None:
    assert accepted(result_with(outcome=nested(4))).result is not None
    # a list counts as a level too
    assert accepted(result_with(outcome=in_lists(3))).result is not None
    assert refusal(result_with(outcome=in_lists(4))(good())) == msg(
        "core.record.outcome-type", path=SRC
    )


def test_the_source_defaults_to_record() -> None:
    with pytest.raises(RecordError) as e:
        record_from_doc([])
    assert e.value.message == msg("core.save.not-object", path="record")
    with pytest.raises(RecordError) as e:
        record_from_json("[]")
    assert e.value.message == msg("core.save.not-object", path="record")
    with pytest.raises(RecordError) as e:
        record_from_json("{")
    assert isinstance(e.value.message, Msg)
    assert e.value.message.key == "core.json.invalid"
    assert e.value.message.arg("source") == "record"


def test_record_from_json_names_its_source() -> None:
    with pytest.raises(RecordError) as e:
        record_from_json("[]", "b.json")
    assert e.value.message == msg("core.save.not-object", path="b.json")
    with pytest.raises(RecordError) as e:
        record_from_json('{\n "format": nope}', "b.json")
    assert e.value.message == msg(
        "core.json.invalid", source="b.json", line=2, column=12, detail="Expecting value"
    )
    assert record_from_json(json.dumps(good()), "b.json") == record_from_doc(good(), SRC)


def test_load_record_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(with_(version=9)(good())), "utf-8")
    with pytest.raises(RecordError) as e:
        load_record(path)
    assert e.value.message == msg("core.record.version", path=str(path), version=9, reads=1)
    with pytest.raises(RecordError) as e:
        load_record(tmp_path / "missing.json")
    m = e.value.message
    assert isinstance(m, Msg)
    assert m.key == "core.file.unreadable"
    assert m.arg("what") == msg("core.file.what.record")
    assert m.arg("path") == repr(shorten(str(tmp_path / "missing.json")))
