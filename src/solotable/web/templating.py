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


@lru_cache(maxsize=1)
def templates() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["when"] = when
    install(env)
    return env
