"""Shared helpers for the benchmark scripts (run them directly, not under pytest)."""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Callable, Mapping


def machine() -> str:
    """A one-line description of where the figure was measured."""
    return f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}"


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
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k:>28}: {v:,.1f}")
        print(f"{'machine':>28}: {machine()}")
