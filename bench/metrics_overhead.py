"""What the game metrics cost the runner: the same games with and without a decision tally.

``core.runner.play_to_end`` is the hot loop of every simulation; the game metrics
(``stats.metrics.DecisionTally``) add a few integer updates per decision and, in two-player
games, a ``scores()`` call. This plays the same seeds both ways, alternating game by game
(so a change of the machine's load hits both alike), and prints the CPU time per game and
the overhead. ``random`` agents are the worst case (the cheapest decisions, so the tally's
share is largest); the default agents are what a designer runs.

    PYTHONPATH=src:bench python bench/metrics_overhead.py --games 300
"""

from __future__ import annotations

import argparse
import json
import os
import time

import solotable.agents
import solotable.games  # noqa: F401
from common import machine
from solotable.core.registry import load_game, make_agent
from solotable.core.runner import play_to_end
from solotable.sim.simulation import game_seed
from solotable.stats.metrics import DecisionTally

CASES = (
    ("dice-miner", "random"),
    ("dice-miner", "heuristic"),
    ("mini-divercity", "random"),
    ("mini-divercity", "heuristic"),
    ("51st-state", "random"),
    ("51st-state", "heuristic"),
    ("divercite", "random"),
    ("divercite", "greedy"),
)


def measure(game_name: str, spec: str, games: int, repeats: int) -> dict[str, float]:
    """CPU seconds per game without and with the tally (best of ``repeats`` passes)."""
    game = load_game(game_name)
    best = [float("inf"), float("inf")]
    decisions = 0
    for _ in range(repeats):
        spent = [0.0, 0.0]
        for i in range(games):
            seed = game_seed(0, i)
            for with_tally in (False, True) if i % 2 == 0 else (True, False):
                agents = [
                    make_agent(spec, game, p, seed + p, research=True)
                    for p in range(game.num_players())
                ]
                tally = DecisionTally(game.num_players()) if with_tally else None
                start = time.process_time()
                played = play_to_end(game, agents, seed, tally=tally)
                spent[with_tally] += time.process_time() - start
                if with_tally:
                    decisions += played.decisions
        best = [min(b, s / games) for b, s in zip(best, spent, strict=True)]
    per_decision = (best[1] - best[0]) / max(1, decisions / repeats / games)
    return {
        "without_ms": 1000 * best[0],
        "with_ms": 1000 * best[1],
        "overhead_pct": 100 * (best[1] - best[0]) / best[0],
        "overhead_us_per_decision": 1e6 * per_decision,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--games", type=int, default=200, help="games per case and pass")
    p.add_argument("--repeats", type=int, default=3, help="passes (the best is kept)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    load = os.getloadavg()
    out = {}
    for game, spec in CASES:
        out[f"{game} {spec}"] = measure(game, spec, args.games, args.repeats)
    if args.json:
        print(json.dumps({"machine": machine(), "load": load, "cases": out}))
        return
    print(f"machine: {machine()}, {os.cpu_count()} cores, load {load[0]:.1f}/{load[1]:.1f}")
    print("| game | agent | CPU ms/game without | with tally | overhead | µs per decision |")
    print("|---|---|---:|---:|---:|---:|")
    for (game, spec), f in zip(CASES, out.values(), strict=True):
        print(
            f"| {game} | {spec} | {f['without_ms']:.2f} | {f['with_ms']:.2f} | "
            f"{f['overhead_pct']:+.1f}% | {f['overhead_us_per_decision']:.2f} |"
        )


if __name__ == "__main__":
    main()
