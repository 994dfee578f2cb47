"""51st State's events: the Lookout, the opponent, Production and Cleanup, as data.

The solo round runs mostly by itself: the forced Lookout cards, the three
extra cards, the opponent's reveal, Production and Cleanup happen between the
player's decisions. Each event here is read from the difference between two
observations (hand, piles, supply, the opponent's cards), so it can only name
what the table shows; Production's sources are worked out from the public tableau
(faction, deals, locations) of the observation after it, its amounts from the supply.

Events carry no words: ``solotable.words`` says ``51st-state.event.<kind>`` from the data
(card ids with their names from the card file, goods as ``{good: amount}``, steps and
counts), in the player's language.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from solotable.core.events import Event, event
from solotable.games.fifty_first_state.goods import GOOD_NAMES
from solotable.games.fifty_first_state.rules.production import production_sources
from solotable.games.fifty_first_state.table import (
    ACTIONS,
    LK_DECIDE,
    LK_DRAW,
    LK_EXTRA,
    ROUNDS,
    SETUP,
    THIRD_CARD,
    Tally,
)

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.game import FiftyFirstStateGame

Obs = dict[str, Any]


def _diff(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    keys = dict.fromkeys([*before, *after])
    return {
        k: after.get(k, 0) - before.get(k, 0) for k in keys if after.get(k, 0) != before.get(k, 0)
    }


def _added(before: dict[str, int], after: dict[str, int]) -> list[str]:
    return [k for k, n in _diff(before, after).items() if n > 0]


class FiftyFirstEvents:
    """The events of one game (card names come from its card set)."""

    def __init__(self, game: FiftyFirstStateGame) -> None:
        self.game = game
        self.cs = game.cards
        self.index = game.layout.card_index

    def card(self, card_id: str) -> dict[str, Any]:
        """``{"card": id, "name": name}`` of a location card (a name the words layer says)."""
        t = self.index.get(card_id)
        return {"card": card_id, "name": self.cs.names[t] if t is not None else card_id}

    def connection(self, conn_id: str) -> dict[str, str]:
        ids = self.cs.conn_ids
        return {
            "card": conn_id,
            "name": self.cs.conn_names[ids.index(conn_id)] if conn_id in ids else conn_id,
        }

    # -- one step --------------------------------------------------------------------
    def events(self, before: Obs, after: Obs) -> list[Event]:
        out: list[Event] = []
        ph = before["phase_id"]
        if ph == SETUP and after["phase_id"] != SETUP:
            out.append(self.setup(after))
        if ph == LK_DRAW:
            out += self.lookout_draw(before, after)
        if ph == LK_DECIDE:
            out += self.lookout_refusal(before, after)
        if ph == LK_EXTRA:
            out += self.lookout_extra(before, after)
        if after["phase_id"] == ACTIONS and ph != ACTIONS:
            out += self.reveal(before, after)
            out.append(self.production(before, after))
        if after["tally"][Tally.RESHUFFLES] > before["tally"][Tally.RESHUFFLES]:
            out.append(event("reshuffle", size=after["draw_pile_size"]))
        if after["round"] > before["round"]:
            if before["round"] >= 1:
                out.append(self.cleanup(before))
            out.append(event("round", round=after["round"], rounds=ROUNDS))
        if after["pending_card"] and after["pending_card"] != before["pending_card"]:
            out.append(self.offer(after))
        return out

    # -- the parts --------------------------------------------------------------------
    def setup(self, after: Obs) -> Event:
        deck = after["opponent_deck"]
        return event("setup", cards=[{**self.card(c), "n": n} for c, n in deck.items()])

    def offer(self, after: Obs) -> Event:
        card = after["pending_card"]
        return event(
            "offer",
            **self.card(card),
            step=min(after["lookout"]["step"], THIRD_CARD),
            rerolls_left=after["lookout"]["rerolls_left"],
        )

    def lookout_draw(self, before: Obs, after: Obs) -> list[Event]:
        kept = _added(before["hand"], after["hand"])
        if not kept:
            return []
        step = min(before["lookout"]["step"], THIRD_CARD)
        return [event("lookout", **self.card(kept[0]), step=step, forced=True)]

    def lookout_refusal(self, before: Obs, after: Obs) -> list[Event]:
        card = before["pending_card"]
        if not card or after["hand"].get(card, 0) > before["hand"].get(card, 0):
            return []
        return [
            event(
                "lookout",
                **self.card(card),
                step=min(before["lookout"]["step"], THIRD_CARD),
                refused=True,
                rerolls_left=after["lookout"]["rerolls_left"],
            )
        ]

    def lookout_extra(self, before: Obs, after: Obs) -> list[Event]:
        to_opp = _added(before["opponent_deck"], after["opponent_deck"])
        to_discard = _added(before["discard"], after["discard"])
        nth = 3 - before["lookout"]["extra_left"] + 1
        if to_opp:
            card, where = to_opp[0], "opponent"
        elif to_discard:
            card, where = to_discard[0], "discard"
        else:
            return []
        return [event("lookout", **self.card(card), extra=nth, to=where)]

    def reveal(self, before: Obs, after: Obs) -> list[Event]:
        old = Counter(o["card"] for o in before["opponent"])
        new = Counter(o["card"] for o in after["opponent"])
        shown = list((new - old).elements())
        if not shown:
            return [event("reveal", card=None, name=None)]
        opponent = [o["card"] for o in after["opponent"]]
        return [event("reveal", **self.card(shown[0]), opponent=opponent)]

    def production(self, before: Obs, after: Obs) -> Event:
        gains = _diff(before["goods"], after["goods"])
        if after["vp"] != before["vp"]:
            gains["vp"] = after["vp"] - before["vp"]
        if after["pending_draws"] > before["pending_draws"]:
            gains["card"] = after["pending_draws"] - before["pending_draws"]
        back: Counter[str] = Counter()
        for loc in before["locations"]:
            back.update(loc["stored"])
        for loc in after["locations"]:
            back.subtract(loc["stored"])
        returned = {g: n for g, n in back.items() if n > 0}
        return event("production", gains=gains, sources=self.sources(after), returned=returned)

    def sources(self, obs: Obs) -> list[dict[str, Any]]:
        """Production's sources from the public tableau of ``obs`` (``production_sources``)."""
        cs = self.cs
        index = self.index
        faction = self.game.factions.ids().index(obs["faction"]) if obs["faction"] else -1
        deals = [0] * cs.n
        for c, n in obs["deals"].items():
            deals[index[c]] = n
        locations = [index[loc["card"]] for loc in obs["locations"]]
        return [
            {
                "kind": src.kind,
                "id": src.id,
                "name": src.name,
                "count": src.copies,
                "gains": {GOOD_NAMES[g]: n for g, n in sorted(src.gains.items())},
            }
            for src in production_sources(cs, self.game.factions, faction, deals, locations)
        ]

    def cleanup(self, before: Obs) -> Event:
        supply = {g: n for g, n in before["goods"].items() if n}
        conns = [self.connection(c) for c in before["connections"]["face_up"].values() if c]
        return event("cleanup", discarded=supply, connections=conns)


def fifty_first_events(game: FiftyFirstStateGame, before: Obs, after: Obs) -> list[Event]:
    """The game's events for one step (see the module docstring)."""
    return FiftyFirstEvents(game).events(before, after)
