"""The summary's edges: when a category's score ranges make a scale (touching ranges do not),
how a value's range is kept, what happens to the scores of values past the cap, repeated
draws, and a game added without its number of decisions (issue 20: the mutants of
``SummaryAccumulator.add`` and ``scale_order`` that the hand-counted runs let live)."""

from __future__ import annotations

from solotable.stats.accumulate import MAX_DISTINCT, OTHER, SummaryAccumulator, scale_order
from solotable.stats.metrics import MetricsAccumulator


def solo(games: list[tuple[float, str]]) -> dict[str, object]:
    """The summary of solo games, each a score and the value of category ``k``."""
    acc = SummaryAccumulator("s", ["me"], 0, 1)
    for score, value in games:
        acc.add([0], [score], [score], "end", {"k": value}, 1)
    return acc.summary()


def test_ranges_that_touch_are_no_scale() -> None:
    """A game of ``low`` and one of ``high`` both scored 5: a score does not tell them
    apart, so no scale; one point apart they are one."""
    assert "scales" not in solo([(1.0, "low"), (5.0, "low"), (5.0, "high"), (9.0, "high")])
    apart = solo([(1.0, "low"), (4.0, "low"), (5.0, "high"), (9.0, "high")])
    assert apart["scales"] == {"k": ["low", "high"]}


def test_a_range_reaching_into_the_next_is_no_scale() -> None:
    """``a`` scores 1 to 6, ``b`` 5 to 8: they overlap although ``a`` ends below ``b``."""
    assert "scales" not in solo([(1.0, "a"), (6.0, "a"), (5.0, "b"), (8.0, "b")])
    assert scale_order({"a": [1.0, 6.0], "b": [5.0, 8.0]}) is None
    assert scale_order({"b": [5.0, 8.0], "a": [1.0, 4.0]}) == ["a", "b"]


def test_a_values_range_keeps_its_lowest_score() -> None:
    """``a`` scores 1, then 5, then 3: its range stays 1 to 5, which holds ``b``'s 2."""
    assert "scales" not in solo([(1.0, "a"), (5.0, "a"), (3.0, "a"), (2.0, "b")])
    assert solo([(1.0, "a"), (5.0, "a"), (3.0, "a"), (6.0, "b")])["scales"] == {"k": ["a", "b"]}


def test_scores_of_values_past_the_cap_go_to_other_and_known_values_keep_theirs() -> None:
    """The first ``MAX_DISTINCT`` values get a range of their own (value ``v{i}`` scores
    ``i``); the next two new values share ``(other)`` (scores 1000 and 1001, above every
    other range); a known value seen again past the cap keeps its own range."""
    games = [(float(i), f"v{i}") for i in range(MAX_DISTINCT + 2)]
    games.append((0.0, "v0"))
    out = solo(games)
    assert out["scales"] == {"k": [f"v{i}" for i in range(MAX_DISTINCT)] + [OTHER]}


def test_an_agent_drawing_twice_counts_two_draws() -> None:
    acc = SummaryAccumulator("x", ["a", "b"], 0, 2)
    for seats in ([0, 1], [1, 0], [0, 1]):
        acc.add(seats, [0.0, 0.0], [3.0, 3.0], "draw", {}, 4)
    for agent in acc.summary()["agents"]:
        assert (agent["wins"], agent["losses"], agent["draws"]) == (0, 0, 3)
        assert agent["by_seat"] == {
            "0": {"wins": 0, "losses": 0, "draws": 2 if agent["name"] == "a" else 1},
            "1": {"wins": 0, "losses": 0, "draws": 1 if agent["name"] == "a" else 2},
        }


def test_a_game_added_without_its_decisions_counts_none() -> None:
    """``plies`` defaults to 0: the duration metric is that of games of 0 decisions."""
    acc, metrics = SummaryAccumulator("s", ["me"], 0, 1), MetricsAccumulator(1)
    for score in (2.0, 4.0):
        acc.add([0], [score], [score], "end", {})
        metrics.add([score], 0, {}, {})
    assert acc.summary()["metrics"] == metrics.summary()
    assert acc.summary()["metrics"]["duration"]["mean"] == 0
