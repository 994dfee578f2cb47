"""Running a test's own code in a thread of its own: no event loop but its own.

A test process may have an event loop running in its main thread between tests (Playwright's
sync API keeps one there once a browser test has run), so ``asyncio.run`` there fails, and
code that looks for a running loop would find that one. These helpers run the call in a new
thread, which has no loop unless the call makes one."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def apart(call: Callable[[], T]) -> T:
    """``call()`` in a new thread; its result, or its exception raised here."""
    out: list[Any] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            out.append(call())
        except BaseException as e:  # re-raised in the test's thread
            failed.append(e)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if failed:
        raise failed[0]
    return out[0]


def run_apart(coroutine: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run`` of ``coroutine()`` in a new thread."""
    return apart(lambda: asyncio.run(coroutine()))
