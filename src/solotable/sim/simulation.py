"""Mass simulation: many seeded games between agents, and their summary.

Game ``i`` of a run with seed ``s`` always gets the same game seed and agent
seeds, and results are aggregated in game order, so a summary depends only on
``(game, options, agents, games, seed)`` — not on ``--jobs`` — as long as
the agents themselves are deterministic (fixed-depth search, not time-based).
"""

from __future__ import annotations

import os
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solotable.core.errors import SolotableError, UnknownNameError
from solotable.core.game import Game
from solotable.core.record import outcome_message, record_of, record_to_json, result_of
from solotable.core.registry import load_game, make_agent
from solotable.core.runner import play_to_end
from solotable.sim.batches import guided_batches
from solotable.sim.pool import OrderedPool, WorkerDied
from solotable.sim.workerlife import quiet_worker
from solotable.stats.accumulate import SummaryAccumulator, difference
from solotable.stats.intervals import wilson
from solotable.stats.metrics import DecisionTally
from solotable.stats.moments import Moments


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
    plies: int = 0
    """Player decisions in the game (chance steps not counted): the game's length."""
    seconds: float = 0.0
    """Wall time of the game; never part of a summary (it differs run to run)."""
    metrics: dict[str, float | None] = field(default_factory=dict)
    """The game's ``metric.*`` values (``stats.metrics``): legal moves per decision, forced
    moves, leads; empty in journals written before them."""


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
    game: Game | None = None,
) -> GameResult:
    """Play game ``index`` of a run. ``game`` (built from ``game_name`` and ``options``)
    may be passed by a caller playing many games, to build it once rather than per game."""
    if game is None:
        game = load_game(game_name, **options)
    gseed = game_seed(seed, index)
    seats = seats_for(index, len(agent_specs)) if game.num_players() > 1 else [0]
    # Simulations are research use: research agents (labelled by the front end) may run.
    # The specs are the caller's arguments (the command line), so plug-ins may be named; a
    # caller that read them from a file checks them first (``simulate --resume``).
    agents = [
        make_agent(
            agent_specs[seats[p]],
            game,
            p,
            gseed + 104_729 * (p + 1),
            research=True,
            allow_plugins=True,
        )
        for p in range(game.num_players())
    ]
    clock = game.clock_seconds()
    clocks = [clock] * game.num_players() if clock else None
    tally = DecisionTally(game.num_players())
    start = time.perf_counter()
    played = play_to_end(
        game,
        agents,
        gseed,
        time_budget=time_budget,
        clocks=clocks,
        move_limit=game.move_seconds(),
        tally=tally,
    )
    seconds = time.perf_counter() - start
    state = played.state
    result = result_of(state, played.forfeit)
    record = None
    if keep_record:  # the record replays the game: only built when it is kept
        labels = [a.label() for a in agents]
        record = record_to_json(record_of(state, gseed, labels, played.forfeit))
    return GameResult(
        index=index,
        seed=gseed,
        seats=seats,
        returns=list(result["returns"]),
        scores=list(state.scores()),
        outcome=str(outcome_message(result["outcome"])),  # the lab's reports are English
        stats=dict(state.stats()),
        record_json=record,
        plies=played.decisions,
        seconds=seconds,
        metrics=tally.values(result["returns"]),
    )


class GameFailed(Exception):
    """A game that raised in a worker (a bug, not a user error): which game, and the
    worker's traceback, so the crash log shows where it failed."""


def play_chunk(
    game_name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    seed: int,
    indices: Sequence[int],
    time_budget: float | None,
    keep: bool,
    done: list[GameResult] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> list[GameResult]:
    """Play a batch of games in a worker (process pool or Ray task), appending to ``done``;
    before each game, return early if ``should_stop()`` (a stopped Ray run).

    The game is built once per batch, not per game (0.2–0.9 ms each, 2–8% of a heuristic
    game). A user error (``SolotableError``) is raised as it is; anything else becomes
    :class:`GameFailed` naming the game, since a bare exception from a worker says
    neither which game nor where.
    """
    out: list[GameResult] = [] if done is None else done
    game = load_game(game_name, **options)
    for i in indices:
        if should_stop is not None and should_stop():
            break
        try:
            r = play_one(game_name, options, specs, seed, i, time_budget, keep, game)
        except SolotableError:
            raise
        except Exception as e:
            raise GameFailed(
                f"game {i} of the run (seed {game_seed(seed, i)}) failed: "
                f"{type(e).__name__}: {e}\n--- in the worker ---\n{traceback.format_exc()}"
            ) from None
        out.append(r)
    return out


def _play_chunk(args: tuple[Any, ...]) -> list[GameResult]:
    return play_chunk(*args)


def _ray_task(
    indices: list[int],
    game_name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    seed: int,
    time_budget: float | None,
    keep: bool,
    *,
    done: list[GameResult],
    should_stop: Callable[[], bool],
) -> None:
    """A batch of games in a Ray task (``sim.ray_backend``): stops between games when told."""
    play_chunk(game_name, options, specs, seed, indices, time_budget, keep, done, should_stop)


class WorkersLost(SolotableError):
    """A worker process of the pool died (killed by a signal, or out of memory): the run
    stops with the games finished so far, which a ``--records`` run has kept."""


MAX_POOL_BATCH = 50
"""Games per task in the local pool at most: a stop waits for the tasks in hand (50 games
of 51st State: ~1.5 s)."""


BACKENDS = ("local", "ray")
"""Where ``iter_games`` plays: a local process pool, or Ray (``solotable[ray]``)."""


def check_backend(backend: str, address: str | None) -> None:
    """Refuse an unknown backend, or an ``address`` without Ray (one line each)."""
    if backend not in BACKENDS:
        raise UnknownNameError(
            f"--backend: unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}"
        )
    if backend == "local" and address is not None:
        raise UnknownNameError("--address is for --backend ray")


def iter_games(
    game_name: str,
    options: dict[str, Any],
    agent_specs: Sequence[str],
    indices: Sequence[int],
    seed: int,
    *,
    jobs: int | None = 1,
    time_budget: float | None = None,
    keep_record: bool = False,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[GameResult]:
    """Play games ``indices`` and yield each result as it finishes, in order.

    The single entry point for every command that plays many games: ``backend``
    ``"local"`` plays in this process (``jobs`` 1 or None) or a pool of ``jobs``
    processes; ``"ray"`` in Ray tasks (:mod:`solotable.sim.ray_backend`) on the cluster at
    ``address`` (None: a local Ray started for the run) with ``jobs`` workers (None: every
    CPU of the cluster). Results, and so summaries, are the same whatever the backend.

    With ``jobs > 1`` only a few tasks are in flight at once, so memory stays
    flat however many games are asked for. On ``KeyboardInterrupt`` (Ctrl-C, or
    SIGTERM turned into it by the caller) the tasks not started are dropped, the
    ones running are finished and yielded, then the interrupt is raised again:
    no finished game is lost.
    """
    specs = list(agent_specs)
    if backend == "ray":
        from solotable.sim import ray_backend as simray  # Ray is imported only when asked for

        yield from simray.ray_batches(
            _ray_task,
            (game_name, options, specs, seed, time_budget, keep_record),
            indices,
            workers=jobs,
            keep_record=keep_record,
            address=address,
        )
        return
    check_backend(backend, address)
    jobs = jobs or 1
    if jobs <= 1:
        game = load_game(game_name, **options)
        for i in indices:
            yield play_one(game_name, options, specs, seed, i, time_budget, keep_record, game)
        return
    batches = guided_batches(indices, jobs, MAX_POOL_BATCH)
    tasks = (
        (game_name, options, specs, seed, batch, time_budget, keep_record) for batch in batches
    )
    with OrderedPool(jobs, _play_chunk, initializer=quiet_worker, initargs=(os.getpid(),)) as pool:
        try:
            for done in pool.results(tasks):
                yield from done
        except WorkerDied:
            raise WorkersLost(
                "a worker process of the run died (killed, or out of memory): stopped "
                f"after the games finished so far ({jobs} processes)"
            ) from None


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
    streams with :func:`iter_games` and ``sim.run``). Records are written as games
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
    """Mean with a Student-t 95% confidence interval (as the summaries)."""
    m = Moments()
    for v in values:
        m.add(v)
    return m.ci()


def accumulate(acc: SummaryAccumulator, r: GameResult) -> None:
    """Add one game's result to a streaming summary."""
    acc.add(r.seats, r.returns, r.scores, r.outcome, r.stats, r.plies, r.metrics)


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
    """``mean(b) - mean(a)`` of independent samples with Welch's t 95% interval."""
    ma, mb = Moments(), Moments()
    for x in a:
        ma.add(x)
    for x in b:
        mb.add(x)
    return difference(ma, mb)


__all__ = [
    "BACKENDS",
    "GameFailed",
    "GameResult",
    "difference_ci",
    "iter_games",
    "mean_ci",
    "play_one",
    "run_games",
    "summarize",
    "wilson",
]
