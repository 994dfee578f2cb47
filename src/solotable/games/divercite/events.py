"""Divercité's events: what a placement scored, and Divercités made.

The board is public, so the events are the difference between two
observations: the piece that appeared (square, kind, colour), each player's
points gained (a resource scores for every city it touches, whoever owns it),
and cities that just reached 5 points with four different colours around them.
The session already says who placed what; these say what it was worth.
"""

from __future__ import annotations

from typing import Any

from solotable.core.events import Event, counted, note
from solotable.games.divercite.board import PLAYER_NAMES


def _placed(before: dict[str, Any], after: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    for square, piece in after["board"].items():
        if square not in before["board"]:
            return square, piece
    return None


def _piece_words(piece: dict[str, Any]) -> str:
    if piece["piece"] == "neutral":
        return "the neutral token"
    return f"a {piece['colour']} {piece['piece']}"


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
        parts = [
            f"{PLAYER_NAMES[p]} +{counted(g, 'point')} (now {after['scores'][p]})"
            for p, g in enumerate(gains)
            if g
        ]
        out.append(
            note(
                "score",
                f"{_piece_words(piece)} on {square} scores: {', '.join(parts)}",
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
        owner = PLAYER_NAMES[city["owner"]]
        out.append(
            note(
                "divercite",
                f"Divercité! {owner}'s {city['colour']} city on {sq} has four different colours "
                "around it: 5 points",
                city["owner"],
                square=sq,
                owner=city["owner"],
                colour=city["colour"],
            )
        )
    return out


PIECE_TEXT = {
    "city": (
        "City — each player has 8 (2 per colour) and places them on the city squares "
        "(columns B, D, F, H; rows 2, 4, 6, 8). A city scores 1 point per neighbouring resource "
        "of its own colour, or 5 points (a Divercité) when its four neighbours show four "
        "different colours. Notation: CR D6."
    ),
    "resource": (
        "Resource — each player has 12 (3 per colour) and places them on the resource squares "
        "(columns A, C, E, G, I; rows 1, 3, 5, 7, 9). Once placed it belongs to the board and "
        "counts for every city it touches, whoever owns the city. Notation: RG C7."
    ),
    "neutral": (
        "Neutral token — placed last on the one resource square left (or first, in the "
        "neutral_first variant). It has no colour: a city touching it gets nothing for that "
        "square and cannot make a Divercité. Notation: N E3."
    ),
    "divercite": (
        "Divercité — a city whose four neighbouring resources are four different colours "
        "scores 5 points instead of 1 per resource of its colour."
    ),
}
ALIASES = {"cities": "city", "resources": "resource", "token": "neutral", "divercité": "divercite"}


def piece_text(name: str) -> str | None:
    """A piece's description for ``info`` (Divercité has no cards)."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    return PIECE_TEXT.get(key)
