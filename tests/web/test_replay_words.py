"""The replay and the review say every move as the player sees it, never as notation
(issue 35): Divercité's codes spell colours in English (``RG`` is green, ``CY`` yellow)
while its board says R/V/B/J in French, so a move list of codes told a French player
nothing. The words come from each move's ``ActionInfo`` through the game's formatter; the
review's ``?``/``??`` marks say what they mean and which move was better.
"""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

import pytest

from solotable.core.record import game_of
from solotable.session.review import agent_spec, review_record
from solotable.words import words
from tests.web.lookback_games import decisions, play_out, reviewed_page

GAMES: dict[str, dict[str, Any]] = {
    "divercite": {"level": "easy"},
    "mini-divercity": {},
    "dice-miner": {},
    "51st-state": {"options": {"faction": "random"}},
}


def _text(fragment: str) -> str:
    """What a player reads of an HTML fragment (tags dropped, spaces folded)."""
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _items(html: str, list_class: str) -> list[str]:
    """The ``<li>`` elements (their markup) of the first list of class ``list_class``."""
    m = re.search(rf'<ol class="{list_class}"[^>]*>(.*?)</ol>', html, re.S)
    assert m, f"no .{list_class} on the page"
    return re.findall(r"<li\b.*?</li>", m.group(1), re.S)


def _said(record: Any, lang: str, at: list[int], best: dict[int, str] | None = None) -> Any:
    """Each move of ``at`` (record indices) in words, as the engine's formatter says it
    (spaces folded as :func:`_text` folds them); with ``best``, the better move at each of
    those indices instead."""
    w = words(lang)
    state = game_of(record).new_initial_state(record.seed)
    out: dict[int, str] = {}
    for i, text in enumerate(record.actions):
        if best is not None and i in best:
            out[i] = w.action(state.action_info(state.string_to_action(best[i])))
        elif best is None and i in at:
            out[i] = w.action(state.action_info(state.string_to_action(text)))
        state.apply_action(state.string_to_action(text))
    return {i: " ".join(s.split()) for i, s in out.items()}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_move_list_says_each_move_in_words_not_notation(client, store, game):
    s = play_out(store, game, 3, **GAMES[game])
    record = s.record()
    starts = decisions(s)
    said = _said(record, "fr", starts)
    client.cookies.set("lang", "fr")
    html = client.get(f"/replay/{s.id}", params={"step": 2}).text
    items = _items(html, "move-list")
    assert len(items) == len(starts)
    for k, (item, i) in enumerate(zip(items, starts, strict=True), start=1):
        assert "<code" not in item and 'translate="no"' not in item, (k, item)
        assert said[i] in _text(item), (k, _text(item), said[i])
    plies = _items(html, "replay-plies")
    assert plies and not any("<code" in p for p in plies)  # "This step" says them in words too


def test_divercite_moves_read_in_french_piece_names(client, store):
    """The fault itself: ``RG C7`` (English letters) where the board says V for vert."""
    s = play_out(store, "divercite", 3, level="easy")
    client.cookies.set("lang", "fr")
    html = client.get(f"/replay/{s.id}").text
    shown = " ".join(_text(li) for li in _items(html, "move-list"))
    assert "cité" in shown and "ressource" in shown
    for code in {a for a in s.record().actions}:
        assert code not in shown, code


def _reviewed(client: Any, store: Any) -> tuple[Any, Any, dict[int, Any]]:
    s = play_out(store, "divercite", 3, level="easy")
    record = s.record()
    review = review_record(record, agent_spec(game_of(record).info.hint_agent, None), [0])
    return s, record, {n.index: n for n in review.notes}


def test_the_review_says_its_marks_and_the_better_move_in_words(client, store):
    s, record, notes = _reviewed(client, store)
    starts = decisions(s)
    marked = {i: n for i, n in notes.items() if n.mark}
    assert marked  # the game has marks to explain
    better = _said(record, "fr", starts, {i: n.best for i, n in marked.items()})
    client.cookies.set("lang", "fr")
    html = reviewed_page(client, f"/replay/{s.id}", {"review": "1", "step": 1}).text
    legend = re.search(r'<p class="mark-legend"[^>]*>(.*?)</p>', html, re.S)
    assert legend, "no legend of the marks"
    said = _text(legend.group(1))
    assert "? erreur" in said.lower() and "?? gaffe" in said.lower(), said
    for item, i in zip(_items(html, "move-list"), starts, strict=True):
        if i not in marked:
            assert "title=" not in item
            continue
        title = re.search(r'title="([^"]*)"', item)
        assert title, item
        tip = htmllib.unescape(title.group(1))
        assert better[i] in tip and ("Erreur" in tip or "Gaffe" in tip), tip
        assert better[i] in _text(item)  # also read out, not only on hover
    worst = next(i for i in starts if i in marked and not marked[i].close)
    k = starts.index(worst) + 1
    note = client.get(f"/replay/{s.id}", params={"review": "1", "step": k}).text
    box = re.search(r'<div class="note[^"]*" role="note">(.*?)</div>', note, re.S)
    assert box and "<code" not in box.group(1) and better[worst] in _text(box.group(1))
