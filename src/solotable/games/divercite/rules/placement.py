"""Placement: which piece may go on which square now, placing it and taking it back.

Every function takes the state first and is bound as a ``DiverciteState`` method
(``legal_actions``, ``is_legal``, ``explain_illegal``, ``make``/``_apply``,
``unmake``). ``place_piece`` and ``take_back`` are the search's hot path: they
keep everything in flat lists and call nothing but the city re-scoring.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
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
    RES_CITY_OTHERS,
    RES_NAMES,
    TOTAL_PLIES,
    colour_name,
)
from solotable.games.divercite.rules.scoring import rescore_city

if TYPE_CHECKING:
    from solotable.games.divercite.state import DiverciteState

RES_COLOUR = (0,) * RES_BASE + tuple((a - RES_BASE) // 25 for a in range(RES_BASE, NEUTRAL_BASE))
"""The colour index of each resource action (indexed by action id: no ``divmod`` per move)."""
RES_SQUARE = (0,) * RES_BASE + tuple((a - RES_BASE) % 25 for a in range(RES_BASE, NEUTRAL_BASE))
"""The resource square of each resource action."""
RES_SLOT = tuple(4 + k for k in RES_COLOUR)
"""The supply index (``4 + k``) of each resource action's piece."""
RES_BIT = tuple(1 << k for k in RES_COLOUR)
"""The colour bit of each resource action's piece."""


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
    c0, c1, c2, c3, r0, r1, r2, r3 = state._offer[state._first ^ (ply & 1)]
    return [*c0, *c1, *c2, *c3, *r0, *r1, *r2, *r3]


def offers(state: DiverciteState) -> list[list[Sequence[int]]]:
    """Per player, the eight move lists ``legal_placements`` joins: the per-colour city
    then resource actions on empty squares, or ``()`` for a colour the player has no piece
    of left. Kept up to date by ``place_piece``/``play``/``take_back``, so listing the
    moves is one list display with no test per colour (playouts list moves every ply)."""
    lists = [*state._cacts, *state._racts]
    sup = state._supply
    return [[lst if sup[p * 8 + i] else () for i, lst in enumerate(lists)] for p in (0, 1)]


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
    if action < NEUTRAL_BASE:
        _withdraw_if_exhausted(state, action)


def _piece_slot(action: int) -> int:
    """The supply index ``t`` (0–3 cities, 4–7 resources) of a city or resource action."""
    return action >> 4 if action < RES_BASE else 4 + RES_COLOUR[action]


def _withdraw_if_exhausted(state: DiverciteState, action: int) -> None:
    """The mover of ``action`` (just placed) has no piece of its kind and colour left:
    its moves leave that player's offer."""
    p = state._first ^ ((state._ply - 1) & 1)
    t = _piece_slot(action)
    if not state._supply[p * 8 + t]:
        state._offer[p][t] = ()


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
    if action < NEUTRAL_BASE:
        p = state._first ^ (state._ply & 1)
        t = _piece_slot(action)
        if state._supply[p * 8 + t] == 1:  # the piece back in hand was the last one
            state._offer[p][t] = state._cacts[t] if t < 4 else state._racts[t - 4]


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


def play(state: DiverciteState, action: int) -> None:
    """``place_piece`` then record the action: the state's ``apply_legal_action``.

    The same effect as ``place_on_board`` + the move-list updates + ``history``, written
    out in one function because random playouts spend half their time here (one call
    per ply instead of four; ``tests/games/divercite/test_fast_play.py`` checks it against
    ``make`` at every ply).
    """
    ply = state._ply
    p = state._first ^ (ply & 1)
    if action < RES_BASE:
        k = action >> 4
        c = action & 15
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
        sup = state._supply
        i = p * 8 + k
        n = sup[i] - 1
        sup[i] = n
        if not n:
            state._offer[p][k] = ()
        # The four colour lists run in step with the empty squares (``offers``): one
        # search finds the square's place in all five.
        empty = state._empty_c
        i = empty.index(c)
        del empty[i]
        l0, l1, l2, l3 = state._cacts
        del l0[i], l1[i], l2[i], l3[i]
    else:
        if action < NEUTRAL_BASE:
            k = RES_SLOT[action]
            r = RES_SQUARE[action]
            res = state._res
            res[r] = bit = RES_BIT[action]
            owner, cbit, city_pts = state._owner, state._cbit, state._pts
            for c, o1, o2, o3 in RES_CITY_OTHERS[r]:
                o = owner[c]
                if o >= 0:
                    # The square was empty, so the city was no Divercité (three colours at
                    # most) and scored its colour's count: it becomes one, or counts one more.
                    if bit | res[o1] | res[o2] | res[o3] == 15:
                        state._scores[o] += 5 - city_pts[c]
                        city_pts[c] = 5
                    elif cbit[c] == bit:
                        city_pts[c] += 1
                        state._scores[o] += 1
            sup = state._supply
            i = p * 8 + k
            n = sup[i] - 1
            sup[i] = n
            if not n:
                state._offer[p][k] = ()
        else:
            r = action - NEUTRAL_BASE
            state._res[r] = NEUTRAL_BIT
        empty = state._empty_r
        i = empty.index(r)
        del empty[i]
        l0, l1, l2, l3 = state._racts
        del l0[i], l1[i], l2[i], l3[i]
    state._ply = ply + 1
    state.history.append(action)
