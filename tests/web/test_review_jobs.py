"""``web.review_jobs``: one review per game, one computing at a time, never twice for notes
already kept (a review that ended between the page's look and its request)."""

from __future__ import annotations

import threading
from typing import Any

from solotable.web.review_jobs import ReviewJobs
from tests.apart import apart, run_apart


def test_notes_kept_already_are_not_reviewed_again() -> None:
    kept: dict[str, dict[int, Any]] = {"g": {3: "note"}}
    jobs = ReviewJobs(kept.__setitem__, kept.get)
    calls: list[str] = []

    def review() -> Any:
        calls.append("g")
        return {}
        yield  # a generator: the review's steps

    job = jobs.start("g", review)
    assert job.finished.is_set() and job.notes == {3: "note"} and calls == []
    assert jobs.get("g") is None


def test_a_finished_review_is_kept_and_its_job_forgotten_together() -> None:
    kept: dict[str, dict[int, Any]] = {}
    jobs = ReviewJobs(kept.__setitem__, kept.get)
    go = threading.Event()

    def review() -> Any:
        yield 1, 2
        go.wait(30)
        return {1: "note"}

    job = jobs.start("g", review)
    assert jobs.start("g", review) is job  # one job per game
    go.set()
    assert job.finished.wait(30)
    assert kept == {"g": {1: "note"}} and job.notes == {1: "note"} and jobs.get("g") is None
    assert (job.done, job.total, job.percent, job.waiting) == (1, 2, 50, False)


def test_inline_a_review_runs_in_slices_between_the_event_loops_other_work() -> None:
    """No thread (the browser build): the review's first part runs within ``start``, the
    rest on the event loop, and what the loop does in between sees its progress grow."""
    import asyncio
    import time

    kept: dict[str, dict[int, Any]] = {}
    jobs = ReviewJobs(kept.__setitem__, kept.get, inline=True)

    def steps() -> Any:
        for i in range(1, 6):
            time.sleep(0.06)  # longer than a slice: one step per turn of the loop
            yield i, 5
        return {4: "note"}

    async def main() -> list[int]:
        job = jobs.start("g", steps, first_wait=0.0)
        assert job.done == 1 and not job.finished.is_set()  # one step before the answer
        seen = []
        while not job.finished.is_set():
            seen.append(job.done)
            await asyncio.sleep(0)
        assert job.notes == {4: "note"} and kept == {"g": {4: "note"}}
        return seen

    seen = run_apart(main)
    assert seen == sorted(seen) and len(set(seen)) >= 3, seen
    assert jobs.get("g") is None


def test_inline_without_an_event_loop_the_review_finishes_in_start() -> None:
    kept: dict[str, dict[int, Any]] = {}
    jobs = ReviewJobs(kept.__setitem__, kept.get, inline=True)

    def steps() -> Any:
        yield 1, 2
        yield 2, 2
        return {1: "n"}

    job = apart(lambda: jobs.start("g", steps))
    assert job.finished.is_set() and job.notes == {1: "n"} and job.percent == 100
