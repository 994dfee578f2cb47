"""The browser build draws the same tables as ``solotable serve``, from the same code.

For every game, the same lobby form (game, options, seed) and the same moves, sent through
the site's frame in Chromium (its service worker, its Python worker, IndexedDB) and to the
app ``serve`` runs (a TestClient over a store of its own), give the same table page, byte for
byte, once the game's unguessable id is put aside.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solotable.session.store import Store
from solotable.web.access import Access
from solotable.web.app import create_app
from tests.browser.site import open_profile, table_frame, watch

pytestmark = pytest.mark.xdist_group("site")

FORMS = {
    "dice-miner": {"game": "dice-miner", "seed": "7"},
    "divercite": {"game": "divercite", "seed": "7", "level": "medium", "seat": "0"},
    "mini-divercity": {"game": "mini-divercity", "seed": "7"},
    "51st-state": {"game": "51st-state", "seed": "7", "opt.faction": "new-york"},
}
MOVES = 12

PLAY_JS = """async ([form, moves]) => {
  const body = new URLSearchParams(form);
  let r = await fetch("/games", {method: "POST", body});
  const path = new URL(r.url).pathname;
  const played = [];
  for (let i = 0; i < moves; i++) {
    const html = await (await fetch(path + "/table", {headers: {"X-Fragment": "1"}})).text();
    const doc = new DOMParser().parseFromString(html, "text/html");
    const root = doc.getElementById("table-root");
    const legal = JSON.parse(doc.getElementById("table-data").textContent).moves;
    if (!legal.length || root.dataset.myTurn !== "true") break;
    const move = legal[Math.floor(legal.length / 2)].n;
    const f = new URLSearchParams({move, version: root.dataset.version});
    await fetch(path + "/move", {method: "POST", body: f, headers: {"X-Fragment": "1"}});
    played.push(move);
  }
  const page = await (await fetch(path)).text();
  return {path, played, page};
}"""


def served_page(tmp: Path, form: dict[str, str], played: list[str]) -> tuple[str, str]:
    """The same game on the app ``solotable serve`` runs: its id and its table page."""
    app = create_app(Store(tmp / "serve.db"), access=Access.serving("testserver", 80))
    with TestClient(app, headers={"origin": "http://testserver"}) as client:
        r = client.post("/games", data=form, follow_redirects=False)
        path = r.headers["location"]
        for move in played:
            settle(client, path)
            fragment = client.get(path + "/table", headers={"X-Fragment": "1"}).text
            version = re.search(r'data-version="([^"]+)"', fragment)
            assert version is not None
            client.post(path + "/move", data={"move": move, "version": version.group(1)})
        settle(client, path)
        return path, client.get(path).text


def settle(client: TestClient, path: str) -> None:
    """Wait for the server's AI thread (the browser's AI moved within the request)."""
    deadline = time.monotonic() + 20
    while 'data-thinking="true"' in client.get(path + "/table").text:
        assert time.monotonic() < deadline, "the AI did not move"
        time.sleep(0.02)


def test_every_game_gives_the_same_table_page_as_serve(
    playwright: Any, chromium: str, browser_args: list[str], site_url: str, tmp_path: Path
) -> None:
    context = open_profile(playwright, chromium, browser_args, tmp_path / "profile", "en")
    page = watch(context.pages[0] if context.pages else context.new_page())
    frame = table_frame(page, site_url)
    for game, form in FORMS.items():
        shown = frame.evaluate(PLAY_JS, [form, MOVES])
        assert len(shown["played"]) >= 6, (game, shown["played"])
        path, served = served_page(tmp_path / game.replace("-", "_"), form, shown["played"])
        mine, theirs = shown["page"], served
        for game_id, _ in ((shown["path"].rsplit("/", 1)[1], 0),):
            mine = mine.replace(game_id, "GAME-ID").replace(game_id[:8], "GAME-ID")
        their_id = path.rsplit("/", 1)[1]
        theirs = theirs.replace(their_id, "GAME-ID").replace(their_id[:8], "GAME-ID")
        assert "table-root" in mine and json.dumps(game)[1:-1] in mine
        assert mine == theirs, game
    assert page.errors == []
    context.close()
