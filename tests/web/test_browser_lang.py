"""The table's script speaks the page's language (issue 21), in Chromium.

``static/table.js`` holds no words: the page hands it its sentences in the ``table-words``
JSON block, rendered from the catalog. Switched to French with the header's switch, the
chooser's title and the "no answer" error the script writes are the French ones.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.browser_helpers import new_game, type_move
from tests.web.test_browser import click_die_move, settle, version

pytestmark = pytest.mark.xdist_group("browser")

MULTI = "[data-moves]"
MULTI_SEED = 4


def _switch_to_french(page: Any, url: str) -> None:
    page.goto(url + "/")
    page.locator("#lang-select").select_option("fr")
    page.locator("form.lang-switch button").click()
    page.locator("html[lang=fr]").wait_for()


def _multi_move(page: Any) -> Any:
    """An element of the table one click on which could mean several moves, or None."""
    for el in page.locator(MULTI).all():
        moves = json.loads(el.get_attribute("data-moves") or "[]")
        if len(moves) > 1 and el.is_visible():
            return el
    return None


def test_the_scripts_words_are_the_pages_language(page: Any, live_server: Any) -> None:
    url = live_server.url
    _switch_to_french(page, url)
    # A fixed deal whose first decision offers a die that can be taken in several ways.
    new_game(page, url, "dice-miner", MULTI_SEED)
    data = settle(page)
    assert page.locator("html").get_attribute("lang") == "fr"
    words = json.loads(page.locator("#table-words").text_content())
    assert words["choose"] == "Choisissez"
    # Play until one click could mean several moves: the chooser asks in French.
    element = _multi_move(page)
    for _ in range(200):
        if element is not None or not data["moves"]:
            break
        _, data = click_die_move(page, data)
        element = _multi_move(page)
    assert element is not None, "no table element offered several moves"
    chooser = page.locator("#chooser[open]")
    # Without a name in words the chooser just asks (never an id on the board: data-slot).
    element.click()
    chooser.wait_for()
    assert chooser.locator("h2").text_content() == "Choisissez"
    chooser.locator("button[value=cancel]").click()
    # A page names the element in words with data-label: the question is French, filled.
    element.evaluate("el => { el.dataset.label = 'ce dé'; }")
    element.click()
    chooser.wait_for()
    assert chooser.locator("h2").text_content() == "Que faire de ce dé\u00a0?"
    chooser.locator("button[value=cancel]").click()
    assert page.errors == []
    # The server does not answer: the script's error is French, its placeholder filled.
    page.route("**/games/*/*", lambda route: route.abort())
    old = version(page)
    type_move(page, data["moves"][0]["n"])
    error = page.locator(".flash.error[role=alert]")
    error.wait_for()
    text = error.text_content()
    assert text.startswith("Le serveur n’a pas répondu (") and "%(error)s" not in text, text
    assert version(page) == old
