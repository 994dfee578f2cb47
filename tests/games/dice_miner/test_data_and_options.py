"""Dice data file, rating bands, options and the best-score key (issue: data & options)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solotable.core.errors import DataFileError, IllegalActionError, OptionError
from solotable.core.players import CHANCE
from solotable.games.dice_miner.dice import TYPES
from solotable.games.dice_miner.rules.scoring import parse_ratings
from tests.games.dice_miner.helpers import bottom, draw, game, play, position


def builtin_doc() -> dict[str, Any]:
    path = Path(__file__).parents[3] / "src/solotable/games/dice_miner/data/dice.json"
    doc: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return doc


def write(tmp_path: Path, doc: Any) -> str:
    p = tmp_path / "dice.json"
    p.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, "utf-8")
    return str(p)


def test_builtin_table_has_60_dice_of_five_types_with_a_beer_face_each() -> None:
    """Spec §2.1-2.3: 60 dice, 27 Tunnel; every die has one beer face."""
    t = game().table
    assert t.total == 60 and sum(t.counts) == 60
    assert dict(zip(TYPES, t.counts, strict=True)) == {
        "tunnel": 27,
        "treasure": 9,
        "magic": 6,
        "hazard": 9,
        "tool": 9,
    }
    assert all(k >= 0 for k in t.beer_kind)
    tunnel = [t.labels[k] for k in range(len(t.kinds[0]))]
    assert tunnel == ["n1", "n2", "n3", "n4", "n5", "beer"]
    assert t.weights[1] == (1, 1, 3, 1)  # gem3, gem2, gem1 x3, beer


def test_assumptions_are_listed_with_provenance() -> None:
    keys = {a.key: a for a in game().assumptions()}
    for key in ("dice.tunnel.count", "ratings.average", "solo.recycle", "mountain.rows"):
        assert keys[key].source and keys[key].confidence
    assert keys["ratings.average"].value == "46-60"


def test_another_dice_file_is_used_without_touching_code(tmp_path: Path) -> None:
    """Issue: --set dice=FILE points the game at another dice table."""
    doc = builtin_doc()
    doc["dice"]["tunnel"]["count"] = 30
    doc["dice"]["hazard"]["count"] = 6
    doc["dice"]["treasure"]["faces"] = [{"gem": 4}] * 5 + [{"beer": 1}]
    g = game(dice=write(tmp_path, doc))
    assert g.table.counts[0] == 30
    s = g.new_initial_state(1)
    draw(s, "magic magic1", "magic magic1", "magic magic1")
    assert s.current_player() == CHANCE
    odds = dict(s.chance_outcomes())
    assert odds[s.string_to_action("draw treasure gem4")] == pytest.approx(9 / 57 * 5 / 6)
    assert g.best_score_key() != game().best_score_key()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("total"), "missing key 'total'"),
        (lambda d: d.pop("dice"), "missing key 'dice'"),
        (lambda d: d["dice"].pop("tool"), "missing die type 'tool'"),
        (lambda d: d["dice"].__setitem__("beer", d["dice"]["tool"]), "unknown die type 'beer'"),
        (lambda d: d["dice"]["magic"].pop("faces"), r"dice\.magic: missing key 'faces'"),
        (lambda d: d["dice"]["tunnel"].__setitem__("count", -1), r"dice\.tunnel\.count"),
        (lambda d: d["dice"]["tunnel"].__setitem__("count", 26), "sum to 59"),
        (lambda d: d["dice"]["tunnel"]["faces"].pop(), "exactly 6 faces, got 5"),
        (lambda d: d["dice"]["tunnel"]["faces"].__setitem__(0, {"n": 6}), r"faces\[0\]"),
        (lambda d: d["dice"]["treasure"]["faces"].__setitem__(1, {"gems": 2}), "unknown symbol"),
        (lambda d: d["dice"]["hazard"]["faces"].__setitem__(0, {"gem": 1}), "a 'hazard' face is"),
        (
            lambda d: d["dice"]["hazard"]["faces"].__setitem__(0, {"dragon": 1, "cavein": 1}),
            "a 'hazard' face is",
        ),
        (lambda d: d["dice"]["tool"]["faces"].__setitem__(0, {"shield": 0}), "count >= 1"),
        (lambda d: d["dice"]["tool"]["faces"].__setitem__(0, {"beer": 1, "chest": 1}), "beer"),
        (lambda d: d["dice"]["magic"].__setitem__("faces", [{"beer": 1}] * 6), "not beer"),
        (lambda d: d.__setitem__("assumptions", [{"key": "x"}]), r"assumptions\[0\]\.value"),
    ],
)
def test_bad_dice_file_gets_a_precise_error(tmp_path: Path, mutate: Any, message: str) -> None:
    doc = builtin_doc()
    mutate(doc)
    with pytest.raises(DataFileError, match=message):
        game(dice=write(tmp_path, doc))


def test_dice_file_that_is_not_json_or_missing(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="line 1 column"):
        game(dice=write(tmp_path, "{oops"))
    with pytest.raises(DataFileError, match="cannot read"):
        game(dice=str(tmp_path / "nope.json"))


def test_magic_dice_option_limited_by_the_dice_file(tmp_path: Path) -> None:
    doc = builtin_doc()
    doc["dice"]["magic"]["count"] = 2
    doc["dice"]["tunnel"]["count"] = 31
    with pytest.raises(OptionError, match="has only 2"):
        game(dice=write(tmp_path, doc))
    assert game(dice=write(tmp_path, doc), magic_dice=2).table.counts[2] == 2


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("6-5-x", "joined by '-'"),
        ("6-6-4", "fewer than the row below"),
        ("6-5-4-3-2-1-0", "at least 1"),
        ("13", "bottom row"),
        ("", "joined by"),
        ("0", "bottom row holds 1 to 12 dice"),
        ("9-8-7-6-5-4-3-2-1", r"between 1 and 8 rows"),
        ("6-5-5", r"row 3 must hold at least 1 die and fewer than the row below it \(5\)"),
    ],
)
def test_bad_rows_option_is_refused(rows: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        game(rows=rows)


@pytest.mark.parametrize(("rows", "size"), [("8-7-6-5-4-3-2-1", 36), ("1", 1), ("12", 12)])
def test_rows_at_the_limits_are_accepted(rows: str, size: int) -> None:
    """Up to 8 rows, a bottom row of 1 to 12 dice."""
    assert game(rows=rows).mtn.size == size


def test_rows_option_builds_another_pyramid() -> None:
    g = game(rows="4-3-2-1")
    assert g.mtn.size == 10
    assert g.mtn.names[-1] == "d1"
    assert g.mtn.covers[0] == (4,)  # a1 is covered by b1 only
    assert g.mtn.supports[9] == (7, 8)


def test_bad_option_values() -> None:
    with pytest.raises(OptionError, match="magic_dice"):
        game(magic_dice=-1)
    with pytest.raises(OptionError, match="refills"):
        game(refills="lots")
    with pytest.raises(OptionError, match="unknown option"):
        game(heroes=True)


def test_best_score_key_depends_on_the_comparable_settings() -> None:
    base = game().best_score_key()
    assert base == game(magic_dice=3).best_score_key()
    assert base.startswith("dice-miner[")
    assert base != game(magic_dice=2).best_score_key()
    assert base != game(refills=1).best_score_key()
    assert base != game(rows="5-4-3-2-1").best_score_key()


@pytest.mark.parametrize(
    ("bands", "message"),
    [
        ([{"name": "x", "min": 1, "max": None}], "'min' must be 0"),
        (
            [{"name": "a", "min": 0, "max": 10}, {"name": "b", "min": 12, "max": None}],
            "'min' must be 11",
        ),
        ([{"name": "a", "min": 0, "max": 10}], "open-ended"),
        ([{"name": "", "min": 0, "max": None}], "name"),
    ],
)
def test_rating_bands_must_be_contiguous(bands: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(DataFileError, match=message):
        parse_ratings({"bands": bands}, "ratings.json")


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "ratings.json: needs a non-empty 'bands' list"),
        ({"bands": "x"}, "ratings.json: needs a non-empty 'bands' list"),
        ({"bands": []}, "ratings.json: needs a non-empty 'bands' list"),
        ({"bands": ["x"]}, r"ratings.json: bands\[0\]: needs a non-empty 'name'"),
        ({"bands": [{"min": 0}]}, r"ratings.json: bands\[0\]: needs a non-empty 'name'"),
        (
            {"bands": [{"name": "a", "min": 0, "max": "5"}, {"name": "b", "min": 6}]},
            r"ratings.json: bands\[0\]: 'max' must be an integer >= min",
        ),
        (
            {"bands": [{"name": "a", "min": 0, "max": True}, {"name": "b", "min": 2}]},
            r"ratings.json: bands\[0\]: 'max' must be an integer >= min",
        ),
        (
            {
                "bands": [
                    {"name": "a", "min": 0, "max": 4},
                    {"name": "b", "min": 5, "max": 4},
                    {"name": "c", "min": 5},
                ]
            },
            r"ratings.json: bands\[1\]: 'max' must be an integer >= min",
        ),
    ],
)
def test_a_bad_ratings_file_is_refused_with_where_and_why(doc: Any, message: str) -> None:
    with pytest.raises(DataFileError, match=f"^{message}$"):
        parse_ratings(doc, "ratings.json")


def test_rating_bands_read_their_texts_and_a_one_point_band_is_allowed() -> None:
    doc = {
        "bands": [
            {"name": "a", "min": 0, "max": 0, "text": "none yet"},
            {"name": "b", "min": 1, "max": None},
        ]
    }
    ratings = parse_ratings(doc, "ratings.json")
    assert [(b.name, b.low, b.high, b.text) for b in ratings.bands] == [
        ("a", 0, 0, "none yet"),
        ("b", 1, None, ""),
    ]
    assert ratings.band(0).name == "a" and ratings.band(7).name == "b"


def test_a_tool_die_neutralises_one_danger_die_even_with_two_shields(tmp_path: Path) -> None:
    """Seed Neutraliser les Dangers: each Tool die can neutralise a single Danger die."""
    doc = builtin_doc()
    doc["dice"]["tool"]["faces"][1] = {"shield": 2}
    g = game(dice=write(tmp_path, doc))
    s = position(g, bottom("hazard dragon2", "hazard dragon3"), {"tool shield2": 1})
    assert s.observation(0)["tools"]["shield"] == {"total": 1, "free": 1}
    play(s, "take a2")
    with pytest.raises(IllegalActionError, match="unused shield"):
        play(s, "take a1")


def test_tool_face_with_shield_and_pickaxe_is_refused(tmp_path: Path) -> None:
    doc = builtin_doc()
    doc["dice"]["tool"]["faces"][0] = {"shield": 1, "pickaxe": 1}
    with pytest.raises(DataFileError, match=r"tool\.faces\[0\].*not both"):
        game(dice=write(tmp_path, doc))


def test_bad_ratings_assumptions_name_the_file() -> None:
    doc = {"bands": [{"name": "a", "min": 0}], "assumptions": "none"}
    with pytest.raises(DataFileError, match=r"^ratings\.json: 'assumptions' must be a list$"):
        parse_ratings(doc, "ratings.json")
