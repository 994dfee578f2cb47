"""A game as a file: export it from the table, import one into it ("play anywhere").

A game moves between a phone's browser table and ``solotable`` on a computer, both ways, as
the very file the terminal writes and reads (``session.savefile``): an unfinished game is a
*session save*, its seed and moves sealed so that the file shows no face-down card; a
finished one is a plain record. What is exported and what an import keeps is the record
``(game, options, seed, actions)``, bit for bit, so ``solotable replay --check`` accepts
the one and ``solotable play --load`` continues the other.

- ``GET /games/{id}/export`` reads the game from the store, never from the live table: the
  store holds every step the table showed (a step is saved before it is shown) and a
  finished game may no longer be open. The answer is a download
  (``Content-Disposition: attachment``).
- ``POST /games/import`` takes one uploaded file (a multipart form from the lobby). The file
  is data: parsed with ``core.untrusted``'s limits, its seats built only as agents the web
  table offers (the lobby's own rule), its moves replayed and checked before anything is
  stored. An unfinished game becomes a new game and a table; a finished one a finished game
  in the history and the stats. A file whose game the store already holds (same game,
  options, seed and moves) opens that game instead of storing it a second time, so the
  same finished game imported twice is counted once. Every refusal is the lobby with one
  sentence and a 4xx, never a traceback.

The same routes run in the browser through Pyodide, so they start no thread and no process:
the work (one replay of the game, one store transaction; milliseconds for a whole game of
51st State) is done in the request itself.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from pathlib import PurePosixPath

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException

from solotable.core.errors import RecordError, ReplayMismatchError, SolotableError
from solotable.core.untrusted import shorten
from solotable.session.save import saved_actions
from solotable.session.savefile import SavedGame, parse_save, read_game, save_text
from solotable.session.seal import unseal
from solotable.session.session import GameSession, NotKept
from solotable.session.store import FINISHED, Store, StoreError
from solotable.web.i18n import request_lang, speaking
from solotable.web.lobby import offered
from solotable.web.replay_view import valid_id
from solotable.web.security import MAX_BODY, OriginError, check_origin
from solotable.web.tables import Tables
from solotable.web.templating import export_name, templates
from solotable.words import Words, words

FIELD = "file"
"""The lobby form's file field."""
MAX_IMPORT = MAX_BODY - 4 * 1024
"""Bytes of an imported file: what the guard lets a request body hold (``web.security``),
less room for the form around it. A save holds about 50 bytes a move (a long game of
51st State, some 200 moves and draws, is under 12 KB), so this is some 5,000 moves: the
guard's limit is not raised for this route."""
MAX_SCAN = 100_000
"""Stored games of one game looked through for a copy of an imported file."""

LobbyPage = Callable[..., HTMLResponse]
"""``create_app``'s ``lobby_page(request, error=…, status=…)``: the lobby with a sentence."""


class FileRefused(SolotableError):
    """A file the table does not export or import; the sentence is said already, in the
    request's language, and ``status`` is the answer's (4xx, or 503 for the store)."""

    def __init__(self, status: int, sentence: str) -> None:
        super().__init__(sentence)
        self.status = status


# -- export ------------------------------------------------------------------------------
def export_file(store: Store, game_id: str, w: Words) -> tuple[str, str]:
    """``(file name, text)`` of the stored game ``game_id``: the save of an unfinished game
    (hidden cards sealed), the record of a finished one (``savefile.save_text``)."""
    missing = FileRefused(404, w._("There is no saved game with this id."))
    if not valid_id(game_id):
        raise missing
    try:
        session = GameSession.resume(store, game_id, agents=False)  # written, not played
    except StoreError as e:
        with suppress(StoreError):
            if store.mark(game_id) is None:
                raise missing from None
        raise FileRefused(503, w.error(e)) from None
    except SolotableError:
        raise FileRefused(422, w._("This saved game cannot be exported.")) from None
    return export_name(session.game.name, session.id), save_text(session)


# -- import ------------------------------------------------------------------------------
def check_seats(saved: SavedGame, w: Words) -> None:
    """A game to play on in the browser needs a seat for the player and, at the others, AIs
    the table offers; the sentence says what to do instead."""
    if saved.finished:
        return  # shown, not played: its seats are only labels
    if all(s.agent is not None for s in saved.seats):
        raise FileRefused(
            422,
            w._(
                "This game has no seat for a player, so it cannot be played in the browser; "
                "replay it in the terminal: solotable replay FILE."
            ),
        )
    for seat in saved.seats:
        if seat.agent is not None and not offered(saved.game.name, seat.agent):
            raise FileRefused(
                422,
                w._(
                    "This game is played against the AI '%(ai)s', which the web table does "
                    "not offer; continue it in the terminal: solotable play --load FILE.",
                    ai=shorten(seat.agent, 40),
                ),
            )


def stored_copy(store: Store, saved: SavedGame) -> str | None:
    """The id of a stored game that is this very file's game (same game, options, seed and
    moves, finished or not alike), or None. Looked for among the game's stored games of the
    same length only, so a seal is opened for few of them."""
    options = dict(saved.game.options)
    for row in store.history(saved.game.name, MAX_SCAN):
        if row.get("ply") != len(saved.actions) or row.get("options") != options:
            continue
        if (row.get("status") in FINISHED) != saved.finished:
            continue
        try:
            if unseal(row["sealed"]).get("seed") != saved.seed:
                continue
            if saved_actions(store.load(str(row["id"])).moves) == saved.actions:
                return str(row["id"])
        except (SolotableError, KeyError, TypeError, AttributeError):
            continue  # a damaged row is not this game
    return None


def shown_name(filename: str | None) -> str:
    """How an error names the uploaded file: its last part, printable, short."""
    name = PurePosixPath((filename or "").replace("\\", "/")).name
    name = "".join(c for c in name if c.isprintable()).strip()
    return shorten(name, 40) or "upload"


def not_ours(w: Words, e: BaseException) -> str:
    return w._("This file is not a game exported from solotable: %(reason)s.", reason=w.error(e))


def import_file(tables: Tables, data: bytes, filename: str | None, w: Words) -> str:
    """Store the game an uploaded file holds and open it; the address to go to next (the
    table of an unfinished game, the replay of a finished one)."""
    if not data.strip():
        raise FileRefused(
            400, w._("Choose a file to import: a game exported from solotable (a .json file).")
        )
    if len(data) > MAX_IMPORT:
        raise FileRefused(
            413,
            w._(
                "This file is larger than %(kb)s KB; a game exported from solotable is smaller.",
                kb=MAX_IMPORT // 1024,
            ),
        )
    source = shown_name(filename)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused(
            422, w._("This file is not a game exported from solotable: it is not text.")
        ) from None
    try:
        saved = read_game(parse_save(text, source), source, play=True)
    except SolotableError as e:
        raise FileRefused(422, not_ours(w, e)) from None
    check_seats(saved, w)
    store = tables.store
    try:
        found = stored_copy(store, saved)
        if found is not None:
            return f"/replay/{found}" if saved.finished else f"/games/{found}"
        session = saved.session(store)
    except (RecordError, ReplayMismatchError) as e:
        raise FileRefused(
            422, w._("The moves in this file do not replay: %(reason)s.", reason=w.error(e))
        ) from None
    except (NotKept, StoreError) as e:
        raise FileRefused(503, w.error(e)) from None
    except SolotableError as e:
        raise FileRefused(422, not_ours(w, e)) from None
    if session.is_over():
        return f"/replay/{session.id}"
    return f"/games/{tables.adopt(session).id}"


# -- routes ------------------------------------------------------------------------------
def install_files(
    app: FastAPI, tables: Tables, lobby_page: LobbyPage, *, pseudo: bool = False
) -> None:
    """Add the export and import routes to ``app``; refused imports show ``lobby_page``
    (``pseudo``: as ``create_app``)."""

    def lang(request: Request) -> str:
        """The request's language, worked out once (``create_app`` reads the same one)."""
        found = getattr(request.state, "lang", None)
        if found is None:
            found = request.state.lang = request_lang(request, tables.store, allow_pseudo=pseudo)
        return str(found)

    def problem(request: Request, status: int, message: str) -> HTMLResponse:
        error = templates().get_template("error.html")
        with speaking(lang(request)):
            html = error.render(path=request.url.path, message=message)
        return HTMLResponse(html, status_code=status)

    @app.get("/games/{table_id}/export", response_model=None)
    async def export_game(request: Request, table_id: str) -> Response:
        """The game as a file to download: the same file ``solotable export`` writes."""
        try:
            name, text = export_file(tables.store, table_id, words(lang(request)))
        except FileRefused as e:
            return problem(request, e.status, str(e))
        disposition = f'attachment; filename="{name}"'
        return Response(
            text.encode("utf-8"),
            media_type="application/json",
            headers={"Content-Disposition": disposition},
        )

    @app.post("/games/import", response_model=None)
    async def import_game(request: Request) -> Response:
        """The lobby's "Import a game": one file, then its table or its replay."""
        w = words(lang(request))
        try:
            check_origin(request)
        except OriginError as e:
            return lobby_page(request, error=e, status=403)
        try:
            async with request.form(max_files=1, max_fields=4) as form:
                upload = form.get(FIELD)
                if isinstance(upload, UploadFile):
                    data, filename = await upload.read(MAX_IMPORT + 1), upload.filename
                else:
                    data, filename = b"", None
        except HTTPException:  # a malformed form, or more than one file
            unread = w._("This upload could not be read; choose the file again.")
            return lobby_page(request, error=FileRefused(400, unread), status=400)
        try:
            target = import_file(tables, data, filename, w)
        except FileRefused as e:
            return lobby_page(request, error=e, status=e.status)
        return RedirectResponse(target, status_code=303)
