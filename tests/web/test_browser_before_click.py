"""Costs and consequences before the click, in Chromium (issue 22, t-reveal).

Dice Miner: Undo is disabled with its reason in words when there is nothing to take back
and after a refill; a take that sets off a draw asks once ("it cannot be taken back"),
can be cancelled without playing, and the next such move plays without asking. Mini
DiverCity: a Lagoon card whose Identify costs two more discards shows "+2 discards", and
the chooser says the cost before anything is played. Expected moves come from a session
started here with the same seed (``mirror``), never from the server.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from solotable.session.session import GameSession, Seat
from tests.web.browser_helpers import mirror, new_game

pytestmark = pytest.mark.xdist_group("browser")


def _data(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.locator("#table-data").text_content()))


def _version(page: Any) -> str:
    return str(page.locator("#table-root").get_attribute("data-version"))


def _undo(page: Any) -> Any:
    return page.locator("form[data-action='undo'] button")


def _click(page: Any, move: str) -> None:
    """Click the element that plays ``move``: a die's slot for a take, else its button."""
    if move.startswith(("take ", "recycle ")):
        page.locator(f".slot[data-slot='{move.split()[1]}']").click()
    else:
        page.locator(f"button[data-move='{move}']").first.click()


def _one_click_moves(moves: list[str]) -> list[str]:
    """Moves a single click plays (a die with one way to take it, or a button)."""
    takes = [m for m in moves if m.startswith(("take ", "recycle "))]
    single = [m for m in takes if sum(x.split()[:2] == m.split()[:2] for x in takes) == 1]
    buttons = [m for m in moves if m.startswith(("face", "refill", "spend"))]
    return single + buttons


@pytest.fixture
def asking_page(browser: Any) -> Iterator[Any]:
    """A page whose tables have not answered their once-a-game question (the ``page``
    fixture's do: ``browser_helpers.ANSWERED_ONCE``)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    context.close()


def test_dice_miner_undo_disabled_and_final_moves_ask_once(
    asking_page: Any, live_server: Any
) -> None:
    page = asking_page
    seed = 1
    new_game(page, live_server.url, "dice-miner", seed)
    engine = mirror("dice-miner", seed)
    assert _undo(page).is_disabled()
    assert "you have made no move to take back" in page.locator("#undo-why").text_content()
    finals = 0
    for _ in range(200):
        final = {i.notation for i in engine.legal_infos(0) if i.action in engine.irreversible(0)}
        every = [m["n"] for m in _data(page)["moves"]]
        moves = _one_click_moves(every)
        if not moves:  # only dice taken in several ways: the chooser is the one question
            pick = next((m for m in every if m.startswith("take ")), None)
            assert pick, every
            old = _version(page)
            _click(page, pick)
            page.locator(f"#chooser[open] button[data-choice='{pick}']").click()
            page.locator(f"#table-root:not([data-version='{old}'])").wait_for()
            engine.play(0, pick)
            finals += pick in final
            continue
        pick = next((m for m in moves if m in final and m.startswith("take ")), moves[0])
        old = _version(page)
        _click(page, pick)
        if pick in final and finals == 0:
            chooser = page.locator("#chooser[open]")
            chooser.wait_for()
            button = chooser.locator(f"button[data-choice='{pick}']")
            assert "it cannot be taken back" in button.text_content()
            chooser.locator("button[value='cancel']").click()
            assert _version(page) == old  # cancelled: nothing was played
            _click(page, pick)
            page.locator(f"#chooser[open] button[data-choice='{pick}']").click()
        page.locator(f"#table-root:not([data-version='{old}'])").wait_for()
        assert page.locator("#chooser[open]").count() == 0  # asked once a game only
        engine.play(0, pick)
        if pick not in final:
            assert not _undo(page).is_disabled()  # undo can take that one back
            continue
        finals += 1
        assert engine.undo_refusal(0) is not None
        assert _undo(page).is_disabled()
        assert "Undo is not possible:" in page.locator("#undo-why").text_content()
        if finals >= 2:
            break
    assert finals >= 2
    assert page.errors == []


def _costly_seed() -> tuple[int, str, int]:
    """A seed whose first decision offers a Lagoon Identify that costs extra discards."""
    for seed in range(1, 60):
        s = GameSession.start("mini-divercity", {}, [Seat()], seed=seed)
        for i in s.legal_infos(0):
            if i.kind == "identify" and i.args.get("extra_discards"):
                return seed, i.notation, int(i.args["extra_discards"])
    raise AssertionError("no seed offers a costly Identify at once")


def test_mini_divercity_lagoon_cost_before_the_click(page: Any, live_server: Any) -> None:
    seed, move, extra = _costly_seed()
    new_game(page, live_server.url, "mini-divercity", seed)
    slot = move.split(":")[1]
    wrap = page.locator(".slot-wrap", has=page.locator(f"[data-key='slot:{slot}']"))
    assert wrap.locator(".cost-badge").text_content().strip() == f"+{extra} discards"
    old = _version(page)
    page.locator(f".mdc [data-key='slot:{slot}']").click()
    chooser = page.locator("#chooser[open]")
    chooser.wait_for()
    button = chooser.locator(f"button[data-choice='{move}']")
    assert f"costs {extra} more discards" in button.text_content()
    chooser.locator("button[value='cancel']").click()
    assert _version(page) == old  # nothing was played
    page.locator(f".mdc [data-key='slot:{slot}']").click()
    page.locator(f"#chooser[open] button[data-choice='{move}']").click()
    page.locator(f"#table-root:not([data-version='{old}'])").wait_for()
    # The rules then ask for exactly those discards.
    assert "extra cost" in page.locator(".prompt").text_content()
    assert page.errors == []
