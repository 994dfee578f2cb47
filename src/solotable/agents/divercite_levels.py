"""Named strength levels for Divercité: ``easy``, ``medium``, ``hard``.

They map to an agent and a thinking budget so players need not know the
parameters: easy = greedy (one-ply), medium = alpha-beta with 0.2 s per move
and an exact solve of the last 8 placements, hard = alpha-beta with 1 s per
move and an exact solve of the last 10 placements. Parameters given to a level
(``hard:time=3``) are passed to its agent.
"""

from __future__ import annotations

from solotable.agents.divercite_alphabeta import make_alphabeta
from solotable.agents.divercite_greedy import GreedyAgent
from solotable.core.agent import Agent, agent_params
from solotable.core.game import Game
from solotable.core.registry import register_agent

LEVELS = {
    "easy": "greedy",
    "medium": "alphabeta time=0.2 solve=8",
    "hard": "alphabeta time=1.0 solve=10",
}


def _easy(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    agent_params("easy", params, {})
    agent = GreedyAgent(game, player, seed)
    agent.name = "easy"
    return agent


def _medium(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    agent = make_alphabeta(game, player, seed, params, seconds=0.2, solve=8)
    agent.name = "medium"
    return agent


def _hard(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    agent = make_alphabeta(game, player, seed, params, seconds=1.0, solve=10)
    agent.name = "hard"
    return agent


register_agent("easy", _easy, "level: greedy (best immediate score)", game="divercite")
register_agent("medium", _medium, "level: alpha-beta, 0.2 s per move", game="divercite")
register_agent("hard", _hard, "level: alpha-beta, 1 s per move, deeper end-game", game="divercite")
