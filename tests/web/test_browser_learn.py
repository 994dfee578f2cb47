"""Learn to play in Chromium: from the lobby, a guided game followed to its end by clicking
what the guide points at (English; one in French), a wrong click explained and not played,
and the guide left to play on freely."""

from __future__ import annotations

import json
from typing import Any

import pytest

from solotable.core.message import Msg
from solotable.web import learn
from solotable.words import words
from tests.web.a11y import serious_violations
from tests.web.test_browser import settle, version

pytestmark = pytest.mark.xdist_group("browser")


def start_lesson(page: Any, url: str, game: str) -> None:
    page.goto(url + "/")
    page.locator(f"#game-{game} form.learn-game button").click()
    page.wait_for_url("**/games/**?learn=1")
    page.locator("#learn-guide[data-step='1'][data-status='step']").wait_for()


def guide_text(page: Any) -> str:
    return str(page.locator("#learn-guide .learn-text").inner_text())


def follow_step(page: Any, game: str, i: int, lang: str) -> None:
    """Step i: the guide says the step's sentence from the catalog and points at the table's
    element carrying the expected move; clicking it (and the chooser's pointed choice) plays
    it and the guide moves on."""
    t = learn.tutorial(game)
    step = t.steps[i]
    page.locator(f"#learn-guide[data-step='{i + 1}'][data-status='step']").wait_for()
    assert guide_text(page) == words(lang).say(Msg(step.say))
    attr, value = step.point
    target = page.locator("#table .learn-target")
    # The guide may say the step a moment before the table's new fragment (the AI's reply
    # in Divercité) is drawn with its target: wait for it, then there must be exactly one.
    target.first.wait_for()
    assert target.count() == 1
    if step.first and target.get_attribute("data-piece") is not None:
        # Divercité: the guide points at the piece first, then at its square.
        assert target.get_attribute("data-piece") == step.first[1]
        target.click()
        page.locator(f"#table .learn-target[data-{attr}]").wait_for()
        assert target.count() == 1
    expected = learn.path(game).notations[i]
    if attr == "move":
        assert target.get_attribute("data-move") == expected
    else:
        assert target.get_attribute(f"data-{attr}") == value
    old = version(page)
    target.click()
    chooser = page.locator("#chooser[open]")
    if chooser.count():
        pick = chooser.locator("button.learn-target")
        assert pick.get_attribute("data-choice") == expected
        pick.click()
    page.locator(f"#table-root:not([data-version='{old}'])").wait_for()
    settle(page)


def test_dice_miner_lesson_in_english(page: Any, live_server: Any) -> None:
    url = live_server.url
    start_lesson(page, url, "dice-miner")
    t = learn.tutorial("dice-miner")
    en = words("en")
    assert page.locator("#learn-guide h2").inner_text() == "Learn to play"
    assert page.locator("#learn-guide .learn-intro").inner_text() == en.say(Msg(t.intro))
    assert page.locator("#learn-guide .learn-progress").inner_text() == "Step 1 of 7"
    # A click on another takeable die is explained, not played.
    old = version(page)
    page.locator(".slot.takeable[data-slot='e2']").click()
    wrong = page.locator("#learn-guide .learn-wrong")
    assert wrong.inner_text() == "Not this one yet: the guide points at the move to make."
    page.wait_for_timeout(300)
    assert version(page) == old
    for i in range(len(t.steps)):
        follow_step(page, "dice-miner", i, "en")
    page.locator("#learn-guide[data-status='done']").wait_for()
    assert guide_text(page) == en.say(Msg(t.end))
    assert page.locator("#learn-guide .learn-progress").inner_text() == "Lesson complete"
    # The same game goes on without the guide: any move may be clicked.
    page.locator("#learn-guide .learn-leave").click()
    assert page.locator("#learn-guide").count() == 0
    assert "learn" not in page.url
    data = json.loads(page.locator("#table-data").text_content())
    assert data["moves"]
    old = version(page)
    page.locator(".slot.takeable").first.click()
    if page.locator("#chooser[open]").count():
        page.locator("#chooser[open] button[data-choice]").first.click()
    page.locator(f"#table-root:not([data-version='{old}'])").wait_for()
    assert page.errors == []


@pytest.mark.parametrize("game", [g for g in learn.games() if g != "dice-miner"])
def test_lesson_in_english_to_its_end(page: Any, live_server: Any, game: str) -> None:
    """Every other game's guided game, followed by clicking what the guide points at."""
    start_lesson(page, live_server.url, game)
    t = learn.tutorial(game)
    for i in range(len(t.steps)):
        follow_step(page, game, i, "en")
    page.locator("#learn-guide[data-status='done']").wait_for()
    assert guide_text(page) == words("en").say(Msg(t.end))
    page.locator("#learn-guide .learn-leave").click()
    assert page.locator("#learn-guide").count() == 0
    assert page.errors == []


def test_dice_miner_lesson_left_at_once_then_played_freely(page: Any, live_server: Any) -> None:
    start_lesson(page, live_server.url, "dice-miner")
    page.locator("#learn-guide .learn-leave").click()
    assert page.locator("#learn-guide").count() == 0
    assert page.locator(".learn-target").count() == 0
    old = version(page)
    page.locator(".slot.takeable[data-slot='e2']").click()  # not the lesson's move: played
    page.locator(f"#table-root:not([data-version='{old}'])").wait_for()
    page.reload()
    assert page.locator("#learn-guide").count() == 0
    assert page.errors == []


@pytest.mark.parametrize("game", learn.games())
def test_lesson_in_french(page: Any, live_server: Any, game: str) -> None:
    """Every guided game in French, from the header's language switch to the lesson's end;
    axe-core finds no serious or critical violation with the guide open over the table."""
    url = live_server.url
    page.goto(url + "/")
    page.locator("#lang-select").select_option("fr")
    page.locator("form.lang-switch button").click()
    page.wait_for_load_state()
    start_lesson(page, url, game)
    t = learn.tutorial(game)
    assert page.locator("#learn-guide h2").inner_text() == "Apprendre à jouer"
    progress = page.locator("#learn-guide .learn-progress").inner_text()
    assert progress == f"Étape 1 sur {len(t.steps)}"
    assert guide_text(page) == words("fr").say(Msg(t.steps[0].say))
    assert serious_violations(page) == []  # the guide open, pointing at the table
    for i in range(len(t.steps)):
        follow_step(page, game, i, "fr")
    page.locator("#learn-guide[data-status='done']").wait_for()
    assert guide_text(page) == words("fr").say(Msg(t.end))
    assert page.errors == []
