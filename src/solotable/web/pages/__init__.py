"""Game pages: how one game's observation is drawn, registered by game name.

A page is a template (``templates/games/<name>.html``) plus a ``context``
function turning an observation and the legal moves into what the template
draws, and optionally a small ES module (``static/games/<name>.js``) for
interactions the generic table script does not cover. Games without a page are
shown by :mod:`solotable.web.pages.generic` (their terminal rendering), so every
game is playable in the browser before it gets a drawn table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solotable.core.game import Game, Observation


@dataclass(frozen=True, slots=True)
class Move:
    """One legal move as the page offers it: its id, notation and words."""

    id: int
    notation: str
    words: str


PageContext = Callable[[Game, Observation, Sequence[Move], int], Mapping[str, Any]]
"""``context(game, observation, legal_moves, seat) -> template variables``.

The game is passed for its static facts (title, rules, ``render``), never a state."""


@dataclass(frozen=True, slots=True)
class GamePage:
    """How the web table draws one game."""

    game: str
    template: str
    context: PageContext
    script: str | None = None
    """A module under ``static/`` loaded after the generic table script, or None."""
    seat_names: tuple[str, ...] = ()
    """What the game calls its seats ("White", "Black"); empty: "You" and the AI."""


_PAGES: dict[str, GamePage] = {}


def register_page(page: GamePage) -> GamePage:
    _PAGES[page.game] = page
    return page


def page_for(game: str) -> GamePage:
    """The game's page, or the generic page that shows its terminal rendering."""
    _load_builtin()
    return _PAGES.get(game) or _PAGES["*"]


def _load_builtin() -> None:
    if _PAGES:
        return
    from solotable.web.pages import dice_miner, divercite, generic

    for module in (divercite, dice_miner, generic):
        register_page(module.PAGE)
