"""The web table when the store fails or another writer plays the game (issue 19).

A move the store cannot keep gets 503 with one sentence and the table as saved
(never a bare 500); an AI move that cannot be kept is reported on the page and
tried again on reload; a game played meanwhile by ``play --continue`` is
reloaded, never a 500 or a page stuck on "Waiting…"; a stale or repeated
request changes nothing and gets 409 with the table as it is.
"""

from __future__ import annotations

import html as markup
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

import tests.toy_game  # noqa: F401  (registers "toy-race")
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store
from solotable.web.app import create_app
from solotable.web.security import SECURITY_HEADERS
from tests.faults import fill, small_disk, write_lock
from tests.web.conftest import LiveServer
from tests.web.serving import allow_testserver

FETCH = {"x-fragment": "1"}
ORIGIN = {"origin": "http://testserver"}


def version(html: str) -> str:
    found = re.search(r'data-version="([^"]+)"', html)
    assert found, html[:300]
    return found.group(1)


def alert(html: str) -> str:
    found = re.search(r'<p class="flash error" role="alert">([^<]*)</p>', html)
    return markup.unescape(found.group(1)) if found else ""


def settled(c: TestClient, url: str) -> str:
    for _ in range(400):
        html = c.get(url + "/table").text
        if 'data-thinking="false"' in html:
            return html
        time.sleep(0.02)
    raise AssertionError("the AI never finished")


def move(c: TestClient, url: str, text: str, at: str, **kw: Any) -> httpx.Response:
    return c.post(url + "/move", data={"move": text, "version": at}, headers=FETCH, **kw)


def first_move(html: str) -> str:
    found = re.search(r'data-move="([^"]+)"', html)
    assert found, html[:300]
    return found.group(1)


@pytest.fixture
def app_on(tmp_path: Path) -> Iterator[Any]:
    """A TestClient factory over a store at a given path (closed afterwards)."""
    opened: list[tuple[Store, TestClient]] = []

    def make(path: Path, **kw: Any) -> tuple[Store, TestClient]:
        store = Store(path, **kw)
        client = TestClient(create_app(store, access=allow_testserver()), headers=ORIGIN)
        client.__enter__()
        opened.append((store, client))
        return store, client

    yield make
    for store, client in opened:
        client.__exit__(None, None, None)
        store.close()


def test_a_move_on_a_full_disk_is_503_with_the_table_as_saved(tmp_path, app_on) -> None:
    with small_disk(tmp_path / "disk", 512) as disk:
        store, c = app_on(disk / "solotable.db")
        table = c.app.state.tables.start("dice-miner", {}, [Seat()], seed=4)
        url = f"/games/{table.id}"
        html = c.get(url + "/table").text
        ballast = fill(disk)
        acked = 0
        for _ in range(100):  # play until the disk has no room for the next step
            r = move(c, url, first_move(html), version(html))
            if r.status_code != 200:
                break
            acked, html = acked + 1, r.text
        assert r.status_code == 503, r.text[:300]
        assert "Your move was not kept because the disk is full" in alert(r.text)
        assert version(r.text) == version(html), "not the table as saved"
        for k, v in SECURITY_HEADERS.items():
            assert r.headers[k] == v
        ballast.unlink()
        r = move(c, url, first_move(html), version(html))  # the same move, once there is room
        assert r.status_code == 200 and alert(r.text) == ""
        session = table.session
        store.close()
        again = GameSession.resume(Store(disk / "solotable.db"), table.id)
        assert again.state.history == session.state.history and again.ply > acked


def test_a_busy_store_is_503_and_the_retry_plays(tmp_path, app_on) -> None:
    db = tmp_path / "solotable.db"
    _store, c = app_on(db, busy_timeout=0.1)
    table = c.app.state.tables.start("dice-miner", {}, [Seat()], seed=4)
    url = f"/games/{table.id}"
    html = c.get(url + "/table").text
    with write_lock(db):
        r = move(c, url, first_move(html), version(html))
        assert r.status_code == 503
        assert "the store is busy (another program holds it)" in alert(r.text)
        assert version(r.text) == version(html)
        r = c.post(url + "/hint", data={"version": version(html)}, headers=FETCH)
        assert r.status_code == 503 and "The hint was not kept" in alert(r.text)
    r = move(c, url, first_move(html), version(html))
    assert r.status_code == 200
    stored = GameSession.resume(Store(db), table.id)
    assert stored.state.history == table.session.state.history


def test_an_ai_move_that_cannot_be_kept_is_shown_and_retried(tmp_path, app_on) -> None:
    db = tmp_path / "solotable.db"
    store, c = app_on(db, busy_timeout=0.1)
    session = GameSession.start(
        "toy-race", {"target": 20}, [Seat("first"), Seat()], seed=2, store=store
    )
    with write_lock(db):
        table = c.app.state.tables.adopt(session)  # the AI's turn: its worker starts
        url = f"/games/{table.id}"
        html = settled(c, url)
    assert "The AI's move was not kept because the store is busy" in alert(html)
    assert "reload the page" in alert(html)
    assert session.ply == GameSession.resume(Store(db), session.id).ply, "a gap or a lost step"
    c.get(url)  # reloading the page lets the AI try again
    html = settled(c, url)
    assert alert(html) == "" and 'data-my-turn="true"' in html
    assert GameSession.resume(Store(db), session.id).state.history == session.state.history


def test_play_continue_on_a_web_game_reloads_the_page(tmp_path, app_on) -> None:
    """The terminal (a second session on the same store file) plays the web's game."""
    db = tmp_path / "solotable.db"
    _store, c = app_on(db)
    table = c.app.state.tables.start("toy-race", {"target": 30}, [Seat(), Seat("first")], seed=1)
    url = f"/games/{table.id}"
    page = settled(c, url)
    terminal = GameSession.resume(Store(db), table.id)  # solotable play --continue
    terminal.play(0, terminal.legal_moves(0)[0][0])
    while terminal.agent_to_move() is not None:
        terminal.step_agent()
    # The move the web page offered is now stale: refused with the game as saved.
    r = move(c, url, first_move(page), version(page))
    assert r.status_code == 409, r.text[:300]
    assert version(r.text) == terminal.version
    assert "nothing was changed" in alert(r.text)
    # Played from the page as it is now, the move is kept after the terminal's.
    html = settled(c, url)
    r = move(c, url, first_move(html), version(html))
    assert r.status_code == 200 and alert(r.text) == ""
    settled(c, url)
    saved = GameSession.resume(Store(db), table.id)
    assert saved.state.history == table.session.state.history
    assert saved.state.history[: terminal.ply] == terminal.state.history


def test_the_page_catches_up_with_another_writer(tmp_path, app_on) -> None:
    db = tmp_path / "solotable.db"
    _store, c = app_on(db)
    table = c.app.state.tables.start("toy-race", {"target": 30}, [Seat(), Seat("first")], seed=1)
    url = f"/games/{table.id}"
    settled(c, url)
    terminal = GameSession.resume(Store(db), table.id)
    terminal.play(0, terminal.legal_moves(0)[0][0])
    while terminal.agent_to_move() is not None:
        terminal.step_agent()
    html = c.get(url + "/table").text  # the next page drawn shows the game as saved
    assert version(html) == terminal.version
    assert "played in another window or terminal" in alert(html)
    assert alert(c.get(url + "/table").text) == ""  # said once


def test_the_web_session_that_writes_second_is_told_and_reloaded(tmp_path, app_on) -> None:
    """The commit itself detects the other writer (the page had no chance to catch up)."""
    db = tmp_path / "solotable.db"
    _store, c = app_on(db)
    table = c.app.state.tables.start("dice-miner", {}, [Seat()], seed=6)
    url = f"/games/{table.id}"
    html = c.get(url + "/table").text
    terminal = GameSession.resume(Store(db), table.id)
    terminal.play(0, terminal.legal_moves(0)[0][0])
    tables = c.app.state.tables
    tables.catch_up = lambda table: None  # as if the write raced the page's check
    r = move(c, url, first_move(html), version(html))
    assert r.status_code == 409 and "another window or terminal" in alert(r.text)
    assert version(r.text) == terminal.version


# -- versions: stale and repeated requests ---------------------------------------------------


def test_a_move_from_an_old_page_is_not_applied(tmp_path, app_on) -> None:
    _store, c = app_on(tmp_path / "solotable.db")
    table = c.app.state.tables.start("51st-state", {"faction": "mutants"}, [Seat()], seed=7)
    url = f"/games/{table.id}"
    old = c.get(url + "/table").text
    assert move(c, url, "keep", version(old)).status_code == 200
    ply = table.session.ply
    for stale in ({"move": "refuse", "version": version(old)}, {"move": "refuse"}):
        r = c.post(url + "/move", data=stale, headers=FETCH)
        assert r.status_code == 409 and "out of date" in alert(r.text)
        assert version(r.text) == table.session.version and table.session.ply == ply
    for action in ("undo", "hint", "resign"):
        r = c.post(f"{url}/{action}", data={"version": version(old)}, headers=FETCH)
        assert r.status_code == 409 and not table.session.is_over()
    r = c.post(url + "/move", data={"move": "refuse", "version": version(old)})  # no script
    assert r.status_code == 409 and 'id="table-root"' in r.text and table.session.ply == ply


def test_twelve_identical_refusals_sent_together_refuse_one_card(tmp_path) -> None:
    store = Store(tmp_path / "solotable.db")
    with LiveServer(store) as server:
        table = server.server.config.app.state.tables.start(
            "51st-state", {"faction": "appalachian"}, [Seat()], seed=7
        )
        url = f"{server.url}/games/{table.id}"
        at = version(httpx.get(url + "/table").text)
        headers = {**FETCH, "origin": server.url}
        go = threading.Barrier(12)
        codes: list[int] = []

        def refuse() -> None:
            go.wait()
            r = httpx.post(url + "/move", data={"move": "refuse", "version": at}, headers=headers)
            codes.append(r.status_code)

        threads = [threading.Thread(target=refuse) for _ in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert sorted(codes) == [200] + [409] * 11
    refused = [m for m in store.load(table.id).moves if m.action == "refuse"]
    assert len(refused) == 1
    store.close()


def test_the_lobby_shows_the_store_warning(home, app_on) -> None:
    (home / "solotable.db").write_bytes(b"not a database at all" * 50)
    _store, c = app_on(home / "solotable.db")
    page = c.get("/").text
    assert "was unreadable" in page and "set aside as solotable.db.corrupt-" in page
