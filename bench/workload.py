"""A fixed workload for instruction counts, to compare two trees on a busy machine.

Wall-clock rates swing with the machine's load; instruction counts do not. Run the same
workload under callgrind at N and 2N and subtract, to drop interpreter start-up::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/workload.py divercite 200

``GAME`` is a game name (N random games from fixed seeds, on the playout path:
``sample_chance`` and ``apply_legal_action``) or ``search`` (N alpha-beta decisions at depth 3
in Divercité from positions 14 plies in).
"""

from __future__ import annotations

import argparse

import solotable
from solotable.core.agent import Turn
from solotable.core.rng import Rng


def random_games(name: str, n: int) -> None:
    game = solotable.load_game(name)
    for seed in range(n):
        state = game.new_initial_state(seed)
        rng = Rng(seed + 1000)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(state.sample_chance())
            else:
                state.apply_legal_action(rng.choice(state.legal_actions()))


def searches(n: int) -> None:
    game = solotable.load_game("divercite")
    for seed in range(n):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        for _ in range(14):
            state.apply_legal_action(rng.choice(state.legal_actions()))
        player = state.current_player()
        agent = solotable.make_agent("alphabeta:depth=3", game, player, seed)
        agent.act(Turn.for_state(state, player, 100.0))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("game", nargs="?", default="divercite", help="a game name, or 'search'")
    p.add_argument("n", nargs="?", type=int, default=20, help="games (or searches) to run")
    args = p.parse_args()
    if args.game == "search":
        searches(args.n)
    else:
        random_games(args.game, args.n)


if __name__ == "__main__":
    main()
