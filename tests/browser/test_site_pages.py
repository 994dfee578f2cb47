"""Everything around the table, in the browser build, with the network cut: a guided lesson,
a hint, what the AI says while it thinks (Divercité's levels), history and stats, the replay
of a finished game and its review (which goes on in the worker while the page polls), and
the "how strong is the hint?" page. French, as a French phone shows them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from solotable.core.message import Msg
from solotable.web import learn
from solotable.words import words
from tests.browser.site import open_profile, table_frame, watch
from tests.web.browser_helpers import new_game
from tests.web.test_browser import click_die_move, settle
from tests.web.test_browser_learn import follow_step, guide_text, start_lesson

pytestmark = pytest.mark.xdist_group("site")


def test_lesson_hint_history_stats_replay_review_and_hints_page_in_french_offline(
    playwright: Any, chromium: str, browser_args: list[str], site_url: str, tmp_path: Path
) -> None:
    context = open_profile(playwright, chromium, browser_args, tmp_path / "profile", "fr")
    page = watch(context.pages[0] if context.pages else context.new_page())
    table_frame(page, site_url)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    frame = table_frame(page)
    fr = words("fr")

    # Learn to play: the guided Dice Miner game, to its end.
    start_lesson(frame, site_url, "dice-miner")
    t = learn.tutorial("dice-miner")
    for i in range(len(t.steps)):
        follow_step(frame, "dice-miner", i, "fr")
    frame.locator("#learn-guide[data-status='done']").wait_for()
    assert guide_text(frame) == fr.say(Msg(t.end))

    # A hint in a game of one's own, then the game played to its end.
    new_game(frame, site_url, "dice-miner", 5)
    data = settle(frame)
    old = frame.locator("#table-root").get_attribute("data-version")
    frame.get_by_role("button", name=fr._("Hint"), exact=True).click()
    frame.locator(f"#table-root:not([data-version='{old}'])").wait_for()
    assert frame.locator(".hint").is_visible() and frame.locator(".hint").inner_text().strip()
    data = settle(frame)
    while data["moves"]:
        _, data = click_die_move(frame, data)
    frame.locator(".end-screen").wait_for()
    game_path = frame.url.split("127.0.0.1")[1].split("/", 1)[1]
    game_id = game_path.rsplit("/", 1)[1]

    # History and stats list it; its replay steps; its review opens with its marks.
    frame.goto(site_url + "/history")
    row = frame.locator(f'tr[data-id="{game_id}"]')
    assert row.count() == 1
    frame.goto(site_url + "/stats/dice-miner")
    assert frame.locator("main").inner_text().strip()
    frame.goto(f"{site_url}/replay/{game_id}")
    frame.get_by_role("button", name=fr._("Review my moves (mistakes and better moves)")).click()
    frame.wait_for_url("**review=1**", timeout=120_000)
    frame.locator(".mark-legend").wait_for(timeout=120_000)
    assert frame.locator("html").get_attribute("lang") == "fr"

    # How strong is the hint? The page reads the measured figures (data, in French).
    frame.goto(site_url + "/hints")
    assert fr._("How strong is the hint?") in frame.locator("h1").inner_text()
    assert page.errors == []
    context.close()
