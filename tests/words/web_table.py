"""Driving the web table for the words checks: an app in a language, a game in a few steps.

``table_app(store, lang)`` is a ``TestClient`` whose ``lang`` cookie is set (``qps`` is the
pseudo-locale: the app is made with ``pseudo=True``); ``pages_of_a_game`` walks one game
through the pages a player sees (the start, a hint, the end screen after resigning) and
returns each page's HTML with the legal moves' notation it offered.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solotable.core import registry
from solotable.web.app import create_app
from solotable.words import registry as words_registry
from tests.web.serving import allow_testserver

GAMES = ("divercite", "dice-miner", "mini-divercity", "51st-state")
PACKAGES = {
    "divercite": "divercite",
    "dice-miner": "dice_miner",
    "mini-divercity": "mini_divercity",
    "51st-state": "fifty_first_state",
}


def each_game() -> list[Any]:
    return [pytest.param(g, id=g) for g in GAMES]


@contextmanager
def table_app(store: Any, lang: str | None) -> Iterator[TestClient]:
    app = create_app(store, access=allow_testserver(), pseudo=True)
    with TestClient(app, headers={"origin": "http://testserver"}) as c:
        if lang is not None:
            c.cookies.set("lang", lang)
        yield c


@pytest.fixture
def worded(monkeypatch: pytest.MonkeyPatch) -> str:
    """The worded toy game, registered with its words for this test only."""
    from tests.words.worded_toy import NAME, WordedToy

    for name in registry.game_names():  # import every game first: none registers in the copy
        registry.game_class(name)
    monkeypatch.setattr(registry, "_GAMES", {**registry._GAMES, NAME: WordedToy})
    monkeypatch.setitem(words_registry.OWNERS, NAME, "tests.words.worded_toy.words")
    return NAME


def settled(client: TestClient, url: str) -> str:
    """The table fragment once the AI has finished thinking."""
    for _ in range(400):
        html = client.get(url + "/table").text
        if 'data-thinking="false"' in html:
            return html
        time.sleep(0.05)
    raise AssertionError("the AI never finished")


def version(html: str) -> str:
    found = re.search(r'data-version="([^"]+)"', html)
    assert found, html[:300]
    return found.group(1)


def notations(html: str) -> list[str]:
    """The legal moves' notation a page offers (its data block)."""
    found = re.search(r'<script type="application/json" id="table-data">(.*?)</script>', html)
    if not found:
        return []
    return [m["n"] for m in json.loads(found.group(1))["moves"]]


def start(client: TestClient, game: str, **form: str) -> str:
    r = client.post("/games", data={"game": game, **form}, follow_redirects=False)
    assert r.status_code == 303, r.text[:800]
    return str(r.headers["location"])


def pages_of_a_game(
    client: TestClient, game: str, moves: int = 8, **form: str
) -> list[tuple[str, str]]:
    """``(what, html)`` of the pages of one game (started with ``form``): the start, after a
    few moves, a hint, the end screen (resigned) and the lobby listing it. Each page's
    notation is in its data block."""
    url = start(client, game, **form)
    settled(client, url)
    pages = [("start", client.get(url).text)]
    for _ in range(moves):
        html = settled(client, url)
        legal = notations(html)
        if not legal:
            break
        r = client.post(
            url + "/move",
            data={"move": legal[0], "version": version(html)},
            headers={"x-fragment": "1"},
        )
        assert r.status_code == 200, r.text[:500]
    pages.append(("moves", client.get(url).text))
    html = settled(client, url)
    if notations(html):
        r = client.post(url + "/hint", data={"version": version(html)})
        pages.append(("hint", client.get(url).text))
        html = settled(client, url)
        client.post(url + "/resign", data={"version": version(html)})
    pages.append(("end", client.get(url).text))
    pages.append(("lobby", client.get("/").text))
    return pages


def play_to_the_end(client: TestClient, game: str, limit: int = 1500, **form: str) -> Iterator[str]:
    """One whole game played through the table's pages (the first legal move each turn, the
    AI at its default level): the table fragment after every move, then the whole page of
    the end screen. A generator, so a check can stop at the first bad page."""
    url = start(client, game, **form)
    for _ in range(limit):
        html = settled(client, url)
        yield html
        legal = notations(html)
        if 'data-over="true"' in html or not legal:
            break
        r = client.post(
            url + "/move",
            data={"move": legal[0], "version": version(html)},
            headers={"x-fragment": "1"},
        )
        assert r.status_code == 200, r.text[:500]
    assert 'data-over="true"' in html, f"{game} did not end in {limit} moves"
    yield client.get(url).text
