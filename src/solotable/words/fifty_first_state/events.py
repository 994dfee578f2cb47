"""51st State's events in words (``51st-state.event.<kind>``); see ``fifty_first_state.py``.

Event data is plain JSON (events are kept in saves): card ids with the card file's names,
goods as ``{good: amount}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.fifty_first_state.base import WORDS, goods, name
from solotable.words.tr import Tr


@WORDS.message("event.setup")
def _setup(t: Tr, a: Mapping[str, Any]) -> str:
    """The opponent's deck; with ``drawn`` and ``hand`` (the set-up's draws folded into
    this one event by the web table, ``web/folding.py``) the whole set-up in one line."""
    cards = [name(t, c["name"]) for c in a["cards"] for _ in range(int(c["n"]))]
    deck = t._("the opponent's deck is formed: %(cards)s", cards=t.join(cards))
    if a.get("drawn") is None:
        return deck
    drawn, hand = int(a["drawn"]), int(a.get("hand") or 0)
    parts = [
        t.ngettext("Set-up: %(n)s card drawn", "Set-up: %(n)s cards drawn", drawn + hand),
        deck,
    ]
    others = drawn - len(cards)
    if others > 0:
        parts.append(
            t.ngettext(
                "the other card revealed goes back into the draw pile",
                "the other %(n)s cards revealed go back into the draw pile",
                others,
            )
        )
    if hand:
        parts.append(t.ngettext("%(n)s card to your hand", "%(n)s cards to your hand", hand))
    return t._("; ").join(parts)


@WORDS.message("event.offer")
def _offer(t: Tr, a: Mapping[str, Any]) -> str:
    card = name(t, a["name"])
    return (
        t._("Lookout, first card: keep or refuse %(name)s?", name=card),
        t._("Lookout, second card: keep or refuse %(name)s?", name=card),
        t._("Lookout, third card: keep %(name)s or redraw?", name=card),
    )[min(int(a.get("step") or 0), 2)]


@WORDS.message("event.lookout")
def _lookout(t: Tr, a: Mapping[str, Any]) -> str:
    card = name(t, a["name"])
    step = int(a.get("step") or 0)
    if a.get("forced"):
        if step >= 2:
            return t._("Lookout: %(name)s goes to your hand (the third card is kept)", name=card)
        return t._(
            "Lookout: %(name)s goes to your hand (you refused the card before, so it is kept)",
            name=card,
        )
    if a.get("refused"):
        if step >= 2:
            return t.ngettext(
                "Lookout: %(name)s refused and discarded; %(n)s reroll left",
                "Lookout: %(name)s refused and discarded; %(n)s rerolls left",
                int(a.get("rerolls_left") or 0),
                name=card,
            )
        return t._("Lookout: %(name)s refused and discarded; the next card must be kept", name=card)
    if a.get("to") == "opponent":
        return t._(
            "Lookout, extra card %(extra)s of 3: %(name)s joins the opponent's deck "
            "(open production)",
            extra=a["extra"],
            name=card,
        )
    return t._(
        "Lookout, extra card %(extra)s of 3: %(name)s is discarded", extra=a["extra"], name=card
    )


@WORDS.message("event.reveal")
def _reveal(t: Tr, a: Mapping[str, Any]) -> str:
    if a.get("card") is None:
        return t._("the opponent's deck is empty: nothing is revealed")
    return t._(
        "the opponent reveals %(name)s: send a worker there for its production",
        name=name(t, a["name"]),
    )


def _source(t: Tr, s: Mapping[str, Any]) -> str:
    if s["kind"] == "deal":
        if int(s["count"]) > 1:
            return t._("deal %(name)s ×%(n)s", name=name(t, s["name"]), n=s["count"])
        return t._("deal %(name)s", name=name(t, s["name"]))
    return name(t, s["name"])


@WORDS.message("event.production")
def _production(t: Tr, a: Mapping[str, Any]) -> str:
    text = t._("Production: you gain %(gains)s", gains=goods(t, a["gains"]))
    if a.get("sources"):
        text = t._(
            "%(text)s (from %(sources)s)",
            text=text,
            sources=t.join(_source(t, s) for s in a["sources"]),
        )
    if a.get("returned"):
        text = t._(
            "%(text)s; back from storage: %(goods)s", text=text, goods=goods(t, a["returned"])
        )
    return text


@WORDS.message("event.reshuffle")
def _reshuffle(t: Tr, a: Mapping[str, Any]) -> str:
    return t.ngettext(
        "the draw pile ran out: the discard pile is shuffled into a new one (%(n)s card)",
        "the draw pile ran out: the discard pile is shuffled into a new one (%(n)s cards)",
        int(a["size"]),
    )


@WORDS.message("event.round")
def _round(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("round %(round)s of %(rounds)s begins", round=a["round"], rounds=a.get("rounds", 6))


@WORDS.message("event.cleanup")
def _cleanup(t: Tr, a: Mapping[str, Any]) -> str:
    if a.get("discarded"):
        text = t._("Cleanup: %(goods)s discarded from the supply", goods=goods(t, a["discarded"]))
    else:
        text = t._("Cleanup: nothing to discard")
    if a.get("connections"):
        text = t._(
            "%(text)s, and the face-up connections %(cards)s",
            text=text,
            cards=t.join(name(t, c["name"]) for c in a["connections"]),
        )
    return t._("%(text)s; actions and opponent cards are ready again", text=text)


@WORDS.message("event.end")
def _end(t: Tr, a: Mapping[str, Any]) -> str:
    scores = a.get("scores") or [0]
    n = int(scores[0])
    if a.get("status") == "resigned":
        return t.ngettext("you resigned with %(n)s point", "you resigned with %(n)s points", n)
    return t.ngettext("Game over: %(n)s point", "Game over: %(n)s points", n)
