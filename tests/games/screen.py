"""Shared checks for the terminal screens of every game (issue 9: screens fit 100×30)."""

from __future__ import annotations

import io
from collections.abc import Iterable

from rich.console import Console

from solotable.core.events import Event
from solotable.session.session import GameSession

WIDTH, HEIGHT = 100, 30


def screen_lines(markup: str, width: int = WIDTH) -> list[str]:
    """The lines a Rich console of ``width`` columns prints for ``markup`` (no wrapping help)."""
    console = Console(
        width=width, record=True, color_system=None, soft_wrap=True, file=io.StringIO()
    )
    console.print(markup)
    return console.export_text().rstrip("\n").splitlines()


def assert_fits(markup: str) -> list[str]:
    """Every line fits 100 columns and the screen 30 lines; returns the lines for more checks."""
    lines = screen_lines(markup)
    too_wide = [line for line in lines if len(line) > WIDTH]
    assert not too_wide, f"lines wider than {WIDTH}: {too_wide}"
    assert len(lines) <= HEIGHT, f"{len(lines)} lines:\n" + "\n".join(lines)
    return lines


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(session: GameSession, kind: str) -> list[Event]:
    return [e for e in session.events if e.kind == kind]
