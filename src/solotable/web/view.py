"""What a page may show of a table: the human seat's view and nothing else.

This is the only place the web layer reads a session, and it reads exactly
the contract's public parts: ``observation(seat)``, ``legal_moves(seat)``,
``events_since``, ``result`` and ``public_summary``. Everything a template
draws comes from the dictionary built here, which is why hidden cards, the
seed and the RNG cannot reach a response.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from solotable.core.events import Event
from solotable.session.session import Result
from solotable.web.changed import steps
from solotable.web.folding import fold
from solotable.web.lobby import said_outcome
from solotable.web.pages import Move, page_for
from solotable.web.tables import Hint, Table
from solotable.words import Words
from solotable.words.shared.web import level_label

LOG_LENGTH = 60
"""Events shown in the log (the newest last)."""


def seat_names(table: Table, w: Words) -> list[str]:
    """Who plays each seat, in words: "You" for the human seat, the AI and its level for the
    others (how the game names the seats — White, Black — is ``Words.seat_name``)."""
    out = []
    for i, seat in enumerate(table.session.seats):
        if i == table.seat:
            out.append(w._("You"))
        else:
            out.append(w._("AI (%(level)s)", level=level_label(w.shared, str(seat.agent))))
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
    events = fold(game.name, session.events_since(0))[-LOG_LENGTH:]  # web.folding
    hint = table.hint if table.hint is not None and table.hint.ply == _ply(summary) else None
    if session.is_over():
        hint = None
    hidden = session.reveal()  # None until the game is over (core checks it)
    no_undo = session.undo_refusal(seat)
    view = page.context(game, obs, moves, seat, w)
    return {
        "id": table.id,
        "game": game.name,
        "title": w.game_title(game.name, game.info.title),
        "seat": seat,
        "names": seat_names(table, w),
        "seat_names": [w.seat_name(game.name, i) for i in range(game.num_players())],
        "summary": summary,
        "page": page,
        "view": view,
        "moves": [{"id": m.id, "n": m.notation, "w": m.words} for m in moves],
        "moves_html": moves_html(moves),
        "events": said_events(table, events, w),
        "result": result,
        "outcome": said_outcome(w, result.outcome, result.status) if result is not None else "",
        "over": session.is_over(),
        "my_turn": bool(moves),
        "hint": hint_view(hint, moves, w) if hint is not None else None,
        "version": table.version,
        "num_players": game.num_players(),
        "best_line": (
            w._("A lesson is filed apart: it counts for no best score and no statistics.")
            if session.lesson and result is not None
            else best_line(result, seat, w)
        ),
        "record": record(table, w) if result is not None else None,
        "reveal": page.reveal(game, obs, hidden, w) if hidden and page.reveal else None,
        "no_undo": w.say(no_undo) if no_undo is not None else "",
        # the moves undo could not take back are asked for after drawing (web.finals)
        "confirm": confirm_moves(moves, frozenset(), view, w),
        "steps": steps(game.name, session.events_since(0), seat, w),  # web.changed
    }


def said_events(table: Table, events: list[Event], w: Words) -> list[dict[str, Any]]:
    """The log's events in words. Each event is said once per language and kept with the
    table (the log redraws its last 60 events with every move: 51st State's took a few
    ms a move); an entry is reused only for the very same event object, so an event made
    again after an undo (same number, other data) is said afresh."""
    game = table.session.game.name
    kept = table.said if table.said.get("lang") == w.lang else {"lang": w.lang}
    fresh: dict[Any, Any] = {"lang": w.lang}
    out = []
    for e in events:
        hit = kept.get(id(e))
        text = hit[1] if hit is not None and hit[0] is e else w.event(game, e)
        fresh[id(e)] = (e, text)
        out.append({"seq": e.seq, "kind": e.kind, "player": e.player, "text": text})
    table.said = fresh
    return out


def confirm_moves(
    moves: list[Move], irreversible: frozenset[int], view: Mapping[str, Any], w: Words
) -> dict[str, dict[str, Any]]:
    """``{notation: {"why": words, "always": bool}}`` for the moves the page asks about
    before playing: those whose cost the game's page names (``view["costly"]``, from
    ``ActionInfo`` data such as Mini DiverCity's ``extra_discards``: asked every time) and
    those undo could not take back (asked once a game: most moves of a game with draws are
    final, and the disabled Undo says why afterwards).

    A costly move also says, under ``if_final``, both reasons joined: the page uses it when
    ``web.finals`` answers that the move cannot be taken back either."""
    costly: Mapping[str, str] = view.get("costly") or {}
    final = w._("it cannot be taken back")
    out: dict[str, dict[str, Any]] = {}
    for m in moves:
        why = [costly[m.notation]] if m.notation in costly else []
        if m.id in irreversible:
            why.append(final)
        if why:
            out[m.notation] = {"why": w.shared.join(why), "always": m.notation in costly}
        if m.notation in costly:
            out[m.notation]["if_final"] = w.shared.join([costly[m.notation], final])
    return out


def hint_view(hint: Hint, moves: list[Move], w: Words) -> dict[str, Any]:
    """A hint as the page shows it, in ``w``'s language: the move in notation (for the board
    and the notation box) and in words, why, and the best moves side by side."""
    by_id = {m.id: m for m in moves}

    def said(action: int) -> tuple[str, str]:
        m = by_id.get(action)
        return (m.notation, m.words) if m is not None else ("", "")

    words = said(hint.action)[1]
    return {
        "notation": hint.notation,
        "words": words,  # (notation only in its own <code translate="no">)
        "reason": w.say(hint.reason) if hint.reason else "",
        "candidates": [
            {"n": said(a)[0], "w": said(a)[1], "value": w.say(v), "reason": w.say(r) if r else ""}
            for a, v, r in hint.candidates
        ],
    }


MOVE_BUTTON = (
    '<li><button type="button" data-move="{0}" title="{1}">'
    '<code class="notation" translate="no">{0}</code> {1}</button></li>'
)


def moves_html(moves: list[Move]) -> Markup:
    """Every legal move as a button: built in Python because a Divercité turn has
    up to 189 of them and this list dominated the fragment's rendering time."""
    return Markup("").join(Markup(MOVE_BUTTON).format(m.notation, m.words) for m in moves)


def best_line(result: Result | None, seat: int, w: Words) -> str:
    """The end screen's sentence about the best score for these settings."""
    if result is None or result.score_key is None:
        return ""
    score = result.scores[seat]
    if not result.counted:
        return w._("This game does not count for best scores (hints or a resignation).")
    if result.previous_best is None:
        return w._(
            "First counted game with these settings: %(score)s is your best score.", score=score
        )
    if result.new_best:
        return w._(
            "New best score! %(score)s beats your previous best of %(best)s.",
            score=score,
            best=result.previous_best,
        )
    return w._("Your best score with these settings is %(best)s.", best=result.previous_best)


def record(table: Table, w: Words) -> dict[str, Any] | None:
    """This player's record with these settings, from the store: games, wins, best score
    and this game's stats (what an end screen adds to the final position). Numbers are as
    the game counts them (84, not 84.0); ``best_text`` is the best written in ``w``'s
    language."""
    session = table.session
    if session.store is None:
        return None
    rows = [
        r
        for r in session.store.finished(session.game.name)
        if r.get("options") == dict(session.game.options)
    ]
    this = next((r for r in rows if r.get("id") == session.id), None)
    scores = [_count(r["score"]) for r in rows if isinstance(r.get("score"), int | float)]
    best = max(scores) if scores else None
    return {
        "played": len(rows),
        "won": sum(1 for r in rows if r.get("won")),
        "best": best,
        "best_text": w.shared.num(best) if best is not None else "",
        "stats": {k: _count(v) for k, v in ((this or {}).get("stats") or {}).items()},
    }


def _count(x: Any) -> Any:
    """A whole number stored as a float (84.0) as the int the game counted (84)."""
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _ply(summary: dict[str, Any]) -> int:
    return int(summary.get("ply", 0))
