"""The position of a Mini DiverCity solo game and its step-stack driver.

The turn is driven by a stack of pending *steps* (ints ``Step << 8 | arg``).
``_advance`` runs automatic steps until one needs input: a chance outcome (a
card off an unordered deck, a Diver dealt…) or a player decision. Multi-step
rules (Oil Platform then extra discards then refills; Captain; Visionary
ordering; swap after closing a Hotel) are therefore sequences of small
decisions, each one typable action, and the action space stays fixed.

The rules themselves live in ``rules/`` (one function per rule, named after
it); this module only holds the position and dispatches through three tables:
automatic steps by step kind, chance outcomes by (chance kind, step kind), and
player actions by action id.

Decks are counts per card type (the unknown part) plus a known top: the
species card turned face up by the Captain / Communications Specialist, and
the Corporation cards seen by the Visionary or the optional look. So the true
state never holds an order the player could not know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from solotable.core.game import ActionInfo, State
from solotable.core.message import Msg
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.rng import Rng
from solotable.games.mini_divercity.actions import N_SLOTS, action_info
from solotable.games.mini_divercity.codes import RESULT_WIN, Chance, DiverState, Pos, Step
from solotable.games.mini_divercity.dispatch import AUTOMATIC, DECISIONS, ON_CHANCE
from solotable.games.mini_divercity.reveal import hidden_at_end
from solotable.games.mini_divercity.rules import turn
from solotable.games.mini_divercity.rules.ending import (
    impossible_win,
    max_more_saves,
    out_of_reach_turn,
    outcome_message,
)

if TYPE_CHECKING:
    from solotable.games.mini_divercity.game import MiniDiverCityGame

_NONE, _DRAW, _PICK, _CORP, _DIVER = (int(c) for c in Chance)
_OUT = int(DiverState.OUT)


class MiniDiverCityState(State):
    """One position of a solo game (player 0); see ``rules.md`` for the rules."""

    __slots__ = (
        "A",
        "H",
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
        "end_when_impossible",
        "game",
        "goal",
        "hand",
        "history",
        "hopeless",
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

    def __init__(
        self,
        game: MiniDiverCityGame,
        seed: int | None = 0,
        *,
        blank: bool = False,
        copy_of: MiniDiverCityState | None = None,
    ):
        """A new game from ``seed`` (``blank``: set up, no step run yet), or a copy of
        the position ``copy_of`` (``clone``)."""
        if copy_of is not None:
            self._copy(copy_of)
            return
        t = game.tables
        self.game = game
        self.t = t
        self.A = game.space
        self.H = game.handlers
        self.rng = Rng(seed)
        self.history: list[int] = []
        self.goal = int(game.options["save_goal"])
        self.limit = int(game.options["eliminated_limit"])
        self.end_when_impossible = bool(game.options["end_when_impossible"])
        self.hopeless = 0
        """The turn the win went out of reach while play went on (0: not so)."""
        self.pos = [int(Pos.BLUE)] * t.n_species
        self.saved = 0
        self.elim = 0
        self.hotels = [False] * len(t.colours)
        self.divers = [_OUT] * 8
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
        self.chance = _NONE
        # Setup, bottom of the stack first: deal divers, deal the hand, then turns.
        self.stack = [Step.TURN << 8, Step.REFILL << 8] + [Step.DEAL_DIVER << 8] * t.divers_dealt
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
        if ch == _DRAW:
            d = self.deck
            return [A.DRAW + c for c in range(len(d)) if d[c]]
        if ch == _CORP:
            d = self.cdeck
            return [A.CORP + c for c in range(len(d)) if d[c]]
        if ch == _PICK:
            d = self.disc
            return [A.PICK + c for c in range(len(d)) if d[c]]
        if ch == _DIVER:
            return [A.DEAL_DIVER + i for i in range(8) if self.divers[i] == _OUT]
        return DECISIONS[self.stack[-1] >> 8](self)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ch = self.chance
        A = self.A
        if ch == _DRAW:
            base, counts = A.DRAW, self.deck
        elif ch == _CORP:
            base, counts = A.CORP, self.cdeck
        elif ch == _PICK:
            base, counts = A.PICK, self.disc
        elif ch == _DIVER:
            free = [i for i in range(8) if self.divers[i] == _OUT]
            return [(A.DEAL_DIVER + i, 1.0 / len(free)) for i in free]
        else:
            raise ValueError("not a chance node")
        total = sum(counts)
        return [(base + i, n / total) for i, n in enumerate(counts) if n]

    def sample_chance(self) -> int:
        """Integer draw weighted by card counts: exact, and much cheaper than floats."""
        ch = self.chance
        A = self.A
        if ch == _DIVER:
            free = [i for i in range(8) if self.divers[i] == _OUT]
            return A.DEAL_DIVER + free[self.rng.below(len(free))]
        if ch == _DRAW:
            base, counts, total = A.DRAW, self.deck, self.ndeck
        elif ch == _CORP:
            base, counts, total = A.CORP, self.cdeck, self.ncdeck
        elif ch == _PICK:
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

    def explain_illegal(self, action: int) -> Msg | None:
        return turn.explain_illegal(self, action)

    def returns(self) -> list[float]:
        return [1.0 if self.result == RESULT_WIN else 0.0]

    def scores(self) -> list[float]:
        return [float(self.saved)]

    def outcome(self) -> Msg:
        return outcome_message(self)

    def stats(self) -> dict[str, str | float]:
        """Result and counts; ``more_needed``/``max_more_saves`` say how far the
        goal was, ``out_of_reach_turn`` when the win became impossible (0: never).
        ``dealt <diver>``/``used <diver>`` (1 or 0, face-up facts) let a study ask
        which Diver helps most (docs/balance.md)."""
        out: dict[str, str | float] = {
            "result": self.result or "unfinished",
            "cause": self.cause or "unfinished",
            "saved": float(self.saved),
            "eliminated": float(self.elim),
            "hotels": float(sum(self.hotels)),
            "turns": float(self.turn),
            "more_needed": float(max(self.goal - self.saved, 0)),
            "max_more_saves": float(max_more_saves(self)),
            "out_of_reach_turn": float(out_of_reach_turn(self)),
        }
        for d, did in enumerate(self.t.diver_ids):
            out[f"dealt {did}"] = float(self.divers[d] != _OUT)
            out[f"used {did}"] = float(self.divers[d] == DiverState.USED)
        return out

    def observation(self, player: int) -> dict[str, Any]:
        return cast("MiniDiverCityGame", self.game).observe(self)

    def hidden_at_end(self) -> dict[str, Any]:
        return hidden_at_end(self)

    def action_to_string(self, action: int) -> str:
        if not 0 <= action < self.A.size:
            raise ValueError(f"action {action} is outside the action space")
        return self.A.names[action]

    def string_to_action(self, text: object) -> int:
        """Any value: not text is a NotationError (``ActionSpace.parse``), not the bare
        TypeError a compiled ``str`` parameter would raise."""
        return self.A.parse(text)

    def action_info(self, action: int) -> ActionInfo:
        """The action as data (``actions.action_info``): kind, ids, the elements it acts on."""
        if not 0 <= action < self.A.size:
            raise ValueError(f"action {action} is outside the action space")
        return action_info(self, action)

    def pending_kind(self) -> int:
        """The step kind awaiting input (0 when terminal)."""
        return self.stack[-1] >> 8 if self.stack else 0

    def deck_size(self) -> int:
        return self.ndeck + (1 if self.top >= 0 else 0)

    def corp_deck_size(self) -> int:
        return self.ncdeck + len(self.ctop)

    def max_more_saves(self, enough: int = 12) -> int:
        """See :func:`rules.ending.max_more_saves` (the sound bound behind "impossible")."""
        return max_more_saves(self, enough)

    # ----------------------------------------------------------- copy / dump
    def clone(self) -> MiniDiverCityState:
        return MiniDiverCityState(cast("MiniDiverCityGame", self.game), copy_of=self)

    def _copy(self, s: MiniDiverCityState) -> None:
        """Every field of ``s``, lists copied (``clone``: a copy is made by ``__init__``,
        the only way a compiled class is made, ``solotable.accel``)."""
        self.game = s.game
        self.t = s.t
        self.A = s.A
        self.H = s.H
        self.rng = s.rng.clone()
        self.history = s.history[:]
        self.goal = s.goal
        self.limit = s.limit
        self.end_when_impossible = s.end_when_impossible
        self.hopeless = s.hopeless
        self.pos = s.pos[:]
        self.saved = s.saved
        self.elim = s.elim
        self.hotels = s.hotels[:]
        self.divers = s.divers[:]
        self.hand = s.hand[:]
        self.up = s.up[:]
        self.deck = s.deck[:]
        self.ndeck = s.ndeck
        self.top = s.top
        self.disc = s.disc[:]
        self.ndisc = s.ndisc
        self.disc_top = s.disc_top
        self.cdeck = s.cdeck[:]
        self.ncdeck = s.ncdeck
        self.ctop = s.ctop[:]
        self.cdisc = s.cdisc[:]
        self.ncdisc = s.ncdisc
        self.cdisc_top = s.cdisc_top
        self.cap = s.cap[:]
        self.vis = s.vis[:]
        self.vis_placed = s.vis_placed[:]
        self.special_turn = s.special_turn
        self.quick_turn = s.quick_turn
        self.looked = s.looked[:]
        self.showing = s.showing
        self.turn = s.turn
        self.result = s.result
        self.cause = s.cause
        self.log = s.log[:]
        self.nlog = s.nlog
        self.dirty = s.dirty
        self.chance = s.chance
        self.stack = s.stack[:]

    _PLAIN: ClassVar[tuple[str, ...]] = (
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
        """The position as JSON. ``hopeless`` appears only once set (option
        ``end_when_impossible`` off), so every other position dumps as before."""
        d: dict[str, Any] = {k: _jsonable(getattr(self, k)) for k in self._PLAIN}
        d["log"] = [list(e) for e in self.log]
        d["rng"] = self.rng.to_json()
        if self.hopeless:
            d["hopeless"] = self.hopeless
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
        s.hopeless = int(d.get("hopeless", 0))
        s.log = [(int(e[0]), int(e[1]), int(e[2])) for e in d.get("log", [])]
        if "rng" in d:
            s.rng = Rng.from_json(d["rng"])
        return s

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and ``to_dict`` (copies too): the same whether the rules
        run compiled or not (a compiled class is not made by ``__new__`` alone, which
        the default pickling needs: ``solotable.accel``)."""
        return (MiniDiverCityState.from_dict, (self.game, self.to_dict()))

    # ------------------------------------------------------------ engine loop
    def _log(self, code: int, a: int = -1, b: int = -1) -> None:
        self.log.append((code, a, b))
        self.nlog += 1

    def _advance(self) -> None:
        """Run automatic steps until one waits for a chance outcome or the player."""
        st = self.stack
        auto = AUTOMATIC
        while st:
            step = st[-1]
            if auto[step >> 8](self, step):
                return
        self.chance = _NONE

    def _apply(self, action: int) -> None:
        self.showing = 0
        ch = self.chance
        if ch:
            A = self.A
            if ch == _DRAW:
                c = action - A.DRAW
                self.deck[c] -= 1
                self.ndeck -= 1
            elif ch == _CORP:
                c = action - A.CORP
                self.cdeck[c] -= 1
                self.ncdeck -= 1
            elif ch == _PICK:
                c = action - A.PICK
            else:
                c = action - A.DEAL_DIVER
            ON_CHANCE[ch][self.stack[-1] >> 8](self, c)
        else:
            fn, arg = self.H[action]
            fn(self, arg)
        if not self.result:
            self._advance()
            if self.dirty:
                self.dirty = False
                if not self.result:
                    impossible_win(self)


def _jsonable(v: Any) -> Any:
    if isinstance(v, list):
        return list(v)
    return v
