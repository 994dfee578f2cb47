"""Every page in Chromium, at 390×844 and at 1280×800: axe-core finds no serious or critical
violation, and no page scrolls sideways.

The pages: the lobby (with best scores), each game's rules, each game's table mid-game and
at its end screen, history, stats (all and per game) and a replay. The games are played into
the server's store through ``GameSession`` from fixed seeds, so every failure replays.
"""

from __future__ import annotations

import pytest

from tests.web.a11y import GAMES, check_page
from tests.web.lookback_games import play_out

pytestmark = pytest.mark.xdist_group("browser")


def test_lobby_and_looking_back_pages(page, live_server, store):
    finished = play_out(store, "mini-divercity", 6)  # the lobby then shows best scores
    fss = play_out(store, "51st-state", 6, GAMES["51st-state"]["options"])
    problems: list[str] = []
    for path in (
        "/",
        "/history",
        "/stats",
        *(f"/stats/{g}" for g in GAMES),
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
