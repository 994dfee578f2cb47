"""Issue 35, item 20: what a request sends is echoed in small amounts, and HEAD is answered.

``GET /games/<100,000 characters>`` answered a 101 KB 404: the path went back whole into the
language switch's hidden ``next`` field. Every page now echoes a long path as the lobby's
address, and messages quote what was typed shortened. ``HEAD`` on a page answered 405 (only
the static files knew it): it is now answered as ``GET`` without a body.

Routes are enumerated from ``app.routes``, so a new page is walked without editing this file.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from solotable.session.session import Seat
from tests.web.test_security import assert_secure

LONG = 60_000
"""Characters of a hostile path segment (the test client refuses URLs past 64 KB)."""
MAX_ANSWER = 40_000
"""Bytes an answer to such a request may have (a 404 page is about 1 KB, the lobby 20 KB)."""


def started(client: TestClient) -> str:
    table = client.app.state.tables.start("dice-miner", {}, [Seat()], seed=3)  # type: ignore[attr-defined]
    return str(table.id)


def flat(routes: list[Any]) -> list[APIRoute]:
    """The routes, those of included routers too (FastAPI keeps those apart, unprefixed
    here: ``include_router`` is called without a prefix)."""
    found: list[APIRoute] = []
    for r in routes:
        if isinstance(r, APIRoute):
            found.append(r)
        elif hasattr(r, "original_router"):
            found += flat(r.original_router.routes)
    return found


def get_routes(client: TestClient) -> list[APIRoute]:
    return [r for r in flat(client.app.routes) if "GET" in r.methods]  # type: ignore[attr-defined]


def assert_small_echo(r: Any, what: str, letter: str) -> None:
    assert r.status_code < 500, (what, r.status_code)
    assert len(r.content) < MAX_ANSWER, (what, len(r.content))
    assert letter * 200 not in r.text, what
    assert_secure(r)


@pytest.mark.parametrize("length", [LONG, 1_500])
def test_a_long_path_is_not_echoed_by_any_get_route(client: TestClient, length: int) -> None:
    """60,000 characters are refused before any route (414); 1,500, under that cap, reach the
    routes, and none sends them back (not in the page, not in its language switch)."""
    game_id = started(client)
    routes = get_routes(client)
    assert len(routes) >= 12, [r.path for r in routes]
    for route in routes:
        for name in route.param_convertors:
            params = {n: ("dice-miner" if n == "game" else game_id) for n in route.param_convertors}
            params[name] = "q" * length
            url = route.path_format.format(**params)
            assert_small_echo(client.get(url), f"{route.path} with a long {name}", "q")
    assert_small_echo(client.get("/" + "q" * length), "an unknown long path", "q")
    r = client.get("/games/" + "q" * length)  # the reproduction
    assert_small_echo(r, "/games/<long>", "q")
    assert r.status_code == (414 if length == LONG else 404)
    assert ("too long" in r.text) == (length == LONG)


def test_long_query_values_are_not_echoed(client: TestClient) -> None:
    game_id = started(client)
    value = "z" * LONG
    for route in get_routes(client):
        if route.param_convertors:
            params = {n: ("dice-miner" if n == "game" else game_id) for n in route.param_convertors}
            url = route.path_format.format(**params)
        else:
            url = route.path
        for key in ("game", "page", "lang", "next", "seat", "q"):
            for v in (value, value[:1_500]):
                assert_small_echo(client.get(f"{url}?{key}={v}"), f"{url}?{key}=…", "z")


def test_the_language_switch_does_not_send_a_long_address_back(client: TestClient) -> None:
    r = client.post("/lang", data={"lang": "fr", "next": "/" + "n" * 5000}, follow_redirects=False)
    assert r.status_code == 303
    assert len(r.headers["location"]) < 600, r.headers["location"][:100]
    r = client.post(
        "/lang", data={"lang": "en", "next": "/rules/dice-miner"}, follow_redirects=False
    )
    assert r.status_code == 303 and r.headers["location"] == "/rules/dice-miner"


def test_a_page_keeps_its_own_address_in_the_language_switch(client: TestClient) -> None:
    game_id = started(client)
    for path in ("/rules/dice-miner", f"/games/{game_id}", "/history"):
        r = client.get(path)
        assert r.status_code == 200, path
        found = re.search(r'name="next" value="([^"]*)"', r.text)
        assert found is not None and found.group(1) == path, path


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/rules/dice-miner",
        "/history",
        "/stats",
        "/hints",
        "/favicon.ico",
        "GAME",
        "GAME/table",
    ],
)
def test_head_is_answered_as_get_without_a_body(client: TestClient, path: str) -> None:
    if "GAME" in path:
        path = path.replace("GAME", f"/games/{started(client)}")
    got = client.get(path)
    head = client.head(path)
    assert got.status_code == 200, path
    assert head.status_code == 200, (path, head.status_code)
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert_secure(head)


def test_head_elsewhere_answers_what_get_answers(client: TestClient) -> None:
    for path, status in (("/nowhere", 404), ("/games/nope", 404), ("/static/table.css", 200)):
        head = client.head(path)
        assert head.status_code == status == client.get(path).status_code, path
        assert head.content == b"", path
    head = client.head("/games")  # POST only: GET is not answered there either
    assert head.status_code == client.get("/games").status_code == 405
    assert head.content == b""
