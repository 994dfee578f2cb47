"""Named strength levels for Divercité: ``easy`` < ``medium`` < ``hard`` < ``expert`` < ``master``.

Each level is an agent with a fixed budget, so that players need not know the
parameters, a seed always gives the same player (the ladder is reproducible)
and the think time is bounded whatever the machine's load:

* ``easy``: greedy (best immediate score difference) that plays a uniformly
  random move with probability ``EASY_NOISE``: beatable by a beginner who
  takes the points on offer and does not give any away;
* ``medium``, ``hard``, ``expert``: alpha-beta with a node budget per move
  (``LEVEL_NODES``); an end game with ``solve`` or fewer placements left may
  spend twice the budget to solve it exactly, so a bigger budget also solves
  earlier. A game clock, when there is one, still caps every search;
* ``master``: a budget in work units (``LEVEL_COST``: a node played costs more than
  a child valued from a table, so every move takes about the same CPU time), no extra
  solve budget, but from 10 placements left it first solves only win/draw/loss (far
  cheaper than the exact score, ``LEVEL_END``), it keeps its transposition table from
  move to move, and it searches with null windows and late move reductions
  (``LEVEL_REDUCE``), keeping a cut-short iteration's better move (docs/ladder.md).

The ladder (``bench/ladder.py``, docs/ladder.md) measures the levels against
each other. Parameters given to a level (``hard:nodes=50000``) go to its agent.
"""

from __future__ import annotations

from collections.abc import Callable

from solotable.agents.divercite.alphabeta import make_alphabeta
from solotable.agents.divercite.greedy import make_greedy
from solotable.core.agent import Agent
from solotable.core.game import Game
from solotable.core.registry import register_agent

EASY_NOISE = 0.3
"""easy's random-move rate, chosen from the ladder's calibration (docs/ladder.md)."""
LEVEL_NODES = {"medium": 600, "hard": 2_500, "expert": 10_000, "master": 90_000}
"""Search nodes per move (see ``bench/divercite_search.py`` for what a node is)."""
LEVEL_SOLVE = {"medium": 8, "hard": 10, "expert": 12, "master": 0}
"""Placements left at which each level starts its exact end-game solve."""

LEVEL_OUTCOME = {"master": 10}
"""Placements left at which a level first solves win/draw/loss (cheaper than the score)."""
LEVEL_KEEPS_TABLE = frozenset({"master"})
"""Levels whose search keeps its transposition table from one move to the next."""
LEVEL_REDUCE = {"master": 6}
"""Levels searching with null windows after each node's first move (``pvs=1``: a cut-short
iteration's better move is kept too), with late move reductions from this move index on."""
LEVEL_COST = {"master": 5}
"""Levels with a work-weighted budget (``Searcher.cost``): their ``LEVEL_NODES`` counts work
units, a node played costing this much more (plus a quarter of the placements left) than a
child valued from a table, so that the middle game's dearer nodes fit the same CPU time."""
LEVEL_END = {"master": 130_000}
"""Budgets from ``LEVEL_OUTCOME`` placements left on (the win/draw/loss solve), in the same
units: the end game's nodes cost the least CPU per unit (the ladder's slowest moves are the
late middle game's, docs/ladder.md)."""

LEVELS = {
    "easy": f"greedy noise={EASY_NOISE}",
    **{
        name: f"alphabeta nodes={LEVEL_NODES[name]} solve={LEVEL_SOLVE[name]}"
        + (f" outcome={LEVEL_OUTCOME[name]}" if name in LEVEL_OUTCOME else "")
        + (" keep=1" if name in LEVEL_KEEPS_TABLE else "")
        + (f" pvs=1 reduce={LEVEL_REDUCE[name]}" if name in LEVEL_REDUCE else "")
        + (f" cost={LEVEL_COST[name]}" if name in LEVEL_COST else "")
        + (f" end={LEVEL_END[name]}" if name in LEVEL_END else "")
        for name in LEVEL_NODES
    },
}
"""What each level is, in agent-spec words (shown by ``agents`` listings and docs)."""


def _easy(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    agent = make_greedy(game, player, seed, params, noise=EASY_NOISE)
    agent.name = "easy"
    return agent


def _searcher(name: str) -> Callable[[Game, int, int, dict[str, str]], Agent]:
    def factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
        agent = make_alphabeta(
            game,
            player,
            seed,
            params,
            seconds=0.0,
            solve=LEVEL_SOLVE[name],
            nodes=LEVEL_NODES[name],
            keep=int(name in LEVEL_KEEPS_TABLE),
            outcome=LEVEL_OUTCOME.get(name, 0),
            pvs=int(name in LEVEL_REDUCE),
            reduce=LEVEL_REDUCE.get(name, 0),
            cost=LEVEL_COST.get(name, 0),
            end=LEVEL_END.get(name, 0),
        )
        agent.name = name
        return agent

    return factory


register_agent("easy", _easy, f"level: greedy, {EASY_NOISE:.0%} random moves", game="divercite")
for _name, _what in (
    ("medium", "alpha-beta"),
    ("hard", "alpha-beta, deeper end-game solve"),
    ("expert", "alpha-beta, deeper search"),
    ("master", "alpha-beta, the deepest search, table kept between moves"),
):
    register_agent(
        _name,
        _searcher(_name),
        f"level: {_what}, {LEVEL_NODES[_name]:,} "
        + ("work units" if _name in LEVEL_COST else "nodes")
        + " per move",
        game="divercite",
    )
