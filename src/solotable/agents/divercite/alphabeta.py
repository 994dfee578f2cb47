"""Divercité alpha-beta agent: the search of :mod:`.search` behind the agent API.

The agent rebuilds the position from its observation (``game.sample_state``;
exact, Divercité has perfect information), searches it, and for hints
(``analyse``) values a shortlist of moves with full-window searches.

Parameters (``alphabeta:nodes=10000,solve=12``): ``time`` seconds per move (0 =
no clock of its own; a turn's budget, e.g. a game clock, always caps it),
``depth`` a fixed depth, ``nodes`` a node budget per move, ``solve`` placements
left at which to solve exactly; ``keep``, ``outcome``, ``pvs``, ``reduce``, ``early``,
``cost`` and ``end`` (``make_alphabeta``) are ``master``'s refinements, off by default.
Root moves are shuffled with the agent's seed before ordering, so ties vary between seeds; with
``depth=`` or ``nodes=`` (and no clock) a seed always plays the same moves,
time-limited searches depend on the machine's speed and are not reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence

from solotable.agents.divercite.advice import move_reason
from solotable.agents.divercite.deepening import choose_move
from solotable.agents.divercite.search import (
    _INF,
    SCALE,
    ZOBRIST,
    Searcher,
    SearchResult,
    position_hash,
)
from solotable.core.agent import Agent, Candidate, Turn, agent_params
from solotable.core.errors import UnknownNameError
from solotable.core.game import Game
from solotable.core.registry import register_agent
from solotable.core.rng import Rng
from solotable.games.divercite import DiverciteState

EARLY_LEFT = 28
"""``early=``'s node budget applies with more placements left than this (a player's first
six moves)."""

__all__ = ["SCALE", "AlphaBetaAgent", "SearchResult", "Searcher", "choose_move", "make_alphabeta"]


class AlphaBetaAgent(Agent):
    """Searches a rebuilt copy of the observed position; see the module docstring."""

    name = "alphabeta"

    def __init__(
        self,
        game: Game,
        player: int,
        seed: int = 0,
        *,
        seconds: float | None = 1.0,
        depth: int | None = None,
        solve: int = 8,
        nodes: int | None = None,
        keep: bool = False,
        outcome: int = 0,
        pvs: bool = False,
        reduce: int = 0,
        early: int = 0,
        cost: int = 0,
        end: int = 0,
    ) -> None:
        super().__init__(game, player, seed)
        self.rng = Rng(seed)
        self.seconds = seconds
        self.depth = depth
        self.solve = solve
        self.nodes = nodes
        self.outcome = outcome
        """Placements left at which a win/draw/loss solve comes first (``choose_move``)."""
        self.keep = keep
        """Keep the transposition table from one move to the next (``Searcher.rebind``)."""
        self.pvs = pvs
        """Null-window search after each node's first move, and a cut-short iteration's
        better move kept (``Searcher.pvs``, ``choose_move(partial=)``)."""
        self.reduce = reduce
        """With ``pvs``: late move reductions from this move index on (0 = none)."""
        self.early = early
        """Node budget while more than ``EARLY_LEFT`` placements are left (0 = ``nodes``):
        the opening's nodes are the cheapest (most are valued from a gain table)."""
        self.cost = cost
        """Work-weighted budget (``Searcher.cost``; 0 = a plain node budget): ``nodes`` then
        counts work units, so a middle-game search, whose nodes cost more, gets fewer."""
        self.end = end
        """Budget with ``outcome`` or fewer placements left (0 = ``nodes``): the end game's
        win/draw/loss solve, whose nodes cost the least CPU, may get more."""
        self._kept: Searcher | None = None
        self.last: SearchResult | None = None

    def act(self, turn: Turn) -> int:
        legal = list(turn.legal_actions)
        if len(legal) == 1:
            return legal[0]
        state = self.game.sample_state(turn.observation, self.player, self.rng)
        if not isinstance(state, DiverciteState):
            raise TypeError("the alphabeta agent plays Divercité only")
        if self.keep and self._kept is not None:
            self._kept.rebind(state)
            searcher = self._kept
        else:
            searcher = self._searcher(state)
            if self.keep:
                self._kept = searcher
        self.last = self._search(state, turn, searcher)
        return self.last.move

    def _searcher(self, state: DiverciteState) -> Searcher:
        return Searcher(state, pvs=self.pvs, reduce=self.reduce if self.pvs else 0, cost=self.cost)

    def _search(
        self, state: DiverciteState, turn: Turn, searcher: Searcher | None = None
    ) -> SearchResult:
        """The configured search; a turn's time budget (a clock) always caps it."""
        seconds = self.seconds
        if turn.time_budget is not None:
            cap = turn.time_budget * 0.9
            seconds = cap if seconds is None else min(seconds, cap)
        left = state.placements_left()
        budget = self.nodes
        if self.early and left > EARLY_LEFT:
            budget = self.early
        elif self.end and left <= self.outcome:
            budget = self.end
        return choose_move(
            state,
            seconds=seconds,
            max_depth=self.depth,
            solve=self.solve,
            rng=self.rng,
            max_nodes=budget,
            searcher=searcher,
            outcome=self.outcome,
            partial=self.pvs,
        )

    def analyse(self, turn: Turn, k: int = 3, include: Sequence[int] = ()) -> list[Candidate]:
        """The best moves, each valued by a full-window search, best value first.

        The root search only proves the best move best (the others get upper
        bounds), so a shortlist (the pick, the best immediate gains, ``include``) is
        searched again with an open window to the same depth: its values are the
        expected final score differences. Spread is how much the value moved from
        one ply shallower (0 when the search reaches the end of the game).
        """
        state = self.game.sample_state(turn.observation, self.player, self.rng)
        if not isinstance(state, DiverciteState):
            raise TypeError("the alphabeta agent plays Divercité only")
        legal = list(turn.legal_actions)
        searcher = self._searcher(state)
        pick = self._search(state, turn, searcher)
        self.last = pick
        # The shortlist is valued with the pick's table (its bounds stay true), with
        # no budget: a hint's values are full-window searches to the pick's depth.
        searcher.set_budget(deadline=None, max_nodes=None)
        depth = max(1, pick.depth)
        exact = depth >= searcher.plies_to_end()
        shortlist = [pick.move] + [a for _, a in sorted(state.scored_moves(), reverse=True)]
        shortlist += [a for a in include if a in legal]
        seen = list(dict.fromkeys(shortlist[: 2 * k + 1]))
        seen += [a for a in include if a in legal and a not in seen]
        valued = {a: self._value(searcher, a, depth, exact) for a in seen}
        # Best value first (the pick first among equals). With a node budget the pick comes
        # from the last complete iteration while the table holds the cut-short deeper one's
        # bounds, so another shortlisted move may be valued higher: a hint must never show
        # its "best" move below the next ones, so the values decide the order.
        ranked = sorted(seen, key=lambda a: (-valued[a][0], a != pick.move))
        order = ranked[: max(1, k)]
        order += [a for a in include if a in valued and a not in order]
        unit = "points ahead at the end"
        # A deterministic search: its values have no confidence interval to show (the
        # depth-to-depth change is kept as ``spread`` for the lab, never as "±").
        return [Candidate(a, *valued[a], move_reason(state, a), unit, False) for a in order]

    @staticmethod
    def _value(searcher: Searcher, action: int, depth: int, exact: bool) -> tuple[float, float]:
        """(value, spread) of one root move for the mover: full window at ``depth`` and
        ``depth - 1``; the difference between the two is the spread unless exact."""
        s = searcher.state
        p = s.first_player ^ (s.ply & 1)
        h = position_hash(s) ^ ZOBRIST[p][action]
        values = []
        for d in (depth, depth - 1) if depth > 1 and not exact else (depth,):
            s.make(action)
            try:
                values.append(-searcher.negamax(d - 1, -_INF, _INF, h) / SCALE)
            finally:
                s.unmake(action)
        spread = abs(values[0] - values[1]) if len(values) > 1 else 0.0
        return values[0], spread


def make_alphabeta(
    game: Game,
    player: int,
    seed: int,
    params: dict[str, str],
    *,
    seconds: float,
    solve: int,
    nodes: int = 0,
    depth: int = 0,
    keep: int = 0,
    outcome: int = 0,
    pvs: int = 0,
    reduce: int = 0,
    early: int = 0,
    cost: int = 0,
    end: int = 0,
) -> AlphaBetaAgent:
    """The agent with level defaults overridden by ``time=``, ``depth=``, ``solve=``,
    ``nodes=`` (0 = no such limit; ``time=0`` = no clock of its own) and ``keep=``
    (1 = keep the transposition table from move to move), ``outcome=`` (placements left
    at which to solve win/draw/loss first; 0 = never), ``cost=`` (a work-weighted budget:
    ``nodes=`` then counts work units, ``Searcher.cost``), ``end=`` (the budget with
    ``outcome`` or fewer placements left; 0 = ``nodes``)."""
    defaults = {
        "time": seconds,
        "depth": depth,
        "solve": solve,
        "nodes": nodes,
        "keep": keep,
        "outcome": outcome,
        "pvs": pvs,
        "reduce": reduce,
        "early": early,
        "cost": cost,
        "end": end,
    }
    p = agent_params("alphabeta", params, defaults)
    t, d, s, n = float(p["time"]), int(p["depth"]), int(p["solve"]), int(p["nodes"])
    if t == 0 and d == 0 and n == 0:
        raise UnknownNameError("alphabeta: give a time, a depth or a node budget")
    return AlphaBetaAgent(
        game,
        player,
        seed,
        seconds=t or None,
        depth=d or None,
        solve=s,
        nodes=n or None,
        keep=bool(p["keep"]),
        outcome=int(p["outcome"]),
        pvs=bool(int(p["pvs"])),
        reduce=int(p["reduce"]),
        early=int(p["early"]),
        cost=int(p["cost"]),
        end=int(p["end"]),
    )


def _factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    return make_alphabeta(game, player, seed, params, seconds=1.0, solve=8)


register_agent(
    "alphabeta",
    _factory,
    "iterative deepening alpha-beta + TT, exact end-game (params time=, depth=, solve=)",
    game="divercite",
)
