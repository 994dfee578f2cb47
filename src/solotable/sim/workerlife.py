"""Pool workers that never outlive the run: they end when the process that started them does.

A pool worker (``sim.pool``) waits on its pipe for the next task; when ``simulate`` is
killed (``kill -9``, an out-of-memory kill) nothing may tell it (a pipe inherited by another
process stays open), and workers used to stay for ever, deaf to SIGTERM. :func:`quiet_worker`
is the pool's initializer.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
"""``prctl`` option (Linux): the signal a process gets when its parent dies."""
WATCH_SECONDS = 0.5
"""How often a worker checks that its parent is still alive (the portable fallback)."""


def quiet_worker(parent: int) -> None:
    """A pool worker's set-up: Ctrl-C (which the terminal sends to every process of the
    group) is left to the parent, which stops the run cleanly by finishing and keeping the
    games in hand; SIGTERM keeps its default, so a worker can always be stopped; and the
    worker ends when its parent dies, however it dies (``kill -9`` included)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)


def die_with_parent(parent: int) -> None:
    """End this process when process ``parent`` ends.

    On Linux the kernel sends SIGTERM at once (``prctl(PR_SET_PDEATHSIG)``); everywhere a
    daemon thread checks every :data:`WATCH_SECONDS` that ``parent`` is still this
    process's parent and alive, and exits otherwise. Without either, a worker whose parent
    was killed waits for ever on the pool's pipe, which its siblings keep open."""
    if sys.platform.startswith("linux"):
        # Without libc's prctl the thread below still watches.
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    watched = os.getppid()
    if not _parent_alive(parent, watched):  # it died before prctl took effect
        os._exit(128 + signal.SIGTERM)

    def watch() -> None:
        while _parent_alive(parent, watched):
            time.sleep(WATCH_SECONDS)
        os._exit(128 + signal.SIGTERM)

    threading.Thread(target=watch, name="solotable-parent-watch", daemon=True).start()


def _parent_alive(parent: int, watched: int) -> bool:
    """Whether ``parent`` lives: this process is not re-parented (``watched`` is the parent
    it started with, ``parent`` itself or a fork server) and ``parent`` is a live process,
    not a zombie."""
    if os.getppid() != watched:
        return False
    try:
        os.kill(parent, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{parent}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[-1].split()[0] != b"Z"
    except OSError:  # no /proc (macOS): the signal test above is all there is
        return True
