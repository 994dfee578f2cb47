"""Costs and rewards (spec §3.1): ammo stands in for a basic good, a universal
contact for a contact of any colour, never the reverse.

Payment order is fixed by the engine (assumption ``payment.order``): goods in
the supply, then the stand-in in the supply, then goods stored on cards, then
stored stand-ins.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from operator import add
from typing import TYPE_CHECKING

from solotable.games.fifty_first_state.goods import (
    AMMO,
    CARD,
    GREY,
    RED,
    UNIVERSAL,
    VP,
    Vector,
)

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


def can_pay(s: FiftyFirstStateState, cost: Vector) -> bool:
    """Whether ``cost`` is payable from the supply and stored goods (spec §3.1)."""
    return affordable(list(map(add, s.goods, s.st)), cost)


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


CostCheck = Callable[[list[int]], bool]
"""``affordable`` for one fixed cost: ``check(tot)``."""


def cost_check(cost: Vector) -> CostCheck:
    """``affordable(tot, cost)`` as a function of ``tot`` alone, for a cost known at load.

    The move list asks the same few printed costs (faction actions, action
    locations, connection cards) at every decision; a cost of one good is one
    comparison (the good, plus its stand-in when it has one), and a cost whose
    goods each have their own stand-in (or none) is all of those comparisons.
    Other costs (two basic goods sharing ammo, a cost naming a stand-in) go
    through ``affordable`` itself.
    """
    terms = []
    subs = set()
    for good, n in cost:
        sub = AMMO if good < AMMO else UNIVERSAL if GREY <= good <= RED else -1
        if good in (AMMO, UNIVERSAL) or (sub >= 0 and sub in subs):
            return partial(_check_general, cost)
        subs.add(sub)
        terms.append((good, sub, n))
    if not terms:
        return _free
    if len(terms) == 1:
        return _term(*terms[0])
    if len(terms) == 2:
        return _both(_term(*terms[0]), _term(*terms[1]))
    return partial(_check_general, cost)


def _check_general(cost: Vector, tot: list[int]) -> bool:
    return affordable(tot, cost)


def _free(tot: list[int]) -> bool:
    return True


def _term(good: int, sub: int, n: int) -> CostCheck:
    if sub < 0:
        return lambda tot: tot[good] >= n
    return lambda tot: tot[good] + tot[sub] >= n


def _both(a: CostCheck, b: CostCheck) -> CostCheck:
    return lambda tot: a(tot) and b(tot)


def pay(s: FiftyFirstStateState, cost: Vector) -> None:
    """Spend a payable cost: supply first, then ammo/universal, then stored goods."""
    g = s.goods
    for good, n in cost:
        take = min(g[good], n)
        g[good] -= take
        n -= take
        if not n:
            continue
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
