"""Choosing the web table's language: the header's switch, the store, ``Accept-Language``.

The order is the ``lang`` cookie (set by the switch), then the language the store remembers
(the switch writes it too), then the browser's ``Accept-Language``, then English; pages say
which in ``<html lang>``. The language is only how things are said: a game started in French
continues in English, and the store keeps the same data whatever the language.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solotable.web.app import create_app
from tests.web.serving import allow_testserver

ORIGIN = {"origin": "http://testserver"}
FRENCH_LOBBY = "Choisissez un jeu, prenez place"
ENGLISH_LOBBY = "Pick a game, take a seat"


def html_lang(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', html)
    assert found, html[:200]
    return found.group(1)


def fresh(store: Any) -> TestClient:
    return TestClient(create_app(store, access=allow_testserver()), headers=ORIGIN)


def settled(client: TestClient, url: str) -> str:
    for _ in range(400):
        html = client.get(url + "/table").text
        if 'data-thinking="false"' in html:
            return html
        time.sleep(0.05)
    raise AssertionError("the AI never finished")


def version(html: str) -> str:
    found = re.search(r'data-version="([^"]+)"', html)
    assert found
    return found.group(1)


def moves(html: str) -> list[str]:
    return re.findall(r'data-move="([^"]+)"', html)


# -- the switch ----------------------------------------------------------------------------------
def test_the_switch_sets_the_cookie_remembers_it_and_the_next_page_is_french(store) -> None:
    with fresh(store) as c:
        assert html_lang(c.get("/").text) == "en"
        r = c.post("/lang", data={"lang": "fr", "next": "/rules/divercite"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/rules/divercite"
        cookie = r.headers["set-cookie"]
        assert (
            cookie.startswith("lang=fr;") and "HttpOnly" in cookie and "SameSite=strict" in cookie
        )
        assert store.preference("lang") == "fr"
        page = c.get(r.headers["location"]).text  # the cookie goes with it
        assert html_lang(page) == "fr" and "Accueil" in page
        lobby = c.get("/").text
        assert html_lang(lobby) == "fr" and FRENCH_LOBBY in lobby
        assert c.post("/lang", data={"lang": "en"}).status_code == 200  # back to the lobby
        assert ENGLISH_LOBBY in c.get("/").text and store.preference("lang") == "en"


@pytest.mark.parametrize(
    "target",
    ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", ""],
)
def test_next_cannot_leave_the_table(store, target: str) -> None:
    with fresh(store) as c:
        r = c.post("/lang", data={"lang": "fr", "next": target}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/"


def test_the_switch_refuses_an_unknown_language_and_another_site(store) -> None:
    with fresh(store) as c:
        r = c.post("/lang", data={"lang": "xx"})
        assert r.status_code == 400 and "unknown language" in r.text
        r = c.post("/lang", data={"lang": "fr"}, headers={"origin": "http://evil.example"})
        assert r.status_code == 403 and "set-cookie" not in r.headers
    assert store.preference("lang") is None


# -- the order: cookie, store, Accept-Language ---------------------------------------------------
@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("fr-CA,fr;q=0.9,en;q=0.8", "fr"),
        ("de-DE, en;q=0.5", "en"),
        ("de", "en"),
        ("en;q=0.5, fr;q=0.8", "fr"),
        ("fr;q=0, en", "en"),
        ("", "en"),
    ],
)
def test_accept_language_chooses_without_cookie_or_store(store, header: str, lang: str) -> None:
    with fresh(store) as c:
        page = c.get("/", headers={"accept-language": header}).text
    assert html_lang(page) == lang
    assert (FRENCH_LOBBY if lang == "fr" else ENGLISH_LOBBY) in page


def test_the_cookie_wins_over_the_store_which_wins_over_the_header(store) -> None:
    french = {"accept-language": "fr"}
    with fresh(store) as c:
        store.set_preference("lang", "en")
        assert html_lang(c.get("/", headers=french).text) == "en"  # the store over the header
        store.set_preference("lang", "fr")
        assert html_lang(c.get("/", headers={"accept-language": "en"}).text) == "fr"
        c.cookies.set("lang", "en")
        assert html_lang(c.get("/", headers=french).text) == "en"  # the cookie over both
        c.cookies.set("lang", "qps")  # the pseudo-locale is for tests made with pseudo=True
        assert html_lang(c.get("/", headers=french).text) == "fr"


def test_pages_without_a_store_speak_the_request_language(store) -> None:
    """The guard's refusals run before the app: the cookie, else Accept-Language."""
    with fresh(store) as c:
        wrong_host = {"host": "evil.example", "accept-language": "fr"}
        r = c.get("/", headers=wrong_host)
        assert r.status_code == 400 and html_lang(r.text) == "fr"
        assert "Cette table ne répond qu’à l’adresse" in r.text
        r = c.get("/nowhere", headers={"accept-language": "fr"})
        assert r.status_code == 404 and "Il n’y a pas de page à cette adresse." in r.text
        c.cookies.set("lang", "fr")
        r = c.post("/games/x/move", headers={"origin": "http://evil.example"})
        assert r.status_code == 403 and "ne vient pas de la page de solotable" in r.text
        c.cookies.set("lang", "en")
        r = c.get("/", headers=wrong_host)
        assert html_lang(r.text) == "en" and "answers only at the address" in r.text


# -- a game in French goes on in English; the store keeps no words -------------------------------
def test_a_game_started_in_french_continues_in_english(store) -> None:
    with fresh(store) as c:
        c.cookies.set("lang", "fr")
        r = c.post("/games", data={"game": "divercite", "level": "easy"}, follow_redirects=False)
        url = r.headers["location"]
        html = settled(c, url)
        assert "À vous de jouer." in html and "Journal" in html
        c.post(url + "/move", data={"move": moves(html)[0], "version": version(html)})
        html = settled(c, url)
        r = c.post(url + "/hint", data={"version": version(html)}, headers={"x-fragment": "1"})
        assert "Conseil" in r.text and "meilleure réponse de" in r.text
        assert c.post("/lang", data={"lang": "en", "next": url}).status_code == 200
        page = c.get(url).text
        assert html_lang(page) == "en" and "Your move." in page and "Log" in page
        assert "best reply afterwards" in page  # the hint asked in French, said in English
        html = settled(c, url)
        r = c.post(url + "/move", data={"move": moves(html)[0], "version": version(html)})
        assert r.status_code == 200
        assert "Journal" not in c.get(url).text


def _played(store: Any, lang: str) -> dict[str, Any]:
    """One Divercité game with the same seed and moves, played through a page in ``lang``:
    what the store keeps of it."""
    from solotable.session.session import Seat

    with fresh(store) as c:
        c.cookies.set("lang", lang)
        table = c.app.state.tables.start("divercite", {}, [Seat(), Seat("easy")], seed=7)
        url = f"/games/{table.id}"
        for _ in range(3):
            html = settled(c, url)
            c.post(url + "/hint", data={"version": version(html)})
            html = settled(c, url)
            c.post(url + "/move", data={"move": moves(html)[0], "version": version(html)})
        c.post(url + "/resign", data={"version": version(settled(c, url))})
        stored = store.load(table.id)
    row = {k: v for k, v in stored.row.items() if k not in ("id", "started", "updated", "ended")}
    row.pop("sealed")
    return {
        "row": row,
        "moves": [(m.ply, m.action, m.who, m.hinted) for m in stored.moves],
        "events": [(e.kind, e.player, e.text, dict(e.data)) for e in stored.events],
    }


def test_the_store_keeps_the_same_data_in_any_language(store) -> None:
    french, english = _played(store, "fr"), _played(store, "en")
    assert french == english
    assert french["moves"] and french["events"]


# -- refusals are said in the page's language ----------------------------------------------------
def test_the_master_level_is_played_and_named_in_words(store) -> None:
    """Issue 25: the lobby's new top level starts a game against ``master``, named in the
    page's language at the table."""
    for lang, named in (("fr", "IA, maître"), ("en", "AI, master")):
        with fresh(store) as c:
            c.cookies.set("lang", lang)
            data = {"game": "divercite", "level": "master"}
            r = c.post("/games", data=data, follow_redirects=False)
            assert r.status_code in (302, 303), r.text
            assert named in settled(c, r.headers["location"])


def test_the_lobby_and_table_refuse_in_the_pages_language(store) -> None:
    with fresh(store) as c:
        c.cookies.set("lang", "fr")
        r = c.post("/games", data={"game": "divercite", "level": "godlike"})
        assert r.status_code == 400
        said = "doit être facile, moyen, difficile, expert ou maître, et non «\u00a0godlike\u00a0»"
        assert said in r.text
        r = c.post("/games", data={"game": "divercite", "level": "easy"}, follow_redirects=False)
        url = r.headers["location"]
        html = settled(c, url)
        data = {"move": "x1", "by": "id", "version": version(html)}
        r = c.post(url + "/move", data=data, headers={"x-fragment": "1"})
        assert r.status_code == 422 and "par son numéro" in r.text and "move id" not in r.text
        c.cookies.set("lang", "en")
        r = c.post("/games", data={"game": "divercite", "level": "godlike"})
        assert (
            "AI level must be easy, medium, hard, expert, or master, not &#39;godlike&#39;"
            in r.text
        )


def test_an_ai_that_fails_is_said_in_words_not_its_exception(store, monkeypatch) -> None:
    """An agent's exception is a developer's English (maybe internals): the log keeps it."""
    from solotable.session.session import Seat

    def broken() -> None:
        raise RuntimeError("internal: agent blew up at node 1234")

    with fresh(store) as c:
        c.cookies.set("lang", "fr")
        table = c.app.state.tables.start("divercite", {}, [Seat(), Seat("easy")], seed=3)
        url = f"/games/{table.id}"
        html = settled(c, url)
        monkeypatch.setattr(table.session, "step_agent", broken)
        c.post(url + "/move", data={"move": moves(html)[0], "version": version(html)})
        html = settled(c, url)
        assert "l’IA n’a pas pu jouer (une erreur de son programme" in html
        assert "blew up" not in html and "RuntimeError" not in html


@pytest.mark.parametrize(
    ("game", "seats", "french", "english"),
    [
        ("divercite", ("", "easy"), "d’avance à la fin", "ahead at the end"),
        ("dice-miner", ("",), "score final d’environ", "final score about"),
    ],
)
def test_a_hints_best_moves_are_valued_and_explained_in_the_pages_words(
    store, game: str, seats: tuple[str, ...], french: str, english: str
) -> None:
    """The search's best moves: their value in the player's words and numbers (0,8, not
    0.8 in French), their reason a message said in the page's language (Divercité: the
    table's own; a solo game: the sampled search's, in game terms), never English in a
    French page."""
    from solotable.session.session import Seat

    with fresh(store) as c:
        c.cookies.set("lang", "fr")
        table = c.app.state.tables.start(game, {}, [Seat(s or None) for s in seats], seed=5)
        url = f"/games/{table.id}"
        c.post(url + "/hint", data={"version": version(settled(c, url))})
        said = {}
        for lang in ("fr", "en"):
            c.cookies.set("lang", lang)
            found = re.search(r'<ol class="candidates">(.*?)</ol>', settled(c, url), re.S)
            assert found, f"no best moves shown ({lang})"
            said[lang] = found.group(1)
    assert said["fr"].count("<li>") > 1 and said["fr"].count(french) == said["fr"].count("<li>")
    assert said["en"].count(english) == said["en"].count("<li>")
    for english_words in ("best reply:", "final score ≈", "deals", "net)", "against"):
        assert english_words not in said["fr"]
    if game == "divercite":  # the table's own reasons, not the search's terminal prose
        for agent_prose in ("best reply:", "net)"):
            assert agent_prose not in said["en"]
    else:  # a solo game's search explains itself in game terms, in the page's language
        assert "donnes" in said["fr"] and "deals" in said["en"]
    assert re.search(r"\d\.\d", said["fr"]) is None, "French writes 0,8"
