"""The browser build played as a phone player would: opened once, then with the network cut.

Each game is played to its end by clicking in the site built by ``make site`` and served by a
plain static server, with no network after the first visit (``context.set_offline``): a reload
mid-game continues it, and so does a browser closed mid-game and opened again on the same
profile. The moves clicked are the ones the server tests click (``tests/web/test_browser*``'s
helpers, driving the table's frame), and the engine replayed here says what the table shows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.site import open_profile, table_frame, watch
from tests.web.browser_helpers import mirror, new_game, number
from tests.web.test_browser import (
    DICE_MINER_SEED,
    check_dice_miner_table,
    click_die_move,
    settle,
)

pytestmark = pytest.mark.xdist_group("site")


def first_visit(playwright: Any, chromium: str, args: list[str], profile: Path, url: str, lang: str) -> tuple[Any, Any, Any]:
    """Open the site online once (the service worker caches it), then cut the network."""
    context = open_profile(playwright, chromium, args, profile, lang)
    page = watch(context.pages[0] if context.pages else context.new_page())
    frame = table_frame(page, url)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    frame = table_frame(page)
    return context, page, frame


def test_dice_miner_offline_reload_and_a_closed_browser(
    playwright: Any, chromium: str, browser_args: list[str], site_url: str, tmp_path: Path
) -> None:
    profile = tmp_path / "profile"
    context, page, frame = first_visit(playwright, chromium, browser_args, profile, site_url, "en")
    new_game(frame, site_url, "dice-miner", DICE_MINER_SEED)
    engine = mirror("dice-miner", DICE_MINER_SEED)
    data = settle(frame)
    check_dice_miner_table(frame, engine)
    decisions = 0
    while data["moves"]:
        move, data = click_die_move(frame, data)
        engine.play(0, move)
        decisions += 1
        if decisions == 3:  # a reload, offline: the same game at the same point
            score = frame.locator("#dm-score").text_content()
            page.reload()
            frame = table_frame(page)
            data = settle(frame)
            assert frame.locator("#dm-score").text_content() == score
            check_dice_miner_table(frame, engine)
        if decisions == 6:  # the browser closed mid-game, opened again on its profile
            context.close()
            context = open_profile(playwright, chromium, browser_args, profile, "en")
            context.set_offline(True)
            page = watch(context.pages[0] if context.pages else context.new_page())
            frame = table_frame(page, site_url)
            assert "/games/" not in frame.url
            frame.locator("a[href^='/games/']").first.click()
            frame.wait_for_url("**/games/**")
            data = settle(frame)
            check_dice_miner_table(frame, engine)
        assert decisions < 400, "the game should end"
    assert engine.is_over()
    end = frame.locator(".end-screen")
    end.wait_for()
    assert number(end.locator("h2").text_content()) == engine.observation(0)["score"]["total"]
    assert page.errors == []
    context.close()
