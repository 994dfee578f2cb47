"""The web table in the pseudo-locale: every word a player reads comes through a catalog.

With the ``lang=qps`` cookie every catalog string is wrapped in ⟦ ⟧ (``words.catalog``), so a
word outside the brackets did not come through a catalog. The frame (lobby, rules pages, error
and refusal pages, the table around a game) is checked strictly on the worded toy game, whose
own words are all in the catalog, and on each of the four games played to its end. A second
scan, in English, looks for notation, internal ids and option keys outside the notation
tools (``translate="no"``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import solotable.web
from solotable.core.registry import game_class
from tests.words.pseudo import css_words, engine_words, template_styles, untranslated
from tests.words.web_table import (
    GAMES,
    each_game,
    notations,
    pages_of_a_game,
    play_to_the_end,
    settled,
    start,
    table_app,
)

LONG = {"opt.target": "60", "opt.skipping": "true"}
"""A worded toy race long enough for a few moves and a hint (skipping allowed: every turn is
a choice, none is played for the human)."""


def option_keys() -> list[str]:
    """Every option key of every game (``magic_dice``): never shown to a player."""
    return sorted({s.name for g in GAMES for s in game_class(g).info.options if "_" in s.name})


# -- the lobby -----------------------------------------------------------------------------------
def _lobby_with_history(store, worded: str) -> str:
    """The lobby in qps with one finished and one unfinished game of the worded toy."""
    with table_app(store, "qps") as c:
        url = start(c, worded, **{"opt.target": "5", "opt.mode": "fast", "seat": "1"})
        c.post(url + "/resign", data={"version": _version(c, url)})
        start(c, worded, preset="long")
        return c.get("/").text


def _version(c, url: str) -> str:
    from tests.words.web_table import settled, version

    return version(settled(c, url))


def test_lobby_frame_is_all_catalog(store, worded) -> None:
    html = _lobby_with_history(store, worded)
    assert "⟦" in html
    assert untranslated(html, skip=frozenset({"game-card"})) == []


def test_a_game_card_with_its_words_is_all_catalog(store, worded) -> None:
    html = _lobby_with_history(store, worded)
    card = f"game-{worded}"
    assert f'id="{card}"' in html
    assert untranslated(html, within=card) == []


def test_the_frame_check_fails_on_a_word_outside_the_catalog(store, worded) -> None:
    """The scan can fail: a stray English word in the lobby's frame is found."""
    html = _lobby_with_history(store, worded).replace("</main>", "<p>Stray words</p></main>")
    assert untranslated(html, skip=frozenset({"game-card"})) == ["p: Stray", "p: words"]


@pytest.mark.parametrize("game", each_game())
def test_each_game_card_is_all_catalog(store, game: str) -> None:
    with table_app(store, "qps") as c:
        html = c.get("/").text
    assert untranslated(html, within=f"game-{game}") == []


# -- rules, errors and refusals ------------------------------------------------------------------
def test_rules_page_frame_is_all_catalog(store, worded) -> None:
    with table_app(store, "qps") as c:
        r = c.get(f"/rules/{worded}")
    assert r.status_code == 200 and "<h1>⟦" in r.text
    assert untranslated(r.text) == []


@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_is_all_catalog(store, game: str) -> None:
    with table_app(store, "qps") as c:
        r = c.get(f"/rules/{game}")
    assert r.status_code == 200
    assert untranslated(r.text) == []


def test_error_and_refusal_pages_are_all_catalog(store) -> None:
    with table_app(store, "qps") as c:
        pages = {
            "unknown game rules": c.get("/rules/chess"),
            "unknown table": c.get("/games/not-a-game"),
            "unknown table fragment": c.get("/games/not-a-game/table"),
            "no route": c.get("/nowhere"),
            "wrong method": c.get("/games/not-a-game/move"),
            "wrong host": c.get("/", headers={"host": "evil.example"}),
            "wrong origin": c.post("/games", data={"game": "x"}, headers={"origin": "http://e.x"}),
            "bad game": c.post("/games", data={"game": "nope"}),
            "bad language": c.post("/lang", data={"lang": "xx"}),
            "too large": c.post("/games", content=b"x" * 300_000),
        }
    for what, r in pages.items():
        assert r.status_code >= 400, what
        assert "⟦" in r.text, (what, r.text[:300])
        assert untranslated(r.text, skip=frozenset({"game-card"})) == [], what


# -- the table's frame ---------------------------------------------------------------------------
def test_table_frame_is_all_catalog(store, worded) -> None:
    with table_app(store, "qps") as c:
        pages = pages_of_a_game(c, worded, **LONG)
    assert [p for p, _ in pages] == ["start", "moves", "hint", "end", "lobby"]
    for what, html in pages:  # (the lobby's game cards have their own checks)
        assert untranslated(html, skip=frozenset({"log", "game-card"})) == [], what


def test_table_with_its_log_is_all_catalog(store, worded) -> None:
    with table_app(store, "qps") as c:
        pages = pages_of_a_game(c, worded, **LONG)
    for what, html in pages:
        assert untranslated(html, skip=frozenset({"game-card"})) == [], what


@pytest.mark.parametrize("game", each_game())
def test_each_game_table_is_all_catalog(store, game: str) -> None:
    with table_app(store, "qps") as c:
        pages = pages_of_a_game(c, game)
    for what, html in pages:
        if what == "lobby":  # this game's card; other tests' toy games may be registered
            assert untranslated(html, skip=frozenset({"game-card"})) == [], what
            assert untranslated(html, within=f"game-{game}") == [], what
        else:
            assert untranslated(html) == [], what


# -- the notation box ---------------------------------------------------------------------------
NOTATION_BOX = re.compile(
    r'<details class="notation-box"([^>]*)>\s*<summary>(.*?)</summary>(.*?)</details>', re.S
)


@pytest.mark.parametrize("game", each_game())
def test_each_game_folds_its_notation_box_under_catalog_words(store, game: str) -> None:
    """The box for typing moves is folded away under a "type a move" disclosure, and its
    hint is a catalog sentence, never a move's notation (``CR B8``, ``keep``, ``explorer``)."""
    with table_app(store, "qps") as c:
        url = start(c, game)
        settled(c, url)
        page = c.get(url).text
    legal = notations(page)
    box = NOTATION_BOX.search(page)
    assert box, "no folded notation box"
    attrs, summary, inside = box.groups()
    assert "open" not in attrs.split()
    assert summary.startswith("⟦") and untranslated(f"<p>{summary}</p>") == []
    field = re.search(r'<input id="notation-input"[^>]*>', inside)
    assert field, "the notation field is not in the box"
    hint = re.search(r'placeholder="([^"]*)"', field.group())
    assert hint and hint.group(1).startswith("⟦"), field.group()
    assert hint.group(1) not in legal and untranslated(field.group()) == []


# -- words in the style sheets -------------------------------------------------------------------
WEB = Path(solotable.web.__file__).parent


def test_no_style_sheet_writes_a_word() -> None:
    """A word a style sheet writes (``content: "✔ saved"``) is in no catalog: it stays
    English in French and outside the pseudo-locale's brackets, where the page scan cannot
    see it. Every ``static`` sheet and every template's own styles are read."""
    sheets = sorted((WEB / "static").rglob("*.css"))
    templates = sorted((WEB / "templates").rglob("*.html"))
    assert len(sheets) >= 5 and len(templates) >= 15
    found = [f"{p.relative_to(WEB)}: {w}" for p in sheets for w in css_words(p.read_text())]
    found += [
        f"{p.relative_to(WEB)}: {w}"
        for p in templates
        for w in css_words(template_styles(p.read_text()))
    ]
    assert found == []


def test_the_style_sheet_check_fails_on_a_word() -> None:
    """The check can fail: a word in ``content``, single or double quoted, in a sheet or a
    template's inline style; a symbol, ``attr()`` and other properties pass."""
    sheet = """
    .out::after { content: "out of play"; }  .a::before{content:'✔ saved'}
    .ok::after { content: " ✘"; } .ok2::after { content: attr(data-label); }
    .grid { justify-content: space-between; align-content: start; } /* content: "note" */
    """
    assert css_words(sheet) == ['content: "out of play"', "content: '✔ saved'"]
    page = '<style>.x::after { content: "new" }</style><p style="content: \'hi\'">x</p>'
    assert css_words(template_styles(page)) == ['content: "new"', "content: 'hi'"]


# -- notation, ids and keys ----------------------------------------------------------------------
def test_lobby_shows_no_option_key_or_game_id(store, worded) -> None:
    with table_app(store, "en") as c:
        html = c.get("/").text
    assert 'name="opt.magic_dice"' in html  # the keys are there, for the form only
    names = [*option_keys(), *GAMES, worded]
    assert engine_words(html, names=names) == []


def test_the_page_scan_fails_on_an_option_key(store) -> None:
    with table_app(store, "en") as c:
        html = c.get("/").text.replace("</main>", "<p>set magic_dice to 2</p></main>")
    assert engine_words(html, names=["magic_dice"]) != []


def test_table_frame_shows_no_notation_outside_the_notation_tools(store, worded) -> None:
    with table_app(store, "en") as c:
        pages = pages_of_a_game(c, worded, **LONG)
    for what, html in pages:
        legal = notations(html)
        assert engine_words(html, legal, names=[*option_keys(), worded]) == [], what


@pytest.mark.parametrize("game", each_game())
def test_each_game_table_shows_no_notation_ids_or_keys(store, game: str) -> None:
    with table_app(store, "en") as c:
        pages = pages_of_a_game(c, game)
    for what, html in pages:
        found = engine_words(html, notations(html), names=[*option_keys(), game])
        assert found == [], what


def _refusal_answers(store, worded: str, undo: bool = False) -> dict[str, Any]:
    from tests.words.web_table import settled, version

    with table_app(store, "qps") as c:
        url = start(c, worded, **LONG)
        html = settled(c, url)
        fragment = {"x-fragment": "1"}
        if undo:
            return {
                "undo": c.post(url + "/undo", data={"version": version(html)}, headers=fragment)
            }
        sent = {
            "stale page": {"move": notations(html)[0], "version": "0"},
            "unreadable move": {"move": "fly away", "version": version(html)},
            "empty move": {"move": " ", "version": version(html)},
            "bad move number": {"move": "x", "by": "id", "version": version(html)},
        }
        return {w: c.post(url + "/move", data=d, headers=fragment) for w, d in sent.items()}


def _assert_refusals_said(answers: dict[str, Any]) -> None:
    for what, r in answers.items():
        assert r.status_code in (409, 422), (what, r.status_code)
        text = r.text
        assert 'role="alert">⟦' in text, (what, text[:300])
        assert untranslated(text, skip=frozenset({"log"})) == [], what


def test_table_refusals_are_all_catalog(store, worded) -> None:
    """What the table says when it refuses a move (a stale page, notation it cannot read, an
    empty or a malformed one) comes through the catalog."""
    _assert_refusals_said(_refusal_answers(store, worded))


def test_undo_refusal_is_all_catalog(store, worded) -> None:
    _assert_refusals_said(_refusal_answers(store, worded, undo=True))


def test_a_game_played_to_its_end_is_all_catalog(store, worded) -> None:
    """The end screen of a game that ended by its rules (not resigned): the outcome, the
    status and "play again" come through the catalog."""
    from tests.words.web_table import settled, version

    with table_app(store, "qps") as c:
        url = start(c, worded, **{"opt.target": "3", "opt.skipping": "true"})
        for _ in range(200):
            html = settled(c, url)
            legal = notations(html)
            if 'data-over="true"' in html or not legal:
                break
            c.post(url + "/move", data={"move": legal[0], "version": version(html)})
        page = c.get(url).text
    assert 'data-over="true"' in page and 'class="end-screen"' in page
    assert untranslated(page, skip=frozenset({"log"})) == []


# -- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", each_game())
def test_each_game_played_to_its_end_is_all_catalog(store, game: str) -> None:
    """Every page of a whole game (each move's table, the end screen) in the pseudo-locale."""
    with table_app(store, "qps") as c:
        for i, html in enumerate(play_to_the_end(c, game)):
            assert untranslated(html) == [], f"page {i}"


@pytest.mark.parametrize("game", each_game())
def test_each_game_played_to_its_end_shows_no_notation_ids_or_keys(store, game: str) -> None:
    with table_app(store, "en") as c:
        for i, html in enumerate(play_to_the_end(c, game)):
            found = engine_words(html, notations(html), names=[*option_keys(), game])
            assert found == [], f"page {i}"
