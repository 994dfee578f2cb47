"""The ``simulate --json`` summary built game by game, pinned on small hand-counted runs.

Counts, score moments and category tables are worked out by hand below; the intervals they
lead to are those of ``stats.intervals`` (pinned on their own in test_mean_interval_values.py),
so ``mean_interval(n, mean, variance)`` of the hand-computed moments is the expected entry.
"""

from __future__ import annotations

from solotable.stats.accumulate import MAX_DISTINCT, OTHER, SummaryAccumulator
from solotable.stats.intervals import mean_interval, wilson
from solotable.stats.metrics import MetricsAccumulator

TWO_PLAYER_GAMES = [
    # seats (agent of each seat), returns, scores, outcome, stats, plies
    ([0, 1], [1.0, -1.0], [10.0, 4.0], "o1", {"winner": "first", "len": 3}, 6),
    ([1, 0], [0.0, 0.0], [5.0, 5.0], "draw", {"winner": "none", "len": 5}, 9),
    ([1, 0], [-1.0, 1.0], [2.0, 9.0], "o1", {"winner": "second", "len": 4}, 7),
]


def _two_player() -> tuple[SummaryAccumulator, MetricsAccumulator]:
    acc, metrics = SummaryAccumulator("x", ["a", "b"], 7, 2), MetricsAccumulator(2)
    for seats, returns, scores, outcome, stats, plies in TWO_PLAYER_GAMES:
        acc.add(seats, returns, scores, outcome, stats, plies, {"branching": plies / 2})
        metrics.add(returns, plies, {"branching": plies / 2}, stats)
    return acc, metrics


def test_two_player_summary_counts_each_agent_by_seat():
    """Agent a: seat 0 won 10-4, seat 1 drew 5-5, seat 1 won 9-2 (scores 10, 5, 9: mean 8,
    variance (4 + 9 + 1) / 2 = 7; opponents 4, 5, 2: mean 11/3, variance 7/3).
    Agent b: the other side of each game."""
    acc, metrics = _two_player()
    assert acc.summary() == {
        "game": "x",
        "games": 3,
        "seed": 7,
        "agents": [
            {
                "name": "a",
                "games": 3,
                "wins": 2,
                "losses": 0,
                "draws": 1,
                "win_rate": wilson(2, 3),
                "mean_score": mean_interval(3, 8.0, 7.0),
                "mean_opponent_score": mean_interval(3, 11.0 / 3.0, 7.0 / 3.0),
                "by_seat": {
                    "0": {"wins": 1, "losses": 0, "draws": 0},
                    "1": {"wins": 1, "losses": 0, "draws": 1},
                },
            },
            {
                "name": "b",
                "games": 3,
                "wins": 0,
                "losses": 2,
                "draws": 1,
                "win_rate": wilson(0, 3),
                "mean_score": mean_interval(3, 11.0 / 3.0, 7.0 / 3.0),
                "mean_opponent_score": mean_interval(3, 8.0, 7.0),
                "by_seat": {
                    "0": {"wins": 0, "losses": 1, "draws": 1},
                    "1": {"wins": 0, "losses": 1, "draws": 0},
                },
            },
        ],
        "outcomes": {"o1": 2, "draw": 1},
        "categories": {"winner": {"first": 1, "none": 1, "second": 1}},
        "numbers": {"len": mean_interval(3, 4.0, 1.0)},
        "metrics": metrics.summary(),
    }


SOLO_GAMES = [
    # score, stats
    (10.0, {"result": "win", "band": "gold", "cause": "x", "turns": 3}),
    (4.0, {"result": "loss", "band": "bronze", "cause": "x", "turns": 5}),
    (7.0, {"result": "win", "band": "gold", "cause": "y", "turns": 4}),
]


def test_solo_summary_has_scores_by_category_and_the_scales_it_found():
    """Scores 10, 4, 7: mean 7, variance (9 + 9 + 0) / 2 = 9; two wins in three.
    Bands: bronze scored 4, gold 7 to 10: a scale (bronze below gold); causes x (4 to 10)
    and y (7) overlap: not a scale; results: loss 4, win 7 to 10: a scale."""
    acc, metrics = SummaryAccumulator("s", ["me"], 3, 1), MetricsAccumulator(1)
    for score, stats in SOLO_GAMES:
        acc.add([0], [score], [score], "end", stats, 2)
        metrics.add([score], 2, {}, stats)
    assert acc.summary() == {
        "game": "s",
        "games": 3,
        "seed": 3,
        "agents": [
            {
                "name": "me",
                "games": 3,
                "mean_score": mean_interval(3, 7.0, 9.0),
                "win_rate": wilson(2, 3),
            }
        ],
        "outcomes": {"end": 3},
        "categories": {
            "band": {"gold": 2, "bronze": 1},
            "cause": {"x": 2, "y": 1},
            "result": {"win": 2, "loss": 1},
        },
        "numbers": {"turns": mean_interval(3, 4.0, 1.0)},
        "score_by": {
            "band": {"bronze": mean_interval(1, 4.0, None), "gold": mean_interval(2, 8.5, 4.5)},
            "cause": {"x": mean_interval(2, 7.0, 18.0), "y": mean_interval(1, 7.0, None)},
        },
        "scales": {"band": ["bronze", "gold"], "result": ["loss", "win"]},
        "metrics": metrics.summary(),
    }


def test_solo_summary_without_result_or_categories_is_the_score_alone():
    acc = SummaryAccumulator("s", ["me"], 0, 1)
    for score in (1.0, 3.0):
        acc.add([0], [score], [score], "end", {"turns": 2})
    out = acc.summary()
    assert out["agents"] == [{"name": "me", "games": 2, "mean_score": mean_interval(2, 2.0, 2.0)}]
    assert "score_by" not in out and "scales" not in out


def test_a_category_of_many_values_is_counted_but_not_split():
    """Over 20 values a category is no table of scores (21 here); 20 still is."""
    for values, split in ((21, False), (20, True)):
        acc = SummaryAccumulator("s", ["me"], 0, 1)
        for i in range(values):
            acc.add([0], [float(i)], [float(i)], "end", {"k": f"v{i:02d}"})
        out = acc.summary()
        assert len(out["categories"]["k"]) == values
        assert ("score_by" in out) is split
        assert out["scales"] == {"k": [f"v{i:02d}" for i in range(values)]}


def test_values_past_the_cap_are_counted_as_other():
    acc = SummaryAccumulator("s", ["me"], 0, 1)
    for i in range(MAX_DISTINCT + 2):
        acc.add([0], [1.0], [1.0], "end", {"k": f"v{i}"})
    acc.add([0], [1.0], [1.0], "end", {"k": "v0"})
    counts = acc.summary()["categories"]["k"]
    assert len(counts) == MAX_DISTINCT + 1
    assert counts[OTHER] == 2 and counts["v0"] == 2 and counts[f"v{MAX_DISTINCT - 1}"] == 1


def test_the_summary_shows_the_fifteen_most_common_outcomes():
    acc = SummaryAccumulator("s", ["me"], 0, 1)
    for i in range(16):
        for _ in range(i + 1):
            acc.add([0], [1.0], [1.0], f"o{i}", {})
    assert acc.summary()["outcomes"] == {f"o{i}": i + 1 for i in range(1, 16)}
