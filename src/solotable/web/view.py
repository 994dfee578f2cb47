"""What a page may show of a table: the human seat's view and nothing else.

This is the only place the web layer reads a session, and it reads exactly
the contract's public parts: ``observation(seat)``, ``legal_moves(seat)``,
``events_since``, ``result`` and ``public_summary``. Everything a template
draws comes from the dictionary built here, which is why hidden cards, the
seed and the RNG cannot reach a response.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from solotable.core.session import Result
from solotable.web.pages import Move, page_for
from solotable.web.tables import Table
from solotable.words import Words

LOG_LENGTH = 60
"""Events shown in the log (the newest last)."""


def seat_names(table: Table) -> list[str]:
    """ "You" for the human seat, the AI level for agents (White/Black come from the page)."""
    out = []
    for i, seat in enumerate(table.session.seats):
        out.append("You" if i == table.seat else f"AI ({seat.agent})")
    return out


def table_context(table: Table, w: Words) -> dict[str, Any]:
    """The page context of a table in ``w``'s language; the caller holds the session's lock."""
    session = table.session
    game = session.game
    seat = table.seat
    obs = session.observation(seat)
    moves = [Move(i.action, i.notation, w.action(i), i) for i in session.legal_infos(seat)]
    page = page_for(game.name)
    summary = session.public_summary()
    result = session.result()
    events = session.events_since(0)[-LOG_LENGTH:]
    hint = table.hint if table.hint is not None and table.hint.ply == _ply(summary) else None
    return {
        "id": table.id,
        "game": game.name,
        "title": game.info.title,
        "seat": seat,
        "names": seat_names(table),
        "summary": summary,
        "page": page,
        "view": page.context(game, obs, moves, seat, w),
        "moves": [{"id": m.id, "n": m.notation, "w": m.words} for m in moves],
        "moves_html": moves_html(moves),
        "events": [
            {"seq": e.seq, "kind": e.kind, "player": e.player, "text": w.event(game.name, e)}
            for e in events
        ],
        "result": result,
        "over": session.is_over(),
        "my_turn": bool(moves),
        "hint": hint,
        "version": table.version,
        "num_players": game.num_players(),
        "best_line": best_line(result, seat),
        "record": record(table) if result is not None else None,
    }


MOVE_BUTTON = (
    '<li><button type="button" data-move="{0}" title="{1}"><code>{0}</code> {1}</button></li>'
)


def moves_html(moves: list[Move]) -> Markup:
    """Every legal move as a button: built in Python because a Divercité turn has
    up to 189 of them and this list dominated the fragment's rendering time."""
    return Markup("").join(Markup(MOVE_BUTTON).format(m.notation, m.words) for m in moves)


def best_line(result: Result | None, seat: int) -> str:
    """The end screen's sentence about the best score for these settings."""
    if result is None or result.score_key is None:
        return ""
    score = result.scores[seat]
    if not result.counted:
        return "This game does not count for best scores (hints or a resignation)."
    if result.previous_best is None:
        return f"First counted game with these settings: {score:g} is your best score."
    if result.new_best:
        return f"New best score! {score:g} beats your previous best of {result.previous_best:g}."
    return f"Your best score with these settings is {result.previous_best:g}."


def record(table: Table) -> dict[str, Any] | None:
    """This player's record with these settings, from the store: games, wins, best score
    and this game's stats (what an end screen adds to the final position)."""
    session = table.session
    if session.store is None:
        return None
    rows = [
        r
        for r in session.store.finished(session.game.name)
        if r.get("options") == dict(session.game.options)
    ]
    this = next((r for r in rows if r.get("id") == session.id), None)
    scores = [float(r["score"]) for r in rows if r.get("score") is not None]
    return {
        "played": len(rows),
        "won": sum(1 for r in rows if r.get("won")),
        "best": max(scores) if scores else None,
        "stats": (this or {}).get("stats") or {},
    }


def _ply(summary: dict[str, Any]) -> int:
    return int(summary.get("ply", 0))
