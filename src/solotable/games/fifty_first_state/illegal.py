"""Why an action is refused, as a message (``51st-state.illegal.<reason>``).

Called by ``State.illegal_reason`` for an action of the space that is not legal at this
decision node (the generic reasons — game over, a chance node, outside the space — come
first from the core). Card arguments are pairs (id and name), costs ``51st-state.goods``
messages, like the action data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.message import Msg, msg
from solotable.games.fifty_first_state import actions as K
from solotable.games.fifty_first_state.action_info import USE_COLOUR, hand_name
from solotable.games.fifty_first_state.card_text import effect_msg
from solotable.games.fifty_first_state.cards import E_ACTION
from solotable.games.fifty_first_state.goods import AMMO, BRICK, WORKER, goods_msg
from solotable.games.fifty_first_state.table import LK_DECIDE, STORE

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


def _no(reason: str, **args: Any) -> Msg:
    return msg(f"51st-state.illegal.{reason}", **args)


def _card(s: FiftyFirstStateState, t: int) -> dict[str, str]:
    return {"card": s.cs.ids[t], "name": s.cs.names[t]}


def explain_illegal(s: FiftyFirstStateState, a: int) -> Msg:
    """Why action ``a``, not legal at this decision node, is refused."""
    cs = s.cs
    L = s.L
    kind, x, y, z = L.decode(a)
    if kind in (K.DRAW, K.REVEAL, K.FLIP, K.PICK):
        return _no("chance-outcome")
    if s.phase == LK_DECIDE:
        return _no("lookout-first", **_card(s, s.pending_card))
    if s.phase == STORE:
        if kind == K.STORE:
            return _no("no-room", good=K.STORE_GOODS[x])
        return _no("cleanup")
    if kind in (K.KEEP, K.REFUSE):
        return _no("no-lookout")
    if kind in (K.DONE, K.STORE):
        return _no("cleanup-only")
    have = s.goods
    st = s.st
    if kind in USE_COLOUR:
        if not s.hand[x]:
            return _no("not-in-hand", **_card(s, x))
        return _no("contacts", use=kind, colour=USE_COLOUR[kind], n=cs.distance[x], **_card(s, x))
    if kind == K.DEVELOP:
        if not s.hand[x]:
            return _no("not-in-hand", **_card(s, x))
        if not any(loc.card == y for loc in s.locs):
            return _no("not-in-state", **_card(s, y))
        if z:
            return _no("no-token")
        if not (cs.icon_mask[x] & cs.icon_mask[y]):
            return _no("no-shared-icon", over=cs.ids[y], over_name=cs.names[y], **_card(s, x))
        if have[BRICK] + st[BRICK] + have[AMMO] + st[AMMO] == 0:
            return _no("develop-brick")
        return _no("not-now")
    if kind == K.USE:
        return _why_not_use(s, x, y)
    if kind == K.FACTION:
        return _why_not_faction(s, x, y)
    if kind in (K.WORK, K.TAKE):
        if have[WORKER] + st[WORKER] < 2:
            return _no("workers", n=2)
        return _no("no-face-up", deck=K.COLOURS[x])
    if kind == K.PLAY:
        cid, name = cs.conn_ids[x], cs.conn_names[x]
        if not s.hand[L.n + x]:
            return _no("not-in-hand", card=cid, name=name)
        return _no("connection-cost", card=cid, name=name, cost=goods_msg(cs.conn_cost[x]))
    if kind == K.OPP:
        if have[WORKER] + st[WORKER] < 1:
            return _no("workers", n=1)
        return _no("no-opponent-card", **_card(s, x))
    return _no("not-now")


def _why_not_faction(s: FiftyFirstStateState, k: int, h: int) -> Msg:
    fac = s.game.factions.factions[s.faction]
    n = k + 1
    if s.fac_used >> k & 1:
        return _no("faction-used", n=n)
    if fac.action_card[k] and h < 0:
        return _no("faction-needs-card", n=n)
    if not fac.action_card[k] and h >= 0:
        return _no("faction-no-card", n=n)
    if h >= 0 and not s.hand[h]:
        cid, name = hand_name(s.cs, h)
        return _no("not-in-hand", card=cid, name=name)
    return _no("faction-cost", n=n, cost=goods_msg(fac.action_cost[k]))


def _why_not_use(s: FiftyFirstStateState, x: int, y: int) -> Msg:
    cs = s.cs
    card = _card(s, x)
    locs = [loc for loc in s.locs if loc.card == x]
    if not locs:
        return _no("not-in-state", **card)
    if cs.effect[x] != E_ACTION:
        return _no("not-action", **card)
    if all(loc.uses <= 0 for loc in locs):
        return _no("no-use-left", **card)
    if cs.act_any[x] and not 1 <= y <= 5:
        return _no("use-needs-payment", **card)
    if cs.act_choice[x] and not 1 <= y <= 4:
        return _no("use-needs-choice", **card)
    if cs.act_deal[x]:
        if y < 6:
            return _no("use-needs-deal", **card)
        if not s.deals[y - 6]:
            return _no("no-deal", **_card(s, y - 6))
    if not (cs.act_any[x] or cs.act_choice[x] or cs.act_deal[x]) and y:
        return _no("use-no-argument", **card)
    return _no("use-cost", effect=effect_msg(cs, x), **card)
