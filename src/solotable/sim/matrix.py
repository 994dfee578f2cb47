"""Agent × agent matrix of a two-player game: every pair, seats alternated, and a rating.

``compare GAME --agents a,b,c --matrix`` plays every pair of the agents on the same game
indices (so each pair meets the same seeds, and seats alternate from one game to the next:
each agent moves first in half the games), counts wins, draws and losses with Wilson
intervals, and fits one Bradley–Terry rating per agent on the Elo scale over all the games
at once (``stats.rating``, as docs/ladder.md), anchored at the first agent, with bootstrap
intervals. A pair that one agent swept has no finite maximum-likelihood rating, so one
virtual draw is added to every pair (:data:`PRIOR_DRAWS`, a weak prior as in BayesElo); the
output says so.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from solotable.sim.simulation import GameResult, iter_games
from solotable.stats.intervals import wilson
from solotable.stats.rating import PairResult, bootstrap_fits, ladder

PRIOR_DRAWS = 1.0
"""Virtual draws per pair in the rating fit: keeps a clean sweep finite."""
RESAMPLES = 400


def pair_cells(agents: Sequence[str]) -> list[tuple[int, int]]:
    """Every unordered pair of agent positions, in order: (0, 1), (0, 2), (1, 2)…"""
    return list(combinations(range(len(agents)), 2))


def agent_matrix(
    game_name: str,
    options: dict[str, Any],
    agents: Sequence[str],
    games: int,
    seed: int,
    *,
    jobs: int | None = 1,
    time_budget: float | None = None,
    backend: str = "local",
    address: str | None = None,
    on_result: Callable[[int, GameResult], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games for every pair of ``agents`` and rate them.

    ``on_result(k, r)`` sees every game of pair ``k`` (:func:`pair_cells` order).
    """
    pairs: list[dict[str, Any]] = []
    results: list[PairResult] = []
    for k, (i, j) in enumerate(pair_cells(agents)):
        specs = [agents[i], agents[j]]
        wins = draws = losses = first_wins = 0
        for r in iter_games(
            game_name,
            options,
            specs,
            range(games),
            seed,
            jobs=jobs,
            time_budget=time_budget,
            backend=backend,
            address=address,
        ):
            seat = r.seats.index(0)  # where agent i sat in this game
            ret = r.returns[seat]
            wins += ret > 0
            losses += ret < 0
            draws += ret == 0
            first = int(r.metrics.get("first_seat") or 0)
            first_wins += r.returns[first] > 0
            if on_result is not None:
                on_result(k, r)
        n = wins + draws + losses
        pairs.append(
            {
                "i": i,
                "j": j,
                "a": agents[i],
                "b": agents[j],
                "games": n,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "win_rate": wilson(wins, n),
                "draw_rate": wilson(draws, n),
                "loss_rate": wilson(losses, n),
                "score": (wins + draws / 2) / n if n else None,
                "first_player_wins": wilson(first_wins, n),
            }
        )
        results.append(PairResult(_key(agents, i), _key(agents, j), wins, draws, losses))
    return {
        "game": game_name,
        "games": games,
        "seed": seed,
        "agents": list(agents),
        "matrix": True,
        "pairs": pairs,
        "ratings": _ratings(agents, results),
        "prior_draws": PRIOR_DRAWS,
    }


def _key(agents: Sequence[str], i: int) -> str:
    """A rating key per agent position: two copies of one spec are two players."""
    return agents[i] if agents.count(agents[i]) == 1 else f"{agents[i]} #{i + 1}"


def _ratings(agents: Sequence[str], results: list[PairResult]) -> list[dict[str, Any]]:
    anchor = _key(agents, 0)
    fits = bootstrap_fits(results, anchor, prior_draws=PRIOR_DRAWS, resamples=RESAMPLES)
    rated = ladder(results, anchor, prior_draws=PRIOR_DRAWS, fits=fits)
    return [
        {
            "agent": r.player,
            "elo": r.elo,
            "ci95": [_finite(r.low), _finite(r.high)],
            "fits": len(fits),
        }
        for r in rated
    ]


def _finite(x: float) -> float | None:
    """An interval end, or None when no resample had a finite fit (JSON has no infinity)."""
    return x if math.isfinite(x) else None


__all__ = ["PRIOR_DRAWS", "agent_matrix", "pair_cells"]
