"""Cards as data for words: effects, build bonuses and whole cards as messages.

Nothing here is a sentence: each function returns a :class:`Msg` (a key under
``51st-state.`` and the card's facts as arguments) that ``solotable.words`` says in the
player's language. The arguments carry everything a sentence needs (names, amounts,
icons), so a user's own card file (``cards=FILE``) is said without the words layer ever
reading that file. Shared by the action data (``actions.py``), the events, the card
catalog and the terminal view, so that a card reads the same everywhere.
"""

from __future__ import annotations

from typing import Any

from solotable.core.message import Msg
from solotable.games.fifty_first_state.cards import (
    E_ACTION,
    E_KEEP,
    E_PER_ICON,
    E_PRODUCE,
    KINDS,
    CardSet,
)
from solotable.games.fifty_first_state.goods import GOOD_NAMES, goods_msg

CONNECTION_DECKS = ("blue", "red")


def _icon(cs: CardSet, mask: int) -> str:
    """The first icon name of ``mask`` (a per-type production or bonus names one icon)."""
    return next((cs.icon_names[i] for i in range(len(cs.icon_names)) if mask >> i & 1), "")


def effect_msg(cs: CardSet, t: int) -> Msg:
    """The location's ongoing effect (production, storage or action)."""
    e = cs.effect[t]
    if e == E_PRODUCE:
        return Msg("51st-state.effect.produce", {"gain": goods_msg(cs.prod_gain[t])})
    if e == E_PER_ICON:
        good, mask, mx = cs.per_icon[t]
        return Msg(
            "51st-state.effect.per-icon",
            {"good": GOOD_NAMES[good], "icon": _icon(cs, mask), "max": mx},
        )
    if e == E_KEEP:
        g, w = cs.keep[t]
        return Msg("51st-state.effect.keep", {"goods": g, "workers": w})
    if e == E_ACTION:
        return Msg(
            "51st-state.effect.action",
            {
                "cost": goods_msg(cs.act_cost[t]),
                "any": cs.act_any[t],
                "deal": cs.act_deal[t],
                "gain": goods_msg(cs.act_gain[t]),
                "choice": cs.act_choice[t],
                "uses": cs.act_uses[t],
            },
        )
    return Msg("51st-state.effect.none", {})


def bonus_msg(cs: CardSet, t: int) -> Msg | None:
    """The build bonus, or None when the card has none."""
    if cs.bonus_gain[t]:
        return Msg("51st-state.bonus.gain", {"gain": goods_msg(cs.bonus_gain[t])})
    if cs.bonus_store[t]:
        return Msg("51st-state.bonus.store", {"goods": goods_msg(cs.bonus_store[t])})
    vpi = cs.bonus_vpi[t]
    if vpi is not None:
        return Msg(
            "51st-state.bonus.vp-per-icon", {"icon": _icon(cs, vpi.icon_mask), "max": vpi.max}
        )
    return None


def location_facts(cs: CardSet, t: int) -> dict[str, Any]:
    """Every public fact of location card ``t``, as message arguments."""
    return {
        "card": cs.ids[t],
        "name": cs.names[t],
        "kind": KINDS[cs.kind[t]],
        "open": cs.open[t],
        "distance": cs.distance[t],
        "icons": list(cs.icons[t]),
        "copies": cs.copies[t],
        "effect": effect_msg(cs, t),
        "bonus": bonus_msg(cs, t),
        "deal": goods_msg(cs.deal[t]),
        "raze": goods_msg(cs.raze[t]),
        "deal_reroll": cs.deal_reroll[t],
        "built_reroll": cs.built_reroll[t],
        "solo_changed": bool(cs.solo_note[t]),
    }


def connection_facts(cs: CardSet, c: int) -> dict[str, Any]:
    """Every public fact of connection card ``c``, as message arguments."""
    return {
        "card": cs.conn_ids[c],
        "name": cs.conn_names[c],
        "deck": CONNECTION_DECKS[cs.conn_deck[c]],
        "copies": cs.conn_copies[c],
        "cost": goods_msg(cs.conn_cost[c]),
        "gain": goods_msg(cs.conn_gain[c]),
    }


def location_card_msg(cs: CardSet, t: int) -> Msg:
    """The whole of location card ``t``: its three uses, effect, bonus and solo notes."""
    return Msg("51st-state.card.location", location_facts(cs, t))


def connection_card_msg(cs: CardSet, c: int) -> Msg:
    return Msg("51st-state.card.connection", connection_facts(cs, c))


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def full_card_text(cs: CardSet, name: str) -> Msg | None:
    """Everything a card says, for ``info CARD``: a location card or a connection card.

    ``name`` may be the card's id (``oil-rig``) or its name in any case (``Oil Rig``), or
    its French name where the card file gives one (``name_fr``).
    """
    key = _key(name)
    if not key:
        return None
    for t in range(cs.n):
        if key in (_key(cs.ids[t]), _key(cs.names[t]), _key(cs.names_fr[t] or "")):
            return location_card_msg(cs, t)
    for c, cid in enumerate(cs.conn_ids):
        if key in (_key(cid), _key(cs.conn_names[c])):
            return connection_card_msg(cs, c)
    return None
