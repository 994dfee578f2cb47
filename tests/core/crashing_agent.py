"""An agent with a bug, named by module path (``tests.core.crashing_agent:Crashes``) so that
worker processes and Ray tasks can build it: how a failing game is reported."""

from __future__ import annotations

from solotable.core.agent import Agent, Turn


class Crashes(Agent):
    """Plays its first legal move, and fails on its third move of a game."""

    name = "crashes"

    def __init__(self, game, player, seed=0):
        super().__init__(game, player, seed)
        self.moves = 0

    def act(self, turn: Turn) -> int:
        self.moves += 1
        if self.moves == 3:
            raise ZeroDivisionError("a bug in an agent")
        return turn.legal_actions[0]
