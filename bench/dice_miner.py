"""Random full games of Dice Miner solo per second on one core.

Uses the fast paths (``apply_legal_action`` and ``sample_chance``) the way
search agents do; the figure goes into docs/benchmarks.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from common import parser, report
from solotable.core.players import CHANCE
from solotable.core.registry import load_game
from solotable.core.rng import Rng


def _rate(
    seconds: float, avoid_stop: bool, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, float, int]:
    """Games/s and plies/s; ``avoid_stop`` plays on until nothing is left (longest games)."""
    game = load_game("dice-miner")
    stop = game.num_distinct_actions()  # never an action id: no avoidance
    if avoid_stop:
        stop = game.new_initial_state(0).string_to_action("stop")
    rng = Rng(12345)
    games = plies = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        state = game.new_initial_state(games)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_legal_action(state.sample_chance())
            else:
                legal = state.legal_actions()
                if len(legal) > 1 and legal[-1] == stop:
                    legal = legal[:-1]
                state.apply_legal_action(rng.choice(legal))
            plies += 1
        games += 1
    elapsed = clock() - start
    return games / elapsed, plies / elapsed, games


def run(seconds: float, clock: Callable[[], float] = time.perf_counter) -> dict[str, float]:
    games_s, plies_s, games = _rate(seconds / 2, avoid_stop=False, clock=clock)
    full_s, full_plies_s, _ = _rate(seconds / 2, avoid_stop=True, clock=clock)
    return {
        "random_games_per_s": round(games_s, 1),
        "plies_per_s": round(plies_s, 1),
        "games": games,
        "no_stop_random_games_per_s": round(full_s, 1),
        "no_stop_plies_per_s": round(full_plies_s, 1),
    }


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--cpu", action="store_true", help="time by CPU time, not the wall clock")
    args = p.parse_args()
    report(run(args.seconds, time.process_time if args.cpu else time.perf_counter), args.json)


if __name__ == "__main__":
    main()
