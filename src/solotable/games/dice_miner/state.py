"""A Dice Miner solo position and its transitions; the rules live in ``rules/``.

The true state holds no draw order: the bag is a count per die type, and each
die leaving it (with its rolled face) is one chance node, so nothing hidden
ever sits in the state. Everything else is on the table and in the
observation.

Phases (:class:`~.phases.Phase`), in the order the state checks them: game
over; a starting Magic die that rolled beer awaits its face (player);
starting Magic dice left to roll (chance); the mountain is being filled, slot
by slot (chance); recycles owed by a spent Magic die (player); otherwise the
free choice of take / spend / refill / stop (player). :meth:`_apply` hands
each action to the function of ``rules/`` named after its rule.

Test positions: :meth:`DiceMinerState.from_position` builds any legal
position from the ``position`` dict found in ``to_dict()`` and observations
(see ``position.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.errors import NotationError
from solotable.core.game import ActionInfo, Observation, State
from solotable.core.message import Msg, msg
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.rng import Rng
from solotable.games.dice_miner.actions import TAKE_STRIDE, action_text, parse_action
from solotable.games.dice_miner.dice import CODES, FACES_PER_DIE, MAGIC, TREASURE, TYPES
from solotable.games.dice_miner.info import action_info
from solotable.games.dice_miner.phases import NOT_OVER, End
from solotable.games.dice_miner.position import load_position, position_doc
from solotable.games.dice_miner.rules.magic_and_refill import (
    can_refill,
    recycle_die,
    refill_mountain,
    spend_magic,
    why_not_recycle,
    why_not_refill,
    why_not_spend,
)
from solotable.games.dice_miner.rules.mountain import (
    dice_on_top,
    fill_odds,
    next_fill_slot,
    pour_die,
)
from solotable.games.dice_miner.rules.scoring import (
    end_if_stuck,
    score_parts,
    stop_digging,
)
from solotable.games.dice_miner.rules.selection import (
    choose_die,
    selectable,
    why_not_choosable,
)
from solotable.games.dice_miner.rules.setup import (
    starting_beer_face,
    starting_magic_roll,
    why_not_face,
)

if TYPE_CHECKING:
    from solotable.games.dice_miner.game import DiceMinerGame

F = FACES_PER_DIE


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
    over: End

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

    def _start_fill(self) -> None:
        """Pour dice into the empty slots one chance node at a time; then the player acts."""
        self.fill_slot = next_fill_slot(self)
        self.filling = self.fill_slot >= 0
        if not self.filling:
            end_if_stuck(self)

    # -- moves -------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        g = self.game
        lay = g.layout
        if self.face_pending:
            return [lay.face + k for k in g.magic_kinds]
        if self.to_roll or self.filling:
            return [a for a, _ in self.chance_outcomes()]
        on_top = dice_on_top(self)
        if self.recycles_left:
            rc = lay.recycle
            return [rc + s for s in on_top]
        m = self.mountain
        options_of = g.options_of
        out: list[int] = []
        for s in on_top:
            base = s * TAKE_STRIDE
            for code in options_of[m[s]]:
                if not selectable(self, code):
                    continue
                a = base + (code % F) * 2
                out.append(a)
                if self.free_chest and code // F == TREASURE:
                    out.append(a + 1)
        if self.on_mountain:
            coll = self.coll
            out.extend(lay.spend + k for k in g.magic_kinds if coll[MAGIC * F + k])
        if can_refill(self):
            out.append(lay.refill)
        out.append(lay.stop)
        return out

    def chance_outcomes(self) -> list[tuple[int, float]]:
        g = self.game
        if self.to_roll and not self.face_pending:
            draw = g.layout.draw
            return [(draw + c, p) for c, p in g.face_odds[MAGIC]]
        if not self.filling:
            raise ValueError("not a chance node")
        return fill_odds(self)

    def _apply(self, action: int) -> None:
        lay = self.game.layout
        if action >= lay.draw:
            code = action - lay.draw
            if self.to_roll:
                starting_magic_roll(self, code)
                if not self.to_roll and not self.face_pending:
                    self._start_fill()
            else:
                pour_die(self, code, code // F)
                self._start_fill()
        elif action < lay.spend:
            choose_die(self, action)
            end_if_stuck(self)
        elif action < lay.face:
            spend_magic(self, action - lay.spend)
        elif action < lay.recycle:
            starting_beer_face(self, action - lay.face)
            if not self.to_roll:
                self._start_fill()
        elif action < lay.refill:
            recycle_die(self, action - lay.recycle)
            if not self.recycles_left:
                end_if_stuck(self)
        elif action == lay.refill:
            refill_mountain(self)
            self._start_fill()
        else:
            stop_digging(self)

    def chance_outcomes_are_public(self) -> bool:
        """Every die drawn, rolled or poured lands face up: Dice Miner deals nothing face down."""
        return True

    def explain_illegal(self, action: int) -> Msg | None:
        """The rule that refuses ``action`` now, as a message (core asks only then)."""
        lay = self.game.layout
        if action >= lay.draw:
            return msg("dice-miner.illegal.draw")
        if self.face_pending or lay.face <= action < lay.recycle:
            return why_not_face(self, action)
        if self.recycles_left and not lay.recycle <= action < lay.refill:
            return msg("dice-miner.illegal.recycle-first", n=self.recycles_left)
        if action < lay.spend:
            return why_not_choosable(self, action)
        if action < lay.face:
            return why_not_spend(self, action - lay.spend)
        if action < lay.refill:
            return why_not_recycle(self, action - lay.recycle)
        if action == lay.refill:
            return why_not_refill(self)
        return None

    # -- results --------------------------------------------------------------------------
    def score_parts(self) -> dict[str, int]:
        return score_parts(self)

    def score(self) -> int:
        return self.score_parts()["total"]

    def returns(self) -> list[float]:
        """The final score: a solo game has no win/loss, only a score to raise."""
        return [float(self.score())]

    def scores(self) -> list[float]:
        return [float(self.score())]

    def outcome(self) -> Msg:
        """``dice-miner.outcome``: the score, its rating band (a term of ``ratings.json``)
        and how the game ended (``end``: ``stopped``, ``stuck``, or None while it runs)."""
        score = self.score()
        band = self.game.ratings.band(score).name
        return msg("dice-miner.outcome", score=score, band=band, end=self.over.label)

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
            "end": self.over.label or "running",
        }

    # -- views ------------------------------------------------------------------------------------
    def position(self) -> dict[str, Any]:
        """The whole table (no RNG): the format :meth:`from_position` reads back."""
        return position_doc(self)

    def observation(self, player: int) -> Observation:
        """Built by ``observation.py`` through the game, which imports it (no import cycle)."""
        return self.game.observe(self)

    def to_dict(self) -> dict[str, Any]:
        return {
            "position": self.position(),
            "rng": self.rng.to_json(),
            "history": list(self.history),
        }

    @classmethod
    def from_position(
        cls, game: DiceMinerGame, position: dict[str, Any], seed: int | None = 0
    ) -> DiceMinerState:
        """A state for ``position`` (tests, ``sample_state``); ValueError names the problem."""
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
            raise NotationError(str(action), msg("core.illegal.outside"))
        return action_text(g.table, g.mtn, g.layout, self.mountain, action)

    def string_to_action(self, text: object) -> int:
        g = self.game
        return parse_action(g.table, g.mtn, g.layout, self.mountain, text)

    def hidden_at_end(self) -> Observation:
        """The dice left in the bag, per type (``TYPES`` order): the bag holds no order (a
        refill draws at random), so its content is all there was to hide."""
        return {"game": self.game.name, "bag": dict(zip(TYPES, self.bag, strict=True))}

    def action_info(self, action: int) -> ActionInfo:
        """The action as data (``info.py``): kind, dice, slot; words/ says it."""
        if not 0 <= action < self.game.layout.size:
            raise NotationError(str(action), msg("core.illegal.outside"))
        return action_info(self, action)
