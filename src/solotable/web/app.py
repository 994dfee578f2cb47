"""The FastAPI application: lobby, rules, game pages and the few POSTs that change a game.

Pages are rendered on the server with Jinja2. ``web.security`` stands in front
of every route: the ``Host`` must be an address the server was started on, a
state-changing POST must come from one of those addresses (a page on another
site cannot play or resign for you), and off loopback the owner's token is
needed. The table script asks for fragments (header
``X-Fragment: 1``) and swaps them in; without the script every form still
works by a redirect back to the page. Every user error is a
``SolotableError`` and is shown as a message, never a traceback.

Every form and fetch that changes a game carries the version of the table it
was drawn from; a stale or repeated request changes nothing and gets the
table as it is now (409). A change the store could not keep gets 503 and the
table as saved, so what a page shows is always what a restart would show.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

import solotable
from solotable.core.errors import SolotableError
from solotable.core.message import Msg, Text, msg
from solotable.core.registry import game_class
from solotable.core.untrusted import ascii_int, shorten
from solotable.session.session import GameMovedOn, NotKept
from solotable.session.store import Store, StoreError
from solotable.web import lobby
from solotable.web.access import Access
from solotable.web.files import install_files
from solotable.web.finals import install_finals
from solotable.web.hint_strength import install_hint_strength
from solotable.web.i18n import COOKIE, PREF, request_lang, speaking
from solotable.web.insight import hint_reason, hint_value, hint_verdict, previews
from solotable.web.learn import games as learnable
from solotable.web.learn import install_learn
from solotable.web.looking_back import install_looking_back
from solotable.web.pages import Move
from solotable.web.security import (
    OriginError,
    SafeJSONResponse,
    alert,
    check_origin,
    echoed_path,
    secure,
)
from solotable.web.tables import Hint, StalePage, Table, TableError, Tables
from solotable.web.templating import templates
from solotable.web.view import table_context
from solotable.words import LANGS, Words, words
from solotable.words.rules import rules_html as translated_rules

HERE = Path(__file__).parent
STATIC = HERE / "static"


def rules_html(game: str, lang: str = "en") -> str:
    """A game's ``rules.md`` as HTML in ``lang`` (raw HTML in the file is escaped)."""
    return translated_rules(game, lang, solotable.load_game(game).rules_text())


def create_app(
    store: Store | None = None, *, access: Access, pseudo: bool = False, inline: bool = False
) -> FastAPI:
    """The web table over ``store`` (the user's store when None, closed when the app stops:
    its write-ahead log is folded back, so the database file alone holds every game),
    answering only as ``access`` allows (the addresses it serves and, off loopback, the token).

    ``pseudo`` lets the ``lang`` cookie choose the test pseudo-locale (tests only); ``inline``
    runs the AI and reviews within the request, for Python without threads (the browser
    build, ``solotable.browser``)."""
    tables = Tables(store if store is not None else Store(), inline=inline)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        tables.close()
        if store is None:
            await run_in_threadpool(tables.store.close)

    app = FastAPI(
        title="solotable", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    app.state.tables = tables
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    secure(app, access, pseudo=pseudo)
    install_looking_back(app, pseudo=pseudo, inline=inline)  # history, stats, replay
    install_learn(app, tables, pseudo=pseudo)  # learn to play: guided games (web.learn)
    install_hint_strength(app)  # how strong is the hint? (web.hint_strength)
    install_finals(app, tables, pseudo=pseudo)  # moves undo could not take back (web.finals)

    def lang_of(request: Request) -> str:
        """The request's language (cookie, store, Accept-Language), worked out once."""
        lang = getattr(request.state, "lang", None)
        if lang is None:
            lang = request.state.lang = request_lang(request, tables.store, allow_pseudo=pseudo)
        return str(lang)

    def page(request: Request, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        with speaking(lang_of(request)):
            html = templates().get_template(name).render(path=request.url.path, **ctx)
        return HTMLResponse(html, status_code=status)

    def words_of(request: Request) -> Words:
        return words(lang_of(request))

    def lobby_page(
        request: Request, error: BaseException | None = None, status: int = 200
    ) -> HTMLResponse:
        w = words_of(request)
        said = w.error(error) if error is not None else None
        try:
            saved = {
                "unfinished": lobby.unfinished(tables.store, w),
                "finished": lobby.finished(tables.store, w),
                "best": lobby.best_scores(tables.store, w),
            }
        except StoreError as e:
            saved, said, status = {}, said or w.error(e), max(status, 503)
        return page(
            request,
            "lobby.html",
            status,
            games=lobby.game_entries(w),
            learnable=learnable(),
            error=said,
            warning=tables.store.warning,
            in_browser=access.framed,
            **saved,
        )

    install_files(app, tables, lobby_page, pseudo=pseudo)  # export, import (web.files)

    @app.get("/", response_class=HTMLResponse)
    def home(request: Request) -> HTMLResponse:
        return lobby_page(request)

    @app.post("/lang")
    async def choose_language(request: Request) -> Response:
        """The header's language switch: a cookie for this browser, remembered in the store."""
        try:
            check_origin(request)
        except OriginError as e:
            return lobby_page(request, error=e, status=403)
        form = await request.form()
        lang = str(form.get("lang", ""))
        back = echoed_path(str(form.get("next", "/")))
        if lang not in LANGS:
            unknown = TableError(msg("web.unknown-language", lang=lang[:20]))
            return lobby_page(request, error=unknown, status=400)
        await run_in_threadpool(tables.store.set_preference, PREF, lang)
        response = RedirectResponse(back, status_code=303)
        response.set_cookie(COOKIE, lang, max_age=3 * 365 * 86400, samesite="strict", httponly=True)
        return response

    @app.get("/favicon.ico")
    def favicon() -> Response:
        return Response((STATIC / "favicon.svg").read_bytes(), media_type="image/svg+xml")

    @app.get("/rules/{game}", response_class=HTMLResponse)
    def rules(request: Request, game: str) -> HTMLResponse:
        w = words_of(request)
        if game not in solotable.game_names():
            unknown = w.say(msg("web.unknown-game", name=game[:60]))
            return page(request, "error.html", 404, message=unknown)
        return page(
            request,
            "rules.html",
            title=w.game_title(game, game_class(game).info.title),
            game=game,
            body=rules_html(game, w.lang),
        )

    @app.post("/games")
    async def new_game(request: Request) -> Response:
        try:
            check_origin(request)
            form = {k: str(v) for k, v in (await request.form()).items()}
            name, options, seats = lobby.parse_new_game(form)
            seed = lobby.parse_seed(form)
            table = await run_in_threadpool(tables.start, name, options, seats, seed)
        except OriginError as e:
            return lobby_page(request, error=e, status=403)
        except SolotableError as e:
            return lobby_page(request, error=e, status=400)
        return RedirectResponse(f"/games/{table.id}", status_code=303)

    @app.post("/games/{table_id}/delete")
    async def delete_game(request: Request, table_id: str) -> Response:
        """The lobby's "Delete…" of an unfinished game (its form is the confirmation).
        A finished game stays: it is a result in the history and the scores."""
        try:
            check_origin(request)
            if not table_id or len(table_id) > 64:
                raise TableError(msg("web.no-such-game"))
            deleted = await run_in_threadpool(tables.delete, table_id)
            if not deleted:
                if await run_in_threadpool(tables.store.mark, table_id) is None:
                    raise TableError(msg("web.no-such-game"))
                kept = TableError(msg("web.lobby.finished-kept"))
                return lobby_page(request, error=kept, status=409)
        except OriginError as e:
            return lobby_page(request, error=e, status=403)
        except TableError as e:
            return lobby_page(request, error=e, status=404)
        except StoreError as e:
            return lobby_page(request, error=e, status=503)
        return RedirectResponse("/", status_code=303)

    def render_table(table: Table, lang: str, error: str | None = None, full: bool = False) -> str:
        """The table (the whole page with ``full``) in ``lang``; ``error`` is already said."""
        with table.guard:
            thinking = table.thinking
            cached = table.cached
        # The game's catalog domain (it falls back on the shared one): its page's words.
        domain = words(lang).game(table.session.game.name).domain
        with speaking(lang, domain) as w:
            if thinking and cached is not None and cached.get("lang") == lang:
                ctx = dict(cached)
            else:
                with table.session.lock:
                    ctx = table_context(table, w)
                    thinking = table.thinking
                ctx["lang"] = lang
                table.cached = ctx
            notice, table.notice = table.notice, None
            trouble = notice or table.agent_error
            ctx.update(
                thinking=thinking,
                error=error or (w.say(trouble) if trouble else None),
                full=full,
                path=f"/games/{table.id}",
            )
            name = "game.html" if full else "table.html"
            return templates().get_template(name).render(**ctx)

    def get_table(table_id: str) -> Table:
        return tables.get(table_id)

    @app.get("/games/{table_id}", response_class=HTMLResponse)
    def game_page(request: Request, table_id: str) -> HTMLResponse:
        try:
            table = get_table(table_id)
        except TableError as e:
            return page(request, "error.html", 404, message=words_of(request).error(e))
        tables.kick(table)  # reloading the page lets an AI whose move was not kept try again
        return HTMLResponse(render_table(table, lang_of(request), full=True))

    @app.get("/games/{table_id}/table", response_class=HTMLResponse)
    def fragment(request: Request, table_id: str) -> HTMLResponse:
        try:
            table = get_table(table_id)
        except TableError as e:
            return HTMLResponse(alert(words_of(request).error(e)), status_code=404)
        return HTMLResponse(render_table(table, lang_of(request)))

    @app.get("/games/{table_id}/previews")
    def score_previews(request: Request, table_id: str) -> JSONResponse:
        """What each legal move would score for every player, from the observation only.

        Separate from the fragment so a move's response does not wait for it."""
        try:
            table = get_table(table_id)
        except TableError as e:
            return SafeJSONResponse({"error": words_of(request).error(e)}, status_code=404)
        if table.thinking:
            return SafeJSONResponse({})
        with table.session.lock:
            session = table.session
            obs = session.observation(table.seat)
            w = words(lang_of(request))
            moves = [
                Move(i.action, i.notation, w.action(i), i) for i in session.legal_infos(table.seat)
            ]
        return SafeJSONResponse(previews(session.game, obs, table.seat, moves))

    async def act(
        request: Request, table_id: str, action: Callable[[Table, dict[str, str]], None]
    ) -> Response:
        fetch = request.headers.get("x-fragment") == "1"
        try:
            check_origin(request)
            table = get_table(table_id)
        except OriginError as e:
            return HTMLResponse(alert(words_of(request).error(e)), status_code=403)
        except TableError as e:
            return HTMLResponse(alert(words_of(request).error(e)), status_code=404)
        form = {k: str(v) for k, v in (await request.form()).items()}
        return await run_in_threadpool(_act, table, form, action, fetch, lang_of(request))

    def _act(
        table: Table,
        form: dict[str, str],
        action: Callable[[Table, dict[str, str]], None],
        fetch: bool,
        lang: str,
    ) -> Response:
        """Apply one request's change in a worker thread (the event loop stays free).

        The version check and the change happen under the session's lock, so of
        several identical requests sent together exactly one is applied."""
        error, status = None, 200
        w = words(lang)
        try:
            if table.thinking:
                raise TableError(msg("web.ai-thinking"))
            with table.session.lock:
                if form.get("version") != table.version:
                    raise StalePage(msg("web.stale-page"))
                action(table, form)
        except (StalePage, GameMovedOn) as e:
            error, status = w.error(e), 409
        except (NotKept, StoreError) as e:
            error, status = w.error(e), 503
        except SolotableError as e:
            error, status = w.error(e), 422
        tables.kick(table)
        if not fetch and error is None:
            return RedirectResponse(f"/games/{table.id}", status_code=303)
        return HTMLResponse(
            render_table(table, lang, error=error, full=not fetch), status_code=status
        )

    def do_move(table: Table, form: dict[str, str]) -> None:
        text = form.get("move", "").strip()
        if not text:
            raise TableError(msg("web.type-a-move"))
        by_id = form.get("by") == "id"
        move: int | str = text
        if by_id:
            try:
                move = ascii_int(text, "move id", 0, 2**31 - 1, TableError)
            except TableError:
                raise TableError(msg("web.move-id", given=shorten(text))) from None
        table.session.play(table.seat, move)
        table.hint = None

    def do_hint(table: Table, form: dict[str, str]) -> None:
        session = table.session
        h = session.hint(table.seat)
        obs = session.observation(table.seat)
        # Reasons are messages, said in the page's language: a solo game's sampled search
        # explains itself in game terms; a two-player game's reasons are the table's own
        # score swings and replies. The verdict ("clearly best"…) comes first.
        solo = session.game.num_players() == 1
        reasons: dict[int, Text | None] = {
            c.action: c.reason for c in h.candidates[:3] if solo and isinstance(c.reason, Msg)
        }
        for a in [h.action] + [c.action for c in h.candidates[:3]]:
            if a not in reasons:
                reasons[a] = hint_reason(session.game, obs, table.seat, a)
        ply = int(session.public_summary().get("ply", 0))
        ranked = tuple((c.action, hint_value(c), reasons[c.action]) for c in h.candidates[:3])
        reason = reasons[h.action]
        verdict = hint_verdict(h, {a: w for a, _, w in session.move_words(table.seat)})
        if verdict is not None:
            reason = msg("web.hint.parts", parts=[verdict] + ([reason] if reason else []))
        table.hint = Hint(h.action, h.notation, reason, ply, ranked)

    def do_undo(table: Table, form: dict[str, str]) -> None:
        table.session.undo(table.seat)
        table.hint = None

    def do_resign(table: Table, form: dict[str, str]) -> None:
        table.session.resign(table.seat)

    def action_route(
        fn: Callable[[Table, dict[str, str]], None],
    ) -> Callable[[str, Request], Awaitable[Response]]:
        async def route(table_id: str, request: Request) -> Response:
            return await act(request, table_id, fn)

        return route

    for path, fn in (
        ("move", do_move),
        ("hint", do_hint),
        ("undo", do_undo),
        ("resign", do_resign),
    ):
        app.post(f"/games/{{table_id}}/{path}", response_model=None)(action_route(fn))

    return app
