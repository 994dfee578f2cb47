"""Mass simulation: many seeded games between agents, and their summary.

Game ``i`` of a run with seed ``s`` always gets the same game seed and agent
seeds, and results are aggregated in game order, so a summary depends only on
``(game, options, agents, games, seed)`` — not on ``--jobs`` — as long as
the agents themselves are deterministic (fixed-depth search, not time-based).
"""

from __future__ import annotations

import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from solotable.core.accumulate import Moments, SummaryAccumulator, difference, wilson
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
    # Simulations are research use: research agents (labelled by the front end) may run.
    agents = [
        make_agent(agent_specs[seats[p]], game, p, gseed + 104_729 * (p + 1), research=True)
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


def _quiet_worker() -> None:
    """Workers leave Ctrl-C and SIGTERM to the parent, which stops the run cleanly
    (finishing and keeping the games in hand) instead of every process dying with
    a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def chunk_size(games: int, jobs: int) -> int:
    """Games per task: enough to amortise the process hop, few enough that a stop
    (which waits for the tasks in hand) is quick."""
    return max(1, min(20, games // (jobs * 8) or 1))


def iter_games(
    game_name: str,
    options: dict[str, Any],
    agent_specs: Sequence[str],
    indices: Sequence[int],
    seed: int,
    *,
    jobs: int = 1,
    time_budget: float | None = None,
    keep_record: bool = False,
) -> Iterator[GameResult]:
    """Play games ``indices`` and yield each result as it finishes, in order.

    With ``jobs > 1`` only a few tasks are in flight at once, so memory stays
    flat however many games are asked for. On ``KeyboardInterrupt`` (Ctrl-C, or
    SIGTERM turned into it by the caller) the tasks not started are dropped, the
    ones running are finished and yielded, then the interrupt is raised again:
    no finished game is lost.
    """
    specs = list(agent_specs)
    size = chunk_size(len(indices), jobs)
    batches = (list(indices[i : i + size]) for i in range(0, len(indices), size))
    if jobs <= 1:
        for batch in batches:
            for i in batch:
                yield play_one(game_name, options, specs, seed, i, time_budget, keep_record)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_worker)
    pending: deque[Future[list[GameResult]]] = deque()

    def submit(batch: list[int]) -> None:
        args = (game_name, options, specs, seed, batch, time_budget, keep_record)
        pending.append(pool.submit(_play_chunk, args))

    try:
        for batch in islice(batches, jobs * 4):
            submit(batch)
        while pending:
            try:
                done = pending[0].result()
            except KeyboardInterrupt:
                # Keep what is running; drop what has not started.
                for f in pending:
                    f.cancel()
                for f in pending:
                    if not f.cancelled():
                        yield from f.result()
                raise
            pending.popleft()
            following: list[int] | None = next(batches, None)
            if following is not None:
                submit(following)
            yield from done
    finally:
        for f in pending:
            f.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def record_name(game_name: str, index: int, games: int) -> str:
    """``dice-miner-00007.json``: sorted names, wide enough for the whole run."""
    return f"{game_name}-{index:0{max(5, len(str(games)))}d}.json"


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
    """Play ``games`` games and return every result (for tests and small runs; the CLI
    streams with :func:`iter_games` and ``core.simrun``). Records are written as games
    finish; ``progress(k)`` is told each time k more finish."""
    keep = records_dir is not None
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)
    results: list[GameResult] = []
    for r in iter_games(
        game_name,
        options,
        agent_specs,
        range(games),
        seed,
        jobs=jobs,
        time_budget=time_budget,
        keep_record=keep,
    ):
        if records_dir is not None:
            assert r.record_json is not None
            write_atomic(records_dir / record_name(game_name, r.index, games), r.record_json)
            r.record_json = None
        results.append(r)
        if progress:
            progress(1)
    return results


def write_atomic(path: Path, text: str) -> None:
    """Write through a temporary file, so a kill leaves the old file or the new one."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, "utf-8")
    tmp.replace(path)


def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """Mean with a normal-approximation 95% confidence interval."""
    m = Moments()
    for v in values:
        m.add(v)
    return m.ci()


def accumulate(acc: SummaryAccumulator, r: GameResult) -> None:
    """Add one game's result to a streaming summary."""
    acc.add(r.seats, r.returns, r.scores, r.outcome, r.stats)


def summarize(
    game_name: str,
    agent_specs: Sequence[str],
    seed: int,
    results: Iterable[GameResult],
    num_players: int,
) -> dict[str, Any]:
    """The JSON summary printed by ``solotable simulate --json``."""
    acc = SummaryAccumulator(game_name, agent_specs, seed, num_players)
    for r in results:
        accumulate(acc, r)
    return acc.summary()


def difference_ci(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """``mean(b) - mean(a)`` with a normal-approximation 95% interval (Welch)."""
    ma, mb = Moments(), Moments()
    for x in a:
        ma.add(x)
    for x in b:
        mb.add(x)
    return difference(ma, mb)


def per_game_value(r: GameResult, agent: int, metric: str) -> float:
    """One game's number for ``agent`` (index in the run's agent list)."""
    seat = r.seats.index(agent) if agent in r.seats else 0
    if metric == "win_rate":
        if len(r.returns) == 1:
            return 1.0 if r.stats.get("result") == "win" else 0.0
        return 1.0 if r.returns[seat] > 0 else 0.0
    return r.scores[seat]


def per_game_values(results: Sequence[GameResult], agent: int, metric: str) -> list[float]:
    """One number per game for ``agent`` (index in the run's agent list)."""
    return [per_game_value(r, agent, metric) for r in results]


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
    base: dict[str, Moments] = {}
    for k, options in enumerate(variants):
        acc = SummaryAccumulator(game_name, agent_specs, seed, num_players)
        metrics = {"win_rate": Moments(), "mean_score": Moments()}
        for r in iter_games(
            game_name, options, agent_specs, range(games), seed, jobs=jobs, time_budget=time_budget
        ):
            accumulate(acc, r)
            for metric, m in metrics.items():
                m.add(per_game_value(r, 0, metric))
        summary = acc.summary()
        row: dict[str, Any] = {"options": dict(options), "summary": summary}
        for metric, values in metrics.items():
            if metric == "win_rate" and num_players == 1 and "win_rate" not in summary["agents"][0]:
                continue
            if k == 0:
                base[metric] = values
            else:
                row[f"{metric}_change"] = difference(base[metric], values)
        rows.append(row)
    return {
        "game": game_name,
        "games": games,
        "seed": seed,
        "agents": list(agent_specs),
        "variants": rows,
    }


__all__ = [
    "GameResult",
    "compare_variants",
    "difference_ci",
    "iter_games",
    "mean_ci",
    "play_one",
    "run_games",
    "summarize",
    "wilson",
]
