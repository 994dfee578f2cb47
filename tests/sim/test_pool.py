"""The local pool of ``simulate --jobs`` (``sim.pool``): results in order, and no way
for a dying worker, an interrupt or an abandoned run to hang it or lose finished work.

Deadlines are generous (a loaded machine is slow) and nothing asserts a speed: a hang shows as
a test that fails at its deadline instead of one that never ends.
"""

from __future__ import annotations

import os
import signal
import struct
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from solotable.sim.pool import OrderedPool, WorkerDied

pytestmark = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX timers")


def square_after(task: tuple[int, float]) -> int:
    number, pause = task
    time.sleep(pause)
    return number * number


def fail_on_three(number: int) -> int:
    if number == 3:
        raise ValueError("three is refused")
    return number


def half_answer_then_die(number: int) -> str:
    """Task 2 writes the start of an answer on its pipe (a header announcing 1 MB, then
    100 bytes) and dies: exactly what a worker killed in the middle of sending a batch's
    records leaves, and what hung ProcessPoolExecutor. The pipe is the one ``_serve``
    (the caller's frame) reads its tasks from."""
    if number == 2:
        conn = sys._getframe(1).f_locals["conn"]
        os.write(conn.fileno(), struct.pack("!i", 1 << 20) + b"x" * 100)
        os._exit(1)
    time.sleep(0.05 * number)
    return str(number)


def note_start(task: tuple[str, int]) -> int:
    folder, number = task
    Path(folder, f"{number}.started").touch()
    time.sleep(0.4)
    return number


def sleep_unless_zero(number: int) -> int:
    if number:
        time.sleep(3600)
    return number


def within(
    seconds: float, run: Callable[[], object]
) -> dict[str, object]:  # a hang fails the test instead of stopping the suite
    out: dict[str, object] = {}

    def target() -> None:
        try:
            out["value"] = run()
        except BaseException as e:
            out["error"] = e

    t = threading.Thread(target=target, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"still running after {seconds} s: the pool hangs"
    return out


def test_results_come_in_the_order_of_the_tasks_whatever_order_they_finish_in() -> None:
    tasks = [(n, 0.2 if n % 3 == 0 else 0.0) for n in range(23)]
    with OrderedPool(3, square_after) as pool:
        assert list(pool.results(tasks)) == [n * n for n in range(23)]


def test_an_exception_of_a_task_is_raised_in_its_turn_after_the_results_before_it() -> None:
    got: list[int] = []
    with OrderedPool(2, fail_on_three) as pool, pytest.raises(ValueError, match="three"):
        for r in pool.results(range(8)):
            got.append(r)
    assert got == [0, 1, 2]


def test_a_worker_killed_in_the_middle_of_its_answer_ends_the_run_and_keeps_the_rest() -> None:
    pool = OrderedPool(2, half_answer_then_die)

    def run() -> list[str]:
        got: list[str] = []
        with pool:
            try:
                for r in pool.results(range(12)):
                    got.append(r)
            except WorkerDied:
                return got
        raise AssertionError("the run went on after a worker died")

    try:
        out = within(120, run)
    finally:  # a hung pool would keep the test session from ending
        for w in pool._workers:
            if w.process.is_alive():
                w.process.kill()
    assert "error" not in out, out.get("error")
    got = out["value"]
    assert isinstance(got, list)
    assert got[:2] == ["0", "1"] and len(got) < 12  # finished work kept; no task after it


def test_an_interrupt_finishes_the_running_tasks_and_yields_every_one_started(
    tmp_path: Path,
) -> None:
    got: list[int] = []

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.6)
    try:
        with OrderedPool(2, note_start) as pool, pytest.raises(KeyboardInterrupt):
            for r in pool.results((str(tmp_path), n) for n in range(20)):
                got.append(r)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    started = sorted(int(p.stem) for p in tmp_path.glob("*.started"))
    assert got == started  # every task begun was finished and handed over, in order
    assert 1 <= len(got) < 20  # and none began after the interrupt


def test_an_abandoned_run_ends_its_workers_without_waiting_for_their_tasks() -> None:
    pool = OrderedPool(2, sleep_unless_zero)
    workers = [w.process for w in pool._workers]

    def abandon() -> int:
        results = pool.results(range(4))
        first = next(results)  # tasks 1 and 2 are now running, for an hour
        results.close()
        pool.close()
        return first

    out = within(60, abandon)
    assert out == {"value": 0}
    assert not any(p.is_alive() for p in workers)
