"""The fallback page: a game's own terminal rendering, as HTML, with its moves as buttons.

Until a game gets a drawn table (issue 11 for the card games), it is still
playable in the browser: ``game.render`` is written for an observation, so
converting its Rich markup to HTML shows exactly what the terminal shows.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from solotable.core.game import Game, Observation
from solotable.web.pages.base import GamePage, Move
from solotable.words import Words


def render_html(game: Game, obs: Observation, w: Words) -> str:
    """The observation's terminal view as an HTML ``<pre>`` block with inline colours."""
    console = Console(file=io.StringIO(), record=True, width=110, color_system="truecolor")
    console.print(w.render(game, obs))
    return console.export_html(inline_styles=True, code_format="<pre class='term'>{code}</pre>")


def context(
    game: Game, obs: Observation, moves: Sequence[Move], seat: int, w: Words
) -> dict[str, Any]:
    return {"terminal_html": render_html(game, obs, w)}


PAGE = GamePage("*", "games/generic.html", context)
