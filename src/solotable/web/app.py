"""The FastAPI application: lobby, rules, game pages and the few POSTs that change a game.

Pages are rendered on the server with Jinja2. A state-changing request is a
POST whose ``Origin`` must be this server (a page on another site cannot play
or resign for you). The table script asks for fragments (header
``X-Fragment: 1``) and swaps them in; without the script every form still
works by a redirect back to the page. Every user error is a
``SolotableError`` and is shown as a message, never a traceback.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markdown_it import MarkdownIt
from starlette.concurrency import run_in_threadpool

import solotable
from solotable.core.advice import value_text
from solotable.core.errors import SolotableError
from solotable.core.registry import game_class
from solotable.core.store import Store
from solotable.web import lobby
from solotable.web.insight import hint_reason, previews
from solotable.web.pages import Move, page_for
from solotable.web.tables import Hint, Table, TableError, Tables
from solotable.web.view import seat_names, table_context

HERE = Path(__file__).parent
STATIC = HERE / "static"
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def _signed(x: Any) -> str:
    return f"{x:+g}" if isinstance(x, int | float) else str(x)


def _when(t: Any) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(float(t))) if t else ""


@lru_cache(maxsize=1)
def templates() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["signed"] = _signed
    env.filters["when"] = _when
    return env


@lru_cache(maxsize=16)
def rules_html(game: str) -> str:
    """A game's ``rules.md`` as HTML (raw HTML in the file is escaped, not passed through)."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    return str(md.render(solotable.load_game(game).rules_text()))


class OriginError(SolotableError):
    """A POST that did not come from one of this server's pages."""


def check_origin(request: Request) -> None:
    """Refuse a state change unless ``Origin`` (or ``Referer``) names this very server."""
    source = request.headers.get("origin") or request.headers.get("referer")
    host = request.headers.get("host", "")
    if not source or urlsplit(source).netloc != host:
        raise OriginError("this request did not come from the solotable page; reload the page")


def create_app(store: Store | None = None) -> FastAPI:
    """The web table over ``store`` (the user's store when None)."""
    tables = Tables(store if store is not None else Store())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        tables.close()

    app = FastAPI(
        title="solotable", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    app.state.tables = tables
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.middleware("http")
    async def headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        for k, v in SECURITY_HEADERS.items():
            response.headers.setdefault(k, v)
        if not request.url.path.startswith("/static"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    def page(name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        html = templates().get_template(name).render(**ctx)
        return HTMLResponse(html, status_code=status)

    def lobby_page(error: str | None = None, status: int = 200) -> HTMLResponse:
        return page(
            "lobby.html",
            status,
            games=lobby.game_entries(),
            unfinished=lobby.unfinished(tables.store),
            finished=lobby.finished(tables.store),
            best=lobby.best_scores(tables.store),
            error=error,
        )

    @app.get("/", response_class=HTMLResponse)
    def home() -> HTMLResponse:
        return lobby_page()

    @app.get("/favicon.ico")
    def favicon() -> Response:
        return Response((STATIC / "favicon.svg").read_bytes(), media_type="image/svg+xml")

    @app.get("/rules/{game}", response_class=HTMLResponse)
    def rules(game: str) -> HTMLResponse:
        if game not in solotable.game_names():
            return page("error.html", 404, message=f"unknown game {game!r}")
        return page(
            "rules.html", title=game_class(game).info.title, game=game, body=rules_html(game)
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
            return lobby_page(error=str(e), status=403)
        except SolotableError as e:
            return lobby_page(error=str(e), status=400)
        return RedirectResponse(f"/games/{table.id}", status_code=303)

    def render_table(table: Table, error: str | None = None, full: bool = False) -> str:
        with table.guard:
            thinking = table.thinking
            cached = table.cached
        if thinking and cached is not None:
            ctx = dict(cached)
        else:
            with table.session.lock:
                ctx = table_context(table)
                thinking = table.thinking
            table.cached = ctx
        ctx.update(thinking=thinking, error=error or table.agent_error, full=full)
        name = "game.html" if full else "table.html"
        return templates().get_template(name).render(**ctx)

    def get_table(table_id: str) -> Table:
        return tables.get(table_id)

    @app.get("/games/{table_id}", response_class=HTMLResponse)
    def game_page(table_id: str) -> HTMLResponse:
        try:
            table = get_table(table_id)
        except TableError as e:
            return page("error.html", 404, message=str(e))
        return HTMLResponse(render_table(table, full=True))

    @app.get("/games/{table_id}/table", response_class=HTMLResponse)
    def fragment(table_id: str) -> HTMLResponse:
        try:
            table = get_table(table_id)
        except TableError as e:
            return HTMLResponse(f"<p class='error' role='alert'>{e}</p>", status_code=404)
        return HTMLResponse(render_table(table))

    @app.get("/games/{table_id}/previews")
    def score_previews(table_id: str) -> JSONResponse:
        """What each legal move would score for every player, from the observation only.

        Separate from the fragment so a move's response does not wait for it."""
        try:
            table = get_table(table_id)
        except TableError as e:
            return JSONResponse({"error": str(e)}, status_code=404)
        if table.thinking:
            return JSONResponse({})
        with table.session.lock:
            session = table.session
            obs = session.observation(table.seat)
            moves = [Move(i, n, w) for i, n, w in session.legal_moves(table.seat)]
        return JSONResponse(previews(session.game, obs, table.seat, moves))

    async def act(
        request: Request, table_id: str, action: Callable[[Table, dict[str, str]], None]
    ) -> Response:
        fetch = request.headers.get("x-fragment") == "1"
        try:
            check_origin(request)
            table = get_table(table_id)
        except OriginError as e:
            return HTMLResponse(f"<p class='error' role='alert'>{e}</p>", status_code=403)
        except TableError as e:
            return HTMLResponse(f"<p class='error' role='alert'>{e}</p>", status_code=404)
        form = {k: str(v) for k, v in (await request.form()).items()}
        return await run_in_threadpool(_act, table, form, action, fetch)

    def _act(
        table: Table,
        form: dict[str, str],
        action: Callable[[Table, dict[str, str]], None],
        fetch: bool,
    ) -> Response:
        """Apply one request's change in a worker thread (the event loop stays free)."""
        error = None
        try:
            if table.thinking:
                raise TableError("the AI is still thinking; wait for its move")
            with table.session.lock:
                action(table, form)
                table.version += 1
            tables.kick(table)
        except SolotableError as e:
            error = str(e)
        if not fetch and error is None:
            return RedirectResponse(f"/games/{table.id}", status_code=303)
        status = 200 if error is None else 422
        return HTMLResponse(render_table(table, error=error, full=not fetch), status_code=status)

    def do_move(table: Table, form: dict[str, str]) -> None:
        text = form.get("move", "").strip()
        if not text:
            raise TableError("type a move, e.g. one from the list of legal moves")
        move: int | str = int(text) if form.get("by") == "id" and text.isdigit() else text
        table.session.play(table.seat, move)
        table.hint = None

    def do_hint(table: Table, form: dict[str, str]) -> None:
        session = table.session
        h = session.hint(table.seat)
        names = list(page_for(session.game.name).seat_names) or seat_names(table)
        obs = session.observation(table.seat)
        reason = hint_reason(session.game, obs, table.seat, h.action, names)
        ply = int(session.public_summary().get("ply", 0))
        notation = {a: n for a, n, _ in session.legal_moves(table.seat)}
        ranked = tuple(
            (notation.get(c.action, "?"), value_text(c), c.reason) for c in h.candidates[:3]
        )
        table.hint = Hint(h.notation, h.words, reason, ply, ranked)

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
