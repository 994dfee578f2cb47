"""Playing a sampled state to the end with a policy: the rollout the searches share.

``pimc`` and ``ismcts`` value a move by finishing sampled games with the rule-based
player; both must play those games the same way (chance from the state's own
generator, a forced move played without asking the policy) for their values to be
comparable, so the loop lives here once.
"""

from __future__ import annotations

from collections.abc import Callable

from solotable.core.game import State
from solotable.core.players import CHANCE

Choose = Callable[[State, int, list[int]], int]
"""``choose(state, mover, legal)``: the policy's action (one of ``legal``)."""


def play_out(state: State, choose: Choose, max_steps: int) -> None:
    """Play ``state`` to the end (or ``max_steps`` steps): chance sampled, a single
    legal move played, any other decision left to ``choose``."""
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        steps += 1
        mover = state.current_player()
        if mover == CHANCE:
            state.apply_legal_action(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_legal_action(legal[0])
            continue
        state.apply_legal_action(choose(state, mover, legal))
