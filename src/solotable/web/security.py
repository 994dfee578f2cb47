"""Who may use the web table, and what every answer carries.

The table listens on 127.0.0.1, yet any page the player opens in the same browser can send
it requests. With DNS rebinding, a page from ``evil.example`` (a name its owner makes resolve
to 127.0.0.1) is even the table's *own origin* for the browser, so it could read the lobby and
play. Hence three checks, made by :class:`Guard` before any route runs:

- ``Host`` must name an address the server was started on (:class:`Access`): a rebound name
  arrives with its own name in ``Host`` and is refused;
- a request that may change something (any method but GET and HEAD) must come from a page of
  one of those addresses: ``Origin`` (else ``Referer``) is compared, scheme, host and port, with
  that list, never with the request's own ``Host`` (which the attacker's page chooses);
- off loopback, anyone on the network can connect, so every route but a small "ask the owner
  for the link" page needs the token ``solotable serve`` printed: the link's ``?token=`` becomes
  an HttpOnly, SameSite=Strict cookie. It keeps out other people on the network and other sites'
  pages; it is not encryption (plain HTTP: anyone on the network path can read it).

Every answer, refusals and errors included, carries the same security headers, and an
unexpected exception becomes a page with one sentence (the traceback goes to the log only).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote, urlencode

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape
from starlette.datastructures import Headers, MutableHeaders, QueryParams
from starlette.exceptions import HTTPException
from starlette.requests import cookie_parser
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from solotable.core.errors import SolotableError
from solotable.core.message import msg
from solotable.web.access import TOKEN_PARAM, Access
from solotable.web.i18n import headers_lang, install, speaking
from solotable.words.registry import N_

log = logging.getLogger(__name__)

TEMPLATES = Path(__file__).parent / "templates"
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
SAFE_METHODS = frozenset({"GET", "HEAD"})
"""Methods that change nothing; every other one needs an Origin of the table."""
OPEN_PATHS = ("/static/", "/favicon.ico")
"""What the "ask for the link" page itself needs (the style sheet, the icon): no game data."""
MAX_BODY = 256 * 1024
"""A request body larger than this is refused (the lobby form, the biggest, is under 2 KB)."""
MAX_TARGET = 2048
"""Bytes of a request's path and query string: a longer address is refused (414) before any
route, so that no page echoes it whole (the table's own addresses are under 100 bytes)."""
MAX_ECHOED_PATH = 256
"""The longest path a page sends back in its language switch (``next``); past it, the lobby."""


@lru_cache(maxsize=1)
def _templates() -> Environment:
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]))
    install(env)
    return env


CANNOT_ANSWER = N_("Cannot answer")


def problem(
    status: int,
    message: str,
    title: str = CANNOT_ANSWER,
    headers: Mapping[str, str] | None = None,
    lobby: bool = True,
    lang: str = "en",
    args: Mapping[str, object] | None = None,
) -> HTMLResponse:
    """A page with one sentence (escaped) for a refused or failed request, in ``lang``;
    ``lobby`` adds a link back to the lobby (not on refusals, where the lobby would be
    refused too). ``message`` and ``title`` are catalog strings (marked with ``N_``), said
    here with ``args``; these pages run before the app, so the request's language is its
    cookie or its ``Accept-Language`` (there is no store to remember it)."""
    with speaking(lang) as w:
        said, heading = w._(message, **dict(args or {})), w._(title)
        html = (
            _templates()
            .get_template("problem.html")
            .render(title=heading, message=said, lobby=lobby)
        )
    return HTMLResponse(html, status_code=status, headers=dict(headers or {}))


def request_lang_of(headers: Headers, app: object) -> str:
    """:func:`headers_lang`, the test pseudo-locale allowed when the app was made with it."""
    state = getattr(app, "state", None)
    return headers_lang(headers, allow_pseudo=bool(getattr(state, "pseudo", False)))


class OriginError(SolotableError):
    """A POST that did not come from one of this server's pages."""


def check_origin(request: Request) -> None:
    """Refuse a state change unless ``Origin`` (or ``Referer``) names one of the table's own
    addresses (never the request's ``Host``, which a rebound page chooses). The guard of
    ``web.security`` refuses such a request first; this second check keeps each route safe
    on its own."""
    access: Access = request.app.state.access
    if not access.origin_ok(request.headers.get("origin") or request.headers.get("referer")):
        raise OriginError(msg("web.origin"))


def echoed_path(path: str) -> str:
    """Where the language switch brings a page back: its own path when it is one of a
    reasonable length and form, else the lobby (a path is what the request sent)."""
    bad = len(path) > MAX_ECHOED_PATH or not path.startswith("/") or path.startswith("//")
    return "/" if bad or "\\" in path else path


def alert(message: str) -> str:
    """An error fragment for the table script, with ``message`` escaped (it may echo a game id
    or a move typed by someone else)."""
    return str(Markup("<p class='error' role='alert'>{0}</p>").format(escape(message)))


class SafeJSONResponse(JSONResponse):
    """JSON with ``<``, ``>`` and ``&`` written as ``\\u`` escapes: the same data for the page's
    script, but a value echoed in it (a game id from the address) is never markup, even to a
    browser that would guess the type."""

    def render(self, content: object) -> bytes:
        body = super().render(content)
        return body.replace(b"<", b"\\u003c").replace(b">", b"\\u003e").replace(b"&", b"\\u0026")


FRAMED_HEADERS = {
    k: v.replace("frame-ancestors 'none'", "frame-ancestors 'self'")
    for k, v in SECURITY_HEADERS.items()
}
"""The browser build's: the one change is that its shell page (same origin) frames the table."""


def add_security_headers(
    headers: MutableHeaders, path: str, status: int, framed: bool = False
) -> None:
    """The headers every answer carries; static files may be cached, pages and errors not."""
    for k, v in (FRAMED_HEADERS if framed else SECURITY_HEADERS).items():
        headers.setdefault(k, v)
    if status >= 400 or not path.startswith("/static/"):
        headers.setdefault("Cache-Control", "no-store")


class BodyTooLarge(Exception):
    """Raised while a route reads a body larger than :data:`MAX_BODY`."""


HOST_REFUSED = N_(
    "This table answers only at the address it was started on; "
    "open it with the link that solotable serve printed."
)
ORIGIN_REFUSED = N_("This request did not come from the solotable page; reload the page.")
ASK_FOR_LINK = N_(
    "This table is private. Ask the owner of this computer for the link that "
    "solotable serve printed (it ends with ?token=…) and open it on this device."
)
TOO_LARGE = N_("A request body may hold at most %(kb)s KB.")
TOO_LONG = N_("This address is too long: an address of the table has at most %(n)s characters.")
SORRY = N_("Something went wrong on the server; the game is as it was. Try again.")


class Guard:
    """Pure ASGI middleware: host, token and origin checks before any route, the security
    headers on every answer, and a page instead of a bare 500 for an unexpected error."""

    def __init__(self, app: ASGIApp, access: Access, pseudo: bool = False) -> None:
        self.app = app
        self.access = access
        self.pseudo = pseudo
        """Whether the ``lang`` cookie may choose the test pseudo-locale (tests only)."""

    def lang(self, headers: Headers) -> str:
        return headers_lang(headers, allow_pseudo=self.pseudo)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # the table has none; refuse before any route
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        started = False
        head = scope["method"] == "HEAD"
        if head:  # answered as GET, whose headers it gets, without the body
            scope = {**scope, "method": "GET"}

        async def send_secure(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                add_security_headers(
                    MutableHeaders(scope=message), path, message["status"], self.access.framed
                )
            elif head and message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        refusal = self.refusal(scope)
        if refusal is not None:
            await refusal(scope, receive, send_secure)
            return
        try:
            await self.app(scope, _limited(scope, receive), send_secure)
        except BodyTooLarge:
            if started:
                raise
            lang = self.lang(Headers(scope=scope))
            too_large = problem(413, TOO_LARGE, lang=lang, args={"kb": MAX_BODY // 1024})
            await too_large(scope, receive, send_secure)
        except Exception:
            if started:
                raise
            log.exception("unexpected error answering %s %s", scope.get("method"), path)
            lang = self.lang(Headers(scope=scope))
            sorry = problem(500, SORRY, title=N_("Server error"), lang=lang)
            await sorry(scope, receive, send_secure)

    def refusal(self, scope: Scope) -> Response | None:
        """The answer that refuses this request, or None to let it through."""
        headers = Headers(scope=scope)
        lang = self.lang(headers)
        hosts = headers.getlist("host")
        if len(hosts) != 1 or not self.access.host_ok(hosts[0]):
            return problem(400, HOST_REFUSED, title=N_("Wrong address"), lobby=False, lang=lang)
        target = len(scope.get("raw_path") or scope["path"].encode()) + len(scope["query_string"])
        if target > MAX_TARGET:
            return problem(414, TOO_LONG, lang=lang, args={"n": MAX_TARGET})
        if self.access.token is not None:
            gate = self._token_gate(scope, headers)
            if gate is not None:
                return gate
        if scope["method"] not in SAFE_METHODS:
            source = headers.get("origin") or headers.get("referer")
            if not self.access.origin_ok(source):
                return problem(403, ORIGIN_REFUSED, title=N_("Refused"), lobby=False, lang=lang)
        return None

    def _token_gate(self, scope: Scope, headers: Headers) -> Response | None:
        params = QueryParams(scope["query_string"])
        offered = params.get(TOKEN_PARAM)
        if offered is not None:
            if not self.access.token_ok(offered):
                return ask_for_link(self.lang(headers))
            return enter(self.access, scope["path"], params, self.lang(headers))
        if scope["path"].startswith(OPEN_PATHS):
            return None
        if self.access.token_ok(cookie_parser(headers.get("cookie", "")).get(self.access.cookie)):
            return None
        return ask_for_link(self.lang(headers))


def enter(access: Access, path: str, params: QueryParams, lang: str = "en") -> HTMLResponse:
    """The answer to the owner's link: the cookie, and the same address without the token.

    Not a 303: when the link is clicked on another site (a chat, a mail), the browser treats
    a redirect at the end of that navigation as cross-site and withholds a SameSite=Strict
    cookie, so the table would refuse its own owner. A page that refreshes to the table is a
    navigation the table starts itself, so the cookie goes with it (and the token leaves the
    address bar at once)."""
    rest = [(k, v) for k, v in params.multi_items() if k != TOKEN_PARAM]
    target = "/" + quote(path.lstrip("/"), safe="/") + (f"?{urlencode(rest)}" if rest else "")
    with speaking(lang):
        html = _templates().get_template("enter.html").render(target=target)
    response = HTMLResponse(html)
    response.set_cookie(access.cookie, str(access.token), httponly=True, samesite="strict")
    return response


def ask_for_link(lang: str = "en") -> HTMLResponse:
    return problem(403, ASK_FOR_LINK, title=N_("Ask for the link"), lobby=False, lang=lang)


def _limited(scope: Scope, receive: Receive) -> Receive:
    """``receive`` that raises :class:`BodyTooLarge` past :data:`MAX_BODY` bytes (whatever the
    ``Content-Length`` says, which may be absent or false)."""
    declared = Headers(scope=scope).get("content-length", "")
    digits = declared.isascii() and declared.isdigit()
    if digits and (len(declared) > 9 or int(declared) > MAX_BODY):

        async def refuse() -> Message:
            raise BodyTooLarge

        return refuse
    seen = 0

    async def counted() -> Message:
        nonlocal seen
        message = await receive()
        seen += len(message.get("body", b""))
        if seen > MAX_BODY:
            raise BodyTooLarge
        return message

    return counted


STATUS_SENTENCES = {
    400: N_("This request could not be read."),
    404: N_("There is no page at this address."),
    405: N_("This address does not answer that kind of request."),
}
OTHER_STATUS = N_("This request could not be answered (HTTP status %(status)s).")


def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's 404, 405 and 400 (malformed form) as a page with a sentence (ours, in the
    request's language: Starlette's own detail is English and may echo the request)."""
    if not isinstance(exc, HTTPException):  # pragma: no cover - registered for HTTPException
        raise exc
    lang = request_lang_of(request.headers, request.app)
    sentence = STATUS_SENTENCES.get(exc.status_code)
    if sentence is None:
        args = {"status": exc.status_code}
        return problem(exc.status_code, OTHER_STATUS, headers=exc.headers, lang=lang, args=args)
    return problem(exc.status_code, sentence, headers=exc.headers, lang=lang)


def validation_error(request: Request, exc: Exception) -> Response:
    """FastAPI's 422 for a malformed parameter, without echoing the value."""
    malformed = N_("Some of this request's fields are malformed.")
    return problem(422, malformed, lang=request_lang_of(request.headers, request.app))


def secure(app: FastAPI, access: Access, pseudo: bool = False) -> None:
    """Put :class:`Guard` in front of every route and give HTTP errors a page (``pseudo``:
    the ``lang`` cookie may choose the test pseudo-locale)."""
    app.state.access = access
    app.state.pseudo = pseudo
    app.add_middleware(Guard, access=access, pseudo=pseudo)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(RequestValidationError, validation_error)
