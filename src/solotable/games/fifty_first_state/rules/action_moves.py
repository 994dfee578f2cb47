"""What the Actions phase allows now (spec §3.4): the sorted list of legal action ids.

This is the hot path of playouts and search (about a third of a random game's
time), so it is written for speed: the goods are totalled once (supply plus
goods stored on cards), the hand's occupied slots (``held``) and the opponent's
unused cards (``opp_free``) are kept by the rules as they change, what depends
only on the locations and the hand is kept between decisions (``MoveCache``),
costs are checked inline, and each kind of move is appended in id order
(``actions.Layout`` numbers the kinds in the order they are listed here), so
the list comes out sorted without a sort. Each test is
the rule's own: ``rules/actions.py`` carries the moves out and checks one id
at a time (``action_is_legal``), and the conformance tests check every id of
the space against this list.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from typing import TYPE_CHECKING, Final

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
from solotable.games.fifty_first_state.rules.payment import (
    affordable,
    cost_terms,
    payable,
    plus,
    totals,
)
from solotable.games.fifty_first_state.table import BLUE_DECK, RED_DECK

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.actions import Layout
    from solotable.games.fifty_first_state.cards import CardSet
    from solotable.games.fifty_first_state.factions import FactionSet
    from solotable.games.fifty_first_state.state import FiftyFirstStateState
    from solotable.games.fifty_first_state.table import Location


class MoveTables:
    """Per-card-set facts the move list reads, computed once per game.

    Costs are kept with their ``cost_terms`` (``rules/payment.py``), so that a check
    is two comparisons, without a call: per faction its three actions' costs, per
    action location its printed cost and, for one paid with a good of the player's
    choice, that cost plus each of the five goods; per connection card its cost.
    ``fac_open[f][used]`` lists faction ``f``'s actions not in the ``used`` bits, each
    as ``(a, id, cost terms)``, the id -1 for an action that also costs a hand card
    (one id per card).
    ``develop_ok[t][u]`` is the game's ``develop_compat`` as booleans: card ``t``
    may replace location ``u`` paying brick. ``conn_of_deck`` lists the connection
    cards of each deck (``rules/lookout.py`` flips them). ``within[c][t]``: card ``t``
    is at distance ``c`` or less (``c`` contacts reach it).

    The ids the list is made of are made here once, per kind and card
    (``contact_moves``, ``play_ids``, ``opp_ids``, ``brick_rows[t][u]`` and
    ``token_rows[t][u]`` for developing ``t`` over ``u``, ``use_ids[t][p]``): an id
    is mostly above 256, and in CPython each ``first + t`` above 256 makes a new int
    object (allocated, then freed with the list), about a thousand a game; reading a
    stored one only counts a reference (−2.3% instructions a game).
    """

    __slots__ = (
        "any_costs",
        "any_terms",
        "brick_rows",
        "card_types",
        "conn_costs",
        "conn_of_deck",
        "conn_terms",
        "contact_moves",
        "develop_ok",
        "fac_costs",
        "fac_open",
        "farthest",
        "is_action",
        "nearest",
        "opp_ids",
        "play_ids",
        "token_rows",
        "use_base",
        "use_costs",
        "use_ids",
        "use_kind",
        "use_terms",
        "within",
        "work_ids",
    )

    def __init__(
        self, cs: CardSet, L: Layout, factions: FactionSet, develop_compat: tuple[int, ...]
    ) -> None:
        n = cs.n
        self.card_types = range(n)
        self.nearest = min(cs.distance, default=0)
        self.farthest = max(cs.distance, default=0)
        self.within = tuple(
            tuple(d <= have for d in cs.distance) for have in range(self.farthest + 1)
        )
        self.work_ids = tuple(range(L.WORK, L.WORK + 5))
        self.contact_moves = (
            (tuple(range(L.BUILD, L.BUILD + n)), GREY),
            (tuple(range(L.DEAL, L.DEAL + n)), BLUE),
            (tuple(range(L.RAZE, L.RAZE + n)), RED),
        )
        self.play_ids = tuple(range(L.PLAY, L.PLAY + len(cs.conn_cost)))
        self.opp_ids = tuple(range(L.OPP, L.OPP + n))
        self.brick_rows = tuple(tuple(range(L.DEV + t * n, L.DEV + (t + 1) * n)) for t in range(n))
        self.token_rows = tuple(
            tuple(range(L.DEV + (n + t) * n, L.DEV + (n + t + 1) * n)) for t in range(n)
        )
        self.use_ids = tuple(tuple(range(L.use(t), L.use(t) + L.P)) for t in range(n))
        self.develop_ok = tuple(
            tuple(bool(develop_compat[t] >> u & 1) for u in range(n)) for t in range(n)
        )
        self.is_action = tuple(e == E_ACTION for e in cs.effect)
        self.use_base = tuple(L.use(t) for t in range(n))
        self.use_kind = tuple(
            USE_ANY
            if cs.act_any[t]
            else USE_DEAL
            if cs.act_deal[t]
            else USE_CHOICE
            if cs.act_choice[t]
            else USE_PLAIN
            for t in range(n)
        )
        self.use_costs = cs.act_cost
        self.use_terms = tuple(cost_terms(c) for c in cs.act_cost)
        self.any_costs = tuple(
            tuple(plus(cs.act_cost[t], (i, 1)) for i in range(5)) if cs.act_any[t] else ()
            for t in range(n)
        )
        self.any_terms = tuple(tuple(cost_terms(c) for c in costs) for costs in self.any_costs)
        self.conn_costs = cs.conn_cost
        self.conn_terms = tuple(cost_terms(c) for c in cs.conn_cost)
        self.conn_of_deck = tuple(
            tuple(i for i, d in enumerate(cs.conn_deck) if d == deck)
            for deck in (BLUE_DECK, RED_DECK)
        )
        self.fac_costs = tuple(f.action_cost for f in factions.factions)
        self.fac_open = tuple(
            tuple(
                tuple(
                    (a, -1 if f.action_card[a] else L.FAC + a, cost_terms(f.action_cost[a]))
                    for a in (0, 1, 2)
                    if not used >> a & 1
                )
                for used in range(8)
            )
            for f in factions.factions
        )


USE_PLAIN: Final = 0
USE_ANY: Final = 1
USE_DEAL: Final = 2
USE_CHOICE: Final = 3
"""How an action location is paid and what it offers (``MoveTables.use_kind``): its
printed cost alone, plus a good of the player's choice, plus a deal given up, or
its cost for a good of the player's choice."""


def action_phase_moves(s: FiftyFirstStateState) -> list[int]:
    """Every legal action of the Actions phase, sorted (``pass`` always among them).

    Written without calls of its own where it can (a Python call costs about as much
    as a dozen lines here): costs are checked by their terms inline, loops append.
    """
    tab: MoveTables = s.game.move_tables
    L = s.L
    n = L.n
    tot = totals(s)
    held = s.held
    # Location cards come first in ``held`` (slots ``0..n-1``), connection cards after.
    k = bisect_left(held, n)
    # A copy: the develop ids are cached against it, and ``held`` changes in place.
    locs_held = held[:k]
    out = [PASS_ID]
    used = s.fac_used
    if used != 7:
        fac = s.faction
        with_card = 0
        for a, fid, terms in tab.fac_open[fac][used]:
            if terms is None:
                if not affordable(tot, tab.fac_costs[fac][a]):
                    continue
            else:
                g1, s1, n1, g2, s2, n2 = terms
                if tot[g1] + tot[s1] < n1 or tot[g2] + tot[s2] < n2:
                    continue
            if fid < 0:
                with_card |= 1 << a
            else:
                out.append(fid)
        if with_card:
            for a in (0, 1, 2):
                if with_card >> a & 1:
                    base = L.FAC_CARD + a * L.h
                    for x in held:
                        out.append(base + x)
    workers = tot[WORKER]
    if workers >= 2:
        out += tab.work_ids
        face_up = s.face_up
        if face_up[0] >= 0:
            out.append(L.TAKE)
        if face_up[1] >= 0:
            out.append(L.TAKE + 1)
    if locs_held:
        univ = tot[UNIVERSAL]
        near = tab.nearest
        far = tab.farthest
        # Mostly a colour has no contact at all (every card is at distance 1 or
        # more): it is skipped; with contacts for the farthest card, all go.
        for kind_ids, colour in tab.contact_moves:
            have = tot[colour] + univ
            if have < near:
                continue
            if have >= far:
                for t in locs_held:
                    out.append(kind_ids[t])
            else:
                within = tab.within[have]
                for t in locs_held:
                    if within[t]:
                        out.append(kind_ids[t])
    if k < len(held):
        play_ids = tab.play_ids
        conn_terms = tab.conn_terms
        for x in held[k:]:
            terms = conn_terms[x - n]
            if terms is None:
                if not affordable(tot, tab.conn_costs[x - n]):
                    continue
            else:
                g1, s1, n1, g2, s2, n2 = terms
                if tot[g1] + tot[s1] < n1 or tot[g2] + tot[s2] < n2:
                    continue
            out.append(play_ids[x - n])
    if workers >= 1:
        opp_ids = tab.opp_ids
        for t in s.opp_free:
            out.append(opp_ids[t])
    locs = s.locs
    if not locs:
        return out
    c = s.moves_cache
    if c is None:
        c = s.moves_cache = MoveCache()
    is_action = tab.is_action
    if locs != c.locs:
        c.locs = locs[:]
        c.loc_types = types = sorted({loc.card for loc in locs})
        c.has_action = False
        for t in types:
            if is_action[t]:
                c.has_action = True
                break
        c.brick = c.token = None
    if locs_held:
        brick = tot[BRICK] + tot[AMMO] > 0
        if brick or tot[DEVELOPMENT] > 0:
            if locs_held != c.held:
                c.held = locs_held
                c.brick = c.token = None
            if brick:
                ids = c.brick
                if ids is None:
                    ids = c.brick = _brick_develops(tab, locs_held, c.loc_types)
                out += ids
            if tot[DEVELOPMENT] > 0:
                ids = c.token
                if ids is None:
                    ids = c.token = _token_develops(tab, locs_held, c.loc_types)
                out += ids
    if not c.has_action:
        return out
    usable = []
    for loc in locs:
        if loc.uses > 0 and is_action[loc.card]:
            usable.append(loc.card)
    if usable:
        if len(usable) > 1:
            usable = sorted(set(usable))
        use_kind = tab.use_kind
        use_base = tab.use_base
        use_ids = tab.use_ids
        use_terms = tab.use_terms
        for t in usable:
            base = use_base[t]
            kind = use_kind[t]
            if kind == USE_ANY:
                # Only goods actually held are offered: paying "gun" with ammo would
                # duplicate "use X ammo".
                any_terms = tab.any_terms[t]
                for i in (0, 1, 2, 3, 4):
                    if not tot[i]:
                        continue
                    terms = any_terms[i]
                    if terms is None:
                        if not affordable(tot, tab.any_costs[t][i]):
                            continue
                    else:
                        g1, s1, n1, g2, s2, n2 = terms
                        if tot[g1] + tot[s1] < n1 or tot[g2] + tot[s2] < n2:
                            continue
                    out.append(use_ids[t][1 + i])
                continue
            terms = use_terms[t]
            if terms is None:
                if not affordable(tot, tab.use_costs[t]):
                    continue
            else:
                g1, s1, n1, g2, s2, n2 = terms
                if tot[g1] + tot[s1] < n1 or tot[g2] + tot[s2] < n2:
                    continue
            if kind == USE_PLAIN:
                out.append(base)
            elif kind == USE_DEAL:
                row = use_ids[t]
                for d in compress(tab.card_types, s.deals):
                    out.append(row[6 + d])
            else:
                out += use_ids[t][1:5]
    return out


class MoveCache:
    """What the move list keeps between decisions of one state.

    The locations' card types and which of them are action locations, and the
    develop ids (they depend only on those types and the location cards in hand).
    Most moves leave both alone (a worker, a faction action, an opponent card, ...).
    Each call checks them against what they were built from and rebuilds what
    differs, so nothing that changes the hand or the locations has to say so:
    ``locs`` is a shallow copy of the locations: the same objects, or equal ones,
    in the same places mean the same cards (a card never changes in place; a build
    appends a new object, a develop puts one in its place). Uses are read live.
    Derived data: never saved, and a clone starts without it.
    """

    __slots__ = ("brick", "has_action", "held", "loc_types", "locs", "token")

    def __init__(self) -> None:
        self.held: list[int] | None = None
        self.locs: list[Location] = []
        self.loc_types: list[int] = []
        self.has_action = False
        self.brick: list[int] | None = None
        self.token: list[int] | None = None


def _brick_develops(tab: MoveTables, held: list[int], loc_types: list[int]) -> list[int]:
    """Develop ids paid with brick: each hand card over each location type sharing an icon."""
    out = []
    develop_ok = tab.develop_ok
    rows = tab.brick_rows
    for t in held:
        ok = develop_ok[t]
        row = rows[t]
        for u in loc_types:
            if ok[u]:
                out.append(row[u])
    return out


def _token_develops(tab: MoveTables, held: list[int], loc_types: list[int]) -> list[int]:
    """Develop ids paid with a development token: every hand card over every location type."""
    out = []
    rows = tab.token_rows
    for t in held:
        row = rows[t]
        for u in loc_types:
            out.append(row[u])
    return out


def use_moves_from(s: FiftyFirstStateState, tab: MoveTables, tot: list[int], t: int) -> list[int]:
    """The ways to use action location ``t`` now (spec §3.4, §6.2 choice costs), as
    ``action_phase_moves`` lists them; ``tot`` comes from ``totals``."""
    base = tab.use_base[t]
    kind = tab.use_kind[t]
    if kind == USE_ANY:
        costs = tab.any_costs[t]
        terms = tab.any_terms[t]
        return [base + 1 + i for i in range(5) if tot[i] > 0 and payable(tot, costs[i], terms[i])]
    if not payable(tot, tab.use_costs[t], tab.use_terms[t]):
        return []
    if kind == USE_DEAL:
        return [base + 6 + d for d in compress(tab.card_types, s.deals)]
    if kind == USE_CHOICE:
        return [base + 1, base + 2, base + 3, base + 4]
    return [base]
