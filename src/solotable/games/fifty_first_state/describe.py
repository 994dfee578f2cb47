"""Actions and cards in words: ``moves`` listings, illegal-move reasons, card texts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.fifty_first_state import actions as K
from solotable.games.fifty_first_state.cards import (
    E_ACTION,
    E_KEEP,
    E_PER_ICON,
    E_PRODUCE,
    KINDS,
    CardSet,
)
from solotable.games.fifty_first_state.goods import (
    BRICK,
    GOOD_NAMES,
    LABEL,
    WORKER,
    vector_text,
)

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.engine import FiftyFirstStateState


def effect_text(cs: CardSet, t: int) -> str:
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


def _vec_words(vec: tuple[tuple[int, int], ...]) -> list[str]:
    return [f"{n} {LABEL[GOOD_NAMES[g]]}" for g, n in vec]


def _per_icon_name(cs: CardSet, t: int) -> str:
    m = cs.per_icon[t][1]
    return next((cs.icon_names[i] for i in range(len(cs.icon_names)) if m >> i & 1), "?")


def bonus_text(cs: CardSet, t: int) -> str:
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


def describe(s: FiftyFirstStateState, a: int) -> str:
    cs = s.cs
    L = s.L
    kind, x, y, z = L.decode(a)
    if kind == K.PASS:
        return "pass: end your actions for this round"
    if kind == K.KEEP:
        t = s.pending_card
        return f"keep {cs.names[t]} in hand" if t >= 0 else "keep the card"
    if kind == K.REFUSE:
        t = s.pending_card
        name = cs.names[t] if t >= 0 else "the card"
        return f"discard {name} and draw another Lookout card"
    if kind == K.DONE:
        return "discard the goods left in the supply and end the round"
    if kind == K.DRAW:
        return f"the deck gives {cs.names[x]}"
    if kind == K.REVEAL:
        return f"the opponent reveals {cs.names[x]}"
    if kind == K.FLIP:
        return f"the connection card {cs.conn_names[x]} is turned face up"
    if kind == K.PICK:
        return f"you play {s.game.factions.factions[x].name}"
    if kind in (K.BUILD, K.DEAL, K.RAZE):
        colour = {K.BUILD: "grey", K.DEAL: "blue", K.RAZE: "red"}[kind]
        cost = f"{cs.distance[x]} {colour} contact(s)"
        if kind == K.BUILD:
            bonus = bonus_text(cs, x)
            extra = f", build bonus: {bonus}" if bonus else ""
            return f"build {cs.names[x]} for {cost}: {effect_text(cs, x)}{extra}"
        if kind == K.DEAL:
            deal = vector_text(cs.deal[x])
            return f"make a deal with {cs.names[x]} for {cost}: {deal} now and each round"
        return f"raze {cs.names[x]} from hand for {cost}: gain {vector_text(cs.raze[x])}"
    if kind == K.DEVELOP:
        pay = "a development token" if z else "1 brick (or ammo)"
        return f"develop {cs.names[y]} into {cs.names[x]} for {pay}: +1 VP, {cs.names[x]} is built"
    if kind == K.USE:
        base = f"use {cs.names[x]} ({effect_text(cs, x)})"
        if y == 0:
            return base
        if y <= 5:
            verb = "taking" if cs.act_choice[x] else "paying"
            return f"{base}, {verb} {K.PAY_GOODS[y - 1]}"
        return f"{base}, giving up your {cs.names[y - 6]} deal"
    if kind == K.FACTION:
        fac = s.game.factions.factions[s.faction] if s.faction >= 0 else None
        if fac is None:
            return f"faction action {x + 1}"
        cost = vector_text(fac.action_cost[x])
        if y >= 0:
            cost += f" + discard {L.hand_ids[y]} from hand"
        return f"faction action {x + 1}: {cost} -> {vector_text(fac.action_gain[x])}"
    if kind == K.WORK:
        return f"spend 2 workers to take 1 {K.WORK_GOODS[x]}"
    if kind == K.TAKE:
        c = s.face_up[x]
        name = cs.conn_names[c] if c >= 0 else "the face-up card"
        return f"spend 2 workers to take {name} ({K.COLOURS[x]} connection) into hand"
    if kind == K.PLAY:
        cost = vector_text(cs.conn_cost[x]) if cs.conn_cost[x] else "free"
        return f"play {cs.conn_names[x]} ({cost}): gain {vector_text(cs.conn_gain[x])}"
    if kind == K.OPP:
        return f"send 1 worker to the opponent's {cs.names[x]}: {effect_text(cs, x)}"
    if kind == K.STORE:
        return f"keep 1 {K.STORE_GOODS[x]} on a storage card through Cleanup"
    return L.to_string(a)


def why_illegal(s: FiftyFirstStateState, a: int) -> str:
    """A specific reason for an action not in ``legal_actions``."""
    from solotable.core.players import CHANCE
    from solotable.games.fifty_first_state import engine as E

    cs = s.cs
    L = s.L
    kind, x, y, z = L.decode(a)
    if s.current_player() == CHANCE:
        if kind == K.DRAW:
            return f"the draw pile holds no {cs.names[x]} (or no card is drawn now)"
        if kind == K.REVEAL:
            return f"the opponent deck holds no {cs.names[x]} (or nothing is revealed now)"
        if kind in (K.FLIP, K.PICK):
            return "that is not a possible outcome of this chance event"
        return "a chance event (a card draw or reveal) must be resolved first"
    if kind in (K.DRAW, K.REVEAL, K.FLIP, K.PICK):
        return "chance outcomes are not yours to choose"
    if s.phase == E.LK_DECIDE:
        return f"Lookout: keep or refuse {cs.names[s.pending_card]} first"
    if s.phase == E.STORE:
        if kind == K.STORE:
            return f"no room for {K.STORE_GOODS[x]} on your storage cards, or none in the supply"
        return "Cleanup: store goods or say done"
    if kind in (K.KEEP, K.REFUSE):
        return "there is no Lookout card to keep or refuse now"
    if kind in (K.DONE, K.STORE):
        return "this is only possible during Cleanup"
    have = s.goods
    st = s.st
    if kind in (K.BUILD, K.DEAL, K.RAZE):
        if not s.hand[x]:
            return f"you have no {cs.names[x]} in hand"
        col = {K.BUILD: "grey", K.DEAL: "blue", K.RAZE: "red"}[kind]
        return f"{kind} {cs.names[x]} needs {cs.distance[x]} {col} contacts (universal ones count)"
    if kind == K.DEVELOP:
        if not s.hand[x]:
            return f"you have no {cs.names[x]} in hand"
        if not any(loc[0] == y for loc in s.locs):
            return f"you have no {cs.names[y]} in your state"
        if z:
            return "you have no development token"
        if not (cs.icon_mask[x] & cs.icon_mask[y]):
            return f"{cs.names[x]} and {cs.names[y]} share no type icon (use a development token)"
        if have[BRICK] + st[BRICK] + have[4] + st[4] == 0:
            return "developing needs 1 brick (or ammo)"
        return "not possible now"
    if kind == K.USE:
        locs = [loc for loc in s.locs if loc[0] == x]
        if not locs:
            return f"you have no {cs.names[x]} in your state"
        if cs.effect[x] != E_ACTION:
            return f"{cs.names[x]} is not an action location"
        if all(loc[1] <= 0 for loc in locs):
            return f"{cs.names[x]} has no use left this round"
        if cs.act_any[x] and not 1 <= y <= 5:
            return f"{cs.names[x]} needs a good to pay: use {cs.ids[x]} fuel|gun|iron|brick|ammo"
        if cs.act_choice[x] and not 1 <= y <= 4:
            return f"{cs.names[x]} needs the good to take: use {cs.ids[x]} fuel|gun|iron|brick"
        if cs.act_deal[x]:
            if y < 6:
                return f"{cs.names[x]} needs a deal to give up: use {cs.ids[x]} CARD"
            if not s.deals[y - 6]:
                return f"you have no {cs.names[y - 6]} deal"
        if not (cs.act_any[x] or cs.act_choice[x] or cs.act_deal[x]) and y:
            return f"{cs.names[x]} takes no extra argument"
        return f"you cannot pay for {cs.names[x]}: {effect_text(cs, x)}"
    if kind == K.FACTION:
        fac = s.game.factions.factions[s.faction]
        if s.fac_used >> x & 1:
            return f"faction action {x + 1} was already used this round"
        if fac.action_card[x] and y < 0:
            return f"faction action {x + 1} needs a card from hand: faction {x + 1} CARD"
        if not fac.action_card[x] and y >= 0:
            return f"faction action {x + 1} takes no card"
        if y >= 0 and not s.hand[y]:
            return f"you have no {L.hand_ids[y]} in hand"
        return f"faction action {x + 1} costs {vector_text(fac.action_cost[x])}"
    if kind in (K.WORK, K.TAKE):
        if have[WORKER] + st[WORKER] < 2:
            return "this needs 2 workers"
        return f"no {K.COLOURS[x]} connection card is face up"
    if kind == K.PLAY:
        if not s.hand[L.n + x]:
            return f"you have no {cs.conn_names[x]} in hand"
        return f"{cs.conn_names[x]} costs {vector_text(cs.conn_cost[x])}"
    if kind == K.OPP:
        if have[WORKER] + st[WORKER] < 1:
            return "this needs 1 worker"
        return f"the opponent has no unused {cs.names[x]} this round"
    return "not possible now"
