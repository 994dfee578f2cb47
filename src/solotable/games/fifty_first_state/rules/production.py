"""Production (spec §3.3, §3.5; seed: Les phases restantes — unchanged in solo)."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, NamedTuple

from solotable.games.fifty_first_state.cards import E_KEEP, E_PER_ICON, E_PRODUCE, PRODUCTION
from solotable.games.fifty_first_state.goods import Vector
from solotable.games.fifty_first_state.rules.payment import gain
from solotable.games.fifty_first_state.table import ACTIONS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from solotable.games.fifty_first_state.cards import CardSet
    from solotable.games.fifty_first_state.factions import FactionSet
    from solotable.games.fifty_first_state.state import FiftyFirstStateState
    from solotable.games.fifty_first_state.table import Location, OpponentCard


def production_phase(s: FiftyFirstStateState) -> None:
    """Spec §3.3 Production, after the opponent's reveal; the Actions phase follows.

    The faction gives its income and its own good (spec §3.5, §9 A5), each deal
    its reward once per copy, each production location its goods, and goods
    kept on storage cards through Cleanup come back to the supply (spec §6.2).
    A built Pub's card arrives through its ``card`` reward (seed: Pub rattachement).
    """
    cs = s.cs
    fac = s.game.factions
    gain(s, fac.income)
    s.goods[fac.factions[s.faction].good] += 1
    deals = s.deals
    for t in compress(range(len(deals)), deals):
        gain(s, cs.deal[t], deals[t])
    kind = cs.kind
    effect = cs.effect
    goods = s.goods
    st = s.st
    for loc in s.locs:
        t = loc.card
        if kind[t] == PRODUCTION:
            produce(s, t, s.locs)
        elif effect[t] == E_KEEP:
            stored = loc.stored
            for i, n in enumerate(stored):
                if n:
                    goods[i] += n
                    st[i] -= n
                    stored[i] = 0
    s.phase = ACTIONS


def produce(
    s: FiftyFirstStateState, t: int, cards: Sequence[Location] | Sequence[OpponentCard]
) -> None:
    """One production location of type ``t`` produces (spec §3.3, §6.2).

    A per-type production counts the ``cards`` (the player's locations, or the
    opponent's cards for a worker sent there) carrying its icon
    itself included (assumption ``per_icon.counts_itself``), up to its maximum.
    """
    cs = s.cs
    e = cs.effect[t]
    if e == E_PRODUCE:
        gain(s, cs.prod_gain[t])
    elif e == E_PER_ICON:
        good, m, mx = cs.per_icon[t]
        mask = cs.icon_mask
        k = sum(1 for c in cards if mask[c.card] & m)
        s.goods[good] += min(k, mx)


class Source(NamedTuple):
    """One source of Production: the faction, a deal (``copies`` of it) or a location."""

    kind: str
    """``faction``, ``deal`` or ``location``."""
    id: str
    """The faction's id or the card's id."""
    name: str
    """Its name in the data file."""
    copies: int
    gains: dict[int, int]
    """Good index → amount."""


def production_sources(
    cs: CardSet,
    fset: FactionSet,
    faction: int,
    deals: Sequence[int],
    locations: Sequence[int],
) -> list[Source]:
    """What each source gives at Production with this tableau, in phase order.

    The same sources :func:`production_phase` pays (faction income and good,
    each deal, each production location; goods kept on storage cards are
    returned, not produced, so they are not listed). It reads only public facts
    (the faction, the deal counts per card type, the card types of the locations), so
    the Production event computes it from the observation; a test checks that it adds
    up to what Production actually pays.
    """
    out: list[Source] = []
    if faction >= 0:
        fac = fset.factions[faction]
        own: dict[int, int] = dict(fset.income)
        own[fac.good] = own.get(fac.good, 0) + 1
        out.append(Source("faction", fac.id, fac.name, 1, own))
    for t, c in enumerate(deals):
        if c:
            out.append(Source("deal", cs.ids[t], cs.names[t], c, _times(cs.deal[t], c)))
    mask = cs.icon_mask
    for t in locations:
        if cs.kind[t] != PRODUCTION:
            continue
        if cs.effect[t] == E_PRODUCE:
            out.append(Source("location", cs.ids[t], cs.names[t], 1, _times(cs.prod_gain[t], 1)))
        elif cs.effect[t] == E_PER_ICON:
            good, m, mx = cs.per_icon[t]
            k = min(sum(1 for u in locations if mask[u] & m), mx)
            if k:
                out.append(Source("location", cs.ids[t], cs.names[t], 1, {good: k}))
    return out


def _times(vec: Vector, n: int) -> dict[int, int]:
    return {g: k * n for g, k in vec}
