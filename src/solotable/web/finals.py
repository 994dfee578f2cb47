"""Which moves cannot be taken back, asked for by the page after the table is drawn.

``Session.irreversible`` plays every legal move on a deal sampled from the player's view
(``session.consequences``): about 13 ms for Mini DiverCity and 8 ms for 51st State on this
machine, more than the rest of a move's answer. The page only needs the answer before a
click that would ask ("it cannot be taken back", once a game), so it is not in the move's
fragment: the table script fetches ``GET /games/{id}/finals`` after drawing the table, and
only while the table has not asked its once-a-game question yet (``static/table.js``).

The answer is kept per table for the version it was worked out for, so a
page reloaded or fetched twice costs nothing more. It depends on the player's observation
only (the sampled deal's seed is fixed), never on a hidden card: the twins tests compare it
across hidden deals like the rest of a response.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response

from solotable.web.i18n import request_lang
from solotable.web.security import SafeJSONResponse
from solotable.web.tables import Table, TableError, Tables
from solotable.words import words


def finals(table: Table, lang: str) -> dict[str, Any]:
    """``{"version", "final": [notations], "why"}``: the human's moves that undo could not
    take back, at the table's current version (cached until it changes; only the sentence
    depends on the language)."""
    cached = table.finals
    if cached is None or cached["version"] != table.version:
        session = table.session
        with session.lock:
            final = session.irreversible(table.seat)
            notations = [i.notation for i in session.legal_infos(table.seat) if i.action in final]
            cached = table.finals = {"version": table.version, "final": notations}
    return {**cached, "why": words(lang)._("it cannot be taken back")}


def install_finals(app: FastAPI, tables: Tables, *, pseudo: bool = False) -> None:
    """Add ``GET /games/{id}/finals`` to ``app`` (``pseudo``: as ``create_app``)."""

    @app.get("/games/{table_id}/finals")
    def final_moves(request: Request, table_id: str) -> Response:
        lang = request_lang(request, tables.store, allow_pseudo=pseudo)
        try:
            table = tables.get(table_id)
        except TableError as e:
            return SafeJSONResponse({"error": words(lang).error(e)}, status_code=404)
        if table.thinking:
            return SafeJSONResponse({"version": table.version, "final": [], "wait": True})
        return SafeJSONResponse(finals(table, lang))
