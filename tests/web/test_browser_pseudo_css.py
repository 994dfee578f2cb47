"""What the style sheets draw, in Chromium and in the pseudo-locale (issue 35): text a sheet
puts on the page (``::before``/``::after``) is not in the HTML the words checks scan, so the
browser reads every element's computed ``content`` on the pages of the four games; a word
outside the catalog's ⟦ ⟧ fails. And Mini DiverCity's "out of play" band, now words of the
page, lies across the card's fish, never over its name.

The static side (no sheet writes a word) is ``tests/words/test_pseudo_web.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.a11y import GAMES, LAPTOP, PHONE
from tests.web.conftest import LiveServer
from tests.web.lookback_games import play_out
from tests.words.pseudo import stray_words

pytestmark = pytest.mark.xdist_group("browser")

MDC_END = 8
"""Seed 8 of Mini DiverCity ends with a species saved and out-of-play cards on the table."""

# The text of every rendered element's ::before and ::after: its strings, and the page's
# own attribute for attr(…).
DRAWN = """() => {
  const out = [];
  for (const el of document.querySelectorAll('*')) {
    if (!el.getClientRects().length) continue;
    for (const where of ['::before', '::after']) {
      const c = getComputedStyle(el, where).content;
      if (!c || c === 'none' || c === 'normal') continue;
      let text = '';
      for (const m of c.matchAll(/"((?:[^"\\\\]|\\\\.)*)"|attr\\(\\s*([\\w-]+)\\s*\\)/g)) {
        text += m[1] !== undefined ? m[1] : (el.getAttribute(m[2]) || '');
      }
      if (text.trim()) out.push([(el.className.baseVal ?? el.className) + where, text]);
    }
  }
  return out;
}"""


def _pages(store: Any) -> list[str]:
    paths, ends = [], {}
    for game, how in GAMES.items():
        mid = play_out(store, game, 5, how["options"], level=how["level"], moves=3)
        seed = MDC_END if game == "mini-divercity" else 6
        end = play_out(store, game, seed, how["options"], level=how["level"])
        ends[game] = end.id
        paths += [f"/games/{mid.id}", f"/games/{end.id}", f"/rules/{game}"]
    return [*paths, "/", "/history", "/stats", f"/replay/{ends['mini-divercity']}?step=2"]


def test_no_style_sheet_draws_a_word_outside_the_catalog(browser, store):
    paths = _pages(store)
    found = []
    with LiveServer(store, pseudo=True) as server:
        context = browser.new_context(viewport=LAPTOP)
        context.add_cookies([{"name": "lang", "value": "qps", "url": server.url}])
        try:
            page = context.new_page()
            for path in paths:
                page.goto(server.url + path)
                assert "⟦" in page.content(), path
                for where, text in page.evaluate(DRAWN):
                    found += [f"{path} {where}: {w}" for w in stray_words(text)]
        finally:
            context.close()
    assert found == []


def test_the_drawn_text_check_fails_on_a_word(page, live_server):
    """The browser check can fail: a sheet's word, and a word from a data attribute."""
    page.goto(live_server.url + "/rules/dice-miner")
    page.evaluate(
        """() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('h1::after { content: " ✔ saved"; } h1::before { content: attr(data-x); }');
      document.adoptedStyleSheets = [sheet];
      document.querySelector('h1').dataset.x = '⟦ok⟧ stray';
    }"""
    )
    drawn = dict(page.evaluate(DRAWN))
    assert stray_words(drawn["::after"]) == ["saved"]
    assert stray_words(drawn["::before"]) == ["stray"]


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390", "1280"])
def test_the_out_of_play_band_leaves_the_card_name_readable(page, live_server, store, size):
    s = play_out(store, "mini-divercity", MDC_END)
    page.set_viewport_size(size)
    page.goto(f"{live_server.url}/games/{s.id}")
    cards = page.locator(".card.species.out")
    assert cards.count() >= 3
    for i in range(cards.count()):
        card = cards.nth(i)
        band = card.locator(".out-band")
        assert band.inner_text() == "out of play"
        seen = card.evaluate(
            """card => {
          const range = document.createRange();
          range.selectNodeContents(card.querySelector('.card-name'));
          const n = range.getBoundingClientRect();
          const b = card.querySelector('.out-band').getBoundingClientRect();
          const c = card.getBoundingClientRect();
          return {over: Math.min(n.bottom, b.bottom) - Math.max(n.top, b.top),
                  inside: b.top >= c.top && b.bottom <= c.bottom};
        }"""
        )
        name = card.locator(".card-name").inner_text()
        assert seen["over"] <= 0, f"the band covers {name!r} by {seen['over']} px"
        assert seen["inside"], f"the band of {name!r} runs off its card"
    assert page.errors == []
