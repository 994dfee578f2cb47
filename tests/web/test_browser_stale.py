"""A page the game has moved past updates itself in Chromium (issue 19).

Two tabs on one game: a move played in one makes the other stale. Its next
click is refused by the server (409) and the tab swaps in the table as it is
now, with the message; the click after that plays. The same for a game the
terminal played meanwhile (``play --continue``, here a second session on the
store file).
"""

from __future__ import annotations

from typing import Any

import pytest

from solotable.session.session import GameSession, Seat
from solotable.session.store import Store
from tests.web.browser_helpers import type_move
from tests.web.test_browser import after_click, settle, version

pytestmark = pytest.mark.xdist_group("browser")


def console_errors(page: Any) -> list[str]:
    """Console errors other than Chromium's own line for the refused request (409)."""
    return [e for e in page.errors if "status of 409" not in e]


def play_first(page: Any, data: dict[str, Any], by_form: bool) -> dict[str, Any]:
    """Play the first legal move: with the notation box, or as the page's script does."""
    move = data["moves"][0]["n"]
    old = version(page)
    if by_form:
        type_move(page, move)
    else:
        page.evaluate("(n) => import('/static/table.js').then((t) => t.play(n))", move)
    return after_click(page, old)


def test_a_stale_tab_updates_itself_and_says_why(page: Any, live_server: Any) -> None:
    table = live_server.server.config.app.state.tables.start("dice-miner", {}, [Seat()], seed=8)
    url = f"{live_server.url}/games/{table.id}"
    page.goto(url)
    stale = settle(page)
    other = page.context.new_page()
    other.goto(url)
    play_first(other, settle(other), by_form=False)
    now = table.session.version
    data = play_first(page, stale, by_form=True)  # sent with the old version: refused
    assert version(page) == now
    alert = page.locator(".flash.error").text_content()
    assert "out of date" in alert and "nothing was changed" in alert
    assert table.session.version == now
    play_first(page, data, by_form=False)  # from the updated page: played
    assert table.session.version != now and page.locator(".flash.error").count() == 0
    other.close()
    assert console_errors(page) == []


def test_a_game_played_in_the_terminal_meanwhile_is_shown_as_saved(
    page: Any, live_server: Any, store: Any
) -> None:
    table = live_server.server.config.app.state.tables.start("dice-miner", {}, [Seat()], seed=9)
    page.goto(f"{live_server.url}/games/{table.id}")
    data = settle(page)
    terminal = GameSession.resume(Store(store.path), table.id)  # solotable play --continue
    terminal.play(0, terminal.legal_moves(0)[0][0])
    play_first(page, data, by_form=False)
    assert version(page) == terminal.version
    assert page.locator(".flash.error").count() == 1
    play_first(page, settle(page), by_form=True)
    saved = GameSession.resume(Store(store.path), table.id)
    assert saved.state.history == table.session.state.history
    assert saved.state.history[: terminal.ply] == terminal.state.history
    assert console_errors(page) == []
