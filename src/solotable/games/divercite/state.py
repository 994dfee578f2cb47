"""The Divercité position: flat lists of ints, incremental scores, make/unmake.

Player 0 is White and player 1 is Black. The game has no chance node: it is
41 plies of free placement (40 pieces and the neutral token), so a state is
the board, both supplies, the running scores and the ply counter.

The player to move at ply ``i`` is always ``first ^ (i & 1)``: in the normal
game the first player places the neutral token at ply 40, in the
"neutral first" variant at ply 0, and the other player then opens the 40
placements. So no turn bookkeeping is needed beyond the ply.

The rules live in :mod:`.rules.placement` and :mod:`.rules.scoring` as
functions of the state, bound below as methods once, so the search's
``make``/``unmake`` are exactly as fast as methods written here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from solotable.core.game import ActionInfo, Observation, State
from solotable.core.message import Msg
from solotable.core.players import TERMINAL
from solotable.core.rng import Rng
from solotable.games.divercite import actions
from solotable.games.divercite.actions import CITY_ACTS_BY_COLOUR, RES_ACTS_BY_COLOUR
from solotable.games.divercite.board import (
    CITIES_PER_COLOUR,
    PIECES_PER_PLAYER,
    RESOURCES_PER_COLOUR,
    TOTAL_PLIES,
)
from solotable.games.divercite.rules import horizon, placement, scoring

if TYPE_CHECKING:
    from solotable.games.divercite.game import DiverciteGame

_NO_OWNERS = [-1] * 16
_ZEROS_16 = [0] * 16
_ZEROS_25 = [0] * 25
_FULL_SUPPLY = ([CITIES_PER_COLOUR] * 4 + [RESOURCES_PER_COLOUR] * 4) * 2
_ALL_CITY_SQUARES = list(range(16))
_ALL_RES_SQUARES = list(range(25))


class DiverciteState(State):
    """One position. Flat lists of ints; ``make``/``unmake`` serve search agents.

    ``_res[r]`` is a colour bit (1 red, 2 green, 4 blue, 8 yellow), 0 when empty,
    16 for the neutral token. ``_owner[c]`` is -1 or the owning player,
    ``_cbit[c]`` the city's colour bit, ``_pts[c]`` its points so far (spec §5:
    they never decrease). ``_supply[p * 8 + t]`` counts player ``p``'s pieces of
    type ``t`` (0–3 cities, 4–7 resources, by colour). Empty squares are kept in
    sorted lists, and so are the city and resource actions of each colour still
    on an empty square, so that move generation is a few list concatenations;
    ``_offer[p]`` holds player ``p``'s eight of those lists (``()`` for a colour
    it has run out of), so ``legal_actions`` tests nothing per colour.
    """

    __slots__ = (
        "_cacts",
        "_cbit",
        "_empty_c",
        "_empty_r",
        "_first",
        "_neutral_ply",
        "_offer",
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

    def __init__(
        self, game: DiverciteGame, seed: int = 0, *, copy_of: DiverciteState | None = None
    ) -> None:
        """A new game, or a copy of the position ``copy_of`` (``clone``)."""
        if copy_of is not None:
            self._copy(copy_of)
            return
        self.game = game
        self.seed = seed
        self._rng: Rng | None = None
        self.history: list[int] = []
        self._first = game.first_player
        self._neutral_ply = 0 if game.neutral_first else TOTAL_PLIES - 1
        self._ply = 0
        # Copies of module-level templates (a new game per playout: no comprehension here).
        self._owner = _NO_OWNERS[:]
        self._cbit = _ZEROS_16[:]
        self._pts = _ZEROS_16[:]
        self._res = _ZEROS_25[:]
        self._scores = [0, 0]
        self._supply = _FULL_SUPPLY[:]
        self._empty_c = _ALL_CITY_SQUARES[:]
        self._empty_r = _ALL_RES_SQUARES[:]
        c0, c1, c2, c3 = CITY_ACTS_BY_COLOUR
        r0, r1, r2, r3 = RES_ACTS_BY_COLOUR
        self._cacts = cacts = [list(c0), list(c1), list(c2), list(c3)]
        self._racts = racts = [list(r0), list(r1), list(r2), list(r3)]
        # Every supply is full at the start: both players are offered every list.
        self._offer: list[list[Sequence[int]]] = [[*cacts, *racts], [*cacts, *racts]]

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
        return 2 * PIECES_PER_PLAYER - (self._ply - (self._ply > self._neutral_ply))

    # -- rules: placement ---------------------------------------------------------------------
    # Methods that call the rule functions: a compiled function is not bound as a method
    # (``solotable.accel``), so the class can no longer name them directly (one frame more
    # per call when interpreted, a direct C call when compiled).
    def legal_actions(self) -> list[int]:
        return placement.legal_placements(self)

    def is_legal(self, action: int) -> bool:
        return placement.is_legal_placement(self, action)

    def explain_illegal(self, action: int) -> Msg | None:
        return placement.refusal_reason(self, action)

    def _apply(self, action: int) -> None:
        placement.place_piece(self, action)

    def apply_legal_action(self, action: int) -> None:
        """The base class's contract (an action from ``legal_actions``, recorded), one call."""
        placement.play(self, action)

    def make(self, action: int) -> None:
        """Play a legal action without recording it (search's make; see ``unmake``)."""
        placement.place_piece(self, action)

    def unmake(self, action: int) -> None:
        """Take back ``action``, which must be the last one made (search only)."""
        placement.take_back(self, action)

    def search_make(self, action: int) -> None:
        """``make`` without updating ``legal_actions``'s lists: for a search that lists its
        moves with ``scored_moves`` and takes each back with ``search_unmake``."""
        placement.place_on_board(self, action)

    def search_unmake(self, action: int) -> None:
        placement.take_off_board(self, action)

    # -- rules: scoring ----------------------------------------------------------------------
    def gain(self, action: int) -> int:
        return scoring.gain(self, action)

    def best_gain(self, enough: int = 99) -> int:
        return horizon.best_gain(self, enough)

    def square_gains(self, p: int) -> list[int]:
        return horizon.square_gains(self, p)

    def best_gain_on(self, p: int, squares: tuple[int, ...]) -> int:
        return horizon.best_gain_on(self, p, squares)

    def open_deltas(self) -> list[int]:
        return horizon.open_deltas(self)

    def greediest_move(self) -> tuple[int, int]:
        return horizon.greediest_move(self)

    def scored_moves(self) -> list[tuple[int, int]]:
        return scoring.scored_moves(self)

    def open_neighbours(self) -> int:
        return scoring.open_neighbours(self)

    def score_diff(self) -> int:
        return scoring.score_diff(self)

    def recomputed_scores(self) -> list[int]:
        return scoring.recomputed_scores(self)

    def divercites(self) -> list[int]:
        return scoring.divercites(self)

    def winner(self) -> int | None:
        return scoring.most_points_wins(self)

    def outcome(self) -> Msg:
        return scoring.final_outcome(self)

    def scores(self) -> list[float]:
        return [float(self._scores[0]), float(self._scores[1])]

    def returns(self) -> list[float]:
        w = self.winner()
        if w is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def stats(self) -> dict[str, str | float]:
        """Codes and counts (their words come from ``solotable.words``). ``winning seat`` is
        ``first player``, ``second player``, ``draw`` (a shared result) or ``unfinished``
        (read before the end: a resigned or timed-out game, whose winner the session knows)."""
        d0, d1 = self.divercites()
        w = self.winner()
        if self._ply < TOTAL_PLIES:
            seat = "unfinished"
        elif w is None:
            seat = "draw"
        else:
            seat = "first player" if w == self._first else "second player"
        return {
            "winning seat": seat,
            "White points": float(self._scores[0]),
            "Black points": float(self._scores[1]),
            "White Divercités": float(d0),
            "Black Divercités": float(d1),
            "margin": float(abs(self._scores[0] - self._scores[1])),
        }

    # -- views -----------------------------------------------------------------------------
    def observation(self, player: int) -> Observation:
        # Through the game, so that observation.py imports this module and never the reverse.
        return self.game.observe(self, player)

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
        return DiverciteState(self.game, self.seed, copy_of=self)

    def _copy(self, o: DiverciteState) -> None:
        """Every field of ``o``, lists copied (``clone``: a copy is made by ``__init__``,
        the only way a compiled class is made, ``solotable.accel``)."""
        self.game = o.game
        self.seed = o.seed
        self._rng = None if o._rng is None else o._rng.clone()
        self.history = o.history[:]
        self._first = o._first
        self._neutral_ply = o._neutral_ply
        self._ply = o._ply
        self._owner = o._owner[:]
        self._cbit = o._cbit[:]
        self._pts = o._pts[:]
        self._res = o._res[:]
        self._scores = o._scores[:]
        self._supply = o._supply[:]
        self._empty_c = o._empty_c[:]
        self._empty_r = o._empty_r[:]
        self._cacts = [lst[:] for lst in o._cacts]
        self._racts = [lst[:] for lst in o._racts]
        self._offer = placement.offers(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game, seed and moves (no chance: they are the whole position),
        and its generator if one was made: the same whether the rules run compiled or
        not (a compiled class is not made by ``__new__`` alone)."""
        return (_replayed, (self.game, self.seed, list(self.history), self._rng))

    # -- notation ------------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return actions.action_to_string(action)

    def string_to_action(self, text: object) -> int:
        """Any value: not text is a NotationError (``actions.string_to_action``), not the
        bare TypeError a compiled ``str`` parameter would raise."""
        return actions.string_to_action(text)

    def action_info(self, action: int) -> ActionInfo:
        """Kind ``city``/``resource``/``neutral``, colour and square (``actions.action_info``)."""
        return actions.action_info(action)


def _replayed(
    game: DiverciteGame, seed: int, history: list[int], rng: Rng | None
) -> DiverciteState:
    """An unpickled position (``DiverciteState.__reduce__``): its moves played again."""
    s = DiverciteState(game, seed)
    for a in history:
        s.apply_legal_action(a)
    s._rng = rng
    return s
