"""Mini DiverCity's table in words (issue 21): a full game in the pseudo-locale with every
word from a catalog, pages free of notation and internal ids, distinct token marks, French on
the table, and a game started in French that continues and replays in English.

The scans cover what this game draws — its board, its side panel, its end screen and the
events of its own kinds; the table's frame (header, legal-move list, core events) is the
shell's and is checked there.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from rich.console import Console

from solotable.core.registry import load_game
from solotable.core.rng import Rng
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store
from solotable.web.app import create_app
from solotable.words import words
from tests.web.serving import allow_testserver
from tests.words.pseudo import stray_words, untranslated

GAME = "mini-divercity"
ORIGIN = {"origin": "http://testserver", "x-fragment": "1"}
ROOTS = ("mdc", "mdc-side", "mdc-end")
"""The outermost elements of this game's template: board, side panel, end screen."""
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
CORE_EVENTS = {"move", "chance", "end", "resign", "score", "round", "phase", "hidden", "undo"}


class _Parts(HTMLParser):
    """The HTML of this game's own elements, and of the log items of its event kinds."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.depth = 0
        self.buf: list[str] = []
        self.out: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        text = self.get_starttag_text() or ""
        classes = (dict(attrs).get("class") or "").split()
        if self.depth == 0:
            mine = any(c in ROOTS for c in classes)
            event = tag == "li" and any(
                c.startswith("ev-") and c[3:] not in CORE_EVENTS for c in classes
            )
            if not (mine or event):
                return
            self.buf = []
        self.buf.append(text)
        if tag not in VOID:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.buf.append(f"</{tag}>")
            self.depth -= 1
            if self.depth == 0:
                self.out.append("".join(self.buf))

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.buf.append(data)

    def handle_entityref(self, name: str) -> None:
        if self.depth:
            self.buf.append(f"&{name};")

    def handle_charref(self, name: str) -> None:
        if self.depth:
            self.buf.append(f"&#{name};")


SHARED_FORM = re.compile(r'<form[^>]*class="play-again".*?</form>', re.S)
"""The end screen's "play again" form is the shell's (``play_again.html``)."""


def parts(html: str) -> list[str]:
    p = _Parts()
    p.feed(html)
    return [SHARED_FORM.sub("", part) for part in p.out]


def _version(html: str) -> str:
    m = re.search(r'data-version="([^"]*)"', html)
    assert m is not None
    return m.group(1)


def play_through_the_web(
    tmp_path: Path, lang: str, seed: int, *, moves: int = 400, resign_at: int | None = None
) -> Iterator[tuple[str, GameSession]]:
    """A whole game on the web table in ``lang``: every page after every move, in order."""
    store = Store(tmp_path / f"{lang}-{seed}.db")
    app = create_app(store, access=allow_testserver(), pseudo=True)
    try:
        table = app.state.tables.start(GAME, {}, [Seat()], seed=seed)
        rnd = Rng(seed)
        with TestClient(app, headers={"origin": "http://testserver"}) as c:
            c.cookies.set("lang", lang)
            html = c.get(f"/games/{table.id}").text
            for n in range(moves):
                yield html, table.session
                if table.session.is_over():
                    return
                legal = [m for _, m, _ in table.session.legal_moves(0) if m != "resign"]
                move = "resign" if n == resign_at else rnd.choice(legal)
                r = c.post(
                    f"/games/{table.id}/move",
                    data={"move": move, "version": _version(html)},
                    headers=ORIGIN,
                )
                assert r.status_code == 200, r.text[-500:]
                html = c.get(f"/games/{table.id}").text
            raise AssertionError("the game should have ended")
    finally:
        store.close()


def _plain(markup: str) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(markup)
    return console.export_text()


@pytest.mark.parametrize("seed", [3, 8])
def test_a_full_game_in_the_pseudo_locale_shows_only_catalog_words(tmp_path: Path, seed: int):
    """Web table (every page) and terminal view (every step): each visible word of this game's
    parts came through a catalog (wrapped in ⟦ ⟧ in the pseudo-locale ``qps``)."""
    game = load_game(GAME)
    qps = words("qps")
    pages = 0
    for html, session in play_through_the_web(tmp_path, "qps", seed):
        mine = parts(html)
        assert mine, "the board is on the page"
        for part in mine:
            assert untranslated(part) == []
        text = _plain(qps.render(game, session.observation(0)))
        assert stray_words(text) == [], text
        pages += 1
    assert session.is_over() and pages > 10
    assert 'class="end-screen mdc-end' in html


def test_the_pseudo_scan_notices_a_word_outside_the_catalog(tmp_path: Path):
    """The scan above can fail: English written straight into the page is reported."""
    html, _ = next(play_through_the_web(tmp_path, "qps", 3))
    broken = html.replace('<div class="mdc">', '<div class="mdc"><p>Hello divers</p>', 1)
    assert any(untranslated(p) for p in parts(broken))


# -- no notation, ids or option keys where a player reads -----------------------------------


class _Visible(HTMLParser):
    """Text a player reads: text nodes and title/aria-label, outside ``translate="no"``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skip: list[bool] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        skip = (self.skip and self.skip[-1]) or a.get("translate") == "no" or tag == "script"
        if not skip:
            self.text += [a.get(k) or "" for k in ("title", "aria-label", "alt", "placeholder")]
        if tag not in VOID:
            self.skip.append(bool(skip))

    def handle_endtag(self, tag: str) -> None:
        if self.skip:
            self.skip.pop()

    def handle_data(self, data: str) -> None:
        if not (self.skip and self.skip[-1]):
            self.text.append(data)


def visible(html: str) -> str:
    v = _Visible()
    v.feed(html)
    return " ".join(v.text)


def forbidden() -> set[str]:
    """Notation, internal ids and option keys of the game (none is an English word)."""
    game = load_game(GAME)
    state = game.new_initial_state(0)
    notation = {state.action_to_string(a) for a in range(game.num_distinct_actions())}
    ids = {c["id"] for c in game.card_catalog() if c["type"] == "corporation"}
    ids |= {"porcupinefish", "hammerhead", "manta", "turtle", "communications", "endurance"}
    # Keys with an underscore can only come from the engine; the deck options' keys
    # ("species", "corporations") are also ordinary words of the table.
    options = {s.name for s in game.info.options if "_" in s.name}
    return {n for n in notation if ":" in n or n in ("noswap", "nopeek")} | ids | options


def leaks(html: str) -> list[str]:
    bad = forbidden()
    found: list[str] = []
    for part in parts(html):
        tokens = re.findall(r"[\w:-]+", visible(part))
        found += [t for t in tokens if t in bad]
    return found


def test_pages_show_no_notation_ids_or_option_keys(tmp_path: Path):
    """Issue 21: the prompt showed notation ("explore, close:COLOUR:SLOT, id:SLOT") and the
    log internal ids ("dyn-hotels-orange-purple"); the page says both in words."""
    seen_corporations = 0
    for html, session in play_through_the_web(tmp_path, "en", 4):
        assert leaks(html) == []
        seen_corporations += sum(1 for e in session.observation(0)["log"] if "card" in e)
        prompt = re.search(r'id="mdc-prompt-text"[^>]*>([^<]*)<', html)
        if prompt is not None:
            assert ":" not in prompt.group(1).replace(": ", " ")
    assert seen_corporations > 0


def test_the_leak_scan_notices_notation_and_ids():
    html = '<div class="mdc"><p>explore, close:COLOUR:SLOT, id:l1</p>'
    html += "<p>dyn-hotels-orange-purple</p>"
    html += '<p translate="no">close:red:l1</p><p title="save_goal">x</p></div>'
    assert leaks(html) == ["id:l1", "dyn-hotels-orange-purple", "save_goal"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_token_and_island_marks_are_all_different(tmp_path: Path, lang: str):
    """Issue 21: the orange Island, the Octopus and the Oyster all showed "O"."""
    html, _ = next(play_through_the_web(tmp_path, lang, 2))
    tokens = re.findall(r'<span class="token hue-\d+">([^<]+)</span>', html)
    chips = re.findall(
        r'<div class="isle c-\w+[^"]*"[^>]*>\s*<span class="chip c-\w+">([^<]+)</span>', html
    )
    assert len(tokens) == 12 and len(chips) == 6
    assert len(set(tokens + chips)) == 18, tokens + chips
    if lang == "en":
        assert {"Oc", "Oy", "Or"} <= set(tokens + chips)


# -- French, and language-neutral records -----------------------------------------------------


def test_the_table_speaks_french(tmp_path: Path):
    pages = [html for html, _ in play_through_the_web(tmp_path, "fr", 6, resign_at=6)]
    first, html = "".join(parts(pages[0])), pages[-1]
    assert "Échelle des espèces" in first and "Plongeurs" in first and "Lagon" in first
    end = "".join(parts(html))
    assert "✘ Défaite" in end and "Perdu\u00a0: abandon" in end


def test_a_game_started_in_french_continues_and_replays_in_english(tmp_path: Path):
    """Records, saves and the store keep ids and notation, never words."""
    store_path = tmp_path / "fr.db"
    store = Store(store_path)
    app = create_app(store, access=allow_testserver())
    with TestClient(app, headers={"origin": "http://testserver"}) as c:
        c.cookies.set("lang", "fr")
        r = c.post("/games", data={"game": GAME}, headers={"origin": "http://testserver"})
        assert r.status_code in (200, 303)
        table_id = str(r.url).rstrip("/").rsplit("/", 1)[-1]
        html = c.get(f"/games/{table_id}").text
        assert "Échelle des espèces" in html
        session = app.state.tables.get(table_id).session
        rnd = Rng(9)
        for _ in range(8):
            legal = [m for _, m, _ in session.legal_moves(0) if m != "resign"]
            r = c.post(
                f"/games/{table_id}/move",
                data={"move": rnd.choice(legal), "version": _version(html)},
                headers=ORIGIN,
            )
            html = c.get(f"/games/{table_id}").text
        c.cookies.set("lang", "en")
        english = c.get(f"/games/{table_id}").text
        assert "Species scale" in english and "Échelle" not in english
    store.close()
    with sqlite3.connect(store_path) as db:
        dump = "\n".join(db.iterdump())
    for french in ("Île", "Plongeur", "espèce", "Capitaine", "défausse", "Lagon"):
        assert french not in dump
    store = Store(store_path)
    try:
        resumed = GameSession.resume(store, table_id)
        mine = [e for e in resumed.events if e.kind not in CORE_EVENTS]
        assert mine and all(e.text == "" for e in mine)
        assert any("Corporations: " in words("en").event(GAME, e) for e in mine)
        assert resumed.observation(0) == session.observation(0)
    finally:
        store.close()
