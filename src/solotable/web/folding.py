"""Runs of events the table says in one line instead of one line each.

The session's events stay as the game made them (records, saves and replays keep them, and
the CLI's ``log`` lists them all); only what the web table lists — its log and its "since
your move" strip — is folded here, from the events' kinds and data, never their words.

51st State's set-up is the case that asked for it: before the first decision the solo rules
reveal cards until three with open production (often twenty or more), then deal four to the
hand, and each was a "the deck gives X" line — about forty lines before the player had done
anything, around the one that matters (the opponent's deck). The game's own ``setup`` event
names the opponent's deck; folded, it also counts the cards revealed and the hand's cards,
and the draw lines are left out. The Lookout's own card (a draw followed by its ``offer``)
is not part of the set-up and keeps its line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from solotable.core.events import Event

DRAW = "51st-state.action.draw"
"""The action message of a card drawn from 51st State's draw pile (a chance outcome)."""


def fold(game: str, events: Sequence[Event]) -> list[Event]:
    """``events`` as the table lists them: ``game``'s runs folded, the others as they are."""
    folder = _FOLDERS.get(game)
    return folder(events) if folder is not None else list(events)


def _is_draw(e: Event) -> bool:
    action = e.data.get("action") if e.kind == "chance" else None
    return isinstance(action, Mapping) and action.get("key") == DRAW


def _fifty_first_state(events: Sequence[Event]) -> list[Event]:
    """The set-up's draws folded into its ``setup`` event (``drawn`` and ``hand`` counts)."""
    at = next((i for i, e in enumerate(events) if e.kind == "setup"), None)
    if at is None or "drawn" in events[at].data:
        return list(events)
    revealed = [i for i in range(at) if _is_draw(events[i])]
    hand: list[int] = []
    j = at + 1
    while j < len(events) and events[j].kind == "round":
        j += 1
    while j < len(events) and _is_draw(events[j]):
        if j + 1 < len(events) and events[j + 1].kind == "offer":
            break  # the Lookout's first card, not the hand's
        hand.append(j)
        j += 1
    setup = events[at]
    folded = replace(setup, data={**setup.data, "drawn": len(revealed), "hand": len(hand)})
    gone = set(revealed) | set(hand)
    return [folded if i == at else e for i, e in enumerate(events) if i not in gone]


_FOLDERS: dict[str, Callable[[Sequence[Event]], list[Event]]] = {
    "51st-state": _fifty_first_state,
}
