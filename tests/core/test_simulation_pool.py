"""The local pool's batches (issue 14 §5): a game built once per batch plays every game as a
fresh one would, and the batch sizes follow the run's size."""

from __future__ import annotations

import pytest

from solotable.core.registry import load_game
from solotable.core.simray import MAX_TASK_GAMES, MAX_TASK_GAMES_WITH_RECORDS, ray_chunk_size
from solotable.core.simulation import chunk_size, iter_games, play_one

SOLO = ("mini-divercity", "dice-miner", "51st-state")


@pytest.mark.parametrize(
    ("game", "agents"), [(g, ["heuristic"]) for g in SOLO] + [("divercite", ["random", "greedy"])]
)
def test_a_game_object_reused_across_games_plays_them_as_fresh_ones(game, agents):
    """Games share nothing through the ``Game`` object: records, scores and stats equal."""
    shared = load_game(game)
    for i in range(6):
        fresh = play_one(game, {}, agents, 11, i, keep_record=True)
        reused = play_one(game, {}, agents, 11, i, keep_record=True, game=shared)
        assert reused == fresh


def test_every_backend_path_yields_the_same_results_in_order():
    args = ("dice-miner", {}, ["heuristic"], range(5, 29), 2)
    one = list(iter_games(*args))
    assert [r.index for r in one] == list(range(5, 29))
    assert list(iter_games(*args, jobs=2)) == one == list(iter_games(*args, jobs=None))


def test_batch_sizes():
    assert chunk_size(2000, 2) == 50 and chunk_size(100, 2) == 6 and chunk_size(3, 8) == 1
    assert ray_chunk_size(10**7, 100) == MAX_TASK_GAMES  # thousands of games per task
    assert ray_chunk_size(10**7, 100, keep_record=True) == MAX_TASK_GAMES_WITH_RECORDS
    assert ray_chunk_size(2000, 2) == 125 and ray_chunk_size(5, 2) == 1
