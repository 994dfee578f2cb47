"""51st State in French over HTTP (issue 35): French card names everywhere a French player
reads (the table, the log, the end screen, the lessons), with the English name only in a card
name's tooltip; and a new game's set-up said in one line of the log, not one per card drawn,
naming the very cards the opponent panel shows.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from solotable.core.message import Msg
from solotable.session.session import Seat
from solotable.web import learn
from solotable.words import words
from tests.web.visible_text import read
from tests.words.test_fifty_first_state_card_names import SAME, card_names, french_entries

GAME = "51st-state"


def english_names() -> list[str]:
    """The card names a French player must not read: all but those whose French name is the
    same on purpose (Pub, New York: their catalog comment says so)."""
    entries = french_entries()
    return [
        n
        for n in card_names()
        if not (n in entries and entries[n][0] == n and SAME in " ".join(entries[n][1]))
    ]


ENGLISH = re.compile("|".join(rf"\b{re.escape(n)}\b" for n in english_names()))


@pytest.fixture
def french(client: Any) -> Any:
    client.cookies.set("lang", "fr")
    return client


def whole_game(c: Any, table: Any, seed: int) -> Iterator[str]:
    """Every page of a game to its end screen, moves at random (building preferred)."""
    session = table.session
    rng = random.Random(seed)
    while True:
        yield c.get(f"/games/{table.id}").text
        moves = session.legal_moves(0)
        if not moves:
            return
        busy = [m for m in moves if m[1] != "pass"] or moves
        session.play(0, rng.choice(busy if rng.random() < 0.85 else moves)[0])


def test_the_english_names_to_look_for_are_the_data_files_names() -> None:
    assert ENGLISH.search("Keep Crossroads.") and ENGLISH.search("Abandoned Suburbs ×1")
    assert not ENGLISH.search("Gardez Carrefour.")


def test_a_french_game_and_its_end_screen_name_no_card_in_english(french: Any) -> None:
    table = french.app.state.tables.start(GAME, {"faction": "mutants"}, [Seat()], seed=3)
    pages = list(whole_game(french, table, 3))
    assert len(pages) > 60
    for i, page in enumerate(pages):
        r = read(page)
        found = sorted({m.group(0) for m in ENGLISH.finditer("\n".join(r.read))})
        assert found == [], f"page {i}: English card names {found}"
    end = pages[-1]
    assert 'class="end-screen"' in end and 'class="reveal"' in end
    # the English name is one hover away on the card's name, as "Nom anglais : …"
    tips = read(pages[0]).tips
    assert tips and all(t.startswith("Nom anglais\u00a0: ") for t in tips)
    assert {t.removeprefix("Nom anglais\u00a0: ") for t in tips} <= set(card_names())


def test_the_lessons_name_the_cards_as_the_french_table_does(french: Any) -> None:
    t = learn.tutorial(GAME)
    said = [words("fr").say(Msg(k)) for k in (t.intro, t.end, *(s.say for s in t.steps))]
    found = sorted({m.group(0) for s in said for m in ENGLISH.finditer(s)})
    assert found == []
    names = words("fr").game(GAME)
    assert names.term("Crossroads") in said[2] and names.term("Wrecked Tank") in said[8]
    # the guide over HTTP, at its first step, in French
    r = french.post(f"/learn/{GAME}", follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    url = str(r.headers["location"]).removesuffix("?learn=1")
    guide = french.get(f"{url}/learn").json()
    assert guide["status"] == "step" and names.term("Crossroads") in guide["text"]
    assert not ENGLISH.search(guide["text"])


def _strip(page: str) -> str:
    """The "since your move" strip of a page."""
    section = page[page.index('<section class="since-move"') :]
    return section[: section.index("</section>")]


def _since_move(page: str) -> list[str]:
    section = _strip(page)
    return re.findall(r'<li data-step="\d+" data-seq="\d+" class="step ev-([\w-]+)">', section)


def _log(page: str) -> str:
    return page[page.index('<section class="log"') :]


def test_a_new_french_game_says_its_set_up_in_one_line(french: Any) -> None:
    table = french.app.state.tables.start(GAME, {"faction": "mutants"}, [Seat()], seed=3)
    drawn = sum(1 for e in table.session.events_since(0) if e.kind == "chance")
    assert drawn > 25  # 22 cards revealed for the opponent's deck, 4 for the hand, and more
    page = french.get(f"/games/{table.id}").text
    kinds = _since_move(page)
    assert kinds.count("setup") == 1
    # what is left of the draws: the Lookout's own card and the two connection cards
    assert kinds.count("chance") <= 3, kinds
    steps = read(_strip(page)).read
    setup = next(s for s in steps if s.startswith("Mise en place"))
    assert "26\u00a0cartes" in setup or "26 cartes" in setup, setup
    assert sum("la pioche donne" in s for s in steps) <= 1
    log = read(_log(page)).read
    assert sum("la pioche donne" in s for s in log) <= 1
    assert sum(s.startswith("Mise en place") for s in log) == 1


def test_the_opponent_panel_shows_the_deck_the_set_up_line_names(french: Any) -> None:
    table = french.app.state.tables.start(GAME, {"faction": "mutants"}, [Seat()], seed=3)
    deck = table.session.observation(0)["opponent_deck"]
    t = words("fr").game(GAME)
    faces = {c["id"]: c["name"] for c in table.session.game.card_catalog()}
    names = [t.term(faces[c]) for c in deck]
    page = french.get(f"/games/{table.id}").text
    steps = read(_strip(page)).read
    setup = next(s for s in steps if s.startswith("Mise en place"))
    assert all(n in setup for n in names), (setup, names)
    panel = page[page.index('<section class="opponent-area"') :]
    panel = panel[: panel.index('<div class="opp-cards"')]
    assert "<details" not in panel  # shown, not folded away behind a click
    shown = "\n".join(read(panel).read)
    assert all(n in shown for n in names), (shown, names)


def test_the_set_up_line_follows_the_game_into_a_later_page(french: Any) -> None:
    """Once the player has moved, the strip shows what followed their move; the log still
    has one set-up line at its start, and no card id or English name."""
    table = french.app.state.tables.start(GAME, {"faction": "mutants"}, [Seat()], seed=3)
    table.session.play(0, "keep")
    page = french.get(f"/games/{table.id}").text
    log = read(_log(page)).read
    assert sum(s.startswith("Mise en place") for s in log) == 1
    assert not ENGLISH.search("\n".join(log))
