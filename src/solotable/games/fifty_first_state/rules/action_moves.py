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
    Vector,
)
from solotable.games.fifty_first_state.rules.payment import affordable, plus

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.actions import Layout
    from solotable.games.fifty_first_state.cards import CardSet
    from solotable.games.fifty_first_state.factions import FactionSet
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


class MoveTables:
    """Per-card-set facts the move list reads, computed once per game.

    ``any_costs[t]`` holds, for an action location paid with a good of the
    player's choice, its printed cost plus each of the five goods (what
    ``use_moves`` would otherwise build per call); ``develop_compat`` is the
    game's table of which card may replace which paying brick.
    """

    __slots__ = (
        "any_costs",
        "develop_compat",
        "fac_cards",
        "fac_costs",
        "hand_types",
        "is_action",
        "use_base",
    )

    def __init__(
        self, cs: CardSet, L: Layout, factions: FactionSet, develop_compat: tuple[int, ...]
    ) -> None:
        self.hand_types = range(L.h)
        self.develop_compat = develop_compat
        self.is_action = tuple(e == E_ACTION for e in cs.effect)
        self.use_base = tuple(L.use(t) for t in range(cs.n))
        self.any_costs: tuple[tuple[Vector, ...], ...] = tuple(
            tuple(plus(cs.act_cost[t], (i, 1)) for i in range(5)) if cs.act_any[t] else ()
            for t in range(cs.n)
        )
        self.fac_costs = tuple(f.action_cost for f in factions.factions)
        self.fac_cards = tuple(f.action_card for f in factions.factions)


def action_phase_moves(s: FiftyFirstStateState) -> list[int]:
    """Every legal action of the Actions phase, sorted (``pass`` always among them)."""
    tab: MoveTables = s.game.move_tables
    L = s.L
    cs = s.cs
    n = L.n
    hand = s.hand
    tot = list(map(add, s.goods, s.st))
    held = list(compress(tab.hand_types, hand))
    k = len(held)
    while k and held[k - 1] >= n:
        k -= 1
    locs_held = held[:k] if k < len(held) else held
    out = [PASS_ID]
    if s.fac_used != 7:
        fac = s.faction
        costs = tab.fac_costs[fac]
        cards = tab.fac_cards[fac]
        with_card = []
        for a in range(3):
            if s.fac_used >> a & 1 or not affordable(tot, costs[a]):
                continue
            if cards[a]:
                with_card.append(a)
            else:
                out.append(L.FAC + a)
        for a in with_card:
            base = L.FAC_CARD + a * L.h
            out += [base + x for x in held]
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
        dist = cs.distance
        univ = tot[UNIVERSAL]
        grey = tot[GREY] + univ
        blue = tot[BLUE] + univ
        red = tot[RED] + univ
        first = L.BUILD
        out += [first + t for t in locs_held if dist[t] <= grey]
        first = L.DEAL
        out += [first + t for t in locs_held if dist[t] <= blue]
        first = L.RAZE
        out += [first + t for t in locs_held if dist[t] <= red]
    if k < len(held):
        first = L.PLAY
        conn_cost = cs.conn_cost
        out += [first + c for c in (x - n for x in held[k:]) if affordable(tot, conn_cost[c])]
    if workers >= 1 and s.opp:
        first = L.OPP
        out += [first + t for t in sorted({o.card for o in s.opp if not o.used})]
    locs = s.locs
    if locs_held and locs:
        have_dev = tot[DEVELOPMENT] > 0
        have_brick = tot[BRICK] + tot[AMMO] > 0
        if have_brick or have_dev:
            loc_types = sorted({loc.card for loc in locs})
            if have_brick:
                compat = tab.develop_compat
                for t in locs_held:
                    ct = compat[t]
                    base = L.DEV + t * n
                    out += [base + u for u in loc_types if ct >> u & 1]
            if have_dev:
                for t in locs_held:
                    base = L.DEV + (n + t) * n
                    out += [base + u for u in loc_types]
    is_action = tab.is_action
    usable = {loc.card for loc in locs if loc.uses > 0 and is_action[loc.card]}
    if usable:
        for t in sorted(usable) if len(usable) > 1 else usable:
            out += use_moves_from(s, tab, tot, t)
    return out


def use_moves_from(s: FiftyFirstStateState, tab: MoveTables, tot: list[int], t: int) -> list[int]:
    """The ways to use action location ``t`` now (spec §3.4, §6.2 choice costs).

    ``tot`` is each good in the supply plus stored on cards.
    """
    cs = s.cs
    base = tab.use_base[t]
    if cs.act_any[t]:
        # Only goods actually held are offered: paying "gun" with ammo would
        # duplicate "use X ammo".
        costs = tab.any_costs[t]
        return [base + 1 + i for i in range(5) if tot[i] > 0 and affordable(tot, costs[i])]
    if not affordable(tot, cs.act_cost[t]):
        return []
    if cs.act_deal[t]:
        return [base + 6 + d for d, c in enumerate(s.deals) if c]
    if cs.act_choice[t]:
        return [base + 1, base + 2, base + 3, base + 4]
    return [base]
