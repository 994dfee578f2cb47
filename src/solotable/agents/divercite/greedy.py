"""Divercité greedy agent: the placement with the best immediate score difference.

It rebuilds the position from its observation (``game.sample_state``, exact for
this perfect-information game) and asks the state how many points each legal
placement would bring to itself minus its opponent. Ties are broken with the
agent's own seeded generator, so a seed gives a reproducible player.

``noise`` (``greedy:noise=0.3``) is the chance of a uniformly random legal move
instead, drawn from the same generator: the ``easy`` level is a greedy player
that sometimes overlooks the obvious, as a beginner does.
"""

from __future__ import annotations

from solotable.core.agent import Agent, Turn, agent_params
from solotable.core.errors import UnknownNameError
from solotable.core.game import Game
from solotable.core.registry import register_agent
from solotable.core.rng import Rng
from solotable.games.divercite import DiverciteState


class GreedyAgent(Agent):
    """One-ply lookahead on the score difference."""

    name = "greedy"

    def __init__(self, game: Game, player: int, seed: int = 0, noise: float = 0.0) -> None:
        super().__init__(game, player, seed)
        self.rng = Rng(seed)
        self.noise = noise

    def act(self, turn: Turn) -> int:
        legal = list(turn.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if self.noise > 0 and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        state = self.game.sample_state(turn.observation, self.player, self.rng)
        if not isinstance(state, DiverciteState):
            raise TypeError("the greedy agent plays Divercité only")
        best = -(10**9)
        ties: list[int] = []
        for a in legal:
            g = state.gain(a)
            if g > best:
                best = g
                ties = [a]
            elif g == best:
                ties.append(a)
        return self.rng.choice(ties)


def make_greedy(
    game: Game, player: int, seed: int, params: dict[str, str], *, noise: float = 0.0
) -> GreedyAgent:
    """The agent with its ``noise=`` default overridden (a probability, 0 to 1)."""
    p = agent_params("greedy", params, {"noise": noise})
    rate = float(p["noise"])
    if rate > 1:
        raise UnknownNameError("greedy: noise is a probability, from 0 to 1")
    return GreedyAgent(game, player, seed, noise=rate)


def _factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    return make_greedy(game, player, seed, params)


register_agent(
    "greedy",
    _factory,
    "best immediate score difference, random tie-break (param noise= random-move rate)",
    game="divercite",
)
