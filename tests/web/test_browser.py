"""Both games played to the end in Chromium, by clicking, as a player would.

One module, run serially in one xdist group (``--dist loadgroup``): the
browser and the server are the slow part, so each test covers a whole flow —
lobby, a full game, a reload mid-game, hint, undo, the end screen and "play
again" — and checks that the page logged no console error and no failed request.
Screenshots go to ``$SOLOTABLE_SCREENSHOTS`` (``make screenshots``: docs/screenshots).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from solotable.words import words

pytestmark = pytest.mark.xdist_group("browser")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    target = os.environ.get("SOLOTABLE_SCREENSHOTS")
    path = Path(target) if target else tmp_path / "screenshots"
    if not path.is_absolute():
        path = ROOT / path
    path.mkdir(parents=True, exist_ok=True)
    return path


def settle(page: Any) -> dict[str, Any]:
    """Wait until the AI is not thinking; the fragment's data block."""
    page.locator("#table-root[data-thinking=false]").wait_for()
    return json.loads(page.locator("#table-data").text_content())


def version(page: Any) -> str:
    return str(page.locator("#table-root").get_attribute("data-version"))


def after_click(page: Any, old: str) -> dict[str, Any]:
    page.locator(f"#table-root:not([data-version='{old}'])").wait_for()
    return settle(page)


def new_game(page: Any, url: str, game: str, **selects: str) -> None:
    page.goto(url + "/")
    card = page.locator(f"#game-{game}")
    for name, value in selects.items():
        card.locator(f"select[name='{name}']").select_option(value)
    card.locator("button.primary").click()
    page.wait_for_url("**/games/**")


def place(page: Any, notation: str) -> dict[str, Any]:
    """Play a Divercité move the way a player does: the piece, then the square."""
    prefix, square = notation.split()
    button = page.locator(f".piece-btn[data-prefix='{prefix}']")
    if button.count() and button.get_attribute("aria-pressed") != "true":
        button.click()
    target = page.locator(f".sq[data-sq='{square}']")
    assert "legal" in (target.get_attribute("class") or "")
    old = version(page)
    target.click()
    return after_click(page, old)


def test_divercite_full_game_against_easy(page: Any, live_server: Any, shots: Path) -> None:
    url = live_server.url
    new_game(page, url, "divercite", level="easy")
    rng = random.Random(3)
    data = settle(page)
    # Hover shows the score change for both players.
    first = data["moves"][0]["n"]
    page.locator(f".piece-btn[data-prefix='{first.split()[0]}']").click()
    page.locator("#table-root[data-previews=ready]").wait_for()
    page.locator(f".sq[data-sq='{first.split()[1]}']").hover()
    assert "White" in page.locator("#preview").text_content()
    # A hint, with its reason, marks the move on the board.
    old = version(page)
    page.get_by_role("button", name="Hint").click()
    data = after_click(page, old)
    # The reason names the seats as the game does (White once Divercité's words land).
    white = words("en").seat_name("divercite", 0)
    assert page.locator(".hint").is_visible() and white in page.locator(".hint").text_content()
    assert page.locator(".sq.hinted").count() == 1
    data = place(page, data["hint"])
    # Undo takes back our move and the AI's answer.
    plies = page.locator(".side .muted", has_text="Ply").text_content()
    old = version(page)
    page.get_by_role("button", name="Undo").click()
    data = after_click(page, old)
    assert page.locator(".side .muted", has_text="Ply").text_content() != plies
    turns = 0
    while data["moves"]:
        move = rng.choice(data["moves"])["n"]
        if move.startswith("N "):
            page.locator(f".sq[data-sq='{move.split()[1]}']").click()
            data = settle(page)
            continue
        data = place(page, move)
        turns += 1
        if turns == 6:
            page.locator(".sq.legal").first.hover() if page.locator(".sq.legal").count() else None
            page.screenshot(path=str(shots / "divercite.png"))
            page.reload()
            data = settle(page)
            assert page.locator(".sq .piece").count() >= 12, "the reload lost the board"
    end = page.locator(".end-screen")
    end.wait_for()
    assert end.locator("h2").text_content().strip()
    assert end.locator("tbody tr").count() >= 8, "one breakdown row per city"
    page.screenshot(path=str(shots / "divercite-end.png"), full_page=True)
    game_url = page.url
    end.get_by_role("button", name="Play again").click()
    page.wait_for_url(lambda u: u != game_url and "/games/" in u)
    settle(page)
    assert page.errors == []


def click_die_move(page: Any, data: dict[str, Any]) -> dict[str, Any]:
    """One Dice Miner decision by clicking: take or recycle a die, else a button."""
    moves = [m["n"] for m in data["moves"]]
    old = version(page)
    die = next((m for m in moves if m.split()[0] in ("take", "recycle")), None)
    if die is not None:
        slot = die.split()[1]
        page.locator(f".slot[data-slot='{slot}']").click()
        chooser = page.locator("#chooser[open]")
        if chooser.count():
            chooser.locator("button[data-choice]").last.click()
        return after_click(page, old)
    pick = next((m for m in moves if m.startswith("face")), None)
    pick = pick or ("refill" if "refill" in moves else None)
    pick = pick or next((m for m in moves if m.startswith("spend")), None) or "stop"
    page.locator(f"button[data-move='{pick}']").first.click()
    return after_click(page, old)


def test_dice_miner_full_game(page: Any, live_server: Any, shots: Path) -> None:
    url = live_server.url
    new_game(page, url, "dice-miner")
    data = settle(page)
    decisions = 0
    while data["moves"]:
        data = click_die_move(page, data)
        decisions += 1
        if decisions == 3:
            page.screenshot(path=str(shots / "dice-miner.png"))
            score = page.locator("#dm-score").text_content()
            page.reload()
            data = settle(page)
            assert page.locator("#dm-score").text_content() == score
        assert decisions < 400, "the game should end"
    end = page.locator(".end-screen")
    end.wait_for()
    assert "points" in end.locator("h2").text_content()
    assert end.locator(".breakdown-table tr").count() == 5
    assert end.locator(".best").text_content().strip()
    page.screenshot(path=str(shots / "dice-miner-end.png"), full_page=True)
    # The lobby now lists the game and its best score.
    page.goto(url + "/")
    assert page.locator("table.scores", has_text="Dice Miner").count() >= 1
    page.screenshot(path=str(shots / "lobby.png"), full_page=True)
    assert page.errors == []


def test_phone_width_and_keyboard(browser: Any, live_server: Any, shots: Path) -> None:
    """At 390 px the table stacks; a die can be taken with the keyboard alone."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    new_game(page, live_server.url, "dice-miner")
    data = settle(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"the page scrolls sideways at phone width ({width}px)"
    page.screenshot(path=str(shots / "dice-miner-phone.png"), full_page=True)
    takes = [m["n"] for m in data["moves"] if m["n"].startswith(("take", "recycle"))]
    if takes:
        slot = page.locator(f".slot[data-slot='{takes[0].split()[1]}']")
        slot.focus()
        old = version(page)
        page.keyboard.press("Enter")
        if page.locator("#chooser[open]").count():
            page.keyboard.press("Enter")
        after_click(page, old)
    page.goto(live_server.url + "/rules/divercite")
    assert page.locator("main h1").count() == 1
    context.close()
    assert errors == []
