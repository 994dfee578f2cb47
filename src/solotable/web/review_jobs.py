"""Reviews of finished games, run in the background with their progress (the replay page).

A review asks the hint agent about every decision of the player, about a CPU second each
(issue 25), so a whole game takes a minute or more. Computed inside the request, the page
stayed blank for that minute with nothing to say it was working. Here a review runs in a
thread of its own; the replay page waits a moment (a short review is shown at once) and
otherwise answers with a progress page that polls the review's progress (a JSON route of
``web.looking_back``) until the review is done. One review runs at a time: the machine has
few cores, and the table must stay quick for the player while a review thinks.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Progress = Callable[[int, int], None]
"""``(actions looked at, actions in the record)``, as ``session.review.review_record`` reports."""


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
        """``inline``: a review runs within the request that starts it (Python without
        threads: the browser build, whose page the Web Worker keeps responsive)."""
        self.inline = inline
        self._keep = keep
        self._kept = kept
        self._lock = threading.Lock()
        self._slot = threading.Lock()  # one review computes at a time
        self._jobs: dict[str, ReviewJob] = {}

    def start(self, game_id: str, review: Callable[[Progress], dict[int, Any]]) -> ReviewJob:
        """The job reviewing ``game_id``, started now unless one is under way or its notes
        are kept already (a review that ended since the caller looked: a finished job)."""
        started: ReviewJob | None = None
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
                    started = job
                else:
                    worker = threading.Thread(
                        target=self._run, args=(game_id, job, review), daemon=True, name="review"
                    )
                    worker.start()
            if started is None:
                return job
        self._run(game_id, started, review)  # inline: done before the answer, lock released
        return started

    def get(self, game_id: str) -> ReviewJob | None:
        with self._lock:
            return self._jobs.get(game_id)

    def forget(self, game_id: str, job: ReviewJob) -> None:
        """Drop a finished job whose error was reported (the next request tries again)."""
        with self._lock:
            if self._jobs.get(game_id) is job:
                del self._jobs[game_id]

    def _run(
        self, game_id: str, job: ReviewJob, review: Callable[[Progress], dict[int, Any]]
    ) -> None:
        try:
            with self._slot:
                job.waiting = False
                notes = review(job.advance)
        except Exception as e:  # kept for the request that reports it
            job.error = e
        else:
            with self._lock:  # kept and done at once: ``start`` sees one or the other
                self._keep(game_id, notes)
                job.notes = notes
                if self._jobs.get(game_id) is job:
                    del self._jobs[game_id]
        finally:
            job.finished.set()
