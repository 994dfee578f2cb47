"""What the browser tests share: starting a game from the lobby with a fixed seed, and the
engine's own view of the same game, replayed in the test process.

Every browser game starts from the lobby's form with an explicit seed, so a failure
replays the same deal. The values the page shows are compared with a ``GameSession``
started here with the same game, options and seed and fed the moves the test clicked:
the engine's answer through its public API, never the server's state.
"""

from __future__ import annotations

import re
from typing import Any

from solotable.session.session import GameSession, Seat


def new_game(
    page: Any,
    url: str,
    game: str,
    seed: int,
    options: dict[str, str] | None = None,
    **selects: str,
) -> None:
    """Open the lobby, fill the game's form (selects, options, the seed) and start it."""
    page.goto(url + "/")
    card = page.locator(f"#game-{game}")
    for name, value in selects.items():
        card.locator(f"select[name='{name}']").select_option(value)
    if options:
        card.locator("details.options:not(.deal):not(.advanced) > summary").click()
        for name, value in options.items():
            field = card.locator(f"[name='opt.{name}']")
            if not field.is_visible():  # an option for designers, under "Advanced"
                card.locator("details.advanced > summary").click()
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
    card.locator("details.deal > summary").click()
    card.locator("input[name='seed']").fill(str(seed))
    card.locator("button.primary").click()
    page.wait_for_url("**/games/**")


def type_move(page: Any, move: str) -> None:
    """Play ``move`` as a player who types does: open the notation box (folded away until
    then), write the move and press the box's Play button."""
    box = page.locator("details.notation-box")
    if box.get_attribute("open") is None:
        box.locator("summary").click()
    page.locator("#notation-input").fill(move)
    page.locator("form.notation button").click()


def mirror(
    game: str, seed: int, options: dict[str, str] | None = None, **agents: str
) -> GameSession:
    """The same game in the test process: a session with the same seed and seats.

    ``agents`` maps a seat number (as ``seat1``) to the AI level the lobby gave it.
    """
    n = 2 if agents else 1
    seats = [Seat(agents.get(f"seat{i}")) for i in range(n)]
    return GameSession.start(game, options or {}, seats, seed=seed, clocks=False)


def number(text: str | None) -> int:
    """The first whole number of a displayed text (a score, a count)."""
    m = re.search(r"-?\d+", text or "")
    assert m, f"no number in {text!r}"
    return int(m.group())


ANSWERED_ONCE = (
    "const m = location.pathname.match(/^\\/games\\/([^/]+)$/);"
    "if (m) sessionStorage.setItem('solotable.asked.' + m[1], '1');"
)
"""An init script: every table opened starts as if its once-a-game question ("it cannot be
taken back", t-reveal) had been answered, in the page's own memory (``sessionStorage``), so
tests that are not about that question play each click at once. Moves with a cost (Mini
DiverCity's Lagoon cards) are still asked every time. ``test_browser_before_click.py``
opens its pages without it."""
