"""Every page in Chromium, at 390×844 and at 1280×800: axe-core finds no serious or critical
violation, and no page scrolls sideways.

The pages: the lobby (with best scores), each game's rules, each game's table mid-game and
at its end screen, history, stats (all and per game) and a replay. The games are played into
the server's store through ``GameSession`` from fixed seeds, so every failure replays.
"""

from __future__ import annotations

import pytest

from tests.web.a11y import GAMES, check_page, serious_violations
from tests.web.lookback_games import play_out, wait_reviewed

pytestmark = pytest.mark.xdist_group("browser")


def test_lobby_and_looking_back_pages(page, live_server, store):
    finished = play_out(store, "mini-divercity", 6)  # the lobby then shows best scores
    fss = play_out(store, "51st-state", 6, GAMES["51st-state"]["options"])
    problems: list[str] = []
    wait_reviewed(page, f"{live_server.url}/replay/{fss.id}?review=1&hidden=1")
    for path in (
        "/",
        "/history",
        "/stats",
        *(f"/stats/{g}" for g in GAMES),
        "/hints",
        f"/replay/{finished.id}?step=2",
        f"/replay/{fss.id}?review=1&hidden=1",
    ):
        check_page(page, live_server.url + path, problems)
    assert not problems, "\n".join(problems)
    assert page.errors == []


@pytest.mark.parametrize("game", list(GAMES))
def test_game_pages(page, live_server, store, game):
    """The rules page, the table mid-game and the end screen of ``game``."""
    how = GAMES[game]
    mid = play_out(store, game, 5, how["options"], level=how["level"], moves=3)
    end = play_out(store, game, 6, how["options"], level=how["level"])
    assert not mid.is_over() and end.is_over()
    problems: list[str] = []
    for path in (f"/rules/{game}", f"/games/{mid.id}", f"/games/{end.id}"):
        check_page(page, live_server.url + path, problems)
    assert not problems, "\n".join(problems)
    assert page.errors == []


def test_dialogs_open(browser, live_server):
    """axe-core with the table's dialogs open: the question before a move with a cost (Mini
    DiverCity's Lagoon Identify, asked every time), and the once-a-game question before a
    move undo could not take back (Dice Miner's take that sets off a draw: a page that has
    not answered it yet). The learn guide is checked open in ``test_browser_learn``."""
    from tests.web.browser_helpers import mirror, new_game
    from tests.web.test_browser_before_click import _click, _costly_seed, _one_click_moves

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        seed, move, _ = _costly_seed()
        new_game(page, live_server.url, "mini-divercity", seed)
        page.locator(f".mdc [data-key='slot:{move.split(':')[1]}']").click()
        page.locator(f"#chooser[open] button[data-choice='{move}']").wait_for()
        assert serious_violations(page) == []
        page.locator("#chooser[open] button[value='cancel']").click()

        new_game(page, live_server.url, "dice-miner", 1)
        engine = mirror("dice-miner", 1)
        for _ in range(40):  # play moves undo can take back until a final one is offered
            every = [i.notation for i in engine.legal_infos(0)]
            one_click = _one_click_moves(every)
            final = [
                i.notation for i in engine.legal_infos(0) if i.action in engine.irreversible(0)
            ]
            pick = next((m for m in one_click if m in final), None)
            if pick is not None:
                break
            old = page.locator("#table-root").get_attribute("data-version")
            _click(page, one_click[0])
            page.locator(f"#table-root:not([data-version='{old}'])").wait_for()
            engine.play(0, one_click[0])
        assert pick is not None
        _click(page, pick)
        asked = page.locator(f"#chooser[open] button[data-choice='{pick}']")
        assert "it cannot be taken back" in asked.text_content()
        assert serious_violations(page) == []
    finally:
        context.close()


def test_the_language_switch_reads_on_the_dark_header(page, live_server):
    """Issue 35: "Switch" was dark ink on the dark header. axe cannot judge text over a
    gradient (it files it as "incomplete", never as a violation), so the header is given,
    in turn, each colour of its own gradient as a plain background, and axe's contrast rule
    must pass on every one."""
    from tests.web.a11y import header_contrast

    for lang in ("en", "fr"):
        page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server.url}])
        page.goto(live_server.url + "/history")
        problems = header_contrast(page)
        assert problems == [], (lang, problems)
        assert page.locator(".lang-switch button, .lang-switch select").count() >= 1
