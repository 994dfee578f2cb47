"""Game pages: how one game's observation is drawn, registered by game name.

A page is a template (``templates/games/<name>.html``) plus a ``context``
function turning an observation and the legal moves into what the template
draws, and optionally a small ES module (``static/games/<name>.js``) for
interactions the generic table script does not cover. Games without a page are
shown by :mod:`solotable.web.pages.generic` (their terminal rendering), so every
game is playable in the browser before it gets a drawn table.
"""

from __future__ import annotations

from dataclasses import replace

from solotable.web.pages.base import GamePage, Move, PageContext

__all__ = ["GamePage", "Move", "PageContext", "page_for", "register_page"]

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
    from solotable.web.pages import (
        dice_miner,
        divercite,
        fifty_first_state,
        generic,
        mini_divercity,
    )

    for module in (divercite, dice_miner, mini_divercity, fifty_first_state, generic):
        register_page(module.PAGE)
    from solotable.web.pages import reveals

    for name, reveal in (
        ("dice-miner", reveals.dice_miner),
        ("mini-divercity", reveals.mini_divercity),
        ("51st-state", reveals.fifty_first_state),
    ):
        register_page(replace(_PAGES[name], reveal=reveal))
