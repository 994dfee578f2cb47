"""A Dice Miner solo position and its rules.

The true state holds no draw order: the bag is a count per die type, and each
die leaving it (with its rolled face) is one chance node, so nothing hidden
ever sits in the state. Everything else is on the table and in the
observation.

Phases, in the order the state checks them: game over; a starting Magic die
that rolled beer awaits its face (player); starting Magic dice left to roll
(chance); the mountain is being filled, slot by slot (chance); recycles owed
by a spent Magic die (player); otherwise the free choice of take / spend /
refill / stop (player).

Test positions: :meth:`DiceMinerState.from_position` builds any legal
position from the ``position`` dict found in ``to_dict()`` and observations
(dice named ``"tunnel n3"``, slots in :attr:`Mountain.names` order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.errors import NotationError
from solotable.core.game import Observation, State
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.rng import Rng
from solotable.games.dice_miner.actions import TAKE_STRIDE, action_text, parse_action
from solotable.games.dice_miner.dice import (
    CODES,
    FACES_PER_DIE,
    HAZARD,
    MAGIC,
    NTYPES,
    TOOL,
    TREASURE,
    TUNNEL,
    TYPES,
)
from solotable.games.dice_miner.scoring import breakdown

if TYPE_CHECKING:
    from solotable.games.dice_miner.game import DiceMinerGame

F = FACES_PER_DIE
NOT_OVER, STOPPED, STUCK = 0, 1, 2
END_NAMES = {STOPPED: "stopped", STUCK: "stuck"}


class DiceMinerState(State):
    __slots__ = (
        "bag",
        "bag_total",
        "coll",
        "face_pending",
        "fill_slot",
        "filling",
        "free_chest",
        "free_pickaxe",
        "free_shield",
        "game",
        "hidden",
        "history",
        "mountain",
        "on_mountain",
        "over",
        "recycles_left",
        "refills_left",
        "removed",
        "rng",
        "runs",
        "to_roll",
    )

    game: DiceMinerGame

    def __init__(self, game: DiceMinerGame, seed: int | None = 0) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.history = []
        table = game.table
        self.bag = list(table.counts)
        self.bag_total = table.total
        self.mountain = [-1] * game.mtn.size
        self.on_mountain = 0
        self.coll = [0] * CODES
        self.hidden = [0] * CODES
        self.runs = [0] * 6
        self.free_shield = 0
        self.free_pickaxe = 0
        self.free_chest = 0
        self.removed = 0
        self.refills_left = int(game.options["refills"])
        self.recycles_left = 0
        self.to_roll = int(game.options["magic_dice"])
        self.face_pending = False
        self.filling = False
        self.fill_slot = -1
        self.over = NOT_OVER
        if self.to_roll == 0:
            self._start_fill()

    # -- phases ------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.face_pending:
            return 0
        if self.to_roll or self.filling:
            return CHANCE
        return 0

    def _next_fill_slot(self) -> int:
        """First empty slot (bottom up) whose supports both hold dice, or -1."""
        if self.bag_total == 0:
            return -1
        m = self.mountain
        for s, sup in enumerate(self.game.mtn.supports):
            if m[s] < 0 and (not sup or (m[sup[0]] >= 0 and m[sup[1]] >= 0)):
                return s
        return -1

    def _start_fill(self) -> None:
        self.fill_slot = self._next_fill_slot()
        self.filling = self.fill_slot >= 0
        if not self.filling:
            self._settle()

    def _settle(self) -> None:
        """End the game when stopping is the only action left (seed: Marquer les points)."""
        if not self._has_move():
            self.over = STUCK

    def _has_move(self) -> bool:
        g = self.game
        if self.on_mountain:
            if any(self.coll[MAGIC * F + k] for k in g.magic_kinds):
                return True
            m = self.mountain
            covers = g.mtn.covers
            for s in range(len(m)):
                c = m[s]
                if c >= 0 and all(m[x] < 0 for x in covers[s]):
                    for code in g.options_of[c]:
                        if self._selectable(code):
                            return True
        return self._can_refill()

    def _can_refill(self) -> bool:
        return (
            self.refills_left > 0 and self.bag_total > 0 and self.on_mountain < self.game.mtn.size
        )

    def _selectable(self, code: int) -> bool:
        """Selection rules (seed: Règles de Sélection) for a die showing ``code``."""
        need = self.game.need[code]
        if need == 0:
            return True
        if need == 1:
            n = self.game.table.n[code]
            return n == 1 or self.runs[n - 1] > 0
        if need == 2:
            return self.free_shield > 0
        return self.free_pickaxe > 0

    # -- moves -------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        g = self.game
        lay = g.layout
        if self.face_pending:
            return [lay.face + k for k in g.magic_kinds]
        if self.to_roll:
            return [a for a, _ in self.chance_outcomes()]
        if self.filling:
            return [a for a, _ in self.chance_outcomes()]
        m = self.mountain
        covers = g.mtn.covers
        if self.recycles_left:
            rc = lay.recycle
            return [rc + s for s in range(len(m)) if m[s] >= 0 and all(m[x] < 0 for x in covers[s])]
        out: list[int] = []
        for s in range(len(m)):
            c = m[s]
            if c < 0 or not all(m[x] < 0 for x in covers[s]):
                continue
            base = s * TAKE_STRIDE
            for code in g.options_of[c]:
                if not self._selectable(code):
                    continue
                a = base + (code % F) * 2
                out.append(a)
                if self.free_chest and code // F == TREASURE:
                    out.append(a + 1)
        if self.on_mountain:
            coll = self.coll
            out.extend(lay.spend + k for k in g.magic_kinds if coll[MAGIC * F + k])
        if self._can_refill():
            out.append(lay.refill)
        out.append(lay.stop)
        return out

    def chance_outcomes(self) -> list[tuple[int, float]]:
        g = self.game
        draw = g.layout.draw
        if self.to_roll and not self.face_pending:
            return [(draw + c, p) for c, p in g.face_odds[MAGIC]]
        if not self.filling:
            raise ValueError("not a chance node")
        key = tuple(self.bag)
        cached = g.odds_cache.get(key)
        if cached is None:
            total = self.bag_total
            cached = []
            for t in range(NTYPES):
                n = self.bag[t]
                if n:
                    share = n / total
                    cached.extend((draw + c, p * share) for c, p in g.face_odds[t])
            if len(g.odds_cache) > 100_000:
                g.odds_cache.clear()
            g.odds_cache[key] = cached
        return cached[:]

    def _apply(self, action: int) -> None:
        g = self.game
        lay = g.layout
        if action >= lay.draw:
            code = action - lay.draw
            t = code // F
            self.bag[t] -= 1
            self.bag_total -= 1
            if self.to_roll:
                self.to_roll -= 1
                self.coll[code] += 1
                if code % F == g.table.beer_kind[MAGIC]:
                    self.face_pending = True
                elif not self.to_roll:
                    self._start_fill()
                return
            self.mountain[self.fill_slot] = code
            self.on_mountain += 1
            self._start_fill()
            return
        if action < lay.spend:
            s, rest = divmod(action, TAKE_STRIDE)
            k, hide = divmod(rest, 2)
            t = self.mountain[s] // F
            code = t * F + k
            self.mountain[s] = -1
            self.on_mountain -= 1
            self.coll[code] += 1
            if t == TUNNEL:
                n = g.table.n[code]
                if n > 1:
                    self.runs[n - 1] -= 1
                self.runs[n] += 1
            elif t == TREASURE:
                if hide:
                    self.hidden[code] += 1
                    self.free_chest -= 1
            elif t == HAZARD:
                if g.table.dragon[code]:
                    self.free_shield -= 1
                else:
                    self.free_pickaxe -= 1
            elif t == TOOL:
                # Seed: each Tool die neutralises a single Danger die, whatever its symbols.
                self.free_shield += g.table.shield[code] > 0
                self.free_pickaxe += g.table.pickaxe[code] > 0
                self.free_chest += g.table.chest[code]
            self._settle()
        elif action < lay.face:
            code = MAGIC * F + action - lay.spend
            self.coll[code] -= 1
            self.removed += 1
            self.recycles_left = g.table.magic[code]
        elif action < lay.recycle:
            self.coll[MAGIC * F + g.table.beer_kind[MAGIC]] -= 1
            self.coll[MAGIC * F + action - lay.face] += 1
            self.face_pending = False
            if not self.to_roll:
                self._start_fill()
        elif action < lay.refill:
            s = action - lay.recycle
            t = self.mountain[s] // F
            self.mountain[s] = -1
            self.on_mountain -= 1
            self.bag[t] += 1
            self.bag_total += 1
            self.recycles_left -= 1
            if not self.on_mountain:
                self.recycles_left = 0
            if not self.recycles_left:
                self._settle()
        elif action == lay.refill:
            self.refills_left -= 1
            self._start_fill()
        else:
            self.over = STOPPED

    def illegal_reason(self, action: int) -> str | None:
        if self.over:
            return "the game is over"
        if action in self.legal_actions():
            return None
        from solotable.games.dice_miner.reasons import why_illegal

        return why_illegal(self, action) or "not a legal action in this position"

    # -- results --------------------------------------------------------------------------
    def score_parts(self) -> dict[str, int]:
        table = self.game.table
        hazard = visible = hidden = 0
        coll = self.coll
        for c in range(HAZARD * F, HAZARD * F + F):
            hazard += coll[c] * (table.dragon[c] + table.cavein[c])
        for c in range(TREASURE * F, TREASURE * F + F):
            visible += (coll[c] - self.hidden[c]) * table.gem[c]
            hidden += self.hidden[c] * table.gem[c]
        return breakdown(hazard, visible, hidden, self.runs[5])

    def score(self) -> int:
        return self.score_parts()["total"]

    def returns(self) -> list[float]:
        """The final score: a solo game has no win/loss, only a score to raise."""
        return [float(self.score())]

    def scores(self) -> list[float]:
        return [float(self.score())]

    def outcome(self) -> str:
        score = self.score()
        band = self.game.ratings.band(score).name
        if self.over == STOPPED:
            why = "the player stopped"
        elif self.over == STUCK:
            why = "no action was left"
        else:
            return f"in progress: {score} points so far"
        return f"{score} points ({band}): {why}"

    def stats(self) -> dict[str, str | float]:
        parts = self.score_parts()
        return {
            "band": self.game.ratings.band(parts["total"]).name,
            "score": parts["total"],
            "danger_points": parts["dangers"],
            "treasure_points": parts["treasure"],
            "hidden_treasure_points": parts["hidden_treasure"],
            "tunnel_points": parts["tunnels"],
            "full_runs": self.runs[5],
            "refills_used": int(self.game.options["refills"]) - self.refills_left,
            "magic_spent": self.removed,
            "end": END_NAMES.get(self.over, "running"),
        }

    # -- views ------------------------------------------------------------------------------------
    def position(self) -> dict[str, Any]:
        """The whole table (no RNG): the format :meth:`from_position` reads back."""
        table = self.game.table
        return {
            "mountain": [table.die_text(c) if c >= 0 else None for c in self.mountain],
            "bag": {TYPES[t]: self.bag[t] for t in range(NTYPES)},
            "collection": {table.die_text(c): n for c, n in enumerate(self.coll) if n},
            "hidden": {table.die_text(c): n for c, n in enumerate(self.hidden) if n},
            "removed": self.removed,
            "refills_left": self.refills_left,
            "recycles_left": self.recycles_left,
            "to_roll": self.to_roll,
            "face_pending": self.face_pending,
            "filling": self.filling,
            "over": END_NAMES.get(self.over),
        }

    def observation(self, player: int) -> Observation:
        from solotable.games.dice_miner.view import observe

        return observe(self)

    def to_dict(self) -> dict[str, Any]:
        st = self.rng._r.getstate()
        return {
            "position": self.position(),
            "rng": [st[0], list(st[1]), st[2]],
            "history": list(self.history),
        }

    @classmethod
    def from_position(
        cls, game: DiceMinerGame, position: dict[str, Any], seed: int | None = 0
    ) -> DiceMinerState:
        """A state for ``position`` (tests, ``sample_state``); ValueError names the problem."""
        from solotable.games.dice_miner.view import load_position

        state = cls.__new__(cls)
        state.game = game
        state.rng = Rng(seed)
        state.history = []
        load_position(state, position)
        return state

    def clone(self) -> DiceMinerState:
        other = DiceMinerState.__new__(DiceMinerState)
        other.game = self.game
        other.rng = self.rng.clone()
        other.history = self.history[:]
        other.bag = self.bag[:]
        other.bag_total = self.bag_total
        other.mountain = self.mountain[:]
        other.on_mountain = self.on_mountain
        other.coll = self.coll[:]
        other.hidden = self.hidden[:]
        other.runs = self.runs[:]
        other.free_shield = self.free_shield
        other.free_pickaxe = self.free_pickaxe
        other.free_chest = self.free_chest
        other.removed = self.removed
        other.refills_left = self.refills_left
        other.recycles_left = self.recycles_left
        other.to_roll = self.to_roll
        other.face_pending = self.face_pending
        other.filling = self.filling
        other.fill_slot = self.fill_slot
        other.over = self.over
        return other

    # -- notation ----------------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        g = self.game
        if not 0 <= action < g.layout.size:
            raise NotationError(str(action), "outside the action space")
        return action_text(g.table, g.mtn, g.layout, self.mountain, action)

    def string_to_action(self, text: str) -> int:
        g = self.game
        return parse_action(g.table, g.mtn, g.layout, self.mountain, text)

    def describe_action(self, action: int) -> str:
        from solotable.games.dice_miner.view import describe

        return describe(self, action)
