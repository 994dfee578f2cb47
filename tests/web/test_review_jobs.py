"""``web.review_jobs``: one review per game, one computing at a time, never twice for notes
already kept (a review that ended between the page's look and its request)."""

from __future__ import annotations

import threading
from typing import Any

from solotable.web.review_jobs import ReviewJobs


def test_notes_kept_already_are_not_reviewed_again() -> None:
    kept: dict[str, dict[int, Any]] = {"g": {3: "note"}}
    jobs = ReviewJobs(kept.__setitem__, kept.get)
    calls: list[str] = []

    def review(progress: Any) -> dict[int, Any]:
        calls.append("g")
        return {}

    job = jobs.start("g", review)
    assert job.finished.is_set() and job.notes == {3: "note"} and calls == []
    assert jobs.get("g") is None


def test_a_finished_review_is_kept_and_its_job_forgotten_together() -> None:
    kept: dict[str, dict[int, Any]] = {}
    jobs = ReviewJobs(kept.__setitem__, kept.get)
    go = threading.Event()

    def review(progress: Any) -> dict[int, Any]:
        progress(1, 2)
        go.wait(30)
        return {1: "note"}

    job = jobs.start("g", review)
    assert jobs.start("g", review) is job  # one job per game
    go.set()
    assert job.finished.wait(30)
    assert kept == {"g": {1: "note"}} and job.notes == {1: "note"} and jobs.get("g") is None
    assert (job.done, job.total, job.percent, job.waiting) == (1, 2, 50, False)
