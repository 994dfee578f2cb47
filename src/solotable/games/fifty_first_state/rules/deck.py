"""The draw pile: draws into hand and reshuffles (spec §9 A8).

Decks are count vectors over card types: a draw is a chance node weighted
by the counts, a reshuffle moves the discard counts back into the pile.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from itertools import compress, repeat
from operator import add
from typing import TYPE_CHECKING

from solotable.games.fifty_first_state.table import T_RESHUFFLES

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


def pile_cards(pile: list[int]) -> list[int]:
    """The draw pile as a sorted list of card types, each repeated by its count.

    Drawing the ``r``-th card of this list is drawing ``r`` over the running
    counts (what ``Rng.weighted_choice`` does), in one index instead of a scan.
    """
    out: list[int] = []
    for t, n in enumerate(pile):
        if n:
            out += [t] * n
    return out


def take_from_pile(s: FiftyFirstStateState, t: int) -> None:
    """Card ``t`` leaves the draw pile (every draw goes through here, or through
    ``draw_into_hand``, which has these lines inline).

    ``pile_cards`` is the pile's sampling list, built when a draw is first sampled
    and kept in step here; anything that puts cards back into the pile sets it to
    None instead (``reshuffle_discard``, setup). ``test_properties.py`` checks the
    list against the pile at every ply.
    """
    s.pile[t] -= 1
    s.pile_n -= 1
    cards = s.pile_cards
    if cards is not None:
        del cards[bisect_left(cards, t)]


def held_cards(hand: list[int]) -> list[int]:
    """The hand slots (location cards, then connection cards) holding a card, in order."""
    return list(compress(range(len(hand)), hand))


def add_to_hand(s: FiftyFirstStateState, h: int) -> None:
    """Hand slot ``h`` gets a card; ``held`` (the slots holding one) follows.

    Every card entering the hand goes through here (or ``draw_into_hand``), every
    card leaving it through ``remove_from_hand``: the move list reads ``held``
    instead of scanning the hand's slots at each decision.
    """
    hand = s.hand
    if not hand[h]:
        insort(s.held, h)
    hand[h] += 1


def remove_from_hand(s: FiftyFirstStateState, h: int) -> None:
    """Hand slot ``h`` gives up a card (see ``add_to_hand``)."""
    hand = s.hand
    hand[h] -= 1
    if not hand[h]:
        s.held.remove(h)


def draw_into_hand(s: FiftyFirstStateState, t: int) -> None:
    """A pending draw (income, a card reward, 2 workers for a card) gives ``t``.

    The hot path of playouts: ``take_from_pile`` and ``add_to_hand`` written inline.
    """
    s.pile[t] -= 1
    s.pile_n -= 1
    cards = s.pile_cards
    if cards is not None:
        del cards[bisect_left(cards, t)]
    hand = s.hand
    if not hand[t]:
        insort(s.held, t)
    hand[t] += 1
    s.pending_draws -= 1


def reshuffle_discard(s: FiftyFirstStateState) -> bool:
    """Spec §9 A8: a draw that finds the pile empty shuffles the discard into a new pile.

    Returns False when the discard is empty too: the draw is then lost.
    """
    if not return_to_pile(s, s.discard):
        return False
    s.tally[T_RESHUFFLES] += 1
    return True


def return_to_pile(s: FiftyFirstStateState, cards: list[int]) -> int:
    """Every card counted in ``cards`` goes back into the draw pile (which is unordered,
    so that is its shuffle); ``cards`` is left empty. Returns how many moved.

    A reshuffle of the discard and the setup's cards set aside both come here. The
    counts move by C-level list operations, not a Python loop over the card types
    (60 of them, for a handful of cards). The sampling list no longer matches the
    pile: it is dropped, to be rebuilt at the next sampled draw.
    """
    moved = sum(cards)
    if moved:
        s.pile[:] = map(add, s.pile, cards)
        cards[:] = repeat(0, len(cards))
        s.pile_n += moved
        s.pile_cards = None
    return moved
