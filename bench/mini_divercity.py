"""Random full games of Mini DiverCity per second on one core.

Uses the fast path (``apply_legal_action`` and ``sample_chance``). The random
player never resigns here, so every game is played to a real end (a win, an
elimination, six Hotels or an out-of-reach goal) and the figure measures full
games. ``--cpu`` times by the process's CPU time (``time.process_time``), which a loaded,
shared machine disturbs far less than the wall clock.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from common import parser, report
from solotable.core import load_game
from solotable.games.mini_divercity.game import MiniDiverCityGame


def run(seconds: float, clock: Callable[[], float] = time.perf_counter) -> dict[str, float]:
    game = load_game("mini-divercity")
    assert isinstance(game, MiniDiverCityGame)
    resign = game.space.RESIGN
    pick = random.Random(1)
    games = actions = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
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
    elapsed = clock() - start
    return {
        "random_games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "mean_actions_per_game": round(actions / max(games, 1), 1),
        "games": games,
        "seconds": round(elapsed, 2),
    }


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--cpu", action="store_true", help="time by CPU time, not the wall clock")
    args = p.parse_args()
    report(run(args.seconds, time.process_time if args.cpu else time.perf_counter), args.json)


if __name__ == "__main__":
    main()
