"""Shared helpers for the benchmark scripts (run them directly, not under pytest)."""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Callable, Mapping
from typing import Any

from solotable import accel


def machine() -> str:
    """A one-line description of where the figure was measured, and whether the rules ran
    compiled (``solotable.accel``: ``compiled``, ``not built``, ``stale`` or ``pure``)."""
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return f"{python} on {platform.machine()}, rules {accel.STATE}"


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def rate(run_once: Callable[[int], int], seconds: float) -> float:
    """Units per second of ``run_once(i)`` (which returns units done) over ``seconds``."""
    done = 0
    i = 0
    start = time.perf_counter()
    while True:
        done += run_once(i)
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def report(figures: Mapping[str, float], as_json: bool) -> None:
    if as_json:
        print(json.dumps({**figures, "rules": accel.STATE}))
    else:
        for k, v in figures.items():
            print(f"{k:>28}: {v:,.1f}")
        print(f"{'machine':>28}: {machine()}")


def pick_from_mask(kind: str) -> Callable[[Any], int]:
    """A uniform legal action from an environment's action mask. ``numpy`` is the sampler
    of the figures before issue 21's speed work, ``rng.choice(np.flatnonzero(mask))``
    (about 45 µs on 51st State's 11,743-entry mask, more than a whole step now); ``fast``
    (the default) views the ``int8`` mask as booleans, whose ``nonzero`` is about 20×
    cheaper, and draws with ``randrange``."""
    import random

    import numpy as np

    if kind == "numpy":
        gen = np.random.default_rng(1)
        return lambda mask: int(gen.choice(np.flatnonzero(mask)))
    rng = random.Random(1)

    def pick(mask: Any) -> int:
        legal = mask.view(np.bool_).nonzero()[0]
        return int(legal[rng.randrange(len(legal))])

    return pick
