"""Dice Miner's web table and issue 21: every word of the game's page from the catalog (the
pseudo-locale run), no notation, ids or option keys on it, French from the catalog, and a game
started in French that continues and replays in English."""

from __future__ import annotations

import html as htmlmod
import json
import random
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solotable.session.session import GameSession
from solotable.web.app import create_app
from tests.web.serving import allow_testserver
from tests.words.pseudo import untranslated

GAME_PARTS = ("board-area", "dm-side", "ev-beer", "ev-fill", "ev-roll", "ev-over")
"""The page's parts that Dice Miner draws: the board and end screen, the side panel, and the
log lines of the game's own events (the table's frame, moves and results are the shell's)."""
NOT_OURS = ("best", "play-again")
"""Inside the end screen, the best-score line and the play-again form belong to the frame."""
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Parts(HTMLParser):
    """The HTML of every element whose class list names one of ``classes`` (re-emitted)."""

    def __init__(self, classes: tuple[str, ...], skip: tuple[str, ...] = NOT_OURS) -> None:
        super().__init__(convert_charrefs=True)
        self.classes = set(classes)
        self.skip = set(skip)
        self.depth = 0
        self.skipping = 0
        self.out: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = set((dict(attrs).get("class") or "").split())
        void = tag in VOID
        if self.depth and not self.skipping and names & self.skip:
            self.skipping = 1 if not void else 0
        elif self.skipping and not void:
            self.skipping += 1
        if self.depth or names & self.classes:
            if not self.skipping:
                # The part's own element may be the frame's (its label is not ours): children only.
                self.out.append(self.get_starttag_text() or "" if self.depth else f"<{tag}>")
            if not void:
                self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if not self.depth or tag in VOID:
            return
        if self.skipping:
            self.skipping -= 1
        else:
            self.out.append(f"</{tag}>")
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skipping:
            self.out.append(htmlmod.escape(data, quote=False))


def game_parts(page: str) -> str:
    p = Parts(GAME_PARTS)
    p.feed(page)
    p.close()
    return "".join(p.out)


def visible_text(fragment: str) -> str:
    """Text nodes and the attributes a player reads (tooltips, screen-reader labels)."""

    class Text(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.parts: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            for name, value in attrs:
                if name in ("title", "aria-label", "alt", "placeholder") and value:
                    self.parts.append(value)

        def handle_data(self, data: str) -> None:
            self.parts.append(data)

    t = Text()
    t.feed(fragment)
    return " ".join(t.parts)


FACE_LABEL = re.compile(
    r"\b(?:n[1-5]|gem\d|magic\d|dragon\d|cavein\d|shield\d|pickaxe\d|chest\d)\b"
)
INTERNAL = re.compile(r"dice-miner\.|\bslot:|\bmagic:|\bband:|\bmagic_dice\b|\bhazard\b|#\d")


def engine_words(text: str, notations: list[str]) -> list[str]:
    """Notation, face labels, internal ids and option keys found in ``text``."""
    found = [n for n in notations if " " in n and n in text]
    found += FACE_LABEL.findall(text) + INTERNAL.findall(text)
    return found


@pytest.fixture
def app_client(store: Any) -> Iterator[TestClient]:
    app = create_app(store, access=allow_testserver(), pseudo=True)
    with TestClient(app, headers={"origin": "http://testserver"}) as c:
        yield c


def _version(page: str) -> str:
    found = re.search(r'data-version="([^"]+)"', page)
    assert found, page[:300]
    return found.group(1)


def _moves(page: str) -> list[str]:
    found = re.search(r'<script type="application/json" id="table-data">(.*?)</script>', page)
    assert found
    return [m["n"] for m in json.loads(htmlmod.unescape(found.group(1)))["moves"]]


def play_to_the_end(
    client: TestClient, seed: int, limit: int = 400
) -> Iterator[tuple[str, list[str]]]:
    """A whole Dice Miner game through HTTP: each table fragment and its legal moves."""
    r = client.post("/games", data={"game": "dice-miner"}, follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    url = str(r.headers["location"])
    rng = random.Random(seed)
    for _ in range(limit):
        page = client.get(url + "/table").text
        moves = _moves(page)
        yield page, moves
        if not moves:
            return
        # Dig as a player would (take, else spend, else refill) so that the game fills the
        # collection, refills the mountain and ends by itself.
        move = "stop"
        for verbs in (("take", "face", "recycle"), ("spend",), ("refill",)):
            some = [m for m in moves if m.startswith(verbs)]
            if some:
                move = rng.choice(some)
                break
        r = client.post(url + "/move", data={"move": move, "version": _version(page)})
        assert r.status_code in (200, 303), r.text[:300]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [1, 2])
def test_every_word_of_the_dice_miner_page_comes_from_the_catalog(app_client, seed) -> None:
    """The pseudo-locale run: every visible word of the game's parts, at every step of a full
    game, sits inside ⟦ ⟧ (slot names like c2 are single letters and numbers)."""
    app_client.cookies.set("lang", "qps")
    steps = 0
    for page, _moves_now in play_to_the_end(app_client, seed):
        ours = game_parts(page)
        assert "dm-wrap" in ours and "dm-score" in ours
        assert untranslated(ours) == [], untranslated(ours)
        steps += 1
    assert "end-screen" in ours and 'class="ev-over"' in page and steps > 10


def test_the_part_scanner_finds_a_stray_word() -> None:
    """The scan above can fail: an English word outside ⟦ ⟧ in the game's parts is found, the
    frame's own parts are not ours to judge."""
    page = (
        '<div class="dm-side"><h3>⟦Tools⟧</h3><p>Bag</p></div>'
        '<div class="status">Your move.</div>'
        '<section class="board-area"><div class="end-screen"><p class="best">New best</p>'
        "<h2>⟦points⟧</h2></div></section>"
    )
    assert untranslated(game_parts(page)) == ["p: Bag"]


def test_the_english_page_shows_no_notation_ids_or_option_keys(client) -> None:
    steps = 0
    for page, moves in play_to_the_end(client, 3):
        text = visible_text(game_parts(page))
        assert engine_words(text, moves) == [], text
        steps += 1
    assert steps > 10
    assert engine_words("take the Tunnel die (3) on a1", ["take a1"]) == []
    assert engine_words("take a1 · gem3 · magic_dice", ["take a1"]) == [
        "take a1",
        "gem3",
        "magic_dice",
    ]


def test_the_french_page_says_the_table_in_french(app_client) -> None:
    app_client.cookies.set("lang", "fr")
    pages = [page for page, _ in play_to_the_end(app_client, 4)]
    first = visible_text(game_parts(next(p for p in pages if 'class="ev-fill"' in p)))
    for words in ("Remplissages restants", "Votre collection", "Dés Magie", "au sommet"):
        assert words in first, first
    assert "la montagne est remplie" in first
    end = visible_text(game_parts(pages[-1]))
    assert "Dangers neutralisés" in end and "Total" in end
    for english in ("Refills left", "Your collection", "Click a highlighted", "Neutralised"):
        assert english not in first + end


def test_a_game_started_in_french_continues_and_replays_in_english(app_client, store) -> None:
    app_client.cookies.set("lang", "fr")
    r = app_client.post("/games", data={"game": "dice-miner"}, follow_redirects=False)
    url = str(r.headers["location"])
    for _ in range(4):
        page = app_client.get(url + "/table").text
        assert "Remplissages restants" in page
        moves = _moves(page)
        app_client.post(url + "/move", data={"move": moves[0], "version": _version(page)})
    app_client.cookies.set("lang", "en")
    page = app_client.get(url + "/table").text
    assert "Refills left" in page and "Remplissages" not in page
    assert "the mountain is filled" in page
    game_id = store.last_unfinished("dice-miner")
    saved = store.load(game_id)
    stored = json.dumps([saved.row, [e.to_dict() for e in saved.events]], ensure_ascii=False)
    for french in ("dé ", "montagne", "Remplissage", "Bière", "Désastre", "Trésor", "\u00a0:"):
        assert french not in stored, french
    resumed = GameSession.resume(store, game_id, agents=False)
    assert len(resumed.state.history) >= 4 + 20  # our moves and the dice poured
    page = app_client.get(url + "/table").text
    assert _moves(page) == [n for _, n, _ in resumed.legal_moves(0)]
