"""Random full games of Mini DiverCity per second on one core.

Uses the fast path (``apply_legal_action`` and ``sample_chance``). The random
player never resigns here, so every game is played to a real end (a win, an
elimination, six Hotels or an out-of-reach goal) and the figure measures full
games.
"""

from __future__ import annotations

import random
import time

from common import parser, report
from solotable.core import load_game
from solotable.games.mini_divercity.game import MiniDiverCityGame


def run(seconds: float) -> dict[str, float]:
    game = load_game("mini-divercity")
    assert isinstance(game, MiniDiverCityGame)
    resign = game.space.RESIGN
    pick = random.Random(1)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state(games)
        while not state.result:
            if state.chance:
                state.apply_legal_action(state.sample_chance())
            else:
                legal = state.legal_actions()
                a = legal[pick.randrange(len(legal))]
                if a == resign:
                    a = legal[0]
                state.apply_legal_action(a)
        games += 1
        actions += len(state.history)
    elapsed = time.perf_counter() - start
    return {
        "random_games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "mean_actions_per_game": round(actions / max(games, 1), 1),
        "games": games,
        "seconds": round(elapsed, 2),
    }


def main() -> None:
    args = parser(__doc__ or "").parse_args()
    report(run(args.seconds), args.json)


if __name__ == "__main__":
    main()
