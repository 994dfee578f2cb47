"""Mini DiverCity's cards in words: Diver powers, Corporation cards, ``info`` texts, statistics.

A Diver's power is a key from the game's card catalog (``power``: the Endurance and Diving
Specialists share ``free-step``); a Corporation card is its list of events (Oil Platform,
Dynamite Fishers, Hotels of two colours). Front ends ask for these words by key, never by
reading the rules page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.mini_divercity.terms import WORDS, catalog, colour, diver, island, species
from solotable.words.registry import N_
from solotable.words.tr import Tr

POWERS = {
    "captain": N_(
        "say first whether you draw 2 Species cards or only 1 (before seeing any); discard "
        "one of them to improve its species by one space; the other goes back face up on the "
        "Species deck"
    ),
    "environmentalist": N_(
        "turn a Hotel back to its Island side, then you may swap a Lagoon card with an Ocean card"
    ),
    "explorer": N_("turn every face-down Ocean card face up"),
    "swimmer": N_("discard an Ocean card, face up or not, to improve its species by one space"),
    "communications": N_(
        "turn 2 face-down Ocean cards face up (your choice when there are more), then turn "
        "the top Species card face up"
    ),
    "free-step": N_("improve a species still in play by one space, without a card"),
    "visionary": N_(
        "take the next 4 Corporation cards and put them back in the order you choose, then "
        "turn 2 face-down Ocean cards face up"
    ),
}
"""Each power in full (tooltips, ``info``)."""
SHORT_POWERS = {
    "captain": N_("draw 1 or 2 Species cards, discard one to improve its species"),
    "environmentalist": N_("turn a Hotel back into an Island"),
    "explorer": N_("turn every face-down Ocean card up"),
    "swimmer": N_("discard an Ocean card to improve its species"),
    "communications": N_("turn 2 Ocean cards up, then the top Species card"),
    "free-step": N_("improve a species, no card needed"),
    "visionary": N_("order the next 4 Corporation cards, then turn 2 Ocean cards up"),
}
"""Each power in a line (the log, when a Diver is dealt)."""
EVENTS = {
    "oil": N_("Oil Platform"),
    "dynamite": N_("Dynamite Fishers"),
    "hotels": N_("Hotels"),
}
"""Corporation events by name (French: the solo rules' plateforme pétrolière, bateau de pêche
à la dynamite, Hôtels)."""
EVENT_RULES = {
    "oil": N_("discard a card of your choice from your hand; its species moves toward red"),
    "dynamite": N_("the top Species card is discarded; its species moves toward red"),
}


def power_key(did: Any) -> str:
    card = catalog().get(("diver", str(did)))
    return str(card["power"]) if card is not None else str(did)


def power(t: Tr, did: Any, short: bool = False) -> str:
    """What Diver ``did`` does, in full or in a line."""
    text = (SHORT_POWERS if short else POWERS).get(power_key(did))
    return t._(text) if text is not None else diver(t, did)


def corp_events(cid: Any) -> list[Mapping[str, Any]]:
    card = catalog().get(("corporation", str(cid)))
    return list(card["events"]) if card is not None else []


def event_title(t: Tr, kind: Any) -> str:
    """An event's name alone (a card face draws the Hotels' colours as chips)."""
    name = EVENTS.get(str(kind))
    return t._(name) if name is not None else str(kind)


def event_name(t: Tr, e: Mapping[str, Any]) -> str:
    """One event's name; a Hotels event with its two colours."""
    name = EVENTS.get(str(e.get("event")))
    if name is None:
        return str(e.get("event"))
    if e.get("event") == "hotels":
        a, b = e.get("colours") or ("", "")
        return t._("%(hotels)s (%(a)s, %(b)s)", hotels=t._(name), a=colour(t, a), b=colour(t, b))
    return t._(name)


def event_rule(t: Tr, e: Mapping[str, Any]) -> str:
    """What one event does."""
    if e.get("event") == "hotels":
        a, b = e.get("colours") or ("", "")
        return t._("%(a)s and %(b)s become Hotels", a=island(t, a), b=island(t, b))
    text = EVENT_RULES.get(str(e.get("event")))
    return t._(text) if text is not None else str(e.get("event"))


def corp_effect(t: Tr, cid: Any) -> str:
    """A Corporation card by what it does, in a line: "Oil Platform + Hotels (red, purple)"."""
    events = corp_events(cid)
    if not events:
        return str(cid)
    return " + ".join(event_name(t, e) for e in events)


def corp_rules(t: Tr, cid: Any) -> str:
    """A Corporation card's events in full, in the order they are resolved."""
    return t._("; then ").join(
        t._("%(event)s: %(rule)s", event=event_name(t, e), rule=event_rule(t, e))
        for e in corp_events(cid)
    )


@WORDS.message("card.effect")
def _card_effect(t: Tr, a: Mapping[str, Any]) -> str:
    return corp_effect(t, a.get("card"))


@WORDS.message("card.diver")
def _card_diver(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(name)s — Diver\n  power: %(power)s\n  A Diver is used once a game, in the Divers "
        "phase (one special action a turn); afterwards you may look at the top Corporation "
        "card.",
        name=diver(t, a.get("diver")),
        power=power(t, a.get("diver")),
    )


@WORDS.message("card.corporation")
def _card_corp(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(effect)s — Corporation card (%(copies)s in the deck of %(total)s)\n"
        "  when drawn: %(rules)s",
        effect=corp_effect(t, a.get("card")),
        copies=a.get("copies", 0),
        total=a.get("total", 0),
        rules=corp_rules(t, a.get("card")),
    )


@WORDS.message("card.species")
def _card_species(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(name)s — species (%(copies)s Species cards)\n  Its token starts on blue; each "
        "improvement moves it toward green, each harm toward red. Two steps up it is saved, "
        "two steps down eliminated; either way it leaves play and its cards no longer move "
        "anything.",
        name=species(t, a.get("species")),
        copies=a.get("copies", 0),
    )


# -- statistics ----------------------------------------------------------------------------

WORDS.stat("result", N_("Result"), N_("Whether the game was won or lost."))
WORDS.stat("cause", N_("How it ended"), N_("What ended the game."))
WORDS.stat("saved", N_("Species saved"), N_("Species whose token reached Saved."))
WORDS.stat("eliminated", N_("Species eliminated"), N_("Species whose token reached Eliminated."))
WORDS.stat("hotels", N_("Hotels"), N_("Islands showing their Hotel side at the end."))
WORDS.stat("turns", N_("Turns"), N_("Turns played."))
WORDS.stat("more_needed", N_("Species still needed"), N_("How many more species the goal needed."))
WORDS.stat(
    "max_more_saves",
    N_("Species still savable"),
    N_("At most how many more species could still have been saved."),
)
WORDS.stat(
    "out_of_reach_turn",
    N_("Out of reach from turn"),
    N_("The turn the win became impossible (0: it never did)."),
)
WORDS.text("stat.result.win", N_("won"))
WORDS.text("stat.result.loss", N_("lost"))
WORDS.text("stat.result.unfinished", N_("unfinished"))
WORDS.text("stat.cause.saved", N_("enough species saved"))
WORDS.text("stat.cause.eliminated", N_("too many species eliminated"))
WORDS.text("stat.cause.hotels", N_("every Island became a Hotel"))
WORDS.text("stat.cause.impossible", N_("the win went out of reach"))
WORDS.text("stat.cause.resigned", N_("the player resigned"))
WORDS.text("stat.cause.unfinished", N_("unfinished"))
for _did, _dealt, _used in (
    ("captain", N_("Captain dealt"), N_("Captain used")),
    ("environmentalist", N_("Environmentalist dealt"), N_("Environmentalist used")),
    ("explorer", N_("Explorer dealt"), N_("Explorer used")),
    ("swimmer", N_("Swimmer dealt"), N_("Swimmer used")),
    (
        "communications",
        N_("Communications Specialist dealt"),
        N_("Communications Specialist used"),
    ),
    ("endurance", N_("Endurance Specialist dealt"), N_("Endurance Specialist used")),
    ("diving", N_("Diving Specialist dealt"), N_("Diving Specialist used")),
    ("visionary", N_("Visionary dealt"), N_("Visionary used")),
):
    WORDS.stat(f"dealt {_did}", _dealt, N_("1 when this Diver was dealt, else 0."))
    WORDS.stat(f"used {_did}", _used, N_("1 when this Diver's power was used, else 0."))
