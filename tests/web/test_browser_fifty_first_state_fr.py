"""51st State in French in Chromium: a browser asking for French gets the table in French and
plays a few moves by clicking, the Lookout and the Actions phase showing French words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from solotable.session.session import Seat
from tests.web.browser_helpers import ANSWERED_ONCE
from tests.web.test_browser_fifty_first_state import GAME, click_move, table_state

pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture
def french_page(browser: Any) -> Iterator[Any]:
    """A page whose browser asks for French (``Accept-Language: fr-FR``), recording errors."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
    pg = context.new_page()
    pg.errors = []
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.context.add_init_script(ANSWERED_ONCE)  # t-reveal: see browser_helpers.ANSWERED_ONCE
    yield pg
    context.close()


def test_fifty_first_state_played_in_french(french_page: Any, live_server: Any) -> None:
    page = french_page
    tables = live_server.server.config.app.state.tables
    table = tables.start(GAME, {"faction": "mutants"}, [Seat()], seed=3)
    page.goto(f"{live_server.url}/games/{table.id}")
    state = table_state(page)
    lookout = page.locator(".lookout")
    assert "Pioche" in lookout.text_content()
    assert page.locator(".lookout [data-move='keep']").text_content().strip() == "La garder"
    assert "Refuser" in page.locator(".lookout [data-move='refuse']").text_content()
    clicks = 0
    while "keep" in state["moves"]:  # the three Lookout cards, kept
        click_move(page, "keep")
        state = table_state(page, state["version"])
        clicks += 1
    assert clicks >= 2 and "pass" in state["moves"]  # the third card is kept without asking
    side = page.locator(".fss-side").text_content()
    assert "Réserve" in side and "Actions de faction" in side and "Passer" in side
    board = page.locator(".board-area").text_content()
    assert "Votre main" in board and "Votre État" in board and "Adversaire" in board
    assert "Your hand" not in board and "Supply" not in side
    work = [m for m in state["moves"] if m.startswith("work ")]
    assert work, "Production gave workers"
    button = page.locator(f".fss-side [data-move='{work[0]}']")
    assert button.text_content().startswith("Travail\u00a0: ")
    assert "dépenser 2 travailleurs" in str(button.get_attribute("title"))
    click_move(page, work[0])
    state = table_state(page, state["version"])
    click_move(page, "pass")
    table_state(page, state["version"])
    assert "Production" in page.locator(".board-area").text_content()
    assert page.errors == []


def test_a_new_french_game_reads_in_french_from_its_first_page(
    french_page: Any, live_server: Any
) -> None:
    """Issue 35: the first page named most cards in English and listed about forty "la
    pioche donne …" lines; now one set-up line, French names, the English one on hover."""
    from tests.web.test_fifty_first_state_french import ENGLISH

    page = french_page
    tables = live_server.server.config.app.state.tables
    table = tables.start(GAME, {"faction": "mutants"}, [Seat()], seed=3)
    page.goto(f"{live_server.url}/games/{table.id}")
    table_state(page)
    steps = page.locator("#since-move li").all_inner_texts()
    assert sum(s.startswith("Mise en place") for s in steps) == 1
    assert len(steps) < 10, steps
    assert sum("la pioche donne" in s for s in steps) <= 1
    seen = page.locator("body").inner_text()
    assert not ENGLISH.search(seen), ENGLISH.findall(seen)
    name = page.locator(".hand .card-name").first
    assert str(name.get_attribute("title")).startswith("Nom anglais\u00a0: ")
    opponent = page.locator(".opp-deck").inner_text()
    known = page.locator(".opp-deck .opp-known li").all_inner_texts()
    assert known and all(line.split(" ×")[0] in steps[0] for line in known), (known, steps)
    assert "Contenu connu" in opponent
    assert page.errors == []
