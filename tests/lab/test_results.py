"""Reading results files: several files, types of stat columns, CSV and Parquet alike."""

from __future__ import annotations

import pytest

from solotable.lab.results import ResultsError, load_results
from tests.lab.factory import duel_rows, solo_rows, write


def test_files_are_joined_and_stat_columns_typed(tmp_path):
    a = solo_rows(
        "g",
        [
            (
                "x",
                lambda rng, i: {
                    "score_0": i,
                    "stat.cause": "fire" if i else "",
                    "stat.turns": i * 1.5,
                },
            )
        ],
        3,
    )
    b = solo_rows("g", [("y", lambda rng, i: {"score_0": -i, "stat.band": "3"})], 2)
    res = load_results([write(tmp_path / "a.csv", a), write(tmp_path / "b.csv", b)])
    assert res.n == 5 and res.sources == [("a.csv", 3), ("b.csv", 2)]
    assert res.text["variant"] == ["x", "x", "x", "y", "y"]
    assert res.stats["turns"] == [0.0, 1.5, 3.0, None, None]
    assert res.numeric_stats() == ["turns", "band"]
    assert res.stats["cause"] == ["", "fire", "fire", "", ""]
    assert res.score[0] == [0.0, 1.0, 2.0, 0.0, -1.0]


def test_solo_and_duel_files_widen_the_seats(tmp_path):
    solo = write(tmp_path / "s.csv", solo_rows("g", [("x", lambda rng, i: {"score_0": 1})], 2))
    duel = write(tmp_path / "d.csv", duel_rows("h", [("v", 1.0)], 2), players=2)
    res = load_results([solo, duel])
    assert res.players == 2
    assert res.agent[1] == ["", "", "random", "greedy"]
    assert res.score[1] == [None, None, 15.0, 15.0]


def test_an_empty_score_of_a_seated_player_is_an_error(tmp_path):
    rows = duel_rows("h", [("v", 1.0)], 2)
    rows[1]["score_1"] = ""
    with pytest.raises(ResultsError, match="row 2: column score_1 is empty"):
        load_results([write(tmp_path / "d.csv", rows, players=2)])


def test_ragged_rows_and_bad_encoding(tmp_path):
    f = write(tmp_path / "s.csv", solo_rows("g", [("x", lambda rng, i: {"score_0": 1})], 2))
    f.write_text(f.read_text() + "1,2,3\n")
    with pytest.raises(ResultsError, match="3 cells, expected"):
        load_results([f])
    f.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ResultsError, match="cannot read"):
        load_results([f])


def test_a_damaged_parquet_file(tmp_path):
    pytest.importorskip("pyarrow")
    f = tmp_path / "x.parquet"
    f.write_bytes(b"PAR1 not really")
    with pytest.raises(ResultsError, match="cannot read"):
        load_results([f])
