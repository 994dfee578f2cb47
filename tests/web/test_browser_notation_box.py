"""The box for typing moves, in Chromium (issue 35): folded away under "Type a move" for a
player who clicks, its hint in the player's language; once opened it stays open — after each
move typed (the field keeps the focus), and on the next page — for a player who types.
"""

from __future__ import annotations

from typing import Any

import pytest

from solotable.session.session import Seat
from solotable.words import words
from tests.web.test_browser import after_click, settle, version

pytestmark = pytest.mark.xdist_group("browser")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_notation_box_is_folded_and_stays_open_once_opened(page: Any, live_server: Any, lang):
    w = words(lang)
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server.url}])
    tables = live_server.server.config.app.state.tables
    table = tables.start("dice-miner", {}, [Seat()], seed=8)
    url = f"{live_server.url}/games/{table.id}"
    page.goto(url)
    data = settle(page)
    box = page.locator("details.notation-box")
    field = page.locator("#notation-input")
    assert box.get_attribute("open") is None and not field.is_visible()
    assert box.locator("summary").inner_text() == w._("Type a move")

    box.locator("summary").click()
    assert field.is_visible()
    assert field.get_attribute("placeholder") == w._("as in the list below")
    field.fill(data["moves"][0]["n"])
    old = version(page)
    field.press("Enter")
    after_click(page, old)
    assert field.is_visible(), "the box closed after a typed move"
    assert page.evaluate("document.activeElement.id") == "notation-input"

    page.reload()
    settle(page)
    assert field.is_visible(), "the open box was not remembered"
    box.locator("summary").click()
    assert not field.is_visible()
    page.reload()
    settle(page)
    assert not field.is_visible(), "the closed box was not remembered"
    assert page.errors == []
