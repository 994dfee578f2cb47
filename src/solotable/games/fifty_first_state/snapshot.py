"""A position as plain data, and its copies: ``clone``, ``to_dict`` and ``from_dict``.

The State (``state.py``) delegates here: records, saves and tools read the
``to_dict`` keys (``FIELDS``, in order), search clones positions by the
thousand. Derived data (``st``, ``pile_n``, ``opp_n``) is recomputed on load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.rng import Rng
from solotable.games.fifty_first_state.goods import NUM_GOODS
from solotable.games.fifty_first_state.rules.deck import held_cards
from solotable.games.fifty_first_state.rules.opponent import free_opponent_cards
from solotable.games.fifty_first_state.table import Location, OpponentCard, Phase

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


def clone_state(self: FiftyFirstStateState) -> FiftyFirstStateState:
    """A copy sharing nothing mutable; derived data (the draw list) is copied, the
    move list's cache is not (``moves_cache`` starts empty)."""
    o = type(self)(self.game, blank=True, rng=self.rng.clone())
    o.history = list(self.history)
    o.phase = self.phase
    o.round = self.round
    o.faction = self.faction
    o.pile = list(self.pile)
    o.pile_n = self.pile_n
    o.pile_cards = None if self.pile_cards is None else list(self.pile_cards)
    o.discard = list(self.discard)
    o.aside = list(self.aside)
    o.hand = list(self.hand)
    o.held = list(self.held)
    o.opp_free = list(self.opp_free)
    o.opp_deck = list(self.opp_deck)
    o.opp_n = self.opp_n
    o.opp = [OpponentCard(x.card, x.used) for x in self.opp]
    o.locs = [Location(x.card, x.uses, x.stored[:]) for x in self.locs]
    o.deals = list(self.deals)
    o.goods = list(self.goods)
    o.st = list(self.st)
    o.vp = self.vp
    o.fac_used = self.fac_used
    o.pending_draws = self.pending_draws
    o.pending_card = self.pending_card
    o.lk_step = self.lk_step
    o.lk_refused = self.lk_refused
    o.rerolls = self.rerolls
    o.extra_left = self.extra_left
    o.flip_idx = self.flip_idx
    o.conn_pile = list(self.conn_pile)
    o.conn_discard = list(self.conn_discard)
    o.face_up = list(self.face_up)
    o.tally = list(self.tally)
    return o


FIELDS = (
    "phase",
    "round",
    "faction",
    "pile",
    "pile_n",
    "discard",
    "aside",
    "hand",
    "opp_deck",
    "opp_n",
    "opp",
    "locs",
    "deals",
    "goods",
    "st",
    "vp",
    "fac_used",
    "pending_draws",
    "pending_card",
    "lk_step",
    "lk_refused",
    "rerolls",
    "extra_left",
    "flip_idx",
    "conn_pile",
    "conn_discard",
    "face_up",
    "tally",
)
"""The ``to_dict`` keys, in order; records and tools outside the project read them."""


def state_to_dict(self: FiftyFirstStateState) -> dict[str, Any]:
    """Plain JSON values: locations as ``[card, uses, [goods]]``, opponent cards as
    ``[card, used]``, the phase as its int."""
    d: dict[str, Any] = {"game": self.game.name, "options": dict(self.game.options)}
    for f in FIELDS:
        v = getattr(self, f)
        if f == "locs" or f == "opp":
            d[f] = [x.plain() for x in v]
        else:
            d[f] = list(v) if isinstance(v, list) else v
    d["history"] = list(self.history)
    d["rng"] = self.rng.to_json()
    return d


def fill_from_dict(s: FiftyFirstStateState, d: dict[str, Any]) -> None:
    """Fill a blank state from ``to_dict`` output (tests edit it to stage situations).

    ``st`` (the stored-goods totals) is recomputed from the locations, so a
    test may edit a card's stored goods alone.
    """
    for f in FIELDS:
        v = d[f]
        if f == "locs":
            v = [Location(x[0], x[1], list(x[2])) for x in v]
        elif f == "opp":
            v = [OpponentCard(x[0], x[1]) for x in v]
        elif f == "phase":
            v = int(Phase(v))
        elif isinstance(v, list):
            v = list(v)
        setattr(s, f, v)
    s.st = [sum(loc.stored[i] for loc in s.locs) for i in range(NUM_GOODS)]
    s.held = held_cards(s.hand)
    s.opp_free = free_opponent_cards(s.opp)
    s.pile_n = sum(s.pile)
    s.opp_n = sum(s.opp_deck)
    s.history = list(d.get("history", []))
    if "rng" in d:
        s.rng = Rng.from_json(d["rng"])
