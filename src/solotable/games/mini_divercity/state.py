"""The rules engine of the Mini DiverCity digital solo mode.

The turn is driven by a stack of pending *steps* (ints: ``kind << 8 | arg``).
``_advance`` runs automatic steps until one needs input: a chance outcome (a
card off an unordered deck, a diver dealt…) or a player decision. Multi-step
rules (Oil Platform then extra discards then refills; Captain; Visionary
ordering; swap after closing a Hotel) are therefore sequences of small
decisions, each one typable action, and the action space stays fixed.

Decks are counts per card type (the unknown part) plus a known top: the
species card turned face up by the Captain / Communications Specialist, and
the Corporation cards seen by the Visionary or the optional look. So the true
state never holds an order the player could not know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.game import State
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.rng import Rng
from solotable.games.mini_divercity.actions import N_LAGOON, N_SLOTS, SLOTS
from solotable.games.mini_divercity.tables import EV_DYN, EV_OIL

if TYPE_CHECKING:
    from solotable.games.mini_divercity.game import MiniDiverCityGame

# Scale positions: two steps either way from the blue start decide a species.
ELIMINATED, RED, BLUE, GREEN, SAVED = -2, -1, 0, 1, 2

# Divers: not dealt / face up and unused / used.
D_OUT, D_READY, D_USED = 0, 1, 2
CAPTAIN, ENVIRONMENTALIST, EXPLORER, SWIMMER = 0, 1, 2, 3
COMMUNICATIONS, ENDURANCE, DIVING, VISIONARY = 4, 5, 6, 7

# Step kinds on the stack.
K_DEAL_DIVER = 1
K_REFILL = 2
K_TURN = 3
K_CORP_DRAW = 4
K_EV_OIL = 5
K_EV_DYN = 6
K_EV_HOT = 7
K_PAY = 8
K_SWAP = 9
K_PEEK = 10
K_PEEK_DRAW = 11
K_FLIP = 12
K_VIS_DRAW = 13
K_VIS_ORDER = 14
K_CAP_DRAW = 15
K_CAP_CHOICE = 16
K_COMMS_REVEAL = 17
K_DIVERS = 18
K_FLIP_ALL = 19

# Kind of input the current node needs.
CH_NONE, CH_DRAW, CH_PICK, CH_CORP, CH_DIVER = 0, 1, 2, 3, 4

# Event-log codes (formatted into words by the observation).
L_TURN = 0
L_CORP = 1
L_RESHUFFLE = 2
L_DISCARD = 3
L_HARM = 4
L_IMPROVE = 5
L_HOTEL_BUILT = 6
L_HOTEL_ALREADY = 7
L_HOTEL_CLOSED = 8
L_DYN_DECK = 9
L_DYN_DISCARD = 10
L_DYN_NONE = 11
L_DIVER = 12
L_OIL_EMPTY = 13
L_PEEK = 14
L_REVEAL_TOP = 15
L_QUICK = 16
L_EXPLORE = 17
L_SWAP = 18
L_CAP_RETURN = 19
L_LOOK = 20
L_END = 21
L_OIL_COST = 22
L_CAP_DRAW = 23
L_NO_EFFECT = 24
L_FLIP = 25
L_VIS_ORDER = 26
L_CAP_DISCARD = 27
LOG_KEEP = 14

RESULT_WIN = "win"
RESULT_LOSS = "loss"
CAUSES = ("saved", "eliminated", "hotels", "impossible", "resigned")


class MiniDiverCityState(State):
    """One position of a solo game (player 0); see ``rules.md`` for the rules."""

    __slots__ = (
        "A",
        "cap",
        "cause",
        "cdeck",
        "cdisc",
        "cdisc_top",
        "chance",
        "ctop",
        "deck",
        "dirty",
        "disc",
        "disc_top",
        "divers",
        "elim",
        "game",
        "goal",
        "hand",
        "history",
        "hotels",
        "limit",
        "log",
        "looked",
        "ncdeck",
        "ncdisc",
        "ndeck",
        "ndisc",
        "nlog",
        "pos",
        "quick_turn",
        "result",
        "rng",
        "saved",
        "showing",
        "special_turn",
        "stack",
        "t",
        "top",
        "turn",
        "up",
        "vis",
        "vis_placed",
    )

    def __init__(self, game: MiniDiverCityGame, seed: int | None = 0, *, blank: bool = False):
        t = game.tables
        self.game = game
        self.t = t
        self.A = game.space
        self.rng = Rng(seed)
        self.history: list[int] = []
        self.goal = int(game.options["save_goal"])
        self.limit = int(game.options["eliminated_limit"])
        self.pos = [BLUE] * t.n_species
        self.saved = 0
        self.elim = 0
        self.hotels = [False] * len(t.colours)
        self.divers = [D_OUT] * 8
        self.hand = [-1] * N_SLOTS
        self.up = [False] * N_SLOTS
        self.deck = [t.copies] * t.n_species
        self.ndeck = t.total_species_cards
        self.top = -1
        self.disc = [0] * t.n_species
        self.ndisc = 0
        self.disc_top = -1
        self.cdeck = list(t.corp_copies)
        self.ncdeck = t.total_corp_cards
        self.ctop: list[int] = []
        self.cdisc = [0] * t.n_corp
        self.ncdisc = 0
        self.cdisc_top = -1
        self.cap: list[int] = []
        self.vis: list[int] = []
        self.vis_placed: list[int] = []
        self.special_turn = False
        self.quick_turn = False
        self.looked = [False, False]
        self.showing = 0
        self.turn = 0
        self.result = ""
        self.cause = ""
        self.log: list[tuple[int, int, int]] = []
        self.nlog = 0
        self.dirty = False
        self.chance = CH_NONE
        # Setup, bottom of the stack first: deal divers, deal the hand, then turns.
        self.stack = [K_TURN << 8, K_REFILL << 8] + [K_DEAL_DIVER << 8] * t.divers_dealt
        if not blank:
            self._advance()

    # ------------------------------------------------------------------ API
    def current_player(self) -> int:
        if self.result:
            return TERMINAL
        return CHANCE if self.chance else 0

    def legal_actions(self) -> list[int]:
        if self.result:
            return []
        ch = self.chance
        A = self.A
        if ch == CH_DRAW:
            d = self.deck
            return [A.DRAW + s for s in range(len(d)) if d[s]]
        if ch == CH_CORP:
            d = self.cdeck
            return [A.CORP + c for c in range(len(d)) if d[c]]
        if ch == CH_PICK:
            d = self.disc
            return [A.PICK + s for s in range(len(d)) if d[s]]
        if ch == CH_DIVER:
            return [A.DEAL_DIVER + i for i in range(8) if self.divers[i] == D_OUT]
        return self._player_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ch = self.chance
        A = self.A
        if ch == CH_DRAW:
            base, counts = A.DRAW, self.deck
        elif ch == CH_CORP:
            base, counts = A.CORP, self.cdeck
        elif ch == CH_PICK:
            base, counts = A.PICK, self.disc
        elif ch == CH_DIVER:
            free = [i for i in range(8) if self.divers[i] == D_OUT]
            return [(A.DEAL_DIVER + i, 1.0 / len(free)) for i in free]
        else:
            raise ValueError("not a chance node")
        total = sum(counts)
        return [(base + i, n / total) for i, n in enumerate(counts) if n]

    def sample_chance(self) -> int:
        """Integer draw weighted by card counts: exact, and much cheaper than floats."""
        ch = self.chance
        A = self.A
        if ch == CH_DIVER:
            free = [i for i in range(8) if self.divers[i] == D_OUT]
            return A.DEAL_DIVER + free[self.rng.below(len(free))]
        if ch == CH_DRAW:
            base, counts, total = A.DRAW, self.deck, self.ndeck
        elif ch == CH_CORP:
            base, counts, total = A.CORP, self.cdeck, self.ncdeck
        elif ch == CH_PICK:
            base, counts, total = A.PICK, self.disc, self.ndisc
        else:
            raise ValueError("not a chance node")
        x = int(self.rng.random() * total)  # floor(U*n): uniform up to 2**-53
        for i, n in enumerate(counts):
            if x < n:
                return base + i
            x -= n
        raise AssertionError("card counts out of sync")

    def apply_legal_action(self, action: int) -> None:
        """Same contract as the base class, one call shallower for playouts."""
        self._apply(action)
        self.history.append(action)

    def illegal_reason(self, action: int) -> str | None:
        if self.result:
            return "the game is over"
        if action in self.legal_actions():
            return None
        if self.chance:
            return "a chance event is being resolved; only its outcomes can be applied"
        return self._why_not(action)

    def returns(self) -> list[float]:
        return [1.0 if self.result == RESULT_WIN else 0.0]

    def scores(self) -> list[float]:
        return [float(self.saved)]

    def outcome(self) -> str:
        from solotable.games.mini_divercity.observe import outcome_text

        return outcome_text(self)

    def stats(self) -> dict[str, str | float]:
        return {
            "result": self.result or "unfinished",
            "cause": self.cause or "unfinished",
            "saved": float(self.saved),
            "eliminated": float(self.elim),
            "hotels": float(sum(self.hotels)),
            "turns": float(self.turn),
        }

    def observation(self, player: int) -> dict[str, Any]:
        from solotable.games.mini_divercity.observe import observe

        return observe(self)

    def action_to_string(self, action: int) -> str:
        if not 0 <= action < self.A.size:
            raise ValueError(f"action {action} is outside the action space")
        return self.A.names[action]

    def string_to_action(self, text: str) -> int:
        return self.A.parse(text)

    def describe_action(self, action: int) -> str:
        from solotable.games.mini_divercity.observe import describe

        return describe(self, action)

    # ----------------------------------------------------------- copy / dump
    def clone(self) -> MiniDiverCityState:
        o = MiniDiverCityState.__new__(MiniDiverCityState)
        o.game = self.game
        o.t = self.t
        o.A = self.A
        o.rng = self.rng.clone()
        o.history = self.history[:]
        o.goal = self.goal
        o.limit = self.limit
        o.pos = self.pos[:]
        o.saved = self.saved
        o.elim = self.elim
        o.hotels = self.hotels[:]
        o.divers = self.divers[:]
        o.hand = self.hand[:]
        o.up = self.up[:]
        o.deck = self.deck[:]
        o.ndeck = self.ndeck
        o.top = self.top
        o.disc = self.disc[:]
        o.ndisc = self.ndisc
        o.disc_top = self.disc_top
        o.cdeck = self.cdeck[:]
        o.ncdeck = self.ncdeck
        o.ctop = self.ctop[:]
        o.cdisc = self.cdisc[:]
        o.ncdisc = self.ncdisc
        o.cdisc_top = self.cdisc_top
        o.cap = self.cap[:]
        o.vis = self.vis[:]
        o.vis_placed = self.vis_placed[:]
        o.special_turn = self.special_turn
        o.quick_turn = self.quick_turn
        o.looked = self.looked[:]
        o.showing = self.showing
        o.turn = self.turn
        o.result = self.result
        o.cause = self.cause
        o.log = self.log[:]
        o.nlog = self.nlog
        o.dirty = self.dirty
        o.chance = self.chance
        o.stack = self.stack[:]
        return o

    _PLAIN: tuple[str, ...] = (
        "pos",
        "saved",
        "elim",
        "hotels",
        "divers",
        "hand",
        "up",
        "deck",
        "ndeck",
        "top",
        "disc",
        "ndisc",
        "disc_top",
        "cdeck",
        "ncdeck",
        "ctop",
        "cdisc",
        "ncdisc",
        "cdisc_top",
        "cap",
        "vis",
        "vis_placed",
        "special_turn",
        "quick_turn",
        "looked",
        "showing",
        "turn",
        "result",
        "cause",
        "dirty",
        "chance",
        "stack",
        "goal",
        "limit",
        "history",
        "nlog",
    )

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {k: _jsonable(getattr(self, k)) for k in self._PLAIN}
        d["log"] = [list(e) for e in self.log]
        version, internal, gauss = self.rng._r.getstate()
        d["rng"] = [version, list(internal), gauss]
        return d

    @classmethod
    def from_dict(cls, game: MiniDiverCityGame, d: dict[str, Any]) -> MiniDiverCityState:
        """Rebuild a position from ``to_dict`` output (tests edit it to set up positions).

        The dict is trusted; counts must stay consistent (``deck``/``ndeck`` …).
        """
        s = cls(game, 0, blank=True)
        for k in cls._PLAIN:
            if k in d:
                v = d[k]
                setattr(s, k, list(v) if isinstance(v, list) else v)
        s.log = [(int(e[0]), int(e[1]), int(e[2])) for e in d.get("log", [])]
        if "rng" in d:
            version, internal, gauss = d["rng"]
            s.rng._r.setstate((version, tuple(internal), gauss))
        return s

    # ------------------------------------------------------------ helpers
    def _log(self, code: int, a: int = -1, b: int = -1) -> None:
        self.log.append((code, a, b))
        self.nlog += 1

    def _end(self, result: str, cause: str) -> None:
        self.result = result
        self.cause = cause
        self.stack.clear()
        self.chance = CH_NONE
        self._log(L_END, CAUSES.index(cause))

    def _improve(self, s: int) -> None:
        p = self.pos[s]
        if p in (SAVED, ELIMINATED):
            self._log(L_NO_EFFECT, s, p)
            return
        p += 1
        self.pos[s] = p
        self._log(L_IMPROVE, s, p)
        if p == SAVED:
            self.saved += 1
            if self.saved >= self.goal:
                self._end(RESULT_WIN, "saved")

    def _harm(self, s: int) -> None:
        p = self.pos[s]
        if p in (SAVED, ELIMINATED):
            self._log(L_NO_EFFECT, s, p)
            return
        p -= 1
        self.pos[s] = p
        self.dirty = True
        self._log(L_HARM, s, p)
        if p == ELIMINATED:
            self.elim += 1
            if self.elim >= self.limit:
                self._end(RESULT_LOSS, "eliminated")

    def _discard_slot(self, k: int) -> int:
        s = self.hand[k]
        self.hand[k] = -1
        self.up[k] = False
        n = self.disc[s] + 1
        self.disc[s] = n
        self.ndisc += 1
        self.disc_top = s
        if n >= self.t.copies - 2:  # below this no species can lack cards
            self.dirty = True
        self._log(L_DISCARD, k, s)
        return s

    def _to_discard(self, s: int) -> None:
        n = self.disc[s] + 1
        self.disc[s] = n
        self.ndisc += 1
        self.disc_top = s
        if n >= self.t.copies - 2:
            self.dirty = True

    def _reshuffle_corp(self) -> None:
        if not self.ncdisc:
            return
        cd, cx = self.cdeck, self.cdisc
        for c in range(len(cd)):
            cd[c] += cx[c]
            cx[c] = 0
        self.ncdeck += self.ncdisc
        self._log(L_RESHUFFLE, self.ncdisc)
        self.ncdisc = 0
        self.cdisc_top = -1

    def _resolve_corp(self, c: int) -> None:
        self.cdisc[c] += 1
        self.ncdisc += 1
        self.cdisc_top = c
        self._log(L_CORP, c)
        st = self.stack
        for kind, a, b in reversed(self.t.corp_events[c]):
            if kind == EV_OIL:
                st.append(K_EV_OIL << 8)
            elif kind == EV_DYN:
                st.append(K_EV_DYN << 8)
            else:
                st.append(K_EV_HOT << 8 | a << 4 | b)

    def _build_hotel(self, c: int) -> None:
        if self.hotels[c]:
            self._log(L_HOTEL_ALREADY, c)
            return
        self.hotels[c] = True
        self._log(L_HOTEL_BUILT, c)
        if all(self.hotels):
            self._end(RESULT_LOSS, "hotels")

    def _close_hotel(self, c: int) -> None:
        self.hotels[c] = False
        self._log(L_HOTEL_CLOSED, c)

    def _flip(self, k: int) -> None:
        self.up[k] = True
        self._log(L_FLIP, k, self.hand[k])

    def _flip_all(self) -> None:
        hand, up = self.hand, self.up
        for k in range(N_LAGOON, N_SLOTS):
            if hand[k] >= 0 and not up[k]:
                self._flip(k)

    def _facedown(self) -> list[int]:
        hand, up = self.hand, self.up
        return [k for k in range(N_LAGOON, N_SLOTS) if hand[k] >= 0 and not up[k]]

    def _extra_cost(self, n: int) -> int:
        """Extra discards owed: 2, shrunk to what the hand still holds (empty deck)."""
        held = sum(1 for x in self.hand if x >= 0)
        return min(n, held)

    def deck_size(self) -> int:
        return self.ndeck + (1 if self.top >= 0 else 0)

    def corp_deck_size(self) -> int:
        return self.ncdeck + len(self.ctop)

    def _diver_ready(self) -> bool:
        return D_READY in self.divers

    # --------------------------------------------------------- impossibility
    def _win_impossible(self) -> bool:
        need = self.goal - self.saved
        return self.max_more_saves(need) < need

    def max_more_saves(self, enough: int = 12) -> int:
        """Sound upper bound on how many more species can still reach SAVED.

        Cards never come back from the discard, so the cards of a species still
        usable (deck, hand, Captain's hand) are its copies minus its discards;
        each step up needs one of them, except the free steps of an unused
        Endurance or Diving Specialist, spent on the species short of the fewest.
        Counting stops early once ``enough`` is reached (the hot-path check).
        """
        base = SAVED - self.t.copies
        disc = self.disc
        pos = self.pos
        reach = 0
        deficits = []
        for s in range(len(pos)):
            p = pos[s]
            if -2 < p < 2:
                d = base - p + disc[s]
                if d <= 0:
                    reach += 1
                else:
                    deficits.append(d)
        if reach >= enough or not deficits:
            return reach
        free = (self.divers[ENDURANCE] == D_READY) + (self.divers[DIVING] == D_READY)
        for d in sorted(deficits):
            if d > free:
                break
            free -= d
            reach += 1
        return reach

    # ------------------------------------------------------------ engine loop
    def _advance(self) -> None:
        st = self.stack
        hand = self.hand
        while st:
            step = st[-1]
            k = step >> 8
            if k == K_REFILL:
                slot = -1
                for i in range(N_SLOTS):
                    if hand[i] < 0:
                        slot = i
                        break
                if slot < 0 or (self.ndeck == 0 and self.top < 0):
                    st.pop()
                    continue
                if self.top >= 0:
                    hand[slot] = self.top
                    self.up[slot] = True
                    self.top = -1
                    continue
                self.chance = CH_DRAW
                return
            if k == K_DIVERS or (k == K_EV_OIL and any(x >= 0 for x in hand)):
                self.chance = CH_NONE
                return
            if k == K_TURN:
                st.pop()
                self.turn += 1
                if len(self.log) > LOG_KEEP:
                    del self.log[:-LOG_KEEP]
                self.special_turn = False
                self.quick_turn = False
                self._log(L_TURN, self.turn)
                st.append(K_DIVERS << 8)
                st.append(K_CORP_DRAW << 8)
                continue
            if k == K_CORP_DRAW:
                if not self.ctop:
                    if not self.ncdeck:
                        self._reshuffle_corp()
                    if self.ncdeck:
                        self.chance = CH_CORP
                        return
                    st.pop()  # no Corporation card exists at all (degenerate data)
                    continue
                st.pop()
                self._resolve_corp(self.ctop.pop(0))
                continue
            if k == K_EV_OIL:  # empty hand: the platform finds nothing
                st.pop()
                self._log(L_OIL_EMPTY)
                continue
            if k == K_EV_DYN:
                if self.top >= 0:
                    st.pop()
                    s = self.top
                    self.top = -1
                    self._to_discard(s)
                    self._log(L_DYN_DECK, s)
                    self._harm(s)
                    continue
                if self.ndeck:
                    self.chance = CH_DRAW
                    return
                if self.ndisc:
                    self.chance = CH_PICK
                    return
                st.pop()
                self._log(L_DYN_NONE)
                continue
            if k == K_EV_HOT:
                st.pop()
                self._build_hotel((step >> 4) & 15)
                if not self.result:
                    self._build_hotel(step & 15)
                continue
            if k == K_PAY:
                if step & 255 and any(x >= 0 for x in hand):
                    self.chance = CH_NONE
                    return
                st.pop()
                continue
            if k == K_SWAP:
                if (hand[0] >= 0 or hand[1] >= 0) and (
                    hand[2] >= 0 or hand[3] >= 0 or hand[4] >= 0
                ):
                    self.chance = CH_NONE
                    return
                st.pop()
                continue
            if k == K_PEEK:
                if self.ctop or not (self.ncdeck or self.ncdisc):
                    st.pop()
                    continue
                self.chance = CH_NONE
                return
            if k == K_PEEK_DRAW:
                if not self.ncdeck and not self.ctop:
                    self._reshuffle_corp()
                if self.ncdeck and not self.ctop:
                    self.chance = CH_CORP
                    return
                st.pop()
                continue
            if k == K_FLIP:
                n = step & 255
                down = self._facedown()
                if n and down:
                    if len(down) > n:
                        self.chance = CH_NONE
                        return
                    for j in down:
                        self._flip(j)
                st.pop()
                continue
            if k == K_FLIP_ALL:
                st.pop()
                self._flip_all()
                continue
            if k == K_VIS_DRAW:
                n = step & 255
                if n:
                    if self.ctop:
                        self.vis.append(self.ctop.pop(0))
                        st[-1] = step - 1
                        continue
                    if self.ncdeck:
                        self.chance = CH_CORP
                        return
                st.pop()
                continue
            if k == K_VIS_ORDER:
                if len(set(self.vis)) > 1:  # identical cards need no ordering
                    self.chance = CH_NONE
                    return
                st.pop()
                self.vis_placed.extend(self.vis)
                self.vis.clear()
                self.ctop[:0] = self.vis_placed
                self._log(L_VIS_ORDER, len(self.vis_placed))
                self.vis_placed.clear()
                continue
            if k == K_CAP_DRAW:
                if self.top >= 0:
                    st.pop()
                    self.cap.append(self.top)
                    self._log(L_CAP_DRAW, self.top)
                    self.top = -1
                    continue
                if self.ndeck:
                    self.chance = CH_DRAW
                    return
                st.pop()
                continue
            if k == K_CAP_CHOICE:
                if self.cap:
                    self.chance = CH_NONE
                    return
                st.pop()
                continue
            if k == K_COMMS_REVEAL:
                if self.top < 0 and self.ndeck:
                    self.chance = CH_DRAW
                    return
                st.pop()
                continue
            if k == K_DEAL_DIVER:
                self.chance = CH_DIVER
                return
            raise AssertionError(f"unknown step kind {k}")
        self.chance = CH_NONE

    # ------------------------------------------------------------ applying
    def _apply(self, action: int) -> None:
        self.showing = 0
        A = self.A
        ch = self.chance
        if ch:
            st = self.stack
            k = st[-1] >> 8
            if ch == CH_DRAW:
                s = action - A.DRAW
                self.deck[s] -= 1
                self.ndeck -= 1
                if k == K_REFILL:
                    hand = self.hand
                    for i in range(N_SLOTS):
                        if hand[i] < 0:
                            hand[i] = s
                            self.up[i] = i < N_LAGOON
                            break
                elif k == K_EV_DYN:
                    st.pop()
                    self._to_discard(s)
                    self._log(L_DYN_DECK, s)
                    self._harm(s)
                elif k == K_CAP_DRAW:
                    st.pop()
                    self.cap.append(s)
                    self._log(L_CAP_DRAW, s)
                else:  # K_COMMS_REVEAL
                    st.pop()
                    self.top = s
                    self._log(L_REVEAL_TOP, s)
            elif ch == CH_CORP:
                c = action - A.CORP
                self.cdeck[c] -= 1
                self.ncdeck -= 1
                if k == K_CORP_DRAW:
                    st.pop()
                    self._resolve_corp(c)
                elif k == K_VIS_DRAW:
                    self.vis.append(c)
                    st[-1] -= 1
                else:  # K_PEEK_DRAW
                    st.pop()
                    self.ctop.append(c)
                    self._log(L_PEEK, c)
            elif ch == CH_PICK:
                st.pop()
                s = action - A.PICK
                self._log(L_DYN_DISCARD, s)
                self._harm(s)
            else:
                st.pop()
                self.divers[action - A.DEAL_DIVER] = D_READY
        else:
            self._apply_player(action)
        if not self.result:
            self._advance()
            if self.dirty:
                self.dirty = False
                if not self.result and self._win_impossible():
                    self._end(RESULT_LOSS, "impossible")

    def _use_diver(self, d: int) -> None:
        self.divers[d] = D_USED
        self.special_turn = True
        if d in (ENDURANCE, DIVING):  # a free move is gone
            self.dirty = True
        self._log(L_DIVER, d)

    def _apply_player(self, a: int) -> None:
        A = self.A
        st = self.stack
        if a == A.LOOK_SPECIES or a == A.LOOK_CORP:
            which = 0 if a == A.LOOK_SPECIES else 1
            self.looked[which] = True
            self.showing = which + 1
            self._log(L_LOOK, which)
            return
        if a == A.RESIGN:
            self._end(RESULT_LOSS, "resigned")
            return
        if A.OIL <= a < A.OIL + N_SLOTS:
            k = a - A.OIL
            st.pop()
            s = self._discard_slot(k)
            st.append(K_REFILL << 8)
            p = self.pos[s]
            if k < N_LAGOON and (p in (SAVED, ELIMINATED)):
                n = self._extra_cost(2)
                self._log(L_OIL_COST, n)
                st.append(K_PAY << 8 | n)
            else:
                self._harm(s)
            return
        if A.PAY <= a < A.PAY + N_SLOTS:
            self._discard_slot(a - A.PAY)
            st[-1] -= 1
            return
        if a == A.EXPLORE:
            st.pop()
            self._log(L_EXPLORE)
            self._flip_all()
            st.append(K_TURN << 8)
            return
        if A.IDENTIFY <= a < A.IDENTIFY + N_SLOTS:
            k = a - A.IDENTIFY
            st.pop()
            st.append(K_TURN << 8)
            st.append(K_REFILL << 8)
            s = self._discard_slot(k)
            if k < N_LAGOON:
                n = self._extra_cost(2)
                self._log(L_OIL_COST, n)
                st.append(K_PAY << 8 | n)
            self._improve(s)
            return
        if A.CLOSE <= a < A.CLOSE + 6 * N_SLOTS:
            c, k = divmod(a - A.CLOSE, N_SLOTS)
            st.pop()
            st.append(K_TURN << 8)
            st.append(K_SWAP << 8)
            st.append(K_REFILL << 8)
            self._discard_slot(k)
            self._close_hotel(c)
            return
        if A.SWAP <= a < A.SWAP + 6:
            li, j = divmod(a - A.SWAP, 3)
            o = N_LAGOON + j
            st.pop()
            hand, up = self.hand, self.up
            hand[li], hand[o] = hand[o], hand[li]
            up[li] = True
            up[o] = True
            self._log(L_SWAP, li, o)
            return
        if a == A.NOSWAP:
            st.pop()
            return
        if a == A.QUICK:
            self.quick_turn = True
            self._log(L_QUICK)
            self._discard_slot(0)
            self._discard_slot(1)
            st.append(K_FLIP_ALL << 8)
            st.append(K_REFILL << 8)
            return
        if a == A.PEEK:
            st[-1] = K_PEEK_DRAW << 8
            return
        if a == A.NOPEEK:
            st.pop()
            return
        if A.FLIP <= a < A.FLIP + 3:
            self._flip(N_LAGOON + a - A.FLIP)
            st[-1] -= 1
            return
        if A.VIS_ORDER <= a < A.VIS_ORDER + self.t.n_corp:
            c = a - A.VIS_ORDER
            self.vis.remove(c)
            self.vis_placed.append(c)
            return
        if a == A.CAP_MORE:
            st.append(K_CAP_DRAW << 8)
            return
        if A.CAP_KEEP <= a < A.CAP_KEEP + self.t.n_species:
            s = a - A.CAP_KEEP
            st.pop()
            cap = self.cap
            cap.remove(s)
            self._to_discard(s)
            self._log(L_CAP_DISCARD, s)
            if cap:
                self.top = cap.pop()
                self._log(L_CAP_RETURN, self.top)
            self._improve(s)
            return
        # Special actions: each is followed by the optional look at the Corporation top.
        if a == A.CAPTAIN:
            self._use_diver(CAPTAIN)
            st.append(K_PEEK << 8)
            st.append(K_CAP_CHOICE << 8)
            st.append(K_CAP_DRAW << 8)
            return
        if A.ENV <= a < A.ENV + 6:
            self._use_diver(ENVIRONMENTALIST)
            self._close_hotel(a - A.ENV)
            st.append(K_PEEK << 8)
            st.append(K_SWAP << 8)
            return
        if a == A.EXPLORER:
            self._use_diver(EXPLORER)
            self._flip_all()
            st.append(K_PEEK << 8)
            return
        if A.SWIM <= a < A.SWIM + 3:
            self._use_diver(SWIMMER)
            st.append(K_PEEK << 8)
            st.append(K_REFILL << 8)
            s = self._discard_slot(N_LAGOON + a - A.SWIM)
            self._improve(s)
            return
        if a == A.COMMS:
            self._use_diver(COMMUNICATIONS)
            st.append(K_PEEK << 8)
            st.append(K_COMMS_REVEAL << 8)
            st.append(K_FLIP << 8 | 2)
            return
        if A.ENDU <= a < A.ENDU + self.t.n_species:
            self._use_diver(ENDURANCE)
            st.append(K_PEEK << 8)
            self._improve(a - A.ENDU)
            return
        if A.DIVE <= a < A.DIVE + self.t.n_species:
            self._use_diver(DIVING)
            st.append(K_PEEK << 8)
            self._improve(a - A.DIVE)
            return
        if a == A.VISIONARY:
            self._use_diver(VISIONARY)
            if not self.ncdeck and not self.ctop:
                self._reshuffle_corp()
            st.append(K_PEEK << 8)
            st.append(K_FLIP << 8 | 2)
            st.append(K_VIS_ORDER << 8)
            st.append(K_VIS_DRAW << 8 | 4)
            return
        raise AssertionError(f"unhandled action {a}")

    # ------------------------------------------------------- legal actions
    def _player_actions(self) -> list[int]:
        A = self.A
        st = self.stack
        k = st[-1] >> 8
        hand = self.hand
        out: list[int] = []
        if k == K_DIVERS:
            up = self.up
            if not self.special_turn:
                dv = self.divers
                if dv[CAPTAIN] == D_READY and (self.ndeck or self.top >= 0):
                    out.append(A.CAPTAIN)
                if dv[ENVIRONMENTALIST] == D_READY:
                    out += [A.ENV + c for c in range(6) if self.hotels[c]]
                if dv[EXPLORER] == D_READY:
                    out.append(A.EXPLORER)
                if dv[SWIMMER] == D_READY:
                    out += [A.SWIM + j for j in range(3) if hand[N_LAGOON + j] >= 0]
                if dv[COMMUNICATIONS] == D_READY:
                    out.append(A.COMMS)
                if dv[ENDURANCE] == D_READY or dv[DIVING] == D_READY:
                    pos = self.pos
                    alive = [s for s in range(len(pos)) if -2 < pos[s] < 2]
                    if dv[ENDURANCE] == D_READY:
                        out += [A.ENDU + s for s in alive]
                    if dv[DIVING] == D_READY:
                        out += [A.DIVE + s for s in alive]
                if dv[VISIONARY] == D_READY and (self.ncdeck or self.ctop or self.ncdisc):
                    out.append(A.VISIONARY)
            if (
                not self.quick_turn
                and hand[0] >= 0
                and hand[1] >= 0
                and (
                    (hand[2] >= 0 and not up[2])
                    or (hand[3] >= 0 and not up[3])
                    or (hand[4] >= 0 and not up[4])
                )
                and D_READY in self.divers
            ):
                out.append(A.QUICK)
            out.append(A.EXPLORE)
            if min(hand) >= 0:
                rows = A.close_rows
                for c in range(6):
                    if self.hotels[c]:
                        out += rows[c]
                out += A.identify_all
            else:
                held = [i for i in range(N_SLOTS) if hand[i] >= 0]
                for c in range(6):
                    if self.hotels[c]:
                        base = A.CLOSE + c * N_SLOTS
                        out += [base + i for i in held]
                out += [A.IDENTIFY + i for i in held]
            if not self.looked[0]:
                out.append(A.LOOK_SPECIES)
            if not self.looked[1]:
                out.append(A.LOOK_CORP)
            out.append(A.RESIGN)
            return out
        if k == K_EV_OIL:
            out = [A.OIL + i for i in range(N_SLOTS) if hand[i] >= 0]
            self._add_looks(out)
            return out
        if k == K_PAY:
            return [A.PAY + i for i in range(N_SLOTS) if hand[i] >= 0]
        if k == K_SWAP:
            for li in range(N_LAGOON):
                if hand[li] >= 0:
                    out.extend(A.SWAP + li * 3 + j for j in range(3) if hand[N_LAGOON + j] >= 0)
            out.append(A.NOSWAP)
            return out
        if k == K_PEEK:
            return [A.PEEK, A.NOPEEK]
        if k == K_FLIP:
            return [A.FLIP + j - N_LAGOON for j in self._facedown()]
        if k == K_VIS_ORDER:
            return [A.VIS_ORDER + c for c in sorted(set(self.vis))]
        if k == K_CAP_CHOICE:
            if len(self.cap) == 1 and (self.ndeck or self.top >= 0):
                out.append(A.CAP_MORE)
            out.extend(A.CAP_KEEP + s for s in sorted(set(self.cap)))
            return out
        raise AssertionError(f"no decision at step kind {k}")

    def _add_looks(self, out: list[int]) -> None:
        if not self.looked[0]:
            out.append(self.A.LOOK_SPECIES)
        if not self.looked[1]:
            out.append(self.A.LOOK_CORP)

    def pending_kind(self) -> int:
        """The step kind awaiting input (0 when terminal)."""
        return self.stack[-1] >> 8 if self.stack else 0

    def _why_not(self, a: int) -> str:
        """A specific reason for an illegal player action."""
        A = self.A
        k = self.pending_kind()
        name = A.names[a]
        prompt = {
            K_EV_OIL: "an Oil Platform is being resolved: choose the card to discard (oil:SLOT)",
            K_PAY: "pay the extra discards first (pay:SLOT)",
            K_SWAP: "closing a Hotel allows one swap now (swap:lXoY) or noswap",
            K_PEEK: "decide whether to look at the top Corporation card (peek / nopeek)",
            K_FLIP: "choose an unexplored Ocean card to turn face up (flip:oN)",
            K_VIS_ORDER: "the Visionary is ordering the Corporation cards (vtop:CARD)",
            K_CAP_CHOICE: "the Captain must choose a drawn card (cap:SPECIES) or cap:more",
        }
        if k != K_DIVERS:
            if (a in (A.LOOK_SPECIES, A.LOOK_CORP)) and k == K_EV_OIL:
                return "that discard pile was already looked through this game"
            return prompt.get(k, "not possible now") + f"; {name!r} is not allowed here"
        # Divers phase: explain the most common refusals.
        if a in (A.LOOK_SPECIES, A.LOOK_CORP):
            return "each discard pile may be looked through only once per game"
        slot_blocks = (A.IDENTIFY, A.OIL, A.PAY)
        for base in slot_blocks:
            if base <= a < base + N_SLOTS and base != A.IDENTIFY:
                return f"{name!r} belongs to another decision"
        if A.IDENTIFY <= a < A.IDENTIFY + N_SLOTS:
            return f"slot {SLOTS[a - A.IDENTIFY]} is empty"
        if A.CLOSE <= a < A.CLOSE + 6 * N_SLOTS:
            c, k2 = divmod(a - A.CLOSE, N_SLOTS)
            if not self.hotels[c]:
                return f"the {self.t.colours[c]} card shows its Island side, not a Hotel"
            return f"slot {SLOTS[k2]} is empty"
        if a == A.QUICK:
            if self.quick_turn:
                return "Quick Exploration was already done this turn"
            if D_READY not in self.divers:
                return "Quick Exploration needs at least one unused Diver"
            if not self._facedown():
                return "Quick Exploration needs an unexplored (face-down) Ocean card"
            return "Quick Exploration needs two Lagoon cards"
        diver_of = {
            A.CAPTAIN: CAPTAIN,
            A.EXPLORER: EXPLORER,
            A.COMMS: COMMUNICATIONS,
            A.VISIONARY: VISIONARY,
        }
        d = diver_of.get(a, -1)
        ns = self.t.n_species
        if A.ENV <= a < A.ENV + 6:
            d = ENVIRONMENTALIST
        elif A.SWIM <= a < A.SWIM + 3:
            d = SWIMMER
        elif A.ENDU <= a < A.ENDU + ns:
            d = ENDURANCE
        elif A.DIVE <= a < A.DIVE + ns:
            d = DIVING
        if d >= 0:
            if self.divers[d] == D_OUT:
                return f"the {self.t.diver_names[d]} was not dealt in this game"
            if self.divers[d] == D_USED:
                return f"the {self.t.diver_names[d]} was already used"
            if self.special_turn:
                return "only one Diver special action per turn"
            return "that special action has no valid target now"
        return f"{name!r} is not a decision of the Divers phase"


def _jsonable(v: Any) -> Any:
    if isinstance(v, list):
        return list(v)
    return v
