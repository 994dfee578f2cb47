"""The local pool's batches (issue 14 §5): a game built once per batch plays every game as a
fresh one would, and the batch sizes follow the run's size."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from solotable.core.registry import load_game
from solotable.sim.batches import guided_batches
from solotable.sim.ray_backend import MAX_TASK_GAMES
from solotable.sim.simulation import MAX_POOL_BATCH, iter_games, play_one

SOLO = ("mini-divercity", "dice-miner", "51st-state")


def played(results) -> list[dict]:
    """What decides a game, without its timing (``seconds`` differs from run to run)."""
    return [{k: v for k, v in asdict(r).items() if k != "seconds"} for r in results]


@pytest.mark.parametrize(
    ("game", "agents"), [(g, ["heuristic"]) for g in SOLO] + [("divercite", ["random", "greedy"])]
)
def test_a_game_object_reused_across_games_plays_them_as_fresh_ones(game, agents):
    """Games share nothing through the ``Game`` object: records, scores and stats equal."""
    shared = load_game(game)
    for i in range(6):
        fresh = play_one(game, {}, agents, 11, i, keep_record=True)
        reused = play_one(game, {}, agents, 11, i, keep_record=True, game=shared)
        assert played([reused]) == played([fresh])


def test_every_backend_path_yields_the_same_results_in_order():
    args = ("dice-miner", {}, ["heuristic"], range(5, 29), 2)
    one = list(iter_games(*args))
    assert [r.index for r in one] == list(range(5, 29))
    assert played(iter_games(*args, jobs=2)) == played(one)
    assert played(iter_games(*args, jobs=None)) == played(one)


@pytest.mark.parametrize(
    ("games", "workers", "cap", "floor"),
    [(2000, 2, MAX_POOL_BATCH, 1), (10**6, 100, MAX_TASK_GAMES, 8), (5, 2, 50, 8), (37, 3, 4, 1)],
)
def test_guided_batches_cover_the_run_big_first_small_last(games, workers, cap, floor):
    batches = list(guided_batches(range(games), workers, cap, floor))
    assert [i for b in batches for i in b] == list(range(games))
    sizes = [len(b) for b in batches]
    assert sizes == sorted(sizes, reverse=True) and max(sizes) <= cap
    assert sizes[-1] <= max(floor, 1) and min(sizes[:-1] or [floor]) >= floor
    if games >= 4 * workers * cap:
        assert sizes[0] == cap  # big runs: full batches (thousands of games for Ray)
    assert len(batches) <= games // cap + 4 * workers * (1 + games.bit_length())


def test_a_big_ray_run_has_thousands_of_games_per_task():
    assert MAX_TASK_GAMES >= 1000
    assert len(next(guided_batches(range(10**7), 100, MAX_TASK_GAMES, 8))) == MAX_TASK_GAMES
