"""Issue 19, web: only the table's own origin, the owner's token off loopback, escaped
reflections, and the security headers on every answer (errors and refusals included).

The app is driven over HTTP with Starlette's ``TestClient`` whose base URL plays the
address the table was started on; forged ``Host``/``Origin`` headers play another site.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solotable.session.session import Seat
from solotable.session.store import Store
from solotable.web import lobby
from solotable.web.access import Access, split_authority
from solotable.web.app import create_app
from tests.web.test_api import post

PORT = 8765
HOME = f"http://127.0.0.1:{PORT}"
EVIL = f"http://evil.example:{PORT}"
TOKEN = "s3cret-Token_for-tests"
LAN = "192.0.2.10"
GAME_ID = re.compile(r"/games/([A-Za-z0-9_-]{8,})")


def assert_secure(r: Any) -> None:
    """The headers every answer must carry (static files may be cached)."""
    assert "default-src 'self'" in r.headers.get("content-security-policy", ""), r.headers
    assert r.headers.get("x-content-type-options") == "nosniff"
    assert r.headers.get("referrer-policy") == "same-origin"
    if r.status_code >= 400 or not r.url.path.startswith("/static/"):
        assert r.headers.get("cache-control") == "no-store"


@pytest.fixture
def table(store: Store) -> Iterator[TestClient]:
    """The table as ``solotable serve`` starts it by default: 127.0.0.1:8765, no token."""
    app = create_app(store, access=Access.serving("127.0.0.1", PORT))
    with TestClient(app, base_url=HOME, headers={"origin": HOME}) as c:
        yield c


def _new_game(c: TestClient, **headers: str) -> Any:
    return c.post("/games", data={"game": "dice-miner"}, headers=headers, follow_redirects=False)


def _started(c: TestClient) -> str:
    r = _new_game(c)
    assert r.status_code == 303, r.text[:300]
    return str(r.headers["location"])


def test_split_authority_reads_host_headers_strictly() -> None:
    assert split_authority("127.0.0.1:8765", 80) == ("127.0.0.1", 8765)
    assert split_authority("LocalHost", 80) == ("localhost", 80)
    assert split_authority("[::1]:8765", 80) == ("::1", 8765)
    assert split_authority("[0:0::1]:8765", 80) == ("::1", 8765)
    for bad in ("", "127.0.0.1:", "127.0.0.1:0", "127.0.0.1:99999", "a b", "localhost.", "[::1",
                "x:1:2", "évil", "127.0.0.1:８７", "h@st", "[zz]:1", "a" * 400):  # fmt: skip
        assert split_authority(bad, 80) is None, bad


def test_only_the_addresses_the_server_was_started_on_are_answered(table, store) -> None:
    """DNS rebinding at the HTTP level: a request for evil.example (resolving to 127.0.0.1)
    gets a 4xx with a sentence before any route runs, whatever its Origin says."""
    url = _started(table)
    game_id = url.rsplit("/", 1)[1]
    for host in (f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}", f"LOCALHOST:{PORT}"):
        assert table.get("/", headers={"host": host}).status_code == 200, host
    for host in (f"evil.example:{PORT}", "127.0.0.1:9999", "127.0.0.1", "localhost",
                 f"127.0.0.1.evil.example:{PORT}", "", f"127.0.0.1:{PORT} x"):  # fmt: skip
        r = table.get("/", headers={"host": host})
        assert r.status_code == 400, host
        assert "answers only at the address it was started on" in r.text
        assert game_id not in r.text
        assert_secure(r)
    # The attacker's page: its Host and its Origin are both evil.example (they agree).
    rebound = {"host": f"evil.example:{PORT}", "origin": EVIL}
    assert game_id not in table.get("/", headers=rebound).text
    assert _new_game(table, **rebound).status_code == 400
    r = table.post(url + "/resign", headers={**rebound, "x-fragment": "1"})
    assert r.status_code == 400
    assert table.get(url, headers={"host": f"evil.example:{PORT}"}).status_code == 400
    assert len(lobby.unfinished(store)) == 1, "no game was created or resigned"
    assert "Game over" not in table.get(url).text


def test_origin_is_compared_with_the_table_addresses_not_with_host(table, store) -> None:
    url = _started(table)
    for origin in (EVIL, "null", "", f"https://127.0.0.1:{PORT}", "http://127.0.0.1:9999",
                   f"http://127.0.0.1:{PORT}@evil.example", "http://127.0.0.1",
                   f"http://evil.example:{PORT}/?x=http://127.0.0.1:{PORT}"):  # fmt: skip
        r = _new_game(table, origin=origin)
        assert r.status_code == 403, origin
        assert "did not come from the solotable page" in r.text
        assert_secure(r)
        assert table.post(url + "/resign", headers={"origin": origin}).status_code == 403
    # Another of the table's own addresses is its own page; a Referer stands in for Origin.
    assert _new_game(table, origin=f"http://localhost:{PORT}").status_code == 303
    r = table.post("/games", data={"game": "dice-miner"}, headers={"origin": "",
                   "referer": f"{HOME}/rules/dice-miner"}, follow_redirects=False)  # fmt: skip
    assert r.status_code == 303
    r = table.post("/games", data={"game": "dice-miner"}, headers={"origin": "",
                   "referer": f"{EVIL}/"}, follow_redirects=False)  # fmt: skip
    assert r.status_code == 403
    # Any method that may change something needs the Origin, even one no route takes.
    assert table.request("PUT", url, headers={"origin": EVIL}).status_code == 403
    assert table.request("DELETE", url).status_code == 405
    assert "Game over" not in table.get(url).text and len(lobby.unfinished(store)) == 3


def test_allow_host_adds_a_name(store) -> None:
    access = Access.serving("127.0.0.1", PORT, allow=["play.lan", "Proxy.Example:8080"])
    app = create_app(store, access=access)
    with TestClient(app, base_url=f"http://play.lan:{PORT}") as c:
        assert c.get("/").status_code == 200
        assert c.get("/", headers={"host": "proxy.example:8080"}).status_code == 200
        assert c.get("/", headers={"host": "proxy.example"}).status_code == 400
        r = c.post("/games", data={"game": "dice-miner"}, headers={"origin": f"http://play.lan:{PORT}"},
                   follow_redirects=False)  # fmt: skip
        assert r.status_code == 303


@pytest.fixture
def remote(store: Store) -> Iterator[TestClient]:
    """The table as ``serve --host 192.0.2.10`` starts it: the token is needed."""
    app = create_app(store, access=Access.serving(LAN, PORT, token=TOKEN))
    base = f"http://{LAN}:{PORT}"
    with TestClient(app, base_url=base, headers={"origin": base}) as c:
        yield c


def test_off_loopback_every_route_needs_the_token(remote, store) -> None:
    remote.app.state.tables.start("dice-miner", {}, [Seat()])
    game_id = lobby.unfinished(store)[0]["id"]
    for path in ("/", f"/games/{game_id}", f"/games/{game_id}/table", "/rules/divercite", "/hints",
                 f"/games/{game_id}/previews", "/nowhere"):  # fmt: skip
        r = remote.get(path)
        assert r.status_code == 403, path
        assert "Ask the owner of this computer for the link" in r.text
        assert game_id not in r.text
        assert_secure(r)
    for path in (f"/games/{game_id}/resign", "/games"):
        r = remote.post(path, data={"game": "dice-miner"}, follow_redirects=False)
        assert r.status_code == 403
    # What the refusal page itself needs is served.
    assert remote.get("/static/table.css").status_code == 200
    assert remote.get("/favicon.ico").status_code == 200
    for wrong in ("nope", TOKEN[:-1], TOKEN + "x", "", "²", "\u00e9" * 40):
        r = remote.get("/", params={"token": wrong})
        assert r.status_code == 403 and "set-cookie" not in r.headers, wrong
        cookie = f"{remote.app.state.access.cookie}={wrong}".encode()
        assert remote.get("/", headers={"cookie": cookie}).status_code == 403  # type: ignore[dict-item]
    assert len(lobby.unfinished(store)) == 1 and not lobby.finished(store)


def test_the_token_link_sets_a_strict_cookie_and_leaves_the_address_bar(remote, store) -> None:
    r = remote.get("/rules/divercite", params={"token": TOKEN, "x": "1"}, follow_redirects=False)
    assert r.status_code == 200
    assert '<meta http-equiv="refresh" content="0; url=/rules/divercite?x=1">' in r.text
    assert TOKEN not in r.text
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"solotable-token-{PORT}={TOKEN};")
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie
    assert_secure(r)
    assert remote.get("/").status_code == 200  # the cookie now opens every route
    url = _started(remote)
    r = post(remote, url, "resign", headers={"x-fragment": "1"})
    assert r.status_code == 200 and "end-screen" in r.text
    # The page moves on to the table only (never to //host).
    remote.cookies.clear()
    r = remote.get("/%2F%2Fevil.example/x", params={"token": TOKEN}, follow_redirects=False)
    assert 'url=/evil.example/x">' in r.text
    r = remote.get('/"><script>alert(1)</script>', params={"token": TOKEN, "<a>": '"<b>'})
    assert "<script>" not in r.text and "<b>" not in r.text


def test_loopback_needs_no_token_and_tokens_are_random(table) -> None:
    assert table.get("/").status_code == 200
    assert table.get("/", params={"token": "anything"}).status_code == 200
    from solotable.web.access import new_token

    tokens = {new_token() for _ in range(20)}
    assert len(tokens) == 20 and all(len(t) >= 40 for t in tokens)


HOSTILE_ID = "<meta http-equiv=refresh content=0;url=http:evil.example>"


def test_reflected_ids_are_escaped(table) -> None:
    for path in (f"/games/{HOSTILE_ID}/table", f"/games/{HOSTILE_ID}",
                 f"/games/{HOSTILE_ID}/previews", "/rules/<script>alert(1)</script>"):  # fmt: skip
        r = table.get(path)
        assert r.status_code == 404, path
        assert "<meta http-equiv" not in r.text and "<script>alert" not in r.text, r.text
        assert_secure(r)
    r = table.get(f"/games/{HOSTILE_ID}/table")
    assert "&lt;meta http-equiv=refresh" in r.text
    r = table.post(f"/games/{HOSTILE_ID}/move", data={"move": "x"}, headers={"x-fragment": "1"})
    assert r.status_code == 404 and "<meta http" not in r.text and "&lt;meta http" in r.text


def test_malformed_fields_are_4xx_with_a_sentence(table) -> None:
    url = _started(table)
    for move in ("²", "٣", "9" * 5000, "-1", "1.5", "", "0x10"):
        r = post(table, url, "move", {"move": move, "by": "id"}, headers={"x-fragment": "1"})
        assert r.status_code == 422, (move[:10], r.status_code)
        assert 'role="alert"' in r.text and len(r.text) < 200_000
        assert_secure(r)
    r = post(table, url, "move", {"move": str(2**40), "by": "id"}, headers={"x-fragment": "1"})
    assert r.status_code == 422
    for seat in ("9" * 5000, "²", "٣", "-1", "1e3"):
        r = table.post("/games", data={"game": "divercite", "seat": seat})
        assert r.status_code == 400 and "seat must be" in r.text, seat[:10]
        assert "9" * 100 not in r.text
    for field, value in (("game", "<b>x</b>" * 1000), ("level", "9" * 5000), ("preset", "²")):
        r = table.post("/games", data={"game": "divercite", field: value})
        assert r.status_code == 400 and "<b>" not in r.text, field
    huge = table.post("/games", data={"game": "dice-miner", "pad": "x" * 400_000})
    assert huge.status_code == 413 and "at most" in huge.text
    assert_secure(huge)


def test_http_errors_are_pages_with_the_headers(table) -> None:
    url = _started(table)
    for method, path, status in (("GET", "/nowhere", 404), ("GET", url + "/move", 405),
                                 ("GET", "/static/nope.css", 404), ("POST", "/", 405)):  # fmt: skip
        r = table.request(method, path)
        assert r.status_code == status, (method, path)
        assert r.headers["content-type"].startswith("text/html"), r.text
        assert '<p class="error" role="alert">' in r.text
        assert_secure(r)
    r = table.post("/games", content=b"--x\r\n", headers={"content-type": "multipart/form-data"})
    assert r.status_code == 400
    assert_secure(r)


def test_an_unexpected_error_is_a_page_with_the_headers_and_no_traceback(
    table, monkeypatch, caplog
) -> None:
    """No input reaches this path (the hostile corpus checks that); a bug still must not
    give a bare 500: the page says one sentence, the log gets the traceback."""

    def broken(*_: Any) -> list[dict[str, Any]]:
        raise RuntimeError("secret detail /home/someone/solotable.db")

    monkeypatch.setattr(lobby, "game_entries", broken)
    with caplog.at_level(logging.ERROR, logger="solotable.web.security"):
        r = table.get("/")
    assert r.status_code == 500 and "Something went wrong" in r.text
    assert "Traceback" not in r.text and "secret detail" not in r.text
    assert r.headers["content-type"].startswith("text/html")
    assert_secure(r)
    assert "secret detail" in caplog.text and "RuntimeError" in caplog.text


def test_the_browser_builds_access_is_its_own_origin_only() -> None:
    """``Access.site``: the page's origin, its scheme included (https on the web), and the
    table framed by that origin alone; anything else is refused as a source of changes."""
    from solotable.web.access import Access, AccessError

    site = Access.site("https://solo.example")
    assert site.framed and site.token is None and site.scheme == "https"
    assert site.host_ok("solo.example") and site.host_ok("solo.example:443")
    assert not site.host_ok("other.example") and not site.host_ok("127.0.0.1")
    assert site.origin_ok("https://solo.example") and site.origin_ok("https://solo.example/x")
    for other in (
        "http://solo.example",
        "https://solo.example:8443",
        "https://evil.example",
        "null",
        "https://user@solo.example",
    ):
        assert not site.origin_ok(other), other
    local = Access.site("http://127.0.0.1:8000")
    assert local.origin_ok("http://127.0.0.1:8000/games/x") and not local.origin_ok(
        "http://127.0.0.1:8001"
    )
    assert not Access.serving("127.0.0.1", 8765).framed
    for bad in ("ftp://solo.example", "https://", "solo.example"):
        with pytest.raises(AccessError):
            Access.site(bad)
