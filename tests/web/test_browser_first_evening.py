"""What a new player still tripped on (issue 35), seen in Chromium as the player sees it.

- Dice Miner's "Stop digging" stands apart from the ordinary choices and asks first while
  other moves remain: cancelling plays nothing, confirming ends the game.
- Mini DiverCity's end: the board turns the face-down Ocean cards face up (no card back left
  under "What was hidden"), and the defeat is one short line with the why folded.
- The lobby after an evening: two unfinished games, the rest folded, so the games start on
  the first screen of a phone; one is deleted by "Delete…" then its confirmation.
- The lobby's options show no terminal command until "For the terminal" is opened.

Games are started from the lobby with fixed seeds, or played into the store through
``GameSession`` (``lookback_games.play_out``) and opened in the browser.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.a11y import PHONE
from tests.web.browser_helpers import ANSWERED_ONCE, new_game
from tests.web.lookback_games import play_out
from tests.web.test_end_screens import lose_by_impossible

pytestmark = pytest.mark.xdist_group("browser")


def _version(page: Any) -> str:
    return str(page.locator("#table-root").get_attribute("data-version"))


def _moves(page: Any) -> list[str]:
    return [m["n"] for m in json.loads(page.locator("#table-data").text_content())["moves"]]


def test_dice_miner_stop_stands_apart_and_asks_first(page: Any, live_server: Any) -> None:
    new_game(page, live_server.url, "dice-miner", 11)
    page.locator("#table-root[data-thinking=false]").wait_for()
    if "stop" not in _moves(page):  # a starting Magic die rolled beer: its face first
        old = _version(page)
        page.locator("button[data-move^='face']").first.click()
        page.locator(f"#table-root:not([data-version='{old}'])").wait_for()
    assert "stop" in _moves(page) and len(_moves(page)) > 1  # points left on the table
    stop = page.locator(".dm-wrap button[data-move='stop']")
    group = stop.locator("xpath=..")
    assert group.get_attribute("aria-label") == "End the game"
    assert group.locator("button").count() == 1  # alone in its group
    assert "danger" in (stop.get_attribute("class") or "")
    mountain = page.locator(".mountain").bounding_box()
    box = stop.bounding_box()
    assert mountain and box and box["y"] >= mountain["y"] + mountain["height"] + 16
    old = _version(page)
    stop.click()
    chooser = page.locator("#chooser[open]")
    chooser.wait_for()
    said = chooser.locator("button[data-choice='stop']").text_content()
    assert "Stop digging and score" in said and "other moves remain" in said, said
    chooser.locator("button[value='cancel']").click()
    assert _version(page) == old and page.locator(".end-screen").count() == 0
    stop.click()
    page.locator("#chooser[open] button[data-choice='stop']").click()
    page.locator(".end-screen").wait_for()
    assert page.errors == []


def test_mini_divercity_end_turns_the_ocean_face_up(
    page: Any, live_server: Any, store: Any
) -> None:
    s = lose_by_impossible(store)
    hidden = s.reveal()
    assert hidden is not None and any(o["face_down"] for o in hidden["ocean"])
    page.goto(f"{live_server.url}/games/{s.id}")
    end = page.locator(".end-screen")
    end.wait_for()
    assert page.locator(".hand-row .zone:not(.decks) .card.back").count() == 0
    for o in hidden["ocean"]:
        card = page.locator(f".hand-row [data-key='slot:{o['slot']}']")
        assert "back" not in (card.get_attribute("class") or "")
        assert ("was-down" in (card.get_attribute("class") or "")) == o["face_down"]
    assert end.locator(".why").inner_text().strip() == "Lost: saving 7 species became impossible"
    why = end.locator("details.why-detail")
    assert not why.locator("p").is_visible()  # folded
    why.locator("summary").click()
    assert "too few cards left outside the discard" in why.locator("p").inner_text()
    assert page.errors == []


def test_lobby_after_an_evening_on_a_phone(browser: Any, live_server: Any, store: Any) -> None:
    ids = [play_out(store, "dice-miner", seed, moves=1).id for seed in range(1, 11)]
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(ANSWERED_ONCE)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        shown = page.locator("section.unfinished > ul > li")
        assert shown.count() == 2
        assert page.locator("details.more-unfinished li").count() == 8
        assert not page.locator("details.more-unfinished li").first.is_visible()
        first_game = page.locator(".game-cards .game-card").first.bounding_box()
        assert first_game and first_game["y"] < PHONE["height"], first_game
        # Delete the game played last: "Delete…" opens the confirmation, which deletes it.
        row = shown.first
        assert row.locator(f"a[href='/games/{ids[-1]}']").count() == 1
        button = row.locator("details.delete-game button")
        assert not button.is_visible()
        row.locator("details.delete-game summary").tap()
        assert button.inner_text().strip() == "Yes, delete this unfinished game"
        with page.expect_navigation():
            button.tap()
        assert page.locator(f"a[href='/games/{ids[-1]}']").count() == 0
        assert page.locator("section.unfinished a.button").count() == 9
        assert page.locator("section.unfinished > ul > li").count() == 2
    finally:
        context.close()


def test_lobby_options_show_no_terminal_command(page: Any, live_server: Any) -> None:
    page.goto(live_server.url + "/")
    card = page.locator("#game-dice-miner")
    card.locator("details.options:not(.deal):not(.advanced) > summary").click()
    card.locator("details.advanced > summary").click()
    assert "solotable play" not in card.inner_text()
    folded = card.locator("details.for-terminal")
    assert folded.locator("summary").inner_text().strip() == "For the terminal"
    folded.locator("summary").click()
    assert "solotable play dice-miner --set" in folded.inner_text()
    assert page.errors == []
