"""History → a finished game's replay in Chromium: stepping back and forth shows the engine's
position, and the looking-back pages never scroll sideways on a phone.

The game is played into the server's store through ``GameSession`` (seed fixed); the scores
and moves the replay shows after each click are compared with the engine's state replayed
in the test from the game's record.
"""

from __future__ import annotations

from typing import Any

import pytest

from solotable.core.record import game_of
from tests.web.lookback_games import decisions, play_out, wait_reviewed

pytestmark = pytest.mark.xdist_group("browser")


def _engine_scores(record: Any, upto: int) -> list[float]:
    """The scores after the record's first ``upto`` actions."""
    state = game_of(record).new_initial_state(record.seed)
    for text in record.actions[:upto]:
        state.apply_action(state.string_to_action(text))
    return [float(x) for x in state.scores()]


def _shown(page: Any) -> tuple[int, list[float], list[str]]:
    root = page.locator("#replay")
    step = int(root.get_attribute("data-step") or "-1")
    scores = [float(t) for t in page.locator(".score-value").all_inner_texts()]
    notations = [
        str(n)
        for n in page.locator(".replay-plies .ply").evaluate_all(
            "els => els.map(e => e.dataset.notation)"
        )
    ]
    return step, scores, notations


def test_history_to_replay_steps_back_and_forth(page, live_server, store):
    s = play_out(store, "divercite", 6, level="easy")
    record = s.record()
    starts = decisions(s)
    ends = [*(d - 1 for d in starts), len(record.actions) - 1]  # last ply of each step

    def check(step: int) -> None:
        shown_step, scores, notations = _shown(page)
        assert shown_step == step
        assert scores == _engine_scores(record, ends[step] + 1)
        if step:
            assert notations[0] == record.actions[starts[step - 1]]

    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/history")
    page.locator(f'tr[data-id="{s.id}"] a.replay-link').click()
    page.wait_for_url(f"**/replay/{s.id}")
    last = len(starts)
    check(last)
    page.get_by_role("link", name="Start").click()
    check(0)
    for k in range(1, 6):
        page.get_by_role("link", name="Next").click()
        check(k)
    for k in (4, 3):
        page.get_by_role("link", name="Previous").click()
        check(k)
    page.locator(".move-list a").nth(last - 1).click()  # the move list jumps to a move
    check(last)
    assert page.errors == []


def test_looking_back_pages_fit_a_phone(page, live_server, store):
    s = play_out(store, "51st-state", 2, {"faction": "random"})
    m = play_out(store, "mini-divercity", 3)
    page.set_viewport_size({"width": 390, "height": 844})
    wait_reviewed(page, f"{live_server.url}/replay/{m.id}?review=1&hidden=1")
    paths = (
        "/history",
        "/stats/51st-state",
        "/stats",
        f"/replay/{s.id}?step=3",
        f"/replay/{m.id}?review=1&hidden=1",
    )
    for path in paths:
        page.goto(live_server.url + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path} is {width} px wide at 390 px"
    assert page.errors == []


def test_replay_options_apply_as_soon_as_they_change(page, live_server, store):
    """Issue 35: ticking an option did nothing until a separate "Apply" was pressed."""
    m = play_out(store, "mini-divercity", 3)
    page.goto(f"{live_server.url}/replay/{m.id}?step=3")
    assert page.get_by_role("button", name="Apply").count() == 0  # nothing more to press
    page.get_by_label("Show what was hidden").check()
    page.wait_for_url("**hidden=1**")
    assert page.get_by_label("Show what was hidden").is_checked()
    assert page.locator("#replay").get_attribute("data-step") == "3"
    wait_reviewed(page, page.url)
    shown = page.get_by_label("Show the review's marks")
    assert shown.is_checked() and page.locator(".mark-legend").is_visible()
    shown.uncheck()
    page.wait_for_url(lambda url: "review=1" not in url)
    assert page.locator(".mark-legend").count() == 0
    assert page.get_by_label("Show what was hidden").is_checked()  # the other option kept
    assert page.errors == []


def test_replay_options_still_apply_without_javascript(browser, live_server, store):
    m = play_out(store, "mini-divercity", 3)
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/replay/{m.id}?step=3")
        page.get_by_label("Show what was hidden").check()
        assert "hidden=1" not in page.url
        page.get_by_role("button", name="Apply").click()
        page.wait_for_url("**hidden=1**")
        assert page.get_by_label("Show what was hidden").is_checked()
    finally:
        context.close()
