"""Dice Miner in French in Chromium: the player picks Français in the page header, starts a
game and plays a few moves by clicking; the table, its choices and its log speak French."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_browser import click_die_move, new_game, settle

pytestmark = pytest.mark.xdist_group("browser")

FRENCH = ("Remplissages restants", "Dés dans le sac", "Dés Magie", "Outils", "Trésor")
ENGLISH = ("Refills left", "Dice in the bag", "Magic dice", "Tools", "Treasure", "Your collection")


def test_dice_miner_played_in_french(page: Any, live_server: Any) -> None:
    url = live_server.url
    page.goto(url + "/")
    page.locator("#lang-select").select_option("fr")
    page.locator("form.lang-switch button").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "fr"
    new_game(page, url, "dice-miner", 11)
    data = settle(page)
    for _ in range(4):
        if not data["moves"]:
            break
        _, data = click_die_move(page, data)
    side = page.locator(".dm-side").inner_text()
    for words in FRENCH:
        assert words in side, side
    for words in ENGLISH:
        assert words not in side, side
    assert page.locator(".collection").get_attribute("aria-label") == "Votre collection"
    stop = page.locator(".choices button[data-move='stop']")
    assert stop.inner_text() == "Arrêter de creuser et compter les points"
    log = page.locator(".ev-fill").last.inner_text()
    assert "la montagne est remplie" in log, log
    titles = page.locator(".slot:not(.empty) title").all_text_contents()
    assert titles and all("dé" in t for t in titles), titles
    assert page.errors == []
