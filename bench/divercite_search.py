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

``--hint NAME`` times a level's hints instead (``analyse``, as the web table asks them) on
the same positions and end-game ones (``--end-plies``): CPU seconds per hint.

``--level NAME`` plays a level's own decision (its node budget, end-game solve and
seeded root shuffle) on each position instead, and reports decisions/s, the
slowest decision and the depth reached. Seconds are wall clock and CPU time
(``time.process_time``): on a shared machine the CPU figure is the steadier one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from solotable import load_game, make_agent
from solotable.agents.divercite.alphabeta import SearchResult, choose_move
from solotable.core.agent import Turn
from solotable.games.divercite import DiverciteState

PLIES = (4, 12, 20, 28)


def position(seed: int, plies: int | None = None) -> DiverciteState:
    """The fixed position number ``seed`` (see the module docstring), or game ``seed``'s
    random play stopped after ``plies`` plies."""
    state = load_game("divercite").new_initial_state(seed)
    assert isinstance(state, DiverciteState)
    rnd = random.Random(seed)
    for _ in range(PLIES[seed % len(PLIES)] if plies is None else plies):
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


def run_level(positions: int, level: str) -> str:
    """A level's decisions on the fixed positions: nodes, rates, slowest, depths."""
    game = load_game("divercite")
    nodes = 0
    wall = cpu = worst = worst_cpu = 0.0
    depths = []
    for seed in range(positions):
        state = position(seed)
        player = state.current_player()
        agent = make_agent(level, game, player, seed)
        turn = Turn.for_state(state, player)
        start, start_cpu = time.perf_counter(), time.process_time()
        agent.act(turn)
        took, took_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        wall += took
        cpu += took_cpu
        worst = max(worst, took)
        worst_cpu = max(worst_cpu, took_cpu)
        last = getattr(agent, "last", None)
        if isinstance(last, SearchResult):
            nodes += last.nodes
            depths.append(last.depth)
    rate = f"{nodes / cpu:,.0f} nodes/CPU-s, " if nodes else ""
    return (
        f"{level}: {positions} decisions, {nodes:,} nodes; {rate}"
        f"{positions / cpu:.1f} decisions/CPU-s ({positions / wall:.1f}/s wall); "
        f"slowest {worst_cpu:.2f} s CPU ({worst:.2f} s wall); "
        f"depths {min(depths, default=0)}–{max(depths, default=0)}"
    )


def run_hint(positions: int, level: str, end_plies: tuple[int, ...]) -> str:
    """A level's hints (``analyse(turn, 3)``, as the web table and ``hint`` ask it) on the
    fixed positions, then on as many end-game positions per entry of ``end_plies`` (random
    play stopped after that many plies): CPU seconds per hint, mean, 90th percentile, max."""
    game = load_game("divercite")
    rows: list[tuple[int, float]] = []
    plies = [PLIES[i % len(PLIES)] for i in range(positions)]
    plies += [n for n in end_plies for _ in range(positions // 4)]
    for i, n in enumerate(plies):
        state = position(i, n)
        player = state.current_player()
        agent = make_agent(level, game, player, i)
        turn = Turn.for_state(state, player)
        start_cpu = time.process_time()
        agent.analyse(turn, 3)
        rows.append((state.placements_left(), time.process_time() - start_cpu))
    cpu = sorted(t for _, t in rows)
    slowest = max(rows, key=lambda r: r[1])
    return (
        f"{level} hints: {len(rows)} positions ({min(r[0] for r in rows)}–"
        f"{max(r[0] for r in rows)} placements left); CPU s per hint: mean "
        f"{sum(cpu) / len(cpu):.2f}, 90th pct {cpu[int(0.9 * len(cpu))]:.2f}, max "
        f"{slowest[1]:.2f} ({slowest[0]} placements left)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=24, help="fixed positions to search")
    parser.add_argument("--depth", type=int, default=4, help="fixed search depth")
    parser.add_argument("--quiet", action="store_true", help="node count only, on stderr")
    parser.add_argument("--level", action="append", help="time a level's decisions instead")
    parser.add_argument("--hint", action="append", help="time a level's hints instead")
    parser.add_argument(
        "--end-plies",
        default="30,32,34",
        help="with --hint: also positions/4 end-game positions after each of these plies",
    )
    args = parser.parse_args()
    if args.hint:
        end = tuple(int(x) for x in args.end_plies.split(",") if x)
        for level in args.hint:
            print(run_hint(args.positions, level, end), flush=True)
        return
    if args.level:
        for level in args.level:
            print(run_level(args.positions, level), flush=True)
        return
    start_cpu = time.process_time()
    nodes, spent, worst = run(args.positions, args.depth)
    cpu = time.process_time() - start_cpu
    if args.quiet:
        print(nodes, file=sys.stderr)
        return
    print(
        f"{args.positions} positions, depth {args.depth}: {nodes:,} nodes in {spent:.2f} s = "
        f"{nodes / spent:,.0f} nodes/s, {args.positions / spent:.2f} decisions/s "
        f"(slowest {worst:.2f} s); CPU {cpu:.2f} s incl. setting up positions "
        f"= {nodes / cpu:,.0f} nodes/CPU-s"
    )


if __name__ == "__main__":
    main()
