"""Structured events: what happened, derived only from what the human may see.

A front end shows "what happened since your last move" from these instead of
parsing text. Each event is computed from the human seat's observations
before and after a step (``Game.events``), never from the true state, so an
event cannot carry a face-down card the observation does not show. Games
override ``Game.events`` for words of their own; :func:`default_events` is the
generic fallback (score, phase and round changes, hidden cards dealt).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

HIDDEN_MARKERS = ("?", "hidden", "face down", "face-down")
"""Values an observation uses for a card the viewer cannot see."""
SCORE_KEYS = ("score", "scores", "points", "vp")


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, as data: a kind and typed arguments.

    ``seq`` numbers a session's events (never reused: undo appends); a game
    hook leaves ``seq``/``ply`` at 0 and the session stamps them. Words come at the
    edge: ``solotable.words`` says ``<game>.event.<kind>`` (or ``core.event.<kind>``)
    with ``data`` as its arguments, in the player's language. ``text`` is only the English
    of an event stored by an older version (shown when no formatter knows the kind).
    """

    seq: int
    ply: int
    kind: str
    player: int | None
    text: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "ply": self.ply,
            "kind": self.kind,
            "player": self.player,
            "text": self.text,
            "data": dict(self.data),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Event:
        return cls(
            int(d["seq"]),
            int(d["ply"]),
            str(d["kind"]),
            None if d.get("player") is None else int(d["player"]),
            str(d.get("text") or ""),
            dict(d.get("data") or {}),
        )


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 die``, ``3 dice``, ``0 cards``: games word counts right without ``(s)``.

    Transitional: English only; words/ uses the catalog's plural forms instead."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def note(kind: str, text: str = "", player: int | None = None, **data: Any) -> Event:
    """An event for a game hook to return; the session fills in ``seq`` and ``ply``.

    ``text`` is transitional: a game whose events have a formatter in ``solotable.words``
    passes none (the words come from the catalog)."""
    return Event(0, 0, kind, player, text, data)


def event(kind: str, player: int | None = None, **data: Any) -> Event:
    """An event as data only: ``solotable.words`` says ``<game>.event.<kind>`` from ``data``."""
    return Event(0, 0, kind, player, "", data)


def _leaves(obj: Any, path: tuple[str, ...] = (), depth: int = 4) -> Iterator[tuple[str, Any]]:
    if isinstance(obj, Mapping) and depth:
        for k, v in obj.items():
            yield from _leaves(v, (*path, str(k)), depth - 1)
    elif isinstance(obj, list) and depth:
        for i, v in enumerate(obj):
            yield from _leaves(v, (*path, str(i)), depth - 1)
    else:
        yield ".".join(path), obj


def _count_hidden(obj: Any) -> int:
    return sum(
        1 for _, v in _leaves(obj, depth=8) if isinstance(v, str) and v.lower() in HIDDEN_MARKERS
    )


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def default_events(before: Mapping[str, Any], after: Mapping[str, Any], player: int) -> list[Event]:
    """Generic events from two observations of seat ``player``.

    Only differences between what the seat saw before and after are used,
    which is what makes the events safe to show: scores that changed, a new
    phase or round, and face-down cards appearing.
    """
    out: list[Event] = []
    old = dict(_leaves(before))
    for path, value in _leaves(after):
        last = path.rsplit(".", 2)
        named = [p for p in last if not p.isdigit()]
        if not named or named[-1].lower() not in SCORE_KEYS or not _is_number(value):
            continue
        was = old.get(path)
        if _is_number(was) and was != value:
            seat = int(last[-1]) if last[-1].isdigit() else None
            out.append(event("score", None, path=path, seat=seat, old=was, new=value))
    for key in ("round", "turn", "phase"):
        a, b = before.get(key), after.get(key)
        if a != b and isinstance(b, str | int) and not isinstance(b, bool):
            out.append(event(key if key != "turn" else "round", None, name=key, old=a, new=b))
    dealt = _count_hidden(after) - _count_hidden(before)
    if dealt > 0:
        out.append(event("hidden", None, count=dealt))
    return out
