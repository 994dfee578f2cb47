"""End screens that do not contradict themselves (issue 35).

Mini DiverCity: once the game is over the board turns the face-down Ocean cards face up (the
end screen's "What was hidden" names them: the board above must not still show their backs),
and the defeat is said once, short, with the why folded in a ``<details>``. Before the end the
board shows backs only. Dice Miner: "no move was left" is said once above the log (it was in
the status line and twice in the "since your move" strip). Pages are read over HTTP from games
played into the store through ``GameSession``.
"""

from __future__ import annotations

import random
import re
from html import unescape
from typing import Any

from solotable.session.session import GameSession, Seat
from solotable.words import words
from solotable.words.mini_divercity.terms import species
from tests.web.lookback_games import play_out

IMPOSSIBLE_SEED = 1
"""A Mini DiverCity deal that random play loses by "saving 7 species became impossible",
with face-down Ocean cards left in hand."""


def lose_by_impossible(store: Any) -> GameSession:
    s = GameSession.start("mini-divercity", {}, [Seat()], seed=IMPOSSIBLE_SEED, store=store)
    rng = random.Random(IMPOSSIBLE_SEED)
    while not s.is_over():
        moves = [m[1] for m in s.legal_moves(0)]
        s.play(0, rng.choice([m for m in moves if not m.startswith("resign")] or moves))
    assert (s.observation(0)["result"] or {}).get("cause") == "impossible"
    return s


def _part(html: str, start: str, end: str) -> str:
    i = html.index(start)
    return html[i : html.index(end, i)]


def _text(html: str) -> str:
    """What a player reads of ``html`` (scripts' data left out)."""
    shown = re.sub(r"<script\b.*?</script>", " ", html, flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", shown)))


def test_the_ocean_is_turned_face_up_on_the_board_at_the_end(client: Any, store: Any) -> None:
    s = lose_by_impossible(store)
    hidden = s.reveal()
    assert hidden is not None
    down = [o for o in hidden["ocean"] if o["face_down"]]
    assert down, "the deal must end with face-down Ocean cards"
    html = client.get(f"/games/{s.id}").text
    board = _part(html, 'class="hand-row"', 'class="zone decks"')
    assert 'class="card back' not in board  # no card back left on the board
    t = words("en").game("mini-divercity")
    for o in down:
        card = re.search(
            rf'<div class="([^"]*)" data-key="slot:{o["slot"]}"(.*?)</div>', board, re.S
        )
        assert card and "was-down" in card.group(1).split(), board
        assert species(t, o["card"]) in card.group(2)


def test_before_the_end_the_board_shows_backs_only(client: Any, store: Any) -> None:
    s = play_out(store, "mini-divercity", 3, moves=3)
    assert not s.is_over() and "?" in s.observation(0)["hand"].values()
    html = client.get(f"/games/{s.id}").text
    board = _part(html, 'class="hand-row"', 'class="zone decks"')
    assert board.count('class="card back') == list(s.observation(0)["hand"].values()).count("?")
    assert "was-down" not in html and "What was hidden" not in html


def test_the_defeat_is_said_once_short_with_the_why_folded(client: Any, store: Any) -> None:
    s = lose_by_impossible(store)
    html = client.get(f"/games/{s.id}").text
    end = _part(html, 'class="end-screen', 'class="scores breakdown-table"')
    why = re.search(r'<p class="why">(.*?)</p>', end, re.S)
    assert why, end
    said = _text(why.group(1)).strip()
    assert said == "Lost: saving 7 species became impossible", said
    detail = re.search(
        r'<details class="why-detail"><summary>([^<]+)</summary>(.*?)</details>', end, re.S
    )
    assert detail and detail.group(1) == "Why?"
    assert "too few cards left outside the discard" in detail.group(2)
    page = _text(html)
    assert page.count("too few cards left outside the discard") == 1
    assert len(said.split()) <= 10


def test_dice_miner_says_why_it_ended_once_above_the_log(client: Any, store: Any) -> None:
    s = play_out(store, "dice-miner", 1)
    assert s.observation(0)["end"] == "stuck"
    html = client.get(f"/games/{s.id}").text
    above_log = _text(html[: html.index('class="log"')])
    assert above_log.count("no move was left") == 1, above_log
    log = _text(_part(html, 'class="log"', "</section>"))
    assert log.count("no move was left") == 1, log
    client.cookies.set("lang", "fr")
    html = client.get(f"/games/{s.id}").text
    above_log = _text(html[: html.index('class="log"')])
    assert above_log.count("plus aucune action") == 1, above_log
