"""Mini DiverCity's events: the game's public log and the hand, as structured events.

The state keeps a log of public facts (a Corporation card and what it did,
species moving on the scale, Hotels, Divers' actions, cards turned up) and the
observation carries it with a running count (``events_total``), so the new
entries of a step are the last ``after - before`` ones. Cards dealt to the
hand are read from the hand itself: a face-down Ocean card is only a ``"?"``
there, so its event cannot name it. Nothing here looks at the state.
"""

from __future__ import annotations

from typing import Any

from solotable.core.events import Event, note
from solotable.games.mini_divercity.actions import SLOTS, corp_words
from solotable.games.mini_divercity.codes import CAUSES, POS_NAMES, Log
from solotable.games.mini_divercity.observation import HIDDEN, entry_text
from solotable.games.mini_divercity.tables import Tables

KINDS: dict[int, str] = {
    Log.TURN: "turn",
    Log.CORP: "corporation",
    Log.RESHUFFLE: "reshuffle",
    Log.DISCARD: "discard",
    Log.HARM: "species",
    Log.IMPROVE: "species",
    Log.NO_EFFECT: "species",
    Log.HOTEL_BUILT: "hotel",
    Log.HOTEL_ALREADY: "hotel",
    Log.HOTEL_CLOSED: "hotel",
    Log.DYN_DECK: "dynamite",
    Log.DYN_DISCARD: "dynamite",
    Log.DYN_NONE: "dynamite",
    Log.DIVER: "diver",
    Log.OIL_EMPTY: "oil",
    Log.OIL_COST: "oil",
    Log.PEEK: "peek",
    Log.REVEAL_TOP: "reveal",
    Log.QUICK: "explore",
    Log.EXPLORE: "explore",
    Log.FLIP: "flip",
    Log.SWAP: "swap",
    Log.CAP_RETURN: "captain",
    Log.CAP_DRAW: "captain",
    Log.CAP_DISCARD: "captain",
    Log.LOOK: "look",
    Log.VIS_ORDER: "visionary",
    Log.END: "over",
    Log.OUT_OF_REACH: "out-of-reach",
}
SPECIES_CODES = (
    Log.DISCARD,
    Log.DYN_DECK,
    Log.DYN_DISCARD,
    Log.REVEAL_TOP,
    Log.CAP_RETURN,
    Log.CAP_DRAW,
    Log.CAP_DISCARD,
)
"""Codes whose ``b`` (``DISCARD``, ``FLIP``) or ``a`` names a species card seen face up."""


def entry_data(t: Tables, e: tuple[int, int, int]) -> dict[str, Any]:
    """The structured details of a log entry (ids, not words) for a front end."""
    code, a, b = e
    if code == Log.CORP or code == Log.PEEK:
        return {"card": t.corp_ids[a], "effect": corp_words(t, a)}
    if code in (Log.HARM, Log.IMPROVE, Log.NO_EFFECT):
        way = {Log.HARM: "harm", Log.IMPROVE: "improve", Log.NO_EFFECT: "none"}[Log(code)]
        return {"species": t.species_ids[a], "position": POS_NAMES[b], "change": way}
    if code in (Log.HOTEL_BUILT, Log.HOTEL_ALREADY, Log.HOTEL_CLOSED):
        return {"colour": t.colours[a], "hotel": code != Log.HOTEL_CLOSED}
    if code in (Log.DISCARD, Log.FLIP):
        return {"slot": SLOTS[a], "species": t.species_ids[b]}
    if code == Log.SWAP:
        return {"slots": [SLOTS[a], SLOTS[b]]}
    if code in SPECIES_CODES:
        return {"species": t.species_ids[a]}
    if code == Log.DIVER:
        return {"diver": t.diver_ids[a]}
    if code == Log.END:
        return {"cause": CAUSES[a]}
    if code == Log.TURN:
        return {"turn": a}
    if code in (Log.RESHUFFLE, Log.OIL_COST, Log.VIS_ORDER):
        return {"count": a}
    if code == Log.LOOK:
        return {"pile": "species" if a == 0 else "corporation"}
    if code == Log.OUT_OF_REACH:
        return {"more_needed": a, "max_more_saves": b}
    return {}


def new_entries(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[int, int, int]]:
    """The log entries written during the step (the log keeps only recent ones)."""
    n = after["events_total"] - before["events_total"]
    log = [(int(e[0]), int(e[1]), int(e[2])) for e in after["machine"]["log"]]
    return log[-n:] if n > 0 else []


def deals(
    t: Tables, before: dict[str, Any], after: dict[str, Any], entries: list[tuple[int, int, int]]
) -> list[Event]:
    """Cards that arrived in the hand: named when face up, never when face down."""
    emptied = {SLOTS[a] for code, a, _ in entries if code == Log.DISCARD}
    names = dict(zip(t.species_ids, t.species_names, strict=True))
    out = []
    for slot in SLOTS:
        card = after["hand"][slot]
        if card is None or (before["hand"][slot] is not None and slot not in emptied):
            continue
        where = "Lagoon" if slot.startswith("l") else "Ocean"
        if card == HIDDEN:
            out.append(
                note("deal", f"a card is dealt face down to {where} {slot}", None, slot=slot)
            )
        else:
            out.append(
                note(
                    "deal",
                    f"{names[card]} is dealt face up to {where} {slot}",
                    None,
                    slot=slot,
                    species=card,
                )
            )
    return out


def mini_divercity_events(t: Tables, before: dict[str, Any], after: dict[str, Any]) -> list[Event]:
    """The step's log entries in order, then the cards dealt and the Divers dealt."""
    entries = new_entries(before, after)
    out = [
        note(KINDS.get(e[0], "log"), entry_text(t, e), None, **entry_data(t, e)) for e in entries
    ]
    out += deals(t, before, after, entries)
    names = dict(zip(t.diver_ids, t.diver_names, strict=True))
    for diver in after["divers"]:
        if diver not in before["divers"]:
            out.append(
                note(
                    "divers",
                    f"the {names[diver]} is dealt: {DIVER_SHORT[diver]}",
                    None,
                    diver=diver,
                )
            )
    return out


DIVER_SHORT = {
    "captain": "draw 1 or 2 Species cards, discard one to improve its species",
    "environmentalist": "turn a Hotel back into an Island",
    "explorer": "turn every face-down Ocean card up",
    "swimmer": "discard an Ocean card to improve its species",
    "communications": "turn 2 Ocean cards up, then the top Species card",
    "endurance": "improve one species, no card needed",
    "diving": "improve one species, no card needed",
    "visionary": "put the next 4 Corporation cards in your order, then turn 2 Ocean cards up",
}
"""What each Diver does, in a line (our words; ``card_text`` gives the full text)."""
