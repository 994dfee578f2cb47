"""Mini DiverCity's events: the game's public log and the hand, as structured events.

The state keeps a log of public facts (a Corporation card, species moving on the scale,
Hotels, Divers' actions, cards turned up) and the observation carries it as entries of ids
(``log.py``) with a running count (``events_total``), so the new entries of a step are the
last ``after - before`` ones; each becomes an event of the same kind and data, said by
``solotable.words`` (``mini-divercity.event.<kind>``). Cards dealt to the hand are read from
the hand itself: a face-down Ocean card is only a ``"?"`` there, so its event cannot name
it. Nothing here looks at the state.
"""

from __future__ import annotations

from typing import Any

from solotable.core.events import Event, event
from solotable.games.mini_divercity.actions import SLOTS

HIDDEN = "?"


def new_entries(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """The log entries written during the step (the log keeps only recent ones)."""
    n = after["events_total"] - before["events_total"]
    log: list[dict[str, Any]] = after["log"]
    return log[-n:] if n > 0 else []


def deals(
    before: dict[str, Any], after: dict[str, Any], entries: list[dict[str, Any]]
) -> list[Event]:
    """Cards that arrived in the hand: named when face up, never when face down."""
    emptied = {e["slot"] for e in entries if e["kind"] == "discard"}
    out = []
    for slot in SLOTS:
        card = after["hand"][slot]
        if card is None or (before["hand"][slot] is not None and slot not in emptied):
            continue
        if card == HIDDEN:
            out.append(event("deal", None, slot=slot))
        else:
            out.append(event("deal", None, slot=slot, species=card))
    return out


def mini_divercity_events(before: dict[str, Any], after: dict[str, Any]) -> list[Event]:
    """The step's log entries in order, then the cards dealt and the Divers dealt."""
    entries = new_entries(before, after)
    out = [event(e["kind"], None, **{k: v for k, v in e.items() if k != "kind"}) for e in entries]
    out += deals(before, after, entries)
    for diver in after["divers"]:
        if diver not in before["divers"]:
            out.append(event("diver-dealt", None, diver=diver))
    return out
