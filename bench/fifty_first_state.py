"""Random full games of solo 51st State per second on one core.

Uses the fast path (``legal_actions`` + ``apply_legal_action`` +
``sample_chance``), as simulations and search do.
"""

from __future__ import annotations

import time

from common import parser, report
from solotable.core.registry import load_game
from solotable.core.rng import Rng


def run(seconds: float, faction: str) -> dict[str, float]:
    game = load_game("51st-state", faction=faction)
    rng = Rng(12345)
    games = 0
    plies = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state(games)
        while not state.is_terminal():
            if state.current_player() < 0:
                state.apply_legal_action(state.sample_chance())
            else:
                state.apply_legal_action(rng.choice(state.legal_actions()))
            plies += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "random_games_per_s": round(games / elapsed, 1),
        "plies_per_s": round(plies / elapsed, 1),
        "games": float(games),
        "seconds": round(elapsed, 2),
    }


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--faction", default="random", help="faction id, or random")
    args = p.parse_args()
    report(run(args.seconds, args.faction), args.json)


if __name__ == "__main__":
    main()
