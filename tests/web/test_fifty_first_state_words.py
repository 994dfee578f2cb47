"""51st State's table in words, over HTTP: every word of its board from the catalog (a whole
game in the pseudo-locale), no notation or card id in what a player reads, and a game started
in French that continues and replays in English (records stay language-neutral).

The scans read the parts this game draws (its board and side panel, ``games/
fifty_first_state.html``); the table's shared frame (status line, controls, log) is scanned by
the frame's own tests.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solotable.core.record import replay
from solotable.core.registry import load_game
from solotable.games.fifty_first_state.game import FiftyFirstStateGame
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store
from tests.web.visible_text import visible
from tests.words.pseudo import untranslated

FETCH = {"x-fragment": "1"}
RULES = Path(__file__).resolve().parents[2] / "src/solotable/games/fifty_first_state/rules.md"
FRAME_PARTS = ('<p class="best">', '<form method="post" action="/games" class="play-again">')
"""Pieces of the frame drawn inside the end screen (the best-score line, "play again")."""


@pytest.fixture
def pseudo_client(store: Store) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from solotable.web.app import create_app
    from tests.web.serving import allow_testserver

    app = create_app(store, access=allow_testserver(), pseudo=True)
    with TestClient(app, headers={"origin": "http://testserver"}) as c:
        yield c


def drawn_by_the_game(page: str) -> str:
    """The board and the side panel this game's template draws, without the frame's parts."""
    start = page.index(">", page.index('<section class="board-area"')) + 1
    aside = page.index('<aside class="side"', start)
    side = page.index('<div class="fss-side">', aside)
    ends = [
        page.find(m, side)
        for m in ('<div class="hint"', '<div class="controls">', '<form method="post" action="/g')
    ]
    ends += [page.find('<details class="all-moves">', side), page.find('<section class="log"')]
    mine = page[start:aside] + page[side : min(e for e in ends if e > 0)]
    for part in FRAME_PARTS:
        if part in mine:
            cut = mine.index(part)
            close = "</p>" if part.startswith("<p") else "</form>"
            mine = mine[:cut] + mine[mine.index(close, cut) + len(close) :]
    return mine


def play_through(c: Any, table: Any, seed: int) -> Iterator[str]:
    """Each page of a whole game (every decision and the end), moves chosen at random with a
    preference for building, dealing and using cards (so the table fills up)."""
    session = table.session
    rng = random.Random(seed)
    while True:
        yield c.get(f"/games/{table.id}").text
        moves = session.legal_moves(0)
        if not moves:
            return
        busy = [m for m in moves if m[1] != "pass"] or moves
        session.play(0, rng.choice(busy if rng.random() < 0.85 else moves)[0])


def test_a_whole_game_in_the_pseudo_locale_shows_only_catalog_words(pseudo_client: Any) -> None:
    c = pseudo_client
    c.cookies.set("lang", "qps")
    table = c.app.state.tables.start("51st-state", {"faction": "random"}, [Seat()], seed=5)
    pages = 0
    for page in play_through(c, table, 5):
        stray = untranslated(drawn_by_the_game(page))
        assert stray == [], f"page {pages}: {stray[:8]}"
        pages += 1
    assert pages > 60 and table.session.is_over()
    end = drawn_by_the_game(c.get(f"/games/{table.id}").text)
    assert 'class="end-screen"' in end and untranslated(end) == []


def test_no_notation_or_card_id_is_read_outside_the_notation_tools(client: Any) -> None:
    game = load_game("51st-state", faction="random")
    assert isinstance(game, FiftyFirstStateGame)
    ids = [cid for cid in (*game.cards.ids, *game.cards.conn_ids) if "-" in cid]
    table = client.app.state.tables.start("51st-state", {"faction": "random"}, [Seat()], seed=9)
    pages = 0
    for page in play_through(client, table, 9):
        text = visible(drawn_by_the_game(page))
        notation = {n for _, n, _ in table.session.legal_moves(0) if " " in n}
        found = [n for n in notation if n in text] + [i for i in ids if i in text]
        assert found == [], f"page {pages}: {found[:5]}"
        assert not re.search(r"\b\d+\.0\b", text), "numbers are shown as the game counts them"
        pages += 1
    assert pages > 60


def test_a_game_started_in_french_continues_and_replays_in_english(
    client: Any, store: Store
) -> None:
    client.cookies.set("lang", "fr")
    r = client.post("/games", data={"game": "51st-state", "opt.faction": "mutants"})
    assert r.status_code == 200 and "Pioche" in r.text and "Votre main" in r.text
    table_id = str(r.url).rstrip("/").rsplit("/", 1)[1]
    table = client.app.state.tables.get(table_id)
    rng = random.Random(3)
    for _ in range(12):
        page = client.get(f"/games/{table_id}/table").text
        at = re.search(r'data-version="([^"]+)"', page)
        assert at is not None
        notation = rng.choice(table.session.legal_moves(0))[1]
        posted = client.post(
            f"/games/{table_id}/move",
            data={"move": notation, "version": at.group(1)},
            headers=FETCH,
        )
        assert posted.status_code == 200
    saved = store.load(table_id)
    stored = repr((saved.row, [m.action for m in saved.moves], [e.text for e in saved.events]))
    for french in ("Pioche", "garder", "Réserve", "travailleur", "tour ", "coopér"):
        assert french not in stored, f"the store keeps French words: {french!r}"
    client.cookies.set("lang", "en")
    page = client.get(f"/games/{table_id}").text
    assert "Your hand" in page and "Supply" in page and "Votre main" not in page
    resumed = GameSession.resume(store, table_id)
    assert resumed.ply == table.session.ply
    assert resumed.observation(0) == table.session.observation(0)
    record = resumed.record(reveal=True)
    assert replay(record, check_result=False).observation(0) == table.session.observation(0)
    resumed.play(0, resumed.legal_moves(0)[0][0])
    assert resumed.ply > table.session.ply  # the move, then any chance that follows


def test_the_rules_page_reads_in_french_block_by_block(client: Any) -> None:
    from solotable.words import words
    from solotable.words.extract import markdown_blocks

    source = RULES.read_text("utf-8")
    fr = words("fr").game("51st-state")
    same = [b for _, b in markdown_blocks(source) if fr._(b) == b]
    assert same == ["`pass`.", "Notation"], "every block but a command and a same word has French"
    client.cookies.set("lang", "fr")
    page = client.get("/rules/51st-state").text
    assert "<h2>But du jeu</h2>" in page and "<h2>Un tour</h2>" in page
    assert "Jouez 6 tours seul" in page and "Play 6 rounds alone" not in page
    client.cookies.set("lang", "en")
    assert "Play 6 rounds alone" in client.get("/rules/51st-state").text
