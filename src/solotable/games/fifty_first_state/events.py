"""51st State's events: the Lookout, the opponent, Production and Cleanup in words.

The solo round runs mostly by itself: the forced Lookout cards, the three
extra cards, the opponent's reveal, Production and Cleanup happen between the
player's decisions. Each event here is read from the difference between two
observations (hand, piles, supply, the opponent's cards), so it can only name
what the table shows; Production's sources come from the observation's public
``production`` list (what the tableau produces), its amounts from the supply
itself.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from solotable.core.events import Event, counted, note
from solotable.games.fifty_first_state.card_text import card_line
from solotable.games.fifty_first_state.goods import amount
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
WHICH = ("first", "second", "third")


def amounts(goods: dict[str, int]) -> str:
    """``2 fuel, 3 workers, 1 card`` (goods with a zero amount left out)."""
    return ", ".join(amount(n, g) for g, n in goods.items() if n) or "nothing"


def _diff(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    keys = dict.fromkeys([*before, *after])
    return {
        k: after.get(k, 0) - before.get(k, 0) for k in keys if after.get(k, 0) != before.get(k, 0)
    }


def _added(before: dict[str, int], after: dict[str, int]) -> list[str]:
    return [k for k, n in _diff(before, after).items() if n > 0]


class FiftyFirstEvents:
    """Event words for one game (card names and texts come from its card set)."""

    def __init__(self, game: FiftyFirstStateGame) -> None:
        self.cs = game.cards
        self.index = game.layout.card_index

    def name(self, card_id: str) -> str:
        t = self.index.get(card_id)
        return self.cs.names[t] if t is not None else card_id

    def line(self, card_id: str) -> str:
        t = self.index.get(card_id)
        return card_line(self.cs, t) if t is not None else card_id

    def connection(self, conn_id: str) -> str:
        ids = self.cs.conn_ids
        return self.cs.conn_names[ids.index(conn_id)] if conn_id in ids else conn_id

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
            out.append(
                note(
                    "reshuffle",
                    "the draw pile ran out: the discard pile is shuffled into a new one "
                    f"({counted(after['draw_pile_size'], 'card')})",
                    None,
                    size=after["draw_pile_size"],
                )
            )
        if after["round"] > before["round"]:
            if before["round"] >= 1:
                out.append(self.cleanup(before, after))
            out.append(
                note(
                    "round",
                    f"round {after['round']} of {ROUNDS} begins",
                    None,
                    round=after["round"],
                )
            )
        if after["pending_card"] and after["pending_card"] != before["pending_card"]:
            out.append(self.offer(after))
        return out

    # -- the parts --------------------------------------------------------------------
    def setup(self, after: Obs) -> Event:
        deck = after["opponent_deck"]
        names = [self.name(c) for c, n in deck.items() for _ in range(n)]
        return note(
            "setup",
            f"the opponent's deck is formed: {', '.join(names)}",
            None,
            opponent_deck=dict(deck),
        )

    def offer(self, after: Obs) -> Event:
        card = after["pending_card"]
        step = after["lookout"]["step"]
        which = WHICH[min(step, THIRD_CARD)]
        return note(
            "lookout",
            f"Lookout, {which} card — keep or refuse? {self.line(card)}",
            None,
            card=card,
            name=self.name(card),
            step=step,
            offer=True,
            rerolls_left=after["lookout"]["rerolls_left"],
        )

    def lookout_draw(self, before: Obs, after: Obs) -> list[Event]:
        kept = _added(before["hand"], after["hand"])
        if not kept:
            return []
        card = kept[0]
        step = before["lookout"]["step"]
        if step >= THIRD_CARD:
            why = "the third card is kept (no reroll left)"
        else:
            why = f"you refused the one before, so the {WHICH[step]} card is kept"
        return [
            note(
                "lookout",
                f"Lookout: {self.name(card)} goes to your hand — {why}",
                None,
                card=card,
                name=self.name(card),
                step=step,
                forced=True,
            )
        ]

    def lookout_refusal(self, before: Obs, after: Obs) -> list[Event]:
        card = before["pending_card"]
        if not card or after["hand"].get(card, 0) > before["hand"].get(card, 0):
            return []
        step = before["lookout"]["step"]
        if step >= THIRD_CARD:
            then = f"{counted(after['lookout']['rerolls_left'], 'reroll')} left"
        else:
            then = "the next card must be kept"
        return [
            note(
                "lookout",
                f"Lookout: {self.name(card)} refused and discarded; {then}",
                None,
                card=card,
                name=self.name(card),
                step=step,
                refused=True,
            )
        ]

    def lookout_extra(self, before: Obs, after: Obs) -> list[Event]:
        to_opp = _added(before["opponent_deck"], after["opponent_deck"])
        to_discard = _added(before["discard"], after["discard"])
        nth = 3 - before["lookout"]["extra_left"] + 1
        if to_opp:
            card, where, text = to_opp[0], "opponent", "joins the opponent's deck (open production)"
        elif to_discard:
            card, where, text = to_discard[0], "discard", "is discarded"
        else:
            return []
        return [
            note(
                "lookout",
                f"Lookout, extra card {nth} of 3: {self.name(card)} {text}",
                None,
                card=card,
                name=self.name(card),
                extra=nth,
                to=where,
            )
        ]

    def reveal(self, before: Obs, after: Obs) -> list[Event]:
        old = Counter(o["card"] for o in before["opponent"])
        new = Counter(o["card"] for o in after["opponent"])
        shown = list((new - old).elements())
        if not shown:
            return [
                note("reveal", "the opponent's deck is empty: nothing is revealed", None, card=None)
            ]
        card = shown[0]
        return [
            note(
                "reveal",
                f"the opponent reveals {self.line(card)} — send a worker there for its production",
                None,
                card=card,
                name=self.name(card),
                opponent=[o["card"] for o in after["opponent"]],
            )
        ]

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
        sources = [s["source"] for s in after["production"]]
        text = f"Production: you gain {amounts(gains)}"
        if sources:
            text += f" (from {', '.join(sources)})"
        if returned:
            text += f"; back from storage: {amounts(returned)}"
        return note(
            "production",
            text,
            None,
            gains=gains,
            sources=[dict(s) for s in after["production"]],
            returned=returned,
        )

    def cleanup(self, before: Obs, after: Obs) -> Event:
        supply = {g: n for g, n in before["goods"].items() if n}
        conns = [self.connection(c) for c in before["connections"]["face_up"].values() if c]
        text = "Cleanup: "
        text += f"discarded {amounts(supply)} from the supply" if supply else "nothing to discard"
        if conns:
            text += f", and the face-up connections {' and '.join(conns)}"
        text += "; actions and opponent cards are ready again"
        return note("cleanup", text, None, discarded=supply, connections=conns)


def fifty_first_events(game: FiftyFirstStateGame, before: Obs, after: Obs) -> list[Event]:
    """The game's events for one step (see the module docstring)."""
    return FiftyFirstEvents(game).events(before, after)
