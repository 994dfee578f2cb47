"""Soak: many random games per game, conformance checks on a sample (issue 12 §4).

Random play finds the crashes and invariant breaks that hand-written tests miss.
Every game is a seeded random playout (every action checked for legality); one game
in ``--sample`` also runs the conformance checks on every state it reaches
(``check_state``: notation round-trips, every action's reason, illegal actions
rejected without side effects, clones independent) and ``check_sampling``; one in
``--replay-sample`` is saved as a record, reloaded and replayed state by state.

Progress lines are printed (and flushed) as chunks finish, so the log of a run that
is stopped early still holds its figures::

    nohup nice -n 19 python bench/soak.py --jobs 2 \\
        mini-divercity=1000000 dice-miner=1000000 51st-state=200000 divercite=200000 \\
        > /work/notes/soak.log &

A failure prints the game, the seed and the exception; replay it with
``python bench/soak.py GAME=1 --start SEED --sample 1``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import solotable
from solotable.core.conformance import check_replay, check_sampling, check_state
from solotable.core.game import Game, State
from solotable.core.players import CHANCE
from solotable.core.rng import Rng

CHUNK = 200


@dataclass
class Tally:
    """What a chunk of games found."""

    games: int = 0
    plies: int = 0
    checked: int = 0
    replayed: int = 0
    failures: list[str] = field(default_factory=list)


def playout(game: Game, seed: int, checked: bool) -> int:
    """One random game; with ``checked``, the conformance checks on every state."""
    state: State = game.new_initial_state(seed)
    rng = Rng(seed * 2 + 1)
    for plies in range(game.max_game_length() + 1):
        if checked:
            check_state(state)
            if state.current_player() >= 0 and plies % 7 == 0:
                check_sampling(state, state.current_player(), rng, samples=1)
        if state.is_terminal():
            assert len(state.returns()) == game.num_players()
            state.outcome()
            return plies
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"longer than max_game_length() {game.max_game_length()}")


def run_chunk(name: str, seeds: range, sample: int, replay_sample: int) -> Tally:
    game = solotable.load_game(name)
    t = Tally()
    for seed in seeds:
        try:
            checked = seed % sample == 0
            t.plies += playout(game, seed, checked)
            t.checked += checked
            if seed % replay_sample == 0:
                check_replay(game, seed, Rng(seed))
                t.replayed += 1
        except Exception as e:  # a soak reports every failure and goes on
            tb = traceback.format_exception(e)[-3:]
            t.failures.append(f"{name} seed {seed}: {type(e).__name__}: {e} | {''.join(tb)!r}")
        t.games += 1
    return t


def soak(
    name: str, games: int, start: int, jobs: int, sample: int, replay_sample: int
) -> dict[str, Any]:
    total = Tally()
    t0 = time.perf_counter()
    last_report = t0
    chunks = (range(s, min(s + CHUNK, start + games)) for s in range(start, start + games, CHUNK))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: deque[Future[Tally]] = deque()
        for seeds in chunks:
            pending.append(pool.submit(run_chunk, name, seeds, sample, replay_sample))
            if len(pending) < jobs * 4:
                continue
            last_report = _collect(pending.popleft().result(), total, name, games, t0, last_report)
        while pending:
            last_report = _collect(pending.popleft().result(), total, name, games, t0, last_report)
    elapsed = time.perf_counter() - t0
    line = report(name, total, games, elapsed)
    print(line, flush=True)
    return {
        "game": name,
        "games": total.games,
        "plies": total.plies,
        "checked_games": total.checked,
        "replayed_games": total.replayed,
        "failures": len(total.failures),
        "first_failures": total.failures[:5],
        "seconds": round(elapsed, 1),
        "games_per_second": round(total.games / elapsed, 1),
    }


def _collect(t: Tally, total: Tally, name: str, games: int, t0: float, last: float) -> float:
    total.games += t.games
    total.plies += t.plies
    total.checked += t.checked
    total.replayed += t.replayed
    for f in t.failures:
        total.failures.append(f)
        print(f"FAILURE {f}", flush=True)
    now = time.perf_counter()
    if now - last >= 60:
        print(report(name, total, games, now - t0), flush=True)
        return now
    return last


def report(name: str, t: Tally, games: int, elapsed: float) -> str:
    return (
        f"{time.strftime('%H:%M:%S')} {name}: {t.games}/{games} games, "
        f"{t.games / max(elapsed, 1e-9):.0f} games/s, {t.plies} plies, "
        f"{t.checked} checked, {t.replayed} replayed, {len(t.failures)} failures"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("runs", nargs="+", help="GAME=N (e.g. dice-miner=1000000)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--start", type=int, default=0, help="first seed")
    p.add_argument("--sample", type=int, default=1000, help="full checks on 1 game in N")
    p.add_argument("--replay-sample", type=int, default=5000, help="replay 1 game in N")
    p.add_argument("--json", action="store_true", help="print one JSON object at the end")
    args = p.parse_args()
    results = []
    for run in args.runs:
        name, _, n = run.partition("=")
        results.append(
            soak(name, int(n or 1000), args.start, args.jobs, args.sample, args.replay_sample)
        )
    if args.json:
        print(json.dumps({"soak": results}))
    if any(r["failures"] for r in results):
        sys.exit(1)


if __name__ == "__main__":
    main()
