"""The draw pile: draws into hand and reshuffles (spec §9 A8).

Decks are count vectors over card types: a draw is a chance node weighted
by the counts, a reshuffle moves the discard counts back into the pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.fifty_first_state.table import T_RESHUFFLES

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


def draw_into_hand(s: FiftyFirstStateState, t: int) -> None:
    """A pending draw (income, a card reward, 2 workers for a card) gives ``t``."""
    s.pile[t] -= 1
    s.pile_n -= 1
    s.hand[t] += 1
    s.pending_draws -= 1


def reshuffle_discard(s: FiftyFirstStateState) -> bool:
    """Spec §9 A8: a draw that finds the pile empty shuffles the discard into a new pile.

    Returns False when the discard is empty too: the draw is then lost.
    """
    discard = s.discard
    moved = sum(discard)
    if not moved:
        return False
    pile = s.pile
    for i, c in enumerate(discard):
        pile[i] += c
        discard[i] = 0
    s.pile_n += moved
    s.tally[T_RESHUFFLES] += 1
    return True
