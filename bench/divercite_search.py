"""Divercité alpha-beta speed on a fixed set of positions: nodes, nodes/s, instructions/node.

A *node* is a position whose value the search computes, counted each time it is
reached: every ``negamax`` call (interior nodes, horizon nodes, TT hits, exact
end positions) and every horizon child a depth-2 node values from its gain table
without playing it (``Searcher._frontier``). The replies a horizon node scores to
find the opponent's best immediate gain are not nodes: they are never visited.

Positions: for seed ``i``, a game of random moves (``random.Random(i)``) stopped
after ``PLIES[i % 4]`` plies (opening, early, middle and late middle game); the
searcher runs ``choose_move`` at a fixed depth with no clock and no end-game
solve, so the node count is the same on every machine::

    python bench/divercite_search.py --positions 24 --depth 4

Under load, count instructions instead (the node count goes to stderr); run at N
and 2N and divide the instruction difference by the node difference::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python bench/divercite_search.py --positions N --depth 4 --quiet
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from solotable import load_game
from solotable.agents.divercite_alphabeta import choose_move
from solotable.games.divercite import DiverciteState

PLIES = (4, 12, 20, 28)


def position(seed: int) -> DiverciteState:
    """The fixed position number ``seed`` (see the module docstring)."""
    state = load_game("divercite").new_initial_state(seed)
    assert isinstance(state, DiverciteState)
    rnd = random.Random(seed)
    for _ in range(PLIES[seed % len(PLIES)]):
        legal = state.legal_actions()
        state.apply_legal_action(legal[rnd.randrange(len(legal))])
    return state


def run(positions: int, depth: int) -> tuple[int, float, float]:
    """(nodes, seconds of search, slowest search in seconds) over the fixed positions."""
    nodes = 0
    spent = worst = 0.0
    for seed in range(positions):
        state = position(seed)
        start = time.perf_counter()
        result = choose_move(state, seconds=None, max_depth=depth, solve=0)
        took = time.perf_counter() - start
        nodes += result.nodes
        spent += took
        worst = max(worst, took)
    return nodes, spent, worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=24, help="fixed positions to search")
    parser.add_argument("--depth", type=int, default=4, help="fixed search depth")
    parser.add_argument("--quiet", action="store_true", help="node count only, on stderr")
    args = parser.parse_args()
    nodes, spent, worst = run(args.positions, args.depth)
    if args.quiet:
        print(nodes, file=sys.stderr)
        return
    print(
        f"{args.positions} positions, depth {args.depth}: {nodes:,} nodes in {spent:.2f} s = "
        f"{nodes / spent:,.0f} nodes/s, {args.positions / spent:.2f} decisions/s "
        f"(slowest {worst:.2f} s)"
    )


if __name__ == "__main__":
    main()
