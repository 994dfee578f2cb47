"""The one Jinja2 environment of the web table's pages (lobby, table, history, replay).

Kept apart from ``web.app`` so that the modules that add routes to the app (``looking_back``)
render with the very same environment — filters, i18n, autoescape — without importing the app.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from solotable.web.dates import said_when
from solotable.web.i18n import current, install

TEMPLATES = Path(__file__).parent / "templates"


def when(t: Any) -> str:
    """A stored Unix time in the page's words ("today 9:24 AM", "3 nov. 2026, 21:40"; ""
    when absent), in the local time of the computer the server runs on (``web.dates``)."""
    return said_when(t, current())


def export_name(game: str, game_id: str) -> str:
    """A game's file name, ``solotable-<game>-<short id>.json``: the export's header and its
    link's ``download`` (which the browser build saves under). Game names and ids are
    URL-safe characters, so it needs no quoting."""
    return f"solotable-{game}-{game_id[:8]}.json"


@lru_cache(maxsize=1)
def templates() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["when"] = when
    env.globals["export_name"] = export_name
    install(env)
    return env
