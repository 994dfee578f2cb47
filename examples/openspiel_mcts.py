"""OpenSpiel's Python MCTS bot against solotable's ``hard`` Divercité AI.

    python examples/openspiel_mcts.py --games 4 --simulations 1000

The game is loaded through OpenSpiel (``solotable.openspiel.register()`` then
``pyspiel.load_game("python_solotable_divercite")``); MCTS searches OpenSpiel states, and
solotable's agent decides from its own observation of the inner state, like any solotable
driver. Seats alternate between games. ``--level hard:time=0.1`` makes the AI quicker.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import solotable
import solotable.openspiel
from solotable.core.agent import Turn


def play(game: object, level: str, simulations: int, mcts_seat: int, seed: int) -> list[float]:
    """One game; the returns ``[White, Black]``."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2.0, simulations, evaluator, solve=True, random_state=rng)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    ai = solotable.make_agent(level, state.inner.game, 1 - mcts_seat, seed)
    while not state.is_terminal():
        player = state.current_player()
        if player == mcts_seat:
            action = bot.step(state)
        else:
            action = ai.act(Turn.for_state(state.inner, player))
        state.apply_action(action)
    return [float(r) for r in state.returns()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    solotable.openspiel.register(["divercite"])
    game = pyspiel.load_game("python_solotable_divercite")
    tally = {"MCTS": 0, args.level: 0, "draw": 0}
    for i in range(args.games):
        seat = i % 2
        returns = play(game, args.level, args.simulations, seat, args.seed + i)
        winner = "draw" if returns[seat] == 0 else ("MCTS" if returns[seat] > 0 else args.level)
        tally[winner] += 1
        print(f"game {i + 1}: MCTS as {'White' if seat == 0 else 'Black'}: {winner}")
    print(f"MCTS ({args.simulations} simulations) vs {args.level}: {tally}")


if __name__ == "__main__":
    main()
