"""What changed, seen in Chromium: each game's automatic steps highlighted in order.

For every game, one automatic step the player did not click (the AI's opening move, the
opening fill of the mountain, a Corporation card, 51st State's opponent revealing a card
after the Lookout) is checked while the table plays it back: the elements highlighted are
exactly the ones that step changed, found from the engine (a session replayed here from the
same seed), and the "since your move" strip says the engine's events in words. Skip ends the
playback at once; with ``prefers-reduced-motion: reduce`` the final state is there at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solotable.core.events import Event
from solotable.session.session import GameSession, Seat
from solotable.words import words
from tests.web.browser_helpers import ANSWERED_ONCE, new_game
from tests.web.test_browser import after_click, settle, version

pytestmark = pytest.mark.xdist_group("browser")

W = words("en")

AT_STEP = """([i, sel]) => {
  const strip = document.getElementById("since-move");
  if (!strip || strip.dataset.state !== "playing" || strip.dataset.step !== String(i)) return false;
  const d = (e) => e.outerHTML.slice(0, 160);
  return {
    now: [...document.querySelectorAll("#table .changed-now")].map(d).sort(),
    want: [...document.querySelectorAll(sel)]
      .filter((e) => !e.closest(".since-move")).map(d).sort(),
    current: strip.querySelector("li.now") ? strip.querySelector("li.now").textContent : null,
  };
}"""


def since_move(session: GameSession, seat: int) -> list[Event]:
    """The engine's events after the seat's last move (all of them before its first)."""
    events = session.events_since(0)
    last = max((e.seq for e in events if e.kind == "move" and e.player == seat), default=0)
    return [e for e in events if e.seq > last][-40:]


class Case:
    """A game brought to an automatic step: the seed, the lobby's selects, the moves to click,
    and, from the engine, the step to watch and the selector of what it changed."""

    def __init__(
        self,
        game: str,
        seed: int,
        seats: list[Seat],
        moves: list[str],
        pick: Callable[[GameSession, list[Event]], tuple[int, str]],
        **selects: str,
    ) -> None:
        self.game, self.seed, self.seats, self.moves, self.pick = game, seed, seats, moves, pick
        self.selects = selects
        self.human = next(i for i, s in enumerate(seats) if s.human)

    def engine(self) -> tuple[GameSession, list[Event]]:
        s = GameSession.start(self.game, {}, self.seats, seed=self.seed, clocks=False)
        for move in [None, *self.moves]:
            if move is not None:
                s.play(self.human, move)
            while s.agent_to_move() is not None and not s.is_over():
                s.step_agent()
        return s, since_move(s, self.human)


def _divercite_ai_opening(s: GameSession, steps: list[Event]) -> tuple[int, str]:
    (square,) = s.observation(1)["board"]  # the AI's opening piece, the only one on the board
    i = next(i for i, e in enumerate(steps) if e.kind == "move" and e.player == 0)
    return i, f'[data-sq="{square}"]'


def _dice_miner_first_die(s: GameSession, steps: list[Event]) -> tuple[int, str]:
    obs = s.observation(0)
    first = obs["slots"][0]  # the fill starts at the bottom row's first slot
    for i, e in enumerate(steps):
        if e.kind == "chance" and e.data["action"]["args"].get("slot") == first:
            return i, f'#table [data-slot="{first}"]'
    raise AssertionError("no die landed on the first slot")


def _mini_divercity_corporation(s: GameSession, steps: list[Event]) -> tuple[int, str]:
    i = next(i for i, e in enumerate(steps) if e.kind == "corp-card")
    return i, '[data-key="corp:current"]'


def _fifty_first_reveal(s: GameSession, steps: list[Event]) -> tuple[int, str]:
    shown = s.observation(0)["opponent"][-1]["card"]
    i = next(i for i, e in enumerate(steps) if e.kind == "reveal")
    return i, f'#table [data-card="{shown}"]'


CASES = {
    "divercite": Case(
        "divercite",
        5,
        [Seat("easy"), Seat(None)],
        [],
        _divercite_ai_opening,
        seat="1",
        level="easy",
    ),
    "dice-miner": Case("dice-miner", 3, [Seat(None)], [], _dice_miner_first_die),
    "mini-divercity": Case("mini-divercity", 4, [Seat(None)], [], _mini_divercity_corporation),
    "51st-state": Case("51st-state", 7, [Seat(None)], ["keep", "keep"], _fifty_first_reveal),
}


def start(page: Any, url: str, case: Case) -> None:
    new_game(page, url, case.game, case.seed, **case.selects)
    settle(page)
    for move in case.moves:
        old = version(page)
        page.locator(f'#table [data-move="{move}"]').first.click()
        after_click(page, old)


@pytest.mark.parametrize("game", sorted(CASES))
def test_an_automatic_step_is_highlighted_in_order_and_skip_ends_it(
    page: Any, live_server: Any, game: str
) -> None:
    case = CASES[game]
    session, steps = case.engine()
    i, selector = case.pick(session, steps)
    start(page, live_server.url, case)
    said = [W.event(game, e) for e in steps]
    assert page.locator("#since-move li.step").all_text_contents() == said
    seen = page.wait_for_function(AT_STEP, arg=[i, selector], timeout=60_000).json_value()
    assert seen["want"], f"nothing on the table matches {selector}"
    assert seen["now"] == seen["want"]  # exactly the elements this step changed
    assert seen["current"] == said[i]  # and the strip points at its words
    assert page.locator("#skip-steps").is_visible()
    page.locator("#skip-steps").click()
    assert page.locator("#since-move").get_attribute("data-state") == "done"
    assert page.locator("#table .changed-now").count() == 0
    assert page.locator("#skip-steps").is_hidden()
    # every step's elements stay marked once the playback is over
    marked = page.evaluate(
        "(sel) => [...document.querySelectorAll(sel)].every((e) => e.closest('.since-move')"
        " || e.classList.contains('changed'))",
        selector,
    )
    assert marked
    assert page.errors == []


@pytest.mark.parametrize("game", sorted(CASES))
def test_reduced_motion_shows_the_final_state_at_once(
    browser: Any, live_server: Any, game: str
) -> None:
    case = CASES[game]
    session, steps = case.engine()
    _, selector = case.pick(session, steps)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    context.add_init_script(ANSWERED_ONCE)  # not about the "cannot be taken back" question
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        start(page, live_server.url, case)
        page.locator("#since-move[data-state]").wait_for(timeout=5_000)
        assert page.locator("#since-move").get_attribute("data-state") == "done"
        assert page.locator("#since-move").get_attribute("data-step") is None  # never played
        assert page.locator("#table .changed-now").count() == 0
        assert page.locator("#skip-steps").is_hidden()
        assert page.locator("#since-move li.step").all_text_contents() == [
            W.event(game, e) for e in steps
        ]
        assert page.locator(f"{selector}.changed").count() >= 1
        assert errors == []
    finally:
        context.close()
