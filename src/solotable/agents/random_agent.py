"""Uniform random play: the baseline every game gets."""

from __future__ import annotations

from solotable.core.agent import Agent, Turn, agent_params
from solotable.core.game import Game
from solotable.core.registry import register_agent
from solotable.core.rng import Rng


class RandomAgent(Agent):
    """Picks a legal action uniformly with its own seeded generator."""

    name = "random"

    def __init__(self, game: Game, player: int, seed: int = 0) -> None:
        super().__init__(game, player, seed)
        self.rng = Rng(seed)

    def act(self, turn: Turn) -> int:
        return self.rng.choice(turn.legal_actions)


def _factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    agent_params("random", params, {})  # it takes none: ``random:x=1`` is a mistake
    return RandomAgent(game, player, seed)


register_agent("random", _factory, "uniformly random legal moves")
