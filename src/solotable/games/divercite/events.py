"""Divercité's events: what a placement scored, and Divercités made.

The board is public, so the events are the difference between two
observations: the piece that appeared (square, kind, colour), each player's
points gained (a resource scores for every city it touches, whoever owns it),
and cities that just reached 5 points with four different colours around them.
The session already says who placed what; these say what it was worth. Events are
data (``event(kind, **data)``); ``solotable.words`` says ``divercite.event.<kind>``.
"""

from __future__ import annotations

from typing import Any

from solotable.core.events import Event, event
from solotable.core.message import Msg, msg


def _placed(before: dict[str, Any], after: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    for square, piece in after["board"].items():
        if square not in before["board"]:
            return square, piece
    return None


def divercite_events(before: dict[str, Any], after: dict[str, Any]) -> list[Event]:
    """The points a placement scored, and each Divercité it completed."""
    placed = _placed(before, after)
    if placed is None:
        return []
    square, piece = placed
    mover = before["to_move"]
    gains = [a - b for a, b in zip(after["scores"], before["scores"], strict=True)]
    out: list[Event] = []
    if any(gains):
        out.append(
            event(
                "score",
                mover,
                square=square,
                piece=dict(piece),
                gains=gains,
                scores=list(after["scores"]),
            )
        )
    for sq, city in after["board"].items():
        was = before["board"].get(sq)
        if city["piece"] != "city" or city["points"] != 5:
            continue
        if was is not None and was.get("points") == 5:
            continue
        out.append(
            event("divercite", city["owner"], square=sq, owner=city["owner"], colour=city["colour"])
        )
    return out


PIECES = ("city", "resource", "neutral", "divercite")
"""What ``info`` can describe: Divercité has no cards, only its three pieces and the
Divercité itself (``divercite.piece.<name>``)."""
ALIASES = {
    "cities": "city",
    "resources": "resource",
    "token": "neutral",
    "divercité": "divercite",
    "cité": "city",
    "cite": "city",
    "cités": "city",
    "ressource": "resource",
    "ressources": "resource",
    "neutre": "neutral",
    "jeton": "neutral",
    "diversité": "divercite",
}


def piece_text(name: str) -> Msg | None:
    """A piece's description for ``info`` as a message, or None for an unknown name."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    return msg(f"divercite.piece.{key}") if key in PIECES else None
