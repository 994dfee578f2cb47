"""Placement: which piece may go on which square now, placing it and taking it back.

Every function takes the state first and is bound as a ``DiverciteState`` method
(``legal_actions``, ``is_legal``, ``explain_illegal``, ``make``/``_apply``,
``unmake``). ``place_piece`` and ``take_back`` are the search's hot path: they
keep everything in flat lists and call nothing but the city re-scoring.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from solotable.core.message import Msg, msg
from solotable.games.divercite.actions import (
    NEUTRAL_BASE,
    RES_BASE,
)
from solotable.games.divercite.board import (
    CITY_NAMES,
    CITY_RES,
    COLOURS,
    NEUTRAL_BIT,
    RES_CITIES,
    RES_NAMES,
    TOTAL_PLIES,
    colour_name,
)
from solotable.games.divercite.rules.scoring import rescore_city

if TYPE_CHECKING:
    from solotable.games.divercite.state import DiverciteState


def legal_placements(state: DiverciteState) -> list[int]:
    """Every piece of the mover's supply on every empty square of its kind.

    Seed: Ordre du tour (a city on a city square or a resource on a resource
    square, any empty one, no adjacency needed); Seed: Ordre du tour, last
    paragraph, and the variant (the neutral token, alone, on the last free
    square or, in the variant, first). Spec §3: never empty, so no pass.
    """
    ply = state._ply
    if ply >= TOTAL_PLIES:
        return []
    if ply == state._neutral_ply:
        return [NEUTRAL_BASE + r for r in state._empty_r]
    sup = state._supply
    base = (state._first ^ (ply & 1)) * 8
    out: list[int] = []
    cacts = state._cacts
    racts = state._racts
    if sup[base]:
        out += cacts[0]
    if sup[base + 1]:
        out += cacts[1]
    if sup[base + 2]:
        out += cacts[2]
    if sup[base + 3]:
        out += cacts[3]
    if sup[base + 4]:
        out += racts[0]
    if sup[base + 5]:
        out += racts[1]
    if sup[base + 6]:
        out += racts[2]
    if sup[base + 7]:
        out += racts[3]
    return out


def is_legal_placement(state: DiverciteState, action: int) -> bool:
    """``action in legal_placements(state)`` without building the list.

    Seed: Ordre du tour (the square must be empty, the piece in the mover's
    supply; the neutral token only on its own turn).
    """
    ply = state._ply
    if ply >= TOTAL_PLIES or not 0 <= action < NEUTRAL_BASE + 25:
        return False
    if ply == state._neutral_ply:
        return action >= NEUTRAL_BASE and not state._res[action - NEUTRAL_BASE]
    p8 = (state._first ^ (ply & 1)) * 8
    if action < RES_BASE:
        k, c = divmod(action, 16)
        return state._owner[c] < 0 and state._supply[p8 + k] > 0
    if action < NEUTRAL_BASE:
        k, r = divmod(action - RES_BASE, 25)
        return not state._res[r] and state._supply[p8 + 4 + k] > 0
    return False


def refusal_reason(state: DiverciteState, action: int) -> Msg | None:
    """Why a placement in the action space is refused now (a ``divercite.illegal.*`` message).

    Seed: Ordre du tour (empty square, own supply, the neutral token last);
    the variant (the neutral token first). Called only for actions
    ``is_legal_placement`` rejected before the end of the game.
    """
    p = state._first ^ (state._ply & 1)
    if state._ply == state._neutral_ply:
        if action < NEUTRAL_BASE:
            if state.game.neutral_first:
                return msg("divercite.illegal.neutral-first", seat=p)
            return msg(
                "divercite.illegal.neutral-last", seat=p, square=RES_NAMES[state._empty_r[0]]
            )
        return _occupied_resource_square(state, action - NEUTRAL_BASE)
    if action >= NEUTRAL_BASE:
        return msg("divercite.illegal.neutral-not-now", variant=state.game.neutral_first)
    if action < RES_BASE:
        k, c = divmod(action, 16)
        if state._owner[c] >= 0:
            return msg(
                "divercite.illegal.occupied",
                square=CITY_NAMES[c],
                piece="city",
                colour=colour_name(state._cbit[c]),
                owner=state._owner[c],
            )
        return msg("divercite.illegal.none-left", seat=p, piece="city", colour=COLOURS[k])
    k, r = divmod(action - RES_BASE, 25)
    if state._res[r]:
        return _occupied_resource_square(state, r)
    return msg("divercite.illegal.none-left", seat=p, piece="resource", colour=COLOURS[k])


def _occupied_resource_square(state: DiverciteState, r: int) -> Msg:
    """Resource square ``r`` is taken: by the neutral token or a resource of some colour."""
    bit = state._res[r]
    if bit == NEUTRAL_BIT:
        return msg("divercite.illegal.occupied", square=RES_NAMES[r], piece="neutral")
    return msg(
        "divercite.illegal.occupied", square=RES_NAMES[r], piece="resource", colour=colour_name(bit)
    )


def _drop_resource_actions(racts: list[list[int]], r: int) -> None:
    """Square ``r`` is taken: its four resource actions leave the per-colour lists."""
    a = RES_BASE + r
    l0, l1, l2, l3 = racts
    l0.remove(a)
    l1.remove(a + 25)
    l2.remove(a + 50)
    l3.remove(a + 75)


def _restore_resource_actions(racts: list[list[int]], r: int) -> None:
    """Square ``r`` is free again (take-back): its actions go back in sorted order."""
    a = RES_BASE + r
    l0, l1, l2, l3 = racts
    insort(l0, a)
    insort(l1, a + 25)
    insort(l2, a + 50)
    insort(l3, a + 75)


def place_piece(state: DiverciteState, action: int) -> None:
    """Place a legal piece and score what it changes (``make``; see ``place_on_board``)."""
    place_on_board(state, action)
    if action < RES_BASE:
        c = action & 15
        l0, l1, l2, l3 = state._cacts
        l0.remove(c)
        l1.remove(c + 16)
        l2.remove(c + 32)
        l3.remove(c + 48)
    else:
        _drop_resource_actions(state._racts, _res_square(action))


def _res_square(action: int) -> int:
    return (action - RES_BASE) % 25 if action < NEUTRAL_BASE else action - NEUTRAL_BASE


def place_on_board(state: DiverciteState, action: int) -> None:
    """Place a legal piece and score what it changes, leaving the per-colour move lists
    (``legal_actions``) as they were: the search's ``search_make``, whose nodes list
    their moves from the board (``scored_moves``) and take every move back.

    Seed: Ordre du tour (a placed piece never moves, then the other player
    plays); Seed: Décompte des points (a new city counts its neighbours at
    once, a new resource counts for every city around it, whoever owns it;
    the neutral token counts for nobody). Spec §5: points kept incrementally.
    """
    ply = state._ply
    p = state._first ^ (ply & 1)
    if action < RES_BASE:
        # A city: scored at once from the resources already around it.
        k, c = divmod(action, 16)
        bit = 1 << k
        res = state._res
        r0, r1, r2, r3 = CITY_RES[c]
        b0, b1, b2, b3 = res[r0], res[r1], res[r2], res[r3]
        if b0 | b1 | b2 | b3 == 15:
            pts = 5
        else:
            pts = (b0 == bit) + (b1 == bit) + (b2 == bit) + (b3 == bit)
        state._owner[c] = p
        state._cbit[c] = bit
        state._pts[c] = pts
        state._scores[p] += pts
        state._supply[p * 8 + k] -= 1
        state._empty_c.remove(c)
    elif action < NEUTRAL_BASE:
        # A resource: belongs to the board and re-scores every owned city around it.
        k, r = divmod(action - RES_BASE, 25)
        state._res[r] = 1 << k
        owner = state._owner
        for c in RES_CITIES[r]:
            o = owner[c]
            if o >= 0:
                rescore_city(state, c, o)
        state._supply[p * 8 + 4 + k] -= 1
        state._empty_r.remove(r)
    else:
        # The neutral token is no colour: it cannot raise any city's points (spec §5).
        r = action - NEUTRAL_BASE
        state._res[r] = NEUTRAL_BIT
        state._empty_r.remove(r)
    state._ply = ply + 1


def take_back(state: DiverciteState, action: int) -> None:
    """Undo ``place_piece(action)``, which must be the last placement (search only)."""
    take_off_board(state, action)
    if action < RES_BASE:
        c = action & 15
        l0, l1, l2, l3 = state._cacts
        insort(l0, c)
        insort(l1, c + 16)
        insort(l2, c + 32)
        insort(l3, c + 48)
    else:
        _restore_resource_actions(state._racts, _res_square(action))


def take_off_board(state: DiverciteState, action: int) -> None:
    """Undo ``place_on_board(action)``, which must be the last placement (search only).

    Not a rule of the game (a placed piece never moves, Seed: Ordre du tour):
    it lets search explore in place, restoring board, supply, scores and the
    sorted lists of empty squares exactly.
    """
    ply = state._ply - 1
    p = state._first ^ (ply & 1)
    state._ply = ply
    if action < RES_BASE:
        k, c = divmod(action, 16)
        state._scores[p] -= state._pts[c]
        state._owner[c] = -1
        state._cbit[c] = 0
        state._pts[c] = 0
        state._supply[p * 8 + k] += 1
        insort(state._empty_c, c)
    elif action < NEUTRAL_BASE:
        k, r = divmod(action - RES_BASE, 25)
        state._res[r] = 0
        owner = state._owner
        for c in RES_CITIES[r]:
            o = owner[c]
            if o >= 0:
                rescore_city(state, c, o)
        state._supply[p * 8 + 4 + k] += 1
        insort(state._empty_r, r)
    else:
        r = action - NEUTRAL_BASE
        state._res[r] = 0
        insort(state._empty_r, r)
