"""What the replay says of the game's moves: the move list, the review's marks and its note.

Every move is said as the player saw it, in words from its ``ActionInfo`` (the game's own
formatter: "place a red city on D6", « poser une cité rouge en D6 »), never as notation:
Divercité's codes spell colours in English (``RG`` green, ``CY`` yellow) while its board
says R/V/B/J in French, so a list of codes told a French player nothing (issue 35).
Notation stays for the terminal, records and files. A review's ``?`` and ``??`` say what
they mean: a legend on the page, and on each mark the better move, in words.
"""

from __future__ import annotations

from typing import Any

from solotable.core.errors import SolotableError
from solotable.core.game import ActionInfo
from solotable.web.lookback_words import unit_amount
from solotable.web.replay_view import Position, Replay, move_infos
from solotable.words import Words


def said(w: Words, info: ActionInfo | None) -> str:
    """A move in words ("a move" when the rules could not say it: an old record)."""
    if info is None:
        return w._("a move")
    try:
        return w.action(info)
    except SolotableError:
        return w._("a move")


def mark_name(w: Words, mark: str) -> str:
    """``?`` and ``??`` in words (the review's names for them)."""
    return w._("Blunder") if mark == "??" else w._("Mistake")


def mark_tip(w: Words, mark: str, better: str, loss: str) -> str:
    """What a mark means on one move: its name and the better move, in words."""
    return w._(
        "%(kind)s. Better: %(move)s (this move lost about %(loss)s).",
        kind=mark_name(w, mark),
        move=better,
        loss=loss,
    )


def move_list(
    w: Words, replay: Replay, notes: dict[int, Any] | None, reveal: bool
) -> list[dict[str, Any]]:
    """One line per step after the deal: its number, who moved, the move in words, and
    the review's mark with what it means (the better move) when the game was reviewed."""
    infos = move_infos(replay)
    marked = {i: n for i, n in (notes or {}).items() if n.mark}
    better = move_infos(replay, {i: n.best for i, n in marked.items()}) if marked else {}
    out = []
    for k, s in enumerate(replay.steps[1:], start=1):
        i = s.decision if s.decision is not None else 0
        ply = replay.plies[i] if i < len(replay.plies) else None
        hidden = ply is not None and not ply.public and not reveal
        note = marked.get(i)
        tip = ""
        if note is not None:
            tip = mark_tip(
                w, note.mark, said(w, better.get(i)), unit_amount(w, note.loss, note.unit)
            )
        out.append(
            {
                "step": k,
                "who": ply.who if ply is not None else 0,
                "words": "" if hidden else said(w, infos.get(i)),
                "mark": note.mark if note is not None else "",
                "tip": tip,
            }
        )
    return out


def note_view(w: Words, note: Any, pos: Position) -> dict[str, Any] | None:
    """The review's note on the step's move: its mark, and the better move in words with
    the action that plays it (to point at it on the table before the move)."""
    if note is None:
        return None
    action = None
    best_words = w._("a move")
    try:
        state = pos.before
        action = state.string_to_action(note.best)
        best_words = said(w, state.action_info(action))
    except SolotableError:
        action = None
    return {
        "mark": note.mark,
        "close": note.close,
        "best": note.best,
        "best_words": best_words,
        "action": action,
        "loss": unit_amount(w, note.loss, note.unit),
    }
