"""The Actions phase (spec §3.4; seed: Les phases restantes — unchanged in solo).

The player acts one action at a time until passing: build, make a deal or
raze a card from hand (contacts equal to its distance, universal contacts
standing in), develop a location, use an action location, a faction action,
2 workers for a good or a card, take and play connection cards, or send a
worker to an opponent card (``rules/opponent.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from solotable.games.fifty_first_state import actions as K
from solotable.games.fifty_first_state.cards import E_ACTION, PRODUCTION
from solotable.games.fifty_first_state.goods import (
    AMMO,
    BLUE,
    BRICK,
    DEVELOPMENT,
    GREY,
    NUM_GOODS,
    RED,
    UNIVERSAL,
    WORKER,
)
from solotable.games.fifty_first_state.rules.action_moves import use_moves_from
from solotable.games.fifty_first_state.rules.cleanup import end_actions
from solotable.games.fifty_first_state.rules.deck import add_to_hand, remove_from_hand
from solotable.games.fifty_first_state.rules.opponent import use_opponent_card
from solotable.games.fifty_first_state.rules.payment import can_pay, gain, pay, pay_exact, totals
from solotable.games.fifty_first_state.rules.production import produce
from solotable.games.fifty_first_state.table import (
    T_BUILT,
    T_DEALS,
    T_DEVELOPED,
    T_LOCATION_USES,
    T_RAZED,
    Location,
)

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState

TWO_WORKERS: Final = ((WORKER, 2),)
ONE_BRICK: Final = ((BRICK, 1),)
ONE_TOKEN: Final = ((DEVELOPMENT, 1),)


def action_is_legal(s: FiftyFirstStateState, a: int) -> bool:
    """Whether ``a`` is among ``action_phase_moves`` (``rules/action_moves.py``), tested
    for that one id."""
    if a == K.PASS_ID:
        return True
    cs = s.cs
    L = s.L
    kind, x, y, z = L.decode(a)
    g = s.goods
    st = s.st
    hand = s.hand
    if kind == K.BUILD or kind == K.DEAL or kind == K.RAZE:
        col = GREY if kind == K.BUILD else BLUE if kind == K.DEAL else RED
        return hand[x] > 0 and g[col] + st[col] + g[UNIVERSAL] + st[UNIVERSAL] >= cs.distance[x]
    if kind == K.DEVELOP:
        if not hand[x] or not any(loc.card == y for loc in s.locs):
            return False
        if z:
            return g[DEVELOPMENT] + st[DEVELOPMENT] > 0
        have_brick = g[BRICK] + st[BRICK] + g[AMMO] + st[AMMO] > 0
        return have_brick and bool(s.game.develop_compat[x] >> y & 1)
    if kind == K.USE:
        if cs.effect[x] != E_ACTION or not any(lo.card == x and lo.uses > 0 for lo in s.locs):
            return False
        return a in use_moves_from(s, s.game.move_tables, totals(s), x)
    if kind == K.FACTION:
        fac = s.game.factions.factions[s.faction]
        if s.fac_used >> x & 1 or not can_pay(s, fac.action_cost[x]):
            return False
        return y >= 0 and hand[y] > 0 if fac.action_card[x] else y < 0
    workers = g[WORKER] + st[WORKER]
    if kind == K.WORK:
        return workers >= 2
    if kind == K.TAKE:
        return workers >= 2 and s.face_up[x] >= 0
    if kind == K.PLAY:
        return hand[L.n + x] > 0 and can_pay(s, cs.conn_cost[x])
    if kind == K.OPP:
        return workers >= 1 and any(o.card == x and not o.used for o in s.opp)
    return False


def do_action(s: FiftyFirstStateState, a: int) -> None:
    """Carry out one legal action of the Actions phase.

    The id is read in place, by the ranges of ``actions.Layout`` (``Layout.decode``
    reads it the same way, for every id): this runs at every move of a playout.
    """
    if a == K.PASS_ID:
        end_actions(s)
        return
    L = s.L
    if a >= L.DEV:
        if a < L.USE:
            r, u = divmod(a - L.DEV, L.n)
            token, t = divmod(r, L.n)
            develop(s, t, u, bool(token))
        else:
            t, p = divmod(a - L.USE, L.P)
            use_location(s, t, p)
    elif a >= L.BUILD:
        if a < L.DEAL:
            build(s, a - L.BUILD)
        elif a < L.RAZE:
            make_deal(s, a - L.DEAL)
        elif a < L.PLAY:
            raze_from_hand(s, a - L.RAZE)
        elif a < L.OPP:
            play_connection(s, a - L.PLAY)
        else:
            use_opponent_card(s, a - L.OPP)
    elif a < L.FAC_CARD:
        faction_action(s, a - L.FAC, -1)
    elif a < L.WORK:
        k, h = divmod(a - L.FAC_CARD, L.h)
        faction_action(s, k, h)
    elif a < L.TAKE:
        workers_for_a_good(s, a - L.WORK)
    else:
        take_connection(s, a - L.TAKE)


def build(s: FiftyFirstStateState, t: int) -> None:
    """Spec §3.4 Build: grey contacts equal to the distance; the card enters the state."""
    pay(s, ((GREY, s.cs.distance[t]),))
    remove_from_hand(s, t)
    place_location(s, t)
    s.tally[T_BUILT] += 1


def make_deal(s: FiftyFirstStateState, t: int) -> None:
    """Spec §3.4 Deal: blue contacts equal to the distance; its reward now and each round."""
    cs = s.cs
    pay(s, ((BLUE, cs.distance[t]),))
    remove_from_hand(s, t)
    s.deals[t] += 1
    gain(s, cs.deal[t])
    s.tally[T_DEALS] += 1


def raze_from_hand(s: FiftyFirstStateState, t: int) -> None:
    """Spec §3.4 Raze: red contacts equal to the distance; the spoils, the card discarded."""
    cs = s.cs
    pay(s, ((RED, cs.distance[t]),))
    remove_from_hand(s, t)
    s.discard[t] += 1
    gain(s, cs.raze[t])
    s.tally[T_RAZED] += 1


def place_location(s: FiftyFirstStateState, t: int, at: int = -1) -> None:
    """Spec §3.4: a card enters the state as built (appended, or over location ``at``).

    It produces at once if it is a production location, gives its build bonus
    (goods, goods stored on it, or VP per type counting itself).
    """
    cs = s.cs
    loc = Location(t, cs.act_uses[t], [0] * NUM_GOODS)
    locs = s.locs
    if at < 0:
        locs.append(loc)
    else:
        locs[at] = loc
    if cs.kind[t] == PRODUCTION:
        produce(s, t, locs)
    bonus = cs.bonus_gain[t]
    if bonus:
        gain(s, bonus)
    for good, n in cs.bonus_store[t]:
        loc.stored[good] += n
        s.st[good] += n
    vpi = cs.bonus_vpi[t]
    if vpi is not None:
        m, mx = vpi
        mask = cs.icon_mask
        s.vp += min(mx, sum(1 for lo in locs if mask[lo.card] & m))


def develop(s: FiftyFirstStateState, t: int, u: int, token: bool) -> None:
    """Spec §3.4 Develop: card ``t`` from hand replaces location ``u`` for +1 VP.

    Paid with 1 brick (or ammo) when they share an icon, or with a development
    token for any card. Of two copies of ``u`` the one with fewer uses left is
    replaced (assumption ``develop.copy``); its stored goods return to the supply.
    """
    pay(s, ONE_TOKEN if token else ONE_BRICK)
    locs = s.locs
    best = -1
    for i, loc in enumerate(locs):
        if loc.card == u and (best < 0 or loc.uses < locs[best].uses):
            best = i
    stored = locs[best].stored
    if any(stored):
        for i in range(NUM_GOODS):
            if stored[i]:
                s.goods[i] += stored[i]
                s.st[i] -= stored[i]
    s.discard[u] += 1
    remove_from_hand(s, t)
    s.vp += 1
    place_location(s, t, best)
    s.tally[T_DEVELOPED] += 1


def use_location(s: FiftyFirstStateState, t: int, p: int) -> None:
    """Spec §3.4, §6.2: an action location's printed cost for its reward, once per use.

    ``p`` is the choice: 1..5 a good to pay (fuel gun iron brick ammo) or to
    take (seed: Caravane de pillards), 6+d the deal ``d`` given up.
    """
    cs = s.cs
    for loc in s.locs:
        if loc.card == t and loc.uses > 0:
            loc.uses -= 1
            break
    if cs.act_any[t]:
        # The named good itself pays: "use X fuel" must not spend ammo instead
        # (that is "use X ammo"), even when the fuel sits on a storage card.
        pay_exact(s, p - 1, 1)
    pay(s, cs.act_cost[t])
    if cs.act_deal[t]:
        d = p - 6
        s.deals[d] -= 1
        s.discard[d] += 1
    gain(s, cs.act_gain[t])
    if cs.act_choice[t]:
        s.goods[p - 1] += cs.act_choice[t]
    s.tally[T_LOCATION_USES] += 1


def faction_action(s: FiftyFirstStateState, k: int, h: int) -> None:
    """Spec §3.4, §3.5: faction action ``k`` once per round (``h``: a hand card it costs)."""
    fac = s.game.factions.factions[s.faction]
    pay(s, fac.action_cost[k])
    if h >= 0:
        discard_from_hand(s, h)
    gain(s, fac.action_gain[k])
    s.fac_used |= 1 << k


def workers_for_a_good(s: FiftyFirstStateState, x: int) -> None:
    """Spec §3.4: 2 workers for 1 basic good (x 0..3) or 1 card (x 4), repeatable."""
    pay(s, TWO_WORKERS)
    if x == 4:
        s.pending_draws += 1
    else:
        s.goods[x] += 1


def take_connection(s: FiftyFirstStateState, x: int) -> None:
    """Spec §3.4, §3.6: 2 workers take the face-up connection card of deck ``x``."""
    pay(s, TWO_WORKERS)
    add_to_hand(s, s.L.n + s.face_up[x])
    s.face_up[x] = -1


def play_connection(s: FiftyFirstStateState, c: int) -> None:
    """Spec §3.6: a connection card from hand is played for its cost and discarded."""
    cs = s.cs
    pay(s, cs.conn_cost[c])
    remove_from_hand(s, s.L.n + c)
    s.conn_discard[c] += 1
    gain(s, cs.conn_gain[c])


def discard_from_hand(s: FiftyFirstStateState, h: int) -> None:
    """A hand card (location or connection) goes to its discard pile."""
    remove_from_hand(s, h)
    n = s.L.n
    if h < n:
        s.discard[h] += 1
    else:
        s.conn_discard[h - n] += 1
