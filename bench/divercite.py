"""Divercité speed: random full games per second and alpha-beta nodes per second.

Run on one core: ``python bench/divercite.py [--seconds 3] [--json] [--cpu] [--no-search]``.
``--cpu`` times the random games by the process's CPU time (``time.process_time``), which a
loaded, shared machine disturbs far less than the wall clock; ``--no-search`` skips the
alpha-beta figures.
Random games use ``legal_actions`` + ``apply_legal_action`` (the game has no
chance node). Search speed is the alpha-beta agent's node count (positions
whose value the search computes, horizon nodes included; see
``agents/divercite/search.py``) divided by its time, over 0.25 s wall-clock
searches from positions sampled along random games (opening, middle game and
end game alike); ``search_horizon_nodes_per_s`` reports the depth-1 horizon
nodes alone (each weighs all its replies by their immediate gain). Wall-clock
searches depend on the load; ``bench/divercite_search.py`` measures fixed
workloads in CPU time and instructions.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from solotable import load_game
from solotable.agents.divercite.alphabeta import choose_move
from solotable.games.divercite import DiverciteState


def random_games_per_s(seconds: float, clock: Callable[[], float] = time.perf_counter) -> float:
    """The public API loop: ``legal_actions``, a uniform pick, ``apply_legal_action``."""
    game = load_game("divercite")
    rnd = random.Random(1)
    games = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state(games)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_legal_action(legal[rnd.randrange(len(legal))])
        games += 1
    return games / (clock() - start)


def _position(seed: int, plies: int) -> DiverciteState:
    state = load_game("divercite").new_initial_state(seed)
    assert isinstance(state, DiverciteState)
    rnd = random.Random(seed)
    for _ in range(plies):
        legal = state.legal_actions()
        state.apply_legal_action(legal[rnd.randrange(len(legal))])
    return state


def search_speed(seconds: float) -> tuple[float, float]:
    """The agent's own search (0.25 s iterative deepening per move) from positions
    taken every 3 plies along random games, so openings and end games both count."""
    nodes = leaves = 0
    spent = 0.0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = _position(seed, (seed * 3) % 39)
        result = choose_move(state, seconds=0.25, solve=8)
        nodes += result.nodes
        leaves += result.leaves
        spent += result.seconds
        seed += 1
    return nodes / spent, leaves / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--cpu", action="store_true", help="random games by CPU time")
    parser.add_argument("--no-search", action="store_true", help="random games only")
    args = parser.parse_args()
    games = random_games_per_s(args.seconds, time.process_time if args.cpu else time.perf_counter)
    out = {"random_games_per_s": round(games, 1)}
    if not args.no_search:
        nodes, leaves = search_speed(args.seconds)
        out["search_nodes_per_s"] = round(nodes, 1)
        out["search_horizon_nodes_per_s"] = round(leaves, 1)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"random full games/s : {games:,.0f}" + (" (CPU time)" if args.cpu else ""))
        if not args.no_search:
            nodes, leaves = out["search_nodes_per_s"], out["search_horizon_nodes_per_s"]
            print(f"alpha-beta nodes/s  : {nodes:,.0f} (horizon nodes {leaves:,.0f}/s)")


if __name__ == "__main__":
    main()
