"""The play store's write cost per move: what autosave adds to each step.

Run: ``python bench/store.py [--moves 1000] [--json]``. Writes ``--moves``
single-move steps to a fresh store in a temporary folder, each as the
session writes it (one ``BEGIN IMMEDIATE`` … ``COMMIT`` with the move, two
events and the game row's update, WAL mode, ``synchronous=NORMAL``), and
reports the mean and the 95th percentile per step. The session's own work
(rules, observations, visibility tests) is not included.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from solotable.core.events import Event
from solotable.session.seal import seal
from solotable.session.store import MoveRow, Store


def measure(moves: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.db")
        game_id = "bench"
        store.create(
            {
                "id": game_id,
                "game": "bench",
                "options": {},
                "seats": [{"agent": None}],
                "status": "playing",
                "started": time.time(),
                "updated": time.time(),
                "sealed": seal({"seed": 1}),
            }
        )
        times = []
        for ply in range(moves):
            move = MoveRow(ply, "CR B8", None, 0, 1.5, False, time.time())
            events = [
                Event(2 * ply + 1, ply, "move", 0, "you: place a red city on B8", {"n": "CR B8"}),
                Event(2 * ply + 2, ply, "score", None, "score 3 → 4", {"old": 3, "new": 4}),
            ]
            start = time.perf_counter()
            store.write_step(game_id, [move], events, {"ply": ply + 1, "updated": time.time()})
            times.append(time.perf_counter() - start)
        store.close()
    times.sort()
    return {
        "moves": moves,
        "mean_ms": 1000 * statistics.fmean(times),
        "p95_ms": 1000 * times[int(0.95 * (len(times) - 1))],
        "total_s": sum(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.moves)
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['moves']} moves: {result['mean_ms']:.3f} ms per move on average, "
            f"p95 {result['p95_ms']:.3f} ms, {result['total_s']:.2f} s in all"
        )


if __name__ == "__main__":
    main()
