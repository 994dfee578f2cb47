"""A clock that moves only when read, for time-budget tests that count instead of timing.

An agent's ``time.perf_counter`` is replaced by this clock: each read advances it by a
fixed step, so "the search stops once its budget is spent" becomes "the search stopped
after at most budget/step reads", the same on a loaded machine as on an idle one.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest


class FakeClock:
    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.reads = 0

    def perf_counter(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def install(monkeypatch: pytest.MonkeyPatch, module: Any, step: float) -> FakeClock:
    """Give ``module`` a ``time`` whose ``perf_counter`` is a fresh :class:`FakeClock`."""
    clock = FakeClock(step)
    monkeypatch.setattr(module, "time", SimpleNamespace(perf_counter=clock.perf_counter))
    return clock
