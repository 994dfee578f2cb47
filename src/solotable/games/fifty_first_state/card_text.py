"""Cards in words: effects, build bonuses and one-line summaries.

Shared by the action words (``actions.py``) and the table (``render.py``),
so that a card reads the same in ``moves`` and on screen.
"""

from __future__ import annotations

from solotable.games.fifty_first_state.cards import (
    E_ACTION,
    E_KEEP,
    E_PER_ICON,
    E_PRODUCE,
    KINDS,
    CardSet,
)
from solotable.games.fifty_first_state.goods import (
    GOOD_NAMES,
    LABEL,
    Vector,
    amount,
    vector_text,
)


def effect_text(cs: CardSet, t: int) -> str:
    """The location's ongoing effect (production, storage or action)."""
    e = cs.effect[t]
    if e == E_PRODUCE:
        return "produces " + vector_text(cs.prod_gain[t])
    if e == E_PER_ICON:
        good, _, mx = cs.per_icon[t]
        icon = _per_icon_name(cs, t)
        return f"produces 1 {LABEL[GOOD_NAMES[good]]} per {icon}-type location (max {mx})"
    if e == E_KEEP:
        g, w = cs.keep[t]
        parts = [f"{g} basic goods"] if g else []
        if w:
            parts.append(f"{w} workers")
        return "Cleanup: keeps up to " + " and ".join(parts) + " until next Production"
    if e == E_ACTION:
        cost = list(_vec_words(cs.act_cost[t]))
        if cs.act_any[t]:
            cost.append("1 basic good of your choice")
        if cs.act_deal[t]:
            cost.append("1 of your deals")
        gain = list(_vec_words(cs.act_gain[t]))
        if cs.act_choice[t]:
            gain.append("1 basic good of your choice")
        twice = " (twice per round)" if cs.act_uses[t] == 2 else ""
        return f"{' + '.join(cost) or 'nothing'} -> {' + '.join(gain)}{twice}"
    return "no ongoing effect"


def _vec_words(vec: Vector) -> list[str]:
    return [f"{n} {LABEL[GOOD_NAMES[g]]}" for g, n in vec]


def _per_icon_name(cs: CardSet, t: int) -> str:
    m = cs.per_icon[t].icon_mask
    return next((cs.icon_names[i] for i in range(len(cs.icon_names)) if m >> i & 1), "?")


def bonus_text(cs: CardSet, t: int) -> str:
    """The build bonus in words, or an empty string when the card has none."""
    if cs.bonus_gain[t]:
        return "gain " + vector_text(cs.bonus_gain[t])
    if cs.bonus_store[t]:
        return "put " + vector_text(cs.bonus_store[t]) + " on it (kept across rounds)"
    vpi = cs.bonus_vpi[t]
    if vpi is not None:
        m, mx = vpi
        icon = next((cs.icon_names[i] for i in range(len(cs.icon_names)) if m >> i & 1), "?")
        return f"1 VP per {icon}-type location (max {mx})"
    return ""


def card_line(cs: CardSet, t: int) -> str:
    """One card in words: kind, distance, icons, effect, bonus, deal, raze."""
    kind = KINDS[cs.kind[t]] + (" (open)" if cs.open[t] else "")
    bonus = bonus_text(cs, t)
    return (
        f"{cs.names[t]}: {kind}, distance {cs.distance[t]}, icons {'/'.join(cs.icons[t])}; "
        f"{effect_text(cs, t)}"
        + (f"; build bonus: {bonus}" if bonus else "")
        + f"; deal: {vector_text(cs.deal[t])}; raze: {vector_text(cs.raze[t])}"
    )


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def full_card_text(cs: CardSet, name: str) -> str | None:
    """Everything a card says, for ``info CARD``: a location card or a connection card.

    ``name`` may be the card's id (``oil-rig``) or its name in any case
    (``Oil Rig``). The three uses say what each costs in contacts (the card's
    distance) and what it gives, so a player can judge a Lookout card before
    keeping it.
    """
    key = _key(name)
    for t in range(cs.n):
        if key in (_key(cs.ids[t]), _key(cs.names[t])):
            return location_card_text(cs, t)
    for c, cid in enumerate(cs.conn_ids):
        if key in (_key(cid), _key(cs.conn_names[c])):
            deck = ("blue", "red")[cs.conn_deck[c]]
            cost = f", paying {vector_text(cs.conn_cost[c])}" if cs.conn_cost[c] else " (free)"
            return (
                f"{cs.conn_names[c]} — {deck} connection card ({cs.conn_copies[c]} in the deck)\n"
                f"  play it from your hand to gain {vector_text(cs.conn_gain[c])}{cost}"
            )
    return None


def location_card_text(cs: CardSet, t: int) -> str:
    """The multi-line text of location card ``t``."""
    kind = KINDS[cs.kind[t]] + (", open production" if cs.open[t] else "")
    d = cs.distance[t]
    lines = [
        f"{cs.names[t]} — {kind} location, distance {d}, icons {'/'.join(cs.icons[t]) or 'none'}"
        f" ({cs.copies[t]} in the deck)",
        f"  as a location: {effect_text(cs, t)}",
    ]
    bonus = bonus_text(cs, t)
    if bonus:
        lines.append(f"  build bonus: {bonus}")
    lines += [
        f"  build: pay {amount(d, 'grey')}, or develop it over a location",
        f"  deal: pay {amount(d, 'blue')}; then every Production gives {vector_text(cs.deal[t])}",
        f"  raze: pay {amount(d, 'red')}; gain {vector_text(cs.raze[t])} once",
    ]
    if cs.deal_reroll[t]:
        lines.append(
            "  solo: each deal with it lets you refuse the third Lookout card once a round"
        )
    if cs.built_reroll[t]:
        lines.append("  solo: built, it lets you refuse the third Lookout card once per round")
    if cs.solo_note[t]:
        lines.append(f"  solo: {cs.solo_note[t]}")
    return "\n".join(lines)
