"""Game metrics: the runner's per-decision counts, and the run's metrics built from them."""

from __future__ import annotations

from itertools import pairwise

import pytest

import tests.toy_game  # noqa: F401
from solotable.core.players import CHANCE
from solotable.core.record import record_from_json
from solotable.core.registry import load_game
from solotable.sim.simulation import play_one
from solotable.stats.metrics import BUCKETS, DecisionTally, MetricsAccumulator


def _replayed(record_json: str) -> tuple[list[int], list[int], list[list[float]]]:
    """Legal-move counts, players and scores after each decision, by replaying a record."""
    record = record_from_json(record_json)
    state = load_game(record.game, **record.options).new_initial_state(record.seed)
    legal, players, scores = [], [], []
    for text in record.actions:
        player = state.current_player()
        action = state.string_to_action(text)
        if player != CHANCE:
            legal.append(len(state.legal_actions()))
            players.append(player)
        state.apply_action(action)
        if player != CHANCE:
            scores.append(state.scores())
    return legal, players, scores


@pytest.mark.parametrize("index", range(6))
def test_the_runner_counts_what_a_replay_of_the_record_shows(index):
    """Every per-game metric equals what the game's record says, decision by decision."""
    options = {"target": 9, "skipping": True}
    r = play_one("toy-race", options, ["random", "random"], 11, index, keep_record=True)
    assert r.record_json is not None
    legal, players, scores = _replayed(r.record_json)
    d = len(legal)
    m = r.metrics
    assert d == r.plies > 0
    assert m["branching"] == pytest.approx(sum(legal) / d)
    assert m["branching_max"] == max(legal)
    assert m["forced"] == pytest.approx(sum(1 for n in legal if n == 1) / d)
    assert m["first_seat"] == players[0]
    assert m["legal_2"] == sum(1 for n in legal if n == 2)
    assert m["legal_3-4"] == sum(1 for n in legal if n in (3, 4))
    assert sum(m[f"legal_{b}"] or 0 for b in BUCKETS) == d
    winner = 0 if r.returns[0] > 0 else 1
    leaders = [0 if a > b else 1 if b > a else None for a, b in scores]
    strict = [x for x in leaders if x is not None]
    swaps = sum(1 for x, y in pairwise(strict) if x != y)
    assert m["lead_changes"] == swaps
    assert m["behind"] == pytest.approx(sum(1 for x in leaders if x == 1 - winner) / d)
    gaps = [max(0.0, s[1 - winner] - s[winner]) for s in scores]
    assert m["drama"] == pytest.approx(sum(gaps) / d)
    led = [k + 1 for k, x in enumerate(leaders) if x == 1 - winner]
    assert m["settled"] == pytest.approx((led[-1] if led else 0) / d)


def test_a_solo_game_has_no_lead_metrics():
    r = play_one("mini-divercity", {}, ["random"], 0, 0)
    assert r.metrics["lead_changes"] is None and r.metrics["settled"] is None
    assert r.metrics["branching"] is not None and r.metrics["first_seat"] == 0.0
    assert 0.0 <= (r.metrics["forced"] or 0.0) <= 1.0


def test_tally_follows_the_strict_lead():
    t = DecisionTally(2)
    for player, legal, scores in [
        (0, 3, (0, 0)),  # level: nobody leads yet
        (1, 1, (0, 2)),  # seat 1 takes the lead (not a change: nobody led before)
        (0, 5, (3, 2)),  # seat 0 leads: a change
        (1, 2, (3, 3)),  # level: seat 0 keeps "last leader"
        (0, 600, (4, 3)),  # seat 0 again: no change
        (1, 2, (4, 9)),  # seat 1: a change
    ]:
        t.decision(player, legal)
        t.position(scores)
    v = t.values([-1.0, 1.0])  # seat 1 won
    assert v["lead_changes"] == 2
    assert v["behind"] == pytest.approx(2 / 6)  # after decisions 3 and 5
    assert v["drama"] == pytest.approx((1 + 1) / 6)
    assert v["settled"] == pytest.approx(5 / 6)  # the loser led last after decision 5
    assert v["forced"] == pytest.approx(1 / 6) and v["branching_max"] == 600
    assert v["decision_factor"] == pytest.approx((3 + 5 + 2 + 600 + 2) / 5)
    assert v["legal_257+"] == 1 and v["legal_5-8"] == 1 and v["legal_1"] == 1
    draw = t.values([0.0, 0.0])
    assert draw["behind"] is None and draw["settled"] is None and draw["lead_changes"] == 2


def _two_player(acc: MetricsAccumulator, wins: list[tuple[float, float]], first: int) -> None:
    for ret in wins:
        acc.add(ret, 10, {"branching": 2.0, "first_seat": float(first)}, {})


def test_two_player_outcome_metrics():
    acc = MetricsAccumulator(2)
    # 6 games: seat 0 wins 3, seat 1 wins 1, 2 draws; seat 1 always moves first
    _two_player(acc, [(1, -1)] * 3 + [(-1, 1)] + [(0, 0)] * 2, first=1)
    s = acc.summary()
    assert s["drawishness"]["rate"] == pytest.approx(2 / 6)
    assert s["first_player"]["rate"] == pytest.approx(1 / 6)  # seat 1 won once
    assert s["balance"]["mean"] == pytest.approx(1 - (3 / 6 - 1 / 6))
    lo, hi = s["balance"]["ci95"]
    assert 0.0 <= lo < s["balance"]["mean"] <= hi <= 1.0
    assert s["duration"]["mean"] == 10 and "point_of_no_return" not in s


def test_balance_is_one_when_seats_win_alike():
    acc = MetricsAccumulator(2)
    _two_player(acc, [(1, -1), (-1, 1)] * 20, first=0)
    s = acc.summary()
    assert s["balance"]["mean"] == 1.0 and s["balance"]["ci95"][1] == 1.0
    assert s["first_player"]["rate"] == 0.5


def test_solo_point_of_no_return_from_the_game_statistics():
    acc = MetricsAccumulator(1)
    for reach, turns, result in [(5, 20, "loss"), (0, 10, "loss"), (0, 12, "win"), (8, 8, "loss")]:
        stats = {"result": result, "out_of_reach_turn": float(reach), "turns": float(turns)}
        acc.add([0.0], 30, {}, stats)
    s = acc.summary()
    # losses only: 5/20, then 10/10 (lost on the last turn), then 8/8
    assert s["point_of_no_return"]["mean"] == pytest.approx((0.25 + 1 + 1) / 3)
    assert s["settled_early"]["rate"] == pytest.approx(1 / 3)
    assert "branching" not in s  # rows without per-decision counts (older files)
    assert "drawishness" not in s and "lead_changes" not in s


def test_simulate_summary_keeps_rating_bands_in_score_order():
    """Dice Miner's bands are ranges of the score: the summary lists them as a scale."""
    from solotable.sim.simulation import run_games, summarize

    results = run_games("dice-miner", {}, ["heuristic"], 40, seed=1)
    summary = summarize("dice-miner", ["heuristic"], 1, results, 1)
    bands = summary["scales"]["band"]
    lows = [min(r.scores[0] for r in results if r.stats["band"] == b) for b in bands]
    assert len(bands) >= 3 and lows == sorted(lows)
