"""A process pool that a killed worker cannot hang: one pipe per worker, one thread for all I/O.

``concurrent.futures.ProcessPoolExecutor`` shares one result pipe between its workers, and the
parent holds that pipe's write end too. A worker killed while it writes a result bigger than
the pipe's buffer (50 games with their records) leaves half a message in it: the executor's
thread waits for the rest for ever, so ``simulate`` hung instead of stopping in one line
(CI, 27 November; reproduced with a 50 MB result: 5 hangs in 6 runs). Its shutdown can also
wait for ever on a worker blocked writing a result nobody reads any more.

Here each worker has its own pipe and holds no other: when it dies, whatever it was sending
ends in EOF at once. Every read and write of the pipes happens in one thread of the parent,
where no signal handler ever raises, so a Ctrl-C or SIGTERM (turned into
``KeyboardInterrupt`` by ``sim.run``) never cuts a message in two; the caller's thread
only waits on a queue, which an interrupt leaves whole.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import sys
import threading
from collections.abc import Callable, Generator, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

STOP_GRACE_SECONDS = 5.0
"""How long a worker told to stop may take before it is terminated, then killed."""


class WorkerDied(Exception):
    """A worker process ended without answering (a signal, the out-of-memory killer)."""


def _serve(
    conn: Connection,
    inherited: list[Connection],
    initializer: Callable[..., None] | None,
    initargs: tuple[Any, ...],
) -> None:
    """A worker's life: answer each ``(function, argument)`` with ``(True, result)`` or
    ``(False, exception)`` until told ``None`` or the parent's end closes.

    The pipes of the other workers, inherited through ``fork``, are closed first: a worker
    holding its sibling's pipe open would keep the parent from seeing that sibling's EOF."""
    for other in inherited:
        other.close()
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        function, argument = task
        try:
            reply: tuple[bool, Any] = (True, function(argument))
        except Exception as e:  # handed to the parent, which raises it in its turn
            reply = (False, e)
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
        except Exception as e:  # an exception that does not pickle: its words still go
            conn.send((False, RuntimeError(f"{type(e).__name__}: {e}")))


class _Worker:
    __slots__ = ("conn", "process", "task")

    def __init__(self, conn: Connection, process: multiprocessing.process.BaseProcess) -> None:
        self.conn = conn
        self.process = process
        self.task: int | None = None
        """The number of the task it is playing, or None when idle."""


_DONE = object()
"""The I/O thread's last word: every task handed out has been answered, or its worker died."""


class OrderedPool(Generic[T, R]):
    """``jobs`` worker processes that call ``function`` on each task and hand the results
    back in the order of the tasks (:meth:`results`)."""

    def __init__(
        self,
        jobs: int,
        function: Callable[[T], R],
        *,
        initializer: Callable[..., None] | None = None,
        initargs: tuple[Any, ...] = (),
        ahead: int | None = None,
    ) -> None:
        # fork, as ProcessPoolExecutor does on Linux: workers start at once with the
        # parent's modules; elsewhere spawn, which inherits no pipe anyway.
        fork = sys.platform.startswith("linux")
        ctx: multiprocessing.context.ForkContext | multiprocessing.context.SpawnContext = (
            multiprocessing.get_context("fork") if fork else multiprocessing.get_context("spawn")
        )
        self._function = function
        self._ahead = ahead if ahead is not None else 4 * jobs
        """Tasks handed out but not yet taken by the caller, at most (memory stays flat)."""
        ends = [ctx.Pipe() for _ in range(jobs)]
        self._workers: list[_Worker] = []
        for k, (mine, theirs) in enumerate(ends):
            inherited = [c for j, pair in enumerate(ends) for c in pair if j != k] + [mine]
            process = ctx.Process(
                target=_serve,
                args=(theirs, inherited if fork else [], initializer, initargs),
                name=f"solotable-worker-{k}",
            )
            process.start()
            theirs.close()
            self._workers.append(_Worker(mine, process))
        self._wake_read, self._wake_write = os.pipe()
        os.set_blocking(self._wake_write, False)
        self._stop = threading.Event()
        self._taken = 0
        """Tasks whose results the caller has taken (written by the caller's thread only)."""
        self._answers: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    # -- the caller's side ------------------------------------------------------------------

    def results(self, tasks: Iterable[T]) -> Generator[R, None, None]:
        """Run ``tasks`` and yield their results in order.

        On ``KeyboardInterrupt`` no further task starts, the running ones finish and every
        result in hand is yielded (in order) before the interrupt is raised again. A worker
        that dies ends the run the same way, with :class:`WorkerDied`. An exception raised
        by ``function`` is raised here, in its task's turn."""
        self._thread = threading.Thread(
            target=self._io, args=(iter(tasks),), name="solotable-pool-io", daemon=True
        )
        self._thread.start()
        held: dict[int, tuple[bool, Any]] = {}
        died = False
        try:
            while True:
                answer = self._answers.get()
                if answer is _DONE:
                    break
                if isinstance(answer, WorkerDied):
                    died = True
                    continue
                number, ok, value = answer
                held[number] = (ok, value)
                while self._taken in held:
                    ok, value = held.pop(self._taken)
                    if not ok:
                        raise value
                    self._taken += 1
                    self._wake()
                    yield value
        except KeyboardInterrupt:
            yield from self._finish_running(held)
            raise
        if died:  # results after a dead worker's task: finished work is kept
            yield from self._in_order(held)
            raise WorkerDied("a worker process died")

    def _finish_running(self, held: dict[int, tuple[bool, Any]]) -> Iterator[R]:
        """After an interrupt: start nothing more, wait for the running tasks, yield all."""
        self._stop.set()
        self._wake()
        while (answer := self._answers.get()) is not _DONE:
            if not isinstance(answer, WorkerDied):
                number, ok, value = answer
                held[number] = (ok, value)
        yield from self._in_order(held)

    @staticmethod
    def _in_order(held: dict[int, tuple[bool, Any]]) -> Iterator[R]:
        for number in sorted(held):
            ok, value = held.pop(number)
            if ok:
                yield value

    def _wake(self) -> None:
        with contextlib.suppress(BlockingIOError, OSError):  # already awake, or closed
            os.write(self._wake_write, b".")

    def close(self) -> None:
        """End the workers: at once if tasks are still running (an abandoned run), else
        politely; never wait on one for ever."""
        self._stop.set()
        self._wake()
        busy = [w for w in self._workers if w.task is not None]
        for w in busy:
            w.process.terminate()
        if self._thread is not None:
            self._thread.join(STOP_GRACE_SECONDS)
        if self._thread is None or not self._thread.is_alive():
            for w in self._workers:
                with contextlib.suppress(OSError):
                    w.conn.close()
        for w in self._workers:
            w.process.join(STOP_GRACE_SECONDS)
            if w.process.is_alive():
                w.process.terminate()
                w.process.join(1.0)
            if w.process.is_alive():
                w.process.kill()
                w.process.join(1.0)
        for fd in (self._wake_read, self._wake_write):
            with contextlib.suppress(OSError):
                os.close(fd)

    def __enter__(self) -> OrderedPool[T, R]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the I/O thread -----------------------------------------------------------------------

    def _io(self, tasks: Iterator[T]) -> None:
        """Hand tasks to idle workers, read their answers, notice their deaths; end with
        ``_DONE`` once nothing is running and nothing more may start."""
        try:
            self._serve_tasks(tasks)
        except BaseException as e:  # a fault here must reach the caller, never hang it
            self._answers.put((self._taken, False, e))
        finally:
            for w in self._workers:
                if w.task is None and w.process.is_alive():
                    with contextlib.suppress(OSError, ValueError):
                        w.conn.send(None)
            self._answers.put(_DONE)

    def _serve_tasks(self, tasks: Iterator[T]) -> None:
        alive = list(self._workers)
        handed = 0
        exhausted = False
        while True:
            idle = [w for w in alive if w.task is None]
            while idle and not exhausted and not self._stop.is_set():
                if handed - self._taken >= self._ahead:
                    break
                task = next(tasks, _DONE)
                if task is _DONE:
                    exhausted = True
                    break
                w = idle.pop()
                try:
                    w.conn.send((self._function, task))
                except OSError:  # it died while idle: the task goes to nobody
                    self._lose(w, alive)
                    break
                w.task = handed
                handed += 1
            busy = [w for w in alive if w.task is not None]
            if not busy and (exhausted or self._stop.is_set() or not alive):
                return
            ready = wait(
                [w.conn for w in busy] + [w.process.sentinel for w in alive] + [self._wake_read]
            )
            if self._wake_read in ready:
                with contextlib.suppress(BlockingIOError):
                    os.read(self._wake_read, 4096)
            for w in busy:  # answers first: a worker that answered, then died, is counted
                if w.conn in ready:
                    try:
                        ok, value = w.conn.recv()
                    except (EOFError, OSError):  # it died in the middle of its answer
                        self._lose(w, alive)
                        continue
                    self._answers.put((w.task, ok, value))
                    w.task = None
            for w in list(alive):
                # A busy worker's death shows as the end of its pipe, read above (next turn
                # if the pipe was not ready yet): only an idle one is lost on its sentinel.
                if w.task is None and w.process.sentinel in ready:
                    self._lose(w, alive)

    def _lose(self, worker: _Worker, alive: list[_Worker]) -> None:
        """A worker died: nothing more starts, and the run ends with what is finished."""
        alive.remove(worker)
        worker.task = None
        self._stop.set()
        self._answers.put(WorkerDied())
