"""A rollout evaluator for OpenSpiel's MCTS and IS-MCTS bots that plays on solotable's API.

OpenSpiel's ``mcts.RandomRolloutEvaluator`` plays each rollout through the Python-game
bridge (every ``legal_actions``, ``chance_outcomes`` and ``apply_action`` crosses from C++ to
Python and back, and NumPy draws each move): about 100 µs per action on these games. This one
does the same thing, uniform random legal moves and chance outcomes drawn with their
probabilities until the end, on the solotable state under the OpenSpiel state, at the raw
API's speed (four to five times faster). The search itself stays OpenSpiel's.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from open_spiel.python.algorithms import mcts

from solotable.core.rng import Rng
from solotable.openspiel.state import SolotableSpielState, spiel_returns


class SolotableRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Random rollouts on the solotable state: ``evaluate`` is the mean of
    ``n_rollouts`` final returns (OpenSpiel's convention), ``prior`` is uniform."""

    def __init__(self, n_rollouts: int = 1, seed: int = 0) -> None:
        if n_rollouts < 1:
            raise ValueError(f"n_rollouts must be at least 1, got {n_rollouts}")
        self.n_rollouts = n_rollouts
        self.rng = Rng(seed)
        self.rollouts = 0
        """Rollouts played so far (tests count work, never time)."""

    def evaluate(self, state: SolotableSpielState) -> npt.NDArray[np.float64]:
        total = np.zeros(state.inner.game.num_players())
        for _ in range(self.n_rollouts):
            inner = state.inner.clone()
            while not inner.is_terminal():
                if inner.is_chance_node():
                    outcomes = inner.chance_outcomes()
                    pick = self.rng.weighted_index([p for _, p in outcomes])
                    inner.apply_legal_action(outcomes[pick][0])
                else:
                    inner.apply_legal_action(self.rng.choice(inner.legal_actions()))
            total += spiel_returns(inner)
            self.rollouts += 1
        return total / self.n_rollouts

    def prior(self, state: SolotableSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return [(a, p) for a, p in state.chance_outcomes()]
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


__all__ = ["SolotableRolloutEvaluator"]
