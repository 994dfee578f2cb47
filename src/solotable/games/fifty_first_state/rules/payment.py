"""Costs and rewards (spec §3.1): ammo stands in for a basic good, a universal
contact for a contact of any colour, never the reverse.

Payment order is fixed by the engine (assumption ``payment.order``): goods in
the supply, then the stand-in in the supply, then goods stored on cards, then
stored stand-ins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from solotable.games.fifty_first_state.goods import (
    AMMO,
    CARD,
    GREY,
    NUM_GOODS,
    RED,
    UNIVERSAL,
    VP,
    Vector,
)

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


def can_pay(s: FiftyFirstStateState, cost: Vector) -> bool:
    """Whether ``cost`` is payable from the supply and stored goods (spec §3.1)."""
    return affordable(totals(s), cost)


def affordable(tot: list[int], cost: Vector) -> bool:
    """Whether ``cost`` is payable from ``tot``, each good in the supply plus on cards.

    The move list totals the goods once and asks this for every cost it offers.
    """
    ammo_short = 0
    univ_short = 0
    for good, n in cost:
        have = tot[good]
        if have >= n:
            continue
        if good < AMMO:
            ammo_short += n - have
        elif GREY <= good <= RED:
            univ_short += n - have
        else:
            return False
    if ammo_short:
        need = ammo_short + sum(n for good, n in cost if good == AMMO)
        if tot[AMMO] < need:
            return False
    if univ_short:
        need = univ_short + sum(n for good, n in cost if good == UNIVERSAL)
        if tot[UNIVERSAL] < need:
            return False
    return True


NO_GOOD: Final = NUM_GOODS
"""Index of a zero appended to the totals (``totals``): the stand-in of a good that has none."""

CostTerms = tuple[int, int, int, int, int, int]
"""A cost as two independent terms ``(good, stand_in, n) * 2``: payable when
``tot[good] + tot[stand_in] >= n`` for both, ``tot`` from ``totals``."""

ALWAYS: Final = (NO_GOOD, NO_GOOD, 0)


def totals(s: FiftyFirstStateState) -> list[int]:
    """Each good in the supply plus stored on cards, then a zero (index ``NO_GOOD``).

    Written out good by good: the move list asks for it at every decision, and the
    eleven additions in place are twice as fast as ``map`` when interpreted and
    native integer additions when compiled (``solotable.accel``).
    """
    g = s.goods
    t = s.st
    return [
        g[0] + t[0],
        g[1] + t[1],
        g[2] + t[2],
        g[3] + t[3],
        g[4] + t[4],
        g[5] + t[5],
        g[6] + t[6],
        g[7] + t[7],
        g[8] + t[8],
        g[9] + t[9],
        g[10] + t[10],
        0,
    ]


assert NUM_GOODS == 11, "totals() writes the goods out one by one"


def cost_terms(cost: Vector) -> CostTerms | None:
    """``affordable(tot, cost)`` as two comparisons, or None when it is not that simple.

    The move list checks the same printed costs (faction actions, action locations,
    connection cards) at every decision, without a call per check: a cost of one or
    two goods, each with its own stand-in (or none), is payable when each good plus
    its stand-in covers it; a missing term is one that always holds. Costs whose goods
    share a stand-in, or that name a stand-in, go through ``affordable``.
    """
    terms: list[tuple[int, int, int]] = []
    subs = set()
    for good, n in cost:
        sub = AMMO if good < AMMO else UNIVERSAL if GREY <= good <= RED else NO_GOOD
        if good in (AMMO, UNIVERSAL) or (sub != NO_GOOD and sub in subs) or len(terms) == 2:
            return None
        subs.add(sub)
        terms.append((good, sub, n))
    while len(terms) < 2:
        terms.append(ALWAYS)
    (g1, s1, n1), (g2, s2, n2) = terms
    return (g1, s1, n1, g2, s2, n2)


def payable(tot: list[int], cost: Vector, terms: CostTerms | None) -> bool:
    """``cost`` against ``totals``: by its terms when it has them, else ``affordable``."""
    if terms is None:
        return affordable(tot, cost)
    g1, s1, n1, g2, s2, n2 = terms
    return tot[g1] + tot[s1] >= n1 and tot[g2] + tot[s2] >= n2


def pay(s: FiftyFirstStateState, cost: Vector) -> None:
    """Spend a payable cost: supply first, then ammo/universal, then stored goods."""
    g = s.goods
    for good, n in cost:
        have = g[good]
        if have >= n:
            g[good] = have - n
            continue
        g[good] = 0
        n -= have
        sub = AMMO if good < AMMO else UNIVERSAL if GREY <= good <= RED else -1
        if sub >= 0:
            take = min(g[sub], n)
            g[sub] -= take
            n -= take
        if n:
            n = take_stored(s, good, n)
        if n and sub >= 0:
            n = take_stored(s, sub, n)
        if n:
            raise AssertionError("pay() called with an unaffordable cost")


def pay_exact(s: FiftyFirstStateState, good: int, n: int) -> None:
    """Spend ``n`` of exactly ``good``: supply first, then goods stored on cards.

    A good named in a choice cost pays as itself (spec §6.2, Corner Shop):
    "use X fuel" must not spend ammo, which is "use X ammo".
    """
    g = s.goods
    take = min(g[good], n)
    g[good] -= take
    if take_stored(s, good, n - take):
        raise AssertionError("pay_exact() called with an unaffordable cost")


def take_stored(s: FiftyFirstStateState, good: int, n: int) -> int:
    """Take up to ``n`` of ``good`` off storage cards; returns what is still owed."""
    for loc in s.locs:
        stored = loc.stored
        if n and stored[good]:
            take = min(stored[good], n)
            stored[good] -= take
            s.st[good] -= take
            n -= take
    return n


def gain(s: FiftyFirstStateState, vec: Vector, times: int = 1) -> None:
    """Receive a reward: VP go to the score, a card is a pending draw, goods to the supply."""
    g = s.goods
    for good, n in vec:
        if good == VP:
            s.vp += n * times
        elif good == CARD:
            s.pending_draws += n * times
        else:
            g[good] += n * times


def plus(cost: Vector, extra: tuple[int, int]) -> Vector:
    """``cost`` with one more good added (a choice cost made concrete)."""
    good, n = extra
    out = dict(cost)
    out[good] = out.get(good, 0) + n
    return tuple(sorted(out.items()))
