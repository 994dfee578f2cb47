"""Every route of the web table against a corpus of hostile values (issue 19).

The routes are enumerated from ``app.routes`` and the form fields from the forms the pages
themselves serve, so a new route or field is walked without editing this file. Hostile values
go into path parameters, query strings, form fields (one field at a time, the others as the
page would send them), raw bodies and headers, with the right and the wrong methods. Every
answer must be below 500, carry the security headers, and contain no hostile markup unescaped.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from starlette.routing import Mount

import solotable
from solotable.session.session import Seat
from solotable.session.store import Store
from solotable.web.app import create_app
from tests.web.serving import allow_testserver
from tests.web.test_security import assert_secure

MARKUP = (
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    "<meta http-equiv=refresh content=0;url=http:evil.example>",
)
"""Markup whose tags must never come back unescaped."""
UNESCAPED = ("<script>alert", "<img src=x onerror", "<svg onload", "<meta http-equiv=refresh")
JUNK = (
    "x" * 10_000,
    "9" * 5000,
    "²",
    "٣",
    "-1",
    "1e999",
    "NaN",
    "\x00",
    "a\x00b",
    "../../../etc/passwd",
    "..",
    '{"a": [1, {"b": null}], "c": 1e400}',
    "[" * 200,
    "\u202eevil",
    " ",
    "",
    "%ff%fe",
    "module:os.system",
)
VALUES = MARKUP + JUNK
FIELD_VALUES = tuple(v for v in VALUES if v.strip())
"""In form fields, empty means "the default" (a valid new game, not a hostile value)."""
RAW_SEGMENTS = ("%ff%fe", "%c0%ae%c0%ae", "..%2f..%2fetc%2fpasswd", "%00", "%2e%2e")
"""Path segments sent as they are: invalid UTF-8, overlong dots, encoded traversal."""
METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS")
EXPENSIVE = ("hint",)
"""Routes that run a search each time: walked with one hostile form per game, since they read
no field (the same form parsing is walked on the other actions with every value and body)."""
RAW_BODIES: tuple[tuple[bytes, str], ...] = (
    (b"move=%ff%fe&by=id", "application/x-www-form-urlencoded"),
    (b"move=%00&by=id&game=%00&seat=%ff", "application/x-www-form-urlencoded"),
    (b"move=" + b"9" * 5000 + b"&by=id&seat=" + b"9" * 5000, "application/x-www-form-urlencoded"),
    (b"a=1&" * 5000, "application/x-www-form-urlencoded"),
    (b"\xff\xfe\x00\x01", "application/x-www-form-urlencoded"),
    (b'{"move": 1, "game": ["divercite"]}', "application/json"),
    (b"--x\r\nContent-Disposition: form-data\r\n\r\n", "multipart/form-data"),
    (b"--x\r\n", "multipart/form-data; boundary=x"),
    (
        b'--x\r\nContent-Disposition: form-data; name="move"; filename="<script>alert(1)</script>"'
        b"\r\n\r\nstop\r\n--x--\r\n",
        "multipart/form-data; boundary=x",
    ),
    (b"game=divercite&" + b"x" * 600_000, "application/x-www-form-urlencoded"),
    (b"<script>alert(1)</script>", "text/html"),
)
HEADERS = ("host", "origin", "referer", "cookie", "x-fragment", "content-type", "accept")


@dataclass
class Walk:
    """The app under test, its games (one per game) and what the walk has seen."""

    client: TestClient
    games: dict[str, str]
    requests: dict[str, int] = field(default_factory=dict)

    def send(self, route: str, method: str, url: str, **kw: Any) -> Any:
        r = self.client.request(method, url, follow_redirects=False, **kw)
        self.requests[route] = self.requests.get(route, 0) + 1
        check(r, f"{method} {url[:120]!r} {str(kw)[:200]}")
        return r


def check(r: Any, what: str) -> None:
    assert r.status_code < 500, f"{what}: {r.status_code} {r.text[:300]}"
    assert_secure(r)
    body = r.text
    if body:
        assert r.headers.get("content-type"), what
    for tag in UNESCAPED:
        assert tag not in body, f"{what}: unescaped {tag!r} in {body[:300]}"


class Forms(HTMLParser):
    """The forms of a page: (action, method, {field: value as the page sends it})."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((a.get("action", ""), a.get("method", "get").upper(), {}))
        elif tag in ("input", "select", "textarea") and a.get("name") and self.forms:
            self.forms[-1][2].setdefault(a["name"], a.get("value", ""))


def forms_of(html: str) -> list[tuple[str, str, dict[str, str]]]:
    parser = Forms()
    parser.feed(html)
    return parser.forms


@pytest.fixture(scope="module")
def walk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Walk]:
    home = tmp_path_factory.mktemp("hostile")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOLOTABLE_HOME", str(home))
        store = Store(Path(home) / "solotable.db")
        app = create_app(store, access=allow_testserver())
        headers = {"origin": "http://testserver", "x-fragment": "1"}
        with TestClient(app, headers=headers) as c:
            games = {name: f"/games/{_start(app, name)}" for name in solotable.game_names()}
            yield Walk(c, games)
        store.close()


def _start(app: Any, name: str) -> str:
    """A game with the human in seat 0 against random AIs (cheap to answer)."""
    n = solotable.load_game(name).num_players()
    table = app.state.tables.start(name, {}, [Seat()] + [Seat("random")] * (n - 1), seed=7)
    return str(table.id)


ENDING = ("/resign", "/delete")
"""Routes that end the walk's games (resign one, delete an unfinished one): walked last."""


def api_routes(app: Any) -> list[APIRoute]:
    """Every route, those that end the walk's games last."""
    routes = [r for r in app.routes if isinstance(r, APIRoute)]
    return sorted(routes, key=lambda r: r.path.endswith(ENDING))


def valid_params(route: APIRoute, walk: Walk, game: str) -> dict[str, str]:
    known = {"table_id": walk.games[game].rsplit("/", 1)[1], "game": game}
    return {name: known.get(name, "x") for name in route.param_convertors}


def fill(route: APIRoute, params: dict[str, str]) -> str:
    return route.path_format.format(**params)


def hostile_segments() -> list[str]:
    return [quote(v, safe="") for v in VALUES if v] + list(RAW_SEGMENTS)


def test_the_walk_covers_every_route(walk: Walk) -> None:
    """Guard against a walk that silently enumerates nothing."""
    app = walk.client.app
    names = {r.path for r in api_routes(app)}
    assert {"/", "/games", "/games/{table_id}/move", "/rules/{game}"} <= names
    assert any(isinstance(r, Mount) for r in app.routes)
    forms = [f for f in forms_of(walk.client.get("/").text) if f[0] == "/games"]
    assert len(forms) == len(walk.games) and all("game" in f[2] for f in forms)
    assert any(f[0] == "/lang" for f in forms_of(walk.client.get("/").text))
    assert any(
        f[0].endswith("/move") for f in forms_of(walk.client.get(walk.games["divercite"]).text)
    )


def test_hostile_path_parameters_and_wrong_methods(walk: Walk) -> None:
    app = walk.client.app
    for route in api_routes(app):
        if route.path.endswith("/resign"):
            continue  # walked last, in test_hostile_form_fields_and_bodies
        valid = valid_params(route, walk, "divercite")
        for method in METHODS:
            if method == "POST" and route.path.endswith(ENDING):
                continue  # it would delete the walk's game: walked last, from its form
            walk.send(route.path, method, fill(route, valid))
        for name in route.param_convertors:
            for segment in hostile_segments():
                for method in route.methods:
                    walk.send(route.path, method, fill(route, {**valid, name: segment}))
    for segment in (*hostile_segments(), "..%2f..%2fapp.py", "table.css%00"):
        for method in ("GET", "POST"):
            walk.send("/static", method, f"/static/{segment}")
    assert all(walk.requests.get(r.path) for r in api_routes(app) if "resign" not in r.path)


def test_hostile_query_strings(walk: Walk) -> None:
    for route in api_routes(walk.client.app):
        if route.path.endswith(ENDING):
            continue
        url = fill(route, valid_params(route, walk, "dice-miner"))
        values = VALUES[:3] if route.name in EXPENSIVE or route.path.endswith(EXPENSIVE) else VALUES
        for v in values:
            q = quote(v, safe="")
            for method in route.methods:
                walk.send(route.path, method, f"{url}?token={q}&move={q}&by={q}&{q}={q}")
        for method in route.methods:
            walk.send(route.path, method, f"{url}?move=%ff%fe&by=id&token=%00&%c0=%c0")


def _field_sets(walk: Walk) -> Iterator[tuple[str, dict[str, str]]]:
    """Each form the pages serve, as (action, fields as the page would send them)."""
    for action, method, fields in forms_of(walk.client.get("/").text):
        if method == "POST":
            yield action, fields
    for url in walk.games.values():
        for action, method, fields in forms_of(walk.client.get(url).text):
            if method == "POST":
                yield action, {"move": "", "by": "", **fields}


NUMBERS = ("9" * 5000, "²", "٣", "-1", "1e999", "NaN", "\x00")
"""What breaks number parsing: every field of every form gets these and the markup."""


def values_for(action: str, i: int) -> tuple[str, ...]:
    """The values for the ``i``-th field of a form. The lobby's option fields (some 25, each
    answered by drawing the whole lobby) get the markup, the numbers and a third of the
    other junk in turn, so every value still reaches every game's form; the others get all."""
    if action != "/games":
        return FIELD_VALUES
    others = tuple(v for v in FIELD_VALUES if v not in MARKUP and v not in NUMBERS)
    return MARKUP + NUMBERS + others[i % 3 :: 3]


def test_hostile_form_fields_and_bodies(walk: Walk) -> None:
    seen: set[str] = set()
    resigns: list[tuple[str, dict[str, str]]] = []
    for action, fields in _field_sets(walk):
        if action.endswith(ENDING):
            resigns.append((action, fields))
            continue
        seen.add(action.rsplit("/", 1)[-1])
        cheap = not action.endswith(EXPENSIVE)
        for i, name in enumerate(fields if cheap else ()):
            if name == "game":
                continue  # the lobby's hidden field: walked below with every value at once
            for v in values_for(action, i):
                walk.send(action, "POST", action, data={**fields, name: v})
        walk.send(action, "POST", action, data={k: VALUES[0] for k in fields})
        for body, kind in RAW_BODIES if cheap else ():
            walk.send(action, "POST", action, content=body, headers={"content-type": kind})
    for v in VALUES:
        walk.send("/games", "POST", "/games", data={"game": v, "seat": v, "level": v})
    assert {"games", "move", "undo"} <= seen
    for action, fields in resigns:
        for v in VALUES[:3]:
            walk.send(action, "POST", action, data={**fields, "move": v}, headers={"x-fragment": v})
        walk.send(action, "POST", action, content=RAW_BODIES[0][0])


def test_hostile_headers(walk: Walk) -> None:
    url = walk.games["dice-miner"]
    values = [v.encode() for v in VALUES if "\x00" not in v] + [b"\xff\xfe", b"a\x00b"]
    for header in HEADERS:
        for v in values:
            for method, path in (
                ("GET", "/rules/dice-miner"),
                ("GET", url + "/table"),
                ("POST", url + "/move"),
            ):
                walk.send(path, method, path, headers={header: v}, data={"move": "x"})
