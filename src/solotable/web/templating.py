"""The one Jinja2 environment of the web table's pages (lobby, table, history, replay).

Kept apart from ``web.app`` so that the modules that add routes to the app (``looking_back``)
render with the very same environment — filters, i18n, autoescape — without importing the app.
"""

from __future__ import annotations

import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from solotable.web.i18n import install

TEMPLATES = Path(__file__).parent / "templates"


def when(t: Any) -> str:
    """A stored Unix time as the player's local date and minute ("" when absent)."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(float(t))) if t else ""


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
