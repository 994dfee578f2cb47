"""Setup: the faction and the virtual opponent's starting deck (seed: Mise en place)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.fifty_first_state.rules.cleanup import start_round
from solotable.games.fifty_first_state.rules.deck import return_to_pile, take_from_pile
from solotable.games.fifty_first_state.table import OPPONENT_START, SETUP, START_HAND

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


def pick_faction(s: FiftyFirstStateState, f: int) -> None:
    """Spec §4.1: with the 'random' option a chance node deals the faction board."""
    s.faction = f
    s.phase = SETUP


def opponent_deck_setup(s: FiftyFirstStateState, t: int) -> None:
    """Seed: Mise en place — reveal cards until three open-production ones.

    Those three form the opponent's face-down deck; the others are set aside
    and shuffled back into the draw pile; then four cards go to the hand and
    round 1 begins.
    """
    take_from_pile(s, t)
    if not s.cs.open[t]:
        s.aside[t] += 1
        return
    s.opp_deck[t] += 1
    s.opp_n += 1
    if s.opp_n == OPPONENT_START:
        return_to_pile(s, s.aside)
        s.pending_draws = START_HAND
        start_round(s)
