"""Helpers for OpenSpiel's search bots on solotable games: a fast rollout evaluator and a
seeded resampler.

**The evaluator.** OpenSpiel's ``mcts.RandomRolloutEvaluator`` plays each rollout through
the Python-game bridge (every ``legal_actions``, ``chance_outcomes`` and ``apply_action``
crosses from C++ to Python and back, and NumPy draws each move): about 100 µs per action on
these games. This one does the same thing, uniform random legal moves and chance outcomes
drawn with their probabilities until the end, on the solotable state under the OpenSpiel
state, at the raw API's speed (four to five times faster). The search itself stays OpenSpiel's.

**The resampler.** OpenSpiel's Python ``ISMCTSBot`` resamples with a new
``pyspiel.UniformProbabilitySampler(0, 1)`` at every simulation, whose seed comes from the
system: the same bot seed does not give the same search twice. ``bot.set_resampler(
seeded_resampler(seed))`` makes it reproducible::

    from open_spiel.python.algorithms import ismcts
    bot = ismcts.ISMCTSBot(game, SolotableRolloutEvaluator(seed=1), 2.0, 100,
                           random_state=np.random.RandomState(1))
    bot.set_resampler(seeded_resampler(1))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel
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


def seeded_resampler(seed: int) -> Callable[[Any, int], Any]:
    """A resampler for ``ISMCTSBot.set_resampler``: ``resample_from_infostate`` with one
    probability sampler seeded once, so a search is the same every time."""
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)

    def resample(state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, sampler)

    return resample


__all__ = ["SolotableRolloutEvaluator", "seeded_resampler"]
