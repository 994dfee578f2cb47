"""Divercité alpha-beta search: iterative deepening negamax with a transposition table.

How it searches, and why:

* The position is rebuilt from the observation by the agent (exact, since the
  game has perfect information) and explored with the state's ``search_make``/
  ``search_unmake``, which update the board and the scores incrementally (not the
  lists ``legal_actions`` reads: nodes list their moves with ``scored_moves``), so
  the score difference for the player to move is always at hand.
* Evaluation at the horizon: that score difference, plus a small bonus (1/4
  point) per empty square around the mover's unfinished cities minus the
  opponent's (points still to come), plus the best immediate reply: a depth-1
  node does not play its replies, it takes the exact score change of the best
  one (``best_gain``). Positions that reach the end of the game are scored
  exactly, without the bonus.
* A depth-2 node does not play its children either (``Searcher._frontier``):
  it builds the opponent's gain table once and values each child from it,
  rescoring only the squares the child's move affects (``rules/horizon.py``).
  Same values as playing them (tests compare with a plain negamax).
* Move ordering: the transposition-table move first, then the greediest move
  (found by one scan, before any move list is built: most nodes are cut off by
  one of these two), then the rest by immediate gain and history heuristic.
* Transposition table keyed by Zobrist hashing over (player, placement): the
  same placements in another order meet again. Results that reach the end of
  the game are exact and kept for any depth.
* When ``solve`` or fewer placements are left, iterative deepening runs to the
  end of the game (exact solve) with up to ``SOLVE_TIME_FACTOR`` times the
  move's time or ``SOLVE_NODE_FACTOR`` times its node budget.
* ``master`` (``Searcher(pvs=True, reduce=N)``, ``choose_move(partial=True)``) adds null
  windows after each node's first move, late move reductions (not in exact solves) and
  keeps a cut-short iteration's better move (docs/ladder.md), and its budget counts work
  (``cost``): a node it plays costs more than a child valued from a table, so a middle
  game, with more nodes played, gets fewer nodes in the same CPU time; the other levels
  search as before, node for node.
* A *node* is a position whose value the search computes, counted each time it
  is reached (every ``negamax`` call and every child a depth-2 node values from
  its table); ``leaves`` counts the horizon (depth-1) nodes among them. The
  replies a horizon node weighs are not nodes: they are never visited.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

from solotable.games.divercite import DiverciteState
from solotable.games.divercite.actions import NUM_ACTIONS
from solotable.games.divercite.rules.horizon import AFFECTED_MASK, AFFECTED_SQUARES, SQUARE_OF
from solotable.games.divercite.rules.scoring import NO_MOVE

_ZRNG = random.Random(0xD17E)
ZOBRIST = tuple(tuple(_ZRNG.getrandbits(64) for _ in range(NUM_ACTIONS)) for _ in range(2))
"""One 64-bit key per (player, action): a position is the set of placements made."""

EXACT, LOWER, UPPER = 0, 1, 2
SCALE = 4
"""Search values are in quarter points: the horizon heuristic adds 1/4 point per empty
square around the mover's unfinished cities and subtracts the same for the opponent's
(measured: +43 net wins in 60 depth-2 games against pure score difference)."""
_SOLVED_DEPTH = 99
SOLVE_TIME_FACTOR = 10.0
"""An end-game solve may use this many times the move's time before giving up."""
SOLVE_NODE_FACTOR = 2
"""An end-game solve may use this many times the move's node budget before giving up."""
_INF = 10**6
KEPT_TABLE_CAP = 400_000
"""A table kept from move to move (``Searcher.rebind``) is emptied beyond this many entries
(about 60 MB): a game's searches at ``master``'s budget stay below it."""
_HIST_CAP = (1 << 32) - 1


class SearchTimeout(Exception):
    """Raised inside the search when the move's time or node budget is spent."""


@dataclass
class SearchResult:
    move: int
    value: float
    """Expected final score difference for the mover (exact when ``exact``)."""
    depth: int
    nodes: int
    leaves: int
    exact: bool
    seconds: float
    spent: int = 0
    """What the budget counted: ``nodes``, plus the work units of a work-weighted budget."""


def position_hash(state: DiverciteState) -> int:
    """Zobrist key of a position: XOR of the keys of the placements in its history."""
    h = 0
    first = state.first_player
    for i, a in enumerate(state.history):
        h ^= ZOBRIST[first ^ (i & 1)][a]
    return h


class Searcher:
    """Negamax alpha-beta over one ``DiverciteState`` (modified and restored in place).

    ``max_nodes`` (and ``deadline``) abort the search with ``SearchTimeout``; a node
    budget is checked at fixed node counts, so a budgeted search is reproducible.
    """

    def __init__(
        self,
        state: DiverciteState,
        deadline: float | None = None,
        max_nodes: int | None = None,
        *,
        pvs: bool = False,
        reduce: int = 0,
        cost: int = 0,
    ) -> None:
        self.state = state
        self.cost = cost
        """Work-weighted budget (0 = off): each node the search plays (a ``negamax`` call,
        not a child valued from a table) costs ``cost + placements_left // 4`` units more
        than the one unit of a child valued from a table (see ``work``): measured CPU per
        node played grows with the squares its scans cover, a table child costs little."""
        self.pvs = pvs
        """Principal variation search: after a node's first move, null windows (``_pvs_moves``)."""
        self.reduce = reduce
        """With ``pvs``: moves from this index on are first searched one ply shallower
        (late move reductions; 0 = never), never in an exact solve."""
        self.root_best: tuple[int, int] | None = None
        """(move, value) best so far in the running root iteration, once its first move
        is searched: a cut-short iteration's better move is still a deeper one."""
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history_score = [0] * NUM_ACTIONS
        self.nodes = 0
        """Positions whose value the search computed (see the module docstring)."""
        self.work = 0
        """Units charged besides ``nodes`` with ``cost`` (0 without): the budget counts
        ``nodes + work``, so a position whose nodes cost more CPU gets fewer of them."""
        self.leaves = 0
        """Horizon (depth-1) nodes among ``nodes``: valued by their best reply's gain."""
        self._next_check = 0
        self._set_next_check()

    def rebind(self, state: DiverciteState) -> None:
        """Search ``state`` next, keeping the table and the history scores (a later move of
        the same game: the positions searched before that can still occur keep their
        values, since a key is the set of placements made). Counts restart at 0; a table
        grown past ``KEPT_TABLE_CAP`` entries starts empty (a fixed rule, so the same calls
        give the same moves)."""
        self.state = state
        self.nodes = self.leaves = self.work = 0
        if len(self.tt) > KEPT_TABLE_CAP:
            self.tt.clear()
        self.history_score = [x >> 1 for x in self.history_score]
        self._set_next_check()

    def set_budget(self, *, deadline: float | None, max_nodes: int | None) -> None:
        """A new clock deadline and node budget (``None``: none), counted from 0 nodes."""
        self.deadline = deadline
        self.max_nodes = max_nodes
        self._set_next_check()

    @property
    def spent(self) -> int:
        """What the budget counts: ``nodes``, plus ``work`` with a work-weighted budget."""
        return self.nodes + self.work

    def _set_next_check(self) -> None:
        nxt = self.nodes + 1024
        if self.max_nodes is not None and self.max_nodes - self.work < nxt:
            nxt = self.max_nodes - self.work
        self._next_check = nxt

    def _charge(self, units: int) -> None:
        """Work besides a node (``cost``): brings the next budget check nearer by as much."""
        self.work += units
        self._next_check -= units

    def _check_time(self) -> None:
        if self.max_nodes is not None and self.nodes + self.work >= self.max_nodes:
            raise SearchTimeout
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchTimeout
        self._set_next_check()

    def plies_to_end(self) -> int:
        """Scoring plies left: the closing neutral token never changes a score."""
        s = self.state
        return s.placements_left() + (1 if s.is_neutral_turn() and s.ply == 0 else 0)

    def ordered_keys(self) -> list[int]:
        """Legal moves best-first as keys ``gain << 40 | history << 8 | action``.

        One int per move sorts fastest: immediate gain first, then history score
        (capped below 2**32), then the action id; ``key >> 40`` is the gain and
        ``key & 255`` the action.
        """
        hist = self.history_score
        keyed = [(g << 40) | (hist[a] << 8) | a for g, a in self.state.scored_moves()]
        keyed.sort(reverse=True)
        return keyed

    def ordered(self) -> list[int]:
        """Legal moves best-first: immediate gain, then history score."""
        return [k & 255 for k in self.ordered_keys()]

    def negamax(self, depth: int, alpha: int, beta: int, h: int) -> int:
        """Value for the player to move: their score minus the opponent's after best play."""
        s = self.state
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check_time()
        left = s.placements_left()
        if self.cost:
            self._charge(self.cost + (left >> 2))
        if left == 0:  # only the closing neutral token is left: it changes no score
            return SCALE * s.score_diff()
        if depth <= 0:
            return SCALE * s.score_diff() + s.open_neighbours()
        if depth == 1:
            self.leaves += 1
            base = SCALE * s.score_diff()
            if left > 1:
                base += s.open_neighbours()
            # The smallest gain that reaches beta (ceiling division): no need to look further.
            return base + SCALE * s.best_gain(-((base - beta) // SCALE))
        exact_depth = depth >= left
        tt_move = -1
        entry = self.tt.get(h)
        if entry is not None:
            edepth, flag, val, tt_move = entry
            if edepth >= depth:
                if flag == EXACT:
                    return val
                if flag == LOWER:
                    if val > alpha:
                        alpha = val
                elif val < beta:
                    beta = val
                if alpha >= beta:
                    return val
        alpha0 = alpha
        p = s.first_player ^ (s.ply & 1)
        keys = ZOBRIST[p]
        best = -_INF
        best_move = -1
        make = s.search_make
        unmake = s.search_unmake
        if tt_move >= 0:
            # The remembered best move first, before paying for move generation:
            # it often refutes the position on its own. (Keys are 64-bit, so a
            # colliding entry, with a move illegal here, is not a practical concern.)
            make(tt_move)
            try:
                best = -self.negamax(depth - 1, -beta, -alpha, h ^ keys[tt_move])
            finally:
                unmake(tt_move)
            best_move = tt_move
            if best > alpha:
                alpha = best
        if alpha < beta:
            if depth == 2 and left > 2:
                best, best_move = self._frontier(alpha, beta, best, best_move)
            elif self.pvs and depth >= 3:
                best, best_move = self._pvs_moves(
                    depth, alpha, beta, h, best, best_move, exact_depth
                )
            else:
                # The greediest move next, before paying for the full ordered list.
                first = -1 if s.is_neutral_turn() else s.greediest_move()[1]
                if first >= 0 and first != tt_move:
                    make(first)
                    try:
                        v = -self.negamax(depth - 1, -beta, -alpha, h ^ keys[first])
                    finally:
                        unmake(first)
                    if v > best:
                        best = v
                        best_move = first
                        if v > alpha:
                            alpha = v
                    if alpha >= beta:
                        self._reward(first, depth * depth)
                for a in self.ordered() if alpha < beta else ():
                    if a in (tt_move, first):
                        continue
                    make(a)
                    try:
                        v = -self.negamax(depth - 1, -beta, -alpha, h ^ keys[a])
                    finally:
                        unmake(a)
                    if v > best:
                        best = v
                        best_move = a
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                self._reward(a, depth * depth)
                                break
        flag = UPPER if best <= alpha0 else (LOWER if best >= beta else EXACT)
        self.tt[h] = (_SOLVED_DEPTH if exact_depth else depth, flag, best, best_move)
        return best

    def _pvs_moves(
        self, depth: int, alpha: int, beta: int, h: int, best: int, best_move: int, exact: bool
    ) -> tuple[int, int]:
        """``negamax``'s move loop (after its TT move) with null windows: each move after
        the first only has to be proved no better than the best so far (window
        (alpha, alpha + 1)), and is searched again with the full window only when it
        is; with ``reduce``, a late move is first tried one ply shallower (not in an
        exact solve, whose table entries must stay exact)."""
        s = self.state
        keys = ZOBRIST[s.first_player ^ (s.ply & 1)]
        tt_move = best_move
        first = -1 if s.is_neutral_turn() else s.greediest_move()[1]
        late = self.reduce if self.reduce and depth >= 4 and not exact else NUM_ACTIONS
        for i, a in enumerate(self._after(first, tt_move)):
            hk = h ^ keys[a]
            s.search_make(a)
            try:
                if best == -_INF:
                    v = -self.negamax(depth - 1, -beta, -alpha, hk)
                else:
                    r = 2 if i >= late else 1
                    v = -self.negamax(depth - r, -alpha - 1, -alpha, hk)
                    if v > alpha and r == 2:
                        v = -self.negamax(depth - 1, -alpha - 1, -alpha, hk)
                    if alpha < v < beta:
                        v = -self.negamax(depth - 1, -beta, -alpha, hk)
            finally:
                s.search_unmake(a)
            if v > best:
                best = v
                best_move = a
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self._reward(a, depth * depth)
                        break
        return best, best_move

    def _after(self, first: int, tt_move: int) -> Iterator[int]:
        """The greediest move, then the ordered rest (the list built only if it is needed),
        without ``tt_move`` (already searched)."""
        if first >= 0 and first != tt_move:
            yield first
        for a in self.ordered():
            if a != tt_move and a != first:
                yield a

    def _frontier(self, alpha: int, beta: int, best: int, best_move: int) -> tuple[int, int]:
        """The moves of a depth-2 node (after its TT move), whose children are horizon nodes.

        Most such nodes are cut off by their first move, so the greediest move is
        tried first, played and valued by ``negamax(1)``, before any move list is
        built. The others are valued without being played: a child's score
        difference and open squares follow from the move's gain and
        ``open_delta``; its best reply is the best of the opponent's gain table
        (built once here) outside the squares the move affects, and, only when
        that does not already refute the move, the best on the affected squares
        with the move played. Each child counts as one node, as in ``negamax``.
        """
        s = self.state
        tt_move = best_move
        first = s.greediest_move()[1]
        if first != tt_move:
            s.search_make(first)
            try:
                v = -self.negamax(1, -beta, -alpha, 0)
            finally:
                s.search_unmake(first)
            if v > best:
                best = v
                best_move = first
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self._reward(first, 4)
                        return best, best_move
        opp = 1 - (s.first_player ^ (s.ply & 1))
        sd = SCALE * s.score_diff() + s.open_neighbours()
        deltas = s.open_deltas()
        table = s.square_gains(opp)
        order = sorted(
            (q for q in range(41) if table[q] != NO_MOVE), key=table.__getitem__, reverse=True
        )
        for key in self.ordered_keys():
            a = key & 255
            if a in (tt_move, first):
                continue
            self.nodes += 1
            self.leaves += 1
            if self.nodes >= self._next_check:
                self._check_time()
            # The child, from the opponent's side: -(our score difference and open squares).
            base = -(sd + SCALE * (key >> 40) + deltas[SQUARE_OF[a]])
            mask = AFFECTED_MASK[a]
            reply = NO_MOVE
            for q in order:
                if not (mask >> q) & 1:
                    reply = table[q]
                    break
            if base + SCALE * reply < -alpha:  # not refuted yet: look at the affected squares
                s.search_make(a)
                try:
                    near = s.best_gain_on(opp, AFFECTED_SQUARES[a])
                finally:
                    s.search_unmake(a)
                if near > reply:
                    reply = near
            v = -(base + SCALE * reply)
            if v > best:
                best = v
                best_move = a
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self._reward(a, 4)
                        break
        return best, best_move

    def _reward(self, action: int, amount: int) -> None:
        """History heuristic: ``action`` caused a cut-off (capped to fit the sort key)."""
        hist = self.history_score
        hist[action] = min(hist[action] + amount, _HIST_CAP)

    def search_root(self, depth: int, root_moves: list[int]) -> tuple[int, int]:
        """Best move and value at ``depth``; ``root_moves`` is reordered best-first."""
        s = self.state
        p = s.first_player ^ (s.ply & 1)
        h = position_hash(s)
        alpha = -_INF
        best_move = root_moves[0]
        scored: list[tuple[int, int]] = []
        self.root_best = None
        pvs = self.pvs and depth >= 3
        for a in root_moves:
            s.make(a)
            try:
                hk = h ^ ZOBRIST[p][a]
                if pvs and alpha > -_INF:
                    v = -self.negamax(depth - 1, -alpha - 1, -alpha, hk)
                    if v > alpha:
                        v = -self.negamax(depth - 1, -_INF, -alpha, hk)
                else:
                    v = -self.negamax(depth - 1, -_INF, -alpha, hk)
            finally:
                s.unmake(a)
            scored.append((v, a))
            if v > alpha:
                alpha = v
                best_move = a
            self.root_best = (best_move, alpha)
        # Stable sort: the best first, then the others by their (upper-bound) values.
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        root_moves[:] = [scored[i][1] for i in order]
        root_moves.remove(best_move)
        root_moves.insert(0, best_move)
        return best_move, alpha

    def solve_outcome(self, root_moves: list[int]) -> tuple[int, int]:
        """(move, -1/0/+1): whether the game is lost, drawn or won with best play, and a
        move that achieves it (the first of ``root_moves`` when lost).

        Only the sign of the final score difference is sought, with the windows (-1, +1)
        then (0, +1) around zero: far fewer nodes than the exact score (measured on 10
        placements left: 13,000–106,000 nodes, where deepening to the end took
        120,000–470,000), and the sign is what decides a game. The bounds it leaves in
        the table are exact-game bounds, true for any later search.
        """
        s = self.state
        p = s.first_player ^ (s.ply & 1)
        h = position_hash(s)
        depth = self.plies_to_end()
        alpha, beta = -1, 1
        best_move, outcome = root_moves[0], -1
        for a in root_moves:
            s.make(a)
            try:
                v = -self.negamax(depth - 1, -beta, -alpha, h ^ ZOBRIST[p][a])
            finally:
                s.unmake(a)
            if v >= beta:
                return a, 1
            if v > alpha:  # a draw (values are multiples of SCALE): only a win beats it now
                alpha, best_move, outcome = 0, a, 0
        return best_move, outcome
