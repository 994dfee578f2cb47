"""The other three games in French in the browser build, offline, as the issue's player does
it: played to their end (the moves through the table's own script, as its clicks send them),
resumed after a reload mid-game, then looked back at — history, replay, stats — all in French.
(51st State's French game is clicked through in ``test_site_play``.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from solotable.words import words
from tests.browser.site import open_profile, table_frame, watch
from tests.web.browser_helpers import new_game
from tests.web.test_browser import settle

pytestmark = pytest.mark.xdist_group("site")

GAMES = {"divercite": {"level": "easy"}, "mini-divercity": {}, "dice-miner": {}}
PLAY = """async (m) => { (await import("/static/table.js")).play(m, true); }"""


def play_to_the_end(page: Any, frame: Any, rng: random.Random) -> Any:
    """Random legal moves until the end screen; one reload on the way. The frame at the end."""
    moves = 0
    while not frame.locator(".end-screen").count():
        data = settle(frame)
        legal = [m["n"] for m in data["moves"]]
        if not legal:
            break
        old = frame.locator("#table-root").get_attribute("data-version")
        frame.evaluate(PLAY, rng.choice(legal))
        frame.locator(f"#table-root:not([data-version='{old}'])").wait_for()
        moves += 1
        if moves == 5:
            before = frame.locator("#table-root").get_attribute("data-version")
            page.reload()
            frame = table_frame(page)
            assert frame.locator("#table-root").get_attribute("data-version") == before
        assert moves < 400, "the game should end"
    frame.locator(".end-screen").wait_for()
    return frame


def test_three_games_played_resumed_and_looked_back_at_in_french_offline(
    playwright: Any, chromium: str, browser_args: list[str], site_url: str, tmp_path: Path
) -> None:
    fr = words("fr")
    context = open_profile(playwright, chromium, browser_args, tmp_path / "profile", "fr")
    page = watch(context.pages[0] if context.pages else context.new_page())
    table_frame(page, site_url)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    rng = random.Random(5)
    ids = {}
    for game, selects in GAMES.items():
        page.reload()
        frame = table_frame(page)
        new_game(frame, site_url, game, 21, **selects)
        assert frame.locator("html").get_attribute("lang") == "fr"
        assert frame.get_by_role("button", name=fr._("Undo")).count() == 1
        frame = play_to_the_end(page, frame, rng)
        assert frame.locator("html").get_attribute("lang") == "fr"
        ids[game] = frame.url.rsplit("/", 1)[1]
        data = json.loads(frame.locator("#table-data").text_content())
        assert data["moves"] == []
    frame.goto(site_url + "/history")
    for game, game_id in ids.items():
        row = frame.locator(f'tr[data-id="{game_id}"]')
        assert row.locator("a.replay-link").inner_text() == fr._("Replay"), game
    for game, game_id in ids.items():
        frame.goto(f"{site_url}/replay/{game_id}")
        assert frame.locator("html").get_attribute("lang") == "fr"
        assert frame.locator(".move-list a").count() > 0, game
        frame.goto(f"{site_url}/stats/{game}")
        assert frame.locator("html").get_attribute("lang") == "fr"
    assert page.errors == []
    context.close()
