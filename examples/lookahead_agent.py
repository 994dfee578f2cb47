"""A plug-in agent for any solotable game: one-step lookahead on the score.

For each legal action it deals ``samples`` full states consistent with what the player sees
(``game.sample_state``: hidden cards dealt at random, never the true ones), plays the action,
resolves any chance that follows, and keeps the action with the best mean score. It uses only
the core API, so it plays every game, and lives outside solotable:

    solotable simulate dice-miner --agents lookahead_agent:Lookahead:samples=4 --games 20

(run from this folder, or with it on PYTHONPATH; docs/agents.md explains each part).
"""

from __future__ import annotations

from typing import ClassVar

from solotable.core import Agent, Game, Rng, Turn


class Lookahead(Agent):
    """Best mean score one action ahead, over a few sampled deals."""

    name = "lookahead"
    param_defaults: ClassVar = {"samples": 2}  # `:samples=8` on the command line; typed from it

    def __init__(self, game: Game, player: int, seed: int = 0, samples: int = 2) -> None:
        super().__init__(game, player, seed)
        self.samples = samples
        self.rng = Rng(seed)  # the agent's own randomness, never the game's

    def act(self, turn: Turn) -> int:
        if len(turn.legal_actions) == 1:
            return turn.legal_actions[0]
        best, best_value = turn.legal_actions[0], float("-inf")
        for action in turn.legal_actions:
            value = 0.0
            for _ in range(self.samples):
                state = self.game.sample_state(turn.observation, self.player, self.rng)
                state.apply_action(action)
                while state.is_chance_node():  # see what the action leads to
                    state.apply_action(state.sample_chance())
                value += state.scores()[self.player]
            if value > best_value:
                best, best_value = action, value
        return best
