"""Which moves cannot be taken back, known before the click (issue 22, t-reveal).

Undo stops at a chance outcome the viewer saw (``Session.undo``); a page should say so
before the player commits, not after. This plays each legal move on a clone, up to the
player's next real decision, with the session's own rule for what counts as revealed
(``sessionparts.chance_visibility``), so the answer and the later undo agree.

The moves are played on a state sampled from the viewer's observation, never on the true
one: which moves a page asks about must not depend on a hidden card (the twins tests in
``tests/web`` compare whole responses across hidden deals).
"""

from __future__ import annotations

from collections.abc import Callable

from solotable.core.game import State
from solotable.core.players import CHANCE
from solotable.core.rng import Rng
from solotable.session.parts import chance_visibility

SAMPLE_SEED = 22
"""The sampled deal's seed: fixed, so the same observation always gets the same answer."""
MAX_STEPS = 64
"""Steps followed after a move before giving up (a move that is still resolving then is
treated as reversible: the page would only ask once too few)."""


def irreversible_actions(state: State, viewer: int, human: Callable[[int], bool]) -> frozenset[int]:
    """The legal actions after which undo would be refused: a draw the viewer sees, or the
    game's end, comes before the next decision that is not forced. Games without chance
    have nothing to reveal; their last move is not asked about (the end screen follows)."""
    if not state.game.info.has_chance or state.is_terminal():
        return frozenset()
    state = state.game.sample_state(state.observation(viewer), viewer, Rng(SAMPLE_SEED))
    out = set()
    for a in state.legal_actions():
        s = state.clone()
        s.apply_legal_action(a)
        if _stops_undo(s, viewer, human):
            out.add(a)
    return frozenset(out)


def _stops_undo(s: State, viewer: int, human: Callable[[int], bool]) -> bool:
    for _ in range(MAX_STEPS):
        if s.is_terminal():
            return True
        p = s.current_player()
        if p == CHANCE:
            outcome = s.sample_chance()
            if chance_visibility(s, outcome, viewer)[1]:
                return True
            s.apply_legal_action(outcome)
        elif human(p) and len(s.legal_actions()) == 1:
            s.apply_legal_action(s.legal_actions()[0])
        else:
            return False
    return False
