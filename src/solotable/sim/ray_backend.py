"""Simulations on Ray (``solotable[ray]``): the same games as the local pool, on a cluster.

``iter_games(..., backend="ray")`` comes here with its batch function (a game-agnostic
map over game indices, so that this module needs nothing from ``sim.simulation``). The
run's games are cut into batches (``sim.batches``: thousands of games per task for big
runs, so Ray's per-task cost of a few milliseconds is lost in seconds of play; smaller ones
at the end), at most two tasks per worker are in flight (memory stays flat), and results
are yielded in game order as tasks finish (``ray.wait``). Each game's seeds depend only on
its index, and the summary's sums are exact, so a run gives the same summary here as in
the local pool.

Ray is imported only here, and only when a run asks for it: ``solotable`` starts without
it, and ``--backend ray`` without it is a one-line user error.

A stop (Ctrl-C, or SIGTERM turned into ``KeyboardInterrupt`` by ``sim.run``) stops
the tasks (:class:`StopFlag`): those not started return at once, those running stop after
their current game and hand back the games they finished, which are yielded before the
interrupt is raised again — no finished game is lost, and ``--resume`` plays the rest.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import signal
import socket
import tempfile
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from types import ModuleType
from typing import Any

from solotable.core.errors import SolotableError
from solotable.sim.batches import guided_batches

MAX_TASK_GAMES = 2_000
"""Games per task at most: at ~10–30 ms a game, a task of 2,000 is 20–60 s of play,
against a few ms of Ray overhead per task (docs/benchmarks.md, "Simulation scaling")."""
MAX_TASK_GAMES_WITH_RECORDS = 50
"""With ``--records`` each result carries its record (kilobytes): smaller tasks keep the
results in flight small."""
MIN_TASK_GAMES = 8
"""Games per task at least (but the last): the run's last tasks shrink (guided batches,
``sim.batches``) down to this."""
POLL_SECONDS = 0.2
"""``ray.wait`` returns at least this often so that signal handlers run."""
STOP_POLL_SECONDS = 0.5
"""A task looks whether the run was stopped at most this often (and before its first game)."""
INSTALL_HINT = "--backend ray needs Ray: pip install 'solotable[ray]'"


class RayBackendError(SolotableError):
    """Ray missing, a cluster that cannot be reached, or a worker or node lost."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or a one-line error saying how to install it."""
    try:
        import ray
    except ImportError:
        raise RayBackendError(INSTALL_HINT) from None
    return ray


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse at once a ``host:port`` (or ``ray://host:port``) nobody answers on: Ray itself
    would retry for minutes, writing warnings. Other forms (``auto``) are left to Ray."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit() or not host:
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as e:
        reason = e.strerror or type(e).__name__
        raise RayBackendError(
            f"--address {address}: cannot reach a Ray cluster there ({reason})"
        ) from None


@contextlib.contextmanager
def ray_session(address: str | None, workers: int | None) -> Iterator[ModuleType]:
    """Ray, connected for the run: an existing connection is used as it is; otherwise
    a local Ray is started (``address`` None) or the cluster at ``address`` is joined,
    and shut down at the end. Quiet on stdout, its files in a temporary folder removed
    afterwards, and the caller's SIGINT/SIGTERM handlers kept (``ray.init`` replaces
    the SIGTERM one)."""
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    address = address or os.environ.get("RAY_ADDRESS") or None
    kwargs: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.ERROR,
    }
    tmp: str | None = None
    if address is not None:
        check_reachable(address)
    else:
        tmp = tempfile.mkdtemp(prefix="solotable-ray-")
        kwargs.update(
            num_cpus=workers or os.cpu_count() or 1,
            _temp_dir=tmp,
            object_store_memory=200 * 2**20,
        )
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        try:
            ray.init(address=address, **kwargs)
        except (ConnectionError, RuntimeError, ValueError, TimeoutError) as e:
            where = f"at {address}" if address else "locally"
            raise RayBackendError(f"cannot start Ray {where}: {_first_line(e)}") from None
        finally:
            for s, h in handlers.items():
                signal.signal(s, h)
        yield ray
    finally:
        with contextlib.suppress(Exception):
            ray.shutdown()
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


def _get(ray: ModuleType, ref: Any) -> list[Any]:
    """A task's games; a game's own error re-raised as the local pool raises it."""
    try:
        result: list[Any] = ray.get(ref)
    except ray.exceptions.RayTaskError as e:
        cause = getattr(e, "cause", None)
        if isinstance(cause, Exception):
            raise cause from None
        raise RayBackendError(f"a Ray task failed: {_first_line(e)}") from None
    except ray.exceptions.RayError as e:
        raise RayBackendError(f"Ray: {type(e).__name__}: {_first_line(e)}") from None
    return result


class StopFlag:
    """Whether the run was stopped, as seen from a task: the run's stop actor exists.

    A stop is cooperative rather than ``ray.cancel``: cancelling a task as it completes
    can abort the driver inside Ray (seen with Ray 2.60 under load: "Tried to complete
    task that was not pending"). Tasks look between games, at most every
    ``STOP_POLL_SECONDS`` (one lookup, ~1 ms), and at their start, so queued tasks
    return at once and running ones after their current game."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.next_look = 0.0

    def __call__(self) -> bool:
        now = time.monotonic()
        if now < self.next_look:
            return False
        self.next_look = now + STOP_POLL_SECONDS
        try:
            import_ray().get_actor(self.name)
        except ValueError:
            return False
        return True


class _StopSignal:
    """The stop actor: its existence is the signal (it has nothing to do)."""

    def ping(self) -> bool:
        return True


def _task(play: Callable[..., None], batch: list[int], stop: str, *common: Any) -> list[Any]:
    """A Ray task: ``play`` over a batch until done or stopped; the items it finished."""
    done: list[Any] = []
    play(batch, *common, done=done, should_stop=StopFlag(stop))
    return done


def ray_batches(
    play: Callable[..., None],
    common: tuple[Any, ...],
    indices: Sequence[int],
    *,
    workers: int | None,
    keep_record: bool,
    address: str | None,
) -> Iterator[Any]:
    """``play(batch, *common, done=list, should_stop=callable)`` over batches of
    ``indices`` in Ray tasks; the items appended to ``done`` yielded in order. ``play`` is
    a module-level function (workers import it) that returns early once ``should_stop()``
    is true."""
    with ray_session(address, workers) as ray:
        if workers is None:
            workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        cap = MAX_TASK_GAMES_WITH_RECORDS if keep_record else MAX_TASK_GAMES
        batches = guided_batches(indices, workers, cap, MIN_TASK_GAMES)
        task = ray.remote(num_cpus=1)(_task)
        stop_name = f"solotable-stop-{uuid.uuid4().hex}"
        stopper: list[Any] = []
        window = 2 * workers
        running: dict[Any, int] = {}  # task → its batch number
        ready: dict[int, deque[Any]] = {}  # finished, waiting for earlier batches
        submitted = following = 0

        def submit(batch: list[int]) -> None:
            nonlocal submitted
            running[task.remote(play, batch, stop_name, *common)] = submitted
            submitted += 1

        def stop_tasks() -> None:
            if not stopper:
                actor = ray.remote(num_cpus=0)(_StopSignal)
                stopper.append(actor.options(name=stop_name).remote())

        try:
            while True:
                room = window - len(running) - len(ready)
                for batch in islice(batches, max(0, room)):
                    submit(batch)
                if not running:
                    break
                done, _ = ray.wait(list(running), num_returns=1, timeout=POLL_SECONDS)
                for ref in done:
                    ready[running.pop(ref)] = deque(_get(ray, ref))
                while following in ready:
                    # One game at a time, each taken out before it is handed over: a stop
                    # thrown in at a yield finds the rest of this batch still in ``ready``
                    # (``yield from`` a list would drop them with the list).
                    games = ready[following]
                    while games:
                        yield games.popleft()
                    del ready[following]
                    following += 1
        except KeyboardInterrupt:
            # Stop: tasks not started return at once, running ones after their current game
            # with the games they finished, which are kept. (A second Ctrl-C stops waiting.)
            stop_tasks()
            while running:
                done, _ = ray.wait(list(running), num_returns=1, timeout=POLL_SECONDS)
                for ref in done:
                    k = running.pop(ref)
                    with contextlib.suppress(RayBackendError):  # lost: played on --resume
                        ready[k] = deque(_get(ray, ref))
            for k in sorted(ready):
                yield from ready.pop(k)
            raise
        finally:
            if running:  # closed early, or an error: leave nothing running
                with contextlib.suppress(Exception):
                    stop_tasks()
            for actor in stopper:
                with contextlib.suppress(Exception):
                    ray.kill(actor)


__all__ = ["RayBackendError", "StopFlag", "import_ray", "ray_batches", "ray_session"]
