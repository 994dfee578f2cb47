"""What the Actions phase allows now (spec §3.4): the sorted list of legal action ids.

This is the hot path of playouts and search (about a third of a random game's
time), so it is written for speed: the goods are totalled once (supply plus
goods stored on cards), the hand is listed once, and each kind of move is
appended in id order (``actions.Layout`` numbers the kinds in the order they
are listed here), so the list comes out sorted without a sort. Each test is
the rule's own: ``rules/actions.py`` carries the moves out and checks one id
at a time (``action_is_legal``), and the conformance tests check every id of
the space against this list.
"""

from __future__ import annotations

from itertools import compress
from operator import add
from typing import TYPE_CHECKING

from solotable.games.fifty_first_state.actions import PASS_ID
from solotable.games.fifty_first_state.cards import E_ACTION
from solotable.games.fifty_first_state.goods import (
    AMMO,
    BLUE,
    BRICK,
    DEVELOPMENT,
    GREY,
    RED,
    UNIVERSAL,
    WORKER,
)
from solotable.games.fifty_first_state.rules.payment import CostCheck, cost_check, plus

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.actions import Layout
    from solotable.games.fifty_first_state.cards import CardSet
    from solotable.games.fifty_first_state.factions import FactionSet
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


class MoveTables:
    """Per-card-set facts the move list reads, computed once per game.

    Costs are ``cost_check`` functions (``rules/payment.py``): per faction its
    three actions' costs, per action location its printed cost and, for one
    paid with a good of the player's choice, that cost plus each of the five
    goods; per connection card its cost. ``develop_ok[t][u]`` is the game's
    ``develop_compat`` as booleans: card ``t`` may replace location ``u`` paying brick.
    """

    __slots__ = (
        "any_checks",
        "card_types",
        "conn_checks",
        "develop_ok",
        "fac_cards",
        "fac_checks",
        "farthest",
        "hand_types",
        "is_action",
        "nearest",
        "use_base",
        "use_checks",
    )

    def __init__(
        self, cs: CardSet, L: Layout, factions: FactionSet, develop_compat: tuple[int, ...]
    ) -> None:
        self.hand_types = range(L.h)
        self.card_types = range(cs.n)
        self.nearest = min(cs.distance, default=0)
        self.farthest = max(cs.distance, default=0)
        self.develop_ok = tuple(
            tuple(bool(develop_compat[t] >> u & 1) for u in range(cs.n)) for t in range(cs.n)
        )
        self.is_action = tuple(e == E_ACTION for e in cs.effect)
        self.use_base = tuple(L.use(t) for t in range(cs.n))
        self.use_checks = tuple(cost_check(c) for c in cs.act_cost)
        self.any_checks: tuple[tuple[CostCheck, ...], ...] = tuple(
            tuple(cost_check(plus(cs.act_cost[t], (i, 1))) for i in range(5))
            if cs.act_any[t]
            else ()
            for t in range(cs.n)
        )
        self.conn_checks = tuple(cost_check(c) for c in cs.conn_cost)
        self.fac_checks = tuple(
            tuple(cost_check(c) for c in f.action_cost) for f in factions.factions
        )
        self.fac_cards = tuple(f.action_card for f in factions.factions)


def action_phase_moves(s: FiftyFirstStateState) -> list[int]:
    """Every legal action of the Actions phase, sorted (``pass`` always among them)."""
    tab: MoveTables = s.game.move_tables
    L = s.L
    n = L.n
    hand = s.hand
    tot = list(map(add, s.goods, s.st))
    held = list(compress(tab.hand_types, hand))
    k = len(held)
    while k and held[k - 1] >= n:
        k -= 1
    locs_held = held[:k] if k < len(held) else held
    out = [PASS_ID]
    used = s.fac_used
    if used != 7:
        fac = s.faction
        checks = tab.fac_checks[fac]
        cards = tab.fac_cards[fac]
        with_card = 0
        for a in (0, 1, 2):
            if used >> a & 1 or not checks[a](tot):
                continue
            if cards[a]:
                with_card |= 1 << a
            else:
                out.append(L.FAC + a)
        if with_card:
            for a in (0, 1, 2):
                if with_card >> a & 1:
                    base = L.FAC_CARD + a * L.h
                    for x in held:
                        out.append(base + x)
    workers = tot[WORKER]
    if workers >= 2:
        first = L.WORK
        out += (first, first + 1, first + 2, first + 3, first + 4)
        face_up = s.face_up
        if face_up[0] >= 0:
            out.append(L.TAKE)
        if face_up[1] >= 0:
            out.append(L.TAKE + 1)
    if locs_held:
        dist = s.cs.distance
        univ = tot[UNIVERSAL]
        grey = tot[GREY] + univ
        blue = tot[BLUE] + univ
        red = tot[RED] + univ
        # Mostly a colour has no contact at all (every card is at distance 1 or
        # more): its loop is skipped; with contacts for the farthest card, all go.
        near = tab.nearest
        if grey >= near:
            _reachable(out, L.BUILD, locs_held, dist, grey, tab.farthest)
        if blue >= near:
            _reachable(out, L.DEAL, locs_held, dist, blue, tab.farthest)
        if red >= near:
            _reachable(out, L.RAZE, locs_held, dist, red, tab.farthest)
    if k < len(held):
        first = L.PLAY - n
        conn_checks = tab.conn_checks
        for x in held[k:]:
            if conn_checks[x - n](tot):
                out.append(first + x)
    if workers >= 1 and s.opp:
        first = L.OPP
        for t in sorted({o.card for o in s.opp if not o.used}):
            out.append(first + t)
    locs = s.locs
    if locs_held and locs:
        have_dev = tot[DEVELOPMENT] > 0
        if have_dev or tot[BRICK] + tot[AMMO] > 0:
            loc_types = sorted({loc.card for loc in locs})
            if tot[BRICK] + tot[AMMO] > 0:
                develop_ok = tab.develop_ok
                for t in locs_held:
                    ok = develop_ok[t]
                    base = L.DEV + t * n
                    for u in loc_types:
                        if ok[u]:
                            out.append(base + u)
            if have_dev:
                for t in locs_held:
                    base = L.DEV + (n + t) * n
                    for u in loc_types:
                        out.append(base + u)
    is_action = tab.is_action
    usable = [loc.card for loc in locs if loc.uses > 0 and is_action[loc.card]]
    if usable:
        if len(usable) > 1:
            usable = sorted(set(usable))
        act_any = s.cs.act_any
        use_checks = tab.use_checks
        for t in usable:
            if act_any[t] or use_checks[t](tot):
                out += use_moves_from(s, tab, tot, t)
    return out


def _reachable(
    out: list[int], first: int, cards: list[int], dist: tuple[int, ...], have: int, far: int
) -> None:
    """Append ``first + t`` for each hand card ``t`` at distance ``have`` or less."""
    if have >= far:
        out += [first + t for t in cards]
        return
    for t in cards:
        if dist[t] <= have:
            out.append(first + t)


def use_moves_from(s: FiftyFirstStateState, tab: MoveTables, tot: list[int], t: int) -> list[int]:
    """The ways to use action location ``t`` now (spec §3.4, §6.2 choice costs).

    ``tot`` is each good in the supply plus stored on cards.
    """
    cs = s.cs
    base = tab.use_base[t]
    if cs.act_any[t]:
        # Only goods actually held are offered: paying "gun" with ammo would
        # duplicate "use X ammo".
        checks = tab.any_checks[t]
        return [base + 1 + i for i in range(5) if tot[i] > 0 and checks[i](tot)]
    if not tab.use_checks[t](tot):
        return []
    if cs.act_deal[t]:
        return [base + 6 + d for d in compress(tab.card_types, s.deals)]
    if cs.act_choice[t]:
        return [base + 1, base + 2, base + 3, base + 4]
    return [base]
