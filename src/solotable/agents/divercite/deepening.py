"""Divercité's iterative deepening driver: how one move's search spends its budget.

``search.Searcher`` values positions; this module decides what to ask of it for
one move (a win/draw/loss solve first near the end, then deeper and deeper iterations until
the time or node budget runs out), kept apart so each module stays readable on its own.
"""

from __future__ import annotations

import time

from solotable.agents.divercite.search import (
    SCALE,
    SOLVE_NODE_FACTOR,
    SOLVE_TIME_FACTOR,
    Searcher,
    SearchResult,
    SearchTimeout,
)
from solotable.core.rng import Rng
from solotable.games.divercite import DiverciteState


def choose_move(
    state: DiverciteState,
    *,
    seconds: float | None,
    max_depth: int | None = None,
    solve: int = 0,
    rng: Rng | None = None,
    max_nodes: int | None = None,
    searcher: Searcher | None = None,
    outcome: int = 0,
    partial: bool = False,
) -> SearchResult:
    """Iterative deepening until the time or the node budget is spent, ``max_depth``
    or the end of the game. An end-game solve (``solve`` or fewer plies left) may use
    ``SOLVE_TIME_FACTOR`` times the time and ``SOLVE_NODE_FACTOR`` times the nodes;
    a search cut short keeps the move of its last complete iteration. A ``searcher``
    given (on ``state``) keeps its transposition table for the caller's next searches.

    With ``outcome`` or fewer plies left, a win/draw/loss solve (``Searcher.solve_outcome``)
    comes first, with the move's budget; a won or drawn game is played from it (its value
    is then +1/4 or 0, a bound, not the final score difference), a lost or unsolved one
    goes on to the deepening search with a quarter of the budget more (its table now
    holds the solve's bounds, so that search is mostly cut short by them).

    With a work-weighted budget (``Searcher.cost``) the budget counts ``Searcher.spent``,
    and the win/draw/loss solve and the deepening after it share one move's budget: the
    solve gets four fifths, the deepening what is left (at least a fifth).

    With ``partial``, a deepening iteration cut short by the budget still counts once
    its first move (the previous iteration's best) is searched: a move that beats it
    there is better at that depth (the others were proved no better)."""
    start = time.perf_counter()
    moves = state.legal_actions()
    if rng is not None:
        rng.shuffle(moves)
    if searcher is None:
        searcher = Searcher(state)
    to_end = searcher.plies_to_end()
    solving = to_end <= solve
    limit = to_end if (solving or max_depth is None) else min(max_depth, to_end)
    deadline = None
    if seconds is not None and (max_depth is None or max_nodes is not None):
        # An exact end-game solve may take longer than a move's budget, within reason.
        deadline = start + (seconds * SOLVE_TIME_FACTOR if solving else seconds)
    budget = max_nodes
    start_spent = searcher.spent
    weighted = searcher.cost > 0
    if max_nodes is not None:
        share = max_nodes * (SOLVE_NODE_FACTOR if solving else 1)
        if weighted and to_end <= outcome and max_depth is None:
            share -= max_nodes // 5  # the fallback's share, kept within the move's budget
        max_nodes = start_spent + share
    searcher.set_budget(deadline=deadline, max_nodes=max_nodes)
    # Initial order: immediate gain (stable, so the shuffle breaks ties).
    gains = {a: state.gain(a) for a in moves}
    moves.sort(key=lambda a: -gains[a])
    if len(moves) == 1 or limit <= 0:
        return SearchResult(moves[0], gains[moves[0]], 0, 0, 0, False, 0.0)
    if to_end <= outcome and max_depth is None:
        try:
            # Root order from a depth-2 search (tens of nodes), then the sign of the game.
            searcher.search_root(min(2, to_end), moves)
            move, sign = searcher.solve_outcome(moves)
        except SearchTimeout:
            sign = -2
        if sign >= 0:
            return SearchResult(
                move,
                sign / SCALE,
                to_end,
                searcher.nodes,
                searcher.leaves,
                False,
                time.perf_counter() - start,
                searcher.spent - start_spent,
            )
        if budget is not None:
            searcher.set_budget(
                deadline=deadline,
                max_nodes=start_spent + budget if weighted else searcher.nodes + budget // 4,
            )
    best, value, done = moves[0], SCALE * gains[moves[0]], 0
    for depth in range(1, limit + 1):
        try:
            best, value = searcher.search_root(depth, moves)
        except SearchTimeout:
            if partial and searcher.root_best is not None:
                best, value = searcher.root_best
            break
        done = depth
        if searcher.deadline is not None and time.perf_counter() > searcher.deadline:
            break
    return SearchResult(
        best,
        value / SCALE,
        done,
        searcher.nodes,
        searcher.leaves,
        done >= to_end,
        time.perf_counter() - start,
        searcher.spent - start_spent,
    )
