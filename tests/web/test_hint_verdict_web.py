"""The web table's hint says whether its move is clearly best, with intervals only where a
sampled estimate has one (issue 25)."""

from __future__ import annotations

import html as markup
import re
from typing import Any

import pytest

from solotable.session.session import Seat
from tests.hint_agents import use_hint_agent
from tests.web.test_lang import fresh, settled, version

SMALL = "spimc:samples=4,upto=8"
"""A deal budget, never seconds: fast and the same on every machine."""


def hint_box(store: Any, game: str, seats: tuple[str, ...], lang: str) -> str:
    with fresh(store) as c:
        c.cookies.set("lang", lang)
        table = c.app.state.tables.start(game, {}, [Seat(s or None) for s in seats], seed=5)
        url = f"/games/{table.id}"
        c.post(url + "/hint", data={"version": version(settled(c, url))})
        found = re.search(r'<div class="hint" role="status">(.*?)</div>', settled(c, url), re.S)
    assert found, "no hint shown"
    return markup.unescape(found.group(1))


@pytest.fixture
def small_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("dice-miner", "mini-divercity"):
        use_hint_agent(monkeypatch, name, SMALL)


@pytest.mark.usefixtures("small_hints")
@pytest.mark.parametrize(
    ("game", "lang", "verdicts"),
    [
        ("dice-miner", "en", ("clearly best", "about as good as")),
        ("mini-divercity", "fr", ("nettement le meilleur", "à peu près aussi bon que")),
    ],
)
def test_a_solo_hint_gives_its_verdict_and_intervals(store, game, lang, verdicts) -> None:
    box = hint_box(store, game, ("",), lang)
    assert sum(box.count(v) for v in verdicts) == 1, box
    assert "±" in box  # sampled values have an interval


def test_a_divercite_hint_shows_no_interval(store) -> None:
    box = hint_box(store, "divercite", ("", "easy"), "en")
    assert "points ahead at the end" in box and "±" not in box
    assert "clearly best" in box or "about as good as" in box
