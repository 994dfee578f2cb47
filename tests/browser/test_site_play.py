"""The browser build played as a phone player would: opened once, then with the network cut.

Each game is played to its end by clicking in the site built by ``make site`` and served by a
plain static server, with no network after the first visit (``context.set_offline``): a reload
mid-game continues it, and so does a browser closed mid-game and opened again on the same
profile. The moves clicked are the ones the server tests click (``tests/web/test_browser*``'s
helpers, driving the table's frame), and the engine replayed here says what the table shows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from solotable import load_game
from tests.browser.site import open_profile, table_frame, watch
from tests.web import test_browser_fifty_first_state as fss
from tests.web import test_browser_mini_divercity as mdc
from tests.web.browser_helpers import mirror, new_game, number
from tests.web.test_browser import (
    DICE_MINER_SEED,
    DIVERCITE_SEED,
    check_dice_miner_table,
    check_divercite_table,
    click_die_move,
    follow,
    place,
    settle,
)

pytestmark = pytest.mark.xdist_group("site")


def first_visit(
    playwright: Any, chromium: str, args: list[str], profile: Path, url: str, lang: str
) -> tuple[Any, Any, Any]:
    """Open the site online once (the service worker caches it), then cut the network."""
    context = open_profile(playwright, chromium, args, profile, lang)
    page = watch(context.pages[0] if context.pages else context.new_page())
    frame = table_frame(page, url)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    frame = table_frame(page)
    return context, page, frame


def reopen(
    playwright: Any,
    chromium: str,
    args: list[str],
    profile: Path,
    url: str,
    old: Any,
    lang: str = "en",
) -> tuple[Any, Any, Any]:
    """Close the browser (as a player killing it would) and open it again on its profile, still
    with no network: the site comes from the service worker's cache, the games from IndexedDB."""
    old.close()
    context = open_profile(playwright, chromium, args, profile, lang)
    context.set_offline(True)
    page = watch(context.pages[0] if context.pages else context.new_page())
    frame = table_frame(page, url)
    assert "/games/" not in frame.url
    return context, page, frame


def continue_from_lobby(frame: Any) -> dict[str, Any]:
    """The lobby lists the unfinished game: its link opens the table where it was."""
    frame.locator(".unfinished a[href^='/games/']").first.click()
    frame.wait_for_url("**/games/**")
    return settle(frame)


def test_dice_miner_offline_reload_and_a_closed_browser(
    playwright: Any, chromium: str, browser_args: list[str], site_url: str, tmp_path: Path
) -> None:
    profile = tmp_path / "profile"
    context, page, frame = first_visit(playwright, chromium, browser_args, profile, site_url, "en")
    new_game(frame, site_url, "dice-miner", DICE_MINER_SEED)
    engine = mirror("dice-miner", DICE_MINER_SEED)
    data = settle(frame)
    check_dice_miner_table(frame, engine)
    decisions = 0
    while data["moves"]:
        move, data = click_die_move(frame, data)
        engine.play(0, move)
        decisions += 1
        if decisions == 3:  # a reload, offline: the same game at the same point
            score = frame.locator("#dm-score").text_content()
            page.reload()
            frame = table_frame(page)
            data = settle(frame)
            assert frame.locator("#dm-score").text_content() == score
            check_dice_miner_table(frame, engine)
        if decisions == 6:  # the browser closed mid-game, opened again on its profile
            context, page, frame = reopen(
                playwright, chromium, browser_args, profile, site_url, context
            )
            data = continue_from_lobby(frame)
            check_dice_miner_table(frame, engine)
        assert decisions < 400, "the game should end"
    assert engine.is_over()
    end = frame.locator(".end-screen")
    end.wait_for()
    assert number(end.locator("h2").text_content()) == engine.observation(0)["score"]["total"]
    assert page.errors == []
    context.close()


def test_divercite_against_the_ai_offline_and_after_a_closed_browser(
    playwright: Any, chromium: str, browser_args: list[str], site_url: str, tmp_path: Path
) -> None:
    """The AI answers in the page's worker, at the level chosen in the lobby."""
    profile = tmp_path / "profile"
    context, page, frame = first_visit(playwright, chromium, browser_args, profile, site_url, "en")
    new_game(frame, site_url, "divercite", DIVERCITE_SEED, level="medium")
    engine = load_game("divercite").new_initial_state(DIVERCITE_SEED)
    data = settle(frame)
    follow(frame, engine, None)
    turns = 0
    while data["moves"]:
        move = data["moves"][0]["n"]
        if move.startswith("N "):
            old = frame.locator("#table-root").get_attribute("data-version")
            frame.locator(f".sq[data-sq='{move.split()[1]}']").click()
            frame.locator(f"#table-root:not([data-version='{old}'])").wait_for()
            data = settle(frame)
            follow(frame, engine, move)
            continue
        data = place(frame, move)
        follow(frame, engine, move)
        check_divercite_table(frame, engine)
        turns += 1
        if turns == 5:
            context, page, frame = reopen(
                playwright, chromium, browser_args, profile, site_url, context
            )
            data = continue_from_lobby(frame)
            assert frame.locator(".sq .piece").count() == len(engine.history)
            check_divercite_table(frame, engine)
    frame.locator(".end-screen").wait_for()
    assert engine.is_terminal()
    assert page.errors == []
    context.close()


def test_mini_divercity_offline_with_a_reload(
    playwright: Any, chromium: str, browser_args: list[str], site_url: str, tmp_path: Path
) -> None:
    profile = tmp_path / "profile"
    context, page, frame = first_visit(playwright, chromium, browser_args, profile, site_url, "en")
    seed = mdc.find_seed()
    new_game(frame, site_url, "mini-divercity", seed)
    engine = mirror("mini-divercity", seed)
    n = 0
    while not frame.locator(".end-screen").count():
        moves = [m["n"] for m in mdc.data(frame)["moves"]]
        obs = engine.observation(0)
        assert sorted(moves) == sorted(m[1] for m in engine.legal_moves(0))
        mdc.check_mini_divercity_table(frame, obs)
        move = mdc.choose(obs, moves)
        mdc.click_move(frame, move)
        engine.play(0, move)
        n += 1
        if n == 10:
            saved = frame.locator("#mdc-saved").text_content()
            page.reload()
            frame = table_frame(page)
            assert frame.locator("#mdc-saved").text_content() == saved
        assert n < 200, "the game should end"
    assert engine.is_over()
    hidden = engine.reveal()
    assert hidden is not None
    revealed = {o["slot"]: o["card"] for o in hidden["ocean"]}
    mdc.check_mini_divercity_table(frame, engine.observation(0), revealed)
    assert page.errors == []
    context.close()


def test_fifty_first_state_in_french_offline_and_after_a_closed_browser(
    playwright: Any, chromium: str, browser_args: list[str], site_url: str, tmp_path: Path
) -> None:
    """A French phone: the lobby, the table and its end screen speak French."""
    profile = tmp_path / "profile"
    context, page, frame = first_visit(playwright, chromium, browser_args, profile, site_url, "fr")
    assert frame.locator("html").get_attribute("lang") == "fr"
    assert "Choisissez un jeu" in frame.locator("h1").text_content()
    seed = fss.find_seed()
    new_game(frame, site_url, fss.GAME, seed, fss.OPTIONS)
    engine = mirror(fss.GAME, seed, fss.OPTIONS)
    state = fss.table_state(frame)
    decisions = 0
    while moves := state["moves"]:
        move = fss.choose(moves, state["step"])
        assert sorted(moves) == sorted(m[1] for m in engine.legal_moves(0))
        fss.check_fifty_first_state_table(frame, engine.observation(0))
        fss.click_move(frame, move)
        engine.play(0, move)
        state = fss.table_state(frame, state["version"])
        decisions += 1
        if decisions == 30:
            context, page, frame = reopen(
                playwright, chromium, browser_args, profile, site_url, context, "fr"
            )
            continue_from_lobby(frame)
            state = fss.table_state(frame)
        assert decisions < 400, "the game should end"
    end = frame.locator(".end-screen")
    end.wait_for()
    assert engine.is_over()
    final = engine.observation(0)
    assert number(end.locator("h2").text_content()) == final["score"]["total"]
    assert frame.locator("html").get_attribute("lang") == "fr"
    assert "points" in end.locator("h2").text_content()
    assert page.errors == []
    context.close()
