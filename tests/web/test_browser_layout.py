"""The layout faults of issue 22, each seen in Chromium: the lobby with a best score on a
phone (fits, and "New game" can be tapped), Mini DiverCity's Diver tooltips above every
other element, the turn boxes not clipped, species names whole on a phone, and each table's
main area visible without scrolling at 1280×800.

Games are played into the server's store through ``GameSession`` from fixed seeds.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.a11y import GAMES, LAPTOP, PHONE, sideways
from tests.web.browser_helpers import ANSWERED_ONCE
from tests.web.lookback_games import play_out

pytestmark = pytest.mark.xdist_group("browser")

# Is the element drawn on top at (x, y) the tooltip or inside it?  A 5×5 grid of points
# inside the tooltip's box (clipped to the window).
ON_TOP = """el => {
  const r = el.getBoundingClientRect();
  const left = Math.max(r.left, 0), right = Math.min(r.right, innerWidth);
  const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
  const missed = [];
  for (const fx of [.05, .25, .5, .75, .95]) for (const fy of [.05, .25, .5, .75, .95]) {
    const x = left + fx * (right - left), y = top + fy * (bottom - top);
    const hit = document.elementFromPoint(x, y);
    if (!el.contains(hit)) missed.push(hit ? hit.className.baseVal ?? hit.className : null);
  }
  return {w: right - left, h: bottom - top, missed};
}"""
# How much of an element's content it hides (scrolled or clipped), in pixels.
HIDDEN = """el => ({x: el.scrollWidth - el.clientWidth, y: el.scrollHeight - el.clientHeight,
  right: el.getBoundingClientRect().right - document.documentElement.clientWidth})"""


def test_lobby_with_a_best_score_fits_a_phone_and_new_game_taps(browser, live_server, store):
    play_out(store, "mini-divercity", 6)  # a finished game: the lobby shows a best score
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(ANSWERED_ONCE)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        assert page.locator("table.scores tbody tr").count() >= 1  # the best score is shown
        assert sideways(page) == 0
        button = page.locator("#game-dice-miner button.primary")
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        button.tap()
        page.wait_for_url("**/games/**")
        assert page.locator(".mountain").count() == 1  # the Dice Miner table opened
    finally:
        context.close()


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280", "390"])
def test_diver_tooltips_open_above_everything(page, live_server, store, size):
    s = play_out(store, "mini-divercity", 5, moves=0)  # the three Divers are usable here
    page.set_viewport_size(size)
    page.goto(f"{live_server.url}/games/{s.id}")
    divers = page.locator(".diver.live")
    assert divers.count() == 3
    for i in range(3):
        diver = divers.nth(i)
        diver.focus()
        tip = diver.locator(".power")
        assert tip.is_visible()
        tip.scroll_into_view_if_needed()
        seen = tip.evaluate(ON_TOP)
        assert seen["w"] > 50 and seen["h"] > 20
        assert seen["missed"] == [], f"Diver {i}'s tooltip is under {seen['missed']}"
    assert sideways(page) == 0
    assert page.errors == []


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280", "390"])
def test_turn_boxes_are_not_clipped(page, live_server, store, size):
    """The status box of every table and the game's own turn box (Mini DiverCity's turn so
    far, 51st State's round track) show all they hold, inside the window."""
    page.set_viewport_size(size)
    boxes = {
        "mini-divercity": (".status", ".phase-log", ".phase-log ol"),
        "51st-state": (".status", "nav.track"),
        "dice-miner": (".status",),
        "divercite": (".status",),
    }
    for game, selectors in boxes.items():
        how = GAMES[game]
        # Mini DiverCity: two moves in, this turn's box lists eight lines.
        s = play_out(store, game, 5, how["options"], level=how["level"], moves=2)
        page.goto(f"{live_server.url}/games/{s.id}")
        for sel in selectors:
            el = page.locator(sel).first
            el.scroll_into_view_if_needed()
            hidden = el.evaluate(HIDDEN)
            assert hidden["x"] <= 0 and hidden["y"] <= 0, f"{game} {sel} hides {hidden}"
            assert hidden["right"] <= 0, f"{game} {sel} goes past the window: {hidden}"
    assert page.errors == []


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390", "1280"])
def test_species_names_are_whole(page, live_server, store, size):
    s = play_out(store, "mini-divercity", 5, moves=2)
    page.set_viewport_size(size)
    page.goto(f"{live_server.url}/games/{s.id}")
    names = page.locator(".scale-row .sp-name")
    assert names.count() == 12
    for i in range(names.count()):
        hidden = names.nth(i).evaluate(HIDDEN)
        assert hidden["x"] <= 0, f"{names.nth(i).inner_text()!r} is cut by {hidden['x']} px"
    assert page.errors == []


# Each table's main area: what the player acts on every turn.
MAIN = {
    "divercite": ".dv-board",
    "dice-miner": ".mountain",
    "mini-divercity": ".hand-row",  # the last part of the mat: all of it is above the fold
    "51st-state": ".lookout",
}


@pytest.mark.parametrize("game", list(GAMES))
def test_main_area_visible_without_scrolling_at_1280(page, live_server, store, game):
    how = GAMES[game]
    s = play_out(store, game, 5, how["options"], level=how["level"], moves=3)
    page.goto(f"{live_server.url}/games/{s.id}")
    assert page.evaluate("scrollY") == 0
    box: Any = page.locator(MAIN[game]).bounding_box()
    assert box is not None and box["y"] >= 0
    assert box["y"] + box["height"] <= LAPTOP["height"], f"{game}: main area ends at {box}"
    assert box["x"] >= 0 and box["x"] + box["width"] <= LAPTOP["width"]
    assert page.errors == []
