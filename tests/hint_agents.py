"""Setting a game's hint (and review) agent for one test, and the hint's spec less its CPU cap.

Many tests swap the hint agent: for a small budget (pages, not search strength), a research
agent (which must be refused), or the hint without its CPU cap (the one part of the budget
that depends on the machine, so the only one that can make two equal hints differ).
"""

from __future__ import annotations

import dataclasses

import pytest

from solotable.core.registry import game_class


def use_hint_agent(monkeypatch: pytest.MonkeyPatch, game: str, spec: str) -> None:
    """Make ``spec`` the hint agent of ``game`` until the test ends."""
    cls = game_class(game)
    monkeypatch.setattr(cls, "info", dataclasses.replace(cls.info, hint_agent=spec))


def without_cpu_cap(spec: str) -> str:
    """``spec`` with its ``cpu=`` parameter taken off (``spimc:work=20000,cpu=1`` →
    ``spimc:work=20000``)."""
    name, _, params = spec.partition(":")
    kept = [p for p in params.split(",") if p and not p.startswith("cpu=")]
    return f"{name}:{','.join(kept)}" if kept else name
