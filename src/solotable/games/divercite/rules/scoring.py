"""Scoring: a city's points, kept incrementally; the end of the game, the winner, tie-breaks.

Seed: Décompte des points. A city surrounded by four different colours (a
Divercité) is worth 5, otherwise 1 per neighbouring resource of its colour.
Points are kept as the board fills (spec §5: they never decrease), so the score
difference is always at hand for search; ``recomputed_scores`` recounts from
scratch for the tests. Functions take the state first and are bound as
``DiverciteState`` methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.core.message import Msg, msg
from solotable.games.divercite.actions import NEUTRAL_BASE, RES_BASE
from solotable.games.divercite.board import (
    CITY_RES,
    RES_CITIES,
    RES_CITY_OTHERS,
    TOTAL_PLIES,
)

if TYPE_CHECKING:
    from solotable.games.divercite.state import DiverciteState

DIVERCITE_POINTS = 5
NO_MOVE = -(10**6)
"""The gain table's value for an occupied square, or one none of the player's pieces fits."""

_COMPLETES = tuple(15 ^ rest if rest < 16 and rest.bit_count() == 3 else 0 for rest in range(32))
"""Indexed by the OR of a city's three other neighbours: the colour bit that would make
its fourth neighbour complete a Divercité, or 0 when none can."""


def city_points(bits: tuple[int, int, int, int] | list[int], colour_bit: int) -> int:
    """A city's points from its four neighbours' bits, counted from scratch.

    Seed: Décompte des points, case 1 (four different colours: 5) and case 2
    (1 per neighbour of the city's colour, 0 to 4); the neutral token (16) and
    an empty square (0) are no colour.
    """
    if bits[0] | bits[1] | bits[2] | bits[3] == 15:
        return DIVERCITE_POINTS
    return sum(1 for b in bits if b == colour_bit)


def rescore_city(state: DiverciteState, c: int, owner: int) -> None:
    """Bring city ``c``'s points up to date after a neighbour changed (make and unmake).

    Seed: Décompte des points (cases 1 and 2; resources count for every city
    around them, whoever owns it). Inlined arithmetic: this is the search's
    innermost call.
    """
    res = state._res
    r0, r1, r2, r3 = CITY_RES[c]
    b0, b1, b2, b3 = res[r0], res[r1], res[r2], res[r3]
    if b0 | b1 | b2 | b3 == 15:
        pts = 5
    else:
        bit = state._cbit[c]
        pts = (b0 == bit) + (b1 == bit) + (b2 == bit) + (b3 == bit)
    d = pts - state._pts[c]
    if d:
        state._pts[c] = pts
        state._scores[owner] += d


def recomputed_scores(state: DiverciteState) -> list[int]:
    """Scores counted from scratch from the board (tests check the incremental ones)."""
    out = [0, 0]
    for c in range(16):
        o = state._owner[c]
        if o >= 0:
            out[o] += city_points([state._res[r] for r in CITY_RES[c]], state._cbit[c])
    return out


def score_diff(state: DiverciteState) -> int:
    """Score of the player to move minus the other's (the search's evaluation)."""
    p = state._first ^ (state._ply & 1)
    return state._scores[p] - state._scores[1 - p]


def gain(state: DiverciteState, action: int) -> int:
    """Immediate score difference ``action`` brings its mover (own gain − opponent's).

    Seed: Décompte des points, including its example of a resource that pays
    the mover's cities and completes the opponent's Divercité at once.
    """
    if action < RES_BASE:
        k, c = divmod(action, 16)
        bit = 1 << k
        res = state._res
        r0, r1, r2, r3 = CITY_RES[c]
        b0, b1, b2, b3 = res[r0], res[r1], res[r2], res[r3]
        if b0 | b1 | b2 | b3 == 15:
            return 5
        return (b0 == bit) + (b1 == bit) + (b2 == bit) + (b3 == bit)
    if action >= NEUTRAL_BASE:
        return 0
    k, r = divmod(action - RES_BASE, 25)
    bit = 1 << k
    p = state._first ^ (state._ply & 1)
    res = state._res
    owner = state._owner
    total = 0
    for c in RES_CITIES[r]:
        o = owner[c]
        if o < 0:
            continue
        r0, r1, r2, r3 = CITY_RES[c]
        b0 = bit if r0 == r else res[r0]
        b1 = bit if r1 == r else res[r1]
        b2 = bit if r2 == r else res[r2]
        b3 = bit if r3 == r else res[r3]
        if b0 | b1 | b2 | b3 == 15:
            d = 5 - state._pts[c]
        elif state._cbit[c] == bit:
            d = 1
        else:
            continue
        total += d if o == p else -d
    return total


def scored_moves(state: DiverciteState) -> list[tuple[int, int]]:
    """``(gain(a), a)`` for every legal placement, computed square by square.

    Equivalent to ``[(gain(a), a) for a in legal_actions()]`` (tests check it)
    but cheaper: a resource square touching no city is worth 0 in every colour.
    """
    ply = state._ply
    if ply == state._neutral_ply:
        return [(0, a) for a in state.legal_actions()]
    p = state._first ^ (ply & 1)
    base = p * 8
    sup = state._supply
    res = state._res
    out: list[tuple[int, int]] = []
    city_ks = [k for k in range(4) if sup[base + k]]
    if city_ks:
        for c in state._empty_c:
            r0, r1, r2, r3 = CITY_RES[c]
            b0, b1, b2, b3 = res[r0], res[r1], res[r2], res[r3]
            if b0 | b1 | b2 | b3 == 15:
                out += [(5, k * 16 + c) for k in city_ks]
            elif b0 | b1 | b2 | b3:
                for k in city_ks:
                    bit = 1 << k
                    out.append(((b0 == bit) + (b1 == bit) + (b2 == bit) + (b3 == bit), k * 16 + c))
            else:
                out += [(0, k * 16 + c) for k in city_ks]
    res_ks = [k for k in range(4) if sup[base + 4 + k]]
    if not res_ks:
        return out
    owner = state._owner
    cbit = state._cbit
    pts = state._pts
    for r in state._empty_r:
        acc = [0] * 9
        for c, o1, o2, o3 in RES_CITY_OTHERS[r]:
            o = owner[c]
            if o < 0:
                continue
            sign = 1 if o == p else -1
            need = _COMPLETES[res[o1] | res[o2] | res[o3]]
            if need:
                acc[need] += sign * (5 - pts[c])
            if cbit[c] != need:
                acc[cbit[c]] += sign
        out += [(acc[1 << k], RES_BASE + k * 25 + r) for k in res_ks]
    return out


def open_neighbours(state: DiverciteState) -> int:
    """Empty squares around the mover's unfinished cities minus the opponent's.

    A cheap measure of points still to come (search agents' horizon heuristic):
    a city with open neighbours can still gain, a finished Divercité cannot.
    """
    p = state._first ^ (state._ply & 1)
    res = state._res
    owner = state._owner
    pts = state._pts
    total = 0
    for c in range(16):
        o = owner[c]
        if o < 0 or pts[c] == 5:
            continue
        r0, r1, r2, r3 = CITY_RES[c]
        e = (res[r0] == 0) + (res[r1] == 0) + (res[r2] == 0) + (res[r3] == 0)
        total += e if o == p else -e
    return total


# -- end of the game ----------------------------------------------------------------------


def divercites(state: DiverciteState) -> list[int]:
    """Cities scoring 5 per player (completed Divercités)."""
    out = [0, 0]
    for c in range(16):
        if state._owner[c] >= 0 and state._pts[c] == 5:
            out[state._owner[c]] += 1
    return out


def most_points_wins(state: DiverciteState) -> int | None:
    """The winning player at the end, None for a shared result (or before the end).

    Seed: But du jeu (the most points wins) and 50/50 (a tie is possible);
    spec §10.2 (a tie is shared) and §9.1 (the optional course tie-break).
    """
    if state._ply < TOTAL_PLIES:
        return None
    s0, s1 = state._scores
    if s0 != s1:
        return 0 if s0 > s1 else 1
    if state.game.options["tiebreak"] == "course":
        return course_tiebreak(state)[0]
    return None


def course_tiebreak(state: DiverciteState) -> tuple[int, str, int]:
    """The tie-break of the Polytechnique Montréal course: more Divercités, then more
    cities with 4, 3, 2 matches; ``(winner, by, matches)`` with ``by`` a code
    (``divercites``, ``matches`` with the count that decided, ``first``).

    Spec §9.1 (not in the seed; option ``tiebreak=course``). Still level after
    that, the first player wins (the course's later rule).
    """
    div = [0, 0]
    matches = [[0] * 5, [0] * 5]
    for c in range(16):
        o = state._owner[c]
        if o < 0:
            continue
        pts = state._pts[c]
        if pts == 5:
            div[o] += 1
        else:
            matches[o][pts] += 1
    if div[0] != div[1]:
        return (0 if div[0] > div[1] else 1), "divercites", 0
    for n in (4, 3, 2):
        if matches[0][n] != matches[1][n]:
            return (0 if matches[0][n] > matches[1][n] else 1), "matches", n
    return state._first, "first", 0


def final_outcome(state: DiverciteState) -> Msg:
    """The result as a message (``divercite.outcome.*``), or the position's progress before
    the end; ``solotable.words`` says it.

    Seed: 50/50 (after a tie, play again with the other player starting).
    """
    s0, s1 = state._scores
    if state._ply < TOTAL_PLIES:
        return msg(
            "divercite.outcome.in-progress",
            ply=state._ply,
            white=s0,
            black=s1,
            to_move=state.current_player(),
        )
    d0, d1 = divercites(state)
    tally = {"white": s0, "black": s1, "white_divercites": d0, "black_divercites": d1}
    if s0 != s1:
        return msg("divercite.outcome.win", winner=0 if s0 > s1 else 1, **tally)
    if state.game.options["tiebreak"] == "course":
        w, by, n = course_tiebreak(state)
        return msg("divercite.outcome.tiebreak", winner=w, by=by, matches=n, **tally)
    return msg("divercite.outcome.shared", starter=1 - state._first, **tally)
