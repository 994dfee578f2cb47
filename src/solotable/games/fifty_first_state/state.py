"""The solo 51st State position: whose turn, chance nodes, and the round's flow.

Decks are unordered multisets (count vectors over card types): a draw is a
chance node weighted by counts, and a reshuffle just moves the discard
counts back into the draw pile. Only the order of the draw pile and of the
virtual opponent's deck is unknown to the player, and the state holds none.

The State holds the position and dispatches each action to the function of
``rules/`` that carries out the rule (``lookout_draw``, ``production_phase``,
``do_action``, ...); ``_settle`` runs the automatic steps in between.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from solotable.core.game import ActionInfo, State
from solotable.core.message import Msg
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.rng import Rng
from solotable.core.scorebook import settings_key
from solotable.games.fifty_first_state.action_info import action_info
from solotable.games.fifty_first_state.actions import DONE_ID, KEEP_ID, REFUSE_ID, Layout
from solotable.games.fifty_first_state.cards import CardSet
from solotable.games.fifty_first_state.goods import NUM_GOODS
from solotable.games.fifty_first_state.illegal import explain_illegal
from solotable.games.fifty_first_state.outcome import final_msg, playing_msg
from solotable.games.fifty_first_state.reveal import hidden_at_end
from solotable.games.fifty_first_state.rules.action_moves import MoveCache, action_phase_moves
from solotable.games.fifty_first_state.rules.actions import action_is_legal, do_action
from solotable.games.fifty_first_state.rules.chance import chance_outcomes
from solotable.games.fifty_first_state.rules.cleanup import (
    STORE_GOODS,
    finish_cleanup,
    store_good,
    store_moves,
)
from solotable.games.fifty_first_state.rules.deck import (
    draw_into_hand,
    pile_cards,
    reshuffle_discard,
)
from solotable.games.fifty_first_state.rules.lookout import (
    begin_lookout,
    connection_flip,
    lookout_draw,
    lookout_extra_draw,
    lookout_keep,
    lookout_refuse,
    next_lookout_card,
    refill_connection_deck,
    sample_flip,
)
from solotable.games.fifty_first_state.rules.opponent import opponent_reveal, sample_reveal
from solotable.games.fifty_first_state.rules.production import production_phase
from solotable.games.fifty_first_state.rules.setup import opponent_deck_setup, pick_faction
from solotable.games.fifty_first_state.snapshot import clone_state, fill_from_dict, state_to_dict
from solotable.games.fifty_first_state.table import (
    ACTIONS,
    DRAWS,
    END,
    FLIP,
    IS_CHANCE,
    LK_DECIDE,
    LK_DRAW,
    LK_EXTRA,
    LK_REVEAL,
    PICK,
    ROUNDS,
    SETUP,
    STORE,
    T_BUILT,
    T_DEALS,
    T_DEVELOPED,
    T_LOCATION_USES,
    T_OPPONENT_USES,
    T_RAZED,
    T_RESHUFFLES,
    Location,
    OpponentCard,
    Phase,
    Tally,
)

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.game import FiftyFirstStateGame

SETTLES: Final = tuple(ph in (FLIP, LK_DRAW, LK_EXTRA, LK_REVEAL) for ph in range(len(Phase)))
"""Phases in which ``_settle`` may have automatic steps to run, indexed by phase."""

# Re-exported for tests and tools that name the phases from here.
__all__ = [
    "ACTIONS",
    "END",
    "FLIP",
    "LK_DECIDE",
    "LK_DRAW",
    "LK_EXTRA",
    "LK_REVEAL",
    "PICK",
    "ROUNDS",
    "SETUP",
    "STORE",
    "FiftyFirstStateState",
    "Phase",
]


class FiftyFirstStateState(State):
    """One position of the solo game (player 0 against the virtual opponent deck)."""

    __slots__ = (
        "L",
        "aside",
        "conn_discard",
        "conn_pile",
        "cs",
        "deals",
        "discard",
        "extra_left",
        "fac_used",
        "face_up",
        "faction",
        "flip_idx",
        "game",
        "goods",
        "hand",
        "held",
        "history",
        "lk_refused",
        "lk_step",
        "locs",
        "moves_cache",
        "opp",
        "opp_deck",
        "opp_free",
        "opp_n",
        "pending_card",
        "pending_draws",
        "phase",
        "pile",
        "pile_cards",
        "pile_n",
        "rerolls",
        "rng",
        "round",
        "st",
        "tally",
        "vp",
    )

    game: FiftyFirstStateGame
    phase: int
    """A :class:`Phase` value, kept as a plain int for speed."""
    locs: list[Location]
    opp: list[OpponentCard]

    def __init__(
        self,
        game: FiftyFirstStateGame,
        seed: int = 0,
        *,
        blank: bool = False,
        rng: Rng | None = None,
    ) -> None:
        """A new game from ``seed``, or (``blank``) an empty one for ``clone`` and
        ``from_dict`` to fill; ``rng``, a generator to use instead of seeding one (a
        clone's copy: seeding costs a third of a clone)."""
        self.game = game
        self.cs: CardSet = game.cards
        self.L: Layout = game.layout
        self.rng = Rng(seed) if rng is None else rng
        self.history = []
        self.pile_cards: list[int] | None = None
        """The draw pile as a sampling list (``rules/deck.py``), or None until a draw
        needs it; derived from ``pile``, so never saved."""
        self.moves_cache: MoveCache | None = None
        """What the Actions phase's move list keeps between decisions
        (``rules/action_moves.py``); derived, so never saved nor cloned."""
        if blank:
            return
        cs = self.cs
        n = cs.n
        self.phase = PICK
        self.round = 0
        self.faction = game.fixed_faction
        self.pile = list(cs.copies)
        self.pile_n = sum(cs.copies)
        self.discard = [0] * n
        self.aside = [0] * n
        self.hand = [0] * self.L.h
        self.held: list[int] = []
        """The hand slots holding a card, in order (``rules/deck.py: add_to_hand``);
        derived from ``hand``, so never saved."""
        self.opp_deck = [0] * n
        self.opp_n = 0
        self.opp = []
        self.opp_free: list[int] = []
        """The card types of ``opp`` no worker used this round, in order
        (``rules/opponent.py: free_opponent_cards``); derived, so never saved."""
        self.locs = []
        self.deals = [0] * n
        self.goods = [0] * NUM_GOODS
        self.st = [0] * NUM_GOODS
        """Goods stored on cards, per good (the sum over ``locs``, kept for speed)."""
        self.vp = 0
        self.fac_used = 0
        self.pending_draws = 0
        self.pending_card = -1
        self.lk_step = 0
        self.lk_refused = False
        self.rerolls = 0
        self.extra_left = 0
        self.flip_idx = 0
        self.conn_pile = list(cs.conn_copies)
        self.conn_discard = [0] * len(cs.conn_copies)
        self.face_up = [-1, -1]
        self.tally = [0] * len(Tally)
        if self.faction >= 0:
            self.phase = SETUP

    # ------------------------------------------------------------------ turn
    def current_player(self) -> int:
        ph = self.phase
        if ph == END:
            return TERMINAL
        if self.pending_draws > 0 or IS_CHANCE[ph]:
            return CHANCE
        return 0

    # --------------------------------------------------------------- chance
    def chance_outcomes(self) -> list[tuple[int, float]]:
        return chance_outcomes(self)

    def sample_chance(self) -> int:
        """Deck draws index the pile's sampling list (the hot path of playouts).

        The same generator call (``below(pile_n)``) and the same card as a scan of
        the counts (``Rng.weighted_choice``), so records replay unchanged.
        """
        ph = self.phase
        if self.pending_draws > 0 or DRAWS[ph]:
            cards = self.pile_cards
            if cards is None:
                cards = self.pile_cards = pile_cards(self.pile)
            return self.L.DRAW + cards[self.rng.below(len(cards))]
        if ph == FLIP:
            return self.L.FLIP + sample_flip(self)
        if ph == LK_REVEAL:
            return self.L.REVEAL + sample_reveal(self)
        return super().sample_chance()

    # ---------------------------------------------------------------- legal
    def legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == ACTIONS and not self.pending_draws:
            return action_phase_moves(self)
        if ph == END:
            return []
        if self.pending_draws > 0 or IS_CHANCE[ph]:
            return [a for a, _ in self.chance_outcomes()]
        if ph == LK_DECIDE:
            return [KEEP_ID, REFUSE_ID]
        if ph == STORE:
            return store_moves(self)
        return action_phase_moves(self)

    def is_legal(self, action: int) -> bool:
        """Legality of one id without building the whole list.

        ``check_every_action`` asks this for every id of a space of thousands;
        ``legal_actions`` is the reference it is checked against.
        """
        if self.phase == END:
            return False
        L = self.L
        if self.pending_draws > 0 or DRAWS[self.phase]:
            t = action - L.DRAW
            return 0 <= t < L.n and self.pile[t] > 0
        ph = self.phase
        if ph == ACTIONS:
            return action_is_legal(self, action)
        if ph == LK_DECIDE:
            return action in (KEEP_ID, REFUSE_ID)
        if ph == STORE:
            return action in store_moves(self)
        return action in [a for a, _ in self.chance_outcomes()]

    def explain_illegal(self, action: int) -> Msg | None:
        return explain_illegal(self, action)

    def is_terminal(self) -> bool:
        return self.phase == END

    def is_chance_node(self) -> bool:
        ph = self.phase
        return ph != END and (self.pending_draws > 0 or IS_CHANCE[ph])

    def chance_outcomes_are_public(self) -> bool:
        """Solo 51st State deals nothing face down: a draw goes to the player's hand, a
        Lookout card, a Connection card or the opponent's card is turned face up, and the
        faction board is shown. Saying so spares the table a clone per possible card
        (≈ 5,600 at the start of a game) to find out what the player may see."""
        return True

    # --------------------------------------------------------------- apply
    def apply_legal_action(self, action: int) -> None:
        """The playout path: the draws and the Actions phase go straight to their
        rule, and ``_settle`` runs only when an automatic step may follow.

        The other phases (rarer) go through ``_apply``. Same effect as the core's
        ``_apply`` then history (``test_fast_play.py`` plays both side by side).
        """
        if self.pending_draws > 0:
            draw_into_hand(self, action - self.L.DRAW)
        else:
            ph = self.phase
            if ph == ACTIONS:
                do_action(self, action)
            elif ph == LK_DRAW:
                lookout_draw(self, action - self.L.DRAW)
            elif ph == LK_EXTRA:
                lookout_extra_draw(self, action - self.L.DRAW)
            elif ph == SETUP:
                opponent_deck_setup(self, action - self.L.DRAW)
            elif ph == FLIP:
                connection_flip(self, action - self.L.FLIP)
            elif ph == LK_DECIDE:
                if action == KEEP_ID:
                    lookout_keep(self)
                else:
                    lookout_refuse(self)
            else:
                self._apply(action)
                self.history.append(action)
                return
        if self.pending_draws > 0:
            if not self.pile_n:
                self._settle()
        elif SETTLES[self.phase]:
            self._settle()
        self.history.append(action)

    def _apply(self, a: int) -> None:
        L = self.L
        if self.pending_draws > 0:
            draw_into_hand(self, a - L.DRAW)
        else:
            ph = self.phase
            if ph == ACTIONS:
                do_action(self, a)
            elif ph == LK_DRAW:
                lookout_draw(self, a - L.DRAW)
            elif ph == LK_DECIDE:
                if a == KEEP_ID:
                    lookout_keep(self)
                else:
                    lookout_refuse(self)
            elif ph == LK_EXTRA:
                lookout_extra_draw(self, a - L.DRAW)
            elif ph == LK_REVEAL:
                opponent_reveal(self, a - L.REVEAL)
            elif ph == STORE:
                if a == DONE_ID:
                    finish_cleanup(self)
                else:
                    store_good(self, STORE_GOODS[a - L.STORE])
            elif ph == SETUP:
                opponent_deck_setup(self, a - L.DRAW)
            elif ph == FLIP:
                connection_flip(self, a - L.FLIP)
            elif ph == PICK:
                pick_faction(self, a - L.PICK)
        self._settle()

    def _settle(self) -> None:
        """Run the automatic steps until a decision or a real chance node.

        A draw from an empty pile reshuffles the discard or, with nothing
        left anywhere, is lost (spec §9 A8); after both connection flips the
        Lookout begins; an empty opponent deck reveals nothing (spec §9 A2)
        and Production follows at once.
        """
        while True:
            if self.pending_draws > 0:
                if self.pile_n or reshuffle_discard(self):
                    return
                self.pending_draws = 0
            ph = self.phase
            if ph == FLIP:
                if self.flip_idx > 1:
                    begin_lookout(self)
                    continue
                if not refill_connection_deck(self):
                    self.flip_idx += 1
                    continue
                return
            if ph == LK_DRAW:
                if self.pile_n or reshuffle_discard(self):
                    return
                next_lookout_card(self)
                continue
            if ph == LK_EXTRA:
                if self.extra_left <= 0:
                    self.phase = LK_REVEAL
                    continue
                if self.pile_n or reshuffle_discard(self):
                    return
                self.extra_left = 0
                continue
            if ph == LK_REVEAL:
                if self.opp_n:
                    return
                production_phase(self)
                continue
            return

    # ------------------------------------------------------------- scoring
    def final_score(self) -> int:
        """Spec §9 A4: VP tokens plus one per location in the state."""
        return self.vp + len(self.locs)

    def returns(self) -> list[float]:
        return [float(self.final_score())]

    def scores(self) -> list[float]:
        return [float(self.final_score())]

    def best_score_key(self) -> str | None:
        """Scores compare per faction played, even when the faction was drawn at random."""
        return settings_key(
            self.game.name, {"faction": self.faction_id(), "cards": self.game.options["cards"]}
        )

    def faction_id(self) -> str:
        return self.game.factions.factions[self.faction].id if self.faction >= 0 else "random"

    def outcome(self) -> Msg:
        """Where the game stands, or its final score with its two parts (a message)."""
        if self.phase != END:
            return playing_msg(self.round, self.phase)
        return final_msg(self.game.factions.factions[self.faction], self.vp, len(self.locs))

    def stats(self) -> dict[str, str | float]:
        t = self.tally
        return {
            "faction": self.faction_id(),
            "score": float(self.final_score()),
            "vp": float(self.vp),
            "locations": float(len(self.locs)),
            "deals": float(sum(self.deals)),
            "built": float(t[T_BUILT]),
            "deals_made": float(t[T_DEALS]),
            "razed": float(t[T_RAZED]),
            "developed": float(t[T_DEVELOPED]),
            "reshuffles": float(t[T_RESHUFFLES]),
            "location_uses": float(t[T_LOCATION_USES]),
            "opponent_uses": float(t[T_OPPONENT_USES]),
            "opponent_cards": float(len(self.opp)),
        }

    # -------------------------------------------------------------- copies
    def clone(self) -> FiftyFirstStateState:
        return clone_state(self)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (``snapshot.py``): locations as ``[card, uses, [goods]]``,
        opponent cards as ``[card, used]``, the phase as its int."""
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, game: FiftyFirstStateGame, d: dict[str, Any]) -> FiftyFirstStateState:
        """Rebuild a position from ``to_dict`` output (tests edit it to stage situations)."""
        s = cls(game, blank=True)
        fill_from_dict(s, d)
        return s

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and ``to_dict`` (copies too), derived data rebuilt: the
        same whether the rules run compiled or not (a compiled class is not made by
        ``__new__`` alone, which the default pickling needs: ``solotable.accel``)."""
        return (FiftyFirstStateState.from_dict, (self.game, self.to_dict()))

    # ------------------------------------------------------------ notation
    def action_to_string(self, action: int) -> str:
        return self.L.to_string(action)

    def string_to_action(self, text: object) -> int:
        """Any value: not text is a NotationError (``Layout.from_string``)."""
        return self.L.from_string(text)

    def hidden_at_end(self) -> dict[str, Any]:
        return hidden_at_end(self)

    def action_info(self, action: int) -> ActionInfo:
        """The action as data (``action_info.py``): kind, arguments, targets on the table."""
        return action_info(self, action)

    def observation(self, player: int) -> dict[str, Any]:
        return self.game.observe(self)
