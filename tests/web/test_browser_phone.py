"""Every page on a phone, in Chromium (issue 35): at 360×740 and 390×844, in French (the
longer words) and in English, no page scrolls sideways, and the labels the issue saw
drawn over each other (Mini DiverCity's scale headers, the header's links and language
switch) do not overlap.

The pages: the lobby (with games to continue and best scores), each game's table mid-game
and at its end, each guided lesson, history, stats (all and per game), a replay, a reviewed
replay, the hints page and each game's rules. The games are played into the server's store
through ``GameSession`` from fixed seeds, so every failure replays. One browser, one page
per language, each page loaded once and measured at both sizes.
"""

from __future__ import annotations

from typing import Any

import pytest

from solotable.web import learn
from tests.web.a11y import GAMES
from tests.web.browser_helpers import ANSWERED_ONCE
from tests.web.lookback_games import play_out

pytestmark = pytest.mark.xdist_group("browser")

SIZES = ({"width": 360, "height": 740}, {"width": 390, "height": 844})
LANGS = ("fr", "en")
SEEDS = {"mini-divercity": 8}
"""The end of a game: seed 8 of Mini DiverCity ends with a species saved and four
eliminated (the scale's saved mark, out-of-play cards); the others end on seed 6."""
LABELS = (".scale-head .cell-h", ".topbar > *", ".topbar nav > a")
"""Groups of labels drawn side by side, none of which may be drawn over another."""

# What the page does wrong on this window: how far it scrolls sideways, the elements past
# its right edge, and the labels of one group whose text is drawn over another's. A
# label's text is measured with a Range (text running out of its box is seen too).
FAULTS = """groups => {
  const W = innerWidth, out = {sideways: document.documentElement.scrollWidth - W, past: [],
                               overlaps: []};
  const name = el => el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined
    ? '.' + String(el.className).trim().split(/\\s+/).join('.') : '');
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > W + 0.5 && out.past.length < 4
        && getComputedStyle(el).visibility !== 'hidden') {
      out.past.push(name(el) + ' ' + Math.round(r.right));
    }
  }
  for (const sel of groups) {
    const boxes = [];
    for (const el of document.querySelectorAll(sel)) {
      if (!el.getClientRects().length) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = el.children.length ? el.getBoundingClientRect() : range.getBoundingClientRect();
      if (r.width && r.height) boxes.push([el, r]);
    }
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const [a, ra] = boxes[i], [b, rb] = boxes[j];
      const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (x > 0.5 && y > 0.5) out.overlaps.push(
        `${sel}: ${JSON.stringify(a.textContent.trim().slice(0, 20))} over `
        + `${JSON.stringify(b.textContent.trim().slice(0, 20))} (${Math.round(x)} px)`);
    }
  }
  return out;
}"""


def _pages(live_server: Any, store: Any) -> list[tuple[str, str]]:
    """(what, path) of every page to look at, with the games they show played in the store."""
    paths: list[tuple[str, str]] = []
    tables = live_server.server.config.app.state.tables
    for game in learn.games():
        t = learn.tutorial(game)
        table = tables.start(t.game, dict(t.options), learn.seats_of(t), t.seed, True)
        paths.append((f"lesson {game}", f"/games/{table.id}?learn=1"))
    ended = {}
    for game, how in GAMES.items():
        mid = play_out(store, game, 5, how["options"], level=how["level"], moves=3)
        end = play_out(store, game, SEEDS.get(game, 6), how["options"], level=how["level"])
        assert not mid.is_over() and end.is_over()
        ended[game] = end.id
        paths += [(f"{game} mid-game", f"/games/{mid.id}"), (f"{game} end", f"/games/{end.id}")]
        paths.append((f"rules {game}", f"/rules/{game}"))
        paths.append((f"stats {game}", f"/stats/{game}"))
    paths += [
        ("lobby", "/"),
        ("history", "/history"),
        ("stats", "/stats"),
        ("hints", "/hints"),
        ("replay", f"/replay/{ended['mini-divercity']}?step=2"),
    ]
    return paths


def _settle(page: Any, path: str) -> None:
    """Wait for what the page's scripts add after loading (a lesson's guide)."""
    if "learn=1" in path:
        page.locator("#learn-guide[data-status]").wait_for()


def _open_review(page: Any, url: str) -> None:
    """The replay with its review: started by the page's button where it has one, then
    the progress page, if it comes, opens the reviewed replay by itself."""
    page.goto(url)
    button = page.locator("form.replay-review button")
    if button.count():
        with page.expect_navigation():
            button.click()
    page.wait_for_selector("#replay", timeout=120_000)
    assert "review" in page.url, page.url


def _look(page: Any, where: str, problems: list[str]) -> None:
    """Measure the page as it stands at each phone size; add its faults to ``problems``."""
    for size in SIZES:
        page.set_viewport_size(size)
        seen = page.evaluate(FAULTS, list(LABELS))
        at = f"{where} at {size['width']}×{size['height']}"
        if seen["sideways"] > 0:
            problems.append(f"{at} scrolls {seen['sideways']} px sideways: {seen['past']}")
        problems += [f"{at}: {o}" for o in seen["overlaps"]]


def test_no_page_scrolls_sideways_or_overlaps_its_labels_on_a_phone(browser, live_server, store):
    paths = _pages(live_server, store)
    reviewed = play_out(store, "dice-miner", 7)
    problems: list[str] = []
    for lang in LANGS:
        context = browser.new_context(viewport=SIZES[0])
        context.add_cookies([{"name": "lang", "value": lang, "url": live_server.url}])
        context.add_init_script(ANSWERED_ONCE)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, seen=errors: seen.append(str(e)))
        try:
            for what, path in paths:
                page.goto(live_server.url + path)
                _settle(page, path)
                _look(page, f"{lang} {what} ({path})", problems)
            _open_review(page, f"{live_server.url}/replay/{reviewed.id}?review=1")
            _look(page, f"{lang} review", problems)
            # The scale's headers, on the table and in a replay, at every width up to a
            # large screen (their columns narrow again beside the replay's side panel).
            for what in ("mini-divercity end", "replay"):
                page.goto(live_server.url + dict(paths)[what])
                assert page.locator(".scale-head .cell-h").count() == 5
                if what != "replay":  # the page: a saved species, its mark worded
                    assert page.locator(".scale-row.st-saved .sp-done").count() >= 1
                for width in range(360, 1500, 40):
                    page.set_viewport_size({"width": width, "height": 800})
                    seen = page.evaluate(FAULTS, [LABELS[0]])
                    problems += [f"{lang} {what} at {width} px: {o}" for o in seen["overlaps"]]
        finally:
            context.close()
        assert errors == [], errors
    assert not problems, "\n".join(problems)
