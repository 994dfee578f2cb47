"""Reviews of finished games, run in the background with their progress (the replay page).

A review asks the hint agent about every decision of the player, about a CPU second each
(issue 25), so a whole game takes a minute or more. Computed inside the request, the page
stayed blank for that minute with nothing to say it was working. Here a review runs in a
thread of its own (where Python has no thread, in slices between requests); the replay page
waits a moment (a short review is shown at once) and otherwise answers with a progress page
that polls the review's progress (a JSON route of ``web.looking_back``) until the review is
done. One review runs at a time: the machine has few cores, and the table must stay quick
for the player while a review thinks.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class ReviewJob:
    """One review: its progress, then its notes or the error that stopped it."""

    done: int = 0
    total: int = 0
    waiting: bool = True
    """Queued behind another review (one computes at a time)."""
    notes: dict[int, Any] | None = None
    error: Exception | None = None
    finished: threading.Event = field(default_factory=threading.Event)

    def advance(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    @property
    def percent(self) -> int:
        """Whole percent of the record looked at (0 before the first decision)."""
        return self.done * 100 // self.total if self.total else 0


Steps = Generator[tuple[int, int], None, dict[int, Any]]
"""A review run one action at a time: yields ``(actions looked at, actions in the record)``
(``session.review.review_steps``), returns the notes."""
SLICE = 0.05
"""Seconds of review between two requests when there is no thread to run it (``inline``):
one decision at least, each about a CPU second, then the worker answers what is waiting."""


class ReviewJobs:
    """The reviews under way, by game id; each writes its notes with ``keep`` when done,
    and ``kept`` reads them back (a game reviewed already is not reviewed again)."""

    def __init__(
        self,
        keep: Callable[[str, dict[int, Any]], None],
        kept: Callable[[str], dict[int, Any] | None],
        *,
        inline: bool = False,
    ) -> None:
        """``inline``: no thread (the browser build's Python has none): a review runs in
        slices on the app's event loop, between the requests it answers, so the progress
        page and the table keep answering while it thinks."""
        self.inline = inline
        self._keep = keep
        self._kept = kept
        self._lock = threading.Lock()
        self._slot = threading.Lock()  # one review computes at a time
        self._jobs: dict[str, ReviewJob] = {}
        self._queue: deque[tuple[str, ReviewJob, Steps]] = deque()
        self._scheduled = False

    def start(
        self, game_id: str, review: Callable[[], Steps], first_wait: float = 0.0
    ) -> ReviewJob:
        """The job reviewing ``game_id``, started now unless one is under way or its notes
        are kept already (a review that ended since the caller looked: a finished job).
        ``review()`` gives the review's steps, which a thread runs (``inline``: this call,
        then the event loop, a slice at a time). Returns once it is done or after
        ``first_wait`` seconds (a short review's marks open at once)."""
        with self._lock:
            job = self._jobs.get(game_id)
            if job is None:
                notes = self._kept(game_id)
                if notes is not None:
                    job = ReviewJob(waiting=False, notes=notes)
                    job.finished.set()
                    return job
                job = self._jobs[game_id] = ReviewJob()
                if self.inline:
                    self._queue.append((game_id, job, review()))
                else:
                    worker = threading.Thread(
                        target=self._run, args=(game_id, job, review), daemon=True, name="review"
                    )
                    worker.start()
        if self.inline:
            self._advance(time.monotonic() + first_wait)
        else:
            job.finished.wait(first_wait)
        return job

    def get(self, game_id: str) -> ReviewJob | None:
        with self._lock:
            return self._jobs.get(game_id)

    def forget(self, game_id: str, job: ReviewJob) -> None:
        """Drop a finished job whose error was reported (the next request tries again)."""
        with self._lock:
            if self._jobs.get(game_id) is job:
                del self._jobs[game_id]

    def _run(self, game_id: str, job: ReviewJob, review: Callable[[], Steps]) -> None:
        with self._slot:
            job.waiting = False
            self._drive(game_id, job, review(), None)

    def _drive(self, game_id: str, job: ReviewJob, steps: Steps, until: float | None) -> bool:
        """Run ``steps`` to its end (True), or until the clock passes ``until`` (False)."""
        try:
            while True:
                try:
                    done, total = next(steps)
                except StopIteration as end:
                    notes: dict[int, Any] = end.value
                    break
                job.advance(done, total)
                if until is not None and time.monotonic() >= until:
                    return False
        except Exception as e:  # kept for the request that reports it
            job.error = e
        else:
            with self._lock:  # kept and done at once: ``start`` sees one or the other
                self._keep(game_id, notes)
                job.notes = notes
                if self._jobs.get(game_id) is job:
                    del self._jobs[game_id]
        job.finished.set()
        return True

    def _advance(self, until: float) -> None:
        """Inline: the queued reviews, one after the other, until ``until``; the rest is
        left to the event loop (after the answer), or done now when there is no loop."""
        while self._queue:
            game_id, job, steps = self._queue[0]
            job.waiting = False
            if not self._drive(game_id, job, steps, until):
                break
            self._queue.popleft()
        if not self._queue or self._scheduled:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # called outside any event loop: finish here
            self._advance(float("inf"))
            return
        self._scheduled = True
        loop.call_soon(self._tick)

    def _tick(self) -> None:
        self._scheduled = False
        self._advance(time.monotonic() + SLICE)
