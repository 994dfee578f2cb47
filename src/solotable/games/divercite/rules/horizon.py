"""Immediate gains square by square, for search horizons (bound as ``DiverciteState`` methods).

A search's horizon node is valued by its mover's best immediate gain
(``scoring.best_gain``). A depth-2 node has dozens of such children that differ
by one placement, and a placement changes the gains of only a few squares
(``AFFECTED_SQUARES``). So the node builds the opponent's gain table once
(``square_gains``) and values each child from the table, recomputing only the
affected squares (``best_gain_on``). Same rules as :mod:`.scoring` (Seed:
Décompte des points), counted per square; the tests compare both.

Square indices: ``c`` (0–15) for city square ``c``, ``16 + r`` for resource square ``r``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.divercite.actions import NEUTRAL_BASE, RES_BASE
from solotable.games.divercite.board import CITY_RES, RES_CITIES, RES_CITY_OTHERS
from solotable.games.divercite.rules.scoring import _COMPLETES, DIVERCITE_POINTS, NO_MOVE

if TYPE_CHECKING:
    from solotable.games.divercite.state import DiverciteState

NUM_SQUARES = 41

_PACK = (0, 1, 8, 0, 64, 0, 0, 0, 512, *([0] * 8))
"""Per resource-square value (colour bit, 0 empty, 16 neutral): its colour as a 3-bit
field, so the sum over a city square's four neighbours packs the count of each colour."""


def _packed_city_gains() -> list[int]:
    table = [NO_MOVE] * ((4 * 512 + 1) * 16)
    vals = set(_PACK)
    sums = {a + b + c + d for a in vals for b in vals for c in vals for d in vals}
    for total in sums:
        counts = [(total >> (3 * k)) & 7 for k in range(4)]
        for mask in range(1, 16):
            if counts == [1, 1, 1, 1]:
                table[total * 16 + mask] = DIVERCITE_POINTS
            else:
                table[total * 16 + mask] = max(counts[k] for k in range(4) if mask >> k & 1)
    return table


CITY_GAIN = _packed_city_gains()
"""``CITY_GAIN[packed * 16 + mask]``: the best points a new city of a colour in ``mask``
(bit ``k``: colour ``k`` in supply) scores among neighbours summing to ``packed``
(``_PACK``): 5 for four different colours, else its colour's count; ``NO_MOVE`` for mask 0."""


def _city_mask(state: DiverciteState, p: int) -> int:
    sup = state._supply
    b = p * 8
    return (sup[b] > 0) | (sup[b + 1] > 0) << 1 | (sup[b + 2] > 0) << 2 | (sup[b + 3] > 0) << 3


def _res_bits(state: DiverciteState, p: int) -> list[int]:
    sup = state._supply
    return [1 << k for k in range(4) if sup[p * 8 + 4 + k]]


def _res_square_gain(state: DiverciteState, p: int, r: int, bits: list[int]) -> int:
    """Player ``p``'s best gain from a resource (colours ``bits``) on empty square ``r``."""
    owner = state._owner
    res = state._res
    acc = None
    for c, o1, o2, o3 in RES_CITY_OTHERS[r]:
        o = owner[c]
        if o < 0:
            continue
        if acc is None:
            acc = [0] * 9
        need = _COMPLETES[res[o1] | res[o2] | res[o3]]
        cb = state._cbit[c]
        sign = 1 if o == p else -1
        if need:
            acc[need] += sign * (5 - state._pts[c])
        if cb != need:
            acc[cb] += sign
    if acc is None:
        return 0
    return max([acc[bit] for bit in bits])


def square_gains(state: DiverciteState, p: int) -> list[int]:
    """Player ``p``'s best immediate gain on each square, whoever is to move.

    ``NO_MOVE`` where the square is taken or ``p`` has no piece of its kind;
    ``max(square_gains(s, p))`` is ``best_gain`` when ``p`` is to move.
    """
    res = state._res
    out = [NO_MOVE] * NUM_SQUARES
    cm = _city_mask(state, p)
    if cm:
        for c in state._empty_c:
            r0, r1, r2, r3 = CITY_RES[c]
            out[c] = CITY_GAIN[
                (_PACK[res[r0]] + _PACK[res[r1]] + _PACK[res[r2]] + _PACK[res[r3]]) * 16 + cm
            ]
    bits = _res_bits(state, p)
    if bits:
        for r in state._empty_r:
            out[16 + r] = _res_square_gain(state, p, r, bits)
    return out


def best_gain_on(state: DiverciteState, p: int, squares: tuple[int, ...]) -> int:
    """The best of player ``p``'s gains on those of ``squares`` that are empty."""
    res = state._res
    best = NO_MOVE
    cm = -1
    bits: list[int] | None = None
    for sq in squares:
        if sq < 16:
            if state._owner[sq] >= 0:
                continue
            if cm < 0:
                cm = _city_mask(state, p)
            r0, r1, r2, r3 = CITY_RES[sq]
            g = CITY_GAIN[
                (_PACK[res[r0]] + _PACK[res[r1]] + _PACK[res[r2]] + _PACK[res[r3]]) * 16 + cm
            ]
        else:
            r = sq - 16
            if res[r]:
                continue
            if bits is None:
                bits = _res_bits(state, p)
            if not bits:
                continue
            g = _res_square_gain(state, p, r, bits)
        if g > best:
            best = g
    return best


def best_gain(state: DiverciteState, enough: int = 99) -> int:
    """``max(gain(a) for a in legal_actions())`` for a placement turn, square by square.

    Every horizon node calls it, so a resource square touching no owned city is
    worth 0 at once, and the scan stops once a gain of ``enough`` is found
    (alpha-beta needs no more).
    """
    p = state._first ^ (state._ply & 1)
    res = state._res
    best = NO_MOVE
    cm = _city_mask(state, p)
    if cm:
        for c in state._empty_c:
            r0, r1, r2, r3 = CITY_RES[c]
            g = CITY_GAIN[
                (_PACK[res[r0]] + _PACK[res[r1]] + _PACK[res[r2]] + _PACK[res[r3]]) * 16 + cm
            ]
            if g > best:
                best = g
        if best >= enough:
            return best
    bits = _res_bits(state, p)
    if not bits:
        return best
    owner = state._owner
    cbit = state._cbit
    pts = state._pts
    for r in state._empty_r:
        # acc[bit] = score difference for the mover of a resource of colour ``bit`` on r.
        acc = None
        for c, o1, o2, o3 in RES_CITY_OTHERS[r]:
            o = owner[c]
            if o < 0:
                continue
            if acc is None:
                acc = [0] * 9
            need = _COMPLETES[res[o1] | res[o2] | res[o3]]
            cb = cbit[c]
            if o == p:
                if need:
                    acc[need] += 5 - pts[c]
                if cb != need:
                    acc[cb] += 1
            else:
                if need:
                    acc[need] -= 5 - pts[c]
                if cb != need:
                    acc[cb] -= 1
        if acc is None:
            if best < 0:
                best = 0
            continue
        for bit in bits:
            if acc[bit] > best:
                best = acc[bit]
                if best >= enough:
                    return best
    return best


def greediest_move(state: DiverciteState) -> tuple[int, int]:
    """``(gain, action)`` of a placement with the mover's best immediate gain: the first
    found (cities by square, then resources by square; the lowest colour among equals).

    What a search tries first at a node usually cut off by its first move, without
    paying for ``scored_moves`` and a sort. Placement turns only.
    """
    p = state._first ^ (state._ply & 1)
    res = state._res
    best = NO_MOVE
    move = -1
    cm = _city_mask(state, p)
    if cm:
        for c in state._empty_c:
            r0, r1, r2, r3 = CITY_RES[c]
            b0, b1, b2, b3 = res[r0], res[r1], res[r2], res[r3]
            g = CITY_GAIN[(_PACK[b0] + _PACK[b1] + _PACK[b2] + _PACK[b3]) * 16 + cm]
            if g > best:
                best = g
                for k in range(4):
                    bit = 1 << k
                    if cm & bit and (
                        g == DIVERCITE_POINTS
                        or (b0 == bit) + (b1 == bit) + (b2 == bit) + (b3 == bit) == g
                    ):
                        move = k * 16 + c
                        break
    bits = _res_bits(state, p)
    if not bits:
        return best, move
    owner = state._owner
    cbit = state._cbit
    pts = state._pts
    for r in state._empty_r:
        acc = None
        for c, o1, o2, o3 in RES_CITY_OTHERS[r]:
            o = owner[c]
            if o < 0:
                continue
            if acc is None:
                acc = [0] * 9
            need = _COMPLETES[res[o1] | res[o2] | res[o3]]
            cb = cbit[c]
            if o == p:
                if need:
                    acc[need] += 5 - pts[c]
                if cb != need:
                    acc[cb] += 1
            else:
                if need:
                    acc[need] -= 5 - pts[c]
                if cb != need:
                    acc[cb] -= 1
        if acc is None:
            if best < 0:
                best, move = 0, RES_BASE + (bits[0].bit_length() - 1) * 25 + r
            continue
        for bit in bits:
            if acc[bit] > best:
                best, move = acc[bit], RES_BASE + (bit.bit_length() - 1) * 25 + r
    return best, move


def open_deltas(state: DiverciteState) -> list[int]:
    """Per square: how much a placement there changes ``open_neighbours`` for the mover.

    A new city adds its empty neighbours (none when it is already finished); a
    resource or the neutral token fills one neighbour of every city around it.
    """
    res = state._res
    out = [0] * NUM_SQUARES
    for c in state._empty_c:
        r0, r1, r2, r3 = CITY_RES[c]
        out[c] = (res[r0] == 0) + (res[r1] == 0) + (res[r2] == 0) + (res[r3] == 0)
    p = state._first ^ (state._ply & 1)
    owner = state._owner
    for r in state._empty_r:
        d = 0
        for c in RES_CITIES[r]:
            o = owner[c]
            if o == p:
                d -= 1
            elif o >= 0:
                d += 1
        out[16 + r] = d
    return out


def square_of(action: int) -> int:
    """The square index an action places on."""
    if action < RES_BASE:
        return action & 15
    return 16 + ((action - RES_BASE) % 25 if action < NEUTRAL_BASE else action - NEUTRAL_BASE)


def _affected(action: int) -> tuple[int, ...]:
    if action < RES_BASE:
        return tuple(16 + r for r in CITY_RES[action & 15])
    r = square_of(action) - 16
    near = {16 + x for c in RES_CITIES[r] for x in CITY_RES[c] if x != r}
    return tuple(sorted({*RES_CITIES[r], *near}))


AFFECTED_SQUARES = tuple(_affected(a) for a in range(NEUTRAL_BASE + 25))
"""Per action: the other squares whose gains (for either player) the placement can change:
a city changes its four resource squares; a resource or the neutral token the city
squares around it and the resource squares those cities share with it."""
AFFECTED_MASK = tuple(
    sum(1 << s for s in {square_of(a), *AFFECTED_SQUARES[a]}) for a in range(NEUTRAL_BASE + 25)
)
"""``AFFECTED_SQUARES`` and the action's own square, as a bit mask over square indices."""
SQUARE_OF = tuple(square_of(a) for a in range(NEUTRAL_BASE + 25))
"""``square_of`` as a table, for hot loops."""
