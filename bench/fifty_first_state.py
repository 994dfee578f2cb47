"""Random full games of solo 51st State per second on one core.

Uses the fast path (``legal_actions`` + ``apply_legal_action`` +
``sample_chance``), as simulations and search do.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from common import parser, report
from solotable.core.registry import load_game
from solotable.core.rng import Rng


def run(
    seconds: float, faction: str, clock: Callable[[], float] = time.perf_counter
) -> dict[str, float]:
    game = load_game("51st-state", faction=faction)
    rng = Rng(12345)
    games = 0
    plies = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        state = game.new_initial_state(games)
        while not state.is_terminal():
            if state.current_player() < 0:
                state.apply_legal_action(state.sample_chance())
            else:
                state.apply_legal_action(rng.choice(state.legal_actions()))
            plies += 1
        games += 1
    elapsed = clock() - start
    return {
        "random_games_per_s": round(games / elapsed, 1),
        "plies_per_s": round(plies / elapsed, 1),
        "games": float(games),
        "seconds": round(elapsed, 2),
    }


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--faction", default="random", help="faction id, or random")
    p.add_argument("--cpu", action="store_true", help="time by CPU time, not the wall clock")
    args = p.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    report(run(args.seconds, args.faction, clock), args.json)


if __name__ == "__main__":
    main()
