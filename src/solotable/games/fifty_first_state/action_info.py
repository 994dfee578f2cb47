"""Every action as data: its kind, typed arguments and the table elements it acts on.

Front ends read this (never the notation) to put a move on the card it concerns, and
``solotable.words`` says ``51st-state.action.<kind>`` from the arguments. Card arguments
come in pairs, the id (``card``) and the name from the card file (``name``), so the words
layer can say a user's own card file without reading it; costs and rewards are
``51st-state.goods`` messages. Everything here is public: the Lookout card, the face-up
connections and the faction are on the table, so a sampled state gives the same data.

Targets name the table's elements: ``hand:<card>``, ``location:<card>``,
``opponent:<card>``, ``lookout:<card>``, ``connection:<blue|red>``, ``faction:<1..3>``,
``supply:<good>``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.game import ActionInfo
from solotable.core.message import Msg
from solotable.games.fifty_first_state import actions as K
from solotable.games.fifty_first_state.card_text import bonus_msg, effect_msg
from solotable.games.fifty_first_state.goods import goods_msg

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.cards import CardSet
    from solotable.games.fifty_first_state.state import FiftyFirstStateState

OWNER = "51st-state"
USE_COLOUR = {K.BUILD: "grey", K.DEAL: "blue", K.RAZE: "red"}
"""The contact colour each use of a hand card pays with."""


def hand_name(cs: CardSet, h: int) -> tuple[str, str]:
    """``(id, name)`` of hand index ``h`` (location cards, then connection cards)."""
    if h < cs.n:
        return cs.ids[h], cs.names[h]
    return cs.conn_ids[h - cs.n], cs.conn_names[h - cs.n]


def _info(
    s: FiftyFirstStateState, a: int, kind: str, args: dict[str, Any], *targets: str
) -> ActionInfo:
    return ActionInfo(a, s.L.to_string(a), kind, args, tuple(targets), OWNER)


def action_info(s: FiftyFirstStateState, a: int) -> ActionInfo:
    """Action ``a`` as data (legal or not, chance outcomes included)."""
    cs = s.cs
    kind, x, y, z = s.L.decode(a)
    if kind in (K.PASS, K.DONE):
        return _info(s, a, kind, {})
    if kind in (K.KEEP, K.REFUSE):
        t = s.pending_card
        if t < 0:
            return _info(s, a, kind, {"card": None, "name": None, "step": s.lk_step})
        card = {"card": cs.ids[t], "name": cs.names[t], "step": s.lk_step}
        return _info(s, a, kind, card, f"lookout:{cs.ids[t]}")
    if kind in (K.DRAW, K.REVEAL):
        return _info(s, a, kind, {"card": cs.ids[x], "name": cs.names[x]})
    if kind == K.FLIP:
        deck = ("blue", "red")[cs.conn_deck[x]]
        return _info(s, a, kind, {"card": cs.conn_ids[x], "name": cs.conn_names[x], "deck": deck})
    if kind == K.PICK:
        fac = s.game.factions.factions[x]
        return _info(s, a, kind, {"faction": fac.id, "name": fac.name})
    if kind in USE_COLOUR:
        return _hand_use(s, a, kind, x)
    if kind == K.DEVELOP:
        args = {
            "card": cs.ids[x],
            "name": cs.names[x],
            "over": cs.ids[y],
            "over_name": cs.names[y],
            "token": bool(z),
        }
        return _info(s, a, kind, args, f"hand:{cs.ids[x]}", f"location:{cs.ids[y]}")
    if kind == K.USE:
        return _use(s, a, x, y)
    if kind == K.FACTION:
        return _faction(s, a, x, y)
    if kind == K.WORK:
        return _info(s, a, kind, {"good": K.WORK_GOODS[x]}, f"supply:{K.WORK_GOODS[x]}")
    if kind == K.TAKE:
        deck = K.COLOURS[x]
        c = s.face_up[x]
        args = {
            "deck": deck,
            "card": cs.conn_ids[c] if c >= 0 else None,
            "name": cs.conn_names[c] if c >= 0 else None,
        }
        return _info(s, a, kind, args, f"connection:{deck}")
    if kind == K.PLAY:
        args = {
            "card": cs.conn_ids[x],
            "name": cs.conn_names[x],
            "cost": goods_msg(cs.conn_cost[x]),
            "gain": goods_msg(cs.conn_gain[x]),
        }
        return _info(s, a, kind, args, f"hand:{cs.conn_ids[x]}")
    if kind == K.OPP:
        args = {"card": cs.ids[x], "name": cs.names[x], "effect": effect_msg(cs, x)}
        return _info(s, a, kind, args, f"opponent:{cs.ids[x]}")
    return _info(s, a, kind, {"good": K.STORE_GOODS[x]}, f"supply:{K.STORE_GOODS[x]}")


def _hand_use(s: FiftyFirstStateState, a: int, kind: str, t: int) -> ActionInfo:
    """Build, deal or raze card ``t`` from the hand: what it costs and what it gives."""
    cs = s.cs
    args: dict[str, Any] = {
        "card": cs.ids[t],
        "name": cs.names[t],
        "cost": Msg("51st-state.goods", {USE_COLOUR[kind]: cs.distance[t]}),
    }
    if kind == K.BUILD:
        args["effect"] = effect_msg(cs, t)
        args["bonus"] = bonus_msg(cs, t)
    else:
        args["gain"] = goods_msg(cs.deal[t] if kind == K.DEAL else cs.raze[t])
    return _info(s, a, kind, args, f"hand:{cs.ids[t]}")


def _use(s: FiftyFirstStateState, a: int, t: int, p: int) -> ActionInfo:
    """An action location, with the good it pays or takes, or the deal it gives up."""
    cs = s.cs
    args: dict[str, Any] = {
        "card": cs.ids[t],
        "name": cs.names[t],
        "effect": effect_msg(cs, t),
        "mode": "plain",
        "good": None,
        "deal": None,
        "deal_name": None,
    }
    if 1 <= p <= 5:
        args["mode"] = "take" if cs.act_choice[t] else "pay"
        args["good"] = K.PAY_GOODS[p - 1]
    elif p >= 6:
        args["mode"] = "deal"
        args["deal"] = cs.ids[p - 6]
        args["deal_name"] = cs.names[p - 6]
    return _info(s, a, K.USE, args, f"location:{cs.ids[t]}")


def _faction(s: FiftyFirstStateState, a: int, k: int, h: int) -> ActionInfo:
    """Faction action ``k + 1``, with the hand card it discards (index ``h``, or -1)."""
    cs = s.cs
    args: dict[str, Any] = {"n": k + 1, "cost": None, "gain": None, "discard": None}
    args["discard_name"] = None
    if h >= 0:
        args["discard"], args["discard_name"] = hand_name(cs, h)
    if s.faction >= 0:
        fac = s.game.factions.factions[s.faction]
        args["cost"] = goods_msg(fac.action_cost[k])
        args["gain"] = goods_msg(fac.action_gain[k])
    targets = [f"faction:{k + 1}"]
    if h >= 0:
        targets.append(f"hand:{args['discard']}")
    return _info(s, a, K.FACTION, args, *targets)
