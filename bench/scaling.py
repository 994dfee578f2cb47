"""Simulation scaling: games/s with 1 and 2 local processes and Ray with 2 workers, per solo game.

    python bench/scaling.py                      # 2,000 games of each solo game, heuristic agents
    python bench/scaling.py --games 300 --no-ray # quicker, local pool only
    python bench/scaling.py --overhead           # Ray's per-task overhead, then the projection

Prints a markdown table (the one in docs/benchmarks.md, "Simulation scaling") with the load
average before and after: wall-clock rates mean little on a busy machine.

Besides the pool, each game gets a *ceiling*: two independent processes (forked, no pool, no
results sent back) each playing half the games. Its speed-up is the most any pool can get on
this machine; if the pool's speed-up is close to it, what is missing is the machine's (other
load, two vCPUs sharing a physical core), not the pool's.

``--overhead`` measures Ray's cost per task (empty tasks, and tasks of k games: wall time of
the workers minus the time the tasks spent playing) and prints :func:`projection` for 10^7
games on a 100-core cluster.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from common import machine
from solotable.sim import ray_backend as simray
from solotable.sim.simulation import iter_games, play_chunk

GAMES = ("mini-divercity", "dice-miner", "51st-state")
AGENTS = ["heuristic"]


def load() -> str:
    return open("/proc/loadavg").read().split()[0]


def timed(run: Callable[[], Any]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def play(game: str, n: int, *, jobs: int = 1, backend: str = "local", start: int = 0) -> int:
    """Play games ``start..start+n`` (seed 0) and count them."""
    it: Iterator[Any] = iter_games(
        game, {}, AGENTS, range(start, start + n), 0, jobs=jobs, backend=backend
    )
    return sum(1 for _ in it)


def ceiling(game: str, n: int) -> float:
    """Wall time of two independent processes each playing half of the ``n`` games."""
    ctx = multiprocessing.get_context("fork")
    procs = [
        ctx.Process(target=play, args=(game, n // 2), kwargs={"start": k * (n // 2)})
        for k in range(2)
    ]
    start = time.perf_counter()
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    return time.perf_counter() - start


def measure(games: int, use_ray: bool) -> list[dict[str, Any]]:
    rows = []
    session = simray.ray_session(None, 2) if use_ray else None
    ray_start = timed(session.__enter__) if session is not None else None
    try:
        for game in GAMES:
            play(game, 20)  # warm: imports, data files
            cpu = time.process_time()
            w1 = timed(partial(play, game, games))
            cpu = time.process_time() - cpu
            w2 = timed(partial(play, game, games, jobs=2))
            wc = ceiling(game, games)
            row = {
                "game": game,
                "games": games,
                "ms_per_game": 1000 * cpu / games,
                "jobs1": games / w1,
                "jobs2": games / w2,
                "ceiling2": games / wc,
            }
            if session is not None:
                row["ray2"] = games / timed(partial(play, game, games, jobs=2, backend="ray"))
            rows.append(row)
    finally:
        if session is not None:
            session.__exit__(None, None, None)
    if ray_start is not None:
        rows.append({"ray_start_s": ray_start})
    return rows


def table(rows: list[dict[str, Any]], before: str, after: str) -> str:
    lines = [
        "| game | games | CPU ms/game | jobs=1 games/s | jobs=2 games/s (×) | "
        "2 independent processes (×) | Ray, 2 workers (×) |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    start = ""
    for r in rows:
        if "ray_start_s" in r:
            start = f"Ray start-up (not in the rates): {r['ray_start_s']:.1f} s. "
            continue
        one = r["jobs1"]
        ray = f"{r['ray2']:,.0f} ({r['ray2'] / one:.2f}×)" if "ray2" in r else "–"
        lines.append(
            f"| {r['game']} | {r['games']:,} | {r['ms_per_game']:.1f} | {one:,.0f} | "
            f"{r['jobs2']:,.0f} ({r['jobs2'] / one:.2f}×) | "
            f"{r['ceiling2']:,.0f} ({r['ceiling2'] / one:.2f}×) | {ray} |"
        )
    lines.append("")
    lines.append(f"{start}Load average (1 min): {before} before, {after} after. {machine()}.")
    return "\n".join(lines)


def _task(k: int) -> tuple[int, float, float]:
    """k Dice Miner games in a task; the worker's pid and when the task began and ended."""
    start = time.time()
    if k:
        play_chunk("dice-miner", {}, AGENTS, 0, range(k), None, False)
    return os.getpid(), start, time.time()


def ray_overhead(workers: int = 2, tasks: int = 400) -> dict[str, float]:
    """Ray's cost per task: the median gap, in a worker, between the end of one task and the
    start of the next while tasks are queued (dispatch, result hand-back). Gaps rather than
    throughput, so that a worker slowed by other load or the last task's tail do not count
    as overhead. Empty tasks and tasks of 1, 10 and 100 games."""
    out: dict[str, float] = {}
    with simray.ray_session(None, workers) as ray:
        task = ray.remote(num_cpus=1)(_task)
        ray.get([task.remote(0) for _ in range(50)])  # warm the workers
        for k in (0, 1, 10, 100):
            n = max(workers * 10, tasks // max(1, k))
            spans: dict[int, list[tuple[float, float]]] = {}
            for pid, t0, t1 in ray.get([task.remote(k) for _ in range(n)]):
                spans.setdefault(pid, []).append((t0, t1))
            gaps = sorted(
                b[0] - a[1] for s in spans.values() for a, b in itertools.pairwise(sorted(s))
            )
            out["empty" if k == 0 else f"k={k}"] = gaps[len(gaps) // 2]
    return out


def projection(
    ms_per_game: float,
    overhead_s: float,
    *,
    games: float = 1e7,
    cores: int = 100,
    target: float = 0.01,
    task_games: int = simray.MAX_TASK_GAMES,
) -> str:
    """The cost of ``games`` games on ``cores`` cores, with the arithmetic shown."""
    g = ms_per_game / 1000
    k_min = math.ceil(overhead_s / (target * g))
    frac = overhead_s / (task_games * g)
    core_s = games * g * (1 + frac)
    wall = core_s / cores
    tail = task_games * g  # the last task of a worker
    return "\n".join(
        [
            f"per game g = {ms_per_game:.2f} ms; "
            f"Ray overhead per task o = {1000 * overhead_s:.2f} ms",
            f"task size for overhead < {target:.0%}: k >= o / ({target} g) = "
            f"{1000 * overhead_s:.2f} / ({target} × {ms_per_game:.2f}) = {k_min} games",
            f"with k = {task_games:,} games per task (a task = {tail:.0f} s): overhead = "
            f"o / (k g) = {100 * frac:.4f}%",
            f"CPU: {games:.0e} × {ms_per_game:.2f} ms × (1 + {frac:.1e}) = {core_s:,.0f} core-s "
            f"= {core_s / 3600:,.1f} core-hours",
            f"wall on {cores} cores: {core_s:,.0f} / {cores} = {wall:,.0f} s = {wall / 60:.1f} min "
            f"(+ Ray start-up and at most one task ({tail:.0f} s) of tail)",
            f"driver: {games:.0e} results at ~30 µs each (unpickle, summary) = "
            f"{games * 30e-6:,.0f} s of one core over the {wall:,.0f} s: keeps up",
        ]
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--games", type=int, default=2000, help="games per measurement (≥ 2,000)")
    p.add_argument("--no-ray", action="store_true", help="local pool only")
    p.add_argument("--overhead", action="store_true", help="Ray's per-task cost, projection")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args()
    if args.overhead:
        before = load()
        over = ray_overhead()
        for k, v in over.items():
            print(f"Ray overhead per task, {k}: {1000 * v:.2f} ms")
        o = max(over.values())
        for game in GAMES:
            play(game, 10)
            cpu = time.process_time()
            play(game, 200)
            print(f"\n{game} ({AGENTS[0]}):")
            print(projection(1000 * (time.process_time() - cpu) / 200, o))
        print(f"\nload {before} → {load()}; {machine()}")
        return
    before = load()
    rows = measure(args.games, not args.no_ray)
    if args.json:
        print(json.dumps({"rows": rows, "load": [before, load()], "machine": machine()}))
    else:
        print(table(rows, before, load()))


if __name__ == "__main__":
    main()
