"""What changed since the player's last move: the steps the player did not click.

Chance draws, automatic rules, the AI's move and 51st State's virtual opponent all happen
between two of the player's clicks. The session already reports each of them as a structured
event (``core.events``); a *step* here is one of those events, said in words by
``solotable.words`` and paired with the table elements it changed, so the table can highlight
them in order (``static/changed.js``) and list them in a "since your move" strip.

Targets are ``(attribute, value)`` pairs naming elements the game pages already mark with a
``data-<attribute>`` (``data-slot="a1"``, ``data-sq="E5"``, ``data-card="docks"``,
``data-key="isle:red"``…); they are read from the event's data (and, for a move or a chance
draw, the args of its action message), never from notation or prose. The session's events
are already the viewer's (``sessionparts.ply_events``): a hidden move is an event marked
``hidden`` and says so, and it targets nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from solotable.core.events import Event
from solotable.web.folding import fold
from solotable.words import Words

MAX_STEPS = 40
"""Steps shown at most (the newest): a game's opening deal can be long."""

ATTRS = frozenset({"slot", "sq", "card", "key", "diver", "counter"})
"""The ``data-*`` attributes a target may name (the script builds selectors only from these)."""

PLAYER_CLICKS = frozenset({"move", "undo"})
"""Event kinds that are the player's own doing: the steps start after the last of them."""

SAID_ABOVE = frozenset({"end"})
"""Event kinds the strip leaves out: the session's "end" is the outcome, which the status
line just above says already (issue 35: an end said three times in a row)."""

Target = tuple[str, str]
Found = tuple[str, Any]
"""A target as a finder yields it (a value None or not yet a string is dropped or made one)."""


def since_last_move(events: Sequence[Event], seat: int) -> list[Event]:
    """The events after ``seat``'s last move (all of them before its first): what the
    player did not click. The move itself is left out; what the rules did with it in the
    same step (a score, a Cleanup, a new round) is not. An undo is the player's own click
    too: what it took back is no longer on the table, so nothing before it is a step."""
    start = 0
    for i, e in enumerate(events):
        if e.kind in PLAYER_CLICKS and e.player == seat:
            start = i + 1
    return list(events[start:])


def steps(game: str, events: Sequence[Event], seat: int, w: Words) -> list[dict[str, Any]]:
    """The steps since ``seat``'s last move, oldest first: ``seq``, ``kind``, ``text`` (the
    event in ``w``'s language) and ``targets`` (``[attribute, value]`` pairs); runs the table
    says in one line (51st State's set-up draws) are folded first (``web.folding``)."""
    out = []
    for e in fold(game, since_last_move(events, seat))[-MAX_STEPS:]:
        if e.kind in SAID_ABOVE:
            continue
        out.append(
            {
                "seq": e.seq,
                "kind": e.kind,
                "text": w.event(game, e),
                "targets": [list(t) for t in targets(game, e)],
            }
        )
    return out


def targets(game: str, e: Event) -> list[Target]:
    """The table elements event ``e`` changed, without duplicates (none for a hidden move)."""
    data = e.data
    if data.get("hidden"):
        return []
    if e.kind in ("move", "chance"):
        action = data.get("action")
        if not isinstance(action, Mapping):
            return []
        # the action's kind: its message key is the structured id ``<game>.action.<kind>``
        kind = str(action.get("key", "")).removeprefix(f"{game}.action.")
        args = action.get("args")
        data = args if isinstance(args, Mapping) else {}
    else:
        kind = e.kind
    finder = _FINDERS.get(game)
    found = finder(kind, data) if finder is not None else []
    return list(dict.fromkeys((a, str(v)) for a, v in found if a in ATTRS and v is not None))


def _divercite(kind: str, d: Mapping[str, Any]) -> Iterable[Found]:
    if "square" in d:
        yield "sq", d["square"]
    if kind == "score":  # each player's score that moved
        for seat, gain in enumerate(d.get("gains") or []):
            if gain:
                yield "counter", f"score-{seat}"


def _dice_miner(kind: str, d: Mapping[str, Any]) -> Iterable[Found]:
    if d.get("slot"):
        yield "slot", d["slot"]
    if kind == "draw" and d.get("start"):
        yield "counter", "magic"
    if kind == "roll":
        yield "counter", "magic"
    if kind == "fill":
        for slot in d.get("mountain") or {}:
            yield "slot", slot
        yield "counter", "bag"
        if d.get("refill"):
            yield "counter", "refills"
    if kind == "over":
        yield "counter", "score"


_MDC_COUNTERS = {"eliminated": "eliminated", "saved": "saved"}


def _mini_divercity(kind: str, d: Mapping[str, Any]) -> Iterable[Found]:
    for field in ("slot", "lagoon", "ocean"):
        if d.get(field):
            yield "key", f"slot:{d[field]}"
    if kind in ("harmed", "improved", "no-effect") and d.get("species"):
        yield "key", f"sp:{d['species']}"
        if str(d.get("to")) in _MDC_COUNTERS:
            yield "counter", _MDC_COUNTERS[str(d["to"])]
    if kind.startswith("hotel") and d.get("colour"):
        yield "key", f"isle:{d['colour']}"
        yield "counter", "hotels"
    if d.get("diver"):
        yield "diver", d["diver"]
    if kind in ("corp-card", "corp-draw", "corp-peek"):
        yield "key", "corp:current" if kind != "corp-peek" else "corp:deck"


def _fifty_first_state(kind: str, d: Mapping[str, Any]) -> Iterable[Found]:
    if kind == "lookout" and d.get("to") == "discard":
        yield "counter", "piles"
    elif kind == "lookout" and d.get("to") == "opponent":
        yield "counter", "opponent-deck"
    elif kind == "flip":
        yield "counter", f"conn-{d.get('deck')}"
    elif kind == "cleanup":
        yield "counter", "supply"
        for c in d.get("connections") or []:
            if isinstance(c, Mapping) and c.get("card"):
                yield "counter", "piles"
    elif kind == "production":
        yield "counter", "supply"
        for src in d.get("sources") or []:
            if isinstance(src, Mapping) and src.get("kind") == "location":
                yield "card", src.get("id")
    elif kind == "round":
        yield "counter", "round"
    elif kind == "setup":
        yield "counter", "opponent-deck"
    elif kind == "reshuffle":
        yield "counter", "piles"
    elif d.get("card"):
        yield "card", d["card"]


_FINDERS: dict[str, Callable[[str, Mapping[str, Any]], Iterable[Found]]] = {
    "divercite": _divercite,
    "dice-miner": _dice_miner,
    "mini-divercity": _mini_divercity,
    "51st-state": _fifty_first_state,
}
