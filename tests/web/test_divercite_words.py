"""Divercité's web table in the player's language (issue 21), through HTTP.

- a full game in the pseudo-locale: every visible word of the game's own parts (the board,
  the players and their supplies, the end screen, the log's entries) came through a catalog;
- a page scan in English: no notation, internal id or option key outside the notation box
  and the legal-move list;
- a resigned game's end screen names the winner, and its stats do not file it as a draw;
- a game started in French continues in English, and the store keeps no French.

The table's frame (buttons, hint box, status line) is the shared part's (``table.html``)
and is scanned by its own tests.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solotable.web.app import create_app
from tests.web import visible_text
from tests.web.serving import allow_testserver
from tests.web.test_api import FETCH, _new, _settled, post
from tests.words.pseudo import untranslated


def visible(html: str) -> str:
    """What a player reads, as one line: a phrase may span elements."""
    return visible_text.visible(html, " ")


NOTATION = re.compile(r"\b(?:[CR][RGBY]|N) [A-I][1-9]\b")
INTERNAL = re.compile(
    r"first_player|neutral_first|move_clock|tiebreak|\bcourse\b|supply:|square:|"
    r"city-(?:red|green|blue|yellow)|resource-(?:red|green|blue|yellow)|divercite\.|"
    r"player [01]\b|\bNone\b"
)


@pytest.fixture
def app_client(store: Any) -> Iterator[Any]:
    app = create_app(store, access=allow_testserver(), pseudo=True)
    with TestClient(app, headers={"origin": "http://testserver"}) as c:
        yield c


def _between(html: str, start: str, end: str) -> str:
    i = html.find(start)
    if i < 0:
        return ""
    j = html.find(end, i)
    return html[i : j + len(end)] if j >= 0 else html[i:]


def game_parts(html: str) -> str:
    """The parts of a table fragment that Divercité's page draws or says: the board area
    (board and end screen, without the shared "play again" form), the players' boxes with
    the move count, the log's entries."""
    board = _between(html, '<div class="dv-board-wrap">', "</section>")
    board = board.replace(_between(board, '<form method="post" action="/games"', "</form>"), "")
    side = _between(html, '<div class="dv-side">', '<p class="muted">')
    side += _between(html[html.find('<div class="dv-side">') :], '<p class="muted">', "</p>")
    log = _between(html, '<ol reversed tabindex="0">', "</ol>")
    assert board and side, html[:400]
    return board + side + log


def _moves(html: str) -> list[str]:
    block = re.search(r'<script type="application/json" id="table-data">(.*?)</script>', html)
    assert block, html[:300]
    return [m["n"] for m in json.loads(block.group(1))["moves"]]


def test_a_full_game_in_the_pseudo_locale_shows_only_catalog_words(app_client: Any) -> None:
    c = app_client
    c.cookies.set("lang", "qps")
    url = _new(c, "divercite", level="easy", seat="0")
    rnd = random.Random(5)
    html = _settled(c, url)
    steps = 0
    while True:
        found = untranslated(game_parts(html))
        assert found == [], f"step {steps}: {found[:10]}"
        moves = _moves(html)
        if not moves:
            break
        if steps == 3:
            html = post(c, url, "hint", headers=FETCH).text
            assert untranslated(game_parts(html)) == []
        post(c, url, "move", {"move": rnd.choice(moves)}, headers=FETCH)
        html = _settled(c, url)
        steps += 1
    assert 'class="end-screen"' in html and steps >= 19
    assert "⟦⟦" in game_parts(html)  # nested messages said in the same language


def test_english_pages_show_no_notation_ids_or_option_keys(app_client: Any) -> None:
    c = app_client
    url = _new(c, "divercite", level="easy", seat="0")
    rnd = random.Random(6)
    html = _settled(c, url)
    for step in range(41):
        text = visible(game_parts(html))
        assert not NOTATION.search(text), (step, NOTATION.findall(text))
        assert not INTERNAL.search(text), (step, INTERNAL.findall(text))
        moves = _moves(html)
        if not moves:
            break
        post(c, url, "move", {"move": rnd.choice(moves)}, headers=FETCH)
        html = _settled(c, url)
    assert "White" in visible(game_parts(html)) and "Black" in visible(game_parts(html))
    # The legal-move list keeps the notation (that is what it is for).
    assert "data-move=" in _settled(c, url) or 'class="end-screen"' in html


def test_a_resigned_game_names_its_winner_and_is_not_a_draw(app_client: Any, store: Any) -> None:
    """Issue 21: the end screen read " wins" with no name, and the game was filed as a draw."""
    c = app_client
    url = _new(c, "divercite", level="easy", seat="0")
    _settled(c, url)
    html = post(c, url, "resign", headers=FETCH).text
    end = _between(html, '<div class="end-screen"', "</h2>")
    assert re.search(r"<h2>\s*Black wins\s*</h2>", end), end
    assert "White resigned." in html
    assert '<li class="ev-end">White resigned: Black wins</li>' in html
    row = store.finished("divercite")[0]
    assert row["stats"]["winning seat"] == "unfinished" and not row["won"]
    c.cookies.set("lang", "fr")
    french = c.get(url + "/table").text
    assert re.search(r"<h2>\s*Noir gagne\s*</h2>", french)
    assert "Blanc abandonne." in french


def test_a_game_started_in_french_continues_in_english(app_client: Any, store: Any) -> None:
    c = app_client
    c.cookies.set("lang", "fr")
    url = _new(c, "divercite", level="easy", seat="0")
    html = _settled(c, url)
    assert "Blanc" in visible(game_parts(html))
    for _ in range(3):
        post(c, url, "move", {"move": _moves(html)[0]}, headers=FETCH)
        html = _settled(c, url)
    french = visible(game_parts(html))
    assert "Noir\u00a0: poser une" in french and "Coup 6 sur 41" in french
    game_id = url.rsplit("/", 1)[-1]
    saved = repr(store.load(game_id))  # the row, the moves and the events as stored
    assert "CR " in saved or "RR " in saved or "N " in saved
    assert not re.search(r"Blanc|Noir|poser|cité", saved)
    c.cookies.set("lang", "en")
    english = visible(game_parts(_settled(c, url)))
    assert "Black: place a" in english and "Ply 6 of 41" in english
    post(c, url, "move", {"move": _moves(_settled(c, url))[0]}, headers=FETCH)
    assert "Ply 8 of 41" in visible(game_parts(_settled(c, url)))
