"""The Divercité position: flat lists of ints, incremental scores, make/unmake.

Player 0 is White and player 1 is Black. The game has no chance node: it is
41 plies of free placement (40 pieces and the neutral token), so a state is
the board, both supplies, the running scores and the ply counter.

The player to move at ply ``i`` is always ``first ^ (i & 1)``: in the normal
game the first player places the neutral token at ply 40, in the
"neutral first" variant at ply 0, and the other player then opens the 40
placements. So no turn bookkeeping is needed beyond the ply.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from solotable.core.game import Observation, State
from solotable.core.players import TERMINAL
from solotable.core.rng import Rng
from solotable.games.divercite import board as B
from solotable.games.divercite.board import (
    CITY_RES,
    NEUTRAL_BASE,
    NEUTRAL_BIT,
    NUM_ACTIONS,
    RES_BASE,
    RES_CITIES,
    RES_CITY_OTHERS,
)

if TYPE_CHECKING:
    from solotable.games.divercite.game import DiverciteGame

PLAYER_NAMES = ("White", "Black")
TOTAL_PLIES = 41
"""40 placements and the neutral token."""

_CITY_OFFSETS = tuple(k * 16 for k in range(4))
_RES_OFFSETS = tuple(RES_BASE + k * 25 for k in range(4))
_CITY_ACTS = tuple(tuple(off + c for off in _CITY_OFFSETS) for c in range(16))
_RES_ACTS = tuple(tuple(off + r for off in _RES_OFFSETS) for r in range(25))
_ALL_CITY_ACTS = tuple(tuple(off + c for c in range(16)) for off in _CITY_OFFSETS)
_ALL_RES_ACTS = tuple(tuple(off + r for r in range(25)) for off in _RES_OFFSETS)
_COMPLETES = tuple(15 ^ rest if rest < 16 and rest.bit_count() == 3 else 0 for rest in range(32))
"""Indexed by the OR of a city's three other neighbours: the colour bit that would make
its fourth neighbour complete a Divercité, or 0 when none can."""


class DiverciteState(State):
    """One position. Flat lists of ints; ``make``/``unmake`` serve search agents.

    ``_res[r]`` is a colour bit (1 red, 2 green, 4 blue, 8 yellow), 0 when empty,
    16 for the neutral token. ``_owner[c]`` is -1 or the owning player,
    ``_cbit[c]`` the city's colour bit, ``_pts[c]`` its points so far (spec §5:
    they never decrease). ``_supply[p * 8 + t]`` counts player ``p``'s pieces of
    type ``t`` (0–3 cities, 4–7 resources, by colour). Empty squares are kept in
    sorted lists so that move generation is a couple of comprehensions.
    """

    __slots__ = (
        "_cacts",
        "_cbit",
        "_empty_c",
        "_empty_r",
        "_first",
        "_neutral_ply",
        "_owner",
        "_ply",
        "_pts",
        "_racts",
        "_res",
        "_rng",
        "_scores",
        "_supply",
        "game",
        "history",
        "seed",
    )

    game: DiverciteGame

    def __init__(self, game: DiverciteGame, seed: int = 0) -> None:
        self.game = game
        self.seed = seed
        self._rng: Rng | None = None
        self.history: list[int] = []
        self._first = game.first_player
        self._neutral_ply = 0 if game.neutral_first else TOTAL_PLIES - 1
        self._ply = 0
        self._owner = [-1] * 16
        self._cbit = [0] * 16
        self._pts = [0] * 16
        self._res = [0] * 25
        self._scores = [0, 0]
        self._supply = ([B.CITIES_PER_COLOUR] * 4 + [B.RESOURCES_PER_COLOUR] * 4) * 2
        self._empty_c = list(range(16))
        self._empty_r = list(range(25))
        self._cacts = [list(t) for t in _ALL_CITY_ACTS]
        self._racts = [list(t) for t in _ALL_RES_ACTS]

    @property
    def rng(self) -> Rng:
        """Built on first use: Divercité has no chance node, so playouts never need it."""
        if self._rng is None:
            self._rng = Rng(self.seed)
        return self._rng

    @rng.setter
    def rng(self, value: Rng) -> None:
        self._rng = value

    # -- turn ------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self._ply >= TOTAL_PLIES:
            return TERMINAL
        return self._first ^ (self._ply & 1)

    def is_terminal(self) -> bool:
        return self._ply >= TOTAL_PLIES

    @property
    def ply(self) -> int:
        """Plies played so far (0–41), the neutral token included."""
        return self._ply

    @property
    def first_player(self) -> int:
        return self._first

    def is_neutral_turn(self) -> bool:
        """True when the only kind of move is placing the neutral token."""
        return self._ply == self._neutral_ply

    def placements_left(self) -> int:
        """Pieces (not counting the neutral token) still to be placed by both players."""
        return 2 * B.PIECES_PER_PLAYER - (self._ply - (self._ply > self._neutral_ply))

    # -- moves -----------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        ply = self._ply
        if ply >= TOTAL_PLIES:
            return []
        if ply == self._neutral_ply:
            return [NEUTRAL_BASE + r for r in self._empty_r]
        sup = self._supply
        base = (self._first ^ (ply & 1)) * 8
        out: list[int] = []
        cacts = self._cacts
        racts = self._racts
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

    def illegal_reason(self, action: int) -> str | None:
        if self._ply >= TOTAL_PLIES:
            return "the game is over"
        if not 0 <= action < NUM_ACTIONS:
            return "outside the game's action space"
        p = self.current_player()
        who = PLAYER_NAMES[p]
        if self._ply == self._neutral_ply:
            if action < NEUTRAL_BASE:
                if self.game.neutral_first:
                    return (
                        f"in the neutral-first variant {who} must first place the neutral "
                        "token on a resource square (e.g. 'N E5')"
                    )
                last = B.RES_NAMES[self._empty_r[0]]
                return (
                    f"all pieces are placed: {who} must put the neutral token on {last} "
                    f"('N {last}')"
                )
            r = action - NEUTRAL_BASE
            if self._res[r]:
                return f"{B.RES_NAMES[r]} is already occupied"
            return None
        if action >= NEUTRAL_BASE:
            when = "first move" if self.game.neutral_first else "last move of the game"
            return f"the neutral token is placed only as the {when}"
        if action < RES_BASE:
            k, c = divmod(action, 16)
            if self._owner[c] >= 0:
                return f"{B.CITY_NAMES[c]} is already occupied ({self._describe_city(c)})"
            if not self._supply[p * 8 + k]:
                return f"{who} has no {B.COLOURS[k]} city left"
            return None
        k, r = divmod(action - RES_BASE, 25)
        if self._res[r]:
            return f"{B.RES_NAMES[r]} is already occupied ({self._describe_res(r)})"
        if not self._supply[p * 8 + 4 + k]:
            return f"{who} has no {B.COLOURS[k]} resource left"
        return None

    def _describe_city(self, c: int) -> str:
        colour = B.COLOURS[self._cbit[c].bit_length() - 1]
        return f"{PLAYER_NAMES[self._owner[c]]}'s {colour} city"

    def _describe_res(self, r: int) -> str:
        bit = self._res[r]
        if bit == NEUTRAL_BIT:
            return "the neutral token"
        return f"a {B.COLOURS[bit.bit_length() - 1]} resource"

    def _apply(self, action: int) -> None:
        self.make(action)

    def make(self, action: int) -> None:
        """Play a legal action without recording it (search's make; see ``unmake``)."""
        ply = self._ply
        p = self._first ^ (ply & 1)
        if action < RES_BASE:
            k, c = divmod(action, 16)
            bit = 1 << k
            res = self._res
            r0, r1, r2, r3 = CITY_RES[c]
            b0, b1, b2, b3 = res[r0], res[r1], res[r2], res[r3]
            if b0 | b1 | b2 | b3 == 15:
                pts = 5
            else:
                pts = (b0 == bit) + (b1 == bit) + (b2 == bit) + (b3 == bit)
            self._owner[c] = p
            self._cbit[c] = bit
            self._pts[c] = pts
            self._scores[p] += pts
            self._supply[p * 8 + k] -= 1
            self._empty_c.remove(c)
            for lst, a in zip(self._cacts, _CITY_ACTS[c], strict=True):
                lst.remove(a)
        elif action < NEUTRAL_BASE:
            k, r = divmod(action - RES_BASE, 25)
            res = self._res
            res[r] = 1 << k
            owner = self._owner
            for c in RES_CITIES[r]:
                o = owner[c]
                if o >= 0:
                    self._rescore(c, o)
            self._supply[p * 8 + 4 + k] -= 1
            self._empty_r.remove(r)
            for lst, a in zip(self._racts, _RES_ACTS[r], strict=True):
                lst.remove(a)
        else:
            r = action - NEUTRAL_BASE
            self._res[r] = NEUTRAL_BIT
            self._empty_r.remove(r)
            for lst, a in zip(self._racts, _RES_ACTS[r], strict=True):
                lst.remove(a)
            # The token is no colour: it cannot raise any city's points (spec §5).
        self._ply = ply + 1

    def _rescore(self, c: int, owner: int) -> None:
        res = self._res
        r0, r1, r2, r3 = CITY_RES[c]
        b0, b1, b2, b3 = res[r0], res[r1], res[r2], res[r3]
        if b0 | b1 | b2 | b3 == 15:
            pts = 5
        else:
            bit = self._cbit[c]
            pts = (b0 == bit) + (b1 == bit) + (b2 == bit) + (b3 == bit)
        d = pts - self._pts[c]
        if d:
            self._pts[c] = pts
            self._scores[owner] += d

    def unmake(self, action: int) -> None:
        """Take back ``action``, which must be the last one made (search only)."""
        ply = self._ply - 1
        p = self._first ^ (ply & 1)
        self._ply = ply
        if action < RES_BASE:
            k, c = divmod(action, 16)
            self._scores[p] -= self._pts[c]
            self._owner[c] = -1
            self._cbit[c] = 0
            self._pts[c] = 0
            self._supply[p * 8 + k] += 1
            insort(self._empty_c, c)
            for lst, a in zip(self._cacts, _CITY_ACTS[c], strict=True):
                insort(lst, a)
        elif action < NEUTRAL_BASE:
            k, r = divmod(action - RES_BASE, 25)
            self._res[r] = 0
            owner = self._owner
            for c in RES_CITIES[r]:
                o = owner[c]
                if o >= 0:
                    self._rescore(c, o)
            self._supply[p * 8 + 4 + k] += 1
            insort(self._empty_r, r)
            for lst, a in zip(self._racts, _RES_ACTS[r], strict=True):
                insort(lst, a)
        else:
            r = action - NEUTRAL_BASE
            self._res[r] = 0
            insort(self._empty_r, r)
            for lst, a in zip(self._racts, _RES_ACTS[r], strict=True):
                insort(lst, a)

    def gain(self, action: int) -> int:
        """Immediate score difference ``action`` brings its mover (own gain − opponent's)."""
        if action < RES_BASE:
            k, c = divmod(action, 16)
            bit = 1 << k
            res = self._res
            r0, r1, r2, r3 = CITY_RES[c]
            b0, b1, b2, b3 = res[r0], res[r1], res[r2], res[r3]
            if b0 | b1 | b2 | b3 == 15:
                return 5
            return (b0 == bit) + (b1 == bit) + (b2 == bit) + (b3 == bit)
        if action >= NEUTRAL_BASE:
            return 0
        k, r = divmod(action - RES_BASE, 25)
        bit = 1 << k
        p = self._first ^ (self._ply & 1)
        res = self._res
        owner = self._owner
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
                d = 5 - self._pts[c]
            elif self._cbit[c] == bit:
                d = 1
            else:
                continue
            total += d if o == p else -d
        return total

    def best_gain(self, enough: int = 99) -> int:
        """``max(gain(a) for a in legal_actions())`` for a placement turn, computed per square.

        Search horizons call this for every leaf, so it works square by square
        (a resource square touching no city is worth 0 in every colour) and
        stops early once a gain of ``enough`` is found (alpha-beta needs no more).
        """
        p = self._first ^ (self._ply & 1)
        base = p * 8
        sup = self._supply
        res = self._res
        best = -(10**6)
        city_bits = [1 << k for k in range(4) if sup[base + k]]
        if city_bits:
            for c in self._empty_c:
                r0, r1, r2, r3 = CITY_RES[c]
                b0, b1, b2, b3 = res[r0], res[r1], res[r2], res[r3]
                m = b0 | b1 | b2 | b3
                if m == 15:
                    if best < 5:
                        best = 5
                    continue
                if m == 0 or m == NEUTRAL_BIT:
                    if best < 0:
                        best = 0
                    continue
                for bit in city_bits:
                    g = (b0 == bit) + (b1 == bit) + (b2 == bit) + (b3 == bit)
                    if g > best:
                        best = g
            if best >= enough:
                return best
        bits = [1 << k for k in range(4) if sup[base + 4 + k]]
        if not bits:
            return best
        owner = self._owner
        cbit = self._cbit
        pts = self._pts
        for r in self._empty_r:
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

    def open_neighbours(self) -> int:
        """Empty squares around the mover's unfinished cities minus the opponent's.

        A cheap measure of points still to come (search agents' horizon heuristic):
        a city with open neighbours can still gain, a finished Divercité cannot.
        """
        p = self._first ^ (self._ply & 1)
        res = self._res
        owner = self._owner
        pts = self._pts
        total = 0
        for c in range(16):
            o = owner[c]
            if o < 0 or pts[c] == 5:
                continue
            r0, r1, r2, r3 = CITY_RES[c]
            e = (res[r0] == 0) + (res[r1] == 0) + (res[r2] == 0) + (res[r3] == 0)
            total += e if o == p else -e
        return total

    def scored_moves(self) -> list[tuple[int, int]]:
        """``(gain(a), a)`` for every legal placement, computed square by square.

        Equivalent to ``[(gain(a), a) for a in legal_actions()]`` (tests check it)
        but cheaper: a resource square touching no city is worth 0 in every colour.
        """
        ply = self._ply
        if ply == self._neutral_ply:
            return [(0, a) for a in self.legal_actions()]
        p = self._first ^ (ply & 1)
        base = p * 8
        sup = self._supply
        res = self._res
        out: list[tuple[int, int]] = []
        city_ks = [k for k in range(4) if sup[base + k]]
        if city_ks:
            for c in self._empty_c:
                r0, r1, r2, r3 = CITY_RES[c]
                b0, b1, b2, b3 = res[r0], res[r1], res[r2], res[r3]
                if b0 | b1 | b2 | b3 == 15:
                    out += [(5, k * 16 + c) for k in city_ks]
                elif b0 | b1 | b2 | b3:
                    for k in city_ks:
                        bit = 1 << k
                        out.append(
                            ((b0 == bit) + (b1 == bit) + (b2 == bit) + (b3 == bit), k * 16 + c)
                        )
                else:
                    out += [(0, k * 16 + c) for k in city_ks]
        res_ks = [k for k in range(4) if sup[base + 4 + k]]
        if not res_ks:
            return out
        owner = self._owner
        cbit = self._cbit
        pts = self._pts
        for r in self._empty_r:
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

    # -- results ---------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self._scores[0]), float(self._scores[1])]

    def score_diff(self) -> int:
        """Score of the player to move minus the other's (the search's evaluation)."""
        p = self._first ^ (self._ply & 1)
        return self._scores[p] - self._scores[1 - p]

    def winner(self) -> int | None:
        """The winning player at the end, None for a shared result (or before the end)."""
        if self._ply < TOTAL_PLIES:
            return None
        s0, s1 = self._scores
        if s0 != s1:
            return 0 if s0 > s1 else 1
        if self.game.options["tiebreak"] == "course":
            return self._course_tiebreak()[0]
        return None

    def _course_tiebreak(self) -> tuple[int, str]:
        """INF8175's tie-break: more Divercités, then more cities with 4, 3, 2 matches.

        Still level after that, the first player wins (the course's later rule).
        """
        div = [0, 0]
        matches = [[0] * 5, [0] * 5]
        for c in range(16):
            o = self._owner[c]
            if o < 0:
                continue
            pts = self._pts[c]
            if pts == 5:
                div[o] += 1
            else:
                matches[o][pts] += 1
        if div[0] != div[1]:
            return (0 if div[0] > div[1] else 1), "more Divercités"
        for n in (4, 3, 2):
            if matches[0][n] != matches[1][n]:
                return (0 if matches[0][n] > matches[1][n] else 1), f"more cities with {n} matches"
        return self._first, "the first player wins a perfect tie"

    def returns(self) -> list[float]:
        w = self.winner()
        if w is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def divercites(self) -> list[int]:
        """Cities scoring 5 per player (completed Divercités)."""
        out = [0, 0]
        for c in range(16):
            if self._owner[c] >= 0 and self._pts[c] == 5:
                out[self._owner[c]] += 1
        return out

    def outcome(self) -> str:
        s0, s1 = self._scores
        if self._ply < TOTAL_PLIES:
            return (
                f"in progress after {self._ply} plies: White {s0}, Black {s1}; "
                f"{PLAYER_NAMES[self.current_player()]} to move"
            )
        d0, d1 = self.divercites()
        tally = f"{s0}–{s1} (Divercités {d0}–{d1})"
        if s0 != s1:
            w = 0 if s0 > s1 else 1
            return f"{PLAYER_NAMES[w]} wins {tally}: more points once the board is full"
        if self.game.options["tiebreak"] == "course":
            w, why = self._course_tiebreak()
            return f"{PLAYER_NAMES[w]} wins a {tally} tie on the course tie-break: {why}"
        # The rules' advice for a tie is a rematch with the other player starting.
        starter = PLAYER_NAMES[1 - self._first]
        return f"shared result: both players scored {s0} ({tally}); rematch with {starter} starting"

    def stats(self) -> dict[str, str | float]:
        d0, d1 = self.divercites()
        w = self.winner()
        seat = "draw" if w is None else ("first player" if w == self._first else "second player")
        return {
            "winning seat": seat,
            "White points": float(self._scores[0]),
            "Black points": float(self._scores[1]),
            "White Divercités": float(d0),
            "Black Divercités": float(d1),
            "margin": float(abs(self._scores[0] - self._scores[1])),
        }

    def recomputed_scores(self) -> list[int]:
        """Scores computed from scratch from the board (tests check the incremental ones)."""
        out = [0, 0]
        for c in range(16):
            o = self._owner[c]
            if o >= 0:
                bits = [self._res[r] for r in CITY_RES[c]]
                out[o] += B.city_points(bits, self._cbit[c])
        return out

    # -- views -----------------------------------------------------------------------------
    def board_dict(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for c in range(16):
            if self._owner[c] >= 0:
                out[B.CITY_NAMES[c]] = {
                    "piece": "city",
                    "colour": B.COLOURS[self._cbit[c].bit_length() - 1],
                    "owner": self._owner[c],
                    "points": self._pts[c],
                }
        for r in range(25):
            bit = self._res[r]
            if bit == NEUTRAL_BIT:
                out[B.RES_NAMES[r]] = {"piece": "neutral"}
            elif bit:
                out[B.RES_NAMES[r]] = {
                    "piece": "resource",
                    "colour": B.COLOURS[bit.bit_length() - 1],
                }
        return out

    def supply_dict(self, p: int) -> dict[str, dict[str, int]]:
        s = self._supply
        return {
            "cities": {B.COLOURS[k]: s[p * 8 + k] for k in range(4)},
            "resources": {B.COLOURS[k]: s[p * 8 + 4 + k] for k in range(4)},
        }

    def observation(self, player: int) -> Observation:
        terminal = self._ply >= TOTAL_PLIES
        obs: Observation = {
            "game": "divercite",
            "player": player,
            "to_move": None if terminal else self.current_player(),
            "first_player": self._first,
            "neutral_first": self.game.neutral_first,
            "ply": self._ply,
            "board": self.board_dict(),
            "supply": [self.supply_dict(0), self.supply_dict(1)],
            "scores": list(self._scores),
            "moves": [B.action_to_string(a) for a in self.history],
            "terminal": terminal,
            "neutral_turn": self._ply == self._neutral_ply,
        }
        if terminal:
            w = self.winner()
            obs["result"] = {
                "winner": w,
                "returns": self.returns(),
                "outcome": self.outcome(),
                "divercites": self.divercites(),
                "breakdown": self.breakdown(),
            }
        return obs

    def breakdown(self) -> list[dict[str, Any]]:
        """Per city: square, owner, colour, neighbours and points (the end screen's table)."""
        rows = []
        for c in range(16):
            o = self._owner[c]
            if o < 0:
                continue
            neigh = []
            for r in CITY_RES[c]:
                bit = self._res[r]
                what = (
                    "neutral"
                    if bit == NEUTRAL_BIT
                    else (B.COLOURS[bit.bit_length() - 1] if bit else "empty")
                )
                neigh.append([B.RES_NAMES[r], what])
            rows.append(
                {
                    "square": B.CITY_NAMES[c],
                    "owner": o,
                    "colour": B.COLOURS[self._cbit[c].bit_length() - 1],
                    "neighbours": neigh,
                    "points": self._pts[c],
                    "divercite": self._pts[c] == 5,
                }
            )
        return rows

    def to_dict(self) -> dict[str, Any]:
        # The state never draws from its RNG (no chance node), so its seed is its whole state.
        return {
            "seed": self.seed,
            "options": dict(self.game.options),
            "ply": self._ply,
            "owner": list(self._owner),
            "city_bits": list(self._cbit),
            "city_points": list(self._pts),
            "resources": list(self._res),
            "supply": list(self._supply),
            "scores": list(self._scores),
            "history": list(self.history),
        }

    def clone(self) -> DiverciteState:
        s = DiverciteState.__new__(DiverciteState)
        s.game = self.game
        s.seed = self.seed
        s._rng = None if self._rng is None else self._rng.clone()
        s.history = self.history[:]
        s._first = self._first
        s._neutral_ply = self._neutral_ply
        s._ply = self._ply
        s._owner = self._owner[:]
        s._cbit = self._cbit[:]
        s._pts = self._pts[:]
        s._res = self._res[:]
        s._scores = self._scores[:]
        s._supply = self._supply[:]
        s._empty_c = self._empty_c[:]
        s._empty_r = self._empty_r[:]
        s._cacts = [lst[:] for lst in self._cacts]
        s._racts = [lst[:] for lst in self._racts]
        return s

    # -- notation ------------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return B.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return B.string_to_action(text)

    def describe_action(self, action: int) -> str:
        return B.describe_action(action)
