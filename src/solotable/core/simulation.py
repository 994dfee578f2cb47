"""Mass simulation: many seeded games between agents, and their summary.

Game ``i`` of a run with seed ``s`` always gets the same game seed and agent
seeds, and results are aggregated in game order, so a summary depends only on
``(game, options, agents, games, seed)`` — not on ``--jobs`` — as long as
the agents themselves are deterministic (fixed-depth search, not time-based).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solotable.core.record import record_to_json
from solotable.core.registry import load_game, make_agent
from solotable.core.runner import play_game


@dataclass
class GameResult:
    """What one simulated game contributes to the summary."""

    index: int
    seed: int
    seats: list[int]
    """``seats[p]`` = index (in the run's agent list) of the agent in seat ``p``."""
    returns: list[float]
    scores: list[float]
    outcome: str
    stats: dict[str, str | float] = field(default_factory=dict)
    record_json: str | None = None


def game_seed(seed: int, index: int) -> int:
    """Seed of game ``index`` of a run: spread out, stable, non-negative."""
    return (seed * 1_000_003 + index * 7_919 + 12_345) % (2**63)


def seats_for(index: int, n_agents: int) -> list[int]:
    """Seats alternate between games so no agent always moves first."""
    if n_agents == 1:
        return [0]
    return [(p + index) % n_agents for p in range(n_agents)]


def play_one(
    game_name: str,
    options: dict[str, Any],
    agent_specs: Sequence[str],
    seed: int,
    index: int,
    time_budget: float | None = None,
    keep_record: bool = False,
) -> GameResult:
    game = load_game(game_name, **options)
    gseed = game_seed(seed, index)
    seats = seats_for(index, len(agent_specs)) if game.num_players() > 1 else [0]
    agents = [
        make_agent(agent_specs[seats[p]], game, p, gseed + 104_729 * (p + 1))
        for p in range(game.num_players())
    ]
    clock = game.clock_seconds()
    clocks = [clock] * game.num_players() if clock else None
    state, record = play_game(
        game,
        agents,
        gseed,
        time_budget=time_budget,
        clocks=clocks,
        move_limit=game.move_seconds(),
    )
    return GameResult(
        index=index,
        seed=gseed,
        seats=seats,
        returns=list(record.result["returns"] if record.result else state.returns()),
        scores=list(state.scores()),
        outcome=str(record.result["outcome"]) if record.result else state.outcome(),
        stats=dict(state.stats()),
        record_json=record_to_json(record) if keep_record else None,
    )


def _play_chunk(args: tuple[Any, ...]) -> list[GameResult]:
    game_name, options, specs, seed, indices, time_budget, keep = args
    return [play_one(game_name, options, specs, seed, i, time_budget, keep) for i in indices]


def run_games(
    game_name: str,
    options: dict[str, Any],
    agent_specs: Sequence[str],
    games: int,
    seed: int,
    *,
    jobs: int = 1,
    time_budget: float | None = None,
    records_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameResult]:
    """Play ``games`` games; ``progress(k)`` is told each time k more finish."""
    keep = records_dir is not None
    results: list[GameResult] = []
    chunk = max(1, min(50, games // (jobs * 8) or 1))
    batches = [list(range(i, min(i + chunk, games))) for i in range(0, games, chunk)]
    args = [(game_name, options, list(agent_specs), seed, b, time_budget, keep) for b in batches]
    if jobs <= 1:
        for a in args:
            done = _play_chunk(a)
            results.extend(done)
            if progress:
                progress(len(done))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for done in pool.map(_play_chunk, args):
                results.extend(done)
                if progress:
                    progress(len(done))
    results.sort(key=lambda r: r.index)
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)
        width = max(5, len(str(games)))
        for r in results:
            assert r.record_json is not None
            (records_dir / f"{game_name}-{r.index:0{width}d}.json").write_text(
                r.record_json, "utf-8"
            )
    return results


def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """Mean with a normal-approximation 95% confidence interval."""
    n = len(values)
    if n == 0:
        return {"mean": None, "ci95": [None, None], "n": 0}
    mean = sum(values) / n
    if n == 1:
        return {"mean": mean, "ci95": [mean, mean], "n": 1}
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return {"mean": mean, "ci95": [mean - half, mean + half], "n": n}


def wilson(successes: int, n: int) -> dict[str, Any]:
    """A proportion with its Wilson 95% interval (sound near 0 and 1)."""
    if n == 0:
        return {"rate": None, "ci95": [None, None], "n": 0}
    z = 1.96
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return {"rate": p, "ci95": [max(0.0, centre - half), min(1.0, centre + half)], "n": n}


def summarize(
    game_name: str,
    agent_specs: Sequence[str],
    seed: int,
    results: Sequence[GameResult],
    num_players: int,
) -> dict[str, Any]:
    """The JSON summary printed by ``solotable simulate --json``."""
    n = len(results)
    summary: dict[str, Any] = {"game": game_name, "games": n, "seed": seed}
    agents: list[dict[str, Any]] = []
    if num_players == 1:
        scores = [r.scores[0] for r in results]
        entry: dict[str, Any] = {"name": agent_specs[0], "games": n}
        entry["mean_score"] = mean_ci(scores)
        results_cat = [r.stats.get("result") for r in results]
        if any(isinstance(x, str) for x in results_cat):
            wins = sum(1 for x in results_cat if x == "win")
            entry["win_rate"] = wilson(wins, n)
        agents.append(entry)
    else:
        for k, spec in enumerate(agent_specs):
            w = l_ = d = 0
            own_scores: list[float] = []
            opp_scores: list[float] = []
            by_seat: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
            for r in results:
                for p in range(num_players):
                    if r.seats[p] != k:
                        continue
                    ret = r.returns[p]
                    own_scores.append(r.scores[p])
                    opp_scores.extend(r.scores[q] for q in range(num_players) if q != p)
                    slot = 0 if ret > 0 else (1 if ret < 0 else 2)
                    by_seat[p][slot] += 1
                    if ret > 0:
                        w += 1
                    elif ret < 0:
                        l_ += 1
                    else:
                        d += 1
            agents.append(
                {
                    "name": spec,
                    "games": w + l_ + d,
                    "wins": w,
                    "losses": l_,
                    "draws": d,
                    "win_rate": wilson(w, w + l_ + d),
                    "mean_score": mean_ci(own_scores),
                    "mean_opponent_score": mean_ci(opp_scores),
                    "by_seat": {
                        str(p): {"wins": v[0], "losses": v[1], "draws": v[2]}
                        for p, v in sorted(by_seat.items())
                    },
                }
            )
    summary["agents"] = agents
    summary["outcomes"] = dict(Counter(r.outcome for r in results).most_common(15))
    categories: dict[str, Counter[str]] = defaultdict(Counter)
    numbers: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for key, value in r.stats.items():
            if isinstance(value, str):
                categories[key][value] += 1
            else:
                numbers[key].append(float(value))
    summary["categories"] = {k: dict(c.most_common()) for k, c in sorted(categories.items())}
    summary["numbers"] = {k: mean_ci(v) for k, v in sorted(numbers.items())}
    by_category: dict[str, dict[str, Any]] = {}
    for key, counter in sorted(categories.items()):
        if key == "result" or len(counter) > 20:
            continue
        groups: dict[str, list[float]] = defaultdict(list)
        for r in results:
            v = r.stats.get(key)
            if isinstance(v, str):
                groups[v].append(r.scores[0])
        by_category[key] = {v: mean_ci(s) for v, s in sorted(groups.items())}
    if num_players == 1 and by_category:
        summary["score_by"] = by_category
    return summary


def difference_ci(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """``mean(b) - mean(a)`` with a normal-approximation 95% interval (Welch)."""
    ma, mb = mean_ci(a), mean_ci(b)
    if ma["n"] < 2 or mb["n"] < 2:
        return {"diff": None, "ci95": [None, None]}

    def var(xs: Sequence[float], m: float) -> float:
        return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)

    d = mb["mean"] - ma["mean"]
    half = 1.96 * math.sqrt(var(a, ma["mean"]) / len(a) + var(b, mb["mean"]) / len(b))
    return {"diff": d, "ci95": [d - half, d + half]}


def per_game_values(results: Sequence[GameResult], agent: int, metric: str) -> list[float]:
    """One number per game for ``agent`` (index in the run's agent list)."""
    out: list[float] = []
    for r in results:
        seat = r.seats.index(agent) if agent in r.seats else 0
        if metric == "win_rate":
            if len(r.returns) == 1:
                out.append(1.0 if r.stats.get("result") == "win" else 0.0)
            else:
                out.append(1.0 if r.returns[seat] > 0 else 0.0)
        else:
            out.append(r.scores[seat])
    return out


def compare_variants(
    game_name: str,
    variants: Sequence[dict[str, Any]],
    agent_specs: Sequence[str],
    games: int,
    seed: int,
    *,
    jobs: int = 1,
    time_budget: float | None = None,
    num_players: int = 1,
) -> dict[str, Any]:
    """Play the same seeds under each option set and report the change from the first.

    Using the same game seeds for every variant (common random numbers) makes
    the comparison sharper than independent runs of the same size.
    """
    rows: list[dict[str, Any]] = []
    base: dict[str, list[float]] = {}
    for k, options in enumerate(variants):
        results = run_games(
            game_name, options, agent_specs, games, seed, jobs=jobs, time_budget=time_budget
        )
        summary = summarize(game_name, agent_specs, seed, results, num_players)
        row: dict[str, Any] = {"options": dict(options), "summary": summary}
        for metric in ("win_rate", "mean_score"):
            if metric == "win_rate" and num_players == 1 and "win_rate" not in summary["agents"][0]:
                continue
            values = per_game_values(results, 0, metric)
            if k == 0:
                base[metric] = values
            else:
                row[f"{metric}_change"] = difference_ci(base[metric], values)
        rows.append(row)
    return {
        "game": game_name,
        "games": games,
        "seed": seed,
        "agents": list(agent_specs),
        "variants": rows,
    }
