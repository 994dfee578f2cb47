"""The solo Lookout (seed: La phase de pioche) and the connection cards (spec §3.3).

Each round the top blue and red connection cards are turned face up, then
the player gets exactly three cards: the first and the second may each be
refused once, and the card drawn after a refusal must be kept; the third is
kept unless a reroll source lets it go (seed: Changement des effets). Three
more cards follow: open-production ones join the opponent deck, the others
are discarded. The opponent then reveals a card (``rules/opponent.py``).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from solotable.games.fifty_first_state.rules.deck import add_to_hand, take_from_pile
from solotable.games.fifty_first_state.table import (
    FIRST_CARD,
    LK_DECIDE,
    LK_DRAW,
    LK_EXTRA,
    LOOKOUT_DONE,
    LOOKOUT_EXTRA,
    THIRD_CARD,
)

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


def connection_flip(s: FiftyFirstStateState, c: int) -> None:
    """Spec §3.3: connection card ``c`` is turned face up from the deck being flipped."""
    s.conn_pile[c] -= 1
    s.face_up[s.flip_idx] = c
    s.flip_idx += 1


def sample_flip(s: FiftyFirstStateState) -> int:
    """The connection card turned up now, drawn as the core's ``State.sample_chance``
    draws it from ``chance_outcomes`` (same weights, same floats, same generator call),
    without building the (action, probability) pairs.
    """
    pile = s.conn_pile
    # Loops, not comprehensions: each comprehension is a call of its own here.
    conns = []
    tot = 0
    for i in s.game.move_tables.conn_of_deck[s.flip_idx]:
        if pile[i]:
            conns.append(i)
            tot += pile[i]
    weights = []
    for i in conns:
        weights.append(pile[i] / tot)
    return conns[s.rng.weighted_index(weights)]


def refill_connection_deck(s: FiftyFirstStateState) -> bool:
    """Spec §9 A8 for connections: an empty deck takes back its discard.

    Returns False when that deck has no card anywhere: nothing is turned up.
    """
    conns = s.game.move_tables.conn_of_deck[s.flip_idx]
    pile = s.conn_pile
    for i in conns:
        if pile[i]:
            return True
    discard = s.conn_discard
    found = False
    for i in conns:
        c = discard[i]
        if c:
            pile[i] += c
            discard[i] = 0
            found = True
    return found


def begin_lookout(s: FiftyFirstStateState) -> None:
    """Start the three Lookout cards, counting this round's third-card rerolls.

    Seed: Changement des effets — each Pub deal (Pub coopération) and each
    built Ruined Library (Ancienne bibliothèque rattachement) lets the third
    card be refused once per round; they stack (assumption A7).
    """
    cs = s.cs
    built_reroll = cs.built_reroll
    rerolls = sum(compress(s.deals, cs.deal_reroll))
    for loc in s.locs:
        if built_reroll[loc.card]:
            rerolls += 1
    s.rerolls = rerolls
    s.lk_step = FIRST_CARD
    s.lk_refused = False
    s.phase = LK_DRAW


def lookout_draw(s: FiftyFirstStateState, t: int) -> None:
    """Seed: La phase de pioche — card ``t`` is drawn; kept at once when it is forced."""
    take_from_pile(s, t)
    if lookout_card_is_forced(s):
        add_to_hand(s, t)
        next_lookout_card(s)
    else:
        s.pending_card = t
        s.phase = LK_DECIDE


def lookout_card_is_forced(s: FiftyFirstStateState) -> bool:
    """Whether the card being drawn must be kept without a choice.

    The first and second cards are forced only after a refusal; the third is
    forced unless a reroll is left (``lookout_third_card``).
    """
    if s.lk_step < THIRD_CARD:
        return s.lk_refused
    return not lookout_third_card(s)


def lookout_third_card(s: FiftyFirstStateState) -> bool:
    """Seed: Pub coopération, Ancienne bibliothèque — may the third card be refused?

    Only with a reroll left this round; each refusal uses one, and the card
    drawn instead is again refusable while rerolls remain (assumption A7).
    """
    return s.rerolls > 0


def lookout_keep(s: FiftyFirstStateState) -> None:
    """Seed: La phase de pioche — the card is interesting: it goes to the hand."""
    add_to_hand(s, s.pending_card)
    s.pending_card = -1
    next_lookout_card(s)


def lookout_refuse(s: FiftyFirstStateState) -> None:
    """Seed: La phase de pioche — the card is discarded and another one drawn.

    On the first or second card the next one must be kept; on the third a
    reroll is spent (seed: Pub coopération).
    """
    s.discard[s.pending_card] += 1
    s.pending_card = -1
    if s.lk_step < THIRD_CARD:
        s.lk_refused = True
    else:
        s.rerolls -= 1
    s.phase = LK_DRAW


def next_lookout_card(s: FiftyFirstStateState) -> None:
    """On to the next of the three cards, or to the three extra ones after the third."""
    s.lk_step += 1
    s.lk_refused = False
    if s.lk_step >= LOOKOUT_DONE:
        s.extra_left = LOOKOUT_EXTRA
        s.phase = LK_EXTRA
    else:
        s.phase = LK_DRAW


def lookout_extra_draw(s: FiftyFirstStateState, t: int) -> None:
    """Seed: La phase de pioche — of three more cards, open-production ones are
    shuffled into the opponent deck and the others discarded."""
    take_from_pile(s, t)
    if s.cs.open[t]:
        s.opp_deck[t] += 1
        s.opp_n += 1
    else:
        s.discard[t] += 1
    s.extra_left -= 1
